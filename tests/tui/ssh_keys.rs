//! Over SSH and with the user's own tools, as `update` decides them (no terminal): `y`
//! copies, `o` opens or (over SSH) copies, `|` pages, `Ctrl-x Ctrl-e` edits a field,
//! `P` and `:profile` switch profile, and the palette remembers its lines per profile.

use crate::common;

use common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::model::Pane;
use outreach_tui::tui::outside::{Done, Job};
use outreach_tui::tui::state::{AppState, Connection, Overlay};
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;

fn state() -> AppState {
    connected(100, 30, Theme::default())
}

fn ctrl(c: char) -> Action {
    Action::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
}

fn jobs(effects: &[Effect]) -> Vec<Job> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Outside(job) => Some(job.clone()),
            _ => None,
        })
        .collect()
}

/// The one outside job among `effects`.
fn one_job(effects: &[Effect]) -> Job {
    let jobs = jobs(effects);
    let [job] = jobs.as_slice() else { panic!("one job expected: {jobs:?}") };
    job.clone()
}

fn toast(state: &AppState) -> String {
    state.transient.toast.as_ref().map(|t| t.text.clone()).unwrap_or_default()
}

fn open_chain(state: &mut AppState) {
    act(state, ch('3'));
    act(state, key(KeyCode::Enter));
    assert!(state.panes.chain.is_some(), "the chain is open");
}

#[test]
fn y_copies_the_selected_address_and_says_what() {
    let mut state = state();
    act(&mut state, ch('6'));
    let first = state.org.store.contacts.items()[0].email().to_string();
    let effects = update(&mut state, ch('y'));
    assert_eq!(jobs(&effects), [Job::Copy(first.clone())]);
    assert_eq!(toast(&state), format!("Copied address {first}"));
}

#[test]
fn y_in_a_chain_copies_it_then_a_number_copies_that_link() {
    let mut state = state();
    open_chain(&mut state);
    let effects = update(&mut state, ch('y'));
    let Job::Copy(text) = one_job(&effects) else { panic!() };
    assert!(text.contains("Spring launch") && text.contains("Tuesday works"), "{text}");
    assert!(toast(&state).starts_with("Copied the e-mail chain ("), "{}", toast(&state));
    assert!(toast(&state).contains("1, now copies the link"), "{}", toast(&state));

    // The chain opens at Ann's reply (message 2/3), whose bare URL is its one link.
    let effects = update(&mut state, ch('1'));
    assert_eq!(jobs(&effects), [Job::Copy("https://acme.test/calendar".into())]);
    assert_eq!(toast(&state), "Copied link [1]: https://acme.test/calendar");
    assert_eq!(state.panes.pane, Pane::Exchanges, "the digit did not switch panes");
    update(&mut state, ch('1'));
    assert_eq!(state.panes.pane, Pane::Overview, "only the key right after y is a link number");
}

#[test]
fn after_y_a_digit_is_a_link_number_even_past_the_links() {
    let mut state = state();
    open_chain(&mut state);
    update(&mut state, ch('y'));
    let effects = update(&mut state, ch('2'));
    assert!(jobs(&effects).is_empty(), "{effects:?}");
    assert_eq!(state.panes.pane, Pane::Exchanges, "2 after y is no pane");
    assert_eq!(state.transient.notice.as_deref(), Some("This message has no link [2]."));
    // Esc after y leaves the link unpicked and the chain open.
    update(&mut state, ch('y'));
    update(&mut state, key(KeyCode::Esc));
    assert!(state.panes.chain.is_some(), "the chain stays open");
}

#[test]
fn the_links_are_those_of_the_message_the_title_names() {
    use outreach_tui::tui::chain::LineKind;
    let mut state = state();
    open_chain(&mut state);
    let chain = state.panes.chain.as_ref().unwrap();
    let current = chain.current_message().unwrap();
    assert_eq!(current, 1, "the reply");
    assert_eq!(chain.layout.links[current], ["https://acme.test/calendar"]);
    assert_eq!(chain.layout.links[0], ["https://northwind.test/launch"]);
    // The list drawn under each message is the same list.
    let listed: Vec<&str> = chain
        .layout
        .lines
        .iter()
        .filter(|l| l.kind == LineKind::Link)
        .map(|l| l.text.as_str())
        .collect();
    assert_eq!(
        listed[..2],
        ["[1] https://northwind.test/launch", "[1] https://acme.test/calendar"]
    );
    let effects = update(&mut state, ch('o'));
    assert_eq!(jobs(&effects), [Job::Open("https://acme.test/calendar".into())]);
}

#[test]
fn a_reply_without_links_under_the_list_of_the_message_before_takes_that_list() {
    let mut state = state();
    open_chain(&mut state);
    let chain = state.panes.chain.as_mut().unwrap();
    // The reply says nothing with a link; the list of our pitch above it stays on screen.
    chain.layout.links[1].clear();
    let listed = chain.layout.lines.iter().position(|l| l.text == "[1] https://acme.test/calendar");
    chain.layout.lines.remove(listed.unwrap());
    // The end of the chain keeps the reply from the top line: the list above it shows.
    let list =
        chain.layout.lines.iter().position(|l| l.text == "[1] https://northwind.test/launch");
    chain.scroll = list.unwrap() - 1;
    assert_eq!(chain.current_message(), Some(1), "the title still names the reply");
    let shown = screen(&state);
    assert!(shown.contains("[1] https://northwind.test/launch"), "{shown}");
    // The numbers on screen are message 1's: the title says so, and so does `y 1`.
    assert!(shown.contains("message 2/"), "{shown}");
    assert!(shown.contains("links of message 1"), "{shown}");
    update(&mut state, ch('y'));
    update(&mut state, ch('1'));
    assert_eq!(toast(&state), "Copied link [1] of message 1: https://northwind.test/launch");
    let effects = update(&mut state, ch('o'));
    assert_eq!(jobs(&effects), [Job::Open("https://northwind.test/launch".into())]);
}

#[test]
fn a_link_past_the_ninth_is_reached_by_its_two_digits() {
    let mut state = state();
    open_chain(&mut state);
    let chain = state.panes.chain.as_mut().unwrap();
    let current = chain.current_message().unwrap();
    // Twelve more links in the message in view (it had one).
    chain.layout.links[current].extend((2..=13).map(|n| format!("https://northwind.test/{n}")));
    update(&mut state, ch('y'));
    assert!(toast(&state).contains("1–13, now copies"), "{}", toast(&state));
    assert!(jobs(&update(&mut state, ch('1'))).is_empty(), "1 could still be 10 to 13");
    let effects = update(&mut state, ch('2'));
    assert_eq!(jobs(&effects), [Job::Copy("https://northwind.test/12".into())]);

    update(&mut state, ch('y'));
    update(&mut state, ch('1'));
    let effects = update(&mut state, key(KeyCode::Enter));
    assert_eq!(jobs(&effects), [Job::Copy("https://acme.test/calendar".into())], "Enter: 1");

    update(&mut state, ch('y'));
    let effects = update(&mut state, ch('7'));
    assert_eq!(jobs(&effects), [Job::Copy("https://northwind.test/7".into())], "7 cannot go on");
}

#[test]
fn nothing_is_copied_when_osc52_is_off() {
    let mut state = state();
    state.outside.settings.copy = false;
    act(&mut state, ch('6'));
    assert!(jobs(&update(&mut state, ch('y'))).is_empty());
    assert!(toast(&state).starts_with("Nothing copied: OSC 52 is off"), "{}", toast(&state));
}

#[test]
fn o_opens_a_link_locally_and_copies_it_over_ssh_or_without_a_browser() {
    let mut state = state();
    open_chain(&mut state);
    let effects = update(&mut state, ch('o'));
    assert_eq!(jobs(&effects), [Job::Open("https://acme.test/calendar".into())]);
    assert_eq!(toast(&state), "Opening https://acme.test/calendar");

    // No browser could be started: the link is copied, and the toast says why.
    let failed = Done::OpenFailed {
        url: "https://acme.test/calendar".into(),
        reason: "No browser started ($BROWSER, xdg-open): No such file or directory".into(),
    };
    let effects = update(&mut state, Action::Outside(failed));
    assert_eq!(jobs(&effects), [Job::Copy("https://acme.test/calendar".into())]);
    assert!(toast(&state).contains("No such file or directory"), "{}", toast(&state));
    assert!(
        toast(&state).contains("copied the link instead: https://acme.test/calendar"),
        "{}",
        toast(&state)
    );

    state.outside.settings.over_ssh = true;
    let effects = update(&mut state, ch('o'));
    assert_eq!(jobs(&effects), [Job::Copy("https://acme.test/calendar".into())]);
    assert_eq!(
        toast(&state),
        "Over SSH: copied the link instead of opening it: https://acme.test/calendar"
    );
}

#[test]
fn o_on_a_meeting_opens_its_link() {
    let mut state = state();
    act(&mut state, ch('4'));
    let id = state.panes.meetings.list.selected_id().unwrap();
    let effects = update(&mut state, ch('o'));
    assert_eq!(jobs(&effects), [Job::Open(format!("https://meet.example/{id}"))]);
}

#[test]
fn the_pipe_pages_the_chain_or_the_selected_item() {
    let mut state = state();
    open_chain(&mut state);
    let effects = update(&mut state, ch('|'));
    let Job::Page(text) = one_job(&effects) else { panic!() };
    assert!(text.contains("Would a short call next week work?"), "{text}");
    assert!(effects.contains(&Effect::Repaint), "back from the pager, the screen is drawn whole");
    act(&mut state, Action::Outside(Done::Paged(Ok(()))));

    act(&mut state, key(KeyCode::Esc));
    act(&mut state, ch('6'));
    let email = state.org.store.contacts.items()[0].email().to_string();
    let Job::Page(text) = one_job(&update(&mut state, ch('|'))) else { panic!() };
    assert!(text.contains(&email), "{text}");

    state.outside.settings.html_viewer = Some("w3m -T text/html -dump".into());
    act(&mut state, ch('3'));
    act(&mut state, key(KeyCode::Enter));
    let jobs = jobs(&update(&mut state, ch('|')));
    assert!(
        matches!(&jobs[..], [Job::PageChain { converter, .. }] if converter == "w3m -T text/html -dump"),
        "{jobs:?}"
    );
}

#[test]
fn ctrl_x_ctrl_e_edits_the_field_and_a_failed_editor_loses_nothing() {
    let mut state = state();
    act(&mut state, ch('d'));
    type_text(&mut state, "a@x.com");
    act(&mut state, ctrl('x'));
    let effects = update(&mut state, ctrl('e'));
    let Job::Edit { req_id, text } = one_job(&effects) else { panic!() };
    assert_eq!(text, "a@x.com");

    let failed =
        Done::Edited { req_id, result: Err("The editor `vi` ended with exit status: 1".into()) };
    act(&mut state, Action::Outside(failed));
    let Some(Overlay::Form(form)) = &state.transient.overlay else { panic!("the form stays open") };
    assert_eq!(form.field_list()[form.focus].value(), "a@x.com", "nothing lost");
    assert!(toast(&state).contains("the field keeps what it had"), "{}", toast(&state));

    act(&mut state, ctrl('x'));
    let Job::Edit { req_id, .. } = one_job(&update(&mut state, ctrl('e'))) else { panic!() };
    let edited = Done::Edited { req_id, result: Ok("a@x.com\nb@y.org".into()) };
    act(&mut state, Action::Outside(edited));
    let Some(Overlay::Form(form)) = &state.transient.overlay else { panic!() };
    assert_eq!(form.field_list()[form.focus].value(), "a@x.com\nb@y.org");
}

#[test]
fn p_switches_to_the_next_profile_and_forgets_the_last_organisations_data() {
    let mut state = state();
    state.outside.settings.profiles = vec!["demo".into(), "acme".into()];
    act(&mut state, ch('6'));
    assert!(!state.org.store.contacts.items().is_empty());
    let effects = update(&mut state, ch('P'));
    assert!(effects.contains(&Effect::SwitchProfile("acme".into())), "{effects:?}");
    assert!(matches!(state.server.connection, Connection::Connecting));
    assert!(state.org.store.contacts.items().is_empty(), "no data of the last profile is shown");
    assert_eq!(toast(&state), "Switching to profile acme …");
    let acme = outreach_tui::tui::model::ConnectionInfo { profile: "acme".into(), ..info() };
    act(&mut state, Action::Connected(Ok(acme)));
    assert_eq!(toast(&state), "", "the switch landed: its announcement goes");

    act(&mut state, ch(':'));
    type_text(&mut state, "profile staging");
    let effects = update(&mut state, key(KeyCode::Enter));
    assert!(effects.contains(&Effect::SwitchProfile("staging".into())), "{effects:?}");
}

#[test]
fn the_palette_recalls_earlier_lines_per_profile_never_a_key() {
    let mut state = state();
    let mut kept = Vec::new();
    for line in ["contacts", "filter sk_live_0123456789abcdefghij", "bots"] {
        act(&mut state, ch(':'));
        type_text(&mut state, line);
        kept.extend(jobs(&update(&mut state, key(KeyCode::Enter))));
    }
    assert_eq!(
        kept,
        [
            Job::Remember { profile: "demo".into(), line: "contacts".into() },
            Job::Remember { profile: "demo".into(), line: "bots".into() },
        ],
        "kept for next time, the line with a key never"
    );
    act(&mut state, ch(':'));
    let typed = |state: &AppState| match &state.transient.overlay {
        Some(Overlay::Palette(p)) => p.input.value().to_string(),
        _ => panic!("the palette is open"),
    };
    act(&mut state, key(KeyCode::Up));
    assert_eq!(typed(&state), "bots");
    act(&mut state, key(KeyCode::Up));
    assert_eq!(typed(&state), "contacts", "the line with a key was never kept");
    act(&mut state, key(KeyCode::Down));
    act(&mut state, key(KeyCode::Down));
    assert_eq!(typed(&state), "", "past the newest, an empty line");
    act(&mut state, key(KeyCode::Esc));

    // Another profile has its own history.
    if let Connection::Ready(info) = &mut state.server.connection {
        info.profile = "acme".into();
    }
    act(&mut state, ch(':'));
    act(&mut state, key(KeyCode::Up));
    assert_eq!(typed(&state), "");
}

#[test]
fn after_y_a_picked_number_is_the_links_as_a_digit_is() {
    use outreach_tui::tui::command::Command;
    use outreach_tui::tui::intent::Intent;
    let mut state = state();
    open_chain(&mut state);
    update(&mut state, Action::Command(Command::Copy));
    let effects = update(&mut state, Action::Intent(Intent::Pick(0)));
    let said = toast(&state);
    assert!(said.starts_with("Copied link [1]"), "{said}");
    assert!(matches!(jobs(&effects)[..], [Job::Copy(ref url)] if url.starts_with("https://")));
    assert!(state.panes.chain.is_some(), "the pick took the link, not a row");
}
