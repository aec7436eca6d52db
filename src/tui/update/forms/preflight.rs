//! The pre-flight of a campaign about to start, as the confirmation shows it: whether a
//! start (`s`) or an upload-and-start into a PENDING campaign asked for it.

use crate::api::Campaign;
use crate::needs::preflight::{failed_summary, preflight};
use crate::tui::state::AppState;
use crate::tui::update::forms::common::organisation;

/// The pre-flight of starting `campaign`, for the confirmation: a heading naming the
/// organisation, one line per check, and whether one failed (so only `F` passes it).
pub(super) fn checks(state: &AppState, campaign: &Campaign) -> (Vec<String>, Option<String>) {
    let bots = state.org.store.bots.data.as_ref().map(|data| &data.items[..]);
    let checks = preflight(campaign, bots.unwrap_or_default());
    let mut lines = vec![format!("Pre-flight {}:", organisation(state))];
    lines.extend(checks.iter().map(|check| check.shown()));
    if bots.is_none() {
        lines.push("(the bots are not loaded yet: their checks count none)".into());
    }
    let failed = failed_summary(&checks).map(|failed| format!("{failed}."));
    (lines, failed)
}
