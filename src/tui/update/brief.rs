//! When "while you were away" shows: once at start, when the last look (read from the
//! observed state) is older than `[brief] after_hours` and the lists a snapshot is made of
//! are loaded — the whole inbox, campaigns, bots and the results range's meetings — as an
//! overlay: Enter opens the inbox, any other key closes it. It never takes a key meant for
//! the screen: it does not show once the user has pressed a key (clicked, pasted), and a
//! key that comes before a frame showed it goes to the screen beneath. The last look is
//! kept (by the runner, off the UI thread) each time the inbox reloads, and at quit
//! ([`to_keep`]). Nothing shows on a first run (no last look yet) or for the demo (its
//! organisation is new every run).

use crate::brief::{Brief, lines, title};
use crate::local::Scope;
use crate::observe::{Lists, Snapshot};
use crate::session::KeySource;
use crate::tui::action::Effect;
use crate::tui::brief::{BriefView, LastLook, LastLookJob};
use crate::tui::intent::Intent;
use crate::tui::model::Slot;
use crate::tui::org_now::OrgNow;
use crate::tui::state::{AppState, Connection, Overlay};
use crate::tui::update::{glance, navigate};
use crate::tui::watched::Watched;

/// Once connected to a real profile: read its last look.
pub(crate) fn on_connected(state: &mut AppState) -> Vec<Effect> {
    let Connection::Ready(info) = &state.server.connection else { return Vec::new() };
    let scope =
        (info.key_source != KeySource::Demo).then(|| Scope::new(&info.profile, &info.base_url));
    let org = Watched::quietly(&mut state.org);
    let before = std::mem::take(&mut org.last_look);
    // Not drawn; a key pressed in an earlier session of this run still counts.
    org.last_look = LastLook {
        after: before.after,
        scope: scope.clone(),
        touched: before.touched,
        ..LastLook::default()
    };
    scope.map(|scope| Effect::LastLook(LastLookJob::Read(scope))).into_iter().collect()
}

/// The user did something: a brief not shown yet will not take their next key.
pub(crate) fn touched(state: &mut AppState) {
    if !state.org.last_look.touched {
        Watched::quietly(&mut state.org).last_look.touched = true;
    }
}

/// The last look was read: weigh the brief if the lists are in. One of another session's
/// organisation (read before a profile switch) is dropped.
pub(crate) fn on_found(
    state: &mut AppState,
    scope: &Scope,
    found: Option<Box<Snapshot>>,
) -> Vec<Effect> {
    let look = &mut Watched::quietly(&mut state.org).last_look;
    if look.found.is_some() || look.scope.as_ref() != Some(scope) {
        return Vec::new();
    }
    look.found = Some(found);
    after_load(state, None)
}

/// After a list loaded (`slot`) or the last look was read (`None`): the brief is weighed
/// once everything is in; the last look is kept when the inbox reloaded (each refresh).
pub(crate) fn after_load(state: &mut AppState, slot: Option<Slot>) -> Vec<Effect> {
    let look = &state.org.last_look;
    let Some(scope) = look.scope.clone() else { return Vec::new() };
    // Nothing is kept before the last look is read: it would replace it unread.
    let Some(found) = look.found.as_ref() else { return Vec::new() };
    if look.weighed && slot != Some(Slot::Exchanges) {
        return Vec::new();
    }
    let weigh = !look.weighed;
    let old = found.as_deref().filter(|_| weigh);
    let Some(org) = org_now(state) else { return Vec::new() };
    if weigh {
        // Once a session, before anything else is shown: here, on the UI thread.
        let brief = brief_since(state, old, &org);
        let look = &mut Watched::quietly(&mut state.org).last_look;
        look.weighed = true;
        // Weighed: the old snapshot (the size of the inbox) is not needed any more.
        look.found = Some(None);
        if let Some(brief) = brief {
            show(state, &brief);
        }
    }
    vec![Effect::LastLook(LastLookJob::Keep { scope, org: Box::new(org) })]
}

/// The last look to keep as the dashboard ends: the lists as last loaded, seen until now.
pub(crate) fn to_keep(state: &AppState) -> Option<LastLookJob> {
    let look = &state.org.last_look;
    let scope = look.scope.clone()?;
    look.found.as_ref()?;
    Some(LastLookJob::Keep { scope, org: Box::new(org_now(state)?) })
}

/// The organisation as loaded now, for a snapshot; `None` while a list it needs is not
/// loaded (or the inbox is narrowed: a narrowed one would make the replies outside it new
/// next time).
fn org_now(state: &AppState) -> Option<OrgNow> {
    let store = &state.org.store;
    let meetings = std::sync::Arc::clone(&store.range_meetings.data.as_ref()?.items);
    if !glance::whole_inbox(state) {
        return None;
    }
    state.org.now(meetings, state.env.now, state.env.zone)
}

/// The brief from `old` to now, when the absence was long enough.
fn brief_since(state: &AppState, old: Option<&Snapshot>, org: &OrgNow) -> Option<Brief> {
    let after = state.org.last_look.after;
    let old = old.filter(|old| after.is_some_and(|after| org.at - old.taken_at >= after))?;
    let snapshot = org.snapshot();
    Some(org.with_inputs(|inputs, meetings| {
        Brief::of(old, &snapshot, &Lists { needs: inputs, meetings })
    }))
}

/// Shows the brief, unless the user is already at work (a key pressed, an overlay open):
/// then nothing, as nothing changed says only a remark.
fn show(state: &mut AppState, brief: &Brief) {
    if state.org.last_look.touched || state.transient.overlay.is_some() {
        return;
    }
    let zone = state.env.zone;
    let since = title(brief, &zone);
    if brief.is_empty() {
        if state.transient.notice.is_none() {
            state.transient.notice =
                Some(format!("Nothing changed while you were away ({since})."));
        }
        return;
    }
    state.transient.overlay = Some(Overlay::Brief(BriefView {
        title: format!("While you were away · {since}"),
        lines: lines(brief, &zone),
        opened_over: state.drawn.as_ref().map(|frame| frame.generation),
    }));
}

/// Before a key goes to an overlay: a brief no frame has shown yet closes, and the key goes
/// to the screen beneath it (it was typed for that screen).
pub(crate) fn close_unseen(state: &mut AppState) {
    let Some(Overlay::Brief(view)) = &state.transient.overlay else { return };
    if state.drawn.as_ref().map(|frame| frame.generation) == view.opened_over {
        state.transient.overlay = None;
    }
}

/// An answer to the brief (already taken off the screen): a submit (Enter) opens the inbox,
/// any other closes it.
pub(crate) fn on_answer(state: &mut AppState, intent: &Intent) -> Vec<Effect> {
    match intent {
        Intent::Submit | Intent::Yes => navigate::go_to_inbox(state),
        _ => Vec::new(),
    }
}
