//! Assigning replies of the merged inbox (a group open, not narrowed, on Exchanges), as the
//! single inbox assigns: `@` opens the same assign list with the row's organisation's team
//! (me first, nobody last), `M` assigns to me, `:assign NAME|me|nobody` names one — the
//! marked replies, else the row under the cursor. Each organisation's go to its own team
//! store ("me" being who I am in that one); marked replies of several organisations are
//! offered the people in every one of their teams, and their answers are said together,
//! each naming its organisation first. An organisation without a team store is named and
//! nothing is assigned.

use crate::local::Scope;
use crate::text::sanitize;
use crate::tui::action::Effect;
use crate::tui::assign_picker::AssignPicker;
use crate::tui::group::{OrgId, TeamFacts, TeamPeople};
use crate::tui::inbox::team::{TeamJob, assigned_words};
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::Tone;
use crate::tui::update::group_marks::{self, ByOrg};
use crate::tui::update::group_rows::{self, org_name, whose_reply};

/// The replies of one organisation an assignment is for, with its team.
struct Target {
    org: OrgId,
    ids: Vec<i64>,
    team: TeamPeople,
}

/// The replies an assignment is for — the marked ones, each organisation's with its team,
/// else the row under the cursor; or why there are none to assign (every organisation
/// that cannot take its rows named, nothing assigned anywhere).
fn targets(state: &AppState) -> Result<Vec<Target>, String> {
    let marked = group_marks::marked_by_org(state);
    let rows = match marked.as_slice() {
        [] => {
            let row = group_rows::selected(state).ok_or("No reply is selected.")?;
            vec![(row.org_id().clone(), vec![row.reply.id()])]
        }
        _ => marked,
    };
    let (mut targets, mut refused) = (Vec::new(), Vec::new());
    for (org, ids) in rows {
        match team_of(state, &org) {
            Ok((team, _)) => targets.push(Target { org, ids, team }),
            Err(why) => refused.push(why),
        }
    }
    match refused.as_slice() {
        [] => Ok(targets),
        [why] if targets.is_empty() => Err(why.clone()),
        _ => Err(format!(
            "{} Nothing was assigned: unmark its rows to assign the others.",
            refused.join(" ")
        )),
    }
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

/// `@`: the assign list of the row's organisation's team, for the marked replies, else the
/// one under the cursor; for marked replies of several organisations, the people in every
/// one of their teams.
pub(crate) fn open_picker(state: &mut AppState) {
    let targets = match targets(state) {
        Ok(targets) => targets,
        Err(why) => return state.transient.notice = Some(why),
    };
    let picker = match targets.as_slice() {
        [Target { org, ids, team }] => one_picker(state, org, ids, team),
        several => match several_picker(several) {
            Ok(picker) => picker,
            Err(why) => return state.transient.notice = Some(why),
        },
    };
    state.transient.overlay = Some(Overlay::Assign(picker));
}

/// The assign list of one organisation's replies: its team, me first.
fn one_picker(state: &AppState, org: &OrgId, ids: &[i64], team: &TeamPeople) -> AssignPicker {
    let entry = state.group.entry(org);
    let title = match ids {
        [id] => format!("{}: assign {}", org_name(org), whose_reply(entry, *id)),
        many => format!("{}: assign {} marked replies", org_name(org), many.len()),
    };
    let now = match ids {
        [id] => match seen_assignee(state, org, *id, &team.me) {
            Some(name) if name == team.me => "Now assigned to you.".to_string(),
            Some(name) => format!("Now assigned to {}.", sanitize(&name)),
            None => "Now assigned to nobody.".to_string(),
        },
        _ => String::new(),
    };
    let mut picker = AssignPicker::new(ids.to_vec(), title, now, team.people.clone(), &team.me);
    picker.org = Some(org.clone());
    picker
}

/// The assign list of marked replies of several organisations: the people in every one of
/// their teams (me first when I go by one name in all); or, when none is in all of them,
/// why, naming the organisations.
fn several_picker(targets: &[Target]) -> Result<AssignPicker, String> {
    let teams: Vec<&TeamPeople> = targets.iter().map(|target| &target.team).collect();
    let common: Vec<String> = (teams[0].people.iter())
        .filter(|name| teams.iter().all(|team| team.people.contains(name)))
        .cloned()
        .collect();
    let rows: ByOrg = targets.iter().map(|t| (t.org.clone(), t.ids.clone())).collect();
    let names: Vec<String> = targets.iter().map(|target| org_name(&target.org)).collect();
    if common.is_empty() {
        return Err(format!(
            "No one is in the teams of all of {}: assign one organisation's replies at a \
             time (/org:NAME keeps one), or M assigns each to me in its own team.",
            names.join(", ")
        ));
    }
    let me = match teams.iter().all(|team| team.me == teams[0].me) {
        true => teams[0].me.clone(),
        false => String::new(),
    };
    let total: usize = rows.iter().map(|(_, ids)| ids.len()).sum();
    let title = format!("Assign {total} marked replies of {} organisations", rows.len());
    let each = rows.iter().map(|(org, ids)| format!("{} {}", org_name(org), ids.len()));
    let now = format!("{} · those in every team", each.collect::<Vec<_>>().join(", "));
    let mut picker = AssignPicker::new(Vec::new(), sanitize(&title), sanitize(&now), common, &me);
    picker.rows = rows;
    Ok(picker)
}

/// `M`: the marked replies, else the one under the cursor, assigned to me in each
/// organisation's team ("me" being who I am in that one).
pub(crate) fn assign_to_me(state: &mut AppState) -> Vec<Effect> {
    match targets(state) {
        Ok(targets) => {
            let rows = targets.into_iter().map(|Target { org, ids, team }| (org, ids, team.me));
            let rows: Vec<_> = rows.map(|(org, ids, me)| (org, ids, Some(me))).collect();
            assign_each(state, rows)
        }
        Err(why) => {
            state.transient.notice = Some(why);
            Vec::new()
        }
    }
}

/// `:assign NAME|me|nobody` on the merged inbox: a name must be in the team of every
/// organisation whose replies are assigned.
pub(crate) fn from_palette(state: &mut AppState, to: &str) -> Result<Vec<Effect>, String> {
    let targets = targets(state)?;
    let mut rows = Vec::new();
    for Target { org, ids, team } in targets {
        let to = match to.trim() {
            "me" => Some(team.me.clone()),
            "nobody" | "none" => None,
            name if team.people.iter().any(|person| person == name) => Some(name.to_string()),
            name => {
                return Err(format!(
                    "'{}' is not in {}'s team: {}, me or nobody. Nothing was assigned.",
                    sanitize(name),
                    org_name(&org),
                    sanitize(&team.people.join(", "))
                ));
            }
        };
        rows.push((org, ids, to));
    }
    Ok(assign_each(state, rows))
}

/// The picker's choice for marked replies of several organisations: each organisation's
/// assigned to `to` in its own team store.
pub(crate) fn assign_rows(state: &mut AppState, rows: &ByOrg, to: Option<String>) -> Vec<Effect> {
    let rows = rows.iter().map(|(org, ids)| (org.clone(), ids.clone(), to.clone()));
    assign_each(state, rows.collect())
}

/// Each organisation's replies assigned in its own team store; when several are, their
/// answers are said together as they come.
fn assign_each(state: &mut AppState, rows: Vec<(OrgId, Vec<i64>, Option<String>)>) -> Vec<Effect> {
    let several = rows.len() > 1;
    state.group.inbox.assigning = Vec::new();
    let mut effects = Vec::new();
    for (org, ids, to) in rows {
        let sent = assign(state, &org, &ids, to);
        if several && !sent.is_empty() {
            state.group.inbox.assigning.push((org, None));
        }
        effects.extend(sent);
    }
    effects
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
    let said = format!("{}: {said}", org_name(&org));
    let said = together(&mut state.group.inbox.assigning, &org, said);
    state.show_toast(tone, said);
    // A name is `None` for me, as the rows' team column says it.
    let assigned_to = to.as_ref().map(|name| (Some(name) != me.as_ref()).then(|| name.clone()));
    group_rows::change_rows_of(state, &org, &done, |reply| {
        let team = reply.team.get_or_insert_with(TeamFacts::default);
        team.assigned_to = assigned_to.clone();
    });
    Some(Vec::new())
}

/// What the answer of `org`'s team store says, beside those of the other organisations
/// assigned with it, once each has answered ("acme: …; globex: …").
fn together(assigning: &mut [(OrgId, Option<String>)], org: &OrgId, said: String) -> String {
    let Some(at) = assigning.iter().position(|(awaited, _)| awaited == org) else {
        return said;
    };
    assigning[at].1 = Some(said);
    let each = assigning.iter().filter_map(|(_, said)| said.as_deref());
    let each: Vec<&str> = each.map(|said| said.trim_end_matches('.')).collect();
    format!("{}.", each.join("; "))
}
