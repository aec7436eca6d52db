//! Starting a campaign (endpoint 13): the confirmation names the campaign, its status,
//! what starting means, the organisation and its pre-flight checks, each passed, blocking
//! or warning; a failed one is passed only deliberately (see `confirm`). The answer shows
//! in the dialog (a refusal, in words) or as a toast, and the list reloads either way.

use crate::api::{ApiError, CampaignStatus};
use crate::text::sanitize;
use crate::tui::action::Effect;
use crate::tui::intent::Intent;
use crate::tui::keymap::intents::Dialog;
use crate::tui::model::Slot;
use crate::tui::resource::in_view;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::{Confirm, Submission, Tone};
use crate::tui::submit::request::{WriteRequest, Written};
use crate::tui::update::forms::common::{campaign_label, close, organisation, refresh, toast};
use crate::tui::update::forms::failure::LogInAgain;
use crate::tui::update::forms::failure::failure_text;
use crate::tui::update::forms::preflight;

/// Asks before starting a campaign: the one given, else the one in view.
pub(crate) fn ask(state: &mut AppState, campaign_id: Option<i64>) -> Vec<Effect> {
    let Some(id) = campaign_id.or_else(|| in_view::campaign_id(state)) else {
        toast(state, Tone::Warning, "Select a campaign to start first (2 shows Campaigns).");
        return Vec::new();
    };
    let campaign = state.org.store.campaigns.items().iter().find(|c| c.id == id).cloned();
    let (lines, warning, force) = match campaign {
        Some(campaign) => {
            let status = sanitize(campaign.status.as_str());
            let mut lines = vec![
                format!("Start '{}' (#{id}) {}?", sanitize(&campaign.name), organisation(state)),
                format!("Its status is {status}."),
                "Starting makes it ACTIVE: exchanges begin shortly after.".to_string(),
            ];
            let (checks, failed) = preflight::checks(state, &campaign);
            lines.extend(checks);
            let warning = (campaign.status != CampaignStatus::Pending).then(|| {
                format!(
                    "Only a PENDING campaign can be started; this one is {status}, so the server will most likely refuse."
                )
            });
            let force = failed.is_some();
            let warning = match (warning, failed) {
                (Some(status), Some(failed)) => Some(format!("{status} {failed}")),
                (status, failed) => status.or(failed),
            };
            (lines, warning, force)
        }
        None => (
            vec![
                format!("Start campaign #{id} {}?", organisation(state)),
                "It is not among the loaded campaigns, so its status is unknown here.".into(),
                "Starting makes a PENDING campaign ACTIVE: exchanges begin shortly after.".into(),
            ],
            None,
            false,
        ),
    };
    state.transient.overlay = Some(Overlay::Confirm(Box::new(Confirm {
        title: "Start campaign".into(),
        lines,
        warning,
        write: Some(WriteRequest::StartCampaign { campaign_id: id }),
        force,
        ..Confirm::default()
    })));
    Vec::new()
}

/// The start's answer: a toast and a fresh list, or the reason in the dialog.
pub(crate) fn finished(
    state: &mut AppState,
    submission: Submission,
    result: Result<Written, ApiError>,
) -> Vec<Effect> {
    let WriteRequest::StartCampaign { campaign_id } = submission.write else { return Vec::new() };
    let name = match &submission.org {
        Some(org) => crate::tui::update::group_rows::campaign_label(state, org, campaign_id),
        None => campaign_label(state, campaign_id),
    };
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
            let again = LogInAgain::from(state, Dialog::Confirm { force: false });
            let yes = state.how_to_answer(Dialog::Confirm { force: false }, &Intent::Yes);
            let text = format!(
                "{name} was not started. {}",
                failure_text(&error, &format!("{yes} tries again."), &again)
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
