//! Every write form and dialog drawn at 80×24 on ratatui's TestBackend (fixed clock and
//! zone), with inline errors, failures above the form, the spinner and the toasts; and
//! drawn at tiny sizes without panicking.

use crate::common;
use crate::tui_writes_support;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::api::{AddContactOutcome, ApiError, ConversionOutcome, FieldError};
use outreach_tui::tui::action::Action;
use outreach_tui::tui::state::{AppState, Overlay};
use outreach_tui::tui::submit::request::Written;
use outreach_tui::tui::theme::Theme;
use tui_writes_support::*;

type Scenario = (&'static str, fn(&mut AppState));

fn keys(state: &mut AppState, actions: &[Action]) {
    for action in actions {
        press(state, action.clone());
    }
}

/// Sends the open form (or dialog), says yes to the confirmation (F: the deliberate yes,
/// which also passes a failed pre-flight check) and answers with `result`.
fn send_and_answer(state: &mut AppState, send: Action, result: Result<Written, ApiError>) {
    let mut effects = press(state, send);
    if submits(&effects).is_empty() && matches!(state.transient.overlay, Some(Overlay::Confirm(_)))
    {
        effects = press(state, ch('F'));
    }
    let (req_id, _) = submitted(&effects);
    reply(state, req_id, result);
}

fn invalid(field: &str, message: &str) -> FieldError {
    FieldError {
        source: "body".into(),
        field: field.into(),
        message: message.into(),
        kind: "value_error".into(),
    }
}

const SCENARIOS: &[Scenario] = &[
    ("start_confirm", |s| keys(s, &[ch('2'), ch('s')])),
    ("start_sending", |s| keys(s, &[ch('2'), ch('s'), ch('F')])),
    ("start_failed_check_y", |s| keys(s, &[ch('2'), ch('s'), ch('y')])),
    ("start_refused", |s| {
        keys(s, &[ch('2'), ch('j'), ch('s')]);
        let detail = "Campaign is ACTIVE; only a PENDING campaign can be started".to_string();
        send_and_answer(s, ch('y'), Err(ApiError::BadRequest { detail }));
    }),
    ("start_done_toast", |s| {
        keys(s, &[ch('2'), ch('s')]);
        let said = outreach_tui::api::ServerMessage {
            status: 200,
            message: Some("Campaign started".into()),
        };
        send_and_answer(s, ch('y'), Ok(Written::Started(said)));
    }),
    ("contact_form", |s| keys(s, &[ch('6'), ch('a')])),
    ("contact_form_inline_errors", |s| {
        keys(s, &[ch('6'), ch('a')]);
        type_text(s, "ann@");
        keys(s, &[key(KeyCode::Tab)]);
        type_text(s, &"x".repeat(70));
        for _ in 0..4 {
            keys(s, &[key(KeyCode::Tab)]);
        }
        type_text(s, "vip, q3");
        keys(s, &[key(KeyCode::Tab), Action::Paste("plan = pro\nnot a pair".into()), ctrl('s')]);
    }),
    ("contact_form_422_and_above", |s| {
        keys(s, &[ch('6'), ch('a')]);
        type_text(s, "zoe@example.com");
        keys(s, &[key(KeyCode::Tab)]);
        type_text(s, "Zoë");
        let failure = ApiError::Validation(vec![
            invalid("first_name", "String should match pattern '^[A-Za-z]+$'"),
            invalid("", "JSON decode error"),
        ]);
        send_and_answer(s, ctrl('s'), Err(failure));
    }),
    ("contact_form_500", |s| {
        keys(s, &[ch('6'), ch('a')]);
        type_text(s, "zoe@example.com");
        let failure = ApiError::Server { status: 500, body_start: "Internal Server Error".into() };
        send_and_answer(s, ctrl('s'), Err(failure));
    }),
    ("contact_duplicate_toast", |s| {
        keys(s, &[ch('6'), ch('a')]);
        type_text(s, "ann@acme.tech");
        let outcome = AddContactOutcome::AlreadyPresent { id: None, detail: "exists".into() };
        send_and_answer(s, ctrl('s'), Ok(Written::ContactAdded(outcome)));
    }),
    ("upload_form", |s| {
        keys(s, &[ch('2'), ch('u')]);
        type_text(s, "zoe@example.com");
        for _ in 0..7 {
            keys(s, &[key(KeyCode::Tab)]);
        }
        keys(s, &[key(KeyCode::Right), key(KeyCode::Tab), key(KeyCode::Left)]);
    }),
    ("discard_prompt", |s| {
        keys(s, &[ch('6'), ch('a')]);
        type_text(s, "zoe@example.com");
        keys(s, &[key(KeyCode::Esc)]);
    }),
    ("dnc_form_prefilled", |s| keys(s, &[ch('6'), ch('j'), ch('d')])),
    ("dnc_form_invalid_entries", |s| {
        keys(s, &[ch('6'), ch('d'), ctrl('u')]);
        let list = "a@b.com\n@competitor.com\nother.org\nbad@\nno spaces@x.com";
        keys(s, &[Action::Paste(list.into()), ctrl('s')]);
    }),
    ("dnc_progress", |s| {
        keys(s, &[ch('6'), ch('d'), ctrl('u')]);
        let domains: Vec<String> = (0..25_000).map(|i| format!("d{i}.example")).collect();
        keys(s, &[Action::Paste(domains.join("\n")), ctrl('s')]);
        let (req_id, _) = submitted(&press(s, ch('y')));
        press(s, Action::WriteProgress { req_id, sent: 20_000, total: 25_000 });
    }),
    ("dnc_question", |s| {
        keys(s, &[ch('6'), ch('d'), ctrl('u')]);
        let list = "ann@acme.tech\nacme.tech\nshop.tech\ngmail.com";
        keys(s, &[Action::Paste(list.into()), ctrl('s')]);
    }),
    ("contact_question", |s| {
        keys(s, &[ch('6'), ch('a')]);
        type_text(s, "zoe@example.com");
        keys(s, &[ctrl('s')]);
    }),
    ("upload_start_pending_question", |s| {
        keys(s, &[ch('2'), ch('u')]);
        type_text(s, "zoe@example.com");
        for _ in 0..8 {
            keys(s, &[key(KeyCode::Tab)]);
        }
        keys(s, &[key(KeyCode::Left), ctrl('s')]);
    }),
    ("palette_upload_now_question", |s| {
        keys(s, &[ch(':')]);
        type_text(s, "upload 2 zoe@example.com now");
        keys(s, &[key(KeyCode::Enter)]);
    }),
    ("conversion_form", |s| keys(s, &[ch('6'), ch('c')])),
    ("conversion_not_a_contact", |s| {
        keys(s, &[ch('6'), ch('c')]);
        type_text(s, "signup");
        keys(s, &[key(KeyCode::Tab), Action::Paste("plan = pro\nseats = 12".into())]);
        let outcome = Ok(Written::Conversion(ConversionOutcome::NotAContact));
        send_and_answer(s, ctrl('s'), outcome);
    }),
    ("read_only_refusal", |s| {
        let mut profile = info();
        profile.read_only = true;
        s.server.connection = outreach_tui::tui::state::Connection::Ready(profile);
        keys(s, &[ch('2'), ch('s')]);
    }),
];

#[test]
fn every_form_and_dialog_at_80x24() {
    for (name, scenario) in SCENARIOS {
        let mut state = connected(80, 24, Theme::default());
        scenario(&mut state);
        insta::assert_snapshot!(format!("{name}_80x24"), screen(&state));
    }
}

#[test]
fn tiny_terminals_do_not_panic() {
    for (width, height) in [(1, 1), (20, 5), (40, 10), (80, 2)] {
        for (_, scenario) in SCENARIOS {
            let mut state = connected(width, height, Theme::default());
            scenario(&mut state);
            screen(&state);
        }
    }
}

#[test]
fn without_colour_errors_and_chips_still_stand_out() {
    let mut state = connected(80, 24, Theme::monochrome());
    keys(&mut state, &[ch('6'), ch('a')]);
    type_text(&mut state, "ann@");
    for _ in 0..5 {
        keys(&mut state, &[key(KeyCode::Tab)]);
    }
    type_text(&mut state, "vip");
    keys(&mut state, &[key(KeyCode::Tab), ctrl('s')]);
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| outreach_tui::tui::views::render(frame, &state)).unwrap();
    let buffer = terminal.backend().buffer();
    let colours = buffer
        .content()
        .iter()
        .any(|c| c.fg != ratatui::style::Color::Reset || c.bg != ratatui::style::Color::Reset);
    assert!(!colours, "NO_COLOR: no cell has a colour");
    let cell_of = |needle: &str| {
        let text = screen(&state);
        let row = text.lines().position(|l| l.contains(needle)).unwrap();
        let column = text.lines().nth(row).unwrap().trim_start_matches('"').find(needle).unwrap();
        let column =
            text.lines().nth(row).unwrap().trim_start_matches('"')[..column].chars().count();
        buffer[(column as u16, row as u16)].modifier
    };
    use ratatui::style::Modifier;
    assert!(cell_of("There must be").contains(Modifier::UNDERLINED), "errors are underlined");
    assert!(cell_of(" vip ").contains(Modifier::REVERSED), "chips are reverse video");
}
