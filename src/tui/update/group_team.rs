//! Assigning replies of the merged inbox (a group open, not narrowed, on Exchanges), as the
//! single inbox assigns: `a` opens the same assign list with the row's organisation's team
//! (me first, nobody last), `A` assigns to me, `:assign NAME|me|nobody` names one — the
//! marked replies (of one organisation), else the row under the cursor. The assignment goes
//! to that organisation's team store, and what it did is said naming the organisation
//! first; an organisation without a team store says so.

use crate::local::Scope;
use crate::text::sanitize;
use crate::tui::action::Effect;
use crate::tui::assign_picker::AssignPicker;
use crate::tui::group::{OrgId, TeamFacts, TeamPeople};
use crate::tui::inbox::team::{TeamJob, assigned_words};
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::Tone;
use crate::tui::update::group_marks;
use crate::tui::update::group_rows::{self, org_name, whose_reply};

/// The replies an assignment is for — the marked ones, else the row under the cursor — with
/// their organisation's team; or why there are none to assign.
struct Targets {
    org: OrgId,
    ids: Vec<i64>,
    team: TeamPeople,
}

fn targets(state: &AppState) -> Result<Targets, String> {
    let (org, ids) = match group_marks::marked_by_org(state).as_slice() {
        [] => {
            let row = group_rows::selected(state).ok_or("No reply is selected.")?;
            (row.org_id().clone(), vec![row.reply.id()])
        }
        [(org, ids)] => (org.clone(), ids.clone()),
        several => {
            let counted = group_marks::counted_by_org(several);
            return Err(format!(
                "The marked replies are of several organisations ({counted}): their teams are \
                 not the same, so assign one organisation's at a time (/org:NAME keeps one)."
            ));
        }
    };
    let (team, _) = team_of(state, &org)?;
    Ok(Targets { org, ids, team })
}

/// `org`'s team and whose marks they are; or why it has none to assign with.
fn team_of(state: &AppState, org: &OrgId) -> Result<(TeamPeople, Scope), String> {
    let name = org_name(org);
    let entry = state.group.entry(org);
    let Some(scope) = entry.and_then(|entry| entry.scope.clone()) else {
        return Err(format!("{name} is not read yet: nothing was assigned (r reads it)."));
    };
    match entry.and_then(|entry| entry.team.clone()) {
        Some(team) => Ok((team, scope)),
        None => Err(format!(
            "{name} has no team store: assigning needs one. Add [profiles.{name}.team] with \
             database and me to the config file (see `outreach team init --help`)."
        )),
    }
}

/// `a`: the assign list of the row's organisation's team, for the marked replies (of one
/// organisation), else the one under the cursor.
pub(crate) fn open_picker(state: &mut AppState) {
    let Targets { org, ids, team, .. } = match targets(state) {
        Ok(targets) => targets,
        Err(why) => return state.transient.notice = Some(why),
    };
    let entry = state.group.entry(&org);
    let title = match ids.as_slice() {
        [id] => format!("{}: assign {}", org_name(&org), whose_reply(entry, *id)),
        many => format!("{}: assign {} marked replies", org_name(&org), many.len()),
    };
    let now = match ids.as_slice() {
        [id] => match seen_assignee(state, &org, *id, &team.me) {
            Some(name) if name == team.me => "Now assigned to you.".to_string(),
            Some(name) => format!("Now assigned to {}.", sanitize(&name)),
            None => "Now assigned to nobody.".to_string(),
        },
        _ => String::new(),
    };
    let mut picker = AssignPicker::new(ids, title, now, team.people, &team.me);
    picker.org = Some(org);
    state.transient.overlay = Some(Overlay::Assign(picker));
}

/// `A`: the marked replies (of one organisation), else the one under the cursor, assigned
/// to me in that organisation's team.
pub(crate) fn assign_to_me(state: &mut AppState) -> Vec<Effect> {
    match targets(state) {
        Ok(Targets { org, ids, team, .. }) => assign(state, &org, &ids, Some(team.me)),
        Err(why) => {
            state.transient.notice = Some(why);
            Vec::new()
        }
    }
}

/// `:assign NAME|me|nobody` on the merged inbox: a name must be one of the row's
/// organisation's team.
pub(crate) fn from_palette(state: &mut AppState, to: &str) -> Result<Vec<Effect>, String> {
    let Targets { org, ids, team, .. } = targets(state)?;
    let to = match to.trim() {
        "me" => Some(team.me.clone()),
        "nobody" | "none" => None,
        name if team.people.iter().any(|person| person == name) => Some(name.to_string()),
        name => {
            return Err(format!(
                "'{}' is not in {}'s team: {}, me or nobody.",
                sanitize(name),
                org_name(&org),
                sanitize(&team.people.join(", "))
            ));
        }
    };
    Ok(assign(state, &org, &ids, to))
}

/// Sends the assignment of `ids` of `org` to its team store, each reply with whom it was
/// seen assigned to (the store refuses one someone assigned meanwhile); its marks go.
pub(crate) fn assign(
    state: &mut AppState,
    org: &OrgId,
    ids: &[i64],
    to: Option<String>,
) -> Vec<Effect> {
    let (team, scope) = match team_of(state, org) {
        Ok(found) => found,
        Err(why) => {
            state.transient.notice = Some(why);
            return Vec::new();
        }
    };
    let replies = ids.iter().map(|&id| (id, seen_assignee(state, org, id, &team.me))).collect();
    state.group.inbox.marked.retain(|(marked, _)| marked != org);
    vec![Effect::Team(TeamJob::Assign { scope, replies, to })]
}

/// Whom the reply `id` of `org` was last seen assigned to, by name.
fn seen_assignee(state: &AppState, org: &OrgId, id: i64, me: &str) -> Option<String> {
    let entry = state.group.entry(org)?;
    let reply = entry.replies.iter().find(|reply| reply.id() == id)?;
    let to = reply.team.as_ref()?.assigned_to.as_ref()?;
    Some(to.clone().unwrap_or_else(|| me.to_string()))
}

/// What a team store answered an assignment: to whom, the replies taken, those queued in
/// the outbox, and those refused with why.
pub(crate) type Answered = (Option<String>, Vec<i64>, Vec<i64>, Vec<(i64, String)>);

/// What an assignment to `scope`'s team store did, when those are a group's merged rows
/// (another organisation's, or the one connected's while the group shows): said naming
/// the organisation first, its rows changed at once as its store now says. `None` for the
/// single inbox's own.
pub(crate) fn assigned(
    state: &mut AppState,
    scope: &Scope,
    (to, taken, queued, refused): &Answered,
) -> Option<Vec<Effect>> {
    let connected = state.org.inbox.scope.as_ref() == Some(scope);
    if connected && !state.group.showing() {
        return None;
    }
    let entry = state.group.orgs.iter().find(|entry| entry.scope.as_ref() == Some(scope))?;
    let (org, me) = (entry.org.clone(), entry.team.as_ref().map(|team| team.me.clone()));
    let refused: Vec<String> = (refused.iter())
        .map(|(id, why)| format!("{}: {why}", whose_reply(Some(entry), *id)))
        .collect();
    let done: Vec<i64> = taken.iter().chain(queued).copied().collect();
    let said =
        assigned_words(to.as_deref(), me.as_deref(), done.len(), !queued.is_empty(), &refused);
    let tone = if refused.is_empty() { Tone::Success } else { Tone::Warning };
    state.show_toast(tone, format!("{}: {said}", org_name(&org)));
    // A name is `None` for me, as the rows' team column says it.
    let assigned_to = to.as_ref().map(|name| (Some(name) != me.as_ref()).then(|| name.clone()));
    group_rows::change_rows_of(state, &org, &done, |reply| {
        let team = reply.team.get_or_insert_with(TeamFacts::default);
        team.assigned_to = assigned_to.clone();
    });
    Some(Vec::new())
}
