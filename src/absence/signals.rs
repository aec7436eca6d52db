//! Whether a reply is an absence notice, from what its subject and top part say. Weights,
//! not a single phrase: people write "I'm out of office until Wednesday, so Thursday works"
//! themselves, and help desks send "Automatic reply" receipts. What only a notice does —
//! promise to read mail on return, name who to call instead, say mail is not forwarded —
//! tells the two apart; a question or a proposal says a person is answering.

use super::lexicon::{self, Entry, Table};

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

/// What one reading of a text found, per table.
#[derive(Default)]
struct Found {
    subject_auto: bool,
    subject_away: bool,
    not_away: bool,
    /// Some when the writer says they are away: whether in a month-first language.
    away: Option<bool>,
    notices: usize,
    chat: bool,
}

impl Found {
    fn note(&mut self, entry: &Entry, in_subject: bool) {
        match (entry.table, in_subject) {
            (Table::SubjectAuto, true) => self.subject_auto = true,
            (Table::SubjectAway, true) => self.subject_away = true,
            (Table::SubjectNotAway, true) | (Table::NotAway, false) => self.not_away = true,
            (Table::Away, false) => {
                self.away = Some(self.away.unwrap_or(false) || entry.month_first)
            }
            (Table::Notice, false) => self.notices += 1,
            (Table::Chat, false) => self.chat = true,
            _ => {}
        }
    }
}

/// `subject` and `top` folded (`fold`): an absence notice or not.
pub fn judge(subject: &str, top: &str) -> Option<Verdict> {
    let mut found = Found::default();
    let subject = subject.trim_start();
    let replying = REPLY_PREFIXES.iter().any(|p| subject.starts_with(p));
    let mut subject_english = false;
    lexicon::scan(subject, |entry| {
        // Only bounces count after "Re:": the rest was the subject of the message answered.
        if !replying || entry.table == Table::SubjectNotAway {
            found.note(entry, true);
            subject_english |= entry.month_first && entry.table != Table::SubjectNotAway;
        }
    });
    if found.not_away {
        return None;
    }
    lexicon::scan(top, |entry| found.note(entry, false));
    // Without the writer saying they are away, an automatic reply is a receipt or a ticket.
    if found.not_away || (!found.subject_away && found.away.is_none()) {
        return None;
    }
    let mut score = 0;
    score += if found.subject_away { 3 } else { 0 };
    score += if found.subject_auto { 2 } else { 0 };
    score += if found.away.is_some() { 2 } else { 0 };
    score += [0, 2, 3][found.notices.min(2)];
    score -= if top.contains('?') { 2 } else { 0 };
    score -= if found.chat { 3 } else { 0 };
    if score < THRESHOLD {
        return None;
    }
    // The body's language decides; the subject only when the body names no absence
    // ("Out of Office" over a German notice is Outlook's, not the writer's).
    Some(Verdict { month_first: found.away.unwrap_or(subject_english) })
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
