//! Snooze and absences in the dashboard's inbox, through `update`: `:snooze 30d` and the
//! `b` prompt hide a reply from the list and every count until its day, then it comes back
//! as new; `z` undoes a snooze; `H` lists the snoozed ones; an absence notice is quiet
//! until the contact is back (with and without a return date), then new; and an arrival
//! that is an absence notice rings no bell.

use crate::common;
use crate::inbox::{announced, inbox, inbox_announcing, listed, run, scope, selected, utc};

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::api::{EmailBody, EmailMessage, Listed, Mailbox, Timestamp};
use outreach_tui::inbox::Facts;
use outreach_tui::inbox::snippet::summarise;
use outreach_tui::local::LocalState;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::inbox::jobs::SnippetJob;
use outreach_tui::tui::model::Slot;
use outreach_tui::tui::resource::{Exchanges, loaded};
use outreach_tui::tui::state::{AppState, Overlay};
use outreach_tui::tui::update::update;
use std::sync::Arc;

fn exchange(state: &AppState, id: i64) -> outreach_tui::api::Exchange {
    state.org.store.exchanges.items().iter().find(|e| e.id == id).cloned().unwrap()
}

fn new_count(state: &AppState) -> usize {
    state.org.new_replies()
}

/// The clock's tick `days` (and a minute) after the tests' noon of 2024-05-08.
fn tick_after(days: i64) -> Action {
    Action::Tick(now() + chrono::TimeDelta::days(days) + chrono::TimeDelta::minutes(1))
}

fn palette(state: &mut AppState, local: &LocalState, line: &str) {
    run(state, local, ch(':'));
    for c in line.chars() {
        run(state, local, ch(c));
    }
    run(state, local, key(KeyCode::Enter));
}

#[test]
fn snooze_30d_in_the_palette_hides_the_reply_everywhere_until_its_day_then_it_is_back_as_new() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    assert_eq!(selected(&state), Some(101));
    let before = new_count(&state);
    palette(&mut state, &local, "snooze 30d");
    assert!(state.transient.overlay.is_none(), "{:?}", state.transient.overlay);
    assert!(!listed(&state).contains(&101), "hidden from the list");
    assert_eq!(new_count(&state), before - 1, "and from the new count");
    // Kept with the shared marks: as the day begins in the user's zone (UTC here).
    let until = local.marks(&scope()).unwrap()[&101].snoozed_until;
    assert_eq!(until, Timestamp::parse("2024-06-07T00:00:00Z"));
    let toast = state.transient.toast.as_ref().unwrap().text.clone();
    assert_eq!(toast, "Ann Smith's reply snoozed until Fri 7 Jun (z undoes).");
    assert!(screen(&state).contains("· 1 snoozed [H]"), "{}", screen(&state));

    // The day before it is still asleep; on its day it comes back, new although it did not
    // move, and seen once opened.
    run(&mut state, &local, tick_after(29));
    assert!(!listed(&state).contains(&101));
    run(&mut state, &local, tick_after(30));
    assert!(listed(&state).contains(&101), "back on its day");
    let ann = exchange(&state, 101);
    assert!(state.org.inbox.is_new(&ann), "back as new");
    assert_eq!(new_count(&state), before);
    assert!(!screen(&state).contains("snoozed [H]"));
    run(&mut state, &local, ch('g'));
    assert_eq!(selected(&state), Some(101), "the newest activity, first again");
    run(&mut state, &local, key(KeyCode::Enter));
    assert!(!state.org.inbox.is_new(&ann), "seen once opened");
    let seen = local.marks(&scope()).unwrap()[&101].seen_updated_at;
    assert_eq!(seen, until, "seen as it came back");
}

#[test]
fn b_opens_the_prompt_enter_takes_the_chosen_preset_and_z_undoes_the_snooze() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    run(&mut state, &local, ch('b'));
    let Some(Overlay::Snooze(prompt)) = &state.transient.overlay else {
        panic!("the prompt: {:?}", state.transient.overlay)
    };
    assert_eq!(prompt.title, "Snooze Ann Smith's reply");
    let shown = screen(&state);
    assert!(shown.contains("[1d]") && shown.contains("30d") && shown.contains("Enter snoozes"));
    run(&mut state, &local, key(KeyCode::Right)); // 1d → 3d, as the row reads
    assert!(screen(&state).contains("[3d]"), "the choice shows without colour");
    run(&mut state, &local, key(KeyCode::Enter));
    assert!(!listed(&state).contains(&101));
    let until = local.marks(&scope()).unwrap()[&101].snoozed_until;
    assert_eq!(until, Timestamp::parse("2024-05-11T00:00:00Z"), "in three days");
    run(&mut state, &local, ch('z'));
    assert!(listed(&state).contains(&101), "undone");
    assert_eq!(local.marks(&scope()).unwrap()[&101].snoozed_until, None);
    assert!(state.transient.toast.as_ref().unwrap().text.starts_with("Undone: Ann Smith's"));

    // A day in the past is refused in words, in the prompt, and nothing is snoozed.
    run(&mut state, &local, ch('b'));
    for c in "2024-05-01".chars() {
        run(&mut state, &local, ch(c));
    }
    run(&mut state, &local, key(KeyCode::Enter));
    let Some(Overlay::Snooze(prompt)) = &state.transient.overlay else { panic!("still open") };
    assert!(prompt.error.as_deref().unwrap_or_default().contains("not after today"));
    assert_eq!(local.marks(&scope()).unwrap()[&101].snoozed_until, None);
}

#[test]
fn h_lists_only_the_snoozed_replies_with_their_day_and_unsnooze_wakes_one() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    palette(&mut state, &local, "snooze 2024-12-24");
    run(&mut state, &local, ch('H'));
    run(&mut state, &local, ch('H'));
    assert_eq!(listed(&state), [101], "only the snoozed ones");
    let shown = screen(&state);
    let row = shown.lines().find(|line| line.contains("Ann Smith")).unwrap();
    assert!(row.contains("Snoozed until Tue 24 Dec"), "{row}");
    palette(&mut state, &local, "unsnooze");
    assert!(listed(&state).is_empty(), "woken: no longer snoozed");
    run(&mut state, &local, ch('H'));
    assert!(listed(&state).contains(&101), "back in the inbox");
    assert_eq!(local.marks(&scope()).unwrap()[&101].snoozed_until, None);
}

/// An out-of-office notice from the contact, sent on `date`, naming `text`'s return day.
fn notice(date: &str, text: &str) -> Vec<EmailMessage> {
    let from = |address: &str| Some(Mailbox { address: address.into(), name: String::new() });
    let ours = EmailMessage {
        from_: from("ada@northwind.test"),
        date: Timestamp::parse("2024-05-06T10:00:00Z"),
        body: EmailBody { text: Some("Hi Li, pricing attached.".into()), html: None },
        ..EmailMessage::default()
    };
    let notice = EmailMessage {
        subject: "Automatic reply: Re: Pricing".into(),
        from_: from("li@shop.tech"),
        date: Timestamp::parse(date),
        body: EmailBody { text: Some(text.into()), html: None },
        ..EmailMessage::default()
    };
    vec![ours, notice]
}

/// Exchange 103 (Li, Interested, new) read with `chain` as it stands.
fn read_103(state: &mut AppState, chain: &[EmailMessage]) {
    let li = exchange(state, 103);
    let job = SnippetJob {
        exchange_id: 103,
        updated_at: li.updated_at,
        contact: li.contact.email.clone(),
        zone: utc(),
    };
    let result = Ok(summarise(chain, &li.contact.email, &utc()));
    update(state, Action::SnippetRead { job, result });
}

#[test]
fn an_absence_is_quiet_until_the_working_day_after_its_last_day_then_new() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    let li = exchange(&state, 103);
    assert!(state.org.inbox.is_new(&li), "new before its chain is read");
    read_103(
        &mut state,
        &notice(
            "2024-05-06T11:00:00Z",
            "I am out of the office until 10 May with limited access to email.",
        ),
    );
    assert!(!state.org.inbox.is_new(&li), "an absence notice is not new");
    assert!(listed(&state).contains(&103), "but listed, saying until when");
    // Away to Friday 10 May inclusive: back the Monday after.
    assert!(screen(&state).contains("Away, back Mon 13 May"), "{}", screen(&state));
    run(&mut state, &local, tick_after(2)); // 10 May, noon: still away
    assert!(!state.org.inbox.is_new(&li));
    run(&mut state, &local, tick_after(3)); // Saturday 11 May: the weekend, still away
    assert!(!state.org.inbox.is_new(&li), "not new over the weekend");
    run(&mut state, &local, tick_after(5)); // Monday 13 May: back
    assert!(state.org.inbox.is_new(&li), "new the working day after the last day away");
}

#[test]
fn an_absence_without_a_date_is_quiet_for_fourteen_days() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    let li = exchange(&state, 103);
    read_103(
        &mut state,
        &notice(
            "2024-05-06T11:00:00Z",
            "I am out of the office with limited access to email. For urgent matters please contact sales@shop.tech.",
        ),
    );
    assert!(!state.org.inbox.is_new(&li));
    run(&mut state, &local, tick_after(11)); // 19 May: 13 days after the notice
    assert!(!state.org.inbox.is_new(&li));
    run(&mut state, &local, tick_after(12)); // 20 May: 14 days after
    assert!(state.org.inbox.is_new(&li), "back as new 14 days after the notice");
}

/// A reload where Li's conversation moved: the new `updated_at`.
fn li_moves(state: &mut AppState, local: &LocalState) -> Vec<Effect> {
    let mut later = fixtures::exchanges();
    let li = later.iter_mut().find(|e| e.id == 103).unwrap();
    li.updated_at = at("2024-05-08T11:55:00Z");
    let effects = update(state, Action::AutoRefresh);
    let fetch = effects
        .iter()
        .find_map(|e| match e {
            Effect::Fetch(f) if f.slot == Slot::Exchanges => Some(f.clone()),
            _ => None,
        })
        .unwrap();
    let answer = Listed { items: Arc::from(later), skipped: 0 };
    // The arrival's chain is read before it is announced; answered by hand below.
    let effects = update(state, loaded::<Exchanges>(fetch.req_id, Ok(answer)));
    let _ = local;
    effects
}

#[test]
fn an_arriving_absence_notice_rings_no_bell_and_an_ordinary_reply_does_once_read() {
    for (text, announced_as) in [
        ("I am out of the office until 20 May with limited access to email.", None),
        ("Could you send the pricing for 40 seats?", Some("1 new reply: 小龙 李 (Interested)")),
    ] {
        let local = LocalState::in_memory();
        let (mut state, first) = inbox_announcing(&local);
        assert!(first.is_empty());
        let effects = li_moves(&mut state, &local);
        assert!(announced(&effects).is_empty(), "nothing before the chain is read");
        assert!(state.org.inbox.announcing.waiting.contains(&103), "it waits for its chain");
        let li = exchange(&state, 103);
        let chain = notice("2024-05-08T11:55:00Z", text);
        let job = SnippetJob {
            exchange_id: 103,
            updated_at: li.updated_at,
            contact: li.contact.email.clone(),
            zone: utc(),
        };
        let result = Ok(summarise(&chain, &li.contact.email, &utc()));
        let effects = update(&mut state, Action::SnippetRead { job, result });
        let bytes = announced(&effects);
        match announced_as {
            None => {
                assert!(bytes.is_empty(), "an absence is announced to nobody: {bytes:?}");
                assert!(state.transient.toast.is_none(), "{:?}", state.transient.toast);
                assert!(!state.org.inbox.is_new(&li));
            }
            Some(headline) => {
                assert!(bytes.starts_with('\u{7}'), "the bell: {bytes:?}");
                assert_eq!(state.transient.toast.as_ref().unwrap().text, headline);
            }
        }
    }
}
