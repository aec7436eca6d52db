//! The preview beside the list: the reply inbox and the chain of the row under the cursor
//! side by side on a wide screen, fetched once the cursor rests, seen once it stayed; the
//! other panes' selected item's detail; `p` turns it off and on.

use crate::common;

use chrono::Duration;
use common::*;
use crossterm::event::KeyCode;
use outreach_tui::config::Preview;
use outreach_tui::tui::action::{Action, Effect, Fetch};
use outreach_tui::tui::model::Slot;
use outreach_tui::tui::pane_layout::{Place, View};
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;

/// A connected dashboard of `width` × `height` with the preview as configured by default.
fn previewing(width: u16, height: u16) -> AppState {
    let ui = outreach_tui::tui::state::UiSettings {
        preview: Preview::Auto,
        ..settings(Theme::monochrome())
    };
    let mut state = AppState::new(ui, width, height, now());
    act(&mut state, Action::Connected(Ok(info())));
    state
}

fn tick(ms: i64) -> Action {
    Action::Tick(now() + Duration::milliseconds(ms))
}

/// The chain fetches among `effects`.
fn chain_fetches(effects: Vec<Effect>) -> Vec<Fetch> {
    fetches(&effects).into_iter().filter(|fetch| fetch.slot == Slot::Chain).cloned().collect()
}

fn selected(state: &AppState) -> i64 {
    state.panes.exchanges.list.selected_id().unwrap()
}

fn previewed(state: &AppState) -> Option<i64> {
    state.previewed_chain().map(|chain| chain.exchange.id)
}

fn seen(state: &AppState, id: i64) -> bool {
    state.org.inbox.mark(id).is_some_and(|mark| mark.seen_updated_at.is_some())
}

/// The inbox at 200×50 with the cursor rested on its first row and that row's chain read.
fn inbox_rested() -> AppState {
    let mut state = previewing(200, 50);
    act(&mut state, ch('3'));
    act(&mut state, tick(0));
    act(&mut state, tick(200));
    state
}

#[test]
fn the_inbox_and_the_chain_of_the_row_under_the_cursor_side_by_side_at_200x50() {
    let state = inbox_rested();
    assert_eq!(state.pane_layout().preview, Some((Place::Right, View::Chain)));
    assert_eq!(previewed(&state), Some(selected(&state)));
    let text = screen(&state);
    let rows: Vec<&str> = text.lines().collect();
    // The list's title on the left half, the chain's (its exchange, its contact) on the right.
    let column = |needle: &str| {
        let row = rows.iter().find(|row| row.contains(needle)).unwrap();
        row[..row.find(needle).unwrap()].chars().count()
    };
    assert!(column("Exchanges 7") < 100, "{text}");
    assert!(column(&format!("#{} Ann Smith", selected(&state))) > 100, "{text}");
    assert!(column("Enter opens") > 100, "{text}");
    assert!(text.contains("Tuesday works."), "the chain's reply is shown:\n{text}");
    assert!(text.contains("p hides preview"), "the status bar names the key:\n{text}");
}

#[test]
fn at_120_columns_auto_puts_it_under_the_list_on_a_tall_screen_and_nowhere_on_a_short_one() {
    let mut tall = previewing(120, 40);
    act(&mut tall, ch('3'));
    assert_eq!(tall.pane_layout().preview, Some((Place::Bottom, View::Chain)));
    let mut short = previewing(120, 30);
    act(&mut short, ch('3'));
    assert_eq!(short.pane_layout().preview, None);
    assert!(!screen(&short).contains("Preview"));
    let mut small = previewing(80, 24);
    act(&mut small, ch('3'));
    assert_eq!(small.pane_layout().preview, None, "80×24 stays as it was");
}

#[test]
fn the_chain_is_fetched_only_once_the_cursor_rests_and_a_stale_answer_is_ignored() {
    let mut state = previewing(200, 50);
    act(&mut state, ch('3'));
    let first = selected(&state);
    // Moving through the list asks for nothing.
    assert!(chain_fetches(update(&mut state, tick(0))).is_empty(), "the rest starts");
    assert!(chain_fetches(update(&mut state, tick(100))).is_empty(), "not rested yet");
    let asked = chain_fetches(update(&mut state, tick(160)));
    assert_eq!(asked.len(), 1, "rested: its chain is asked for");
    assert_eq!(previewed(&state), Some(first));

    // The cursor moves on before the answer: the request is cancelled, the preview waits.
    let effects = update(&mut state, ch('j'));
    assert!(effects.iter().any(|effect| matches!(effect, Effect::Cancel(Slot::Chain))));
    assert!(chain_fetches(effects).is_empty(), "not before it rests");
    let second = selected(&state);
    assert_ne!(first, second);
    assert_eq!(previewed(&state), None);
    update(&mut state, tick(300));
    let again = chain_fetches(update(&mut state, tick(500)));
    assert_eq!(again.len(), 1);
    assert_eq!(previewed(&state), Some(second));

    // The first row's late answer fills nothing; the second's does.
    update(&mut state, answer_for(&asked[0]));
    assert!(state.previewed_chain().unwrap().remote.data.is_none(), "stale answer ignored");
    act(&mut state, answer_for(&again[0]));
    assert!(state.previewed_chain().unwrap().remote.data.is_some());
    assert_eq!(previewed(&state), Some(second));
}

#[test]
fn a_chain_read_before_shows_at_once_when_the_cursor_comes_back() {
    let mut state = inbox_rested();
    let first = selected(&state);
    act(&mut state, ch('j'));
    act(&mut state, tick(1000));
    act(&mut state, tick(1200));
    assert_ne!(previewed(&state), Some(first));
    let effects = update(&mut state, ch('k'));
    assert!(chain_fetches(effects).is_empty(), "nothing to fetch");
    let chain = state.previewed_chain().expect("shown at once");
    assert_eq!(chain.exchange.id, first);
    assert!(chain.remote.data.is_some());
    assert_eq!(state.panes.preview.resting, None);
}

#[test]
fn a_reply_is_seen_after_three_seconds_in_the_preview_never_by_scrolling_past_it() {
    let mut state = previewing(200, 50);
    act(&mut state, ch('3'));
    let passed = selected(&state);
    // Scrolling through: each row under the cursor a moment only.
    for step in 0..4 {
        act(&mut state, ch('j'));
        act(&mut state, tick(step * 100));
    }
    act(&mut state, ch('g'));
    assert!(!seen(&state, passed), "passing over a row does not see it");
    let rested = selected(&state);
    act(&mut state, tick(10_000));
    act(&mut state, tick(10_200));
    assert_eq!(previewed(&state), Some(rested));
    act(&mut state, tick(11_000));
    act(&mut state, tick(13_000));
    assert!(!seen(&state, rested), "two seconds are not enough");
    act(&mut state, tick(13_300));
    assert!(seen(&state, rested), "three seconds in the preview");
}

#[test]
fn enter_opens_the_previewed_chain_without_asking_again_and_esc_puts_it_back() {
    let mut state = inbox_rested();
    let id = selected(&state);
    let effects = update(&mut state, key(KeyCode::Enter));
    assert!(chain_fetches(effects).is_empty(), "the chain in the preview is the one opened");
    assert!(state.chain_open());
    assert_eq!(state.opened_chain().map(|chain| chain.exchange.id), Some(id));
    assert_eq!(state.pane_layout().preview, None, "an opened chain takes the whole pane");
    assert!(seen(&state, id), "opening a reply sees it at once");
    act(&mut state, key(KeyCode::Esc));
    assert!(!state.chain_open());
    assert_eq!(previewed(&state), Some(id));
}

#[test]
fn p_turns_the_preview_off_and_on_and_says_when_there_is_no_room() {
    let mut state = inbox_rested();
    act(&mut state, ch('p'));
    assert_eq!(state.pane_layout().preview, None);
    assert!(!screen(&state).contains("Enter opens"));
    assert!(screen(&state).contains("p preview"), "{}", screen(&state));
    act(&mut state, ch('p'));
    assert_eq!(state.pane_layout().preview, Some((Place::Right, View::Chain)));

    let mut small = previewing(80, 24);
    act(&mut small, ch('3'));
    act(&mut small, ch('p'));
    assert_eq!(small.pane_layout().preview, None);
    let notice = small.transient.notice.clone().unwrap_or_default();
    assert_eq!(notice, "The preview needs 160 columns or 40 rows; this is 80×24.");
}

#[test]
fn the_other_panes_preview_the_selected_items_detail() {
    let mut state = previewing(200, 50);
    act(&mut state, ch('2'));
    assert_eq!(
        state.pane_layout().preview,
        Some((Place::Right, View::Detail(outreach_tui::tui::model::Pane::Campaigns)))
    );
    let text = screen(&state);
    let settings_row = text.lines().find(|row| row.contains("E-mail tracking")).unwrap();
    let at = settings_row.find("E-mail tracking").unwrap();
    assert!(settings_row[..at].contains("│"), "the detail on the right:\n{text}");
    act(&mut state, ch('j'));
    let moved = screen(&state);
    assert_ne!(text, moved, "the preview follows the selection");
}

#[test]
fn a_click_in_the_preview_selects_no_row_and_the_wheel_there_scrolls_the_chain() {
    use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let mouse = |kind, column, row| {
        Action::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE })
    };
    let mut state = inbox_rested();
    let before = state.panes.exchanges.list.selected();
    // Row 6 is a list row on the left; on the right it is the chain.
    act(&mut state, mouse(MouseEventKind::Down(MouseButton::Left), 150, 6));
    assert_eq!(state.panes.exchanges.list.selected(), before, "no row under the preview");
    assert!(!state.chain_open());
    let scroll = state.previewed_chain().unwrap().scroll;
    act(&mut state, mouse(MouseEventKind::ScrollUp, 150, 10));
    assert!(state.previewed_chain().unwrap().scroll < scroll, "the chain reads back");
    assert_eq!(state.panes.exchanges.list.offset(), 0, "the list stays");
}

#[test]
fn another_profile_shows_nothing_of_the_last_ones_chains() {
    let mut state = inbox_rested();
    assert!(state.panes.chain.is_some());
    act(&mut state, ch(':'));
    type_text(&mut state, "profile other");
    act(&mut state, key(KeyCode::Enter));
    assert!(state.panes.chain.is_none(), "the previewed chain is gone");
    // The same exchange id under the next organisation is not shown from the last one's.
    act(&mut state, Action::Connected(Ok(info())));
    act(&mut state, ch('3'));
    let effects = update(&mut state, tick(60_000));
    assert!(state.previewed_chain().is_none(), "{effects:?}");
    assert!(state.panes.preview.resting.is_some(), "it waits for the cursor to rest again");
}

#[test]
fn a_reply_that_moves_while_previewed_is_read_again_once_the_cursor_rests() {
    use outreach_tui::api::{Listed, Timestamp};
    use outreach_tui::tui::resource::{Exchanges, loaded};
    let mut state = inbox_rested();
    let id = selected(&state);
    // A new message: the inbox reloads with the reply moved.
    let refresh = fetches(&update(&mut state, ch('r'))).into_iter().cloned().collect::<Vec<_>>();
    let reload = refresh.iter().find(|fetch| fetch.slot == Slot::Exchanges).unwrap();
    let mut moved = exchanges();
    let row = moved.iter_mut().find(|exchange| exchange.id == id).unwrap();
    row.updated_at = Timestamp::parse("2024-05-08T11:59:00Z");
    let answer = Listed { items: std::sync::Arc::from(moved), skipped: 0 };
    act(&mut state, loaded::<Exchanges>(reload.req_id, Ok(answer)));
    assert_eq!(selected(&state), id, "the cursor stays on it");
    assert_eq!(previewed(&state), None, "the chain it showed is stale");
    update(&mut state, tick(5_000));
    let again = chain_fetches(update(&mut state, tick(5_200)));
    assert_eq!(again.len(), 1, "read again once the cursor rests");
    assert_eq!(previewed(&state), Some(id));
}

#[test]
fn while_the_cursor_stays_the_ticks_draw_nothing() {
    use outreach_tui::tui::update::{frame_drawn, needs_frame};
    let mut state = inbox_rested();
    act(&mut state, tick(4_000));
    assert!(seen(&state, selected(&state)));
    frame_drawn(&mut state);
    for ms in [4_050, 4_100, 5_000, 9_000] {
        let effects = update(&mut state, tick(ms));
        assert!(effects.is_empty(), "{ms}: {effects:?}");
        assert!(!needs_frame(&state), "{ms}: nothing changed on screen");
    }
    assert!(!outreach_tui::tui::update::preview::waits(&state), "no fast ticks while resting");
}

#[test]
fn a_chain_read_for_its_rows_line_shows_at_once_when_the_cursor_comes() {
    let mut state = previewing(200, 50);
    act(&mut state, ch('3'));
    act(&mut state, ch('j'));
    let second = selected(&state);
    let updated_at =
        state.org.store.exchanges.items().iter().find(|e| e.id == second).unwrap().updated_at;
    act(&mut state, ch('k'));
    // The row's line was read from its chain in the background: the chain is kept.
    let chain = outreach_tui::api::Listed { items: std::sync::Arc::from(chain()), skipped: 0 };
    let effects = update(&mut state, Action::ChainRead { exchange_id: second, updated_at, chain });
    assert!(effects.is_empty(), "{effects:?}");
    let effects = update(&mut state, ch('j'));
    assert!(chain_fetches(effects).is_empty(), "nothing to ask the server");
    let shown = state.previewed_chain().expect("shown at once");
    assert_eq!((shown.exchange.id, shown.remote.data.is_some()), (second, true));
}
