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
const REPLY_PREFIXES: [&str; 18] = [
    "re:", "re :", "aw:", "r:", "rif:", "sv:", "vs:", "odp:", "res:", "antw:", "fw:", "fwd:",
    "wg:", "tr:", "tr :", "rv:", "enc:", "pd:",
];

/// How far apart, in bytes of one line, "closed" and what is closed may stand ("our offices
/// will remain closed", "ons kantoor is van 24 december tot 3 januari gesloten").
const CLOSURE_REACH: usize = 60;

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
    /// Where "closed" words and what closes stand in the body, and in which kind of language.
    closed: Vec<(usize, bool)>,
    premises: Vec<usize>,
    /// Where the body names a month, a week or an "until".
    when: Vec<usize>,
}

impl Found {
    /// An office or a company closed, or anything closed for a period ("Northwind will be
    /// closed until 4 January"), as a line of `top` says it: the writer is away. Whether in a
    /// month-first language.
    fn closure(&self, top: &str) -> Option<bool> {
        let near = |a: usize, b: usize| {
            let (from, to) = (a.min(b), a.max(b));
            to - from <= CLOSURE_REACH && !top[from..to].contains('\n')
        };
        self.closed.iter().find_map(|&(closed, month_first)| {
            let what = self.premises.iter().any(|&premise| near(closed, premise));
            let when = self.when.iter().any(|&when| when > closed && near(closed, when));
            (what || when).then_some(month_first)
        })
    }

    fn note(&mut self, entry: &Entry, at: usize, in_subject: bool) {
        match (entry.table, in_subject) {
            (Table::SubjectAuto, true) => self.subject_auto = true,
            (Table::SubjectAway, true) => self.subject_away = true,
            (Table::SubjectNotAway, true) | (Table::NotAway, false) => self.not_away = true,
            (Table::Away, false) => {
                self.away = Some(self.away.unwrap_or(false) || entry.month_first)
            }
            (Table::Notice, false) => self.notices += 1,
            (Table::Chat, false) => self.chat = true,
            (Table::Closed, false) => self.closed.push((at, entry.month_first)),
            (Table::Premises, false) => self.premises.push(at),
            (Table::Month(_) | Table::Week | Table::Until, false) => self.when.push(at),
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
    lexicon::scan(subject, |entry, at| {
        // Only bounces count after "Re:": the rest was the subject of the message answered.
        if !replying || entry.table == Table::SubjectNotAway {
            found.note(entry, at, true);
            subject_english |= entry.month_first && entry.table != Table::SubjectNotAway;
        }
    });
    if found.not_away {
        return None;
    }
    lexicon::scan(top, |entry, at| found.note(entry, at, false));
    if let Some(month_first) = found.closure(top) {
        found.away = Some(found.away.unwrap_or(false) || month_first);
    }
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
    fn a_closed_office_is_a_notice() {
        let closed = "Our offices will remain closed from 24 December to 3 January.";
        assert!(judged("Automatic reply: hi", closed));
        assert!(judged(
            "Re: hi",
            "Nuestras oficinas permanecerán cerradas hasta el 7 de enero. Este es un mensaje automático."
        ));
        assert!(!judged("Re: hi", "Our office is closed on Friday, so let's do Monday at 10."));
        assert!(!judged("Re: hi", "We closed the round last month.\nOur office is in Leeds."));
    }

    #[test]
    fn an_automatic_message_under_a_reply_subject_is_a_notice() {
        for (subject, body) in [
            ("Re: hi", "This is an automated response. I am on leave."),
            ("AW: hi", "Dies ist eine automatische Antwort. Ich bin im Urlaub."),
            ("SV: hi", "Detta är ett automatiskt svar. Jag är på semester."),
            ("VS: hi", "Detta är ett automatiskt meddelande. Jag är föräldraledig."),
            ("Odp: hi", "To jest automatyczna odpowiedź. Jestem na urlopie."),
            ("R: hi", "Questo è un messaggio automatico. Sono in ferie."),
            ("Re: ご提案", "このメールは自動送信されています。現在、休暇中です。"),
        ] {
            assert!(judged(subject, body), "{subject} {body}");
        }
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
