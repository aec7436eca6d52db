//! The digest's blocks as plain text, Markdown and an HTML e-mail body. The blocks hold
//! sanitised text; each format escapes it for itself (Markdown: every ASCII punctuation
//! mark; HTML: `&`, `<`, `>`, `"`, `'`), so a contact's name can never become markup.

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

/// Text that Markdown shows as written: every ASCII punctuation mark backslash-escaped
/// (CommonMark allows it for each), so no name or line becomes a link, emphasis or HTML.
pub fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_punctuation() {
            out.push('\\');
        }
        out.push(c);
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
        assert!(
            md.contains("\\<script\\>") && md.contains("\\[link\\]\\(http\\:\\/\\/evil\\)"),
            "{md}"
        );
        assert!(text(&blocks).contains(hostile), "plain text is plain");
    }
}
