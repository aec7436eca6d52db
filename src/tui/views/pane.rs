//! The frame every pane shares: its bordered block, a list's title and table (or why there
//! is none yet), and an open item's detail.

use crate::api::{ApiError, wait_words};
use crate::present::cause::cause;
use crate::present::{self, Context, Shown};
use crate::text::{count, sanitize, truncate};
use crate::tui::command::Command;
use crate::tui::lists::list::ListState;
use crate::tui::remote::Remote;
use crate::tui::resource::in_view::detail_lines;
use crate::tui::resource::{PaneList, context};
use crate::tui::state::AppState;
use crate::tui::views::trail::esc_hint;
use crate::tui::views::waiting;
use crate::tui::widgets::table;
use crate::tui::widgets::{detail, problem};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;

/// A list resource's pane: its title (name, counts, filter, then `extra`) and its table,
/// from the resource's own remote, list and columns.
pub(super) fn render_pane_list<R: PaneList>(
    frame: &mut Frame,
    area: Rect,
    state: &AppState,
    extra: Vec<Span<'static>>,
) {
    render_pane_list_adjusted::<R>(frame, area, state, extra, |_, _| {});
}

/// [`render_pane_list`] with each visible row's cells adjusted by its item (the inbox's
/// bold new rows and marked rows).
pub(super) fn render_pane_list_adjusted<R: PaneList>(
    frame: &mut Frame,
    area: Rect,
    state: &AppState,
    extra: Vec<Span<'static>>,
    mut adjust: impl FnMut(&R::Item, &mut Vec<Shown>),
) {
    let (Some(remote), Some(list)) = (R::remote(state), state.list(R::PANE)) else { return };
    let title = list_title(state, R::PANE.title(), remote, list, extra, area.width);
    let context = context(state);
    let mut columns = R::columns();
    columns.retain(|column| (column.shown)(&context));
    let what = R::SLOT.label();
    render_list(
        frame,
        area,
        state,
        what,
        remote,
        list,
        title,
        &columns,
        &context,
        |item, _, cells| adjust(item, cells),
    );
}

/// The bordered block of a pane with its title spans.
pub(super) fn pane_block<'a>(state: &AppState, title: Vec<Span<'a>>) -> Block<'a> {
    let mut spans = vec![Span::raw(" ")];
    spans.extend(title);
    spans.push(Span::raw(" "));
    Block::bordered().title(Line::from(spans)).border_style(state.env.theme.border)
}

/// Title spans of a list: name, counts, filter, `extra`, and the loading or failed mark,
/// fitted to a pane `width` cells wide: when they do not fit, the extras give way from the
/// last, then the indexing note, so no part is cut mid-word by the border; what is left too
/// long is cut at its end with `…`.
pub(super) fn list_title<T>(
    state: &AppState,
    name: &str,
    remote: &Remote<T>,
    list: &ListState,
    extra: Vec<Span<'static>>,
    width: u16,
) -> Vec<Span<'static>> {
    let theme = &state.env.theme;
    let titled = crate::tui::views::trail::list_name(state, name, width);
    let mut spans = vec![Span::styled(titled, theme.title)];
    if remote.data.is_some() {
        // Narrowed by the filter, or by the inbox's category and handled filters.
        let count = if list.filter().is_empty() && list.order().len() == list.total() {
            format!(" {}", list.total())
        } else {
            format!(" {} of {}", list.order().len(), list.total())
        };
        spans.push(Span::styled(count, theme.dim));
    }
    if !list.filter().is_empty() {
        spans.push(Span::styled(format!(" /{}", sanitize(list.filter())), theme.accent));
    }
    // Parts that give way, the first to go last in this list.
    let mut yielding = Vec::new();
    // A large list is shown at once and searchable as a worker indexes it.
    if let Some(percent) = list.indexing_percent().filter(|_| remote.data.is_some()) {
        yielding.push(Span::styled(format!(" · indexing {percent}%"), theme.dim));
    } else if list.searching() {
        yielding.push(Span::styled(" · searching", theme.dim));
    }
    yielding.extend(extra);
    let mut marks = Vec::new();
    if let Some(data) = remote.data.as_ref().filter(|data| data.skipped > 0) {
        let text = format!(" ⚠ {} could not be read", count(data.skipped, "item", "items"));
        marks.push(Span::styled(text, theme.warning));
    }
    marks.extend(load_mark(state, remote, name));
    fit_spans(spans, yielding, marks, usize::from(width.saturating_sub(4)))
}

/// The loading or failed mark of a list's title: the wait in words once it is long, the
/// failure's cause (the whole text is in `?` help).
fn load_mark<T>(state: &AppState, remote: &Remote<T>, name: &str) -> Option<Span<'static>> {
    let theme = &state.env.theme;
    if remote.is_loading() {
        let what = name.to_lowercase();
        return Some(match waiting::words(state, remote, &what) {
            Some(words) => Span::styled(format!(" ⟳ {words}"), theme.warning),
            None => Span::styled(" ⟳ loading", theme.warning),
        });
    }
    match (&remote.error, &remote.data) {
        // The server's wait is worth the room: that r need not wait first (a narrow title
        // cuts the end), then how long and until when.
        (Some(ApiError::RateLimited { wait, until }), Some(_)) => {
            let asks = wait.map_or_else(String::new, |wait| {
                format!(": the server asks to wait {}", wait_words(wait, *until))
            });
            let refresh = state.key_label(Command::Refresh, "r");
            let text = format!(" ⚠ Rate limited (429), {refresh} tries now{asks}");
            Some(Span::styled(text, theme.error))
        }
        (Some(error), Some(_)) => Some(Span::styled(format!(" ⚠ {}", cause(error)), theme.error)),
        _ => None,
    }
}

/// `kept`, then as many of `yielding` as fit (the last gives way first), then `marks`; the
/// whole cut to `room` cells with `…` when even that is too long.
pub(super) fn fit_spans(
    kept: Vec<Span<'static>>,
    mut yielding: Vec<Span<'static>>,
    marks: Vec<Span<'static>>,
    room: usize,
) -> Vec<Span<'static>> {
    let width = |spans: &[Span]| spans.iter().map(Span::width).sum::<usize>();
    let fixed = width(&kept) + width(&marks);
    while !yielding.is_empty() && fixed + width(&yielding) > room {
        yielding.pop();
    }
    let mut spans = kept;
    spans.extend(yielding);
    spans.extend(marks);
    let mut left = room;
    let mut fitted = Vec::with_capacity(spans.len());
    for span in spans {
        if left == 0 {
            break;
        }
        let cells = span.width();
        if cells <= left {
            left -= cells;
            fitted.push(span);
        } else {
            fitted.push(Span::styled(truncate(&span.content, left), span.style));
            left = 0;
        }
    }
    fitted
}

/// A list pane: its table, or why there is none yet (loading, failed, empty, no match).
/// The cells come from the shared column definitions; `adjust` may change a row's cells
/// by its place on screen (the agenda's day heading).
#[expect(clippy::too_many_arguments)]
pub(super) fn render_list<T>(
    frame: &mut Frame,
    area: Rect,
    state: &AppState,
    what: &str,
    remote: &Remote<T>,
    list: &ListState,
    title: Vec<Span<'static>>,
    columns: &[present::Column<T>],
    context: &Context,
    mut adjust: impl FnMut(&T, usize, &mut Vec<Shown>),
) {
    let theme = &state.env.theme;
    let block = pane_block(state, title);
    match (&remote.data, &remote.error) {
        (None, Some(error)) => {
            let advice = state.advice(error);
            problem::render(frame, area, block, what, (error, &advice), theme)
        }
        (None, None) => {
            let text = match waiting::words(state, remote, what) {
                Some(words) => format!("{}…", capitalised(&words)),
                // A large list let go while it is read again (its ids stay for the selection).
                None if list.total() > 0 => format!("Reading the {} {what} again…", list.total()),
                None => format!("Loading {what}…"),
            };
            problem::message(frame, area, block, &text, theme.dim)
        }
        (Some(_), _) if list.order().is_empty() => {
            let text = if !list.filter().is_empty() {
                let back = state.key_label(Command::Back, "Esc");
                format!("No {what} match '{}'. {back} clears the filter.", sanitize(list.filter()))
            } else if state.panes.pane.has_server_filters() {
                let filters = state.key_label(Command::EditQuery, "f");
                format!("No {what} for these filters; {filters} changes them.")
            } else {
                format!("No {what}.")
            };
            problem::message(frame, area, block, &text, theme.dim);
        }
        (Some(data), _) => {
            let items = &data.items;
            let sort = state.panes.sorts.get(state.panes.pane).filter(|_| list.is_sorted());
            let headers: Vec<table::Column> = (columns.iter())
                .map(|column| table::Column {
                    mark: sort
                        .filter(|sort| column.sort_name().as_deref() == Some(sort.name.as_str()))
                        .map(|sort| sort.arrow()),
                    ..table::Column::from(column)
                })
                .collect();
            table::render(frame, area, block, &headers, list, theme, |index, position| {
                let Some(item) = items.get(index) else {
                    return Vec::new();
                };
                let mut cells = present::columns::shown(columns, item, context);
                adjust(item, position, &mut cells);
                cells
            });
        }
    }
}

/// The block of an open detail, or a note that the item is gone.
pub(super) fn render_detail(frame: &mut Frame, area: Rect, state: &AppState, title: &str) {
    let detail = state.current_detail();
    let block = pane_block(
        state,
        vec![
            Span::styled(title.to_string(), state.env.theme.title),
            Span::styled(esc_hint(state), state.env.theme.dim),
            Span::styled(jump_hint(state), state.env.theme.dim),
        ],
    );
    match (detail_lines(state), detail) {
        (Some(lines), Some(detail)) => detail::render(frame, area, block, lines, detail.scroll),
        _ => {
            let back = state.key_label(Command::Back, "Esc");
            let text = format!(
                "This item is no longer in the list (it changed on refresh). {back} goes back."
            );
            problem::message(frame, area, block, &text, state.env.theme.dim)
        }
    }
}

/// Where `J` leads from the open item: ` · J conversation`.
fn jump_hint(state: &AppState) -> String {
    let key = state.env.keymap.key_for(crate::tui::command::Command::Jump);
    match (key, crate::tui::resource::in_view::leads_to(state)) {
        (Some(key), Some(leads)) => format!(" · {key} {leads}"),
        _ => String::new(),
    }
}

/// `text` with its first letter upper-case, to begin a sentence.
pub(super) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}
