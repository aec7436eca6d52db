//! Jumps between related things through `update`, with no terminal and no network: a
//! meeting to its conversation, a contact to their exchanges, a campaign and a bot to their
//! replies; `Esc` and `Backspace` going back in order; a jump waiting for the inbox to load,
//! and one to something absent.

use crate::common;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::api::{ExchangeGroup, ExchangeQuery, Listed};
use outreach_tui::tui::action::{Action, Effect, Fetch};
use outreach_tui::tui::jumps::Focus;
use outreach_tui::tui::model::{Pane, Slot};
use outreach_tui::tui::resource::{Exchanges, loaded};
use outreach_tui::tui::state::{AppState, Overlay};
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use std::sync::Arc;

fn state() -> AppState {
    connected(100, 30, Theme::default())
}

/// The ids of the rows the Exchanges pane lists, in order.
fn rows(state: &AppState) -> Vec<i64> {
    let items = state.org.store.exchanges.items();
    state.panes.exchanges.list.order().iter().map(|&i| items[i as usize].id).collect()
}

/// The pane's title line: the top of its border, without the quotes of `screen`.
fn title(state: &AppState) -> String {
    let screen = screen(state);
    let line = screen.lines().find(|line| line.contains('┌')).unwrap_or_default();
    line.trim_matches('"').to_string()
}

fn chain_of(state: &AppState) -> Option<i64> {
    state.panes.chain.as_ref().map(|chain| chain.exchange.id)
}

fn exchange_fetches(effects: &[Effect]) -> Vec<&Fetch> {
    fetches(effects).into_iter().filter(|fetch| fetch.slot == Slot::Exchanges).collect()
}

/// Selects the item of this id in the current pane's list.
fn select(state: &mut AppState, id: i64) {
    let pane = state.panes.pane;
    let panes = &mut *state.panes;
    let list = match pane {
        Pane::Campaigns => &mut panes.campaigns.list,
        Pane::Meetings => &mut panes.meetings.list,
        Pane::Bots => &mut panes.bots.list,
        Pane::Contacts => &mut panes.contacts.list,
        other => panic!("no list to select in on {other:?}"),
    };
    assert!(list.select_id(id), "{id} is listed");
}

#[test]
fn a_meeting_leads_to_its_conversation_and_esc_comes_back() {
    let mut state = state();
    act(&mut state, ch('4'));
    select(&mut state, 2);
    act(&mut state, ch('J'));
    assert_eq!(state.panes.pane, Pane::Exchanges);
    assert_eq!(chain_of(&state), Some(102), "meeting 2 was booked in exchange 102");
    let top = title(&state);
    assert!(top.contains("#102 Bob Jones") && top.contains("Esc ◂ Meetings"), "{top}");

    act(&mut state, key(KeyCode::Esc));
    assert_eq!(state.panes.pane, Pane::Meetings);
    assert_eq!(state.panes.meetings.list.selected_id(), Some(2), "the selection kept");
    assert!(state.panes.chain.is_none(), "the inbox as it was: no chain open");
    assert!(state.panes.jumps.is_empty());

    // From an open meeting, Enter drills in (it has nothing else to open there), and Esc
    // comes back to the meeting as it was scrolled.
    act(&mut state, key(KeyCode::Enter));
    act(&mut state, ch('j'));
    let opened = state.panes.meetings.detail.expect("the meeting is open");
    assert!(title(&state).contains("J conversation"), "{}", title(&state));
    act(&mut state, key(KeyCode::Enter));
    assert_eq!(chain_of(&state), Some(102));
    act(&mut state, key(KeyCode::Esc));
    assert_eq!(state.panes.pane, Pane::Meetings);
    assert_eq!(state.panes.meetings.detail, Some(opened), "the detail back, at its scroll");
}

#[test]
fn a_contact_leads_to_their_exchanges_filtered_on_this_machine() {
    let mut state = state();
    act(&mut state, ch('6'));
    select(&mut state, 13);
    let effects = update(&mut state, ch('J'));
    assert!(exchange_fetches(&effects).is_empty(), "the inbox loaded already: no request");
    answer(&mut state, effects);
    assert_eq!(state.panes.pane, Pane::Exchanges);
    assert_eq!(rows(&state), [103], "only 李小龙's exchange");
    assert_eq!(state.panes.exchanges.list.selected_id(), Some(103));
    assert!(matches!(state.panes.exchanges.focus, Some(Focus::Contact { id: 13, .. })));
    let note = state.transient.notice.clone().unwrap_or_default();
    assert!(
        note.starts_with("1 reply of contact 小龙 李") && note.contains("filtered on this machine"),
        "{note}"
    );
    let top = title(&state);
    assert!(top.contains("Exchanges · contact 小龙 李 ◂ Contacts"), "{top}");

    act(&mut state, key(KeyCode::Esc));
    assert_eq!(state.panes.pane, Pane::Contacts);
    assert_eq!(state.panes.contacts.list.selected_id(), Some(13));
    assert_eq!(state.panes.exchanges.focus, None);
    assert!(state.org.inbox.hide_handled, "the inbox's own filters back");
    assert_eq!(rows(&state).len(), 7, "the whole inbox again");
}

#[test]
fn a_campaign_leads_to_its_replies_through_the_servers_filter() {
    let mut state = state();
    act(&mut state, ch('2'));
    select(&mut state, 1);
    let effects = update(&mut state, ch('J'));
    let asked: Vec<_> =
        exchange_fetches(&effects).iter().map(|f| f.query::<ExchangeQuery>().cloned()).collect();
    let campaign = ExchangeQuery {
        campaign_id: Some(1),
        group: Some(ExchangeGroup::Replied),
        ..ExchangeQuery::default()
    };
    assert_eq!(asked, [Some(campaign)], "endpoint 9 filters by campaign");
    answer(&mut state, effects);
    // The fixture answers every campaign's replies; the focus keeps the campaign's only.
    assert_eq!(rows(&state), [101, 102, 105]);
    let top = title(&state);
    assert!(top.contains("Exchanges · campaign Spring launch ◂ Campaigns"), "{top}");

    let effects = update(&mut state, key(KeyCode::Esc));
    let asked: Vec<_> =
        exchange_fetches(&effects).iter().map(|f| f.query::<ExchangeQuery>().cloned()).collect();
    let whole = ExchangeQuery { group: Some(ExchangeGroup::Replied), ..ExchangeQuery::default() };
    assert_eq!(asked, [Some(whole)], "the inbox's own filters, loaded again");
    answer(&mut state, effects);
    assert_eq!(state.panes.pane, Pane::Campaigns);
    assert_eq!(state.panes.campaigns.list.selected_id(), Some(1));
}

#[test]
fn a_bot_leads_to_its_replies_and_one_without_any_says_so() {
    let mut state = state();
    act(&mut state, ch('5'));
    select(&mut state, 1);
    act(&mut state, ch('J'));
    assert_eq!(state.panes.pane, Pane::Exchanges);
    assert_eq!(rows(&state).len(), 7, "Ada sent every exchange, handled ones too");
    assert!(title(&state).contains("bot Ada Bot ◂ Bots"), "{}", title(&state));
    act(&mut state, key(KeyCode::Backspace));
    assert_eq!(state.panes.pane, Pane::Bots);

    select(&mut state, 2);
    act(&mut state, ch('J'));
    assert_eq!(state.panes.pane, Pane::Bots, "nothing to land on: no wrong row");
    assert!(state.panes.jumps.is_empty());
    let note = state.transient.notice.clone().unwrap_or_default();
    assert_eq!(note, "No replies of bot Sam Bot in the inbox.");
    assert_eq!(state.panes.exchanges.focus, None);
}

#[test]
fn three_jumps_unwind_in_order() {
    let mut state = state();
    act(&mut state, ch('6'));
    select(&mut state, 11);
    act(&mut state, ch('J'));
    assert_eq!(rows(&state), [101]);

    // Switching panes is not a jump; J from there is the second.
    act(&mut state, ch('2'));
    select(&mut state, 4);
    act(&mut state, key(KeyCode::Enter));
    act(&mut state, ch('J'));
    assert_eq!(rows(&state), [103]);

    act(&mut state, ch('4'));
    select(&mut state, 5);
    act(&mut state, ch('J'));
    assert_eq!(chain_of(&state), Some(105));
    assert_eq!(state.panes.jumps.len(), 3);

    act(&mut state, key(KeyCode::Esc));
    assert_eq!(state.panes.pane, Pane::Meetings);
    assert_eq!(state.panes.meetings.list.selected_id(), Some(5));
    assert_eq!(rows(&state), [103], "the inbox as the second jump left it");

    act(&mut state, key(KeyCode::Esc));
    assert_eq!(state.panes.pane, Pane::Campaigns);
    assert_eq!(state.panes.campaigns.detail.map(|d| d.id), Some(4), "its detail open again");
    assert_eq!(rows(&state), [101], "the inbox as the first jump left it");

    act(&mut state, key(KeyCode::Esc));
    assert_eq!(state.panes.pane, Pane::Contacts);
    assert_eq!(state.panes.contacts.list.selected_id(), Some(11));
    assert_eq!(state.panes.exchanges.focus, None);
    assert!(state.panes.jumps.is_empty());

    act(&mut state, key(KeyCode::Esc));
    assert_eq!(state.panes.pane, Pane::Contacts, "nothing more to unwind");
}

#[test]
fn esc_closes_what_is_open_first_and_backspace_goes_back_at_once() {
    let mut state = state();
    act(&mut state, ch('6'));
    select(&mut state, 11);
    act(&mut state, ch('J'));

    act(&mut state, ch('?'));
    act(&mut state, key(KeyCode::Esc));
    assert!(state.transient.overlay.is_none(), "the help closed");
    assert_eq!(state.panes.pane, Pane::Exchanges, "and nothing else");

    act(&mut state, ch('/'));
    type_text(&mut state, "ann");
    act(&mut state, key(KeyCode::Esc));
    assert!(!state.transient.filtering);
    assert_eq!(state.panes.pane, Pane::Exchanges, "the filter being typed took Esc");

    act(&mut state, key(KeyCode::Enter));
    assert_eq!(chain_of(&state), Some(101));
    act(&mut state, key(KeyCode::Esc));
    assert_eq!((state.panes.pane, chain_of(&state)), (Pane::Exchanges, None), "chain closed");
    act(&mut state, key(KeyCode::Esc));
    assert_eq!(state.panes.pane, Pane::Contacts, "then back from the jump");

    act(&mut state, ch('J'));
    act(&mut state, key(KeyCode::Enter));
    act(&mut state, key(KeyCode::Backspace));
    assert_eq!(state.panes.pane, Pane::Contacts, "Backspace goes back from an open chain");
    assert!(state.panes.chain.is_none());
    act(&mut state, key(KeyCode::Backspace));
    assert_eq!(state.transient.notice.as_deref(), Some("No jump to go back from."));
    assert!(!matches!(state.transient.overlay, Some(Overlay::Help { .. })));
}

/// A dashboard connected with everything loaded but the inbox, whose request is returned.
fn inbox_not_loaded() -> (AppState, Fetch) {
    let mut state = AppState::new(settings(Theme::default()), 100, 30, now());
    let effects = update(&mut state, Action::Connected(Ok(info())));
    let (inbox, others): (Vec<Effect>, Vec<Effect>) = effects
        .into_iter()
        .partition(|e| matches!(e, Effect::Fetch(fetch) if fetch.slot == Slot::Exchanges));
    answer(&mut state, others);
    let Some(Effect::Fetch(fetch)) = inbox.into_iter().next() else { panic!("the inbox loads") };
    (state, fetch)
}

#[test]
fn a_jump_waits_for_the_inbox_to_load_then_lands() {
    let (mut state, fetch) = inbox_not_loaded();
    act(&mut state, ch('4'));
    select(&mut state, 3);
    act(&mut state, ch('J'));
    assert_eq!(state.panes.pane, Pane::Exchanges);
    assert_eq!(chain_of(&state), None, "nothing to open yet");

    act(&mut state, answer_for(&fetch));
    assert_eq!(chain_of(&state), Some(103), "loaded, then opened");
    assert_eq!(state.panes.exchanges.list.selected_id(), Some(103));
    act(&mut state, key(KeyCode::Esc));
    assert_eq!(state.panes.pane, Pane::Meetings);
}

#[test]
fn a_jump_to_a_conversation_not_in_the_inbox_says_so_and_stays() {
    let (mut state, fetch) = inbox_not_loaded();
    act(&mut state, ch('4'));
    select(&mut state, 1);
    act(&mut state, ch('J'));
    let others: Vec<_> = exchanges().into_iter().filter(|e| e.id != 101).collect();
    let listed = Listed { items: Arc::from(others), skipped: 0 };
    act(&mut state, loaded::<Exchanges>(fetch.req_id, Ok(listed)));
    assert_eq!(state.panes.pane, Pane::Meetings, "back where the jump started");
    assert_eq!(chain_of(&state), None, "no other row opened in its place");
    let note = state.transient.notice.clone().unwrap_or_default();
    assert!(note.contains("meeting Intro call (exchange 101) is not in the reply inbox"), "{note}");

    // Loaded now: the same jump says so at once, without leaving.
    act(&mut state, ch('J'));
    assert_eq!(state.panes.pane, Pane::Meetings);
    assert!(state.panes.jumps.is_empty());
}

#[test]
fn the_breadcrumb_fits_fifty_columns_and_is_sanitised() {
    let mut state = connected(50, 20, Theme::default());
    act(&mut state, ch('2'));
    select(&mut state, 4);
    act(&mut state, ch('J'));
    let top = title(&state);
    assert_eq!(common::cli::width(&top), 50, "{top}");
    assert!(top.starts_with("┌ Exchanges · campaign Zo"), "{top}");
    assert!(top.contains("… ◂ Campaigns"), "the name is cut, the way back kept: {top}");

    act(&mut state, key(KeyCode::Esc));
    act(&mut state, ch('6'));
    // A contact named to escape the terminal and open a link.
    select(&mut state, 15);
    act(&mut state, ch('J'));
    assert_eq!(rows(&state), [105]);
    let wide = connected_title_at(&mut state, 160);
    assert!(wide.contains("Exchanges · contact osc8") && wide.contains("◂ Contacts"), "{wide}");
    assert!(!screen(&state).contains('\u{1b}'), "no escape reaches the terminal");
}

/// The title line after resizing to `width` columns.
fn connected_title_at(state: &mut AppState, width: u16) -> String {
    act(state, Action::Resize { width, height: 20 });
    title(state)
}

#[test]
fn another_profile_forgets_the_jumps_and_the_inbox_filters_they_set() {
    let mut state = state();
    state.outside.settings.profiles = vec!["demo".into(), "acme".into()];
    act(&mut state, ch('2'));
    select(&mut state, 1);
    act(&mut state, ch('J'));
    assert_eq!(state.panes.exchanges.query.campaign_id, Some(1));
    act(&mut state, ch('P'));
    assert!(state.panes.jumps.is_empty(), "the last organisation's ids mean nothing here");
    assert_eq!(state.panes.exchanges.query.campaign_id, None, "the inbox's own filters");
    assert!(state.org.inbox.hide_handled);
    act(&mut state, key(KeyCode::Backspace));
    assert_eq!(state.transient.notice.as_deref(), Some("No jump to go back from."));
}
