//! Exchanges as a reply inbox: the category bar (each category's key, name and count; the
//! listed one highlighted), the server-side filters of endpoint 9 in the title (`f` edits
//! them), and the rows — new ones bold with a marker, marked ones flagged.

use crate::api::ExchangeQuery;
use crate::inbox::Facts;
use crate::present::Tone;
use crate::text::sanitize;
use crate::tui::command::Command;
use crate::tui::layout::split_bar;
use crate::tui::model::Shelf;
use crate::tui::resource::Exchanges;
use crate::tui::state::AppState;
use crate::tui::views::pane::render_pane_list_adjusted;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// The filters in words: `replied · all campaigns · 2024-05-01 → today`.
pub(crate) fn query_text(query: &ExchangeQuery, state: &AppState) -> String {
    let group = query.group.as_ref().map_or("replied", |g| g.as_str());
    let campaign = match query.campaign_id {
        Some(id) => {
            state.campaign_name(id).map(sanitize).unwrap_or_else(|| format!("campaign #{id}"))
        }
        None => "all campaigns".into(),
    };
    let start = query.start_date.map_or("2023-01-01".to_string(), |d| d.to_string());
    let end = query.end_date.map_or("today".to_string(), |d| d.to_string());
    format!("{group} · {campaign} · {start} → {end}")
}

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    let theme = &state.env.theme;
    let (bar, list) = split_bar(area, true);
    if let Some(bar) = bar {
        frame.render_widget(category_bar(state, bar.width), bar);
    }
    let mut extra = vec![Span::styled(
        format!(" · {} [f]", query_text(&state.panes.exchanges.query, state)),
        theme.accent,
    )];
    let inbox = &state.org.inbox;
    if inbox.show_snoozed {
        extra.push(Span::styled(" · only snoozed", theme.dim));
    } else if !inbox.hide_handled {
        extra.push(Span::styled(" · handled shown", theme.dim));
    }
    if let Some(team) = &inbox.team
        && team.whose != crate::tui::inbox::team::Whose::Everyone
    {
        let key = state.env.keymap.key_for(Command::CycleWhose).unwrap_or_default();
        extra.push(Span::styled(format!(" · {} [{key}]", team.whose.label()), theme.accent));
    }
    let snoozed =
        inbox.counts(state.org.store.exchanges.data.as_ref().map(|data| &data.items)).snoozed;
    if snoozed > 0 && !inbox.show_snoozed {
        let key = state.env.keymap.key_for(Command::ToggleHandled).unwrap_or_default();
        extra.push(Span::styled(format!(" · {snoozed} snoozed [{key}]"), theme.dim));
    }
    render_pane_list_adjusted::<Exchanges>(frame, list, state, extra, |exchange, cells| {
        if inbox.is_new(exchange) {
            cells.iter_mut().for_each(|cell| cell.strong = true);
        }
        if inbox.marked.contains(&exchange.id) {
            flag_marked(cells);
        }
    });
}

/// A marked row's cells: `+` in its marker column, as every inbox flags a row marked for
/// a bulk action.
pub(crate) fn flag_marked(cells: &mut [crate::present::Shown]) {
    if let Some(marker) = cells.first_mut()
        && let Some(part) = marker.parts.get_mut(1)
    {
        *part = ("+".into(), Tone::Accent);
    }
}

/// `A all 42  i Interested 5  m Meeting 3 …`: each category's key, name and count; the
/// listed one highlighted, empty ones left out (unless listed). When that does not fit the
/// width, names are shortened (`i Int 5`), then left out (`i 5`), so every key stays visible.
fn category_bar(state: &AppState, width: u16) -> Line<'static> {
    let theme = &state.env.theme;
    let shelves =
        state.org.inbox.shelves(state.org.store.exchanges.data.as_ref().map(|data| &data.items));
    let all: usize = shelves.iter().map(|(_, _, count, _)| count).sum();
    let mut entries = vec![(Shelf::All, "all".to_string(), all, Tone::Plain)];
    entries.extend(shelves);
    entries.retain(|(shelf, _, count, _)| *count > 0 || state.org.inbox.shelf.lists(*shelf));
    let keyed: Vec<_> = entries
        .into_iter()
        .map(|(shelf, label, count, tone)| {
            let key = state.env.keymap.key_for(Command::ShowCategory(shelf)).unwrap_or_default();
            (shelf, key, label, count, tone)
        })
        .collect();
    let fits = |name: &dyn Fn(Shelf, &str) -> String| {
        let used: usize = keyed
            .iter()
            .map(|(shelf, key, label, count, _)| {
                let named = name(*shelf, label);
                width_of(key)
                    + 1
                    + width_of(&named)
                    + usize::from(!named.is_empty())
                    + digits(*count)
                    + 2
            })
            .sum();
        used <= usize::from(width)
    };
    let full = |_: Shelf, label: &str| label.to_string();
    let none = |_: Shelf, _: &str| String::new();
    let name: &dyn Fn(Shelf, &str) -> String = if fits(&full) {
        &full
    } else if fits(&short_label) {
        &short_label
    } else {
        &none
    };
    let mut spans = Vec::new();
    for (shelf, key, label, count, tone) in &keyed {
        let listed = state.org.inbox.shelf.lists(*shelf);
        let style = if listed { theme.tab_active } else { theme.tone(*tone) };
        let named = name(*shelf, label);
        let text = if named.is_empty() { count.to_string() } else { format!("{named} {count}") };
        spans.push(Span::styled(format!("{key} "), theme.key));
        spans.push(Span::styled(text, style));
        spans.push(Span::raw("  "));
    }
    Line::from(spans)
}

/// A shelf's name for a bar on a narrow terminal: a short word per named category.
fn short_label(shelf: Shelf, _: &str) -> String {
    let short = match shelf {
        Shelf::All => "all",
        Shelf::Other => "Oth",
        Shelf::Interested => "Int",
        Shelf::Meeting => "Meet",
        Shelf::Referral => "Ref",
        Shelf::Converted => "Conv",
        Shelf::NotNow => "Later",
        Shelf::Waiting => "Wait",
        Shelf::NotInterested => "No",
        Shelf::Unsubscribe => "Unsub",
    };
    short.to_string()
}

fn width_of(text: &str) -> usize {
    crate::text::width(text)
}

fn digits(count: usize) -> usize {
    count.to_string().len()
}
