//! The write forms on a group's merged rows: `c` logs a conversion of the row's contact in
//! the row's organisation, `a` adds a contact to the row's organisation with a field that
//! chooses another of the group's, and the palette's `contact add … org:NAME` names one;
//! each form's title names its organisation and its write goes with that one's key.

use crate::common;
use crate::group_marked::sent_for;
use crate::group_panes::{contacts, group, show};
use crate::tui_writes_support::ctrl;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::tui::state::{AppState, Overlay};
use outreach_tui::tui::submit::request::WriteRequest;
use outreach_tui::tui::update::update;

/// The open form's title and the value of its field `label`.
fn form_field(state: &AppState, label: &str) -> (String, String) {
    let Some(Overlay::Form(form)) = &state.transient.overlay else {
        panic!("no form open: {}", screen(state));
    };
    let fields = form.field_list();
    let field = fields.iter().find(|field| field.label == label).expect(label);
    (form.title.clone(), field.value().to_string())
}

/// The merged Contacts (acme's three, then initech's three), the cursor on initech's last.
fn on_initechs_contact(initech_read_only: bool) -> AppState {
    let mut state = group(120, 30, initech_read_only);
    show(&mut state, '6', |org| contacts(org, 3));
    act(&mut state, key(KeyCode::End));
    state
}

#[test]
fn c_on_a_merged_row_logs_the_conversion_in_the_rows_organisation_with_its_key() {
    let mut state = on_initechs_contact(false);
    act(&mut state, ch('c'));
    let (title, email) = form_field(&state, "E-mail");
    assert_eq!(
        (title.as_str(), email.as_str()),
        ("initech: log a conversion", "person2@initech.example")
    );
    act(&mut state, ctrl('s'));
    let asked = screen(&state);
    assert!(asked.contains("Log a conversion of person2@initech.example for initech?"), "{asked}");
    let effects = update(&mut state, ch('y'));
    let sent = sent_for(&effects);
    assert_eq!(sent.len(), 1, "{effects:?}");
    assert_eq!(sent[0].0, "initech");
    assert!(
        matches!(&sent[0].1, WriteRequest::Conversion(c) if c.email == "person2@initech.example")
    );

    // Read-only: refused before the form opens, naming it.
    let mut state = on_initechs_contact(true);
    act(&mut state, ch('c'));
    assert!(state.transient.overlay.is_none());
    let said = state.transient.notice.clone().unwrap_or_default();
    assert!(said.starts_with("Profile initech is read-only: nothing was sent."), "{said}");
}

#[test]
fn a_on_the_merged_contacts_adds_to_the_rows_organisation_and_its_field_chooses_another() {
    let mut state = on_initechs_contact(true);
    act(&mut state, ch('a'));
    let (title, org) = form_field(&state, "Organisation");
    assert_eq!((title.as_str(), org.as_str()), ("initech: add a contact", "initech"));
    type_text(&mut state, "new@initech.example");
    // Initech is read-only: refused in the form, nothing typed lost.
    let effects = update(&mut state, ctrl('s'));
    assert!(sent_for(&effects).is_empty());
    let shown = screen(&state);
    assert!(shown.contains("Profile initech is read-only: nothing was sent."), "{shown}");
    assert_eq!(form_field(&state, "E-mail").1, "new@initech.example", "nothing typed is lost");

    // The last field chooses the organisation: one back is globex, and its key sends it.
    act(&mut state, key(KeyCode::BackTab));
    act(&mut state, key(KeyCode::Left));
    let (title, org) = form_field(&state, "Organisation");
    assert_eq!((title.as_str(), org.as_str()), ("globex: add a contact", "globex"));
    act(&mut state, ctrl('s'));
    let asked = screen(&state);
    assert!(asked.contains("Add new@initech.example as a contact for globex?"), "{asked}");
    let sent = sent_for(&update(&mut state, ch('y')));
    assert_eq!(sent.iter().map(|(org, _)| org.as_str()).collect::<Vec<_>>(), ["globex"]);
}

#[test]
fn the_palette_names_the_organisation_of_a_contact_and_a_wrong_one_is_said_with_the_others() {
    let mut state = on_initechs_contact(false);
    act(&mut state, ch(':'));
    type_text(&mut state, "contact add ann@new.example org:nope");
    act(&mut state, key(KeyCode::Enter));
    let Some(Overlay::Palette(palette)) = &state.transient.overlay else {
        panic!("the palette stays open with the line: {}", screen(&state));
    };
    assert_eq!(palette.input.value(), "contact add ann@new.example org:nope");
    let said = palette.error.clone().unwrap_or_default();
    assert_eq!(
        said,
        "No organisation 'nope' in group clients: org: takes one of acme, globex, initech."
    );

    state.transient.overlay = None;
    act(&mut state, ch(':'));
    type_text(&mut state, "contact add ann@new.example org:acme");
    act(&mut state, key(KeyCode::Enter));
    let asked = screen(&state);
    assert!(asked.contains("Add ann@new.example as a contact for acme?"), "{asked}");
    let sent = sent_for(&update(&mut state, ch('y')));
    assert_eq!(sent.iter().map(|(org, _)| org.as_str()).collect::<Vec<_>>(), ["acme"]);
}
