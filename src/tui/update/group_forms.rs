//! The write forms opened on a group's merged rows, as the single panes open them: `c`
//! logs a conversion of the row's contact in the row's organisation, `a` adds a contact to
//! the row's organisation (a field of the form chooses another of the group's), and the
//! palette's `contact add [EMAIL] [org:NAME]` and `conversion EMAIL` do the same. Each form's
//! title names its organisation, and its write goes with that organisation's key.

use crate::tui::action::Effect;
use crate::tui::group::OrgId;
use crate::tui::model::Pane;
use crate::tui::palette::PaletteWrite;
use crate::tui::state::AppState;
use crate::tui::update::forms::{self, conversion::Prefill};
use crate::tui::update::group_rows::{self, org_name};

/// The organisation of the row under the cursor of the merged pane, and its contact's
/// address if it names one.
fn row_contact(state: &AppState) -> Option<(OrgId, Option<String>)> {
    match state.panes.pane {
        Pane::Exchanges => group_rows::selected(state)
            .map(|row| (row.org_id().clone(), Some(row.reply.email().to_string()))),
        Pane::Meetings | Pane::Contacts => {
            group_rows::pane_row(state).map(|row| (row.org, row.person.map(|(email, _)| email)))
        }
        _ => None,
    }
}

/// `c`: the conversion form for the row's contact, in the row's organisation; refused
/// before it opens when that organisation may not be written to.
pub(crate) fn log_conversion(state: &mut AppState) -> Vec<Effect> {
    match conversion(state, None, None) {
        Ok(effects) => effects,
        Err(why) => {
            state.transient.notice = Some(why);
            Vec::new()
        }
    }
}

fn conversion(
    state: &mut AppState,
    email: Option<&str>,
    prefill: Option<Prefill>,
) -> Result<Vec<Effect>, String> {
    let (org, row_email) = row_contact(state)
        .ok_or("No row is selected: a conversion is logged in a row's organisation.")?;
    if let Some(why) = group_rows::refusal(state, &org) {
        return Err(why);
    }
    let email = email.map(str::to_string).or(row_email).unwrap_or_default();
    Ok(forms::conversion_for(state, org, &email, prefill))
}

/// `a`: the contact form for the row's organisation (the group's first when no row is
/// listed), another of the group's chosen in the form.
pub(crate) fn add_contact(state: &mut AppState) -> Vec<Effect> {
    let org = row_contact(state).map(|(org, _)| org).or_else(|| first_org(state));
    if let Some(org) = org {
        forms::contact::open_in_group(state, &org, None);
    }
    Vec::new()
}

/// The first organisation of the group that was read, else its first.
fn first_org(state: &AppState) -> Option<OrgId> {
    let orgs = &state.group.orgs;
    let read = orgs.iter().find(|entry| entry.scope.is_some()).or(orgs.first());
    read.map(|entry| entry.org.clone())
}

/// A palette write over a merged pane: a contact (for `org:NAME`, else the row's
/// organisation) or a conversion (the row's organisation) opened as their keys open them,
/// sent at once to the confirmation when the line said everything; what works in one
/// organisation's pane only says so. An organisation not in the group is named with those
/// that are.
pub(crate) fn from_palette(
    state: &mut AppState,
    write: PaletteWrite,
) -> Result<Vec<Effect>, String> {
    let (mut effects, complete) = match write {
        PaletteWrite::AddContact { email, org } => {
            let org = match org {
                Some(name) => named(state, &name)?,
                None => row_contact(state)
                    .map(|(org, _)| org)
                    .or_else(|| first_org(state))
                    .ok_or("No organisation of the group is listed.")?,
            };
            forms::contact::open_in_group(state, &org, email.as_deref());
            (Vec::new(), email.is_some())
        }
        PaletteWrite::Conversion { email, kind, data } => {
            let complete = email.is_some();
            (conversion(state, email.as_deref(), Some(Prefill { kind, data }))?, complete)
        }
        _ => {
            let enter = state.key_label(crate::tui::command::Command::Open, "Enter");
            return Err(format!(
                "That works in one organisation's pane: {enter} opens this row in its organisation's."
            ));
        }
    };
    if complete {
        effects.extend(forms::submit_open_form(state));
    }
    Ok(effects)
}

/// The organisation of the group named `name` (its profile); or why none is, with those
/// that are.
fn named(state: &AppState, name: &str) -> Result<OrgId, String> {
    let orgs = &state.group.orgs;
    if let Some(entry) = orgs.iter().find(|entry| entry.org.profile() == name) {
        return Ok(entry.org.clone());
    }
    let names: Vec<String> = orgs.iter().map(|entry| org_name(&entry.org)).collect();
    Err(format!(
        "No organisation '{}' in {}: org: takes one of {}.",
        crate::text::sanitize(name),
        state.group.title(),
        names.join(", ")
    ))
}
