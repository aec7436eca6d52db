//! Saved views through `update`: `:view NAME` applies a `[[views]]` table of the config —
//! the inbox narrowed to its campaign or bot, category, handled replies, filter text and
//! sort — as a jump `Esc` comes back from; a view naming a campaign that is gone says so
//! instead of showing an empty list, and an unknown name lists the views there are.

use crate::common;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::config::{Handled, SavedViews, View};
use outreach_tui::tui::action::Action;
use outreach_tui::tui::jumps::Focus;
use outreach_tui::tui::model::{Pane, Shelf, Shelves};
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;

fn with_views(views: Vec<View>) -> AppState {
    let views = SavedViews { all: views, ..SavedViews::default() };
    let ui = outreach_tui::tui::state::UiSettings { views, ..settings(Theme::monochrome()) };
    let mut state = AppState::new(ui, 120, 30, now());
    act(&mut state, Action::Connected(Ok(info())));
    state
}

fn palette(state: &mut AppState, line: &str) {
    act(state, ch(':'));
    type_text(state, line);
    act(state, key(KeyCode::Enter));
}

/// The ids of the replies the inbox lists, in order.
fn listed(state: &AppState) -> Vec<i64> {
    let items = state.org.store.exchanges.items();
    let order = state.panes.exchanges.list.order();
    order.iter().map(|&row| items[row as usize].id).collect()
}

fn spring() -> View {
    View {
        name: "spring".into(),
        campaign: Some("spring LAUNCH".into()),
        categories: vec!["not-interested".into()],
        handled: Some(Handled::Shown),
        filter: Some("bob".into()),
        sort: Some("age:desc".into()),
        ..View::default()
    }
}

#[test]
fn a_view_narrows_the_inbox_and_esc_comes_back() {
    let mut state = with_views(vec![spring()]);
    assert_eq!(state.panes.pane, Pane::Overview);
    palette(&mut state, "view Spring");
    assert_eq!(state.panes.pane, Pane::Exchanges);
    assert_eq!(state.panes.exchanges.query.campaign_id, Some(1), "the server narrows it");
    assert!(matches!(state.panes.exchanges.focus, Some(Focus::Campaign { id: 1, .. })));
    assert_eq!(state.org.inbox.shelf, Shelves::from(Shelf::NotInterested));
    assert!(!state.org.inbox.hide_handled, "handled = shown");
    assert_eq!(state.panes.exchanges.list.filter(), "bob");
    assert!(state.panes.exchanges.list.is_sorted(), "sorted as the view says");
    assert_eq!(listed(&state), [102], "Bob's decline of Spring launch");
    assert!(screen(&state).contains("View 'spring'"), "{}", screen(&state));

    act(&mut state, key(KeyCode::Esc));
    assert_eq!(state.panes.pane, Pane::Overview, "a view is a jump: Esc goes back");
    assert_eq!(state.panes.exchanges.query.campaign_id, None);
    assert!(state.org.inbox.hide_handled && state.org.inbox.shelf.is_all());
}

#[test]
fn a_view_lists_every_category_it_names() {
    let warm = View {
        name: "warm".into(),
        categories: vec!["interested".into(), "not-now".into()],
        handled: Some(Handled::Shown),
        ..View::default()
    };
    let mut state = with_views(vec![warm]);
    palette(&mut state, "view warm");
    let mut ids = listed(&state);
    ids.sort();
    assert_eq!(ids, [103, 106, 107], "the inquiry, and the follow-up later and nurturing ones");
    let shelf = state.org.inbox.shelf;
    assert!(shelf.lists(Shelf::Interested) && shelf.lists(Shelf::NotNow), "{shelf:?}");
    assert!(!shelf.lists(Shelf::All) && !shelf.lists(Shelf::Meeting), "{shelf:?}");
    let shown = screen(&state);
    assert!(shown.contains("View 'warm'.") && !shown.contains("all are listed"), "{shown}");
    // A category's key lists that one alone again.
    act(&mut state, ch('w'));
    act(&mut state, ch('A'));
    assert!(state.org.inbox.shelf.is_all());
}

#[test]
fn a_view_of_a_bot_narrows_to_its_replies() {
    let bot = View { name: "ada".into(), bot: Some("ada bot".into()), ..View::default() };
    let mut state = with_views(vec![bot]);
    palette(&mut state, "view ada");
    assert!(matches!(&state.panes.exchanges.focus, Some(Focus::Bot { id: 1, .. })));
    assert!(state.org.inbox.hide_handled, "unsaid: handled replies hidden, as at start");
    assert!(!listed(&state).is_empty());
}

#[test]
fn a_campaign_that_is_gone_is_said_and_an_unknown_view_lists_them() {
    let gone = View { name: "old".into(), campaign: Some("Autumn drive".into()), ..spring() };
    let mut state = with_views(vec![spring(), gone]);
    palette(&mut state, "view old");
    assert_eq!(state.panes.pane, Pane::Overview, "no empty list shown");
    let shown = screen(&state);
    assert!(shown.contains("view 'old': campaign 'Autumn drive' no longer exists"), "{shown}");

    palette(&mut state, "view cold");
    let shown = screen(&state);
    assert!(shown.contains("No view 'cold'; the views are: spring, old."), "{shown}");
    assert_eq!(state.panes.pane, Pane::Overview);
}

#[test]
fn a_views_key_applies_it_from_any_pane() {
    let text = "[[views]]\nname = \"spring\"\nkey = \"F5\"\ncampaign = \"Spring launch\"\n";
    let (config, _) =
        outreach_tui::config::parse(text, std::path::Path::new("config.toml")).unwrap();
    let loaded = outreach_tui::config::Loaded { config, path: None, warnings: Vec::new() };
    let read = outreach_tui::tui::state::UiSettings::from_config(&loaded, true);
    assert!(read.notices.is_empty(), "{:?}", read.notices);
    let ui = outreach_tui::tui::state::UiSettings {
        keymap: read.keymap,
        views: read.views,
        ..settings(Theme::monochrome())
    };
    let mut state = AppState::new(ui, 120, 30, now());
    act(&mut state, Action::Connected(Ok(info())));
    act(&mut state, ch('5'));
    assert_eq!(state.panes.pane, Pane::Bots);
    act(&mut state, key(KeyCode::F(5)));
    assert_eq!(state.panes.pane, Pane::Exchanges);
    assert_eq!(state.panes.exchanges.query.campaign_id, Some(1));
}
