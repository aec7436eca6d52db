//! Sorting a group's merged lists as a single pane's: `S` cycles through the single pane's
//! columns as the merged list draws them and `org`, `:sort NAME [asc|desc]` names one (an
//! unknown name answered with the names there are), the title and the header say it, the
//! cursor stays on its row, the keys act on the rows in the order shown, and a large
//! group's contacts are sorted off the UI thread.

use crate::common;
use crate::group_inbox::{contacts, local_jobs, merged, scope};
use crate::group_panes::{contact_search, contacts as contacts_of, group, line_with, show};

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::group::contacts::INLINE_CONTACTS;
use outreach_tui::tui::inbox::jobs::LocalJob;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::update::update;

/// `:LINE` typed in the palette and run; the effects.
fn palette(state: &mut AppState, line: &str) -> Vec<Effect> {
    act(state, ch(':'));
    type_text(state, line);
    update(state, key(KeyCode::Enter))
}

/// The line the cursor is on.
fn cursor_line(state: &AppState) -> String {
    line_with(state, "› ")
}

#[test]
fn s_sorts_the_merged_campaigns_by_their_columns_and_the_cursor_stays_on_its_row() {
    let mut state = merged(100, 24, false);
    act(&mut state, ch('2'));
    let order = |state: &AppState| {
        let shown = screen(state);
        let autumn = shown.lines().position(|line| line.contains("Autumn push"));
        let spring = shown.lines().position(|line| line.contains("Spring launch"));
        (autumn < spring, shown)
    };
    assert!(order(&state).0, "newest first: {}", order(&state).1);
    assert!(cursor_line(&state).contains("Autumn push"));

    // The first column up, then down: the title, the header and the status bar say so.
    act(&mut state, ch('S'));
    let shown = screen(&state);
    assert!(shown.contains("· sorted by name ▲"), "{shown}");
    assert!(line_with(&state, " Org ").contains("Name▲"), "{shown}");
    assert!(shown.contains("Sorted by name ▲"), "{shown}");
    act(&mut state, ch('S'));
    let (autumn_first, shown) = order(&state);
    assert!(!autumn_first && shown.contains("sorted by name ▼"), "{shown}");
    assert!(cursor_line(&state).contains("Autumn push"), "the cursor follows: {shown}");
    // Then the organisation's column, as drawn after the name.
    act(&mut state, ch('S'));
    assert!(screen(&state).contains("sorted by org ▲"), "{}", screen(&state));
    assert!(order(&state).1.contains("Org▲"));
    // `s` starts the campaign shown under the cursor, in the order shown.
    act(&mut state, ch('k'));
    act(&mut state, ch('s'));
    let asked = screen(&state);
    assert!(asked.contains("Start 'Spring launch' for acme?"), "{asked}");

    // The merged Bots too, by organisation, initech's first when descending.
    let mut state = merged(120, 24, false);
    act(&mut state, ch('5'));
    palette(&mut state, "sort org desc");
    let shown = screen(&state);
    let first = shown.lines().position(|line| line.contains("sdr@initech.example"));
    let second = shown.lines().position(|line| line.contains("sdr@acme.example"));
    assert!(first < second && first.is_some(), "{shown}");
}

#[test]
fn sort_in_the_palette_orders_the_merged_inbox_by_org_or_a_column_and_e_acts_on_the_row_shown() {
    let mut state = merged(100, 24, false);
    assert_eq!(contacts(&state), ["Cy Ode", "Ann Lee", "Di Park", "Bo Chan"]);
    palette(&mut state, "sort org");
    assert_eq!(
        contacts(&state),
        ["Ann Lee", "Bo Chan", "Cy Ode", "Di Park"],
        "newest first in each"
    );
    assert!(cursor_line(&state).contains("Cy Ode"), "{}", screen(&state));
    let shown = screen(&state);
    assert!(shown.contains("sorted by org ▲") && shown.contains("Org▲"), "{shown}");

    // The row below Cy Ode's is now initech's Di Park: `e` marks it in initech's marks.
    act(&mut state, ch('j'));
    let marked = local_jobs(&update(&mut state, ch('e')));
    let updated = at("2024-05-07T10:00:00Z");
    assert_eq!(marked, [LocalJob::SetHandled(scope("initech"), vec![(7, updated)], true)]);
    act(&mut state, ch('z'));

    palette(&mut state, "sort contact desc");
    assert_eq!(contacts(&state), ["Di Park", "Cy Ode", "Bo Chan", "Ann Lee"]);
    assert!(screen(&state).contains("Contact▼"), "{}", screen(&state));

    // A column the merged inbox does not draw: refused with the names there are.
    palette(&mut state, "sort replies");
    let said = screen(&state);
    assert!(said.contains("No column 'replies' here; one of: org, contact, category"), "{said}");
    act(&mut state, key(KeyCode::Esc));
    palette(&mut state, "sort off");
    assert_eq!(contacts(&state), ["Cy Ode", "Ann Lee", "Di Park", "Bo Chan"]);
    assert!(screen(&state).contains("In the merged list's own order"), "{}", screen(&state));
}

#[test]
fn few_merged_contacts_sort_at_once_with_their_filter() {
    let mut state = group(100, 24, false);
    show(&mut state, '6', |org| contacts_of(org, 3));
    let effects = palette(&mut state, "sort e-mail desc");
    assert!(contact_search(&effects).is_none(), "few: sorted at once: {effects:?}");
    let emails = |state: &AppState| {
        let shown = screen(state);
        let rows = shown.lines().filter_map(|line| {
            line.split_whitespace().find(|word| word.starts_with("person")).map(str::to_string)
        });
        rows.collect::<Vec<_>>()
    };
    let expected = ["2@initech", "2@acme", "1@initech", "1@acme", "0@initech", "0@acme"]
        .map(|who| format!("person{who}.example"));
    assert_eq!(emails(&state), expected, "{}", screen(&state));
    act(&mut state, ch('/'));
    type_text(&mut state, "org:acme");
    act(&mut state, key(KeyCode::Enter));
    let acme = ["2@acme", "1@acme", "0@acme"].map(|who| format!("person{who}.example"));
    assert_eq!(emails(&state), acme, "the filter keeps the sort: {}", screen(&state));
}

#[test]
fn a_large_groups_contacts_are_sorted_off_the_ui_thread_and_the_cursor_stays_on_its_row() {
    let mut state = group(100, 24, false);
    let many = INLINE_CONTACTS;
    show(&mut state, '6', |org| contacts_of(org, many));
    // The last row: initech's last contact.
    act(&mut state, key(KeyCode::End));
    let last = format!("person{}@initech.example", many - 1);
    assert!(cursor_line(&state).contains(&last), "{}", screen(&state));

    let effects = palette(&mut state, "sort org desc");
    let search = contact_search(&effects).expect("sorted off the UI thread");
    assert!(screen(&state).contains("Contacts (sorting…)"), "{}", screen(&state));
    let found = search.perform().expect("the sort wanted");
    act(&mut state, Action::ContactsFound(found));
    // Initech's rows first now, in their server's order: the cursor's row is the many-th.
    assert_eq!(state.group.contacts.cursor, many - 1);
    assert!(cursor_line(&state).contains(&last), "{}", screen(&state));
    act(&mut state, key(KeyCode::Home));
    assert!(cursor_line(&state).contains("person0@initech.example"), "{}", screen(&state));
    assert!(screen(&state).contains("sorted by org ▼"), "{}", screen(&state));
}

/// A group named in the config keeps its merged lists' sorts as a profile keeps its own:
/// kept at each change, asked for when the group opens, and taken by each merged list not
/// sorted yet.
#[test]
fn a_named_groups_sorts_are_kept_and_taken_again_when_it_opens() {
    use outreach_tui::tui::group::GroupChoice;
    use outreach_tui::tui::model::ConnectionInfo;
    use outreach_tui::tui::sorts::SortsJob;
    use outreach_tui::tui::theme::Theme;
    let mut state = merged(100, 24, false);
    let effects = palette(&mut state, "sort org");
    let kept = effects.iter().find_map(|effect| match effect {
        Effect::Sorts(job @ SortsJob::Keep { profile, .. }) if profile == "group-clients" => {
            Some(job.clone())
        }
        _ => None,
    });
    let kept = kept.expect("kept as the group's");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sorts-group-clients.json");
    kept.perform_at(&path);
    let read = SortsJob::Read { profile: "group-clients".into() };
    let (profile, sorts) = read.perform_at(&path).expect("read back");

    // The group opens again: it asks for its sorts, and its merged inbox takes its own.
    let mut ui = settings(Theme::monochrome());
    ui.group = Some(GroupChoice {
        name: Some("clients".into()),
        profiles: vec!["acme".into(), "globex".into(), "initech".into()],
        ..GroupChoice::default()
    });
    let mut opened = AppState::new(ui, 100, 24, now());
    let connected = ConnectionInfo { profile: "acme".into(), ..work() };
    let effects = update(&mut opened, Action::Connected(Ok(connected)));
    assert!(effects.contains(&Effect::Sorts(read)), "{effects:?}");

    let mut state = merged(100, 24, false);
    act(&mut state, Action::SortsRead { profile, sorts });
    assert_eq!(contacts(&state), ["Ann Lee", "Bo Chan", "Cy Ode", "Di Park"]);
    assert!(screen(&state).contains("sorted by org ▲"), "{}", screen(&state));
}
