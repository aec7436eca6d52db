//! The `?` overlay: every key of the current screen, from the keymap itself.

use crate::text::wrap_line;
use crate::tui::command::Command;
use crate::tui::input::EDITING_KEYS;
use crate::tui::keymap::{Keymap, Scope};
use crate::tui::theme::Theme;
use crate::tui::widgets::{centered, clear};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// What help is drawn from: the keymap and the scopes of the current screen.
pub struct HelpView<'a> {
    pub keymap: &'a Keymap,
    /// The scopes whose keys work on the current screen, most specific first.
    pub scopes: Vec<Scope>,
    /// Connected to the demo, which has no login.
    pub demo: bool,
    /// Where handled marks are kept (this machine, or the team store).
    pub kept_where: &'static str,
    pub theme: &'a Theme,
    /// Where the log file is (`logging::help_line`), said last.
    pub log_line: Option<&'a str>,
    /// The whole text of each failure of the current pane, said first.
    pub failures: Vec<String>,
    /// What is particular to the screen, said after the failures (how a group's merged
    /// inbox acts).
    pub notes: Vec<String>,
}

/// The help lines for the current screen: keys, then what they do.
pub fn lines(view: &HelpView) -> Vec<Line<'static>> {
    let theme = view.theme;
    let line = |keys: String, help: String| {
        Line::from(vec![
            Span::styled(format!("{keys:>14}  "), theme.key),
            Span::styled(help, theme.text),
        ])
    };
    let mut lines = Vec::new();
    for failure in &view.failures {
        lines.push(Line::from(Span::styled(format!("✗ {failure}"), theme.error)));
        lines.push(Line::from(""));
    }
    for note in &view.notes {
        lines.push(Line::from(Span::styled(note.clone(), theme.text)));
    }
    if !view.notes.is_empty() {
        lines.push(Line::from(""));
    }
    let mut panes: Vec<String> = Vec::new();
    let mut shelves: Vec<String> = Vec::new();
    for binding in view.keymap.active(&view.scopes) {
        let keys: Vec<String> = binding.keys.iter().map(|k| k.label()).collect();
        match binding.command {
            // The six pane keys read better as one line.
            Command::GoTo(_) => {
                if panes.is_empty() {
                    lines.push(Line::from(""));
                }
                panes.extend(keys);
                let last = lines.len() - 1;
                lines[last] = line(panes.join(" "), "go to a pane (a switch, not a jump)".into());
            }
            // One key per reply category, in the category bar's order: one line too.
            Command::ShowCategory(_) => {
                if shelves.is_empty() {
                    lines.push(Line::from(""));
                }
                shelves.extend(keys);
                let last = lines.len() - 1;
                lines[last] = line(shelves.join(" "), "list one category (see the bar)".into());
            }
            Command::Login if view.demo => {}
            _ => {
                let mut help = view.keymap.help_of(binding);
                // A key bound twice does one thing here: said beside the one it does not do.
                for (key, winner) in view.keymap.taken_from(binding, &view.scopes) {
                    help.push_str(&format!(" ({key} does {winner} here)"));
                }
                lines.push(line(keys.join(" "), help));
            }
        }
    }
    if view.scopes.contains(&Scope::Reply) {
        lines.push(Line::from(Span::styled(
            format!("\"Handled\" is {} (the API has no such field).", view.kept_where),
            theme.dim,
        )));
    }
    // The filter, the palette and every form field share one line editor and its keys.
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        "Typing in the filter, the palette and forms (and paste):",
        theme.dim,
    )));
    for (keys, help) in EDITING_KEYS {
        lines.push(line(keys.to_string(), help.to_string()));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        "Mouse: wheel scrolls, click selects, click again opens, click a tab to switch.",
        theme.dim,
    )));
    if let Some(log_line) = view.log_line {
        lines.push(Line::from(Span::styled(log_line.to_string(), theme.dim)));
    }
    lines
}

/// The width of the help box, borders included.
const WIDTH: u16 = 64;
/// Where the words of a key line start: the keys are right-aligned before them.
const KEYS_WIDTH: usize = 16;

/// Where the help box goes in the pane.
fn area(body: Rect, lines: usize) -> Rect {
    centered(body, WIDTH, u16::try_from(lines + 2).unwrap_or(u16::MAX))
}

/// A help line as lines of at most `room` cells: a key line's words wrap under its words
/// (under the keys when these are too wide to leave the words room), a remark wraps under
/// itself, so nothing is cut.
fn fit(line: Line<'static>, room: usize) -> Vec<Line<'static>> {
    if line.width() <= room {
        return vec![line];
    }
    match line.spans.as_slice() {
        [keys, words] if room > KEYS_WIDTH + 8 => {
            // Keys wider than their column (a row of category keys) push the words right.
            let lead = keys.width().max(KEYS_WIDTH);
            let (mut out, indent) = if room > lead + 8 {
                (Vec::new(), lead)
            } else {
                (vec![Line::from(keys.clone())], KEYS_WIDTH)
            };
            let pieces = wrap_line(&words.content, room - indent);
            let pad = " ".repeat(indent);
            for (index, piece) in pieces.into_iter().enumerate() {
                let first = index == 0 && out.is_empty();
                let lead = if first { keys.clone() } else { Span::raw(pad.clone()) };
                out.push(Line::from(vec![lead, Span::styled(piece, words.style)]));
            }
            out
        }
        _ => {
            let style = line.spans.first().map(|span| span.style).unwrap_or_default();
            let text: String = line.spans.iter().map(|span| span.content.as_ref()).collect();
            let pieces = wrap_line(&text, room);
            pieces.into_iter().map(|piece| Line::from(Span::styled(piece, style))).collect()
        }
    }
}

/// The help lines fitted to the box the pane has room for, and that box.
fn laid_out(view: &HelpView, body: Rect) -> (Vec<Line<'static>>, Rect) {
    let room = usize::from(body.width.min(WIDTH).saturating_sub(2)).max(1);
    let lines: Vec<Line> = lines(view).into_iter().flat_map(|line| fit(line, room)).collect();
    let area = area(body, lines.len());
    (lines, area)
}

/// How far help scrolls in a pane of `body` before its last line is at the bottom of its box.
pub(crate) fn max_scroll(view: &HelpView, body: Rect) -> usize {
    let (lines, area) = laid_out(view, body);
    lines.len().saturating_sub(usize::from(area.height.saturating_sub(2)))
}

/// Draws help scrolled by `scroll` lines; returns the box it covers.
pub(crate) fn render(frame: &mut Frame, body: Rect, view: &HelpView, scroll: usize) -> Rect {
    let (lines, area) = laid_out(view, body);
    let most = lines.len().saturating_sub(usize::from(area.height.saturating_sub(2)));
    let close = |command| view.keymap.key_for(command).unwrap_or_default();
    let title = format!(
        " Keys — {}/{} scroll, {} closes ",
        close(Command::Down),
        close(Command::Up),
        close(Command::Back)
    );
    let block = Block::bordered()
        .title(Span::styled(title, view.theme.title))
        .border_style(view.theme.accent);
    let scroll = u16::try_from(scroll.min(most)).unwrap_or(0);
    clear(frame, area);
    frame.render_widget(Paragraph::new(lines).block(block).scroll((scroll, 0)), area);
    area
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key_line(keys: &str, words: &str) -> Line<'static> {
        Line::from(vec![Span::raw(format!("{keys:>14}  ")), Span::raw(words.to_string())])
    }

    fn text(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|line| line.spans.iter().map(|s| s.content.as_ref()).collect()).collect()
    }

    #[test]
    fn wide_keys_push_their_words_right_and_nothing_is_cut_at_fifty_columns() {
        // The category keys are wider than the keys' column; a 50-column box has 48 cells.
        let line = key_line("A i m R C N w x X O", "list one category (see the bar)");
        let fitted = fit(line, 48);
        assert!(fitted.iter().all(|line| line.width() <= 48), "{:?}", text(&fitted));
        let words: String = text(&fitted).join(" ");
        let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("list one category (see the bar)"), "{words}");
        // Narrower still, the keys get a line of their own.
        let fitted = fit(key_line("A i m R C N w x X O", "list one category (see the bar)"), 27);
        assert!(fitted.iter().all(|line| line.width() <= 27), "{:?}", text(&fitted));
        assert_eq!(text(&fitted)[0].trim(), "A i m R C N w x X O");
    }
}
