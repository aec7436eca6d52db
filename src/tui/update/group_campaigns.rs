//! The merged Campaigns' and Bots' keys (a group open, not narrowed, on either pane): the
//! keys every merged list has, `s` starting the campaign under the cursor with its own
//! organisation's key after a question naming both ("Start 'Spring launch' for globex?"),
//! and `Enter` narrowing the dashboard to the row's organisation, on the same pane.

use crate::api::CampaignStatus;
use crate::text::sanitize;
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::model::Pane;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::Confirm;
use crate::tui::submit::request::WriteRequest;
use crate::tui::update::group_lists;
use crate::tui::update::group_rows::{self, org_name};
use crate::tui::update::outside;

/// A command on the merged Campaigns; `None` leaves it to the dashboard.
pub(crate) fn command(state: &mut AppState, command: Command) -> Option<Vec<Effect>> {
    if let Some(effects) = group_lists::command(state, command) {
        return Some(effects);
    }
    match command {
        Command::StartCampaign => start(state),
        Command::Open => return Some(open(state)),
        Command::UploadContact => group_lists::one_at_a_time(state),
        command if group_lists::works_in_one(command) => group_lists::one_at_a_time(state),
        _ => return None,
    }
    Some(Vec::new())
}

/// `s`: the question before starting the campaign under the cursor, naming it and its
/// organisation; refused at once when that organisation's profile is read-only.
fn start(state: &mut AppState) {
    let Some(row) = state.group.campaigns.campaign(&state.group.orgs, &state.merged_context())
    else {
        state.transient.notice = Some("No campaign is selected.".into());
        return;
    };
    let (org, campaign) = (row.org.org.clone(), row.item.clone());
    if let Some(why) = group_rows::refusal(state, &org) {
        state.transient.notice = Some(why);
        return;
    }
    let (name, status) = (sanitize(&campaign.name), sanitize(campaign.status.as_str()));
    let warning = (campaign.status != CampaignStatus::Pending).then(|| {
        format!(
            "Only a PENDING campaign can be started; this one is {status}, so the server will most likely refuse."
        )
    });
    state.transient.overlay = Some(Overlay::Confirm(Box::new(Confirm {
        title: "Start campaign".into(),
        lines: vec![
            format!("Start '{name}' for {}?", org_name(&org)),
            format!("Its status is {status}. Sent with profile {}'s key.", org_name(&org)),
            "Starting makes it ACTIVE: exchanges begin shortly after.".to_string(),
        ],
        warning,
        write: Some(WriteRequest::StartCampaign { campaign_id: campaign.id }),
        org: Some(org),
        ..Confirm::default()
    })));
}

/// A command on the merged Bots; `None` leaves it to the dashboard.
pub(crate) fn bots_command(state: &mut AppState, command: Command) -> Option<Vec<Effect>> {
    if let Some(effects) = group_lists::command(state, command) {
        return Some(effects);
    }
    match command {
        Command::Open => {
            let (orgs, context) = (&state.group.orgs, state.merged_context());
            let org = state.group.bots.bot(orgs, &context).map(|row| row.org.org.clone());
            Some(org.map(|org| narrow(state, org, Pane::Bots)).unwrap_or_default())
        }
        command if group_lists::works_in_one(command) => {
            group_lists::one_at_a_time(state);
            Some(Vec::new())
        }
        _ => None,
    }
}

/// `Enter`: the dashboard narrowed to the campaign's organisation, on its Campaigns.
fn open(state: &mut AppState) -> Vec<Effect> {
    let (orgs, context) = (&state.group.orgs, state.merged_context());
    let Some(row) = state.group.campaigns.campaign(orgs, &context) else { return Vec::new() };
    let org = row.org.org.clone();
    narrow(state, org, Pane::Campaigns)
}

/// The dashboard narrowed to `org` (its profile connected, as `P` connects one), on `pane`.
fn narrow(state: &mut AppState, org: crate::tui::group::OrgId, pane: Pane) -> Vec<Effect> {
    state.group.narrowed = Some(org.clone());
    let mut effects = crate::tui::update::navigate::go_to(state, pane);
    effects.extend(outside::switch_profile(state, org.profile()));
    effects
}
