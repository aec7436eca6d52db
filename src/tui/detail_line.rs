//! An opened item's detail as plain data: what each line is (a heading, a labelled value,
//! a line of text) and what each piece of it means, never a colour. The dashboard styles
//! it from its theme (`widgets::detail::styled`), the line mode prints it as it is
//! (`said`), a copy or a pager takes it in columns (`columns`): one source, every face.

use crate::present::Tone;

/// Width of the label column.
pub const LABEL: usize = 22;

/// What a piece of a detail means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// As its tone says: plain, good, bad, needs someone, worth a look, secondary…
    Tone(Tone),
    /// The item's own name: the first thing to read.
    Name,
    /// An address to open.
    Link,
}

impl From<Tone> for Mark {
    fn from(tone: Tone) -> Mark {
        Mark::Tone(tone)
    }
}

/// A run of text with one meaning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    pub text: String,
    pub mark: Mark,
}

/// A piece of text meaning `mark`.
pub fn piece(text: impl Into<String>, mark: impl Into<Mark>) -> Piece {
    Piece { text: text.into(), mark: mark.into() }
}

/// One line of a detail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DetailLine {
    /// Room between sections.
    Blank,
    /// A section's title.
    Heading(String),
    /// A labelled value (the label keeps its indent; an empty one continues the field
    /// above).
    Field { label: String, value: Vec<Piece> },
    /// A line of its own: a note, advice, a row of a table, a picture's row.
    Text(Vec<Piece>),
}

impl DetailLine {
    /// A `label  value` line, the value plain.
    pub fn field(label: &str, value: impl Into<String>) -> DetailLine {
        DetailLine::marked(label, value, Tone::Plain)
    }

    /// A `label  value` line, the value meaning `mark`.
    pub fn marked(label: &str, value: impl Into<String>, mark: impl Into<Mark>) -> DetailLine {
        DetailLine::Field { label: label.to_string(), value: vec![piece(value, mark)] }
    }

    /// A line of one piece.
    pub fn text(text: impl Into<String>, mark: impl Into<Mark>) -> DetailLine {
        DetailLine::Text(vec![piece(text, mark)])
    }

    /// This line with one more piece at its end.
    pub fn then(mut self, text: impl Into<String>, mark: impl Into<Mark>) -> DetailLine {
        match &mut self {
            DetailLine::Field { value: pieces, .. } | DetailLine::Text(pieces) => {
                pieces.push(piece(text, mark));
            }
            DetailLine::Blank | DetailLine::Heading(_) => {}
        }
        self
    }
}

/// "yes" or "no".
pub fn yes_no(value: bool) -> &'static str {
    if value { "yes" } else { "no" }
}

fn joined(pieces: &[Piece]) -> String {
    pieces.iter().map(|piece| piece.text.as_str()).collect()
}

/// The lines in columns, as the screen lays them out (labels padded to [`LABEL`]): what a
/// copy or a pager is given.
pub fn columns(lines: &[DetailLine]) -> Vec<String> {
    lines
        .iter()
        .map(|line| match line {
            DetailLine::Blank => String::new(),
            DetailLine::Heading(text) => text.clone(),
            DetailLine::Field { label, value } => format!("{label:<LABEL$}{}", joined(value)),
            DetailLine::Text(pieces) => joined(pieces),
        })
        .collect()
}

/// The lines as a line front end says them: a field as `label: value` (no padding for a
/// screen reader to wade through), a continued field's value under it, the rest as is.
pub fn said(lines: &[DetailLine]) -> Vec<String> {
    lines
        .iter()
        .map(|line| match line {
            DetailLine::Field { label, value } if !label.trim().is_empty() => {
                let indent = &label[..label.len() - label.trim_start().len()];
                format!("{indent}{}: {}", label.trim(), joined(value).trim_start())
            }
            DetailLine::Field { label, value } => format!("{label}{}", joined(value)),
            other => columns(std::slice::from_ref(other)).concat(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<DetailLine> {
        vec![
            DetailLine::marked("E-mail", "ann@acme.tech", Mark::Name),
            DetailLine::Blank,
            DetailLine::Heading("Health".into()),
            DetailLine::field("  ✓ SPF ", "pass").then(" (checked)", Tone::Dim),
            DetailLine::field("", "more of the summary"),
            DetailLine::text("      → fix the record", Tone::Warn),
        ]
    }

    #[test]
    fn columns_pad_the_labels_as_the_screen_does() {
        let lines = columns(&sample());
        assert_eq!(lines[0], format!("{:<LABEL$}ann@acme.tech", "E-mail"));
        assert_eq!(lines[1], "");
        assert_eq!(lines[3], format!("{:<LABEL$}pass (checked)", "  ✓ SPF "));
        assert_eq!(lines[5], "      → fix the record");
    }

    #[test]
    fn said_names_each_value_by_its_label_without_padding() {
        let lines = said(&sample());
        assert_eq!(lines[0], "E-mail: ann@acme.tech");
        assert_eq!(lines[2], "Health");
        assert_eq!(lines[3], "  ✓ SPF: pass (checked)");
        assert_eq!(lines[4], "more of the summary");
    }
}
