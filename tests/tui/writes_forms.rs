//! `update` for each write form: validation before sending, what is sent, how each failure
//! maps onto the form (422 field by field, the rest above it) with every value kept byte
//! for byte, and what success says. No terminal, no network.

use crate::common;
use crate::tui_writes_support;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::api::{
    AddContactOutcome, ApiError, ContactUpload, ConversionOutcome, FieldError, ServerMessage,
};
use outreach_tui::tui::action::Action;
use outreach_tui::tui::form::{FieldKind, Fields};
use outreach_tui::tui::model::Slot;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::submit::feedback::Tone;
use outreach_tui::tui::submit::request::{WriteRequest, Written};
use tui_writes_support::*;

/// A 422 entry as the client reads it from a FastAPI body.
fn invalid(source: &str, field: &str, message: &str) -> FieldError {
    FieldError {
        source: source.into(),
        field: field.into(),
        message: message.into(),
        kind: "value_error".into(),
    }
}

/// Fills the contact form field by field with Tab, as a user would.
fn fill_contact(state: &mut AppState, values: [&str; 6]) {
    for (index, value) in values.iter().enumerate() {
        type_text(state, value);
        if index < 5 {
            press(state, key(KeyCode::Tab));
        }
    }
}

fn contact_form() -> AppState {
    let mut state = state();
    press(&mut state, ch('6'));
    press(&mut state, ch('a'));
    state
}

#[test]
fn what_is_certain_is_checked_next_to_its_field_and_nothing_is_sent() {
    let mut state = contact_form();
    let long = "x".repeat(64);
    fill_contact(
        &mut state,
        ["ann@", &long, "Smith", "", "", "vip, , q3, a-tag-much-longer-than-31-characters"],
    );
    press(&mut state, key(KeyCode::Tab));
    type_text(&mut state, "plan = pro");
    press(&mut state, alt_enter());
    type_text(&mut state, "not a pair");
    let before = values(&state);
    assert!(submits(&press(&mut state, ctrl('s'))).is_empty(), "nothing is sent");
    assert_eq!(values(&state), before, "every value kept byte for byte");
    assert!(error(&contact_fields(&state).email).contains("something after the @-sign"));
    assert!(
        error(&contact_fields(&state).first_name).contains("at most 63 characters, this has 64")
    );
    assert!(
        error(&contact_fields(&state).tags).starts_with("tag 3 'a-tag-much"),
        "{}",
        error(&contact_fields(&state).tags)
    );
    assert!(error(&contact_fields(&state).custom_data).starts_with("line 2: 'not a pair'"));
    assert!(error(&contact_fields(&state).last_name).is_empty());
    assert_eq!(form(&state).focus, 0, "the first wrong field has the focus");
    let shown = screen(&state);
    assert!(shown.contains("There must be something after the @-sign."), "{shown}");
}

#[test]
fn enter_walks_the_fields_and_a_valid_contact_is_sent_with_everything_typed() {
    let mut state = contact_form();
    type_text(&mut state, "zoe@example.com");
    for _ in 0..5 {
        assert!(submits(&press(&mut state, key(KeyCode::Enter))).is_empty(), "Enter moves on");
    }
    assert_eq!(form(&state).focus, 5);
    state.transient.overlay = None;
    press(&mut state, ch('a'));
    fill_contact(&mut state, ["zoe@example.com", "Zoë", "Ångström", "Malmö", "SE", "vip, q3"]);
    press(&mut state, key(KeyCode::Tab));
    press(&mut state, Action::Paste("plan = pro\r\nseats = 12\n".into()));
    let (_, write) = send_confirmed(&mut state, key(KeyCode::Enter));
    let mut expected = ContactUpload {
        email: "zoe@example.com".into(),
        first_name: Some("Zoë".into()),
        last_name: Some("Ångström".into()),
        city: Some("Malmö".into()),
        country: Some("SE".into()),
        tags: vec!["vip".into(), "q3".into()],
        custom_data: None,
    };
    let data = serde_json::json!({"plan": "pro", "seats": "12"});
    expected.custom_data = data.as_object().cloned();
    assert_eq!(write, WriteRequest::AddContact(expected), "Enter on the last field sends");
}

#[test]
fn every_failure_keeps_the_form_open_with_every_value_byte_for_byte() {
    let mut state = contact_form();
    fill_contact(&mut state, ["zoe@example.com", "Zoë", "", "", "", "vip, q3"]);
    let typed = values(&state);
    let failures = [
        ApiError::Validation(vec![
            invalid("body", "first_name", "String should have at most 63 characters"),
            invalid("body", "tags.1", "String should match pattern '^[a-z]+$'"),
            invalid("body", "", "JSON decode error"),
        ]),
        ApiError::BadRequest { detail: "The organisation has no bots".into() },
        ApiError::Server { status: 500, body_start: "Internal Server Error".into() },
        ApiError::Timeout {
            host: "127.0.0.1".into(),
            phase: outreach_tui::api::TimeoutPhase::FirstByte,
            after: std::time::Duration::from_secs(20),
        },
        ApiError::Forbidden { detail: Some("Not enough permissions".into()) },
    ];
    for failure in failures {
        let (req_id, _) = send_confirmed(&mut state, ctrl('s'));
        reply(&mut state, req_id, Err(failure.clone()));
        assert_eq!(values(&state), typed, "after {failure:?}");
        let above = form(&state).error.clone().unwrap_or_default();
        match failure {
            ApiError::Validation(_) => {
                assert_eq!(
                    error(&contact_fields(&state).first_name),
                    "String should have at most 63 characters"
                );
                assert_eq!(
                    error(&contact_fields(&state).tags),
                    "tag 2 'q3': String should match pattern '^[a-z]+$'"
                );
                assert!(above.contains("(422): JSON decode error"), "what fits no field: {above}");
            }
            ApiError::BadRequest { .. } => {
                assert!(above.contains("(400): The organisation has no bots"))
            }
            ApiError::Server { .. } => {
                assert!(above.contains("(500)") && above.contains("Ctrl-s sends it again"))
            }
            ApiError::Timeout { .. } => assert!(above.contains("may or may not have been applied")),
            _ => assert!(above.contains("lacks the rights") && above.contains("read-only")),
        }
        assert!(state.transient.submission.is_none());
    }
    assert!(screen(&state).contains("Add a contact"));
}

#[test]
fn a_duplicate_is_said_plainly_whichever_way_the_server_answers() {
    let answers = [
        AddContactOutcome::AlreadyPresent { id: None, detail: "Contact already exists".into() },
        AddContactOutcome::Added { id: 11 },
    ];
    for outcome in answers {
        let mut state = contact_form();
        type_text(&mut state, "ann@acme.tech");
        let (req_id, _) = send_confirmed(&mut state, ctrl('s'));
        reply(&mut state, req_id, Ok(Written::ContactAdded(outcome)));
        assert_eq!(toast(&state), "ann@acme.tech is already a contact: #11. Nothing was changed.");
        assert_eq!(state.transient.toast.as_ref().map(|t| t.tone), Some(Tone::Warning));
        assert!(state.transient.overlay.is_none());
        assert_eq!(state.panes.contacts.list.selected_id(), Some(11), "and it is selected");
    }
    let mut state = contact_form();
    type_text(&mut state, "new@example.com");
    let (req_id, _) = send_confirmed(&mut state, ctrl('s'));
    let effects =
        reply(&mut state, req_id, Ok(Written::ContactAdded(AddContactOutcome::Added { id: 99 })));
    assert_eq!(toast(&state), "Added contact #99 <new@example.com>.");
    assert_eq!(fetched(&effects), [Slot::Contacts], "Contacts reload");
}

#[test]
fn u_on_a_campaign_picks_a_bot_and_what_follows() {
    let mut state = state();
    press(&mut state, ch('2'));
    press(&mut state, ch('u'));
    assert!(form(&state).title.contains("'Q2 enterprise'"), "{}", form(&state).title);
    type_text(&mut state, "zoe@example.com");
    let (req_id, write) = send_confirmed(&mut state, ctrl('s'));
    match write {
        WriteRequest::UploadContact { campaign_id, bot_id, notify, .. } => {
            assert_eq!(
                (campaign_id, bot_id, notify),
                (2, None, true),
                "defaults: system picks, notify"
            );
        }
        other => panic!("{other:?}"),
    }
    let duplicate = ApiError::BadRequest { detail: "Contact already associated".into() };
    reply(&mut state, req_id, Err(duplicate));
    let above = form(&state).error.clone().unwrap_or_default();
    assert!(
        above.starts_with("zoe@example.com is already a contact, so it was not added"),
        "{above}"
    );

    form_focus(&mut state, 7); // the bot, after the contact's seven fields
    assert_eq!(form(&state).field_list()[7].label, "Bot");
    press(&mut state, key(KeyCode::Right));
    press(&mut state, key(KeyCode::Tab));
    press(&mut state, key(KeyCode::Right));
    press(&mut state, key(KeyCode::Right));
    // "Start at a suitable time" into a PENDING campaign starts the whole campaign: the
    // question says so with its pre-flight, and a failed check takes F, not y or Enter.
    assert!(submits(&press(&mut state, key(KeyCode::Enter))).is_empty(), "asks first");
    let lines = confirm(&state).lines.join("\n");
    assert!(
        lines.contains("This also starts campaign #2 'Q2 enterprise' (PENDING)")
            && lines.contains("Pre-flight for Northwind (profile demo):")
            && lines.contains("! warns: Disclaimer: off"),
        "{lines}"
    );
    assert!(confirm(&state).force);
    assert!(submits(&press(&mut state, ch('y'))).is_empty(), "y does not pass a failed check");
    let (req_id, write) = submitted(&press(&mut state, ch('F')));
    let first_bot = bots()[0].id;
    match write {
        WriteRequest::UploadAndStart { campaign_id, bot_id, start_immediately, .. } => {
            assert_eq!((campaign_id, bot_id, start_immediately), (2, Some(first_bot), false));
        }
        other => panic!("{other:?}"),
    }
    let failure =
        ApiError::Validation(vec![invalid("query", "bot_id", "Input should be a valid integer")]);
    reply(&mut state, req_id, Err(failure));
    assert_eq!(
        error(&contact_fields(&state).upload.as_ref().unwrap().bot.field),
        "Input should be a valid integer"
    );
    press(&mut state, ctrl('s'));
    let (req_id, _) = submitted(&press(&mut state, ch('F')));
    let effects = reply(&mut state, req_id, Ok(Written::Uploaded { id: 77 }));
    assert!(toast(&state).contains(
        "Added zoe@example.com (#77) to 'Q2 enterprise': outreach starts at a suitable time"
    ));
    assert!(fetched(&effects).contains(&Slot::Campaigns));
}

#[test]
fn the_bot_picker_offers_live_bots_first_with_their_state_and_asks_about_a_doubtful_one() {
    let mut state = state();
    press(&mut state, ch('2'));
    press(&mut state, ch('u'));
    let upload = contact_fields(&state).upload.as_ref().unwrap();
    let FieldKind::Choice { labels, .. } = &upload.bot.field.kind else { panic!("a choice") };
    assert_eq!(labels[0], "let the system choose");
    // The Bots list's numbers of the range (`pictures`); Ada's warm-up has not started.
    assert!(labels[1].starts_with("#1 Ada Bot · healthy · 7 replies, 6 meetings <"), "{labels:?}");
    // Lee is four days into the warm-up: 40 of 50 a day today.
    assert!(
        labels.iter().any(|l| l.contains("· 40/50 today · 0 replies, 0 meetings <lee@")),
        "{labels:?}"
    );
    assert!(labels[2].starts_with("#2 Sam Bot · needs attention · "), "{labels:?}");
    let last = labels.last().unwrap();
    assert!(last.starts_with("#5 Old Bot · retired, DELETED · "), "{labels:?}");
    let retired_at = labels.len() - 1;
    assert!(labels[1..retired_at].iter().all(|l| !l.contains("retired")), "{labels:?}");

    type_text(&mut state, "zoe@example.com");
    form_focus(&mut state, 7);
    press(&mut state, key(KeyCode::Right));
    press(&mut state, key(KeyCode::Right)); // #2 Sam: its mailbox is paused
    assert!(form(&state).field_list()[7].value().starts_with("#2 Sam Bot"));
    assert!(submits(&press(&mut state, ctrl('s'))).is_empty(), "asks first");
    let asked = asked(&state);
    assert_eq!(
        asked,
        "Bot #2 needs attention (mailbox PAUSED). Add zoe@example.com to 'Q2 enterprise' for \
         Northwind (profile demo) anyway? The campaign's users are notified."
    );
    assert!(screen(&state).contains("needs attention (mailbox PAUSED)"), "{}", screen(&state));
    press(&mut state, ch('n'));
    assert!(
        matches!(form(&state).fields, Fields::Contact(_)),
        "n goes back to the form it was seen in"
    );
    press(&mut state, ctrl('s'));
    let (_, write) = submitted(&press(&mut state, ch('y')));
    assert!(matches!(write, WriteRequest::UploadContact { bot_id: Some(2), .. }), "{write:?}");
}

fn form_focus(state: &mut AppState, index: usize) {
    while form(state).focus != index {
        press(state, key(KeyCode::Tab));
    }
}

#[test]
fn d_and_shift_d_fill_in_the_contact_in_view_and_lists_are_split_by_endpoint() {
    let mut state = state();
    press(&mut state, ch('6'));
    press(&mut state, ch('3'));
    press(&mut state, key(KeyCode::Enter));
    let contact = state.panes.chain.as_ref().unwrap().exchange.contact.email.clone();
    press(&mut state, ch('D'));
    let domain = contact.rsplit_once('@').unwrap().1.to_string();
    assert_eq!(values(&state), [domain], "D in an open e-mail chain: the contact's domain");
    state.transient.overlay = None;
    press(&mut state, ch('d'));
    assert_eq!(values(&state), [contact], "d: the contact's address");
    press(&mut state, ctrl('u'));
    press(&mut state, Action::Paste("a@b.com\n@competitor.com, other.org bad@\n".into()));
    assert_eq!(
        dnc_fields(&state).entries.note.as_deref(),
        Some("1 address, 2 domains, 1 not valid")
    );
    assert!(submits(&press(&mut state, ctrl('s'))).is_empty());
    assert!(
        error(&dnc_fields(&state).entries).starts_with("'bad@': There must be something after")
    );
    press(&mut state, key(KeyCode::Backspace));
    for _ in 0.."bad@".len() {
        press(&mut state, key(KeyCode::Backspace));
    }
    assert!(submits(&press(&mut state, key(KeyCode::Enter))).is_empty(), "domains: asks first");
    let asked = asked(&state);
    assert_eq!(
        asked,
        "Add 1 address and 2 domains to do-not-contact for Northwind (profile demo)? Of the \
         contacts loaded, these 2 domains cover no contact of the organisation."
    );
    let (req_id, write) = submitted(&press(&mut state, ch('y')));
    assert_eq!(write, WriteRequest::DncEmails(vec!["a@b.com".into()]));
    let said = |text: &str| ServerMessage { status: 200, message: Some(text.into()) };
    let effects =
        reply(&mut state, req_id, Ok(Written::Dnc(vec![said("1 contacts added to the DNC list")])));
    let (req_id, write) = submitted(&effects);
    assert_eq!(write, WriteRequest::DncDomains(vec!["competitor.com".into(), "other.org".into()]));
    assert!(matches!(form(&state).fields, Fields::Dnc(_)), "the form waits for the domains");
    let done = Ok(Written::Dnc(vec![said("Adding 2 domains to the DNC list in the background")]));
    assert_eq!(fetched(&reply(&mut state, req_id, done)), [Slot::Contacts], "contacts reload");
    let text = toast(&state);
    assert!(
        text.contains("1 address sent (the server said: \"1 contacts added to the DNC list\")"),
        "{text}"
    );
    assert!(text.contains("2 domains queued"), "{text}");
    let later = press(&mut state, Action::Tick(now() + chrono::TimeDelta::seconds(3)));
    assert_eq!(fetched(&later), [Slot::Contacts], "contacts reload once the domains settle");
}

#[test]
fn domains_are_checked_as_dns_names_and_the_question_counts_contacts_and_warns_of_free_mail() {
    let mut state = state();
    press(&mut state, ch('6'));
    press(&mut state, ch('d'));
    press(&mut state, ctrl('u'));
    press(&mut state, Action::Paste("*.evil.com -rf shop.tech\n".into()));
    assert_eq!(dnc_fields(&state).entries.note.as_deref(), Some("1 domain, 2 not valid"));
    assert!(submits(&press(&mut state, ctrl('s'))).is_empty(), "marked on the field, not sent");
    let marked = error(&dnc_fields(&state).entries);
    assert!(
        marked.starts_with(
            "'*.evil.com': wildcards are not supported: give the domain itself, e.g. evil.com; \
             '-rf': a part of a domain cannot start or end with a hyphen"
        ),
        "{marked}"
    );

    // Back from $EDITOR (Ctrl-x Ctrl-e), the count line follows the text that came back.
    press(&mut state, ctrl('x'));
    let effects = press(&mut state, ctrl('e'));
    let req_id = effects
        .iter()
        .find_map(|effect| match effect {
            outreach_tui::tui::action::Effect::Outside(outreach_tui::tui::outside::Job::Edit {
                req_id,
                ..
            }) => Some(*req_id),
            _ => None,
        })
        .expect("an editor job");
    let edited = "shop.tech\nacme.tech\ngmail.com\n";
    let done = outreach_tui::tui::outside::Done::Edited { req_id, result: Ok(edited.into()) };
    press(&mut state, Action::Outside(done));
    assert_eq!(dnc_fields(&state).entries.note.as_deref(), Some("3 domains"));

    assert!(submits(&press(&mut state, ctrl('s'))).is_empty(), "asks first");
    let asked = asked(&state);
    assert_eq!(
        asked,
        "Add 3 domains to do-not-contact for Northwind (profile demo)? Of the contacts loaded, \
         these 3 domains cover 2 contacts (shop.tech 1, acme.tech 1). Careful: gmail.com is a \
         free-mail provider: blocking it blocks every contact with an address there."
    );
    let (_, write) = submitted(&press(&mut state, ch('y')));
    assert_eq!(
        write,
        WriteRequest::DncDomains(vec!["shop.tech".into(), "acme.tech".into(), "gmail.com".into()])
    );
}

#[test]
fn a_long_domain_list_shows_progress_and_a_failure_names_what_was_sent() {
    let mut state = state();
    press(&mut state, ch('d'));
    let domains: Vec<String> = (0..25_000).map(|i| format!("d{i}.example")).collect();
    press(&mut state, Action::Paste(domains.join("\n")));
    let note = dnc_fields(&state).entries.note.clone().unwrap_or_default();
    assert_eq!(note, "25000 domains, 3 requests of at most 10000");
    assert!(submits(&press(&mut state, ctrl('s'))).is_empty(), "domains: asks first");
    let asked = asked(&state);
    assert!(asked.ends_with("how many this covers is not known here."), "{asked}");
    let (req_id, write) = submitted(&press(&mut state, ch('y')));
    assert_eq!(write, WriteRequest::DncDomains(domains.clone()));
    press(&mut state, Action::WriteProgress { req_id, sent: 10_000, total: 25_000 });
    assert!(screen(&state).contains("Sending domains… 10000 of 25000 done"), "{}", screen(&state));
    let failure = ApiError::Validation(vec![invalid(
        "body",
        "domains.3",
        "String should have at most 255 characters",
    )]);
    reply(&mut state, req_id, Err(failure));
    assert_eq!(
        error(&dnc_fields(&state).entries),
        "'d10003.example': String should have at most 255 characters"
    );
    let above = form(&state).error.clone().unwrap_or_default();
    assert!(
        above.starts_with("10000 of 25000 domains were sent before a request failed."),
        "{above}"
    );
    assert_eq!(values(&state), [domains.join("\n")], "the whole list is still there");
}

#[test]
fn c_logs_a_conversion_and_says_whether_anything_was_logged() {
    let mut state = state();
    press(&mut state, ch('6'));
    press(&mut state, ch('c'));
    assert_eq!(values(&state), ["ann@acme.tech", "", ""]);
    assert_eq!(form(&state).focus, 1, "the address is filled in: the type is next");
    type_text(&mut state, &"t".repeat(64));
    press(&mut state, key(KeyCode::Tab));
    press(&mut state, Action::Paste(r#"{"amount": 99.5"#.into()));
    assert!(submits(&press(&mut state, ctrl('s'))).is_empty());
    assert!(error(&conversion_fields(&state).conversion_type).contains("at most 63 characters"));
    assert!(error(&conversion_fields(&state).conversion_data).contains("not valid JSON"));
    form_focus(&mut state, 1);
    press(&mut state, ctrl('u'));
    type_text(&mut state, "purchase");
    press(&mut state, key(KeyCode::Tab));
    press(&mut state, key(KeyCode::End));
    type_text(&mut state, "}");
    let (req_id, write) = send_confirmed(&mut state, key(KeyCode::Enter));
    let WriteRequest::Conversion(conversion) = write else { panic!("{write:?}") };
    assert_eq!(conversion.conversion_data.unwrap()["amount"], 99.5);
    reply(&mut state, req_id, Ok(Written::Conversion(ConversionOutcome::NotAContact)));
    let note = form(&state).note.clone().unwrap_or_default();
    assert!(
        note.starts_with("ann@acme.tech is not a contact of this organisation: nothing was logged")
    );
    let (req_id, _) = send_confirmed(&mut state, ctrl('s'));
    reply(&mut state, req_id, Ok(Written::Conversion(ConversionOutcome::Logged)));
    assert!(state.transient.overlay.is_none());
    assert!(
        toast(&state).starts_with("Conversion 'purchase' of ann@acme.tech logged"),
        "{}",
        toast(&state)
    );
}
