//! The digest's blocks as plain text, Markdown and an HTML e-mail body. The blocks hold
//! sanitised text; each format escapes it for itself (Markdown: the marks that would be
//! markup where they stand; HTML: `&`, `<`, `>`, `"`, `'`), so a contact's name can never
//! become markup.

use super::document::Block;

pub fn text(blocks: &[Block]) -> String {
    let mut out = String::new();
    for block in blocks {
        match block {
            Block::Title(title) => out.push_str(&format!("{title}\n")),
            Block::Heading(heading) => out.push_str(&format!("\n{heading}\n")),
            Block::Line(line) => out.push_str(&format!("  {line}\n")),
            Block::Items(items) => {
                items.iter().for_each(|item| out.push_str(&format!("    - {item}\n")))
            }
        }
    }
    out
}

pub fn markdown(blocks: &[Block]) -> String {
    let mut out = String::new();
    for block in blocks {
        match block {
            Block::Title(title) => out.push_str(&format!("# {}\n", md(title))),
            Block::Heading(heading) => out.push_str(&format!("\n## {}\n\n", md(heading))),
            Block::Line(line) => out.push_str(&format!("{}\n\n", md(line))),
            Block::Items(items) => {
                items.iter().for_each(|item| out.push_str(&format!("- {}\n", md(item))));
                out.push('\n');
            }
        }
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// A self-contained body: inline styles only, no image, font or stylesheet to fetch.
pub fn html(blocks: &[Block]) -> String {
    let title = blocks
        .iter()
        .find_map(|block| match block {
            Block::Title(title) => Some(title.as_str()),
            _ => None,
        })
        .unwrap_or("Outreach digest");
    let mut body = String::new();
    for block in blocks {
        match block {
            Block::Title(title) => {
                body.push_str(&format!("<h1 style=\"font-size:18px\">{}</h1>\n", escape(title)))
            }
            Block::Heading(heading) => body.push_str(&format!(
                "<h2 style=\"font-size:15px;margin-top:18px\">{}</h2>\n",
                escape(heading)
            )),
            Block::Line(line) => {
                body.push_str(&format!("<p style=\"margin:4px 0\">{}</p>\n", escape(line)))
            }
            Block::Items(items) => {
                body.push_str("<ul style=\"margin:2px 0 8px 0\">\n");
                items
                    .iter()
                    .for_each(|item| body.push_str(&format!("<li>{}</li>\n", escape(item))));
                body.push_str("</ul>\n");
            }
        }
    }
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{}</title></head>\n\
         <body style=\"font-family:sans-serif;font-size:14px;color:#222\">\n{body}</body></html>\n",
        escape(title)
    )
}

/// Text for HTML element content and attribute values alike.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Text that Markdown shows as written, with a backslash only where a mark would otherwise
/// be markup, so Slack, Teams and mail readers that show the backslashes show few: code,
/// emphasis, links, HTML, tables and strikethrough marks (`` \ ` * [ ] < > | ~ ``), an `_`
/// not inside a word (inside one it cannot emphasise), an `&` that could start an entity,
/// and a block marker at the start of a line (`#`, `-`, `+`, `=`, the dot or parenthesis
/// of `1.` / `1)`). "Replies: 10 came in" and "ann.lee@acme.tech" stay as they are.
pub fn md(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    // Only spaces so far on this line: a block marker here would start a block.
    let mut line_start = true;
    // The digits since the line's start, while nothing else came: `12.` is a list item.
    let mut digits: Option<usize> = Some(0);
    for (at, &c) in chars.iter().enumerate() {
        let word = |other: Option<&char>| other.is_some_and(|c| c.is_alphanumeric());
        let escape = match c {
            '\\' | '`' | '*' | '[' | ']' | '<' | '>' | '|' | '~' => true,
            '_' => !(word(at.checked_sub(1).and_then(|b| chars.get(b))) && word(chars.get(at + 1))),
            '&' => chars.get(at + 1).is_some_and(|n| n.is_ascii_alphanumeric() || *n == '#'),
            '#' | '-' | '+' | '=' => line_start,
            '.' | ')' => digits.is_some_and(|n| n > 0),
            _ => false,
        };
        if escape {
            out.push('\\');
        }
        out.push(c);
        match c {
            '\n' => (line_start, digits) = (true, Some(0)),
            ' ' if line_start => {}
            '0'..='9' => (line_start, digits) = (false, digits.map(|n| n + 1)),
            _ => (line_start, digits) = (false, None),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_a_value_stays_text_in_every_format() {
        let hostile = "<script>alert('x')</script> & [link](http://evil) *b*";
        let blocks = vec![Block::Title("t".into()), Block::Items(vec![hostile.into()])];
        let html = html(&blocks);
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp;"), "{html}");
        assert!(!html.contains("http://evil\"") && !html.contains("src="), "{html}");
        let md = markdown(&blocks);
        assert!(md.contains("\\<script\\>") && md.contains("\\[link\\](http://evil)"), "{md}");
        assert!(md.contains("\\*b\\*"), "{md}");
        assert!(text(&blocks).contains(hostile), "plain text is plain");
    }

    #[test]
    fn markdown_escapes_only_what_would_be_markup() {
        for (text, shown) in [
            ("Replies: 10 came in", "Replies: 10 came in"),
            (
                "jackson.johansson@example.com (Interested, 2h ago)",
                "jackson.johansson@example.com (Interested, 2h ago)",
            ),
            ("Ann's reply - 50% off? Yes!", "Ann's reply - 50% off? Yes!"),
            ("first_last@acme.tech", "first_last@acme.tech"),
            ("_hidden_ and *bold* and `code`", "\\_hidden\\_ and \\*bold\\* and \\`code\\`"),
            ("# not a heading", "\\# not a heading"),
            ("- not an item", "\\- not an item"),
            ("+ nor this", "\\+ nor this"),
            ("12. nor a numbered one", "12\\. nor a numbered one"),
            ("3) nor this", "3\\) nor this"),
            ("a | b ~~c~~", "a \\| b \\~\\~c\\~\\~"),
            ("&lt; and & alone", "\\&lt; and & alone"),
            ("<b>x</b> [y](z)", "\\<b\\>x\\</b\\> \\[y\\](z)"),
            ("a\\b", "a\\\\b"),
        ] {
            assert_eq!(md(text), shown, "{text:?}");
        }
    }
}
