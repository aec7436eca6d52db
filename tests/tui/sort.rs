//! Sorting a list by a column, through `update`: `S` cycles the column and direction and the
//! header marks it with an arrow (a character: it shows without colour); `:sort NAME [desc]`
//! names one and an unknown name is answered with the names there are; a filter keeps the
//! chosen order (as k9s does); a large list is sorted by a worker while the key returns at
//! once; the sort is kept per profile and read back by the next start.

use crate::common;

use common::{act, ch, key, screen, type_text};
use crossterm::event::KeyCode;
use outreach_tui::api::Contact;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::lists::search::ListJob;
use outreach_tui::tui::model::Pane;
use outreach_tui::tui::sorts::{Sorts, SortsJob, load_from};
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;

/// The e-mail addresses of the Contacts pane, in the order shown.
fn emails(state: &AppState) -> Vec<String> {
    let items = state.org.store.contacts.items();
    let order = state.panes.contacts.list.order();
    order.iter().map(|&row| items[row as usize].email().to_string()).collect()
}

fn sorted(mut emails: Vec<String>, descending: bool) -> Vec<String> {
    emails.sort();
    if descending {
        emails.reverse();
    }
    emails
}

/// The header line of the pane's table.
fn header(state: &AppState) -> String {
    screen(state).lines().find(|line| line.contains("E-mail")).unwrap_or_default().to_string()
}

fn contacts_pane() -> AppState {
    let mut state = common::connected(120, 30, Theme::monochrome());
    act(&mut state, ch('6'));
    assert_eq!(state.panes.pane, Pane::Contacts);
    state
}

#[test]
fn s_cycles_the_column_and_direction_and_the_header_marks_it() {
    let mut state = contacts_pane();
    let server = emails(&state);
    assert!(!header(&state).contains('▲') && !header(&state).contains('▼'), "no sort: no mark");

    act(&mut state, ch('S'));
    assert_eq!(emails(&state), sorted(server.clone(), false), "e-mail ascending");
    assert!(header(&state).contains("E-mail▲"), "{}", screen(&state));
    assert!(screen(&state).contains("Sorted by e-mail ▲"), "the status bar says it");

    act(&mut state, ch('S'));
    assert_eq!(emails(&state), sorted(server.clone(), true), "then descending");
    assert!(header(&state).contains("E-mail▼"));

    act(&mut state, ch('S'));
    assert!(header(&state).contains("Name▲") && !header(&state).contains("E-mail▼"));
    let names: Vec<String> = {
        let items = state.org.store.contacts.items();
        let order = state.panes.contacts.list.order();
        order.iter().map(|&row| items[row as usize].first_name().to_lowercase()).collect()
    };
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "names case-insensitively: {names:?}");

    // Through every column and direction, then the server's order again.
    for _ in 0..20 {
        if !state.panes.contacts.list.is_sorted() {
            break;
        }
        act(&mut state, ch('S'));
    }
    assert!(!state.panes.contacts.list.is_sorted());
    assert_eq!(emails(&state), server, "after the last column: the server's order");
    assert!(!header(&state).contains('▲') && !header(&state).contains('▼'));
}

#[test]
fn sort_in_the_palette_names_a_column_and_an_unknown_one_lists_them() {
    let mut state = contacts_pane();
    let server = emails(&state);
    act(&mut state, ch(':'));
    type_text(&mut state, "sort e-mail desc");
    act(&mut state, key(KeyCode::Enter));
    assert_eq!(emails(&state), sorted(server.clone(), true));
    assert!(header(&state).contains("E-mail▼"));

    act(&mut state, ch(':'));
    type_text(&mut state, "sort colour");
    act(&mut state, key(KeyCode::Enter));
    let shown = screen(&state);
    assert!(shown.contains("No column 'colour' here; one of: e-mail, name"), "{shown}");
    assert_eq!(emails(&state), sorted(server.clone(), true), "an unknown name changes nothing");
    act(&mut state, key(KeyCode::Esc));

    act(&mut state, ch(':'));
    type_text(&mut state, "sort off");
    act(&mut state, key(KeyCode::Enter));
    assert_eq!(emails(&state), server);
}

#[test]
fn a_filter_keeps_the_chosen_order() {
    let mut state = contacts_pane();
    act(&mut state, ch(':'));
    type_text(&mut state, "sort e-mail:desc");
    act(&mut state, key(KeyCode::Enter));
    act(&mut state, ch('/'));
    type_text(&mut state, "tech");
    let shown = emails(&state);
    assert!(shown.len() > 2, "several contacts match: {shown:?}");
    assert_eq!(shown, sorted(shown.clone(), true), "the matches in the chosen order");
    act(&mut state, key(KeyCode::Esc));
    act(&mut state, key(KeyCode::Esc));
    assert_eq!(emails(&state).len(), 6);
    assert_eq!(emails(&state), sorted(emails(&state), true), "the sort stays once cleared");
}

fn many_contacts(count: usize) -> Vec<Contact> {
    (0..count)
        .map(|i| Contact::new(i as i64 + 1, &format!("p{:06}@x.test", count - i), "Ann", "Lee"))
        .collect()
}

#[test]
fn a_large_list_is_sorted_by_a_worker_and_the_key_returns_at_once() {
    let mut state = common::connected(120, 30, Theme::monochrome());
    let count = 100_000;
    let effects = common::contacts_loaded(&mut state, ch('6'), many_contacts(count));
    common::answer(&mut state, effects);
    assert_eq!(state.panes.contacts.list.order()[..2], [0, 1]);

    let effects = update(&mut state, ch('S'));
    let sorts = effects.iter().filter(|e| matches!(e, Effect::Search(ListJob::Sort(_)))).count();
    assert_eq!(sorts, 1, "the sort goes to a worker: {effects:?}");
    assert_eq!(state.panes.contacts.list.order()[..2], [0, 1], "shown as it was meanwhile");
    common::answer(&mut state, effects);
    let order = state.panes.contacts.list.order();
    assert_eq!((order[0], order[count - 1]), (count as u32 - 1, 0), "e-mail ascending");

    // A reload of as many rows keeps the order shown until the new rows are sorted.
    let effects = common::contacts_loaded(&mut state, ch('r'), many_contacts(count));
    assert_eq!(state.panes.contacts.list.order()[0], count as u32 - 1, "no flash of the server's");
    common::answer(&mut state, effects);
    assert_eq!(state.panes.contacts.list.order()[0], count as u32 - 1);

    // A second press before the first answer: only the latest sort's answer is taken.
    let first = update(&mut state, ch('S'));
    let second = update(&mut state, ch('S'));
    common::answer(&mut state, first);
    assert_eq!(
        state.panes.contacts.list.order()[0],
        count as u32 - 1,
        "the older answer is dropped"
    );
    common::answer(&mut state, second);
    assert!(header(&state).contains("Name▲"), "{}", screen(&state));
}

#[test]
fn the_sort_is_kept_for_the_profile_and_read_back_at_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sorts-work.json");
    let mut state = AppState::new(common::settings(Theme::monochrome()), 120, 30, common::now());
    act(&mut state, Action::Connected(Ok(common::work())));
    act(&mut state, ch('6'));
    act(&mut state, ch('S'));
    let effects = update(&mut state, ch('S'));
    let kept: Vec<&SortsJob> = effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Sorts(job) => Some(job),
            _ => None,
        })
        .collect();
    assert!(matches!(kept.as_slice(), [SortsJob::Keep { profile, .. }] if profile == "work"));
    kept[0].perform_at(&path);
    common::answer(&mut state, effects);
    let before = emails(&state);

    // The next start: connecting asks for the kept sorts, and the list comes in their order.
    let mut next = AppState::new(common::settings(Theme::monochrome()), 120, 30, common::now());
    let effects = update(&mut next, Action::Connected(Ok(common::work())));
    let read = effects.iter().find_map(|effect| match effect {
        Effect::Sorts(job @ SortsJob::Read { .. }) => Some(job.clone()),
        _ => None,
    });
    let (profile, sorts) = read.expect("a read of the kept sorts").perform_at(&path).unwrap();
    assert_eq!(sorts, load_from(&path).unwrap());
    assert_ne!(sorts, Sorts::default());
    common::answer(&mut next, effects);
    act(&mut next, Action::SortsRead { profile, sorts });
    act(&mut next, ch('6'));
    assert_eq!(emails(&next), before);
    assert!(header(&next).contains("E-mail▼"), "{}", screen(&next));
}

#[test]
fn the_demo_keeps_no_sort() {
    let mut state = contacts_pane();
    let effects = update(&mut state, ch('S'));
    assert!(!effects.iter().any(|effect| matches!(effect, Effect::Sorts(_))), "{effects:?}");
}

#[test]
fn another_profile_starts_from_its_own_sorts() {
    let mut state = contacts_pane();
    act(&mut state, ch('S'));
    assert!(state.panes.sorts.get(Pane::Contacts).is_some());
    act(&mut state, ch(':'));
    type_text(&mut state, "profile other");
    act(&mut state, key(KeyCode::Enter));
    assert_eq!(
        state.panes.sorts,
        Sorts::default(),
        "the last profile's sorts are not carried over"
    );
}
