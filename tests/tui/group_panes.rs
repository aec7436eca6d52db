//! The merged Meetings and Contacts of a group (either pane while the group is open, not
//! narrowed): each organisation's list read when the pane first shows, not before; every
//! organisation's rows with an ORG column; one that failed said above the rows with its own
//! retry while the others show; the filter; `Enter` narrowing to the row's organisation;
//! and a do-not-contact on a row going with that row's organisation's key only.

use crate::common;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::api::{Contact, Meeting, Person};
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::group::contacts::INLINE_CONTACTS;
use outreach_tui::tui::group::lists::{ListAnswer, ListRead, Rows, Wanted};
use outreach_tui::tui::group::read::{GroupAnswer, GroupRead, OrgRead};
use outreach_tui::tui::group::{GroupChoice, OrgId, OrgLine};
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::submit::request::WriteRequest;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;

const REFUSED: &str =
    "key refused (401) for profile globex: `outreach --profile globex auth login` stores a new key";

/// A dashboard on acme, globex and initech (initech read-only when asked), connected to
/// acme, every organisation's line read, on the Overview.
pub(crate) fn group(width: u16, height: u16, initech_read_only: bool) -> AppState {
    let (mut state, read) = group_connected(settings(Theme::monochrome()), width, height);
    answer_lines(&mut state, &read, initech_read_only);
    state
}

/// Every organisation's line read (initech's profile read-only when asked).
fn answer_lines(state: &mut AppState, read: &GroupRead, initech_read_only: bool) {
    for (org, req_id) in &read.orgs {
        let scope = outreach_tui::local::Scope::new(org.profile(), "http://127.0.0.1:1");
        let read_only = org.profile() == "initech" && initech_read_only;
        let (replies, campaigns, bots) = Default::default();
        let line = OrgLine::default();
        let team = None;
        let result = Ok(OrgRead { line, read_only, replies, scope, campaigns, bots, team });
        act(state, Action::GroupRead(GroupAnswer { org: org.clone(), req_id: *req_id, result }));
    }
}

/// The search of the merged contacts among `effects`, to run off the UI thread.
pub(crate) fn contact_search(
    effects: &[Effect],
) -> Option<std::sync::Arc<outreach_tui::tui::group::contacts::ContactSearch>> {
    effects.iter().find_map(|effect| match effect {
        Effect::SearchContacts(search) => Some(search.clone()),
        _ => None,
    })
}

/// The list reads among `effects`.
fn list_read(effects: &[Effect]) -> Option<ListRead> {
    effects.iter().find_map(|effect| match effect {
        Effect::ReadGroupLists(read) => Some(read.clone()),
        _ => None,
    })
}

/// Goes to `pane_key`'s pane and answers its lists' reads with `rows` (an error for globex).
pub(crate) fn show(state: &mut AppState, pane_key: char, rows: impl Fn(&str) -> Rows) -> ListRead {
    let effects = update(state, ch(pane_key));
    let read = list_read(&effects).expect("each organisation's list is read once it shows");
    answer(state, effects);
    answer_lists(state, &read, rows);
    read
}

fn answer_lists(state: &mut AppState, read: &ListRead, rows: impl Fn(&str) -> Rows) {
    for (org, req_id) in &read.orgs {
        let result = match org.profile() {
            "globex" => Err(REFUSED.to_string()),
            name => Ok(rows(name)),
        };
        let answer = ListAnswer { org: org.clone(), req_id: *req_id, result };
        act(state, Action::GroupListRead(answer));
    }
}

/// The writes among `effects`, each with the organisation whose key sends it; none may go
/// with the key of the organisation connected.
fn sent_for(effects: &[Effect]) -> Vec<(OrgId, WriteRequest)> {
    let sent = effects.iter().filter_map(|effect| match effect {
        Effect::SubmitFor { org, write, .. } => Some((org.clone(), write.clone())),
        Effect::Submit { .. } => panic!("sent with the connected key: {effects:?}"),
        _ => None,
    });
    sent.collect()
}

fn person(first: &str, last: &str) -> Option<Person> {
    let email = format!("{}@{}.example", first.to_lowercase(), last.to_lowercase());
    Some(Person { id: 1, email, first_name: first.into(), last_name: last.into() })
}

/// Acme's meetings and initech's interleave in time; acme's first is over.
pub(crate) fn meetings_of(org: &str) -> Rows {
    let meeting = |id, start: &str, first, last, summary: &str| Meeting {
        id,
        start: at(start),
        end: at(start),
        contact: person(first, last),
        summary: Some(summary.into()),
        ..Meeting::default()
    };
    Rows::Meetings(std::sync::Arc::new(match org {
        "acme" => vec![
            meeting(10, "2024-05-02T09:00:00Z", "Ed", "Old", "Acme kickoff"),
            meeting(11, "2024-05-09T09:00:00Z", "Ann", "Lee", "Acme demo"),
            meeting(12, "2024-05-13T09:00:00Z", "Bo", "Chan", "Acme pricing"),
        ],
        _ => vec![meeting(21, "2024-05-10T15:00:00Z", "Cy", "Ode", "Initech intro")],
    }))
}

/// The screen's lines that hold one of `names`, as those names, top down.
fn listed(state: &AppState, names: &[&str]) -> Vec<String> {
    let screen = screen(state);
    let found = screen.lines().filter_map(|line| names.iter().find(|name| line.contains(*name)));
    found.map(|name| name.to_string()).collect()
}

pub(crate) fn line_with(state: &AppState, text: &str) -> String {
    let screen = screen(state);
    let line = screen.lines().find(|line| line.contains(text));
    line.unwrap_or_else(|| panic!("no line with {text}:\n{screen}")).to_string()
}

#[test]
fn meetings_merge_every_organisation_soonest_first_with_its_org_and_a_failing_one_apart() {
    let mut state = group(100, 24, false);
    assert!(
        list_read(&update(&mut state, ch('2'))).is_none(),
        "no meeting is read before the Meetings show"
    );
    let read = show(&mut state, '4', meetings_of);
    assert!(matches!(read.wanted, Wanted::Meetings(_)), "{read:?}");
    let asked: Vec<&str> = read.orgs.iter().map(|(org, _)| org.profile()).collect();
    assert_eq!(asked, ["acme", "globex", "initech"], "every organisation, in the group's order");

    let screen = screen(&state);
    assert!(screen.contains("Meetings"), "{screen}");
    assert!(screen.contains("of group clients · 4 meetings"), "{screen}");
    assert!(screen.contains("Org"), "the ORG column: {screen}");
    let order = listed(&state, &["Acme kickoff", "Acme demo", "Initech intro", "Acme pricing"]);
    assert_eq!(order, ["Acme kickoff", "Acme demo", "Initech intro", "Acme pricing"], "{screen}");
    assert!(line_with(&state, "Acme kickoff").contains("held · Acme kickoff"), "{screen}");
    // The agenda opens at today, as one organisation's does.
    assert!(line_with(&state, "Acme demo").contains("› "), "{screen}");
    assert!(line_with(&state, "Initech intro").contains("initech"), "{screen}");
    assert!(line_with(&state, "Acme demo").contains("acme"), "{screen}");
    let globex = line_with(&state, "globex:");
    assert!(globex.contains("could not be read — r to retry (key refused (401)"), "{globex}");

    // `r` reads again the one that failed, and only it.
    let again = list_read(&update(&mut state, ch('r'))).expect("globex read again");
    let asked: Vec<&str> = again.orgs.iter().map(|(org, _)| org.profile()).collect();
    assert_eq!(asked, ["globex"]);
    assert!(screen_of(&state).contains("globex: being read again…"), "{}", screen_of(&state));

    // The filter: one organisation, or a word of the rows.
    act(&mut state, ch('/'));
    type_text(&mut state, "org:initech");
    act(&mut state, key(KeyCode::Enter));
    assert_eq!(listed(&state, &["Acme demo", "Initech intro", "Acme pricing"]), ["Initech intro"]);
    act(&mut state, key(KeyCode::Esc));
    act(&mut state, ch('/'));
    type_text(&mut state, "pricing");
    act(&mut state, key(KeyCode::Enter));
    assert_eq!(listed(&state, &["Acme demo", "Initech intro", "Acme pricing"]), ["Acme pricing"]);
}

fn screen_of(state: &AppState) -> String {
    screen(state)
}

#[test]
fn a_narrow_merged_agenda_keeps_each_days_date_beside_the_organisation() {
    let mut state = group(36, 16, false);
    show(&mut state, '4', meetings_of);
    let shown = screen(&state);
    let dated = shown.lines().filter(|line| line.contains("2024-05") && line.contains("acme"));
    assert!(dated.count() >= 2, "the day on the first meeting of each day: {shown}");
    assert!(shown.lines().any(|line| line.contains("initech")), "{shown}");
}

#[test]
fn a_click_chooses_the_merged_meeting_under_it_below_the_organisations_said_apart() {
    use crossterm::event::{MouseButton, MouseEventKind};
    let mut state = group(100, 24, false);
    show(&mut state, '4', meetings_of);
    assert!(screen(&state).contains("globex"), "globex said apart above the rows");
    let row_of = |state: &AppState, text: &str| {
        let screen = screen(state);
        let at = screen.lines().position(|line| line.contains(text));
        u16::try_from(at.unwrap_or_else(|| panic!("no {text}:\n{screen}"))).unwrap()
    };
    for summary in ["Initech intro", "Acme kickoff"] {
        let row = row_of(&state, summary);
        act(&mut state, mouse(MouseEventKind::Down(MouseButton::Left), row));
        let chosen = line_with(&state, "›");
        assert!(chosen.contains(summary), "{summary} chosen: {}", screen(&state));
    }
}

#[test]
fn enter_on_a_meeting_narrows_to_its_organisation_and_opens_it_there() {
    let mut state = group(100, 24, false);
    show(&mut state, '4', meetings_of);
    act(&mut state, ch('j'));
    let effects = update(&mut state, key(KeyCode::Enter));
    assert!(effects.contains(&Effect::SwitchProfile("initech".into())), "{effects:?}");
    assert_eq!(state.group.narrowed, Some(OrgId("initech".into())));
    assert_eq!(state.group.opening, Some((outreach_tui::tui::model::Pane::Meetings, 21)));
}

#[test]
fn a_do_not_contact_on_a_meeting_goes_with_its_organisations_key_and_never_a_read_only_one() {
    let mut state = group(100, 24, false);
    show(&mut state, '4', meetings_of);
    // Initech intro, the second row: Cy Ode.
    act(&mut state, ch('j'));
    act(&mut state, ch('d'));
    let asked = line_with(&state, "to do-not-contact?");
    assert!(asked.contains("initech: add Cy Ode <cy@ode.example>"), "named first: {asked}");
    let sent = sent_for(&update(&mut state, ch('y')));
    let email = "cy@ode.example".to_string();
    assert_eq!(sent, [(OrgId("initech".into()), WriteRequest::DncEmails(vec![email]))]);

    let mut state = group(100, 24, true);
    show(&mut state, '4', meetings_of);
    act(&mut state, ch('j'));
    let effects = update(&mut state, ch('D'));
    assert!(effects.is_empty(), "nothing asked or sent: {effects:?}");
    assert!(screen(&state).contains("Profile initech is read-only: nothing was sent"));
}

/// `count` contacts of an organisation, named after it.
pub(crate) fn contacts(org: &str, count: usize) -> Rows {
    let contact = |at: usize| {
        let email = format!("person{at}@{org}.example");
        let mut contact = Contact::new(at as i64 + 1, &email, &format!("P{at}"), org);
        contact.dnc = at == 0;
        contact
    };
    Rows::Contacts((0..count).map(contact).collect())
}

#[test]
fn contacts_merge_organisation_after_organisation_with_their_org_and_enter_narrows() {
    let mut state = group(100, 24, false);
    let meetings = list_read(&update(&mut state, ch('4'))).expect("the meetings read");
    assert!(matches!(meetings.wanted, Wanted::Meetings(_)), "no contact read for Meetings");
    let read = show(&mut state, '6', |org| contacts(org, 3));
    assert_eq!(read.wanted, Wanted::Contacts);
    let screen = screen(&state);
    assert!(screen.contains("Contacts of group clients · 6 contacts"), "{screen}");
    assert!(line_with(&state, "person0@acme.example").contains(" acme "), "{screen}");
    assert!(line_with(&state, "person2@initech.example").contains(" initech "), "{screen}");
    assert!(line_with(&state, "person0@acme.example").contains("DNC"), "{screen}");
    assert!(line_with(&state, "globex:").contains("could not be read"), "{screen}");
    // The last row, the sixth: initech's third.
    act(&mut state, key(KeyCode::End));
    let last = line_with(&state, "person2@initech.example");
    assert!(last.contains("› person2@initech"), "{}", screen_of(&state));

    // `Enter` narrows to its organisation, its Contacts, the contact opened there.
    let effects = update(&mut state, key(KeyCode::Enter));
    assert!(effects.contains(&Effect::SwitchProfile("initech".into())), "{effects:?}");
    assert_eq!(state.group.opening, Some((outreach_tui::tui::model::Pane::Contacts, 3)));
}

#[test]
fn a_large_groups_contacts_are_filtered_off_the_ui_thread_and_a_write_goes_to_the_rows_org() {
    let mut state = group(100, 24, false);
    let many = INLINE_CONTACTS;
    show(&mut state, '6', |org| contacts(org, many));
    assert!(screen(&state).contains(&format!("{} contacts", 2 * many)), "{}", screen(&state));
    act(&mut state, ch('/'));
    for c in "org:initech person12@".chars() {
        let effects = update(&mut state, ch(c));
        answer(&mut state, effects);
    }
    // The last letter: a search to run off the UI thread, the last rows shown meanwhile.
    let effects = update(&mut state, ch('i'));
    let search = contact_search(&effects).expect("searched off the UI thread");
    assert!(screen(&state).contains("searching…"), "{}", screen(&state));
    let found = search.perform().expect("the search wanted");
    act(&mut state, Action::ContactsFound(found));
    act(&mut state, key(KeyCode::Enter));
    let screen = screen(&state);
    assert!(screen.contains("· 1 contact ·"), "{screen}");
    assert!(line_with(&state, "person12@initech.example").contains(" initech "), "{screen}");

    act(&mut state, ch('d'));
    let asked = screen_of(&state);
    assert!(asked.contains("initech: add P12 initech"), "named first: {asked}");
    let sent = sent_for(&update(&mut state, ch('y')));
    let email = "person12@initech.example".to_string();
    assert_eq!(sent, [(OrgId("initech".into()), WriteRequest::DncEmails(vec![email]))]);
}

#[test]
fn a_new_range_and_the_auto_refresh_read_the_merged_meetings_again_the_contacts_only_on_r() {
    let mut state = group(100, 24, false);
    show(&mut state, '4', meetings_of);
    act(&mut state, ch('f'));
    assert!(screen(&state).contains("Meeting dates"), "{}", screen(&state));
    let again = list_read(&update(&mut state, key(KeyCode::Enter))).expect("read in the range");
    assert!(matches!(again.wanted, Wanted::Meetings(_)), "{again:?}");
    assert_eq!(again.orgs.len(), 3, "every organisation: {again:?}");
    answer_lists(&mut state, &again, meetings_of);
    let refreshed = list_read(&update(&mut state, Action::AutoRefresh)).expect("refreshed");
    assert!(matches!(refreshed.wanted, Wanted::Meetings(_)), "{refreshed:?}");

    show(&mut state, '6', |org| contacts(org, 2));
    assert!(list_read(&update(&mut state, Action::AutoRefresh)).is_none(), "contacts stay");
    let again = list_read(&update(&mut state, ch('r'))).expect("r reads the failed one");
    let asked: Vec<&str> = again.orgs.iter().map(|(org, _)| org.profile()).collect();
    assert_eq!((again.wanted, asked), (Wanted::Contacts, vec!["globex"]));
}

#[test]
fn the_merged_lists_are_read_with_each_organisations_key_even_when_the_one_connected_fails() {
    let mut ui = settings(Theme::monochrome());
    ui.group = Some(GroupChoice {
        name: Some("clients".into()),
        profiles: vec!["acme".into(), "globex".into(), "initech".into()],
        ..GroupChoice::default()
    });
    let mut state = AppState::new(ui, 100, 24, now());
    let failure = outreach_tui::tui::model::ConnectFailure {
        profile: "acme".into(),
        message: "The server did not answer within 5 s.".into(),
        needs_key: false,
        base_url: None,
    };
    let lines = group_read(&update(&mut state, Action::Connected(Err(failure))));
    answer_lines(&mut state, &lines.expect("the lines are read"), false);
    let read = list_read(&update(&mut state, ch('6'))).expect("read though acme failed");
    assert_eq!(read.orgs.len(), 3, "{read:?}");
    answer_lists(&mut state, &read, |org| contacts(org, 2));
    assert!(line_with(&state, "person1@initech.example").contains(" initech "));

    // A contact on the list already: nothing asked, nothing sent.
    let effects = update(&mut state, ch('d'));
    assert!(effects.is_empty(), "{effects:?}");
    let said = state.transient.notice.clone().unwrap_or_default();
    assert!(
        said.contains("person0@acme.example is on acme's do-not-contact list already"),
        "{said}"
    );
}
