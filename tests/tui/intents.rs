//! The core answered by intents, palette lines and commands rather than keys: what another
//! front end (the line mode) gives, with the same outcome a key has. No terminal.

use crate::tui_writes_support;

use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::command::Command;
use outreach_tui::tui::intent::{Intent, Move};
use outreach_tui::tui::model::Pane;
use outreach_tui::tui::outside::Job;
use outreach_tui::tui::state::Overlay;
use outreach_tui::tui::submit::request::WriteRequest;
use tui_writes_support::*;

#[test]
fn a_confirmation_takes_yes_no_and_the_deliberate_yes() {
    let mut state = state();
    press(&mut state, Action::Command(Command::GoTo(Pane::Campaigns)));
    press(&mut state, Action::Command(Command::StartCampaign));
    assert!(confirm(&state).force, "the fixtures' pre-flight fails a check");
    assert!(submits(&press(&mut state, Action::Intent(Intent::Yes))).is_empty());
    let said = confirm(&state).error.clone().unwrap_or_default();
    assert!(said.contains("A pre-flight check failed"), "a plain yes is refused: {said}");
    press(&mut state, Action::Intent(Intent::No));
    assert!(state.transient.overlay.is_none(), "no closes it");
    press(&mut state, Action::Command(Command::StartCampaign));
    let (_, write) = submitted(&press(&mut state, Action::Intent(Intent::YesDespiteChecks)));
    assert_eq!(write, WriteRequest::StartCampaign { campaign_id: 2 });
}

#[test]
fn a_row_is_picked_a_form_filled_and_sent_after_the_question() {
    let mut state = state();
    press(&mut state, Action::Command(Command::GoTo(Pane::Contacts)));
    press(&mut state, Action::Intent(Intent::Pick(2)));
    assert_eq!(state.current_list().map(|list| list.selected()), Some(2), "row 3 selected");
    press(&mut state, Action::Command(Command::AddDnc));
    press(&mut state, Action::Intent(Intent::Pick(0)));
    press(&mut state, Action::Intent(Intent::Type("ann@acme.tech".into())));
    assert_eq!(dnc_fields(&state).entries.value(), "ann@acme.tech", "the field is filled whole");
    assert!(submits(&press(&mut state, Action::Intent(Intent::Submit))).is_empty(), "asks first");
    assert!(matches!(state.transient.overlay, Some(Overlay::Confirm(_))));
    let (_, write) = submitted(&press(&mut state, Action::Intent(Intent::Yes)));
    assert_eq!(write, WriteRequest::DncEmails(vec!["ann@acme.tech".into()]));
}

#[test]
fn a_palette_line_runs_whole_and_a_mistake_is_the_remark_not_a_palette() {
    let mut state = state();
    press(&mut state, Action::Line("frobnicate".into()));
    assert!(state.transient.overlay.is_none(), "no palette is left open");
    let notice = state.transient.notice.clone().unwrap_or_default();
    assert!(notice.contains("No command 'frobnicate'"), "{notice}");
    press(&mut state, Action::Line("bots".into()));
    assert_eq!(state.panes.pane, Pane::Bots);
    assert!(state.transient.notice.is_none(), "the remark went with the next line");
}

#[test]
fn the_help_the_palette_and_the_filter_are_answered_in_intents() {
    let mut state = state();
    press(&mut state, Action::Command(Command::Help));
    press(&mut state, Action::Intent(Intent::Move(Move::Down)));
    assert!(matches!(state.transient.overlay, Some(Overlay::Help { scroll: 1 })), "it scrolls");
    press(&mut state, Action::Intent(Intent::Cancel));
    assert!(state.transient.overlay.is_none(), "a cancel closes the help");

    press(&mut state, Action::Command(Command::Palette));
    press(&mut state, Action::Intent(Intent::Type("bot".into())));
    press(&mut state, Action::Intent(Intent::Complete));
    let Some(Overlay::Palette(palette)) = &state.transient.overlay else { panic!("open") };
    assert_eq!(palette.input.value(), "bots", "completed from the suggestion");
    press(&mut state, Action::Intent(Intent::Submit));
    assert_eq!(state.panes.pane, Pane::Bots);

    press(&mut state, Action::Command(Command::GoTo(Pane::Contacts)));
    let all = state.current_list().map_or(0, |list| list.order().len());
    press(&mut state, Action::Command(Command::Filter));
    press(&mut state, Action::Intent(Intent::Type("ann".into())));
    press(&mut state, Action::Intent(Intent::Submit));
    assert!(!state.transient.filtering, "a submit keeps the filter and stops typing");
    let list = state.current_list().expect("a list");
    assert_eq!(list.filter(), "ann");
    assert!(list.order().len() < all, "narrowed: {} of {all}", list.order().len());
    press(&mut state, Action::Command(Command::Filter));
    press(&mut state, Action::Intent(Intent::Cancel));
    assert_eq!(state.current_list().map(|list| list.filter().to_string()), Some(String::new()));
}

#[test]
fn the_editor_is_an_intent_a_form_takes() {
    let mut state = state();
    press(&mut state, Action::Command(Command::GoTo(Pane::Contacts)));
    press(&mut state, Action::Command(Command::AddDnc));
    press(&mut state, Action::Intent(Intent::Type("a@x.com".into())));
    let effects = press(&mut state, Action::Intent(Intent::OpenEditor));
    let edits: Vec<&str> = (effects.iter())
        .filter_map(|effect| match effect {
            Effect::Outside(Job::Edit { text, .. }) => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(edits, ["a@x.com"], "the focused field goes to the editor");
}
