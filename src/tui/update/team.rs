//! The inbox with a team store: which organisation the marks belong to (said by the config,
//! else by the bots of the first replies loaded), the team's marks read every second and
//! what a teammate did said in a toast, assigning replies (to me, or to someone picked from
//! the team), and whose replies are listed.

use crate::api::Exchange;
use crate::present::names::party_name;
use crate::team::identity;
use crate::text::sanitize;
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::inbox::jobs::LocalJob;
use crate::tui::inbox::team::{TeamAnswer, TeamJob, TeamView, Whose, assigned_words};
use crate::tui::state::{AppState, Connection, Overlay};
use crate::tui::submit::feedback::Tone;
use crate::tui::update::group_team;
use crate::tui::update::in_view::{marked_replies, reply_in_view};
use crate::tui::watched::Watched;

use crate::tui::assign_picker::{AssignPicker, PickerKey};

/// Once connected: a profile with a team store gets the team's side of the inbox; its
/// marks are read once the organisation is known (now, when the config names it).
pub(crate) fn on_connected(state: &mut AppState) -> Option<Vec<Effect>> {
    let Connection::Ready(info) = &state.server.connection else { return None };
    let link = info.team.clone()?;
    let whose = state.org.inbox.whose();
    state.org.inbox.team = Some(TeamView::new(link.me, link.organisation, whose));
    bind(state, &[])
}

/// After replies loaded: the organisation is named by their bots, if the config did not.
pub(crate) fn on_exchanges_loaded(state: &mut AppState) -> Vec<Effect> {
    if state.org.inbox.team.as_ref().is_none_or(|team| team.bound) {
        return Vec::new();
    }
    let Some(items) =
        state.org.store.exchanges.data.as_ref().map(|data| std::sync::Arc::clone(&data.items))
    else {
        return Vec::new();
    };
    bind(state, &items).unwrap_or_default()
}

/// Binds the marks to the organisation, then reads them (the personal ones too, which
/// wait for it so that the first marks shown are the team's). `None` while it cannot
/// tell yet (no reply loaded).
fn bind(state: &mut AppState, exchanges: &[Exchange]) -> Option<Vec<Effect>> {
    let scope = state.org.inbox.scope.clone()?;
    let team = state.org.inbox.team.as_ref().filter(|team| !team.bound)?;
    if team.organisation.is_none() && exchanges.is_empty() {
        return None;
    }
    let load = Effect::Local(LocalJob::Load(scope.clone()));
    match identity::resolve(team.organisation.as_deref(), exchanges) {
        Ok(org) => {
            if let Some(team) = state.org.inbox.team_mut() {
                team.bound = true;
            }
            Some(vec![Effect::Team(TeamJob::Bind(scope, org)), load])
        }
        Err(why) => {
            state.org.inbox.team = None;
            state.transient.notice =
                Some(format!("The team store is not used this session: {}", sanitize(&why)));
            Some(vec![load])
        }
    }
}

/// Every second with the marks' own check: the team's marks when they or the store's
/// health moved.
pub(crate) fn reread(state: &AppState) -> Option<Effect> {
    let inbox = &state.org.inbox;
    let team = inbox.team.as_ref().filter(|team| team.bound)?;
    let known = team.version.map(|version| (version, team.health.clone()));
    Some(Effect::Team(TeamJob::Read { scope: inbox.scope.clone()?, known }))
}

pub(crate) fn on_answer(state: &mut AppState, answer: TeamAnswer) -> Vec<Effect> {
    match answer {
        TeamAnswer::Marks { scope, version, marks, members, health } => {
            if state.org.inbox.scope.as_ref() != Some(&scope) {
                return Vec::new();
            }
            let today = state.env.zone.date(state.env.now);
            let today_began = crate::inbox::quiet::day_start(today, &state.env.zone).0;
            let news = state.org.inbox.team.as_ref().and_then(|team| {
                team.version.is_some().then(|| teammates_news(state, team, &marks))
            });
            let changed = Watched::write_if(&mut state.org, |org| {
                let Some(team) = org.inbox.team.as_ref() else { return false };
                let same = team.marks == marks && team.members == members && team.health == health;
                if same {
                    return false;
                }
                if let Some(team) = org.inbox.team_mut() {
                    team.shares = crate::team::workload::shares(&marks, &members, today_began);
                    (team.marks, team.members, team.health) = (marks, members, health);
                }
                true
            });
            if let Some(team) = Watched::quietly(&mut state.org).inbox.team.as_mut() {
                team.version = Some(version);
            }
            if let Some(news) = news.flatten() {
                state.show_toast(Tone::Success, news);
            }
            if changed {
                return crate::tui::resource::keep_inbox_rows(state).into_iter().collect();
            }
        }
        TeamAnswer::Assigned { scope, to, taken, queued, refused } => {
            let connected = state.org.inbox.scope.as_ref() == Some(&scope);
            let done = taken.len() + queued.len();
            let answer = (to, taken, queued, refused);
            // Rows of the merged inbox: said by their organisation, their rows changed.
            if let Some(mut effects) = group_team::assigned(state, &scope, &answer) {
                if connected && done > 0 {
                    effects.extend(reread(state));
                }
                return effects;
            }
            let (to, _, queued, refused) = answer;
            let me = state.org.inbox.team.as_ref().map(|team| team.me.as_str());
            let refused: Vec<String> = refused
                .iter()
                .map(|(id, why)| format!("{}: {why}", whose_reply(state, *id)))
                .collect();
            let tone = if refused.is_empty() { Tone::Success } else { Tone::Warning };
            let said = assigned_words(to.as_deref(), me, done, !queued.is_empty(), &refused);
            state.show_toast(tone, said);
            // Read the marks now rather than at the next second's check, so the rows and
            // the team's shares on the Overview show the assignment with its toast.
            if done > 0 {
                return reread(state).into_iter().collect();
            }
        }
        TeamAnswer::Unread { version, health, message } => {
            tracing::warn!(%message, "team store");
            if let Some(team) = Watched::quietly(&mut state.org).inbox.team.as_mut() {
                (team.version, team.health) = (Some(version), health);
            }
            state.transient.notice = Some(sanitize(&message));
        }
        TeamAnswer::Failed(message) => {
            tracing::warn!(%message, "team store");
            state.transient.notice = Some(sanitize(&message));
        }
    }
    Vec::new()
}

/// What teammates did since the last read, in one sentence: "Bob handled Ann Lee's reply",
/// "Carl assigned 2 replies to you". `None` when nothing of theirs.
fn teammates_news(
    state: &AppState,
    before: &TeamView,
    after: &std::collections::HashMap<i64, crate::team::TeamMark>,
) -> Option<String> {
    let mut handled: Vec<(&str, i64)> = Vec::new();
    let mut to_me: Vec<(&str, i64)> = Vec::new();
    for (id, mark) in after {
        let was = before.marks.get(id);
        if let Some(done) = &mark.handled
            && done.by != before.me
            && was.and_then(|m| m.handled.as_ref()) != Some(done)
        {
            handled.push((done.by.as_str(), *id));
        }
        if let Some(given) = &mark.assigned
            && given.to == before.me
            && given.by != before.me
            && was.and_then(|m| m.assigned.as_ref()) != Some(given)
        {
            to_me.push((given.by.as_str(), *id));
        }
    }
    let mut said = Vec::new();
    if let Some(&(by, id)) = handled.first() {
        said.push(match handled.len() {
            1 => format!("{} handled {}", sanitize(by), whose_reply(state, id)),
            n => format!("{} and others handled {n} replies", sanitize(by)),
        });
    }
    if let Some(&(by, id)) = to_me.first() {
        said.push(match to_me.len() {
            1 => format!("{} assigned {} to you", sanitize(by), whose_reply(state, id)),
            n => format!("{} assigned {n} replies to you", sanitize(by)),
        });
    }
    (!said.is_empty()).then(|| format!("{}.", said.join("; ")))
}

/// "Ann Lee's reply", or "reply 42" when it is not listed.
pub(crate) fn whose_reply(state: &AppState, id: i64) -> String {
    let items = state.org.store.exchanges.items();
    match items.iter().find(|exchange| exchange.id == id) {
        Some(exchange) => format!("{}'s reply", sanitize(&party_name(&exchange.contact))),
        None => format!("reply {id}"),
    }
}

/// The replies an assignment is for: the marked ones, else the one in view.
fn targets(state: &AppState) -> Vec<Exchange> {
    let marked = marked_replies(state);
    if !marked.is_empty() {
        return marked;
    }
    reply_in_view(state).into_iter().collect()
}

/// `what` ("Assigning", "Listing mine or unassigned") needs a team store: how to set one up.
fn no_team(state: &mut AppState, what: &str) {
    state.transient.notice = Some(format!(
        "{what} needs a team store: add [profiles.NAME.team] with database and me to the \
         config file (see `outreach team init --help`)."
    ));
}

/// The assign key: a list of the team (me first, nobody last) for the marked replies,
/// else the one in view.
pub(crate) fn open_picker(state: &mut AppState) {
    let Some(team) = state.org.inbox.team.as_ref() else { return no_team(state, "Assigning") };
    let replies = targets(state);
    let Some(first) = replies.first() else {
        state.transient.notice =
            Some("Assign works on a reply: select one in Exchanges (3).".into());
        return;
    };
    let title = match replies.len() {
        1 => format!("Assign {}", whose_reply(state, first.id)),
        n => format!("Assign {n} marked replies"),
    };
    let now = match (replies.len(), team.assignee(first.id)) {
        (1, Some(name)) if name == team.me => "Now assigned to you.".into(),
        (1, Some(name)) => format!("Now assigned to {}.", sanitize(name)),
        (1, None) => "Now assigned to nobody.".into(),
        _ => String::new(),
    };
    let ids = replies.iter().map(|reply| reply.id).collect();
    let picker = AssignPicker::new(ids, title, now, team.people(), &team.me);
    state.transient.overlay = Some(Overlay::Assign(picker));
}

/// An answer to the picker: moves, or assigns to the one chosen.
pub(crate) fn on_picker(
    state: &mut AppState,
    mut picker: AssignPicker,
    intent: crate::tui::intent::Intent,
) -> Vec<Effect> {
    match picker.handle(intent) {
        PickerKey::Moved => {
            state.transient.overlay = Some(Overlay::Assign(picker));
            Vec::new()
        }
        PickerKey::Close => Vec::new(),
        PickerKey::Assign(to) if !picker.rows.is_empty() => {
            group_team::assign_rows(state, &picker.rows, to)
        }
        PickerKey::Assign(to) => match &picker.org {
            // Rows of the merged inbox: their organisation's team store.
            Some(org) => group_team::assign(state, org, &picker.replies, to),
            None => assign(state, &picker.replies, to),
        },
    }
}

/// `:assign NAME|me|nobody`: a name must be one of the team's.
pub(crate) fn from_palette(state: &mut AppState, to: &str) -> Result<Vec<Effect>, String> {
    if state.group.merges(state.panes.pane) && state.on_inbox() {
        return group_team::from_palette(state, to);
    }
    let Some(team) = state.org.inbox.team.as_ref() else {
        return Err("Assigning needs a team store for this profile.".into());
    };
    let to = match to.trim() {
        "me" => Some(team.me.clone()),
        "nobody" | "none" => None,
        name if team.people().iter().any(|person| person == name) => Some(name.to_string()),
        name => {
            return Err(format!(
                "'{}' is not in the team: {}, me or nobody.",
                sanitize(name),
                sanitize(&team.people().join(", "))
            ));
        }
    };
    let ids: Vec<i64> = targets(state).iter().map(|reply| reply.id).collect();
    if ids.is_empty() {
        return Err("Assign works on a reply: select one in Exchanges (3).".into());
    }
    Ok(assign(state, &ids, to))
}

/// Assigns the marked replies (else the one in view) to me.
pub(crate) fn assign_to_me(state: &mut AppState) -> Vec<Effect> {
    let Some(me) = state.org.inbox.team.as_ref().map(|team| team.me.clone()) else {
        no_team(state, "Assigning");
        return Vec::new();
    };
    let ids: Vec<i64> = targets(state).iter().map(|reply| reply.id).collect();
    if ids.is_empty() {
        state.transient.notice =
            Some("Assign works on a reply: select one in Exchanges (3).".into());
        return Vec::new();
    }
    assign(state, &ids, Some(me))
}

/// Sends the assignment, each reply with whom it was seen assigned to (the store refuses
/// one someone assigned meanwhile).
fn assign(state: &mut AppState, ids: &[i64], to: Option<String>) -> Vec<Effect> {
    let (Some(team), Some(scope)) = (&state.org.inbox.team, &state.org.inbox.scope) else {
        return Vec::new();
    };
    let replies = ids.iter().map(|id| (*id, team.assignee(*id).map(str::to_string))).collect();
    let job = TeamJob::Assign { scope: scope.clone(), replies, to };
    state.org.inbox.marked.clear();
    let mut effects = vec![Effect::Team(job)];
    effects.extend(reread(state));
    effects
}

/// The whose key: everyone's replies → mine → unassigned → everyone's.
pub(crate) fn cycle_whose(state: &mut AppState) -> Vec<Effect> {
    let Some(team) = state.org.inbox.team_mut() else {
        no_team(state, "Listing mine or unassigned");
        return Vec::new();
    };
    team.whose = team.whose.next();
    let whose = team.whose;
    let key = state.how(Command::CycleWhose, "W");
    let said = match whose {
        Whose::Everyone => "Listing everyone's replies".to_string(),
        Whose::Mine => "Listing the replies assigned to you".to_string(),
        Whose::Unassigned => "Listing the replies assigned to nobody".to_string(),
    };
    state.show_toast(Tone::Success, format!("{said} ({key}: next)."));
    crate::tui::resource::keep_inbox_rows(state).into_iter().collect()
}
