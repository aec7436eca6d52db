//! What a reply says in one line: the first meaningful line of a message, its greeting,
//! quoted history and signature skipped, sanitised — the contact's latest for `outreach
//! replies`, the conversation's latest for a row of the dashboard's inbox, with who wrote it
//! and the other addresses a referral names. Computed from the e-mail chain and kept in
//! memory only (never in the local state file).

use super::quiet::day_start;
use crate::absence::{Absence, detect};
use crate::api::{EmailMessage, Timestamp};
use crate::clock::Zone;
use crate::text::render_body;
use serde_json::Value;

/// Who wrote the latest message of a conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writer {
    /// The contact: the ball is in our court.
    Them,
    /// Our bot.
    Bot,
    /// The contact's automatic absence notice: nobody waits on us until they are back.
    Away,
}

impl Writer {
    pub fn label(self) -> &'static str {
        match self {
            Writer::Them => "them",
            Writer::Bot => "bot",
            Writer::Away => "away",
        }
    }
}

/// A conversation in one line, for a row of the dashboard's inbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet {
    /// The first meaningful line of the latest message, sanitised; empty when it has none.
    pub line: String,
    pub last: Writer,
    /// When the latest message was sent, when the chain says.
    pub at: Option<Timestamp>,
    /// Addresses in the contact's latest message other than the contact's own (a referral
    /// names whom to write to instead): its Cc first ("I've cc'd them"), then those its text
    /// names; lower-cased, each once.
    pub referrals: Vec<String>,
    /// The latest message is the contact's automatic absence notice, away until this.
    pub away: Option<Absence>,
    /// For an absence notice: the moment the contact is back and the reply counts as new
    /// again (the start of [`Absence::back_on`] where the contact is).
    pub back: Option<Timestamp>,
}

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
    let latest = latest(messages.iter().filter(|message| is_from(message, contact)))?;
    first_meaningful_line(&unquoted_text(latest))
}

/// The latest of some messages by date; among equal or missing dates, the last one listed.
fn latest<'a>(messages: impl Iterator<Item = &'a EmailMessage>) -> Option<&'a EmailMessage> {
    messages.fold(None, |best: Option<&EmailMessage>, message| match best {
        Some(best) if best.date > message.date => Some(best),
        _ => Some(message),
    })
}

/// The snippet of a row of the inbox, `None` when the chain has no messages: the latest
/// message's line, whoever wrote it, and the addresses the contact's latest message names.
/// `contact` is the contact's address: a message from it is theirs, anything else our bot's.
/// `zone` is where the contact is (their contact's `timezone`), else the user's: an absence's
/// dates are read from the day the notice was sent there, and it ends as its return day
/// begins there.
pub fn summarise(messages: &[EmailMessage], contact: &str, zone: &Zone) -> Option<Snippet> {
    let last_message = latest(messages.iter())?;
    let text = unquoted_text(last_message);
    let away = is_from(last_message, contact)
        .then_some(last_message.date)
        .flatten()
        .and_then(|sent| detect(&last_message.subject, &text, zone.date(sent.0)));
    let back = away.map(|away| day_start(away.back_on, zone));
    let last = match (is_from(last_message, contact), away) {
        (true, Some(_)) => Writer::Away,
        (true, None) => Writer::Them,
        (false, _) => Writer::Bot,
    };
    let referrals = latest(messages.iter().filter(|message| is_from(message, contact)))
        .map(|reply| named_addresses(reply, contact))
        .unwrap_or_default();
    let line = first_meaningful_line(&text).unwrap_or_default();
    Some(Snippet { line, last, at: last_message.date, referrals, away, back })
}

/// Where the contact's latest message stands in the chain as it is shown (oldest first by
/// date, undated ones in place): the chain opens there, at the reply.
pub fn reply_position(messages: &[EmailMessage], contact: &str) -> Option<usize> {
    let mut ordered: Vec<&EmailMessage> = messages.iter().collect();
    crate::sorting::sort_by_key(&mut ordered, |message| message.date);
    ordered.iter().rposition(|message| is_from(message, contact))
}

/// The addresses a message names other than `own`: its Cc (where a referral usually puts
/// the colleague), then its text without the quoted history; each once.
fn named_addresses(message: &EmailMessage, own: &str) -> Vec<String> {
    // A Cc element is an address object (as `to` has) or a bare string; the spec leaves it
    // open, so both are read, and the same check as for the text decides what is an address.
    let cc: Vec<String> = message
        .cc
        .iter()
        .filter_map(|value| match value {
            Value::String(text) => Some(text.clone()),
            Value::Object(map) => ["address", "email"]
                .iter()
                .find_map(|key| map.get(*key)?.as_str().map(String::from)),
            _ => None,
        })
        .collect();
    let mut found = other_addresses(&cc.join(" "), own);
    for address in other_addresses(&unquoted_text(message), own) {
        if !found.contains(&address) {
            found.push(address);
        }
    }
    found
}

/// The e-mail addresses in `text` other than `own`, lower-cased, each once, in order.
pub fn other_addresses(text: &str, own: &str) -> Vec<String> {
    let own = own.trim().to_lowercase();
    let mut found: Vec<String> = Vec::new();
    let is_part = |c: char| c.is_ascii_alphanumeric() || "._%+-".contains(c);
    for (at, _) in text.match_indices('@') {
        let local_start =
            text[..at].char_indices().rev().take_while(|(_, c)| is_part(*c)).last().map(|(i, _)| i);
        let domain_end = at
            + 1
            + text[at + 1..]
                .char_indices()
                .take_while(|(_, c)| c.is_ascii_alphanumeric() || *c == '.' || *c == '-')
                .last()
                .map_or(0, |(i, c)| i + c.len_utf8());
        let Some(start) = local_start else { continue };
        let candidate = text[start..domain_end].trim_matches('.').to_lowercase();
        let Some((local, domain)) = candidate.split_once('@') else { continue };
        let valid = !local.is_empty()
            && domain.contains('.')
            && domain.rsplit('.').next().is_some_and(|tld| tld.len() >= 2);
        if valid && candidate != own && !found.contains(&candidate) {
            found.push(candidate);
        }
    }
    found
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

    fn utc() -> Zone {
        Zone::named("UTC").unwrap()
    }

    fn message(from: &str, date: &str, text: &str) -> EmailMessage {
        EmailMessage {
            from_: Some(Mailbox { address: from.into(), name: String::new() }),
            date: Timestamp::parse(date),
            body: EmailBody { text: Some(text.into()), html: None },
            ..EmailMessage::default()
        }
    }

    #[test]
    fn an_absence_notice_last_is_away_until_its_date_and_waits_on_nobody() {
        let mut notice = message(
            "ann@them.example",
            "2026-11-20T09:00:00Z",
            "Thank you for your message. I am out of the office until 3 December with no \
             access to e-mail. For urgent matters please contact bob@them.example.",
        );
        notice.subject = "Automatic reply: Quick question".into();
        let chain = [message("bot@us.example", "2026-11-19T09:00:00Z", "Hi Ann"), notice];
        let snippet = summarise(&chain, "ann@them.example", &utc()).unwrap();
        assert_eq!(snippet.last, Writer::Away);
        assert_eq!(
            snippet.away.and_then(|away| away.until),
            chrono::NaiveDate::from_ymd_opt(2026, 12, 3)
        );
        assert_eq!(snippet.back, Timestamp::parse("2026-12-04T00:00:00Z"), "back the day after");
        let tokyo = Zone::named("Asia/Tokyo").unwrap();
        let there = summarise(&chain, "ann@them.example", &tokyo).unwrap();
        assert_eq!(there.back, Timestamp::parse("2026-12-03T15:00:00Z"), "as the day starts there");
        let mut undated = chain.clone();
        undated[1].body.text = Some(
            "I am out of the office with limited access to e-mail. \
             For urgent matters please contact bob@them.example."
                .into(),
        );
        let undated = summarise(&undated, "ann@them.example", &utc()).unwrap();
        assert_eq!(undated.away.map(|away| away.until), Some(None), "no date given");
        assert_eq!(
            undated.back,
            Timestamp::parse("2026-12-04T00:00:00Z"),
            "14 days after the notice of 20 November"
        );
        let answer = message("ann@them.example", "2026-11-21T09:00:00Z", "Yes, Tuesday works.");
        let snippet = summarise(&[chain[0].clone(), answer], "ann@them.example", &utc()).unwrap();
        assert_eq!((snippet.last, snippet.away), (Writer::Them, None), "a person's answer");
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

    #[test]
    fn a_row_shows_the_latest_message_whoever_wrote_it_and_the_addresses_a_referral_names() {
        let chain = [
            message("bot@us.example", "2024-05-06T09:00:00Z", "Hi Ann,\nWould you like a demo?"),
            message(
                "Ann@Them.example",
                "2024-05-07T10:00:00Z",
                "Hi,\nPlease write to bob@them.example instead.\nAnn",
            ),
        ];
        let snippet = summarise(&chain, "ann@them.example", &utc()).unwrap();
        assert_eq!(snippet.line, "Please write to bob@them.example instead.");
        assert_eq!(snippet.last, Writer::Them);
        assert_eq!(snippet.referrals, ["bob@them.example"]);
        let reversed = [chain[1].clone(), chain[0].clone()];
        let snippet = summarise(&reversed, "ann@them.example", &utc()).unwrap();
        assert_eq!(snippet.last, Writer::Them, "by date, not by place");
        assert!(summarise(&[], "ann@them.example", &utc()).is_none());
        let three = [
            chain[1].clone(),
            chain[0].clone(),
            message("bot@us.example", "2024-05-08T10:00:00Z", "Great!"),
        ];
        assert_eq!(summarise(&three, "ann@them.example", &utc()).unwrap().last, Writer::Bot);
        assert_eq!(
            reply_position(&three, "ann@them.example"),
            Some(1),
            "the reply, not our answer"
        );
        assert_eq!(reply_position(&three, "nobody@x.example"), None);
    }

    #[test]
    fn a_referral_names_the_colleague_it_copied_in_first() {
        let mut reply = message(
            "ann@them.example",
            "2024-05-07T10:00:00Z",
            "Hi,\nI've cc'd them; or try dan@them.example.\nAnn\n\n> old@them.example",
        );
        reply.cc = vec![
            serde_json::json!({"address": "RevOps@them.example", "name": "Revenue Operations"}),
            serde_json::json!("dan@them.example"),
            serde_json::json!("ann@them.example"),
            serde_json::json!(null),
        ];
        let snippet = summarise(&[reply], "ann@them.example", &utc()).unwrap();
        assert_eq!(snippet.referrals, ["revops@them.example", "dan@them.example"]);
    }

    #[test]
    fn addresses_other_than_the_contacts_own_each_once() {
        let text = "Ask <Carl.Diaz@corp.example>, or carl.diaz@corp.example, or me (ann@them.example). Not x@y or @z.";
        assert_eq!(other_addresses(text, "Ann@them.example"), ["carl.diaz@corp.example"]);
        assert_eq!(other_addresses("mail: li@sub.corp.example.", ""), ["li@sub.corp.example"]);
    }
}
