//! An e-mail chain laid out as lines for a given width, shared by the TUI's chain pane and
//! `outreach exchanges show`: messages oldest to newest, each with its headers, body (quoted
//! history folded or shown), attachments, labels and links. Terminal-independent: the TUI
//! styles the lines, the CLI prints them. Built once per data, width or fold change, so
//! scrolling only slices it.

mod fields;

use crate::api::EmailMessage;
use crate::api::time::UNREAD_MARK;
use crate::clock::Zone;
use crate::text::{render_body_showing, sanitize, width as text_width, wrap_line};
use fields::{attachment, label, mailbox, value_mailbox};

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

    /// The header label column: `From:` padded to [`LABEL_WIDTH`]; blank on a header's
    /// continuation lines.
    pub fn label_cell(&self) -> String {
        let label = if self.label.is_empty() { String::new() } else { format!("{}:", self.label) };
        format!("{label:<LABEL_WIDTH$}")
    }

    /// A rule line's head (`── 2/5 ★ starred `) and the `─` fill that runs it to `columns`.
    pub fn rule(&self, columns: u16) -> (String, String) {
        let star = if self.starred { " ★ starred" } else { "" };
        let head = format!("── {}{star} ", self.text);
        let fill = usize::from(columns).saturating_sub(text_width(&head));
        (head, "─".repeat(fill))
    }
}

/// The laid-out chain and where each message starts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChainLayout {
    pub lines: Vec<ChainLine>,
    /// Line index of each message's rule, oldest first.
    pub starts: Vec<usize>,
    /// Each message's links (as `starts`), numbered from 1 as listed under it: those of what
    /// is shown of it, each once (see [`crate::text::RenderedBody::links`]).
    pub links: Vec<Vec<String>>,
    pub width: u16,
    pub unfolded: bool,
}

impl ChainLayout {
    /// The chain as plain text, one laid-out line per text line, for printing.
    pub fn plain_text(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            let text = match line.kind {
                LineKind::Rule => {
                    let (head, fill) = line.rule(self.width);
                    head + &fill
                }
                LineKind::Header | LineKind::Subject => line.label_cell() + &line.text,
                _ => line.text.clone(),
            };
            out.push_str(text.trim_end());
            out.push('\n');
        }
        out
    }
}

/// How quoted history is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quotes<'a> {
    /// Every quoted line, styled as a quote.
    Shown,
    /// Each run of quoted lines as one line that counts them and ends with `(hint)`, which
    /// says how to show them.
    Folded { hint: &'a str },
}

/// Width of the header label column (`Subject:` and a space is the longest).
pub const LABEL_WIDTH: usize = 9;

/// Lays out `messages` at `width` columns, dates in `zone`.
pub fn layout(
    messages: &[EmailMessage],
    width: u16,
    quotes: Quotes<'_>,
    zone: &Zone,
) -> ChainLayout {
    let mut ordered: Vec<&EmailMessage> = messages.iter().collect();
    // Oldest first; a message without a date keeps its place relative to its neighbours.
    crate::sorting::sort_by_key(&mut ordered, |message| message.date);
    let unfolded = quotes == Quotes::Shown;
    let mut out = ChainLayout { width, unfolded, ..ChainLayout::default() };
    let columns = usize::from(width).max(1);
    for (index, message) in ordered.iter().enumerate() {
        out.starts.push(out.lines.len());
        let mut rule = ChainLine::new(LineKind::Rule, format!("{}/{}", index + 1, ordered.len()));
        rule.starred = message.starred;
        out.lines.push(rule);
        headers(message, columns, zone, &mut out.lines);
        out.lines.push(ChainLine::new(LineKind::Blank, ""));
        let links = body(message, columns, quotes, &mut out.lines);
        out.links.push(links);
        out.lines.push(ChainLine::new(LineKind::Blank, ""));
    }
    out
}

/// The elements of a list the spec leaves open: a null stands for nothing, and is not
/// shown (as the word "null").
fn present(values: &[serde_json::Value]) -> impl Iterator<Item = &serde_json::Value> {
    values.iter().filter(|value| !value.is_null())
}

fn headers(message: &EmailMessage, columns: usize, zone: &Zone, lines: &mut Vec<ChainLine>) {
    let from = message.from_.as_ref().map(mailbox).unwrap_or_default();
    let to: Vec<String> = message.to.iter().map(mailbox).collect();
    let cc: Vec<String> = present(&message.cc).map(value_mailbox).collect();
    let date = match (message.date, message.unread.text("date")) {
        (Some(date), _) => zone.format(date.0, "%a %Y-%m-%d %H:%M"),
        (None, Some(sent)) => format!("{UNREAD_MARK}{}", sanitize(sent)),
        (None, None) => String::new(),
    };
    let attachments: Vec<String> = present(&message.attachments).map(attachment).collect();
    let labels: Vec<String> = present(&message.labels).map(label).collect();
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
        let room = columns.saturating_sub(LABEL_WIDTH).max(8);
        for (index, piece) in wrap_line(&value, room).into_iter().enumerate() {
            let mut line = ChainLine::new(kind, piece);
            line.label = if index == 0 { name } else { "" };
            lines.push(line);
        }
    }
}

/// Lays out a message's body and the list of its links; returns the links.
fn body(
    message: &EmailMessage,
    columns: usize,
    quotes: Quotes<'_>,
    lines: &mut Vec<ChainLine>,
) -> Vec<String> {
    let (html, text) = (message.body.html.as_deref(), message.body.text.as_deref());
    let rendered = render_body_showing(html, text, columns, quotes == Quotes::Shown);
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
        match quotes {
            Quotes::Shown => {
                let quoted = &rendered.lines[index..index + run];
                lines
                    .extend(quoted.iter().map(|l| ChainLine::new(LineKind::Quote, l.text.clone())));
            }
            Quotes::Folded { hint } => {
                let noun = crate::text::noun(run, "line", "lines");
                lines.push(ChainLine::new(
                    LineKind::Folded,
                    format!("··· {run} quoted {noun} ({hint})"),
                ));
            }
        }
        index += run;
    }
    if let Some(note) = &rendered.note {
        lines.extend(
            wrap_line(note, columns).into_iter().map(|l| ChainLine::new(LineKind::Note, l)),
        );
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
    rendered.links
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{EmailBody, Mailbox, Timestamp};
    use serde_json::json;

    const FOLDED: Quotes<'static> = Quotes::Folded { hint: "T shows them" };

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
    fn huge_and_deeply_nested_bodies_are_laid_out_cut_with_a_note() {
        let mut deep = message("2024-05-01T10:00:00Z", "");
        deep.body = EmailBody {
            text: None,
            html: Some(format!("{}deep text{}", "<div>".repeat(10_000), "</div>".repeat(10_000))),
        };
        let huge = message("2024-05-02T10:00:00Z", &"word ".repeat(100_000));
        let layout = layout(&[deep, huge], 80, FOLDED, &Zone::named("UTC").unwrap());
        let notes: Vec<&str> = layout
            .lines
            .iter()
            .filter(|l| l.kind == LineKind::Note)
            .map(|l| l.text.as_str())
            .collect();
        let notes = notes.join(" ");
        assert!(notes.contains("nests deeper than 200 levels"), "{notes}");
        assert!(notes.contains("Message cut: only its first 256 kB of 489 kB"), "{notes}");
        assert!(texts(&layout).contains(&"|deep text".to_string()));
        let body_lines = layout.lines.iter().filter(|l| l.kind == LineKind::Body).count();
        assert!(body_lines < 4_000, "the huge body was cut: {body_lines} lines");
    }

    #[test]
    fn messages_run_oldest_first_with_their_starts() {
        let newer = message("2024-05-02T10:00:00Z", "second");
        let older = message("2024-05-01T10:00:00Z", "first");
        let layout = layout(&[newer, older], 60, FOLDED, &Zone::named("UTC").unwrap());
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
        let zone = Zone::named("UTC").unwrap();
        let folded = layout(&chain, 60, FOLDED, &zone);
        assert!(texts(&folded).iter().any(|l| l == "|··· 3 quoted lines (T shows them)"));
        let open = layout(&chain, 60, Quotes::Shown, &zone);
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
        let layout = layout(&[m], 80, FOLDED, &Zone::named("UTC").unwrap());
        let lines = texts(&layout);
        assert!(lines.contains(&"Cc|C <c@d.e>, plain@x.y".to_string()), "{lines:?}");
        assert!(lines.contains(&"Files|offer.pdf (2 KB), 42".to_string()), "{lines:?}");
        assert!(lines.contains(&"Labels|INBOX, Important".to_string()), "{lines:?}");
        assert!(layout.lines[0].starred);
    }

    #[test]
    fn nulls_in_address_file_and_label_lists_are_not_shown() {
        let mut m = message("2024-05-01T10:00:00Z", "x");
        m.cc = vec![json!(null), json!("plain@x.y"), json!(null)];
        m.bcc = vec![json!(null)];
        m.attachments = vec![json!(null), json!({"filename": "offer.pdf"})];
        m.labels = vec![json!(null)];
        let lines = texts(&layout(&[m], 80, FOLDED, &Zone::named("UTC").unwrap()));
        assert!(lines.contains(&"Cc|plain@x.y".to_string()), "{lines:?}");
        assert!(lines.contains(&"Files|offer.pdf".to_string()), "{lines:?}");
        assert!(!lines.iter().any(|l| l.contains("null") || l.starts_with("Labels")), "{lines:?}");
    }

    #[test]
    fn a_date_that_does_not_read_is_shown_as_sent_and_marked() {
        let mut m = message("2024-05-01T10:00:00Z", "x");
        m.date = None;
        m.unread = crate::api::time::Unread::default().with("date", "2024-02-30T10:00:00");
        let lines = texts(&layout(&[m], 80, FOLDED, &Zone::named("UTC").unwrap()));
        assert!(lines.contains(&"Date|? 2024-02-30T10:00:00".to_string()), "{lines:?}");
    }
}
