//! The tab bar: ` 1 Overview  2 Campaigns … `, the current pane highlighted. Narrow screens
//! get the numbers with short names, then the numbers alone.

use crate::tui::model::Pane;
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// How the tabs are labelled at a width: full names, 3-letter names or numbers only.
fn labels(width: u16) -> Vec<(Pane, String)> {
    let full: Vec<(Pane, String)> = Pane::ALL
        .iter()
        .enumerate()
        .map(|(i, p)| (*p, format!(" {} {} ", i + 1, p.title())))
        .collect();
    let total: usize = full.iter().map(|(_, l)| l.chars().count()).sum();
    if total <= usize::from(width) {
        return full;
    }
    let short: Vec<(Pane, String)> = Pane::ALL
        .iter()
        .enumerate()
        .map(|(i, p)| (*p, format!(" {} {} ", i + 1, &p.title()[..3])))
        .collect();
    let total: usize = short.iter().map(|(_, l)| l.chars().count()).sum();
    if total <= usize::from(width) {
        return short;
    }
    Pane::ALL.iter().enumerate().map(|(i, p)| (*p, format!(" {} ", i + 1))).collect()
}

/// The pane whose tab is at a column of the tab bar.
pub fn tab_at(column: u16, width: u16) -> Option<Pane> {
    let mut x = 0u16;
    for (pane, label) in labels(width) {
        let end = x + label.chars().count() as u16;
        if column >= x && column < end {
            return Some(pane);
        }
        x = end;
    }
    None
}

/// Draws the tabs with `current` highlighted.
pub fn render(frame: &mut Frame, area: Rect, current: Pane, theme: &Theme) {
    if area.height == 0 {
        return;
    }
    let spans: Vec<Span> = labels(area.width)
        .into_iter()
        .map(|(pane, label)| {
            let style = if pane == current { theme.tab_active } else { theme.tab_inactive };
            Span::styled(label, style)
        })
        .collect();
    frame.render_widget(Line::from(spans), area);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_find_their_tab_at_every_width() {
        assert_eq!(tab_at(0, 80), Some(Pane::Overview));
        assert_eq!(tab_at(13, 80), Some(Pane::Campaigns));
        assert_eq!(tab_at(79, 80), None);
        assert_eq!(labels(50)[1].1, " 2 Cam ");
        assert_eq!(labels(40)[1].1, " 2 ");
        assert_eq!(tab_at(4, 20), Some(Pane::Campaigns));
    }
}
