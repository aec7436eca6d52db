//! The `/` filter ranks like fzf: on the demo data (the simulator over HTTP, through
//! `update`) `/chen` puts the Chens first and selects the first of them, and clearing the
//! filter brings back the table's own order; a large list is shown before it is searchable,
//! indexed and searched off the UI thread (run in place here), and ranking properties hold
//! for any rows and any filter typed letter by letter.

use crate::common;

use common::sim::anchor;
use common::{ch, key, screen, settings};
use crossterm::event::KeyCode;
use nucleo_matcher::pattern::{AtomKind, CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32Str};
use outreach_tui::api::{Client, Contact};
use outreach_tui::sim::SimOptions;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::lists::filter::{FilterEngine, SearchIndex};
use outreach_tui::tui::lists::list::ListState;
use outreach_tui::tui::model::{ConnectionInfo, Pane};
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use proptest::prelude::*;
use std::collections::VecDeque;

/// Applies an action and everything it causes: fetches over HTTP, and the list work the
/// runner would do off the UI thread, done in place.
async fn act(state: &mut AppState, client: &Client, action: Action) {
    let mut queue: VecDeque<Effect> = update(state, action).into();
    while let Some(effect) = queue.pop_front() {
        match effect {
            Effect::Fetch(fetch) => {
                let answer = fetch.perform(client.clone()).await;
                queue.extend(update(state, answer));
            }
            Effect::Search(job) => {
                let mut works = Vec::new();
                job.perform(&mut |work| works.push(work));
                for work in works {
                    queue.extend(update(state, Action::Searched(work)));
                }
            }
            _ => {}
        }
    }
}

fn is_chen(state: &AppState, row: u32) -> bool {
    let exchange = &state.org.store.exchanges.items()[row as usize];
    let name = format!("{} {}", exchange.contact.first_name, exchange.contact.last_name);
    name.split_whitespace().any(|word| word.eq_ignore_ascii_case("chen"))
}

#[tokio::test]
async fn chen_puts_the_chens_first_on_the_demo_data_and_esc_restores_the_order() {
    // The demo's own data (its default seed), around a fixed instant.
    let sim =
        outreach_tui::sim::spawn(SimOptions { anchor: Some(anchor()), ..SimOptions::default() })
            .await
            .expect("simulator starts");
    let client = common::sim::client(&sim, &sim.orgs[0].admin_key);
    let mut state = AppState::new(settings(Theme::default()), 160, 40, anchor());
    let info = ConnectionInfo { base_url: sim.base_url.clone(), ..common::info() };
    act(&mut state, &client, Action::Connected(Ok(info))).await;
    act(&mut state, &client, ch('3')).await;
    assert_eq!(state.panes.pane, Pane::Exchanges);
    let table: Vec<u32> = state.panes.exchanges.list.order().to_vec();
    let chens = table.iter().filter(|&&row| is_chen(&state, row)).count();
    assert!(chens >= 2, "the demo has Chens to find:\n{}", screen(&state));
    let first_chen_in_table = table.iter().position(|&row| is_chen(&state, row)).unwrap();
    assert!(first_chen_in_table > 0, "the table does not already start with a Chen");

    act(&mut state, &client, ch('/')).await;
    for c in "chen".chars() {
        act(&mut state, &client, ch(c)).await;
    }
    let order = state.panes.exchanges.list.order().to_vec();
    assert!(order.len() > chens, "scattered matches are kept, after the Chens");
    assert!(
        order[..chens].iter().all(|&row| is_chen(&state, row)),
        "every Chen comes before any scattered match: {:?}",
        order.iter().map(|&row| is_chen(&state, row)).collect::<Vec<_>>()
    );
    assert_eq!(state.panes.exchanges.list.selected(), 0, "the best match is selected");
    let selected = state.panes.exchanges.list.selected_id().unwrap();
    let shown = screen(&state);
    let first_row =
        shown.lines().skip_while(|line| !(line.contains("│") && line.contains("Contact"))).nth(1);
    assert!(
        first_row.is_some_and(|line| line.contains("Chen")),
        "the first row on screen is a Chen:\n{shown}"
    );
    assert!(shown.contains(&format!("{} of", order.len())), "the title counts the matches");

    act(&mut state, &client, key(KeyCode::Enter)).await;
    act(&mut state, &client, key(KeyCode::Esc)).await;
    assert_eq!(state.panes.exchanges.list.filter(), "");
    assert_eq!(state.panes.exchanges.list.order(), table, "the table's own order returns");
    assert_eq!(state.panes.exchanges.list.selected_id(), Some(selected), "on the same exchange");
}

fn many_contacts(count: usize) -> Vec<Contact> {
    (0..count)
        .map(|i| {
            let email = format!("person{i}@company{}.test", i % 97);
            Contact::new(
                i as i64 + 1,
                &email,
                ["Ann", "Bob", "Chen", "Dana"][i % 4],
                &format!("Number{i}"),
            )
        })
        .collect()
}

#[test]
fn a_large_list_shows_at_once_and_becomes_searchable_off_the_ui_thread() {
    let mut state = common::connected(120, 30, Theme::default());
    let count = 20_000;
    let effects = common::contacts_loaded(&mut state, ch('6'), many_contacts(count));
    assert_eq!(state.panes.contacts.list.total(), count);
    assert!(screen(&state).contains("Number0"), "the first screenful shows before any indexing");
    assert!(
        effects.iter().any(|effect| matches!(effect, Effect::Search(_))),
        "the rows are indexed by a worker: {effects:?}"
    );
    assert!(!state.panes.contacts.list.indexed());
    assert!(screen(&state).contains("indexing 0%"), "the title says it is not searchable yet");
    common::answer(&mut state, effects);
    assert!(state.panes.contacts.list.indexed());
    assert!(!screen(&state).contains("indexing"));

    common::act(&mut state, ch('/'));
    common::type_text(&mut state, "number1234");
    let order = state.panes.contacts.list.order();
    assert_eq!(order.first(), Some(&1234), "the exact match is best: {:?}", &order[..5]);
    assert_eq!(state.panes.contacts.list.selected_id(), Some(1235));
    assert!(screen(&state).contains("/number1234"));
    assert!(order.iter().all(|&row| format!("number{row}").contains("1")), "only matches");
}

/// Whether every word of `filter` matches within one column of `row`, as nucleo says.
fn nucleo_matches(filter: &str, row: &str) -> bool {
    let pattern = Pattern::new(filter, CaseMatching::Ignore, Normalization::Smart, AtomKind::Fuzzy);
    let mut matcher = Matcher::new(Config::DEFAULT);
    let mut buffer = Vec::new();
    pattern.atoms.iter().all(|atom| {
        row.split('\u{1f}')
            .any(|column| atom.score(Utf32Str::new(column, &mut buffer), &mut matcher).is_some())
    })
}

fn row_strategy() -> impl Strategy<Value = String> {
    let word = prop::sample::select(vec![
        "ann",
        "Chen",
        "chenko",
        "Schedule",
        "achen",
        "c-h-e-n",
        "Zoë",
        "ångström",
        "li",
        "x",
    ]);
    prop::collection::vec((word, prop::sample::select(vec![" ", "\u{1f}", "-", "@"])), 1..5)
        .prop_map(|parts| parts.into_iter().map(|(w, s)| format!("{w}{s}")).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Typed letter by letter (narrowing from each answer), the filter keeps exactly the rows
    /// nucleo says match, each once, best first; an exact whole-column match is never below a
    /// row that only matches scattered; clearing gives the table's order back.
    #[test]
    fn ranking_keeps_exactly_the_matches_best_first(
        rows in prop::collection::vec(row_strategy(), 0..40),
        filter in prop::sample::select(vec!["chen", "ann li", "zoe", "ö", "c h", "sch", "x"]),
    ) {
        let mut engine = FilterEngine::default();
        let mut list = ListState::default();
        let ids = (0..rows.len() as i64).collect();
        list.set_rows(ids, SearchIndex::new(rows.iter().map(String::as_str)), &mut engine);
        let mut typed = String::new();
        for c in filter.chars() {
            typed.push(c);
            prop_assert!(list.set_filter(&typed, &mut engine).is_none(), "a small list is searched at once");
        }
        let mut got: Vec<u32> = list.order().to_vec();
        let expected: Vec<u32> =
            (0..rows.len() as u32).filter(|&i| nucleo_matches(filter, &rows[i as usize])).collect();
        if let Some(&best) = got.first() {
            prop_assert_eq!(list.selected_index(), Some(best as usize));
        }
        let word = filter.split(' ').next().unwrap_or_default();
        let exact = |i: u32| rows[i as usize].to_lowercase().split(['\u{1f}', ' ']).any(|c| c == word);
        if let Some(first_scattered) = got.iter().position(|&i| !rows[i as usize].to_lowercase().contains(word)) {
            prop_assert!(
                got[first_scattered..].iter().all(|&i| !exact(i) || filter.contains(' ')),
                "an exact match ranks below a scattered one: {:?}", got
            );
        }
        got.sort_unstable();
        prop_assert_eq!(got, expected);
        list.set_filter("", &mut engine);
        prop_assert_eq!(list.order().to_vec(), (0..rows.len() as u32).collect::<Vec<_>>());
    }
}
