//! `update` for the write operations that are not one form's own business: starting a
//! campaign, read-only profiles, one write at a time, asking before discarding, palette
//! writes, toasts and the spinner. No terminal, no network.

use crate::common;
use crate::tui_writes_support;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::api::{ApiError, CampaignStatus, ServerMessage};
use outreach_tui::tui::action::Action;
use outreach_tui::tui::form::Fields;
use outreach_tui::tui::model::Slot;
use outreach_tui::tui::state::Overlay;
use outreach_tui::tui::submit::feedback::Tone;
use outreach_tui::tui::submit::request::{WriteRequest, Written};
use outreach_tui::tui::update::{frame_drawn, needs_frame};
use tui_writes_support::*;

fn started() -> Written {
    Written::Started(ServerMessage { status: 200, message: Some("Campaign started".into()) })
}

#[test]
fn s_asks_naming_the_campaign_its_status_and_what_starting_means() {
    let mut state = state();
    press(&mut state, ch('2'));
    assert_eq!(state.panes.campaigns.list.selected_id(), Some(2), "Q2 enterprise, the newest");
    assert!(press(&mut state, ch('s')).is_empty(), "asking sends nothing");
    let lines = confirm(&state).lines.join("\n");
    assert!(lines.contains("'Q2 enterprise' (#2)"), "{lines}");
    assert!(
        lines.contains("PENDING") && lines.contains("exchanges begin shortly after"),
        "{lines}"
    );
    assert!(lines.contains("for Northwind (profile demo)"), "the organisation is named: {lines}");
    // The fixtures' campaign has no disclaimer and a bot misses SPF: both are said, as
    // warnings (neither keeps the e-mail from reaching the contacts).
    assert!(lines.contains("✓ Unsubscribe: one-click"), "{lines}");
    assert!(
        lines.contains("! warns: Disclaimer: off")
            && lines.contains("! warns: Bot 3: DNS SPF missing"),
        "{lines}"
    );
    let warning = confirm(&state).warning.clone().unwrap_or_default();
    assert_eq!(warning, "2 pre-flight checks failed (2 warn).");
    assert!(screen(&state).contains("F (Shift-f) goes ahead anyway"), "{}", screen(&state));

    assert!(press(&mut state, ch('n')).is_empty(), "n cancels");
    assert!(state.transient.overlay.is_none());
    // A failed check is never passed by the default key: Enter cancels, y only explains.
    press(&mut state, ch('s'));
    assert!(submits(&press(&mut state, key(KeyCode::Enter))).is_empty(), "Enter cancels");
    assert!(state.transient.overlay.is_none());
    press(&mut state, ch('s'));
    assert!(submits(&press(&mut state, ch('y'))).is_empty(), "y does not pass a failed check");
    let said = confirm(&state).error.clone().unwrap_or_default();
    assert!(said.contains("y does not go ahead: F does"), "{said}");
    let (req_id, write) = submitted(&press(&mut state, ch('F')));
    assert_eq!(write, WriteRequest::StartCampaign { campaign_id: 2 });

    let effects = reply(&mut state, req_id, Ok(started()));
    assert!(state.transient.overlay.is_none(), "success closes the dialog");
    assert_eq!(state.transient.toast.as_ref().map(|t| t.tone), Some(Tone::Success));
    assert!(
        toast(&state).contains("Started 'Q2 enterprise': it is ACTIVE now"),
        "{}",
        toast(&state)
    );
    assert!(fetched(&effects).contains(&Slot::Campaigns), "the list reloads");
}

#[test]
fn a_campaign_that_is_not_pending_is_warned_about_and_a_refusal_is_said_in_words() {
    let mut state = state();
    press(&mut state, ch('2'));
    press(&mut state, ch('j'));
    press(&mut state, ch('s'));
    let warning = confirm(&state).warning.clone().unwrap_or_default();
    assert!(warning.contains("this one is ACTIVE"), "{warning}");
    let (req_id, _) = submitted(&press(&mut state, ch('F')));
    let refusal = ApiError::BadRequest {
        detail: "Campaign is ACTIVE; only a PENDING campaign can be started".into(),
    };
    let effects = reply(&mut state, req_id, Err(refusal));
    let error = confirm(&state).error.clone().unwrap_or_default();
    assert!(error.contains("'Spring launch' was not started"), "{error}");
    assert!(error.contains("(400): Campaign is ACTIVE; only a PENDING"), "{error}");
    assert!(fetched(&effects).contains(&Slot::Campaigns), "the list reloads after a refusal too");
    assert!(screen(&state).contains("F (Shift-f) goes ahead anyway"), "{}", screen(&state));

    for (error, words) in [
        (ApiError::Forbidden { detail: Some("read-only key".into()) }, "lacks the rights"),
        (
            ApiError::NotFound { what: "campaign 1".into(), detail: None },
            "campaign 1 does not exist",
        ),
    ] {
        let (req_id, write) = submitted(&press(&mut state, ch('F')));
        assert_eq!(write, WriteRequest::StartCampaign { campaign_id: 1 }, "F tries again");
        reply(&mut state, req_id, Err(error));
        let shown = confirm(&state).error.clone().unwrap_or_default();
        assert!(shown.contains(words), "{shown}");
    }
    press(&mut state, ch('x'));
    assert!(state.transient.overlay.is_some(), "a stray key does nothing");
    press(&mut state, key(KeyCode::Esc));
    assert!(state.transient.overlay.is_none(), "Esc closes");
}

#[test]
fn one_write_at_a_time_and_late_answers_are_dropped() {
    let mut state = state();
    press(&mut state, ch('2'));
    press(&mut state, ch('s'));
    let (req_id, _) = submitted(&press(&mut state, ch('F')));
    for action in [ch('F'), ch('y'), key(KeyCode::Enter), key(KeyCode::Esc), ch('q')] {
        assert!(submits(&press(&mut state, action)).is_empty(), "nothing more is sent");
    }
    assert!(
        matches!(state.transient.overlay, Some(Overlay::Confirm(_))),
        "keys wait for the answer"
    );
    assert!(screen(&state).contains("Sending…"), "{}", screen(&state));
    assert!(reply(&mut state, req_id + 100, Ok(started())).is_empty(), "not the write in flight");
    assert!(state.transient.submission.is_some());
    reply(
        &mut state,
        req_id,
        Err(ApiError::Timeout {
            host: "127.0.0.1".into(),
            phase: outreach_tui::api::TimeoutPhase::FirstByte,
            after: std::time::Duration::from_secs(20),
        }),
    );
    let error = confirm(&state).error.clone().unwrap_or_default();
    assert!(error.contains("may or may not have been applied"), "{error}");
    let (again, _) = submitted(&press(&mut state, ch('F')));
    assert_ne!(again, req_id, "a new attempt is a new request");
}

#[test]
fn a_read_only_profile_refuses_every_write_before_anything_is_sent() {
    let mut state = read_only();
    let mut tries = vec![(ch('2'), ch('s')), (ch('2'), ch('u')), (ch('6'), ch('a'))];
    tries.extend([(ch('6'), ch('d')), (ch('6'), ch('D')), (ch('3'), ch('c'))]);
    for (pane, write_key) in tries {
        press(&mut state, pane);
        state.transient.toast = None;
        let effects = press(&mut state, write_key);
        assert!(submits(&effects).is_empty());
        assert!(state.transient.overlay.is_none(), "no form opens");
        assert!(toast(&state).contains("This profile is read-only: nothing was sent"));
        assert_eq!(state.transient.toast.as_ref().map(|t| t.tone), Some(Tone::Failure));
    }
    press(&mut state, ch(':'));
    type_text(&mut state, "dnc add a@b.com");
    assert!(submits(&press(&mut state, key(KeyCode::Enter))).is_empty());
    assert!(screen(&state).contains("read-only"), "{}", screen(&state));
}

#[test]
fn esc_asks_before_throwing_typed_input_away() {
    let mut state = state();
    press(&mut state, ch('6'));
    press(&mut state, ch('a'));
    type_text(&mut state, "zoe@example.com");
    press(&mut state, key(KeyCode::Esc));
    assert!(form(&state).discarding, "asks first");
    assert!(screen(&state).contains("Discard what you typed? y discards"));
    press(&mut state, ch('n'));
    assert!(!form(&state).discarding);
    assert_eq!(values(&state)[0], "zoe@example.com", "any other key goes back, nothing lost");
    press(&mut state, key(KeyCode::Esc));
    press(&mut state, ch('y'));
    assert!(state.transient.overlay.is_none(), "y discards");

    press(&mut state, ch('d'));
    assert_eq!(values(&state), ["ann@acme.tech"], "filled in from the selected contact");
    press(&mut state, key(KeyCode::Esc));
    assert!(state.transient.overlay.is_none(), "nothing typed: Esc closes at once");
}

#[test]
fn palette_lines_fill_the_form_and_ask_before_sending_when_complete() {
    let mut state = state();
    let run = |state: &mut outreach_tui::tui::state::AppState, line: &str| {
        press(state, ch(':'));
        type_text(state, line);
        press(state, key(KeyCode::Enter))
    };
    run(&mut state, "start 2");
    assert!(confirm(&state).lines[0].contains("Q2 enterprise"), "start asks first");
    press(&mut state, key(KeyCode::Esc));

    assert!(submits(&run(&mut state, "contact add zoe@example.com")).is_empty(), "asks first");
    let asked = confirm(&state).lines[0].clone();
    assert_eq!(asked, "Add zoe@example.com as a contact for Northwind (profile demo)?");
    // A stray key neither sends nor types into the form behind the question.
    assert!(press(&mut state, ch('j')).is_empty());
    assert_eq!(confirm(&state).lines[0], asked, "still asking");
    press(&mut state, ch('n'));
    assert!(state.transient.overlay.is_none(), "no closes a form that was never on screen");
    assert!(toast(&state).contains("Nothing was sent"), "{}", toast(&state));
    run(&mut state, "contact add zoe@example.com");
    let (req_id, write) = submitted(&press(&mut state, ch('y')));
    assert!(matches!(&write, WriteRequest::AddContact(c) if c.email == "zoe@example.com"));
    reply(&mut state, req_id, Err(ApiError::Server { status: 500, body_start: "boom".into() }));
    assert_eq!(values(&state)[0], "zoe@example.com", "the palette's input is kept in the form");
    press(&mut state, key(KeyCode::Esc));
    assert!(state.transient.overlay.is_none(), "nobody typed in it: Esc closes at once");

    // Outreach e-mail that would go out at once is never sent unasked, and an upload that
    // would start a PENDING campaign says so, with that campaign's pre-flight.
    assert!(submits(&run(&mut state, "upload 2 zoe@example.com now")).is_empty());
    let asked = confirm(&state).lines.clone();
    assert_eq!(
        asked[0],
        "Add zoe@example.com to 'Q2 enterprise' for Northwind (profile demo) and start its \
         outreach? The first e-mail goes out immediately."
    );
    assert_eq!(
        asked[1],
        "This also starts campaign #2 'Q2 enterprise' (PENDING): it becomes ACTIVE and its \
         outreach begins."
    );
    assert!(asked.iter().any(|line| line.starts_with("! warns: Disclaimer: off")), "{asked:?}");
    assert!(screen(&state).contains("The first e-mail goes out"), "{}", screen(&state));
    assert!(submits(&press(&mut state, ch('y'))).is_empty(), "a failed check needs F");
    let (_, write) = submitted(&press(&mut state, ch('F')));
    match write {
        WriteRequest::UploadAndStart {
            campaign_id,
            start_immediately,
            bot_id,
            campaign_was,
            ..
        } => {
            assert_eq!((campaign_id, start_immediately, bot_id), (2, true, None));
            assert_eq!(campaign_was, Some(CampaignStatus::Pending), "for the audit log");
        }
        other => panic!("{other:?}"),
    }
    state.transient.submission = None;
    state.transient.overlay = None;
    assert!(submits(&run(&mut state, "upload 2 zoe@example.com")).is_empty());
    let asked = confirm(&state).lines[0].clone();
    assert!(asked.ends_with("for Northwind (profile demo)? The campaign's users are notified."));
    state.transient.overlay = None;
    assert!(submits(&run(&mut state, "dnc add a@b.com c.com")).is_empty(), "dnc asks first");
    let asked = confirm(&state).lines[0].clone();
    assert!(
        asked.starts_with(
            "Add 1 address and 1 domain to do-not-contact for Northwind (profile demo)?"
        ),
        "{asked}"
    );
    let (_, write) = submitted(&press(&mut state, ch('y')));
    assert_eq!(write, WriteRequest::DncEmails(vec!["a@b.com".into()]), "addresses first");
    state.transient.submission = None;
    state.transient.overlay = None;
    let line = "conversion ann@acme.tech signup plan=pro";
    assert!(submits(&run(&mut state, line)).is_empty(), "a conversion asks first");
    let asked = confirm(&state).lines[0].clone();
    assert_eq!(asked, "Log a conversion 'signup' of ann@acme.tech for Northwind (profile demo)?");
    let (_, write) = submitted(&press(&mut state, key(KeyCode::Enter)));
    match write {
        WriteRequest::Conversion(c) => {
            assert_eq!(c.conversion_type.as_deref(), Some("signup"));
            assert_eq!(c.conversion_data.unwrap()["plan"], "pro");
        }
        other => panic!("{other:?}"),
    }
    state.transient.submission = None;
    state.transient.overlay = None;
    assert!(submits(&run(&mut state, "dnc")).is_empty(), "no entries: the form waits");
    assert!(matches!(form(&state).fields, Fields::Dnc(_)));
}

#[test]
fn the_toast_goes_after_a_while_and_the_spinner_turns_only_while_sending() {
    let mut state = state();
    press(&mut state, ch('2'));
    press(&mut state, ch('s'));
    let (req_id, _) = submitted(&press(&mut state, ch('F')));
    frame_drawn(&mut state);
    press(&mut state, Action::Spin);
    assert!(needs_frame(&state) && state.transient.spinner == 1, "a spinner frame while sending");
    reply(&mut state, req_id, Ok(started()));
    frame_drawn(&mut state);
    press(&mut state, Action::Spin);
    assert!(!needs_frame(&state), "no redraw when nothing is in flight");
    assert!(screen(&state).contains("Started 'Q2 enterprise'"));
    press(&mut state, Action::Tick(now() + chrono::TimeDelta::seconds(3)));
    assert!(state.transient.toast.is_some());
    press(&mut state, Action::Tick(now() + chrono::TimeDelta::seconds(7)));
    assert!(state.transient.toast.is_none() && needs_frame(&state), "gone, and redrawn without it");
}

#[test]
fn the_help_lists_the_write_keys_of_each_pane() {
    let mut state = state();
    let help = |state: &mut outreach_tui::tui::state::AppState| {
        press(state, ch('?'));
        let lines: Vec<String> = outreach_tui::tui::widgets::help::lines(&state.help_view())
            .iter()
            .map(|line| line.spans.iter().map(|s| s.content.to_string()).collect())
            .collect();
        press(state, key(KeyCode::Esc));
        lines.join("\n")
    };
    press(&mut state, ch('2'));
    let campaigns = help(&mut state);
    assert!(campaigns.contains("start the campaign") && campaigns.contains("add a contact to"));
    press(&mut state, ch('6'));
    let contacts = help(&mut state);
    assert!(contacts.contains("add a contact") && !contacts.contains("start the campaign"));
    assert!(contacts.contains("do not contact") && contacts.contains("log a conversion"));
}

#[test]
fn without_the_demo_the_question_names_the_organisation_the_bots_or_the_config_give() {
    let mut state = state();
    let mut profile = info();
    profile.profile = "work".into();
    profile.organisation = None;
    state.server.connection = outreach_tui::tui::state::Connection::Ready(profile.clone());
    press(&mut state, ch('3'));
    press(&mut state, ch('6'));
    press(&mut state, ch('a'));
    type_text(&mut state, "zoe@example.com");
    press(&mut state, ctrl('s'));
    let asked = confirm(&state).lines[0].clone();
    assert_eq!(asked, "Add zoe@example.com as a contact for Northwind (profile work)?");
    press(&mut state, key(KeyCode::Esc));

    profile.team = Some(outreach_tui::tui::model::TeamLink {
        me: "ann".into(),
        organisation: Some("Northwind Trading Ltd".into()),
    });
    state.server.connection = outreach_tui::tui::state::Connection::Ready(profile);
    press(&mut state, ctrl('s'));
    let asked = confirm(&state).lines[0].clone();
    assert!(
        asked.ends_with("for Northwind Trading Ltd (profile work)?"),
        "the config wins: {asked}"
    );
    press(&mut state, key(KeyCode::Esc));
    press(&mut state, key(KeyCode::Esc));
    press(&mut state, ch('y'));
    press(&mut state, ch('2'));
    press(&mut state, ch('s'));
    let lines = confirm(&state).lines.join("\n");
    assert!(lines.contains("Pre-flight for Northwind Trading Ltd (profile work):"), "{lines}");
}
