//! The `?` overlay: every key of the current screen, from the keymap itself.

use crate::tui::command::Command;
use crate::tui::input::EDITING_KEYS;
use crate::tui::keymap::{Keymap, Scope};
use crate::tui::theme::Theme;
use crate::tui::widgets::centered;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

/// What help is drawn from: the keymap and the scopes of the current screen.
pub struct HelpView<'a> {
    pub keymap: &'a Keymap,
    /// The scopes whose keys work on the current screen, most specific first.
    pub scopes: Vec<Scope>,
    /// Connected to the demo, which has no login.
    pub demo: bool,
    pub theme: &'a Theme,
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
    let mut panes: Vec<String> = Vec::new();
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
                lines[last] =
                    line(panes.join(" "), "go to a pane (the numbers of the tabs)".into());
            }
            Command::Login if view.demo => {}
            _ => lines.push(line(keys.join(" "), binding.help.to_string())),
        }
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
    lines
}

pub fn render(frame: &mut Frame, body: Rect, view: &HelpView, scroll: usize) {
    let lines = lines(view);
    let area = centered(body, 64, lines.len() as u16 + 2);
    let block = Block::bordered()
        .title(Span::styled(" Keys — j/k scroll, Esc closes ", view.theme.title))
        .border_style(view.theme.accent);
    let scroll = u16::try_from(scroll.min(lines.len().saturating_sub(1))).unwrap_or(0);
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(lines).block(block).scroll((scroll, 0)), area);
}
