//! A first look at an inbox: on a first start, replies with no news for two weeks are
//! offered to be put away (marked handled) in one confirmed key, so "Needs you" and "hot
//! replies wait" start from what is current rather than a wall of months-old conversations.

use crate::text::count;
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::old_replies::{OLD_REPLY_DAYS, old_replies, worth_offering};
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::{Confirm, Tone};

/// The offer is made only when at least this many old replies wait: a few are read, not
/// put away.
const OLD_REPLIES_WORTH_ASKING: usize = 5;

/// On a first start (this organisation first used here within a day, nothing handled yet),
/// once the replies are in: says in the status bar, and at the top of "Needs you", that
/// replies untouched for [`OLD_REPLY_DAYS`] can be put away in one key, so "Needs you" and
/// "hot replies wait" start from what is current. A remark, not a question: the first key a
/// new user presses is theirs. Made once per session, and only while one organisation is
/// shown: under a group's lines it would speak of an inbox the screen does not show, so it
/// waits until the dashboard is narrowed to one.
pub(crate) fn offer_to_put_old_replies_away(state: &mut AppState) {
    if state.org.old_replies_offered || state.group.showing() {
        return;
    }
    // A large inbox is weighed by the worker that counts it, never here.
    let old = match state.org.old_replies_counted.take() {
        Some(old) => old,
        None if crate::tui::census::counts_apart(state) => return,
        None => match worth_offering(&state.org, state.env.now) {
            Some(old) => old,
            None => return,
        },
    };
    state.org.old_replies_offered = true;
    if old < OLD_REPLIES_WORTH_ASKING {
        return;
    }
    state.org.old_replies_offer = Some(old);
    let open = state.how(Command::NeedsYou, "!");
    let put_away = state.how(Command::PutOldRepliesAway, "H");
    state.transient.notice = Some(format!(
        "{} with no news for {OLD_REPLY_DAYS}+ days: {open} then {put_away} marks them handled.",
        count(old, "reply", "replies")
    ));
}

/// `H` in "Needs you": asks to mark every reply untouched for [`OLD_REPLY_DAYS`] handled.
pub(crate) fn put_old_replies_away(state: &mut AppState) -> Vec<Effect> {
    state.org.old_replies_offer = None;
    let old = old_replies(&state.org, state.env.now);
    if old.is_empty() {
        state.show_toast(
            Tone::Success,
            format!("No reply waits unhandled with no news for {OLD_REPLY_DAYS} days or more."),
        );
        return Vec::new();
    }
    let undo = state.how(Command::Undo, "z");
    let total = state.org.store.exchanges.items().len();
    state.transient.overlay = Some(Overlay::Confirm(Box::new(Confirm {
        title: "Put old replies away".into(),
        lines: vec![
            format!(
                "{} of {total} had no news for more than {OLD_REPLY_DAYS} days and are not handled.",
                count(old.len(), "reply", "replies"),
            ),
            "Mark them handled, so hot replies and Needs you start from what is current?".into(),
            format!(
                "Handled is {}; a reply that moves comes back; {undo} undoes it.",
                state.org.inbox.kept_where()
            ),
        ],
        warning: None,
        write: None,
        replies: old,
        error: None,
        ..Confirm::default()
    })));
    Vec::new()
}
