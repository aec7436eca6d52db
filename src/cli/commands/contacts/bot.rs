//! The bot a contact is uploaded or imported with, checked before anything is sent.

use crate::cli::exit::{CliError, Exit};
use crate::text::sanitize;

/// Refuses a bot that is not in the organisation, or (without `force`) one that is retired
/// or needs attention, saying why: the upload would go to a bot that cannot send well.
pub async fn check(client: &crate::api::Client, id: i64, force: bool) -> Result<(), CliError> {
    let bots = client.list_bots().await?;
    let Some(bot) = bots.items.iter().find(|bot| bot.id == id) else {
        return Err(CliError::new(
            Exit::NotFound,
            format!("Bot {id} is not in this organisation; nothing was sent."),
        )
        .with_hint("See `outreach bots list` for the ids."));
    };
    match crate::bots::doubt(bot) {
        Some(why) if !force => {
            Err(CliError::usage(format!("Bot {id} {}; nothing was sent.", sanitize(&why)))
                .with_hint(
                    "Pick another bot (`outreach bots list`), leave out --bot to let the service \
             choose, or pass --force to use this one anyway.",
                ))
        }
        _ => Ok(()),
    }
}
