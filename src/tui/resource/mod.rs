//! One shape per list resource. A [`ListResource`] says what its items are, how they are
//! asked for, where their `Remote` lives and how they are ordered; a [`PaneList`] adds the
//! columns and row text of its pane's table. Fetches and their answers are typed by the
//! resource, so an answer can only ever land in its own slot.
//!
//! Adding a list resource: its own file here and one line in the registry,
//! [`crate::tui::model::list_resources`], which generates the `mod` line, the re-export
//! and the arm of [`visit`] below.

mod answer;
pub(crate) mod in_view;
pub(crate) mod rows;
mod shape;
pub(crate) mod sort;

pub use answer::loaded;
pub(crate) use chain::{laid_out, relayout_chain};
pub use contacts::HELD_ONCE_ABOVE;
pub(crate) use contacts::let_go_before_reading_again;
pub(crate) use exchanges::keep_inbox_rows;
pub(crate) use range_replies::take_results;
pub(crate) use shape::ListResource;
pub(crate) use shape::{PaneList, context, plain_text};

use crate::api::ApiError;
use crate::present::cause::sentences;
use crate::tui::action::{Effect, Fetch};
use crate::tui::command::Command;
use crate::tui::model::{Slot, list_resources};
use crate::tui::state::AppState;
use chrono::{DateTime, Utc};
use std::sync::Arc;

/// Something to do with a resource, whichever slot names it.
pub(crate) trait Visit {
    type Output;
    fn visit<R: ListResource>(self) -> Self::Output;
}

/// Declares each resource's module and [`visit`] from the registry.
macro_rules! declare_resources {
    ($( $(#[doc = $doc:literal])* $slot:ident : $file:ident :: $resource:ident, $label:literal
        $(, $field:ident : $item:ty)? ;)*) => {
        $(
            mod $file;
            pub use $file::$resource;
            // A resource names the slot of its own line, or this does not compile.
            const _: () = assert!(matches!(<$resource as ListResource>::SLOT, Slot::$slot));
        )*

        /// The resource behind each slot.
        pub(crate) fn visit<V: Visit>(slot: Slot, visitor: V) -> V::Output {
            match slot {
                $(Slot::$slot => visitor.visit::<$resource>(),)*
            }
        }
    };
}
list_resources!(declare_resources);

/// What a slot knows: when it loaded, whether a fetch is awaited, whether the last failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct SlotStatus {
    pub loaded_at: Option<DateTime<Utc>>,
    pub loading: bool,
    pub failed: bool,
}

/// The last failure of a slot, while it is not cleared by a success.
pub(crate) fn error(state: &AppState, slot: Slot) -> Option<&ApiError> {
    struct ErrorOf<'a>(&'a AppState);
    impl<'a> Visit for ErrorOf<'a> {
        type Output = Option<&'a ApiError>;
        fn visit<R: ListResource>(self) -> Option<&'a ApiError> {
            R::remote(self.0)?.error.as_ref()
        }
    }
    visit(slot, ErrorOf(state))
}

/// When the awaited request of a slot was sent, while one is awaited.
pub(crate) fn waiting_since(state: &AppState, slot: Slot) -> Option<DateTime<Utc>> {
    struct Since<'a>(&'a AppState);
    impl Visit for Since<'_> {
        type Output = Option<DateTime<Utc>>;
        fn visit<R: ListResource>(self) -> Option<DateTime<Utc>> {
            R::remote(self.0)?.waiting_since()
        }
    }
    visit(slot, Since(state))
}

/// How long each unanswered request has been silent, once past the quiet seconds: a pane
/// counts them, so the clock redraws while one does.
pub(crate) fn silences(state: &AppState) -> Vec<i64> {
    let quiet = crate::tui::remote::QUIET_SECONDS;
    Slot::ALL
        .iter()
        .filter_map(|&slot| waiting_since(state, slot))
        .map(|since| (state.env.now - since).num_seconds())
        .filter(|&seconds| seconds >= quiet)
        .collect()
}

/// The failures of the current pane's slots, in the pane's order: what its title, the
/// status bar and `?` help say, so another pane's failure is never shown here.
pub(crate) fn pane_errors(state: &AppState) -> Vec<(Slot, &ApiError)> {
    pane_slots(state).into_iter().filter_map(|slot| Some((slot, error(state, slot)?))).collect()
}

pub(crate) fn status(state: &AppState, slot: Slot) -> SlotStatus {
    struct Status<'a>(&'a AppState);
    impl Visit for Status<'_> {
        type Output = SlotStatus;
        fn visit<R: ListResource>(self) -> SlotStatus {
            R::remote(self.0).map_or_else(SlotStatus::default, |remote| SlotStatus {
                loaded_at: remote.loaded_at(),
                loading: remote.is_loading(),
                failed: remote.error.is_some(),
            })
        }
    }
    visit(slot, Status(state))
}

/// Rebuilds what depends on a slot's data; the effects are the work for workers.
pub(crate) fn reindex(state: &mut AppState, slot: Slot) -> Vec<Effect> {
    struct Reindex<'a>(&'a mut AppState);
    impl Visit for Reindex<'_> {
        type Output = Vec<Effect>;
        fn visit<R: ListResource>(self) -> Vec<Effect> {
            R::reindex(self.0)
        }
    }
    visit(slot, Reindex(state))
}

/// A fetch of a slot, marked as the one whose answer is awaited; `None` when the slot has
/// nothing to fetch.
pub(crate) fn fetch(state: &mut AppState, slot: Slot) -> Option<Fetch> {
    struct Start<'a>(&'a mut AppState);
    impl Visit for Start<'_> {
        type Output = Option<Fetch>;
        fn visit<R: ListResource>(self) -> Option<Fetch> {
            let state = self.0;
            let query = R::query(state)?;
            let (req_id, now) = (state.take_req_id(), state.env.now);
            R::remote_mut(state)?.awaits(req_id, now);
            Some(Fetch::new(req_id, R::SLOT, Arc::new(answer::ReadList::<R> { query })))
        }
    }
    visit(slot, Start(state))
}

/// The slots the current pane shows: an opened chain's, else its list's.
pub(crate) fn pane_slots(state: &AppState) -> Vec<Slot> {
    if state.chain_open() { vec![Slot::Chain] } else { state.panes.pane.slots() }
}

/// When the current pane's data was loaded (the oldest part of it).
pub(crate) fn current_loaded_at(state: &AppState) -> Option<DateTime<Utc>> {
    pane_slots(state).into_iter().filter_map(|slot| status(state, slot).loaded_at).min()
}

pub(crate) fn current_is_loading(state: &AppState) -> bool {
    pane_slots(state).into_iter().any(|slot| status(state, slot).loading)
}

/// What is loading now, in words, for the status bar.
pub(crate) fn loading_labels(state: &AppState) -> Vec<&'static str> {
    Slot::ALL.iter().copied().filter(|&slot| status(state, slot).loading).map(Slot::label).collect()
}

/// `?` help for the current screen: its keys, and first the whole text of each failure of
/// the current pane with what to do (the status bar and titles have room for the cause only).
pub fn help_view(state: &AppState) -> crate::tui::widgets::help::HelpView<'_> {
    let failures = pane_errors(state)
        .into_iter()
        .map(|(slot, error)| {
            let said = format!("Loading {} failed: {error}", slot.label());
            crate::text::sanitize(&sentences(&said, &state.advice(error)))
        })
        .collect();
    let notes = if state.group.merges(state.panes.pane) { merged_notes(state) } else { Vec::new() };
    crate::tui::widgets::help::HelpView { failures, notes, ..state.help_view() }
}

/// How a group's merged list acts, for its help.
fn merged_notes(state: &AppState) -> Vec<String> {
    let key = |command, default| state.key_label(command, default);
    let enter = key(Command::Open, "Enter");
    let mut notes = vec![
        "Every organisation of the group in one list; / filters (org:NAME keeps one).".into(),
        format!(
            "{} sorts by its columns and org, as one organisation's pane; :sort NAME names one.",
            key(Command::CycleSort, "S")
        ),
        format!(
            "{} reads the organisations that could not be read again.",
            key(Command::Refresh, "r")
        ),
    ];
    match state.panes.pane {
        crate::tui::model::Pane::Campaigns => {
            notes.push(format!(
                "{} starts the campaign with its organisation's key (never a read-only one's); \
                 {enter} narrows the dashboard to its organisation.",
                key(Command::StartCampaign, "s")
            ));
            return notes;
        }
        crate::tui::model::Pane::Bots => {
            notes.push(format!("{enter} narrows the dashboard to the bot's organisation."));
            return notes;
        }
        crate::tui::model::Pane::Meetings | crate::tui::model::Pane::Contacts => {
            notes.push(format!(
                "{enter} narrows the dashboard to the row's organisation and opens the row there."
            ));
            notes.push(format!(
                "{} {} put the row's contact (or its domain) on its own organisation's \
                 do-not-contact list, with its key (never a read-only one's).",
                key(Command::AddDnc, "d"),
                key(Command::AddDncDomain, "D"),
            ));
            notes.push(format!(
                "{} logs a conversion of the row's contact and {} adds a contact, in the row's \
                 organisation (the form's Organisation field chooses another).",
                key(Command::LogConversion, "c"),
                key(Command::AddContact, "a"),
            ));
            return notes;
        }
        _ => {}
    }
    notes.push(format!(
        "{enter} narrows the dashboard to the row's organisation and opens the row there."
    ));
    notes.push(format!(
        "{} {} {} {} {} act with the row's organisation: its marks, its key (a read-only \
         profile's writes are refused); {} undoes the last handled or snooze in its \
         organisation's marks.",
        key(Command::Handle, "e"),
        key(Command::Snooze, "b"),
        key(Command::AddDnc, "d"),
        key(Command::AddDncDomain, "D"),
        key(Command::LogConversion, "c"),
        key(Command::Undo, "z"),
    ));
    notes.push(format!(
        "{} {} mark rows of any organisations: {} {} {} {} act on them all, each with its own \
         marks and key; {} {} assign in each organisation's team store; {} {} list one \
         category of every organisation.",
        key(Command::MarkRow, "Space"),
        key(Command::MarkRange, "V"),
        key(Command::Handle, "e"),
        key(Command::Snooze, "b"),
        key(Command::AddDnc, "d"),
        key(Command::AddDncDomain, "D"),
        key(Command::Assign, "@"),
        key(Command::AssignToMe, "M"),
        key(Command::ShowCategory(crate::tui::model::Shelf::Meeting), "m"),
        key(Command::ShowCategory(crate::tui::model::Shelf::Interested), "i"),
    ));
    notes
}
