//! Bots: a table with health at a glance (DNS MX/SPF, CNAME record/SSL, auth validity),
//! problems highlighted, and a detail view of every field.

use crate::api::Bot;
use crate::bots::{Standing, standing};
use crate::tui::details::bot::{mailbox_style, standing_style};
use crate::tui::resource::{Bots, PaneList};
use crate::tui::rows::{bot_cells, health_checks};
use crate::tui::state::AppState;
use crate::tui::theme::Theme;
use crate::tui::views::pane::{list_title, render_detail, render_list};
use crate::tui::widgets::table::{Column, cell};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Cell;

const COLUMNS: [Column; 8] = [
    Column::new(Bots::COLUMNS[0], 20, 38, 0),
    Column::new(Bots::COLUMNS[1], 10, 24, 7),
    Column::new(Bots::COLUMNS[2], 10, 26, 2),
    Column::new(Bots::COLUMNS[3], 10, 18, 3),
    Column::new(Bots::COLUMNS[4], 10, 14, 5),
    Column::new(Bots::COLUMNS[5], 4, 4, 6),
    Column::new(Bots::COLUMNS[6], 26, 26, 1),
    Column::new(Bots::COLUMNS[7], 12, 60, 4),
];

/// The five checks, each green when passing and red when failing.
fn health_cell(bot: &Bot, theme: &Theme) -> Cell<'static> {
    let mut spans = Vec::new();
    for (index, (name, ok)) in health_checks(bot).into_iter().enumerate() {
        if index > 0 {
            spans.push(Span::raw(" "));
        }
        let (mark, style) = match ok {
            Some(true) => ("✓", theme.positive),
            Some(false) => ("✗", theme.error),
            None => ("-", theme.dim),
        };
        spans.push(Span::styled(format!("{name}{mark}"), style));
    }
    Cell::from(Line::from(spans))
}

pub fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.bots.detail.is_some() {
        return render_detail(frame, area, state, "Bot");
    }
    let theme = &state.theme;
    let remote = &state.store.bots;
    let list = &state.bots.list;
    let count = |wanted| remote.items().iter().filter(|b| standing(b) == wanted).count();
    let (attention, retired) = (count(Standing::Attention), count(Standing::Retired));
    let mut extra = Vec::new();
    if attention > 0 {
        extra.push(Span::styled(format!(" · {attention} need attention"), theme.error));
    }
    if retired > 0 {
        extra.push(Span::styled(format!(" · {retired} retired"), theme.dim));
    }
    let title = list_title(state, "Bots", remote, list, extra);
    render_list(frame, area, state, "bots", remote, list, title, &COLUMNS, |bot, _| {
        let [email, name, status, mailbox, warmup, pool, _, problems] = bot_cells(bot);
        let standing = standing(bot);
        let status_style = standing_style(standing, theme);
        let mailbox_style = mailbox_style(bot, standing, theme);
        let (email_style, text_style) = match standing {
            Standing::Attention => (theme.warning, theme.text),
            Standing::Retired => (theme.dim, theme.dim),
            Standing::Healthy | Standing::Ending => (theme.text, theme.text),
        };
        vec![
            cell(email, email_style),
            cell(name, text_style),
            cell(status, status_style),
            cell(mailbox, mailbox_style),
            cell(warmup, theme.dim),
            cell(pool, text_style),
            health_cell(bot, theme),
            cell(problems, status_style),
        ]
    });
}
