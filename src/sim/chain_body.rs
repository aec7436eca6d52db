//! The text and HTML parts of one generated e-mail: paragraphs, a signature, an
//! unsubscribe footer and the quoted previous message, rendered the way common mail
//! clients do (`> ` lines in text, a `gmail_quote` blockquote in HTML).

use chrono::{DateTime, Utc};

/// What a message says, before rendering.
#[derive(Debug, Default)]
pub struct Paragraphs {
    pub paragraphs: Vec<String>,
    pub signature: Vec<String>,
}

impl Paragraphs {
    pub fn push(&mut self, paragraph: String) {
        if !paragraph.is_empty() {
            self.paragraphs.push(paragraph);
        }
    }
}

/// A rendered message; both parts are kept so the next message can quote either.
#[derive(Debug, Clone)]
pub struct Body {
    pub text: String,
    pub html: String,
    pub date: DateTime<Utc>,
}

impl Body {
    /// Renders paragraphs, signature, footer and the quote of `quoted.1` under `quoted.0`.
    pub fn render(
        content: &Paragraphs,
        unsubscribe: Option<&str>,
        quoted: Option<(String, &Body)>,
        date: DateTime<Utc>,
    ) -> Body {
        let mut text = content.paragraphs.join("\n\n");
        let mut html = String::from("<div dir=\"ltr\">");
        for paragraph in &content.paragraphs {
            html.push_str(&format!("<p>{}</p>", linkify(&escape(paragraph)).replace('\n', "<br>")));
        }
        if !content.signature.is_empty() {
            text.push_str("\n\n-- \n");
            text.push_str(&content.signature.join("\n"));
            let lines: Vec<String> =
                content.signature.iter().map(|l| linkify(&escape(l))).collect();
            html.push_str(&format!(
                "<div class=\"gmail_signature\">-- <br>{}</div>",
                lines.join("<br>")
            ));
        }
        if let Some(url) = unsubscribe {
            text.push_str(&format!("\n\nDon't want to hear from us? Unsubscribe: {url}"));
            html.push_str(&format!(
                "<p style=\"font-size:11px;color:#888\">Don't want to hear from us? <a href=\"{}\">Unsubscribe</a></p>",
                escape(url)
            ));
        }
        html.push_str("</div>");
        if let Some((attribution, previous)) = quoted {
            text.push_str(&format!("\n\n{attribution}\n{}", quote_lines(&previous.text)));
            html.push_str(&format!(
                "<div class=\"gmail_quote\"><div class=\"gmail_attr\">{}<br></div>\
                 <blockquote class=\"gmail_quote\" style=\"margin:0 0 0 .8ex;border-left:1px #ccc solid;padding-left:1ex\">{}</blockquote></div>",
                escape(&attribution),
                previous.html
            ));
        }
        Body { text, html, date }
    }
}

/// Prefixes every line with `> ` (or `>` for already quoted and empty lines).
fn quote_lines(text: &str) -> String {
    text.lines()
        .map(|line| {
            if line.is_empty() {
                ">".to_string()
            } else if line.starts_with('>') {
                format!(">{line}")
            } else {
                format!("> {line}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Turns `https://…` words of already escaped text into links.
fn linkify(escaped: &str) -> String {
    escaped
        .split(' ')
        .map(|word| {
            if word.starts_with("https://") {
                let url = word.trim_end_matches(['.', ',', ')']);
                let rest = &word[url.len()..];
                format!("<a href=\"{url}\">{url}</a>{rest}")
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_nest_and_links_become_anchors() {
        let now = Utc::now();
        let first = Body::render(
            &Paragraphs { paragraphs: vec!["See https://a.example/x.".into()], signature: vec![] },
            None,
            None,
            now,
        );
        assert!(first.html.contains("<a href=\"https://a.example/x\">https://a.example/x</a>."));
        let second = Body::render(
            &Paragraphs { paragraphs: vec!["Thanks".into()], signature: vec!["Ann".into()] },
            Some("https://u.example/1"),
            Some(("On Mon, Ann wrote:".into(), &first)),
            now,
        );
        assert!(second.text.contains("-- \nAnn"));
        assert!(second.text.ends_with("On Mon, Ann wrote:\n> See https://a.example/x."));
        let third = Body::render(
            &Paragraphs { paragraphs: vec!["Ok".into()], signature: vec![] },
            None,
            Some(("On Tue, Bo wrote:".into(), &second)),
            now,
        );
        assert!(third.text.contains("\n>> See https://a.example/x."), "{}", third.text);
        assert!(third.html.contains("<blockquote"));
    }
}
