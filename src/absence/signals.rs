//! Whether a reply is an absence notice, from what its subject and top part say. Weights,
//! not a single phrase: people write "I'm out of office until Wednesday, so Thursday works"
//! themselves, and help desks send "Automatic reply" receipts. What only a notice does —
//! promise to read mail on return, name who to call instead, say mail is not forwarded —
//! tells the two apart; a question or a proposal says a person is answering.

use super::fold::has_phrase;
use super::lang::{ALL, Words};

/// The score from which a reply is an absence notice.
const THRESHOLD: i32 = 4;

/// What the reading found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    /// The notice is (also) in a language that writes numeric dates month first.
    pub month_first: bool,
}

/// Subject prefixes of a person's reply or forward: an absence word after one was in the
/// subject of the message answered ("Re: Out of Office").
const REPLY_PREFIXES: [&str; 11] =
    ["re:", "aw:", "r:", "rif:", "sv:", "antw:", "fw:", "fwd:", "wg:", "tr:", "rv:"];

/// `subject` and `top` folded (`fold`): an absence notice or not.
pub fn judge(subject: &str, top: &str) -> Option<Verdict> {
    let any = |text: &str, pick: fn(&Words) -> &'static [&'static str]| {
        ALL.iter().find(|words| pick(words).iter().any(|p| has_phrase(text, p)))
    };
    if any(subject, |w| w.subject_not_away).is_some() || any(top, |w| w.not_away).is_some() {
        return None;
    }
    let subject = subject.trim_start();
    let replying = REPLY_PREFIXES.iter().any(|p| subject.starts_with(p));
    let subject_away = (!replying).then(|| any(subject, |w| w.subject_away)).flatten();
    let subject_auto = (!replying).then(|| any(subject, |w| w.subject_auto)).flatten();
    let away = any(top, |w| w.away);
    // Without the writer saying they are away, an automatic reply is a receipt or a ticket.
    if subject_away.is_none() && away.is_none() {
        return None;
    }
    let notices = ALL
        .iter()
        .flat_map(|words| words.notice.iter())
        .filter(|p| has_phrase(top, p))
        .take(2)
        .count() as i32;
    let mut score = 0;
    score += if subject_away.is_some() { 3 } else { 0 };
    score += if subject_auto.is_some() { 2 } else { 0 };
    score += if away.is_some() { 2 } else { 0 };
    score += [0, 2, 3][notices as usize];
    score -= if top.contains('?') { 2 } else { 0 };
    score -= if any(top, |w| w.chat).is_some() { 3 } else { 0 };
    if score < THRESHOLD {
        return None;
    }
    // The body's language decides; the subject only when the body names no absence
    // ("Out of Office" over a German notice is Outlook's, not the writer's).
    let language = away.or(subject_away).or(subject_auto);
    Some(Verdict { month_first: language.is_some_and(|w| w.month_first) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::absence::fold;

    fn judged(subject: &str, body: &str) -> bool {
        judge(&fold::subject(subject), &fold::top(body)).is_some()
    }

    #[test]
    fn a_notice_is_read_as_one() {
        assert!(judged("Automatic reply: hi", "I am out of the office until Monday."));
        assert!(judged("Re: hi", "I'm on leave. I will respond upon my return."));
        assert!(judged("Abwesenheitsnotiz", "Ich bin im Urlaub."));
    }

    #[test]
    fn people_and_machines_that_are_not_away_are_not() {
        assert!(!judged(
            "Re: hi",
            "I'm out of office until Wednesday, so Thursday works. Send an invite?"
        ));
        assert!(!judged("Undeliverable: hi", "I am out of the office"));
        assert!(!judged(
            "Automatic reply: hi",
            "We have received your request and will reply soon."
        ));
        assert!(!judged("Re: Out of Office", "I saw your out of office reply. No rush!"));
    }
}
