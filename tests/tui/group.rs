//! The dashboard on a group of organisations: a line per organisation on the Overview with
//! the numbers `status --group` prints, one that fails said on its own line with its own
//! retry while the others show theirs, `Enter` narrowing to one (the profile switch `P`
//! makes) and `Esc` / `Backspace` / `:group` coming back, `:group NAME` opening another.

use crate::common;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::group::read::{GroupAnswer, GroupRead, OrgRead};
use outreach_tui::tui::group::{GroupChoice, OrgId, OrgLine};
use outreach_tui::tui::model::ConnectionInfo;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;

const REFUSED: &str =
    "key refused (401) for profile globex: `outreach --profile globex auth login` stores a new key";

fn choice(profiles: &[&str]) -> GroupChoice {
    GroupChoice {
        name: Some("clients".into()),
        profiles: profiles.iter().map(|p| p.to_string()).collect(),
        ..GroupChoice::default()
    }
}

fn profile(name: &str) -> ConnectionInfo {
    ConnectionInfo { profile: name.into(), ..work() }
}

/// A dashboard opened on `clients` (acme, globex, initech), connected to its first
/// organisation, and the reads of the lines it asked for.
fn opened(width: u16, height: u16) -> (AppState, GroupRead) {
    let mut ui = settings(Theme::monochrome());
    ui.group = Some(choice(&["acme", "globex", "initech"]));
    ui.outside.groups.insert("clients".into(), vec!["acme".into(), "globex".into()]);
    ui.outside.groups.insert("eu".into(), vec!["initech".into(), "acme".into()]);
    let mut state = AppState::new(ui, width, height, now());
    let effects = update(&mut state, Action::Connected(Ok(profile("acme"))));
    let read = group_read(&effects).expect("the lines are read once connected");
    answer(&mut state, effects);
    (state, read)
}

fn line(new: usize, hot: usize, needs: usize, meetings: usize, bots: usize) -> OrgLine {
    OrgLine {
        new: Some(new),
        hot_waiting: Some(hot),
        needs_you: Some(needs),
        due: Some(0),
        meetings_today: meetings,
        bots_needing_attention: bots,
        ..OrgLine::default()
    }
}

/// An organisation's read with its line and no replies.
fn org_read(org: &OrgId, line: OrgLine, read_only: bool) -> OrgRead {
    let scope = outreach_tui::local::Scope::new(org.profile(), "http://127.0.0.1:1");
    let (campaigns, bots) = Default::default();
    OrgRead { line, read_only, replies: Vec::new().into(), scope, campaigns, bots, team: None }
}

/// Answers each organisation of `read`: globex's key refused, the others their numbers.
fn answer_lines(state: &mut AppState, read: &GroupRead) {
    for (org, req_id) in &read.orgs {
        let result = match org.profile() {
            "acme" => Ok(org_read(org, line(3, 1, 2, 1, 0), false)),
            "globex" => Err(REFUSED.to_string()),
            _ => Ok(org_read(org, line(0, 0, 7, 4, 2), true)),
        };
        act(state, Action::GroupRead(GroupAnswer { org: org.clone(), req_id: *req_id, result }));
    }
}

/// The screen's row that names `org` (after the cursor's gutter).
fn row_of(state: &AppState, org: &str) -> String {
    let screen = screen(state);
    let named = |l: &&str| l.chars().skip(3).collect::<String>().starts_with(&format!("{org} "));
    let row = screen.lines().find(named);
    row.unwrap_or_else(|| panic!("no line for {org}:\n{screen}")).to_string()
}

fn numbers(row: &str) -> Vec<usize> {
    row.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect()
}

#[test]
fn the_overview_has_a_line_per_organisation_and_a_failing_one_says_why_on_its_own() {
    let (mut state, read) = opened(80, 24);
    let asked: Vec<&str> = read.orgs.iter().map(|(org, _)| org.profile()).collect();
    assert_eq!(asked, ["acme", "globex", "initech"], "every organisation, in the group's order");
    assert!(row_of(&state, "globex").contains("reading…"), "{}", screen(&state));
    answer_lines(&mut state, &read);
    // New, hot waiting, needs you, meetings today, bots needing attention.
    assert_eq!(numbers(&row_of(&state, "acme")), [3, 1, 2, 1, 0]);
    assert_eq!(numbers(&row_of(&state, "initech")), [0, 0, 7, 4, 2]);
    assert!(row_of(&state, "initech").contains("initech (read…"), "as the status bar says");
    let globex = row_of(&state, "globex");
    assert!(globex.contains("✗ key refused (401) for profile globex"), "{globex}");
    insta::assert_snapshot!("group_overview_80x24", screen(&state));

    // Wider, the numbers of `status --group` that did not fit come back.
    let (mut wide, read) = opened(200, 50);
    answer_lines(&mut wide, &read);
    let heading = screen(&wide);
    for title in ["Oldest waits", "Due", "Live campaigns", "Replies 7d", "Bots needing attention"] {
        assert!(heading.contains(title), "{title} at 200 columns:\n{heading}");
    }
    assert!(!screen(&state).contains("Live campaigns"), "dropped first at 80 columns");
    insta::assert_snapshot!("group_overview_200x50", heading);
}

#[test]
fn r_reads_the_line_under_the_cursor_again_and_an_old_answer_is_not_taken() {
    let (mut state, read) = opened(80, 24);
    answer_lines(&mut state, &read);
    act(&mut state, ch('j'));
    let effects = update(&mut state, ch('r'));
    let again = group_read(&effects).expect("r reads globex again");
    assert_eq!(again.orgs.len(), 1);
    let (org, req_id) = again.orgs[0].clone();
    assert_eq!(org, OrgId("globex".into()));
    assert!(row_of(&state, "globex").contains("↻ key refused"), "{}", screen(&state));
    // The first read's answer, late, changes nothing; the awaited one lands.
    let (_, stale) = read.orgs[1].clone();
    let line = |n| Ok(org_read(&org, line(n, 0, 0, 0, 0), false));
    act(
        &mut state,
        Action::GroupRead(GroupAnswer { org: org.clone(), req_id: stale, result: line(9) }),
    );
    assert!(row_of(&state, "globex").contains('↻'), "still awaiting the read asked last");
    act(&mut state, Action::GroupRead(GroupAnswer { org: org.clone(), req_id, result: line(5) }));
    assert_eq!(numbers(&row_of(&state, "globex")), [5, 0, 0, 0, 0]);
    assert_eq!(numbers(&row_of(&state, "acme")), [3, 1, 2, 1, 0], "the others keep theirs");
}

#[test]
fn enter_narrows_to_one_organisation_and_esc_or_backspace_come_back() {
    let (mut state, read) = opened(120, 30);
    answer_lines(&mut state, &read);
    act(&mut state, ch('j'));
    act(&mut state, ch('j'));
    let effects = update(&mut state, key(KeyCode::Enter));
    assert!(effects.contains(&Effect::SwitchProfile("initech".into())), "{effects:?}");
    act(&mut state, Action::Connected(Ok(profile("initech"))));
    let narrowed = screen(&state);
    assert!(
        narrowed.contains("Campaigns") && !narrowed.contains("Needs you  Meetings"),
        "{narrowed}"
    );
    assert!(!narrowed.contains("globex"), "the single dashboard of initech:\n{narrowed}");
    let bar = narrowed.lines().last().unwrap_or_default().to_string();
    assert!(bar.contains("Esc ◂ group clients"), "the way back is told: {bar}");

    let effects = update(&mut state, key(KeyCode::Esc));
    assert_eq!(group_read(&effects).map(|r| r.orgs.len()), Some(3), "read again on the way back");
    answer(&mut state, effects);
    assert!(row_of(&state, "acme").contains('3'), "{}", screen(&state));

    // Backspace from another pane of the narrowed organisation comes back too.
    act(&mut state, key(KeyCode::Enter));
    act(&mut state, ch('2'));
    let bar = screen(&state).lines().last().unwrap_or_default().to_string();
    assert!(bar.contains("◂ group clients"), "{bar}");
    let effects = update(&mut state, key(KeyCode::Backspace));
    assert!(group_read(&effects).is_some());
    assert!(screen(&state).contains("group clients · 3 organisations"), "{}", screen(&state));
}

#[test]
fn the_palette_opens_another_group_or_the_one_open_and_says_which_there_are() {
    let (mut state, _) = opened(80, 24);
    act(&mut state, ch(':'));
    type_text(&mut state, "group nope");
    act(&mut state, key(KeyCode::Enter));
    let said = screen(&state);
    assert!(said.contains("No group 'nope'; the groups are clients, eu."), "{said}");
    act(&mut state, key(KeyCode::Esc));

    act(&mut state, ch(':'));
    type_text(&mut state, "group eu");
    let effects = update(&mut state, key(KeyCode::Enter));
    let read = group_read(&effects).expect("the new group's lines are read");
    let asked: Vec<&str> = read.orgs.iter().map(|(org, _)| org.profile()).collect();
    assert_eq!(asked, ["initech", "acme"]);
    assert!(screen(&state).contains("group eu · 2 organisations"), "{}", screen(&state));

    // The exchanges' own groups are still what `:group replied` names.
    act(&mut state, ch(':'));
    type_text(&mut state, "group meeting-booked");
    act(&mut state, key(KeyCode::Enter));
    assert_eq!(
        state.panes.exchanges.query.group,
        Some(outreach_tui::api::ExchangeGroup::MeetingBooked)
    );
}

#[test]
fn the_auto_refresh_reads_the_lines_not_being_read_while_they_show() {
    let (mut state, read) = opened(80, 24);
    answer_lines(&mut state, &read);
    act(&mut state, ch('j'));
    let effects = update(&mut state, ch('r'));
    assert!(group_read(&effects).is_some());
    let effects = update(&mut state, Action::AutoRefresh);
    let again = group_read(&effects).expect("the refresh reads the lines");
    let asked: Vec<&str> = again.orgs.iter().map(|(org, _)| org.profile()).collect();
    assert_eq!(asked, ["acme", "initech"], "globex is being read already");
}

#[test]
fn a_pane_narrowed_to_shows_the_organisation_connected_and_backspace_comes_back_to_the_lines() {
    let (mut state, read) = opened(120, 30);
    answer_lines(&mut state, &read);
    // Narrowed to acme, the one connected: its own Meetings.
    act(&mut state, key(KeyCode::Enter));
    act(&mut state, ch('4'));
    let meetings = screen(&state);
    let bar = meetings.lines().last().unwrap_or_default();
    assert!(bar.contains("acme") && bar.contains("◂ group clients"), "{meetings}");
    let effects = update(&mut state, key(KeyCode::Backspace));
    assert!(group_read(&effects).is_some(), "{effects:?}");
    assert!(screen(&state).contains("group clients · 3 organisations"), "{}", screen(&state));
}

#[test]
fn a_click_chooses_a_line_and_a_second_click_narrows_to_it() {
    use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let click = |row| {
        Action::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 5,
            row,
            modifiers: KeyModifiers::NONE,
        })
    };
    let (mut state, read) = opened(80, 24);
    answer_lines(&mut state, &read);
    // Row 0 the tabs, 1 the title, 2 the heading: globex is the second line, row 4.
    act(&mut state, click(4));
    assert!(row_of(&state, "globex").starts_with("\"›"), "{}", screen(&state));
    let effects = update(&mut state, click(4));
    assert!(effects.contains(&Effect::SwitchProfile("globex".into())), "{effects:?}");
}

/// The first-start remark (old replies can be put away) speaks of one inbox: under the
/// group's lines it says nothing, and it is made once the dashboard shows that inbox alone.
#[test]
fn the_first_start_offer_waits_until_one_organisation_is_shown() {
    let later = now() + chrono::Duration::days(60);
    let mut ui = settings(Theme::monochrome());
    ui.group = Some(choice(&["acme", "globex"]));
    let mut state = AppState::new(ui, 120, 40, later);
    act(&mut state, Action::Connected(Ok(profile("acme"))));
    let scope = outreach_tui::local::Scope::new("acme", &work().base_url);
    let first_use = outreach_tui::api::Timestamp(later - chrono::Duration::hours(1));
    let marks = std::collections::HashMap::new();
    let loaded = outreach_tui::tui::inbox::jobs::LocalAnswer::Loaded { scope, first_use, marks };
    act(&mut state, Action::Local(loaded));
    assert!(state.org.store.exchanges.items().len() >= 5, "old replies enough to offer");
    let bar = screen(&state).lines().last().unwrap_or_default().to_string();
    assert_eq!(state.transient.notice, None, "nothing said under the lines: {bar}");
    assert!(!bar.contains("no news"), "{bar}");

    act(&mut state, key(KeyCode::Enter));
    let bar = screen(&state).lines().last().unwrap_or_default().to_string();
    assert!(bar.contains("replies with no news for 14+ days: ! then H"), "{bar}");
}

/// The panes' organisation (the group's first) still connecting, then failing to: the
/// group's lines show all the while, each as read, and the cursor moves on them — one
/// organisation that does not answer holds no other's line.
#[test]
fn the_lines_show_and_take_keys_while_the_first_organisation_connects_or_fails() {
    let mut ui = settings(Theme::monochrome());
    ui.group = Some(choice(&["acme", "globex", "initech"]));
    let mut state = AppState::new(ui, 80, 24, now());
    let read = group_read(&update(&mut state, Action::AutoRefresh)).expect("the lines are read");
    answer_lines(&mut state, &read);
    assert_eq!(numbers(&row_of(&state, "initech")), [0, 0, 7, 4, 2], "{}", screen(&state));
    act(&mut state, ch('j'));
    assert!(row_of(&state, "globex").starts_with("\"›"), "{}", screen(&state));

    let failure = outreach_tui::tui::model::ConnectFailure {
        profile: "acme".into(),
        message: "The server did not answer within 5 s.".into(),
        needs_key: false,
        base_url: None,
    };
    act(&mut state, Action::Connected(Err(failure)));
    act(&mut state, ch('j'));
    assert!(row_of(&state, "initech").starts_with("\"›"), "{}", screen(&state));
    assert_eq!(numbers(&row_of(&state, "acme")), [3, 1, 2, 1, 0], "{}", screen(&state));
}
