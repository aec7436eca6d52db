//! What the line mode prints of the state: the rows of the list in view, numbered; the row
//! selected; the item opened (its detail, or its e-mail chain without box drawing); "Needs
//! you"; the Overview's numbers. Plain lines, each sanitised where it is written.

use crate::chain::LineKind;
use crate::text::count;
use crate::tui::model::Connection;
use crate::tui::model::Pane;
use crate::tui::resource::in_view::{open_detail_text, row_texts};
use crate::tui::resource::{current_is_loading, current_loaded_at, loading_labels};
use crate::tui::state::AppState;

/// Rows printed at a time; `more` prints the next.
pub const PAGE: usize = 20;

/// Whether the "Needs you" list is what the Overview shows.
pub fn needs_open(state: &AppState) -> bool {
    state.panes.pane == Pane::Overview && state.org.inbox.speed_open
}

/// Whether what the pane lists is still being read (nothing to print yet): a group's lines
/// not all read; connecting, or its lists not read once and no failure said, or read again
/// with no row yet.
pub fn loading(state: &AppState) -> bool {
    // A group's lines are printed once each is read or said why not, whatever the panes'
    // organisation's connection does meanwhile.
    if state.group_lines_shown() {
        return state.group.orgs.iter().any(|entry| entry.line.is_none() && entry.error.is_none());
    }
    match &state.server.connection {
        Connection::Connecting => return true,
        Connection::Ready(_) => {}
        Connection::NeedsKey { .. } | Connection::Failed { .. } => return false,
    }
    if state.transient.last_error.is_some() {
        return false;
    }
    // "Needs you" is counted from every list: it is whole once none is being read.
    if needs_open(state) {
        return !loading_labels(state).is_empty();
    }
    current_loaded_at(state).is_none()
        || (current_is_loading(state)
            && state.current_list().is_none_or(|list| list.order().is_empty()))
}

/// What is being read, in words, for a progress line.
pub fn loading_words(state: &AppState) -> String {
    if state.group_lines_shown() {
        return "the group's organisations".into();
    }
    let labels = loading_labels(state);
    if labels.is_empty() { "the list".into() } else { labels.join(", ") }
}

/// The rows from `from` on (a page of them), with a heading first when `from` is 0, and
/// what to type for the rest. Returns the lines and where the next page starts.
pub fn rows(state: &AppState, from: usize) -> (Vec<String>, usize) {
    if needs_open(state) {
        return page(needs(state), from);
    }
    if state.group_lines_shown() {
        return page(group(state), from);
    }
    let Some(list) = state.current_list() else { return (overview(state), 0) };
    let total = list.order().len();
    let title = state.panes.pane.title();
    let mut lines = Vec::new();
    if from == 0 {
        let filter = list.filter();
        let filtered =
            if filter.is_empty() { String::new() } else { format!(" matching '{filter}'") };
        lines.push(format!("{title}: {}{filtered}.", count(total, "row", "rows")));
    }
    for (index, cells) in row_texts(state, from, PAGE).into_iter().enumerate() {
        lines.push(format!("{}. {}", from + index + 1, joined(&cells)));
    }
    let next = (from + PAGE).min(total);
    if next < total {
        lines.push(format!("{} more: type more.", total - next));
    }
    (lines, next)
}

/// A page of a list printed whole: its heading when it starts, then its numbered lines
/// from `from` on.
fn page(lines: Vec<String>, from: usize) -> (Vec<String>, usize) {
    let total = lines.len().saturating_sub(1);
    let mut iter = lines.into_iter();
    let heading = iter.next();
    let mut out: Vec<String> = if from == 0 { heading.into_iter().collect() } else { Vec::new() };
    out.extend(iter.skip(from).take(PAGE));
    let next = (from + PAGE).min(total);
    if next < total {
        out.push(format!("{} more: type more.", total - next));
    }
    (out, next)
}

/// The row selected, as its number and cells.
pub fn selected(state: &AppState) -> Vec<String> {
    if needs_open(state) {
        let row = state.panes.needs_row;
        return needs(state).into_iter().skip(1).nth(row).into_iter().collect();
    }
    let Some(list) = state.current_list() else { return Vec::new() };
    let at = list.selected();
    match row_texts(state, at, 1).first() {
        Some(cells) => vec![format!("{}. {}", at + 1, joined(cells))],
        None => vec!["No row is selected.".into()],
    }
}

/// The cells of a row, the empty ones left out: "Ann Lee — Acme — Interested — 2h". A
/// cell with no word in it (a count, a date) is said with its column's name: "Replies 3".
fn joined(cells: &[(&'static str, String)]) -> String {
    let said: Vec<String> = (cells.iter())
        .map(|(header, text)| (header.trim(), text.trim()))
        // "…" stands for a snippet not read yet: nothing to say.
        .filter(|(_, text)| !text.is_empty() && *text != "…")
        .map(|(header, text)| {
            let worded = text.chars().any(char::is_alphabetic);
            if worded || header.is_empty() { text.to_string() } else { format!("{header} {text}") }
        })
        .collect();
    said.join(" — ")
}

/// The item opened, once it can be printed: the e-mail chain as read and laid out, or the
/// detail. `None` while it is still being read.
pub fn item(state: &AppState) -> Option<Vec<String>> {
    if let Some(chain) = state.opened_chain() {
        if chain.remote.data.is_none() && chain.remote.error.is_none() {
            return None;
        }
        if chain.layout_pending.is_some() || chain.layout.lines.is_empty() {
            return chain.remote.error.is_some().then(Vec::new);
        }
        return Some(chain.layout.lines.iter().map(chain_line).collect());
    }
    open_detail_text(state)
}

/// One line of the chain as text: a message's rule is said in words, not drawn.
fn chain_line(line: &crate::chain::ChainLine) -> String {
    match line.kind {
        LineKind::Rule => {
            let star = if line.starred { ", starred" } else { "" };
            format!("Message {}{star}:", line.text)
        }
        LineKind::Header | LineKind::Subject => {
            format!("{} {}", line.label_cell().trim_end(), line.text)
        }
        _ => line.text.trim_end().to_string(),
    }
}

/// A group's lines in words, numbered: each organisation with the numbers its line on the
/// dashboard shows, each named ("New 3 — Hot waiting 1 — Oldest waits 2h …"), or why it
/// could not be read.
fn group(state: &AppState) -> Vec<String> {
    let group = &state.group;
    let columns = crate::present::columns::standing::screen();
    let context = crate::present::Context::new(&state.env.zone, state.env.now);
    let title = group.title();
    let title =
        title.get(..1).unwrap_or_default().to_uppercase() + title.get(1..).unwrap_or_default();
    let organisations = count(group.orgs.len(), "organisation", "organisations");
    let mut lines = vec![format!("{title}: {organisations} (open N narrows to one).")];
    for (index, entry) in group.orgs.iter().enumerate() {
        let said = match (&entry.line, &entry.error) {
            (_, Some(error)) => format!("not read: {error}"),
            (Some(line), None) => {
                let texts = crate::present::columns::texts(&columns, line, &context);
                let named = (columns.iter().zip(texts))
                    .filter(|(_, text)| !text.trim().is_empty())
                    .map(|(column, text)| format!("{} {}", column.header, text.trim()));
                named.collect::<Vec<_>>().join(" — ")
            }
            (None, None) => "being read".into(),
        };
        let read_only = if entry.read_only { " (read-only)" } else { "" };
        lines.push(format!("{}. {}{read_only} — {said}", index + 1, entry.org));
    }
    lines
}

/// "Needs you", numbered: what to do, when it is due, why.
fn needs(state: &AppState) -> Vec<String> {
    let needs = state.org.needs(state.env.now, state.env.zone);
    let context = crate::tui::resource::context(state);
    let heading = if needs.is_empty() { " Nothing needs you now." } else { "" };
    let mut lines = vec![format!("Needs you: {}.{heading}", count(needs.len(), "item", "items"))];
    for (index, need) in needs.iter().enumerate() {
        let (due, _) = crate::present::columns::needs::due_words(need, &context);
        let due =
            if due.trim().is_empty() { String::new() } else { format!(" — {}", due.trim()) };
        lines.push(format!("{}. {}{due} — {}", index + 1, need.task, need.why));
    }
    lines
}

/// The Overview, in words: the inbox's numbers as the status line says them, then its
/// tiles' counts as `outreach status` counts them.
fn overview(state: &AppState) -> Vec<String> {
    let (now, zone) = (state.env.now, state.env.zone);
    let numbers = state.org.numbers(now, zone);
    let summary = state.org.summary(now, zone);
    let statuses: Vec<String> = (summary.campaigns.by_status.iter())
        .map(|(status, n)| format!("{n} {}", status.to_lowercase()))
        .collect();
    let meetings = &summary.meetings;
    let next = meetings.next.as_ref().map(|meeting| {
        format!("; the next with {} on {}", meeting.contact_name, zone.date_time(meeting.start.0))
    });
    let bots = &summary.bots;
    vec![
        format!("Overview: {}.", crate::glance::words(&numbers, now)),
        format!("Campaigns: {}: {}.", summary.campaigns.total, statuses.join(", ")),
        format!(
            "Replies: {} in the last 7 days, {} today.",
            summary.replies.last_7_days, summary.replies.today
        ),
        format!(
            "Meetings: {} today, {} in the next 7 days{}.",
            meetings.today,
            meetings.next_7_days,
            next.unwrap_or_default()
        ),
        format!(
            "Bots: {}: {} healthy, {} need attention, {} ending, {} cooling off, {} retired.",
            bots.total,
            bots.healthy,
            bots.needing_attention.len(),
            bots.ending.len(),
            bots.cooling_off.len(),
            bots.retired.len()
        ),
        "todo lists what needs you; campaigns, bots, meetings list those.".into(),
    ]
}
