//! The tab bar: ` 1 Overview  2 Campaigns  3 Exchanges ·4 new … `, the current pane
//! highlighted, the count of replies new since the last look on the Exchanges tab. Narrow
//! screens get the numbers with short names, then the numbers alone.

use crate::tui::model::Pane;
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// How the tabs are labelled at a width: full names, 3-letter names or numbers only; `new`
/// replies are counted on the Exchanges tab.
fn labels(width: u16, new: usize) -> Vec<(Pane, String)> {
    let badge = |pane: Pane, long: bool| match (pane, new, long) {
        (pane, 1.., true) if pane.is_inbox() => format!("·{new} new "),
        (pane, 1.., false) if pane.is_inbox() => format!("·{new} "),
        _ => String::new(),
    };
    let full: Vec<(Pane, String)> = Pane::ALL
        .iter()
        .enumerate()
        .map(|(i, p)| (*p, format!(" {} {} {}", i + 1, p.title(), badge(*p, true))))
        .collect();
    let total: usize = full.iter().map(|(_, l)| l.chars().count()).sum();
    if total <= usize::from(width) {
        return full;
    }
    let short: Vec<(Pane, String)> = Pane::ALL
        .iter()
        .enumerate()
        .map(|(i, p)| (*p, format!(" {} {} {}", i + 1, &p.title()[..3], badge(*p, false))))
        .collect();
    let total: usize = short.iter().map(|(_, l)| l.chars().count()).sum();
    if total <= usize::from(width) {
        return short;
    }
    Pane::ALL
        .iter()
        .enumerate()
        .map(|(i, p)| {
            (
                *p,
                format!(
                    " {}{}",
                    i + 1,
                    if p.is_inbox() && new > 0 { badge(*p, false) } else { " ".into() }
                ),
            )
        })
        .collect()
}

/// The pane whose tab is at a column of the tab bar.
pub fn tab_at(column: u16, width: u16, new: usize) -> Option<Pane> {
    let mut x = 0u16;
    for (pane, label) in labels(width, new) {
        let end = x + label.chars().count() as u16;
        if column >= x && column < end {
            return Some(pane);
        }
        x = end;
    }
    None
}

/// Draws the tabs with `current` highlighted and `new` replies counted.
pub fn render(frame: &mut Frame, area: Rect, current: Pane, new: usize, theme: &Theme) {
    if area.height == 0 {
        return;
    }
    let spans: Vec<Span> = labels(area.width, new)
        .into_iter()
        .map(|(pane, label)| {
            let style = if pane == current { theme.tab_active } else { theme.tab_inactive };
            let style = if pane.is_inbox() && new > 0 {
                style.add_modifier(ratatui::style::Modifier::BOLD)
            } else {
                style
            };
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
        assert_eq!(tab_at(0, 80, 0), Some(Pane::Overview));
        assert_eq!(tab_at(13, 80, 0), Some(Pane::Campaigns));
        assert_eq!(tab_at(79, 80, 0), None);
        assert_eq!(labels(50, 0)[1].1, " 2 Cam ");
        assert_eq!(labels(40, 0)[1].1, " 2 ");
        assert_eq!(tab_at(4, 20, 0), Some(Pane::Campaigns));
    }

    #[test]
    fn the_exchanges_tab_counts_new_replies_at_every_width() {
        assert_eq!(labels(80, 4)[2].1, " 3 Exchanges ·4 new ");
        assert_eq!(labels(50, 4)[2].1, " 3 Exc ·4 ");
        assert_eq!(labels(30, 4)[2].1, " 3·4 ");
        let start: usize = labels(80, 4)[..3].iter().map(|(_, l)| l.chars().count()).sum();
        assert_eq!(tab_at(start as u16 - 1, 80, 4), Some(Pane::ALL[2]), "its last cell");
    }
}
