//! The "Needs you" list through `update`: `!` opens it from any pane, the selection moves,
//! Enter goes to what an item is about, `d` and `D` honour opt-outs in one confirmed write
//! that marks their replies handled, and a first start offers to put old replies away.

use crate::common;
use crate::tui_writes_support as support;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::api::{ServerMessage, Timestamp};
use outreach_tui::inbox::Facts;
use outreach_tui::local::{Mark, Scope};
use outreach_tui::needs::{Kind, Subject};
use outreach_tui::tui::action::Action;
use outreach_tui::tui::inbox::jobs::LocalAnswer;
use outreach_tui::tui::model::Pane;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::submit::request::{WriteRequest, Written};
use outreach_tui::tui::theme::Theme;
use std::collections::HashMap;
use support::{confirm, press, reply, submitted};

/// The dashboard on the Contacts pane, everything loaded, with the list open by `!`.
fn needs_open() -> AppState {
    let mut state = connected(120, 40, Theme::default());
    act(&mut state, ch('6'));
    act(&mut state, ch('!'));
    state
}

fn row_of(state: &AppState, kind: Kind) -> usize {
    let needs = state.org.needs(state.env.now, state.env.zone);
    needs.iter().position(|need| need.kind == kind).unwrap_or_else(|| panic!("no {kind:?}"))
}

fn select(state: &mut AppState, row: usize) {
    act(state, ch('g'));
    for _ in 0..row {
        act(state, ch('j'));
    }
}

#[test]
fn bang_opens_the_list_from_any_pane_and_the_selection_moves_within_it() {
    let mut state = needs_open();
    assert_eq!(state.panes.pane, Pane::Overview);
    let needs = state.org.needs(state.env.now, state.env.zone);
    assert!(needs.len() >= 2, "the fixtures hold several items: {needs:?}");
    let shown = screen(&state);
    assert!(shown.contains(&format!("▸{}", "")), "a selected row is marked");
    let marked = |state: &AppState| {
        let shown = screen(state);
        shown.lines().find(|line| line.contains('▸')).map(str::to_string).unwrap_or_default()
    };
    assert!(marked(&state).contains(&needs[0].task[..10]), "{}", marked(&state));
    act(&mut state, ch('j'));
    assert!(marked(&state).contains(&needs[1].task[..10]), "{}", marked(&state));
    act(&mut state, ch('G'));
    act(&mut state, ch('j'));
    assert_eq!(state.panes.needs_row, needs.len() - 1, "the bottom holds");
    act(&mut state, key(KeyCode::Esc));
    assert!(!state.org.inbox.speed_open, "Esc closes it");
}

#[test]
fn enter_goes_to_the_reply_an_item_is_about_and_opens_its_conversation() {
    let mut state = needs_open();
    let needs = state.org.needs(state.env.now, state.env.zone);
    let row = needs
        .iter()
        .position(|need| matches!(need.subject, Subject::Exchange(_)))
        .expect("an item about a reply");
    let Subject::Exchange(id) = needs[row].subject else { unreachable!() };
    select(&mut state, row);
    act(&mut state, key(KeyCode::Enter));
    assert_eq!(state.panes.pane, Pane::Exchanges);
    let chain = state.panes.chain.as_ref().expect("the conversation is open");
    assert_eq!(chain.exchange.id, id);
    // A jump: Esc comes back to the list, on the same row.
    act(&mut state, key(KeyCode::Esc));
    assert_eq!(state.panes.pane, Pane::Overview);
    assert!(state.org.inbox.speed_open, "the list is open again");
    assert_eq!(state.panes.needs_row, row);
}

#[test]
fn e_and_b_act_on_the_reply_the_selected_item_is_about_as_in_the_inbox() {
    let mut state = needs_open();
    let needs = state.org.needs(state.env.now, state.env.zone);
    let row = needs
        .iter()
        .position(|need| need.kind != Kind::OptOut && matches!(need.subject, Subject::Exchange(_)))
        .expect("an item about a reply that is no opt-out");
    let Subject::Exchange(id) = needs[row].subject else { unreachable!() };
    select(&mut state, row);
    act(&mut state, ch('b'));
    let Some(outreach_tui::tui::state::Overlay::Snooze(prompt)) = &state.transient.overlay else {
        panic!("b opens the snooze prompt for the item's reply: {:?}", state.transient.overlay)
    };
    assert_eq!(prompt.replies, [id]);
    act(&mut state, key(KeyCode::Esc));

    act(&mut state, ch('e'));
    let reply = state.org.store.exchanges.items().iter().find(|e| e.id == id).cloned().unwrap();
    assert!(state.org.inbox.is_handled(&reply), "e handles the item's reply");
    let left = state.org.needs(state.env.now, state.env.zone);
    assert!(
        !left
            .iter()
            .any(|need| need.subject == Subject::Exchange(id) && need.kind == needs[row].kind),
        "a handled reply needs nobody: {left:?}"
    );
    assert_eq!(state.panes.pane, Pane::Overview, "the list stays where it was");
}

#[test]
fn the_open_list_is_drawn_again_each_minute_as_its_ages_move() {
    use outreach_tui::tui::update::{frame_drawn, needs_frame, update};
    let mut state = needs_open();
    // An hour on, the data's own age reads "1h ago" for a while: only the list's ages move.
    let later = state.env.now + chrono::Duration::seconds(3_610);
    update(&mut state, Action::Tick(later));
    frame_drawn(&mut state);
    update(&mut state, Action::Tick(later + chrono::Duration::seconds(61)));
    assert!(needs_frame(&state), "the list's ages moved a minute");
    frame_drawn(&mut state);
    act(&mut state, key(KeyCode::Esc));
    frame_drawn(&mut state);
    update(&mut state, Action::Tick(later + chrono::Duration::seconds(122)));
    assert!(!needs_frame(&state), "closed, the minute alone draws nothing");
}

#[test]
fn d_asks_to_add_the_opt_outs_address_then_sends_it_and_handles_the_reply() {
    let mut state = needs_open();
    let row = row_of(&state, Kind::OptOut);
    let need = state.org.needs(state.env.now, state.env.zone)[row].clone();
    let Subject::Exchange(exchange) = need.subject else { panic!("{need:?}") };
    let address = need.address.clone().expect("an opt-out names its address");
    select(&mut state, row);
    let effects = press(&mut state, ch('d'));
    assert!(support::submits(&effects).is_empty(), "nothing is sent before the answer");
    let question = confirm(&state).lines.join("\n");
    assert!(
        question.contains(&format!("Add {address} to do-not-contact for Northwind")),
        "{question}"
    );
    let effects = press(&mut state, ch('y'));
    let (req_id, write) = submitted(&effects);
    assert_eq!(write, WriteRequest::DncEmails(vec![address]));
    let said = ServerMessage { status: 200, message: Some("ok".into()) };
    let effects = reply(&mut state, req_id, Ok(Written::Dnc(vec![said])));
    let item = state.org.store.exchanges.items().iter().find(|e| e.id == exchange).cloned();
    assert!(state.org.inbox.is_handled(&item.expect("the reply is listed")));
    let checked = |e: &outreach_tui::tui::action::Effect| {
        matches!(e, outreach_tui::tui::action::Effect::CheckDnc(_))
    };
    assert!(effects.iter().any(checked), "the opt-outs are checked again: {effects:?}");
}

#[test]
fn d_on_an_item_that_is_no_opt_out_sends_nothing_and_says_why() {
    let mut state = needs_open();
    let needs = state.org.needs(state.env.now, state.env.zone);
    let row = needs.iter().position(|need| need.kind != Kind::OptOut).expect("another kind");
    select(&mut state, row);
    let effects = press(&mut state, ch('d'));
    assert!(support::submits(&effects).is_empty());
    assert!(state.transient.overlay.is_none(), "no question: there is nothing to add");
    let toast = state.transient.toast.as_ref().map(|toast| toast.text.clone());
    assert!(toast.is_some_and(|text| text.contains("select one")));
}

#[test]
fn capital_d_adds_every_opt_out_listed_in_one_confirmed_write() {
    let mut state = needs_open();
    let needs = state.org.needs(state.env.now, state.env.zone);
    let addresses: Vec<String> = needs
        .iter()
        .filter(|need| need.kind == Kind::OptOut)
        .filter_map(|need| need.address.clone())
        .collect();
    assert!(!addresses.is_empty());
    press(&mut state, ch('D'));
    let effects = press(&mut state, key(KeyCode::Enter));
    let (_, write) = submitted(&effects);
    assert_eq!(write, WriteRequest::DncEmails(addresses));
}

/// A dashboard two months after the fixtures' replies, the organisation first used an
/// hour ago with `marks` kept.
fn first_start(marks: HashMap<i64, Mark>) -> AppState {
    let later = now() + chrono::Duration::days(60);
    let mut state = AppState::new(settings(Theme::default()), 120, 40, later);
    act(&mut state, Action::Connected(Ok(info())));
    let scope = Scope::new("demo", &info().base_url);
    let first_use = Timestamp(later - chrono::Duration::hours(1));
    act(&mut state, Action::Local(LocalAnswer::Loaded { scope, first_use, marks }));
    state
}

/// A first start on an inbox whose replies are old: a remark (not a question: the first
/// key is the user's) says how many and which keys put them away; `!` then `H` asks, `y`
/// marks them handled (hot replies then wait on nobody).
#[test]
fn a_first_start_offers_to_mark_replies_untouched_for_two_weeks_handled() {
    let mut state = first_start(HashMap::new());
    assert!(state.transient.overlay.is_none(), "nothing stands in the way of the first key");
    let listed = state.org.store.exchanges.items().len();
    assert!(listed >= 5, "{listed}");
    let notice = state.transient.notice.clone().unwrap_or_default();
    assert!(notice.contains(&format!("{listed} replies with no news")), "{notice}");
    assert!(notice.contains("! then H"), "{notice}");
    act(&mut state, ch('!'));
    assert!(screen(&state).contains(&format!("H: mark {listed} replies")), "{}", screen(&state));
    press(&mut state, ch('H'));
    let question = confirm(&state).lines.join("\n");
    assert!(question.contains(&format!("{listed} replies of {listed} had no news")), "{question}");
    press(&mut state, ch('y'));
    assert!(state.transient.overlay.is_none());
    for exchange in state.org.store.exchanges.items().iter() {
        assert!(state.org.inbox.is_handled(exchange), "{}", exchange.id);
    }
    let inbox = &state.org.inbox;
    let speed = outreach_tui::inbox::speed_to_lead(state.org.store.exchanges.items(), inbox);
    assert_eq!(speed.all.count, 0, "no hot reply waits any more");
    assert!(!screen(&state).contains("a first look"), "the remark is gone once acted on");
}

#[test]
fn any_other_key_leaves_the_old_replies_as_they_are() {
    let mut state = first_start(HashMap::new());
    act(&mut state, ch('!'));
    press(&mut state, ch('H'));
    confirm(&state);
    press(&mut state, ch('n'));
    assert!(state.transient.overlay.is_none());
    assert!(state.org.store.exchanges.items().iter().all(|e| !state.org.inbox.is_handled(e)));
}

#[test]
fn no_offer_once_the_organisation_was_used_before_or_anything_is_handled() {
    let handled = Mark { handled: true, ..Mark::default() };
    let state = first_start(HashMap::from([(exchanges()[0].id, handled)]));
    assert!(state.transient.notice.is_none(), "a reply handled already: no first start");
    let mut state = connected(120, 40, Theme::default());
    let scope = Scope::new("demo", &info().base_url);
    let first_use = Timestamp(state.env.now - chrono::Duration::days(3));
    let marks = HashMap::new();
    act(&mut state, Action::Local(LocalAnswer::Loaded { scope, first_use, marks }));
    assert!(state.transient.notice.is_none(), "used three days ago: no first start");
}

#[test]
fn speed_to_leads_headers_stand_over_their_columns() {
    let state = needs_open();
    let shown = screen(&state);
    let lines: Vec<Vec<char>> = shown.lines().map(|line| line.chars().collect()).collect();
    let text = |line: &[char]| line.iter().collect::<String>();
    let header = lines
        .iter()
        .position(|line| {
            let line = text(line);
            line.contains("hot") && line.contains("oldest") && line.contains("campaign")
        })
        .unwrap_or_else(|| panic!("speed to lead's header:\n{shown}"));
    // Both lines from the box's left border on.
    let at =
        |line: &[char], word: &str| text(line).find(word).map(|b| text(line)[..b].chars().count());
    let start = at(&lines[header], "hot").unwrap();
    let border = lines[header][..start].iter().rposition(|c| *c == '│').map_or(0, |b| b + 1);
    let (head, row) = (&lines[header][border..], &lines[header + 1][border..]);
    // Where each run of non-blank characters of a line starts and ends.
    let runs = |line: &[char]| {
        let mut runs = Vec::new();
        let mut begun = None;
        for (i, c) in line.iter().chain([&' ']).enumerate() {
            match (c.is_whitespace() || *c == '│', begun) {
                (false, None) => begun = Some(i),
                (true, Some(b)) => {
                    runs.push((b, i));
                    begun = None;
                }
                _ => {}
            }
        }
        runs
    };
    let (head_runs, row_runs) = (runs(head), runs(row));
    let said = format!("{}\n{}", text(head), text(row));
    assert!(row_runs.len() >= 3 && head_runs.len() >= 3, "{said}");
    assert_eq!(row_runs[0].1, head_runs[0].1, "the count ends under 'hot':\n{said}");
    assert_eq!(row_runs[1].1, head_runs[1].1, "the age ends under 'oldest':\n{said}");
    assert_eq!(row_runs[2].0, head_runs[2].0, "the name starts under 'campaign':\n{said}");
}

/// Without the Contacts pane's whole list, an opt-out is checked as `outreach todo` checks it
/// (the contact list read off the UI thread, or what it said a few minutes ago): one on the
/// list leaves "Needs you", one not on it is due on the same day as in `todo`, and one that
/// could not be checked says so.
#[test]
fn opt_outs_are_checked_as_the_commands_check_them_without_the_contacts_pane() {
    use outreach_tui::look::dnc::Listed;
    let mut state = connected(120, 40, Theme::default());
    let opt_out = |state: &AppState| {
        let needs = state.org.needs(state.env.now, state.env.zone);
        needs.iter().find(|need| need.kind == Kind::OptOut).cloned()
    };
    assert!(state.org.store.contacts.data.is_none(), "the Contacts pane was not opened");
    let unknown = opt_out(&state).expect("an opt-out in the fixture");
    assert!(unknown.unchecked && unknown.due.is_none(), "{unknown:?}");
    let scope = state.org.inbox.scope.clone().expect("connected");
    let Subject::Exchange(id) = unknown.subject else { panic!("{unknown:?}") };
    let exchange = fixtures::exchanges().into_iter().find(|e| e.id == id).unwrap();

    let checked_at = state.env.now;
    let none = Listed { contacts: Default::default(), checked_at };
    act(&mut state, Action::DncChecked { scope: scope.clone(), result: Ok(none) });
    let pending = opt_out(&state).expect("not on the list: it waits");
    assert!(!pending.unchecked && pending.due.is_some(), "{pending:?}");
    assert!(pending.task.starts_with("Add "), "{}", pending.task);

    // The Contacts pane loading 100k contacts does not make the list again: the opt-outs
    // were checked apart.
    let before = state.org.needs(state.env.now, state.env.zone);
    act(&mut state, ch('6'));
    assert!(state.org.store.contacts.data.is_some(), "the contacts loaded");
    let after = state.org.needs(state.env.now, state.env.zone);
    assert!(std::sync::Arc::ptr_eq(&before, &after), "not made again when the contacts arrive");
    act(&mut state, ch('1'));

    let listed = Listed { contacts: [exchange.contact.id].into(), checked_at };
    act(&mut state, Action::DncChecked { scope: scope.clone(), result: Ok(listed) });
    assert_eq!(opt_out(&state), None, "on the list: nothing to do");

    let other = Scope::new("other", "http://elsewhere");
    let none = Listed { contacts: Default::default(), checked_at };
    act(&mut state, Action::DncChecked { scope: other, result: Ok(none) });
    assert_eq!(opt_out(&state), None, "another session's answer is not taken");
}
