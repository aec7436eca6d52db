//! Starting a campaign (endpoint 13): a dialog naming the campaign, its status, what
//! starting means and its pre-flight checks, passed or failed; `y` or Enter sends, any other key closes. The answer shows in the
//! dialog (a refusal, in words) or as a toast, and the list reloads either way.

use crate::api::{ApiError, CampaignStatus};
use crate::needs::preflight::preflight;
use crate::text::sanitize;
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::model::Slot;
use crate::tui::resource::in_view;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::{Confirm, Submission, Tone};
use crate::tui::submit::request::{WriteRequest, Written};
use crate::tui::update::forms::common::{begin, campaign_label, close, refresh, refusal, toast};
use crate::tui::update::forms::failure::failure_text;
use crossterm::event::{KeyCode, KeyEvent};

/// Asks before starting a campaign: the one given, else the one in view.
pub(crate) fn ask(state: &mut AppState, campaign_id: Option<i64>) -> Vec<Effect> {
    let Some(id) = campaign_id.or_else(|| in_view::campaign_id(state)) else {
        toast(state, Tone::Warning, "Select a campaign to start first (2 shows Campaigns).");
        return Vec::new();
    };
    let campaign = state.org.store.campaigns.items().iter().find(|c| c.id == id);
    let (lines, warning) = match campaign {
        Some(campaign) => {
            let status = sanitize(campaign.status.as_str());
            let warning = (campaign.status != CampaignStatus::Pending).then(|| {
                format!(
                    "Only a PENDING campaign can be started; this one is {status}, so the server will most likely refuse."
                )
            });
            let mut lines = vec![
                format!("Start '{}' (#{id})?", sanitize(&campaign.name)),
                format!("Its status is {status}."),
                "Starting makes it ACTIVE: exchanges begin shortly after.".to_string(),
            ];
            let bots = state.org.store.bots.data.as_ref().map(|data| &data.items[..]);
            let checks = preflight(campaign, bots.unwrap_or_default());
            lines.push("Pre-flight:".into());
            lines.extend(
                checks.iter().map(|check| {
                    format!("{} {}", if check.passed { "✓" } else { "✗" }, check.line)
                }),
            );
            if bots.is_none() {
                lines.push("(the bots are not loaded yet: their checks count none)".into());
            }
            let failed = checks.iter().filter(|check| !check.passed).count();
            let warning = warning.or_else(|| {
                (failed > 0).then(|| {
                    format!(
                        "{} failed: y starts it anyway.",
                        crate::text::count(failed, "pre-flight check", "pre-flight checks")
                    )
                })
            });
            (lines, warning)
        }
        None => (
            vec![
                format!("Start campaign #{id}?"),
                "It is not among the loaded campaigns, so its status is unknown here.".into(),
                "Starting makes a PENDING campaign ACTIVE: exchanges begin shortly after.".into(),
            ],
            None,
        ),
    };
    state.transient.overlay = Some(Overlay::Confirm(Confirm {
        title: "Start campaign".into(),
        lines,
        warning,
        write: Some(WriteRequest::StartCampaign { campaign_id: id }),
        replies: Vec::new(),
        error: None,
    }));
    Vec::new()
}

/// `y` or Enter sends (again, after a failure); any other key closes. Keys wait while the
/// start is in flight.
pub(crate) fn on_confirm_key(
    state: &mut AppState,
    mut confirm: Confirm,
    key: KeyEvent,
) -> Vec<Effect> {
    if state.transient.submission.is_some() {
        state.transient.overlay = Some(Overlay::Confirm(confirm));
        return Vec::new();
    }
    if !matches!(key.code, KeyCode::Char('y' | 'Y') | KeyCode::Enter) {
        return Vec::new();
    }
    let Some(write) = confirm.write.clone() else {
        // Nothing to send: a bulk triage, kept on this machine.
        return crate::tui::update::triage::handled_confirmed(state, &confirm.replies);
    };
    confirm.error = refusal(state);
    let refused = confirm.error.is_some();
    let replies = confirm.replies.clone();
    state.transient.overlay = Some(Overlay::Confirm(confirm));
    if refused { Vec::new() } else { begin(state, write, None, replies) }
}

/// The start's answer: a toast and a fresh list, or the reason in the dialog.
pub(crate) fn finished(
    state: &mut AppState,
    submission: Submission,
    result: Result<Written, ApiError>,
) -> Vec<Effect> {
    let WriteRequest::StartCampaign { campaign_id } = submission.write else { return Vec::new() };
    let name = campaign_label(state, campaign_id);
    match result {
        Ok(written) => {
            close(state);
            let said = match written {
                Written::Started(reply) => {
                    reply.message.map(|m| format!(" The server said: \"{}\".", sanitize(&m)))
                }
                _ => None,
            };
            let text = format!(
                "Started {name}: it is ACTIVE now; exchanges begin shortly after.{}",
                said.unwrap_or_default()
            );
            toast(state, Tone::Success, text);
            refresh(state, &[Slot::Campaigns, Slot::Exchanges, Slot::RecentReplies])
        }
        Err(error) => {
            let login = state.key_label(Command::Login, "L");
            let text = format!(
                "{name} was not started. {}",
                failure_text(&error, "y tries again.", &login)
            );
            match state.transient.overlay.as_mut() {
                Some(Overlay::Confirm(confirm)) => confirm.error = Some(text),
                _ => toast(state, Tone::Failure, text),
            }
            // The status shown may be out of date: that is often why a start is refused.
            refresh(state, &[Slot::Campaigns])
        }
    }
}
