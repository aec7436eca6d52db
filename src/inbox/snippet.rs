//! What a reply says in one line: the first meaningful line of the contact's latest message,
//! its greeting, quoted history and signature skipped, sanitised. Computed from the e-mail
//! chain and kept in memory only (never in the local state file).

use crate::api::EmailMessage;
use crate::text::render_body;

/// Wide enough that no body line is wrapped: a snippet is one source line.
const NO_WRAP: usize = 100_000;

/// Words that open a greeting line ("Hi Dana,", "Good morning team!").
const GREETINGS: &[&str] = &[
    "hi",
    "hello",
    "hey",
    "dear",
    "good morning",
    "good afternoon",
    "good evening",
    "greetings",
    "hallo",
    "bonjour",
];

/// Words that open a sign-off: what follows is the signature.
const SIGN_OFFS: &[&str] = &[
    "best",
    "thanks",
    "thank you",
    "many thanks",
    "regards",
    "kind regards",
    "best regards",
    "warm regards",
    "cheers",
    "sincerely",
    "sent from my",
    "get outlook for",
];

/// The first meaningful line of the latest message from `contact` (an address; case does
/// not matter), by date; `None` when the contact wrote nothing, or nothing but a greeting
/// and a signature.
pub fn latest_reply_line(messages: &[EmailMessage], contact: &str) -> Option<String> {
    let latest = messages
        .iter()
        .filter(|message| is_from(message, contact))
        // Among equal or missing dates, the last one listed.
        .fold(None, |best: Option<&EmailMessage>, message| match best {
            Some(best) if best.date > message.date => Some(best),
            _ => Some(message),
        })?;
    first_meaningful_line(&unquoted_text(latest))
}

/// The first line of a body that says something: blank lines, a greeting and quoted lines
/// are skipped, and nothing from the signature on is taken. `None` when nothing is left.
pub fn first_meaningful_line(text: &str) -> Option<String> {
    for raw in text.lines() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('>') {
            continue;
        }
        if matches!(line, "--" | "—" | "__") || is_sign_off(line) {
            return None;
        }
        if is_greeting(line) {
            continue;
        }
        return Some(line.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    None
}

fn is_from(message: &EmailMessage, address: &str) -> bool {
    message
        .from_
        .as_ref()
        .is_some_and(|from| from.address.trim().eq_ignore_ascii_case(address.trim()))
}

/// The readable text of a message without its quoted history: the text part, else the
/// HTML converted; sanitised by the body renderer.
fn unquoted_text(message: &EmailMessage) -> String {
    let body = render_body(message.body.html.as_deref(), message.body.text.as_deref(), NO_WRAP);
    let lines: Vec<&str> =
        body.lines.iter().filter(|line| !line.quoted).map(|line| line.text.as_str()).collect();
    lines.join("\n")
}

fn starts_with_word(line: &str, words: &[&str]) -> bool {
    let lower = line.to_lowercase();
    words.iter().any(|word| {
        lower
            .strip_prefix(word)
            .is_some_and(|rest| rest.chars().next().is_none_or(|c| !c.is_alphanumeric()))
    })
}

/// A short line opening with a greeting word ("Hi Dana," / "Hello!").
fn is_greeting(line: &str) -> bool {
    starts_with_word(line, GREETINGS) && line.split_whitespace().count() <= 5
}

/// A short line opening with a sign-off word ("Best," / "Thanks, Ann" / "Sent from my phone").
fn is_sign_off(line: &str) -> bool {
    starts_with_word(line, SIGN_OFFS) && line.split_whitespace().count() <= 4
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{EmailBody, Mailbox, Timestamp};

    fn message(from: &str, date: &str, text: &str) -> EmailMessage {
        EmailMessage {
            from_: Some(Mailbox { address: from.into(), name: String::new() }),
            date: Timestamp::parse(date),
            body: EmailBody { text: Some(text.into()), html: None },
            ..EmailMessage::default()
        }
    }

    #[test]
    fn greeting_quotes_and_signature_are_skipped() {
        let body = "Hi Dana,\n\nThanks for reaching out — could we talk Tuesday?\n\nBest,\nAnn\n\n\
                    On Mon, 6 May 2024, Dana wrote:\n> Would you like a demo?";
        assert_eq!(
            first_meaningful_line(body).as_deref(),
            Some("Thanks for reaching out — could we talk Tuesday?")
        );
        assert_eq!(first_meaningful_line("Hello!\n\nBest,\nAnn"), None);
        assert_eq!(
            first_meaningful_line("> quoted\nHey\n  Sure,   send it  over "),
            Some("Sure, send it over".into())
        );
        assert_eq!(
            first_meaningful_line("Thanks a lot for the detailed overview of pricing, it helps"),
            Some("Thanks a lot for the detailed overview of pricing, it helps".into()),
            "a long line is no sign-off"
        );
        assert_eq!(
            first_meaningful_line("Hiring is slow this quarter"),
            Some("Hiring is slow this quarter".into()),
            "'hi' is a word, not a prefix"
        );
    }

    #[test]
    fn the_contacts_latest_message_by_date_not_the_bots() {
        let chain = [
            message("Ann@Them.example", "2024-05-07T10:00:00Z", "Hi,\nWhat does it cost?\nAnn"),
            message("bot@us.example", "2024-05-08T09:00:00Z", "Hi Ann,\nAbout 20 a seat."),
            message("ann@them.example", "2024-05-06T09:00:00Z", "Who are you?"),
        ];
        assert_eq!(
            latest_reply_line(&chain, "ann@them.example").as_deref(),
            Some("What does it cost?")
        );
        assert_eq!(latest_reply_line(&chain, "bob@them.example"), None, "no message from them");
    }

    #[test]
    fn quoted_history_in_html_and_hostile_bytes_are_left_out() {
        let html = EmailMessage {
            from_: Some(Mailbox { address: "a@b.example".into(), name: String::new() }),
            body: EmailBody {
                html: Some("<p>Hello,</p><p>Buy\u{1b}]52;c;ZXZpbA==\u{7} now\u{202e}</p><blockquote>&gt; old</blockquote>".into()),
                text: None,
            },
            ..EmailMessage::default()
        };
        let line = latest_reply_line(&[html], "a@b.example").unwrap();
        assert!(line.starts_with("Buy") && line.ends_with("now"), "{line:?}");
        assert!(!line.contains(['\u{1b}', '\u{7}', '\u{202e}']), "{line:?}");
    }
}
