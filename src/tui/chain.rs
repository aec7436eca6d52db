//! An e-mail chain laid out as lines for a given width: messages oldest to newest, each with
//! its headers, body (quoted history folded unless asked), attachments, labels and links.
//! Built once per data, width or fold change, so scrolling only slices it.

use super::clock::Zone;
use crate::api::{EmailMessage, Mailbox};
use crate::text::{render_body, sanitize, wrap_line};
use serde_json::Value;

/// What a line is, which decides its style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// The rule that starts a message: `── 2/5 ──`.
    Rule,
    Header,
    Subject,
    Body,
    Quote,
    /// Stands for folded quoted history.
    Folded,
    Link,
    /// A remark such as "(no text)".
    Note,
    Blank,
}

/// One display line; `label` is the header name for header lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainLine {
    pub kind: LineKind,
    pub label: &'static str,
    pub text: String,
    /// The message is starred (only on its rule line).
    pub starred: bool,
}

impl ChainLine {
    fn new(kind: LineKind, text: impl Into<String>) -> Self {
        ChainLine { kind, label: "", text: text.into(), starred: false }
    }
}

/// The laid-out chain and where each message starts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChainLayout {
    pub lines: Vec<ChainLine>,
    /// Line index of each message's rule, oldest first.
    pub starts: Vec<usize>,
    pub width: u16,
    pub unfolded: bool,
}

/// Width of the header label column (`Subject ` is the longest).
const LABEL: usize = 9;

/// Lays out `messages` at `width` columns.
pub fn layout(messages: &[EmailMessage], width: u16, unfolded: bool, zone: &Zone) -> ChainLayout {
    let mut ordered: Vec<&EmailMessage> = messages.iter().collect();
    // Oldest first; a message without a date keeps its place relative to its neighbours.
    ordered.sort_by_key(|message| message.date);
    let mut out = ChainLayout { width, unfolded, ..ChainLayout::default() };
    let columns = usize::from(width).max(1);
    for (index, message) in ordered.iter().enumerate() {
        out.starts.push(out.lines.len());
        let mut rule = ChainLine::new(LineKind::Rule, format!("{}/{}", index + 1, ordered.len()));
        rule.starred = message.starred;
        out.lines.push(rule);
        headers(message, columns, zone, &mut out.lines);
        out.lines.push(ChainLine::new(LineKind::Blank, ""));
        body(message, columns, unfolded, &mut out.lines);
        out.lines.push(ChainLine::new(LineKind::Blank, ""));
    }
    out
}

fn headers(message: &EmailMessage, columns: usize, zone: &Zone, lines: &mut Vec<ChainLine>) {
    let from = message.from_.as_ref().map(mailbox).unwrap_or_default();
    let to: Vec<String> = message.to.iter().map(mailbox).collect();
    let cc: Vec<String> = message.cc.iter().map(value_mailbox).collect();
    let date = message.date.map(|d| zone.format(d.0, "%a %Y-%m-%d %H:%M")).unwrap_or_default();
    let attachments: Vec<String> = message.attachments.iter().map(attachment).collect();
    let labels: Vec<String> = message.labels.iter().map(label).collect();
    let rows: [(&'static str, String, LineKind); 7] = [
        ("From", from, LineKind::Header),
        ("To", to.join(", "), LineKind::Header),
        ("Cc", cc.join(", "), LineKind::Header),
        ("Date", date, LineKind::Header),
        ("Subject", sanitize(&message.subject), LineKind::Subject),
        ("Files", attachments.join(", "), LineKind::Header),
        ("Labels", labels.join(", "), LineKind::Header),
    ];
    for (name, value, kind) in rows {
        if value.is_empty() && !matches!(name, "From" | "Date" | "Subject") {
            continue;
        }
        let room = columns.saturating_sub(LABEL).max(8);
        for (index, piece) in wrap_line(&value, room).into_iter().enumerate() {
            let mut line = ChainLine::new(kind, piece);
            line.label = if index == 0 { name } else { "" };
            lines.push(line);
        }
    }
}

fn body(message: &EmailMessage, columns: usize, unfolded: bool, lines: &mut Vec<ChainLine>) {
    let rendered = render_body(message.body.html.as_deref(), message.body.text.as_deref(), columns);
    if rendered.lines.is_empty() {
        lines.push(ChainLine::new(LineKind::Note, "(no text)"));
    }
    let mut index = 0;
    while index < rendered.lines.len() {
        let line = &rendered.lines[index];
        if !line.quoted {
            lines.push(ChainLine::new(LineKind::Body, line.text.clone()));
            index += 1;
            continue;
        }
        let run = rendered.lines[index..].iter().take_while(|l| l.quoted).count();
        if unfolded {
            let quoted = &rendered.lines[index..index + run];
            lines.extend(quoted.iter().map(|l| ChainLine::new(LineKind::Quote, l.text.clone())));
        } else {
            let noun = if run == 1 { "line" } else { "lines" };
            lines.push(ChainLine::new(
                LineKind::Folded,
                format!("··· {run} quoted {noun} (T shows them)"),
            ));
        }
        index += run;
    }
    if !rendered.links.is_empty() {
        lines.push(ChainLine::new(LineKind::Blank, ""));
        for (number, url) in rendered.links.iter().enumerate() {
            let text = format!("[{}] {url}", number + 1);
            lines.extend(
                wrap_line(&text, columns).into_iter().map(|l| ChainLine::new(LineKind::Link, l)),
            );
        }
    }
}

/// `Name <address>`, or the address alone.
fn mailbox(mailbox: &Mailbox) -> String {
    let name = sanitize(mailbox.name.trim());
    let address = sanitize(mailbox.address.trim());
    match (name.is_empty(), address.is_empty()) {
        (true, _) => address,
        (false, true) => name,
        (false, false) => format!("{name} <{address}>"),
    }
}

/// A cc/bcc element: an address object as the spec's `to` has, or a bare string.
fn value_mailbox(value: &Value) -> String {
    match value {
        Value::String(text) => sanitize(text),
        Value::Object(map) => {
            let get =
                |key: &str| map.get(key).and_then(Value::as_str).unwrap_or_default().to_string();
            mailbox(&Mailbox { address: get("address"), name: get("name") })
        }
        other => sanitize(&other.to_string()),
    }
}

/// An attachment: its file name (under any of the usual keys) and size when given.
fn attachment(value: &Value) -> String {
    let Value::Object(map) = value else {
        return value.as_str().map(sanitize).unwrap_or_else(|| sanitize(&value.to_string()));
    };
    let name = ["filename", "name", "fileName", "title"]
        .iter()
        .find_map(|key| map.get(*key).and_then(Value::as_str))
        .map(sanitize)
        .unwrap_or_else(|| "attachment".into());
    match map.get("size").and_then(Value::as_u64) {
        Some(bytes) => format!("{name} ({})", human_size(bytes)),
        None => name,
    }
}

/// A label: a string, or an object with a name.
fn label(value: &Value) -> String {
    match value {
        Value::String(text) => sanitize(text),
        Value::Object(map) => map
            .get("name")
            .and_then(Value::as_str)
            .map(sanitize)
            .unwrap_or_else(|| sanitize(&value.to_string())),
        other => sanitize(&other.to_string()),
    }
}

fn human_size(bytes: u64) -> String {
    match bytes {
        0..1024 => format!("{bytes} B"),
        1024..1_048_576 => format!("{} KB", bytes / 1024),
        _ => format!("{:.1} MB", bytes as f64 / 1_048_576.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{EmailBody, Timestamp};
    use serde_json::json;

    fn message(date: &str, text: &str) -> EmailMessage {
        EmailMessage {
            subject: "Re: offer".into(),
            from_: Some(Mailbox { address: "ann@x.com".into(), name: "Ann".into() }),
            to: vec![Mailbox { address: "bot@y.com".into(), name: String::new() }],
            date: Timestamp::parse(date),
            body: EmailBody { text: Some(text.into()), html: None },
            ..EmailMessage::default()
        }
    }

    fn texts(layout: &ChainLayout) -> Vec<String> {
        layout.lines.iter().map(|l| format!("{}|{}", l.label, l.text)).collect()
    }

    #[test]
    fn messages_run_oldest_first_with_their_starts() {
        let newer = message("2024-05-02T10:00:00Z", "second");
        let older = message("2024-05-01T10:00:00Z", "first");
        let layout = layout(&[newer, older], 60, false, &Zone::Named(chrono_tz::UTC));
        let lines = texts(&layout);
        assert_eq!(layout.starts.len(), 2);
        assert_eq!(lines[layout.starts[0]], "|1/2");
        let first = lines.iter().position(|l| l == "|first").unwrap();
        let second = lines.iter().position(|l| l == "|second").unwrap();
        assert!(first < layout.starts[1] && layout.starts[1] < second);
        assert!(lines.contains(&"From|Ann <ann@x.com>".to_string()));
        assert!(lines.contains(&"Date|Wed 2024-05-01 10:00".to_string()));
    }

    #[test]
    fn quoted_history_folds_into_one_line_until_unfolded() {
        let chain = [message("2024-05-01T10:00:00Z", "Yes.\n\nOn Mon, Ann wrote:\n> a\n> b")];
        let zone = Zone::Named(chrono_tz::UTC);
        let folded = layout(&chain, 60, false, &zone);
        assert!(texts(&folded).iter().any(|l| l == "|··· 3 quoted lines (T shows them)"));
        let open = layout(&chain, 60, true, &zone);
        let quotes = open.lines.iter().filter(|l| l.kind == LineKind::Quote).count();
        assert_eq!(quotes, 3);
    }

    #[test]
    fn cc_attachments_and_labels_of_any_shape_are_listed_safely() {
        let mut m = message("2024-05-01T10:00:00Z", "x");
        m.cc = vec![json!({"address": "c@d.e", "name": "C\u{1b}[31m"}), json!("plain@x.y")];
        m.attachments = vec![json!({"filename": "offer.pdf", "size": 2048}), json!(42)];
        m.labels = vec![json!("INBOX"), json!({"name": "Important"})];
        m.starred = true;
        let layout = layout(&[m], 80, false, &Zone::Named(chrono_tz::UTC));
        let lines = texts(&layout);
        assert!(lines.contains(&"Cc|C[31m <c@d.e>, plain@x.y".to_string()), "{lines:?}");
        assert!(lines.contains(&"Files|offer.pdf (2 KB), 42".to_string()), "{lines:?}");
        assert!(lines.contains(&"Labels|INBOX, Important".to_string()), "{lines:?}");
        assert!(layout.lines[0].starred);
    }
}
