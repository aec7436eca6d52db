//! `update` without a terminal or a network: navigation, filtering, pane switching, stale
//! answers, error states, overlays.

use crate::common;

use common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use outreach_tui::api::{ApiError, ExchangeGroup, ExchangeQuery, Listed, MeetingQuery};
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::command::Command;
use outreach_tui::tui::model::{ConnectFailure, ConnectionInfo, Pane, Slot};
use outreach_tui::tui::resource::{Campaigns, loaded};
use outreach_tui::tui::state::{AppState, Connection, Overlay};
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::{frame_drawn, needs_frame, update};
use std::sync::Arc;

fn state() -> AppState {
    connected(80, 24, Theme::default())
}

fn ctrl(c: char) -> Action {
    Action::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
}

#[test]
fn connecting_loads_the_overview_and_panes_load_on_first_visit() {
    let mut state = AppState::new(settings(Theme::default()), 80, 24, now());
    let effects = update(&mut state, Action::Connected(Ok(info())));
    let slots: Vec<Slot> = fetches(&effects).into_iter().map(|fetch| fetch.slot).collect();
    let overview = [
        Slot::Campaigns,
        Slot::Bots,
        Slot::RecentReplies,
        Slot::UpcomingMeetings,
        // The chart's range, shared with the Campaigns and Bots panes.
        Slot::RangeReplies,
        Slot::RangeMeetings,
        // The reply inbox too, for its counts.
        Slot::Exchanges,
    ];
    assert_eq!(slots, overview);
    answer(&mut state, effects);

    let first = update(&mut state, ch('6'));
    assert_eq!(state.panes.pane, Pane::Contacts);
    assert_eq!(fetches(&first).len(), 1, "contacts load on the first visit");
    answer(&mut state, first);
    update(&mut state, ch('1'));
    assert!(fetches(&update(&mut state, ch('6'))).is_empty(), "and not again");
}

/// The auto-refresh reloads only the pane in view: a pane entered after longer than its
/// period elsewhere reloads what it shows; one seen within the period does not.
#[test]
fn a_pane_older_than_the_refresh_period_reloads_on_entering_it() {
    let mut settings = settings(Theme::default());
    settings.refresh_every = Some(std::time::Duration::from_secs(60));
    let mut state = AppState::new(settings, 80, 24, now());
    act(&mut state, Action::Connected(Ok(info())));
    act(&mut state, ch('6'));
    assert_eq!(state.org.store.contacts.loaded_at(), Some(now()));
    act(&mut state, ch('1'));

    update(&mut state, Action::Tick(now() + chrono::TimeDelta::seconds(50)));
    assert!(fetches(&update(&mut state, ch('6'))).is_empty(), "50 s old: fresh enough");
    act(&mut state, ch('1'));

    let later = now() + chrono::TimeDelta::minutes(8);
    update(&mut state, Action::Tick(later));
    let effects = update(&mut state, ch('6'));
    let slots: Vec<Slot> = fetches(&effects).into_iter().map(|fetch| fetch.slot).collect();
    assert_eq!(slots, [Slot::Contacts], "8 min old: reloaded on entering");
    answer(&mut state, effects);
    assert_eq!(state.org.store.contacts.loaded_at(), Some(later));
    // The Overview too, and nothing twice while a reload is awaited.
    let effects = update(&mut state, ch('1'));
    assert!(fetches(&effects).iter().any(|fetch| fetch.slot == Slot::Campaigns));
    assert!(fetches(&update(&mut state, ch('1'))).is_empty(), "already on its way");
}

#[test]
fn tab_and_digits_switch_panes_both_ways() {
    let mut state = state();
    act(&mut state, key(KeyCode::Tab));
    assert_eq!(state.panes.pane, Pane::Campaigns);
    act(&mut state, key(KeyCode::BackTab));
    act(&mut state, key(KeyCode::BackTab));
    assert_eq!(state.panes.pane, Pane::Contacts, "Shift-Tab wraps around");
    act(&mut state, ch('3'));
    assert_eq!(state.panes.pane, Pane::Exchanges);
    act(&mut state, Action::Command(Command::GoTo(Pane::Bots)));
    assert_eq!(state.panes.pane, Pane::Bots);
}

#[test]
fn vim_and_arrow_keys_move_the_selection() {
    let mut state = state();
    act(&mut state, ch('6'));
    let list = |s: &AppState| s.panes.contacts.list.selected();
    act(&mut state, ch('j'));
    act(&mut state, key(KeyCode::Down));
    assert_eq!(list(&state), 2);
    act(&mut state, ch('k'));
    assert_eq!(list(&state), 1);
    act(&mut state, ch('G'));
    assert_eq!(list(&state), contacts().len() - 1);
    act(&mut state, ch('g'));
    assert_eq!(list(&state), 0);
    act(&mut state, key(KeyCode::PageDown));
    assert_eq!(list(&state), contacts().len() - 1, "a page is longer than the list");
    act(&mut state, ctrl('u'));
    act(&mut state, key(KeyCode::Up));
    assert!(list(&state) < contacts().len() - 1);
}

#[test]
fn filtering_narrows_as_you_type_and_esc_clears() {
    let mut state = state();
    act(&mut state, ch('6'));
    act(&mut state, ch('/'));
    assert!(state.transient.filtering);
    let ids = |s: &AppState| -> Vec<i64> {
        s.panes.contacts.list.order().iter().map(|&i| contacts()[i as usize].id).collect()
    };
    type_text(&mut state, "ANN");
    assert_eq!(ids(&state), [11, 14], "case-insensitive and fuzzy: Ann, dANa@iNitech");
    type_text(&mut state, " SMI");
    assert_eq!(ids(&state), [11], "every word must match");
    for _ in 0.." SMI".len() + 2 {
        act(&mut state, key(KeyCode::Backspace));
    }
    type_text(&mut state, "sia");
    assert_eq!(state.panes.contacts.list.filter(), "Asia");
    assert_eq!(state.panes.contacts.list.order().len(), 2, "the time zone column is searched");
    act(&mut state, key(KeyCode::Enter));
    assert!(!state.transient.filtering);
    assert_eq!(state.panes.contacts.list.filter(), "Asia", "Enter keeps the filter");
    act(&mut state, ch('j'));
    assert_eq!(state.panes.contacts.list.selected(), 1, "keys move again after Enter");
    act(&mut state, key(KeyCode::Esc));
    assert_eq!(state.panes.contacts.list.filter(), "");
    assert_eq!(state.panes.contacts.list.order().len(), contacts().len());
}

#[test]
fn a_refresh_keeps_the_filter_and_the_selected_item() {
    let mut state = state();
    act(&mut state, ch('2'));
    act(&mut state, ch('/'));
    type_text(&mut state, "launch");
    act(&mut state, key(KeyCode::Enter));
    let selected = state.panes.campaigns.list.selected_id();
    act(&mut state, ch('r'));
    assert_eq!(state.panes.campaigns.list.filter(), "launch");
    assert_eq!(state.panes.campaigns.list.selected_id(), selected);
}

#[test]
fn a_stale_answer_is_dropped() {
    let mut state = state();
    let first = update(&mut state, ch('r'));
    let second = update(&mut state, ch('r'));
    let campaign_req = |effects: &[Effect]| {
        effects.iter().find_map(|e| match e {
            Effect::Fetch(fetch) if fetch.slot == Slot::Campaigns => Some(fetch.req_id),
            _ => None,
        })
    };
    let (old, new) = (campaign_req(&first).unwrap(), campaign_req(&second).unwrap());
    assert_ne!(old, new);
    let one = Listed { items: Arc::from(vec![campaigns()[0].clone()]), skipped: 0 };
    frame_drawn(&mut state);
    update(&mut state, loaded::<Campaigns>(old, Ok(one.clone())));
    assert_eq!(
        state.org.store.campaigns.items().len(),
        campaigns().len(),
        "the old request's answer changed nothing"
    );
    assert!(!needs_frame(&state), "and nothing is redrawn");
    assert!(state.org.store.campaigns.is_loading());
    let failure = ApiError::Timeout {
        host: "127.0.0.1".into(),
        phase: outreach_tui::api::TimeoutPhase::FirstByte,
        after: std::time::Duration::from_secs(20),
    };
    update(&mut state, loaded::<Campaigns>(old, Err(failure)));
    assert!(state.org.store.campaigns.error.is_none(), "nor does its failure");
    update(&mut state, loaded::<Campaigns>(new, Ok(one)));
    assert_eq!(state.org.store.campaigns.items().len(), 1);
    assert!(!state.org.store.campaigns.is_loading());
}

fn fail_next(state: &mut AppState, key_action: Action, slot: Slot, error: ApiError) {
    let effects = update(state, key_action);
    for effect in effects {
        if let Effect::Fetch(fetch) = effect {
            let answer =
                if fetch.slot == slot { fetch.failed(error.clone()) } else { answer_for(&fetch) };
            update(state, answer);
        }
    }
}

#[test]
fn errors_show_in_the_pane_with_what_to_do_and_keep_old_data() {
    let mut state = state();
    fail_next(&mut state, ch('5'), Slot::Bots, ApiError::Unauthorized { detail: None });
    // Bots were loaded by the Overview already, so the first visit does not fetch them.
    assert!(state.org.store.bots.error.is_none());
    fail_next(
        &mut state,
        ch('r'),
        Slot::Bots,
        ApiError::Forbidden { detail: Some("no rights".into()) },
    );
    assert_eq!(state.org.store.bots.items().len(), bots().len(), "the previous data stays");
    let shown = screen(&state);
    // The cause, first, in the title; what to do in the status bar.
    assert!(shown.contains("⚠ no rights for this (403)"), "{shown}");
    assert!(shown.contains("✗ bots: no rights for this (403) — press r"), "{shown}");
    assert!(state.transient.last_error.as_ref().unwrap().message.contains("lacks the rights"));

    let mut fresh = AppState::new(settings(Theme::default()), 100, 24, now());
    act(&mut fresh, Action::Connected(Ok(info())));
    fail_next(&mut fresh, ch('6'), Slot::Contacts, ApiError::Unauthorized { detail: None });
    let shown = screen(&fresh);
    assert!(shown.contains("Could not load contacts"), "{shown}");
    assert!(shown.contains("outreach auth login"), "401 says to enter the key again: {shown}");
    fail_next(
        &mut fresh,
        ch('r'),
        Slot::Contacts,
        ApiError::Network { url: "u".into(), reason: "refused".into() },
    );
    assert!(screen(&fresh).contains("press r to retry"));
    act(&mut fresh, ch('r'));
    assert_eq!(fresh.org.store.contacts.items().len(), contacts().len(), "r retried and it worked");
    assert!(fresh.transient.last_error.is_none(), "the error is gone from the status bar");
}

fn needs_key(base_url: Option<&str>) -> AppState {
    let mut state = AppState::new(settings(Theme::default()), 80, 24, now());
    let failure = ConnectFailure {
        profile: "work".into(),
        message: "No API key for profile 'work'.".into(),
        needs_key: true,
        base_url: base_url.map(str::to_string),
    };
    update(&mut state, Action::Connected(Err(failure)));
    state
}

#[test]
fn without_a_key_the_login_form_opens_and_logs_in() {
    let mut state = needs_key(Some("https://api.example.com"));
    assert!(matches!(state.server.connection, Connection::NeedsKey { .. }));
    let shown = screen(&state);
    assert!(shown.contains("Log in — profile 'work'"), "{shown}");
    assert!(shown.contains("https://api.example.com"), "the base URL is filled in: {shown}");
    // The key is typed (or pasted) but never shown.
    update(&mut state, Action::Paste("sk-secret-123".into()));
    let shown = screen(&state);
    assert!(!shown.contains("sk-secret") && shown.contains("•••••••••••••"), "{shown}");
    let effects = update(&mut state, key(KeyCode::Enter));
    let [Effect::Login(attempt)] = &effects[..] else { panic!("a login expected: {effects:?}") };
    assert_eq!(
        (attempt.profile.as_str(), attempt.base_url.as_str()),
        ("work", "https://api.example.com")
    );
    assert_eq!(attempt.key.expose(), "sk-secret-123");
    assert!(screen(&state).contains("Checking the key against https://api.example.com"));

    let refused = "The API at https://api.example.com refused this key (401). Nothing was stored.";
    update(&mut state, Action::LoggedIn(Err(refused.into())));
    let shown = screen(&state);
    assert!(shown.contains("refused this key (401)"), "the reason shows in the form: {shown}");
    let effects = update(&mut state, Action::LoggedIn(Ok("Logged in.".into())));
    assert_eq!(effects, [Effect::Connect]);
    assert!(state.transient.overlay.is_none());
    assert_eq!(state.server.connection, Connection::Connecting);
}

#[test]
fn logging_in_while_outreach_api_key_is_set_says_the_environment_wins_for_new_runs() {
    let mut state = AppState::new(settings(Theme::default()), 100, 30, now());
    let from_env = ConnectionInfo {
        profile: "work".into(),
        key_source: outreach_tui::session::KeySource::Env,
        ..info()
    };
    update(&mut state, Action::Connected(Ok(from_env)));
    update(&mut state, ch('L'));
    let Some(Overlay::Form(form)) = &state.transient.overlay else {
        panic!("the login form opens")
    };
    let note = form.note.clone().unwrap_or_default();
    assert!(note.contains("This run then uses the key entered here"), "{note}");
    assert!(note.contains("OUTREACH_API_KEY is set, and every new run takes it"), "{note}");
}

#[test]
fn the_login_form_insists_on_both_fields_and_can_be_closed() {
    let mut state = needs_key(None);
    assert!(update(&mut state, key(KeyCode::Enter)).is_empty());
    let shown = screen(&state);
    assert!(
        shown.contains("The base URL is needed") && shown.contains("Paste the API key"),
        "{shown}"
    );
    update(&mut state, key(KeyCode::Esc));
    assert!(state.transient.overlay.is_none());
    assert!(
        screen(&state).contains("outreach auth login"),
        "the login screen says what else to do"
    );
    update(&mut state, ch('L'));
    assert!(matches!(state.transient.overlay, Some(Overlay::Form(_))), "L opens the form again");
    update(&mut state, key(KeyCode::Esc));
    assert_eq!(update(&mut state, ch('r')), [Effect::Connect]);
    assert_eq!(state.server.connection, Connection::Connecting);
}

#[test]
fn the_demo_has_no_login() {
    let mut state = state();
    update(&mut state, ch('L'));
    assert!(state.transient.overlay.is_none());
    assert!(state.transient.notice.as_deref().unwrap().contains("demo needs no key"));
}

#[test]
fn the_chain_opens_folds_jumps_and_closes() {
    let mut state = state();
    act(&mut state, ch('3'));
    let effects = update(&mut state, key(KeyCode::Enter));
    let chain: Vec<_> = fetches(&effects).iter().map(|f| (f.slot, f.query::<i64>())).collect();
    assert_eq!(
        chain,
        [(Slot::Chain, Some(&101)), (Slot::Contacts, None)],
        "the chain of exchange 101 loads, and the contacts for their time zone"
    );
    answer(&mut state, effects);
    let chain = state.panes.chain.as_ref().unwrap();
    assert_eq!(chain.layout.starts.len(), 3);
    assert_eq!(chain.scroll, chain.layout.starts[1], "it opens at Ann's reply, not our pitch");
    assert!(screen(&state).contains("message 2/3"), "{}", screen(&state));
    act(&mut state, ch('g'));
    assert_eq!(state.panes.chain.as_ref().unwrap().scroll, 0);
    let folded_len = state.panes.chain.as_ref().unwrap().layout.lines.len();
    act(&mut state, ch('T'));
    assert!(state.panes.chain.as_ref().unwrap().layout.lines.len() > folded_len, "T unfolds");
    act(&mut state, ch('n'));
    let chain = state.panes.chain.as_ref().unwrap();
    assert_eq!(chain.scroll, chain.layout.starts[1]);
    act(&mut state, ch('r'));
    let chain = state.panes.chain.as_ref().unwrap();
    assert_eq!(chain.scroll, chain.layout.starts[1], "a refresh keeps the message in view");
    act(&mut state, ch('p'));
    assert_eq!(state.panes.chain.as_ref().unwrap().scroll, 0);
    act(&mut state, Action::Resize { width: 50, height: 24 });
    assert_eq!(
        state.panes.chain.as_ref().unwrap().layout.width,
        48,
        "re-wrapped for the new width"
    );
    act(&mut state, key(KeyCode::Esc));
    assert!(state.panes.chain.is_none());
    assert_eq!(state.panes.pane, Pane::Exchanges);
}

#[test]
fn details_open_with_enter_and_scroll() {
    let mut state = connected(80, 12, Theme::default());
    act(&mut state, ch('2'));
    act(&mut state, key(KeyCode::Enter));
    let detail = state.panes.campaigns.detail.unwrap();
    assert_eq!(detail.id, state.panes.campaigns.list.selected_id().unwrap());
    act(&mut state, ch('G'));
    assert!(state.panes.campaigns.detail.unwrap().scroll > 0, "a long detail scrolls");
    act(&mut state, key(KeyCode::Esc));
    assert!(state.panes.campaigns.detail.is_none());
}

#[test]
fn the_exchange_filters_are_edited_in_a_form_and_validated() {
    let mut state = state();
    act(&mut state, ch('3'));
    act(&mut state, ch('f'));
    assert!(matches!(state.transient.overlay, Some(Overlay::Form(_))));
    act(&mut state, key(KeyCode::Right)); // group → meeting-booked
    act(&mut state, key(KeyCode::Tab));
    act(&mut state, key(KeyCode::Right)); // campaign → the first one listed
    act(&mut state, key(KeyCode::Tab));
    type_text(&mut state, "2024-13-01");
    let effects = update(&mut state, key(KeyCode::Enter));
    assert!(effects.is_empty(), "a bad date is not sent");
    let shown = screen(&state);
    assert!(shown.contains("not a date"), "{shown}");
    for _ in 0..5 {
        act(&mut state, key(KeyCode::Backspace));
    }
    type_text(&mut state, "05-01");
    let effects = update(&mut state, key(KeyCode::Enter));
    let [fetch] = &fetches(&effects)[..] else {
        panic!("one exchanges fetch expected: {effects:?}")
    };
    assert_eq!(fetch.slot, Slot::Exchanges);
    let query = fetch.query::<ExchangeQuery>().expect("an exchange query");
    assert_eq!(query.group, Some(ExchangeGroup::MeetingBooked));
    assert_eq!(query.campaign_id, Some(2), "Q2 enterprise is the newest campaign");
    assert_eq!(query.start_date.unwrap().to_string(), "2024-05-01");
    assert!(state.transient.overlay.is_none());
    answer(&mut state, effects);
    assert!(screen(&state).contains("meeting-booked · Q2 enterprise · 2024-05-01 → today"));
}

#[test]
fn the_date_fields_take_what_the_cli_takes() {
    let mut state = state();
    let today = state.env.zone.date(state.env.now);
    act(&mut state, ch('4'));
    act(&mut state, ch('f'));
    act(&mut state, ctrl('u'));
    type_text(&mut state, "last week");
    act(&mut state, key(KeyCode::Tab));
    act(&mut state, ctrl('u'));
    type_text(&mut state, "today");
    assert!(update(&mut state, key(KeyCode::Enter)).is_empty(), "a bad day is not sent");
    let shown = screen(&state);
    assert!(shown.contains("'last week' is not a date; use YYYY-MM-DD, today,"), "{shown}");
    act(&mut state, ctrl('u')); // the error took the focus back to From
    type_text(&mut state, "-7d");
    let effects = update(&mut state, key(KeyCode::Enter));
    let [fetch] = &fetches(&effects)[..] else {
        panic!("one meetings fetch expected: {effects:?}")
    };
    assert_eq!(fetch.slot, Slot::Meetings);
    let query = fetch.query::<MeetingQuery>().expect("a meeting query");
    // The first of the last 7 days, today included.
    assert_eq!(query.start_date, today.checked_sub_days(chrono::Days::new(6)));
    assert_eq!(query.end_date, Some(today));
}

#[test]
fn the_palette_goes_to_panes_filters_and_reports_mistakes() {
    let mut state = state();
    act(&mut state, ch(':'));
    type_text(&mut state, "mee");
    act(&mut state, key(KeyCode::Enter));
    assert_eq!(state.panes.pane, Pane::Meetings);
    assert!(state.transient.overlay.is_none());
    act(&mut state, ch(':'));
    type_text(&mut state, "filter dana");
    act(&mut state, key(KeyCode::Enter));
    assert_eq!(state.panes.meetings.list.order().len(), 1);
    act(&mut state, ch(':'));
    type_text(&mut state, "launch");
    act(&mut state, key(KeyCode::Enter));
    let Some(Overlay::Palette(palette)) = &state.transient.overlay else {
        panic!("the palette stays open")
    };
    assert!(palette.error.as_deref().unwrap().contains("No command 'launch'"));
    act(&mut state, key(KeyCode::Esc));
    assert!(state.transient.overlay.is_none());
}

#[test]
fn help_lists_the_keys_of_the_current_pane() {
    let mut state = state();
    act(&mut state, ch('3'));
    act(&mut state, ch('?'));
    let shown = screen(&state);
    assert!(shown.contains("edit the server-side filters"), "{shown}");
    assert!(!shown.contains("fold quoted history"), "chain keys are not listed for the table");
    act(&mut state, key(KeyCode::Esc));
    act(&mut state, key(KeyCode::Enter));
    act(&mut state, ch('?'));
    assert!(screen(&state).contains("show or fold quoted history"));
}

#[test]
fn q_closes_an_open_chain_or_detail_and_quits_only_from_the_top() {
    let mut state = state();
    act(&mut state, ch('3'));
    act(&mut state, key(KeyCode::Enter));
    assert!(state.panes.chain.is_some());
    let effects = update(&mut state, ch('q'));
    assert!(!effects.contains(&Effect::Quit), "{effects:?}");
    assert!(state.panes.chain.is_none(), "q closed the chain");
    act(&mut state, ch('2'));
    act(&mut state, key(KeyCode::Enter));
    assert!(state.panes.campaigns.detail.is_some());
    assert!(!update(&mut state, ch('q')).contains(&Effect::Quit));
    assert!(state.panes.campaigns.detail.is_none(), "q closed the detail");
    assert_eq!(update(&mut state, ch('q')), [Effect::Quit], "from the list, q quits");
}

#[test]
fn quit_from_anywhere() {
    let mut state = state();
    assert_eq!(update(&mut state, ch('q')), [Effect::Quit]);
    act(&mut state, ch('6'));
    act(&mut state, ch('/'));
    assert!(update(&mut state, ch('q')).is_empty(), "q is typed into the filter");
    assert_eq!(update(&mut state, ctrl('c')), [Effect::Quit]);
}

#[test]
fn answers_no_longer_awaited_draw_nothing() {
    let mut state = state();
    frame_drawn(&mut state);
    let stale = [
        Action::LaidOut { req_id: 9999, layout: Arc::default() },
        Action::Written { req_id: 9999, result: Err(ApiError::Forbidden { detail: None }) },
        Action::WriteProgress { req_id: 9999, sent: 1, total: 2 },
        Action::Spin,
    ];
    for action in stale {
        let shown = format!("{action:?}");
        update(&mut state, action);
        assert!(!needs_frame(&state), "{shown} drew a frame");
    }
}

#[test]
fn an_unbound_key_draws_nothing() {
    let mut state = state();
    frame_drawn(&mut state);
    update(&mut state, ch('z'));
    assert!(!needs_frame(&state));
    update(&mut state, ch('j'));
    assert!(needs_frame(&state));
}

#[test]
fn the_clock_redraws_only_when_a_shown_age_changes() {
    let mut state = state();
    frame_drawn(&mut state);
    update(&mut state, Action::Tick(now() + chrono::Duration::seconds(20)));
    assert!(!needs_frame(&state));
    update(&mut state, Action::Tick(now() + chrono::Duration::seconds(61)));
    assert!(needs_frame(&state), "just now → 1m ago");
}

#[test]
fn the_mouse_scrolls_selects_and_opens() {
    let mut state = connected(80, 8, Theme::default());
    act(&mut state, ch('6'));
    let mouse = |kind, column, row| {
        Action::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE })
    };
    act(&mut state, mouse(MouseEventKind::ScrollDown, 10, 5));
    assert!(state.panes.contacts.list.offset() > 0, "the wheel scrolls");
    act(&mut state, mouse(MouseEventKind::ScrollUp, 10, 5));
    // Rows start under the tab bar, the border and the header: row 3 is the first.
    act(&mut state, mouse(MouseEventKind::Down(MouseButton::Left), 10, 4));
    assert_eq!(state.panes.contacts.list.selected(), 1);
    act(&mut state, mouse(MouseEventKind::Down(MouseButton::Left), 10, 4));
    assert_eq!(state.panes.contacts.detail.map(|d| d.id), Some(12), "a second click opens");
    act(&mut state, mouse(MouseEventKind::Down(MouseButton::Left), 16, 0));
    assert_eq!(state.panes.pane, Pane::Campaigns, "a click on a tab switches");
    frame_drawn(&mut state);
    act(&mut state, mouse(MouseEventKind::Moved, 3, 3));
    assert!(!needs_frame(&state), "pointer motion draws nothing");
}

#[test]
fn auto_refresh_skips_a_pane_still_loading() {
    let mut state = state();
    let effects = update(&mut state, Action::AutoRefresh);
    assert_eq!(
        fetches(&effects).len(),
        7,
        "the Overview reloads, its range chart and the inbox too"
    );
    assert!(update(&mut state, Action::AutoRefresh).is_empty(), "not while it is loading");
}

#[test]
fn a_chain_closed_while_loading_cancels_its_fetch() {
    let mut state = state();
    act(&mut state, ch('3'));
    let opened = update(&mut state, key(KeyCode::Enter));
    assert_eq!(fetches(&opened)[0].slot, Slot::Chain, "the chain loads");
    assert_eq!(update(&mut state, key(KeyCode::Esc)), [Effect::Cancel(Slot::Chain)]);
    assert!(state.panes.chain.is_none());
    answer(&mut state, opened);
    assert!(state.panes.chain.is_none(), "a late answer opens nothing");
    act(&mut state, key(KeyCode::Enter));
    assert!(
        update(&mut state, key(KeyCode::Esc)).is_empty(),
        "a loaded chain has nothing to cancel"
    );
}

/// At 80 columns the Exchanges title has more to say than room: its parts give way whole,
/// the last first ("· handled shown", then the filters), never cut mid-word by the border.
#[test]
fn a_long_pane_title_gives_way_by_parts() {
    let mut state = state();
    act(&mut state, ch('3'));
    state.org.inbox.hide_handled = false;
    state.panes.exchanges.query.campaign_id = Some(campaigns()[0].id);
    state.panes.exchanges.query.start_date = chrono::NaiveDate::from_ymd_opt(2024, 5, 1);
    let shown = screen(&state);
    let title = shown.lines().find(|line| line.contains("┌ Exchanges")).unwrap_or_default();
    assert!(title.contains("─┐"), "the title ends before the corner: {title}");
    assert!(!title.contains("handled sh") || title.contains("handled shown"), "{title}");
    assert!(!title.contains('…'), "whole parts only: {title}");

    let mut wide = state;
    wide.env.width = 160;
    let shown = screen(&wide);
    let title = shown.lines().find(|line| line.contains("┌ Exchanges")).unwrap_or_default();
    assert!(title.contains("· handled shown"), "with room every part shows: {title}");
}

#[test]
fn auto_refresh_leaves_the_contacts_to_r_and_to_opening_the_pane() {
    let mut state = state();
    let opened = update(&mut state, ch('6'));
    assert!(fetches(&opened).iter().any(|f| f.slot == Slot::Contacts), "opening reads them");
    answer(&mut state, opened);
    let effects = update(&mut state, Action::AutoRefresh);
    let slots: Vec<Slot> = fetches(&effects).iter().map(|f| f.slot).collect();
    assert!(slots.contains(&Slot::Exchanges), "the inbox still reloads: {slots:?}");
    assert!(!slots.contains(&Slot::Contacts), "the contacts are not read again: {slots:?}");
    answer(&mut state, effects);
    let reloaded = update(&mut state, ch('r'));
    assert!(fetches(&reloaded).iter().any(|f| f.slot == Slot::Contacts), "`r` reads them");
}

/// The Contacts pane holding `count` contacts, the cursor on the fourth.
fn contacts_shown(count: usize) -> AppState {
    use outreach_tui::api::Contact;
    use outreach_tui::tui::resource::Contacts;
    let mut state = state();
    let opened = update(&mut state, ch('6'));
    let fetch = fetches(&opened).into_iter().find(|f| f.slot == Slot::Contacts).cloned();
    let fetch = fetch.expect("opening reads them");
    let contacts = (0..count as i64)
        .map(|id| Contact::new(id, &format!("c{id}@example.com"), "Ann", &format!("N{id}")))
        .collect();
    update(&mut state, loaded::<Contacts>(fetch.req_id, Ok(listed(contacts))));
    for _ in 0..3 {
        update(&mut state, ch('j'));
    }
    state
}

#[test]
fn r_lets_a_very_large_contact_list_go_while_it_is_read_again_and_comes_back_where_it_was() {
    use outreach_tui::tui::resource::{Contacts, HELD_ONCE_ABOVE};
    let count = HELD_ONCE_ABOVE + 1;
    let mut state = contacts_shown(count);
    assert_eq!(state.panes.contacts.list.selected_id(), Some(3));
    let items = Arc::clone(&state.org.store.contacts.data.as_ref().unwrap().items);

    let effects = update(&mut state, ch('r'));
    let fetch = fetches(&effects).into_iter().find(|f| f.slot == Slot::Contacts).cloned();
    let fetch = fetch.expect("`r` reads them");
    assert!(state.org.store.contacts.data.is_none(), "the old rows are not held beside the new");
    assert_eq!(Arc::strong_count(&items), 1, "only this test holds the old rows");
    assert!(!state.panes.contacts.list.indexed(), "nor their search index");
    let shown = screen(&state);
    assert!(shown.contains(&format!("Reading the {count} contacts again…")), "{shown}");
    assert!(!shown.contains("indexing"), "{shown}");

    update(&mut state, loaded::<Contacts>(fetch.req_id, Ok(listed(items.to_vec()))));
    assert_eq!(state.panes.contacts.list.selected_id(), Some(3), "the cursor is where it was");
    assert!(screen(&state).contains("c3@example.com"));
}

#[test]
fn r_keeps_a_contact_list_of_ordinary_size_on_screen_while_it_is_read_again() {
    let mut state = contacts_shown(50);
    let effects = update(&mut state, ch('r'));
    assert!(fetches(&effects).iter().any(|f| f.slot == Slot::Contacts), "`r` reads them");
    assert!(state.org.store.contacts.data.is_some(), "the rows stay while they reload");
    assert!(screen(&state).contains("c3@example.com"));
}
