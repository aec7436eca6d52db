//! The merged inbox's rows in view read their chains for their line, as the single inbox's
//! rows do (`super::chains`): each with its own organisation's key, a few at a time; what
//! was read stays on the row across its organisation's reads while the reply has not moved,
//! and a chain that could not be read is not asked again for the same move.

use crate::api::{ApiError, Timestamp};
use crate::inbox::Snippet;
use crate::tui::action::Effect;
use crate::tui::group::{OrgId, OrgReply};
use crate::tui::inbox::SNIPPETS_IN_FLIGHT;
use crate::tui::inbox::jobs::SnippetJob;
use crate::tui::model::Pane;
use crate::tui::state::AppState;
use crate::tui::watched::Watched;
use std::sync::Arc;

/// Rows beyond the visible ones whose lines are read ahead, so scrolling finds them.
const READ_AHEAD: usize = 20;

/// A chain asked for, by its organisation, exchange and the move it was asked at.
pub type Asked = (OrgId, i64, Option<Timestamp>);

/// Whether the row shows no line of its chain yet (an absence says its own words).
fn wants_line(reply: &OrgReply) -> bool {
    reply.snippet.as_ref().is_none_or(|snippet| snippet.line.is_empty() && snippet.away.is_none())
}

/// The chains of the merged rows in view (then a few beyond) that show no line yet, at most
/// [`SNIPPETS_IN_FLIGHT`] at a time.
pub(crate) fn read_in_view(state: &mut AppState) -> Vec<Effect> {
    if !state.group.merges(Pane::Exchanges) {
        return Vec::new();
    }
    let group = &state.group;
    let room = SNIPPETS_IN_FLIGHT.saturating_sub(group.inbox.reading.len());
    if room == 0 {
        return Vec::new();
    }
    let rows = group.inbox.rows(&group.orgs, &state.merged_context());
    let height = crate::tui::layout::list_rows(state);
    let start = group.inbox.list.offset(height).min(rows.len());
    let end = (start + height + READ_AHEAD).min(rows.len());
    let asked = |row: &crate::tui::group::inbox::MergedRow| -> Asked {
        (row.org_id().clone(), row.reply.id(), row.reply.updated_at())
    };
    let wanted: Vec<(Asked, SnippetJob)> = rows[start..end]
        .iter()
        .filter(|row| wants_line(row.reply))
        .map(|row| (asked(row), row))
        .filter(|(asked, _)| {
            !group.inbox.reading.contains(asked) && !group.inbox.tried.contains(asked)
        })
        .take(room)
        .map(|(asked, row)| {
            let job = SnippetJob {
                exchange_id: row.reply.id(),
                updated_at: row.reply.updated_at(),
                contact: row.reply.email().to_string(),
                // Another organisation's contacts are not loaded: the user's zone tells
                // when an absence ends, as for a contact without one.
                zone: state.env.zone,
            };
            (asked, job)
        })
        .collect();
    // Work in flight is not drawn.
    let inbox = &mut Watched::quietly(&mut state.group).inbox;
    let reads = wanted.into_iter().map(|(asked, job)| {
        let org = asked.0.clone();
        inbox.reading.insert(asked);
        Effect::ReadSnippetFor { org, job }
    });
    reads.collect()
}

/// A merged row's chain was read: its line shown while the reply has not moved since.
pub(crate) fn on_read(
    state: &mut AppState,
    org: OrgId,
    job: SnippetJob,
    result: Result<Option<Snippet>, ApiError>,
) -> Vec<Effect> {
    let asked = (org, job.exchange_id, job.updated_at);
    let inbox = &mut Watched::quietly(&mut state.group).inbox;
    inbox.reading.remove(&asked);
    inbox.tried.insert(asked.clone());
    let Ok(Some(snippet)) = result else { return Vec::new() };
    let Some(entry) = state.group.orgs.iter_mut().find(|entry| entry.org == asked.0) else {
        return Vec::new();
    };
    let mut rows = entry.replies.to_vec();
    let row = rows.iter_mut().find(|reply| reply.id() == asked.1 && reply.updated_at() == asked.2);
    if let Some(row) = row {
        row.snippet = Some(snippet);
        entry.replies = Arc::from(rows);
    }
    Vec::new()
}

/// An organisation's rows read again, with the lines its rows showed kept where the reply
/// has not moved (a look remembers who wrote last, not the words).
pub(crate) fn carried(old: &[OrgReply], new: Arc<[OrgReply]>) -> Arc<[OrgReply]> {
    let shown: std::collections::HashMap<(i64, Option<Timestamp>), &Snippet> = old
        .iter()
        .filter_map(|reply| Some(((reply.id(), reply.updated_at()), reply.snippet.as_ref()?)))
        .filter(|(_, snippet)| !snippet.line.is_empty())
        .collect();
    if shown.is_empty() || !new.iter().any(wants_line) {
        return new;
    }
    let mut rows = new.to_vec();
    for row in rows.iter_mut().filter(|row| wants_line(row)) {
        if let Some(snippet) = shown.get(&(row.id(), row.updated_at())) {
            row.snippet = Some((*snippet).clone());
        }
    }
    Arc::from(rows)
}
