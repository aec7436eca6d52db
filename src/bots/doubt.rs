//! Whether a bot picked for a write deserves a second look, in words: the dashboard asks
//! before sending with it, the CLI refuses it without `--force`. Read from the one health
//! definition ([`standing`]), so both faces doubt the same bots for the same reasons.

use super::health::{Standing, problems, standing};
use crate::api::Bot;

/// "needs attention (mailbox PAUSED)" or "is retired (DELETED): it no longer sends"; `None`
/// for a bot that sends well (healthy, or ending but still sending).
pub fn doubt(bot: &Bot) -> Option<String> {
    match standing(bot) {
        Standing::Attention => Some(format!("needs attention ({})", problems(bot).join(", "))),
        Standing::Retired => Some(format!("is retired ({}): it no longer sends", bot.status)),
        Standing::CoolingOff => {
            Some("is cooling off (paused): e-mail waits until it resumes".to_string())
        }
        Standing::Healthy | Standing::Ending => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{BotStatus, MailboxStatus};
    use crate::bots::health::healthy_bot;

    #[test]
    fn retired_and_attention_bots_are_doubted_with_why() {
        assert_eq!(doubt(&healthy_bot(1)), None);
        let deleted = Bot { status: BotStatus::Deleted, ..healthy_bot(2) };
        assert_eq!(doubt(&deleted).unwrap(), "is retired (DELETED): it no longer sends");
        let paused = Bot { mailbox_status: MailboxStatus::Paused, ..healthy_bot(3) };
        assert_eq!(doubt(&paused).unwrap(), "needs attention (mailbox PAUSED)");
    }
}
