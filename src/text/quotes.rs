//! Finding the quoted history in an e-mail body: `>` lines, "On … wrote:" attributions and
//! Outlook-style "-----Original Message-----" / "From: … Sent: …" blocks, so a reader can
//! fold what they have already read.

/// Which lines of a body (one entry per line) belong to quoted history.
pub fn quoted_lines(lines: &[&str]) -> Vec<bool> {
    let mut quoted = vec![false; lines.len()];
    let mut index = 0;
    while index < lines.len() {
        if let Some(start) = history_starts_at(lines, index) {
            // Everything from an original-message header on is history.
            quoted[start..].iter_mut().for_each(|q| *q = true);
            break;
        }
        if let Some(end) = attribution_ends_at(lines, index) {
            quoted[index..=end].iter_mut().for_each(|q| *q = true);
            index = end + 1;
            continue;
        }
        if lines[index].trim_start().starts_with('>') {
            quoted[index] = true;
        }
        index += 1;
    }
    close_gaps(lines, &mut quoted);
    quoted
}

/// An "On <date>, <name> wrote:" line, possibly wrapped over up to three lines, at `index`:
/// the index of its last line.
fn attribution_ends_at(lines: &[&str], index: usize) -> Option<usize> {
    let first = strip_quote(lines[index]);
    if !(first.starts_with("On ") || first.starts_with("Le ") || first.starts_with("Am ")) {
        return None;
    }
    (index..lines.len().min(index + 3)).find(|&i| {
        let text = strip_quote(lines[i]).trim_end();
        text.ends_with("wrote:") || text.ends_with("a écrit :") || text.ends_with("schrieb:")
    })
}

/// An Outlook original-message header at `index`.
fn history_starts_at(lines: &[&str], index: usize) -> Option<usize> {
    let line = lines[index].trim();
    if line.starts_with("-----Original Message-----") || line.starts_with("-------- Original") {
        return Some(index);
    }
    if line.starts_with("From:") {
        let header_follows = lines[index + 1..].iter().take(4).any(|next| {
            next.trim_start().starts_with("Sent:") || next.trim_start().starts_with("Date:")
        });
        if header_follows {
            return Some(index);
        }
    }
    None
}

/// The text after leading quote marks and spaces.
fn strip_quote(line: &str) -> &str {
    line.trim_start_matches(|c: char| c == '>' || c.is_whitespace())
}

/// Blank lines between two quoted lines are part of the quote; so are blank lines that
/// end the body after a quote.
fn close_gaps(lines: &[&str], quoted: &mut [bool]) {
    let mut last_quoted: Option<usize> = None;
    for index in 0..lines.len() {
        if quoted[index] {
            if let Some(previous) = last_quoted
                && (previous + 1..index).all(|i| lines[i].trim().is_empty())
            {
                quoted[previous + 1..index].iter_mut().for_each(|q| *q = true);
            }
            last_quoted = Some(index);
        }
    }
    if let Some(last) = last_quoted
        && lines[last + 1..].iter().all(|line| line.trim().is_empty())
    {
        quoted[last + 1..].iter_mut().for_each(|q| *q = true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks(text: &str) -> Vec<bool> {
        let lines: Vec<&str> = text.lines().collect();
        quoted_lines(&lines)
    }

    #[test]
    fn gmail_attribution_and_quote_are_history() {
        let body = "Thanks, Tuesday works.\n\nOn Mon, 6 May 2024 at 09:30, Ann Smith\n<ann@x.com> wrote:\n> Would Tuesday work?\n>\n> Ann";
        assert_eq!(marks(body), [false, false, true, true, true, true, true]);
    }

    #[test]
    fn outlook_header_starts_history_to_the_end() {
        let body = "Yes.\nFrom: Ann\nSent: Monday\nTo: Bob\n\nWould Tuesday work?";
        assert_eq!(marks(body), [false, true, true, true, true, true]);
        assert_eq!(marks("a\n-----Original Message-----\nb"), [false, true, true]);
    }

    #[test]
    fn a_line_mentioning_on_is_not_an_attribution() {
        assert_eq!(marks("On Tuesday we meet.\nSee you."), [false, false]);
        assert_eq!(marks("From: me, with love\nBye"), [false, false]);
    }

    #[test]
    fn blank_lines_inside_a_quote_fold_with_it() {
        assert_eq!(marks("> a\n\n> b\n\nme"), [true, true, true, false, false]);
    }
}
