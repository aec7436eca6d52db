//! The merged inbox of a group (Exchanges while the group is open, not narrowed): every
//! organisation's replies in one list with an ORG column, newest first across them, the
//! filter's `org:NAME` and plain words, an organisation that failed said above the rows
//! with its retry, and each write on a row acting with that row's organisation — its marks,
//! its key, its read-only flag — after a question naming it first.

use crate::common;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::api::{Exchange, ExchangeStatus, Party};
use outreach_tui::local::Scope;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::group::read::{GroupAnswer, OrgRead};
use outreach_tui::tui::group::{OrgId, OrgLine, OrgReply, TeamPeople};
use outreach_tui::tui::inbox::jobs::LocalJob;
use outreach_tui::tui::model::ConnectionInfo;
use outreach_tui::tui::model::Slot;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::submit::request::WriteRequest;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;

const REFUSED: &str =
    "key refused (401) for profile globex: `outreach --profile globex auth login` stores a new key";

pub(crate) fn scope(org: &str) -> Scope {
    Scope::new(org, &format!("http://{org}.example"))
}

pub(crate) fn reply(id: i64, contact: &str, status: ExchangeStatus, updated: &str) -> OrgReply {
    let email = format!("{}@x.example", contact.to_lowercase().replace(' ', "."));
    let (first_name, last_name) = contact.split_once(' ').unwrap_or((contact, ""));
    let exchange = Exchange {
        id,
        campaign_id: 5,
        status,
        updated_at: at(updated),
        contact: Party {
            id: id + 1000,
            email,
            first_name: first_name.into(),
            last_name: last_name.into(),
            organisation: String::new(),
        },
        bot: Party { email: "sdr@x.example".into(), first_name: "Sam".into(), ..Party::default() },
        ..Exchange::default()
    };
    OrgReply {
        exchange,
        campaign: Some("Spring launch".into()),
        new: true,
        handled: false,
        snoozed_until: None,
        snippet: None,
        team: None,
    }
}

/// Acme's replies and initech's interleave in time; globex's key is refused.
fn replies_of(org: &str) -> Vec<OrgReply> {
    match org {
        "acme" => vec![
            reply(101, "Ann Lee", ExchangeStatus::SchedulingMeeting, "2024-05-08T11:00:00Z"),
            reply(102, "Bo Chan", ExchangeStatus::FollowupLater, "2024-05-06T09:00:00Z"),
        ],
        _ => vec![
            reply(1, "Cy Ode", ExchangeStatus::MeetingBooked, "2024-05-08T11:30:00Z"),
            reply(7, "Di Park", ExchangeStatus::ProvidedReferral, "2024-05-07T10:00:00Z"),
        ],
    }
}

/// Acme's "Spring launch" (pending) and initech's "Autumn push" (active), created a day
/// apart.
fn campaigns_of(org: &str) -> Vec<outreach_tui::api::Campaign> {
    use outreach_tui::api::{Campaign, CampaignStatus};
    let campaign = |id, name: &str, status, created: &str| Campaign {
        id,
        name: name.into(),
        status,
        created_at: at(created),
        ..Campaign::default()
    };
    match org {
        "acme" => {
            vec![campaign(5, "Spring launch", CampaignStatus::Pending, "2024-05-01T09:00:00Z")]
        }
        _ => vec![campaign(5, "Autumn push", CampaignStatus::Active, "2024-05-02T09:00:00Z")],
    }
}

/// A dashboard on acme, globex and initech (initech read-only when asked), connected to
/// acme, every organisation answered, on the Exchanges pane.
pub(crate) fn merged(width: u16, height: u16, initech_read_only: bool) -> AppState {
    merged_with(settings(Theme::monochrome()), width, height, initech_read_only)
}

/// [`merged`] with these settings.
fn merged_with(
    ui: outreach_tui::tui::state::UiSettings,
    width: u16,
    height: u16,
    initech_read_only: bool,
) -> AppState {
    merged_of(ui, width, height, initech_read_only, replies_of)
}

/// [`merged`] 120 wide, each organisation with these replies.
pub(crate) fn merged_replies(replies_of: fn(&str) -> Vec<OrgReply>) -> AppState {
    merged_of(settings(Theme::monochrome()), 120, 24, false, replies_of)
}

fn merged_of(
    ui: outreach_tui::tui::state::UiSettings,
    width: u16,
    height: u16,
    initech_read_only: bool,
    replies_of: fn(&str) -> Vec<OrgReply>,
) -> AppState {
    let (mut state, read) = group_connected(ui, width, height);
    for (org, req_id) in &read.orgs {
        let result = match org.profile() {
            "globex" => Err(REFUSED.to_string()),
            name => Ok(OrgRead {
                line: OrgLine::default(),
                read_only: name == "initech" && initech_read_only,
                replies: replies_of(name).into(),
                scope: scope(name),
                campaigns: std::sync::Arc::new(campaigns_of(name)),
                bots: std::sync::Arc::new(vec![outreach_tui::api::Bot {
                    id: 9,
                    email: format!("sdr@{name}.example"),
                    ..Default::default()
                }]),
                // Acme's marks are shared with a team store: Ann (me) and Bob.
                team: (name == "acme").then(|| TeamPeople {
                    me: "ann".into(),
                    people: vec!["ann".into(), "bob".into()],
                }),
            }),
        };
        act(
            &mut state,
            Action::GroupRead(GroupAnswer { org: org.clone(), req_id: *req_id, result }),
        );
    }
    act(&mut state, ch('3'));
    state
}

/// The rows of the list as drawn: the lines from the heading's on.
pub(crate) fn rows(state: &AppState) -> Vec<String> {
    let screen = screen(state);
    let lines: Vec<&str> = screen.lines().collect();
    let heading = lines.iter().position(|line| line.contains("Category")).expect(&screen);
    let whose = |line: &&&str| ["acme", "initech"].iter().any(|org| line.contains(org));
    let list = lines[heading + 1..].iter().take_while(whose);
    list.map(|line| line.to_string()).collect()
}

pub(crate) fn contacts(state: &AppState) -> Vec<String> {
    let names = ["Ann Lee", "Bo Chan", "Cy Ode", "Di Park"];
    rows(state)
        .iter()
        .filter_map(|row| names.iter().find(|name| row.contains(*name)).map(|s| s.to_string()))
        .collect()
}

#[test]
fn exchanges_merge_every_organisation_newest_first_with_its_org_and_a_failing_one_apart() {
    let state = merged(100, 24, false);
    let shown = screen(&state);
    assert!(shown.contains("Replies of group clients · 4 replies"), "{shown}");
    assert_eq!(contacts(&state), ["Cy Ode", "Ann Lee", "Di Park", "Bo Chan"], "{shown}");
    let rows = rows(&state);
    assert!(rows[0].contains("initech") && rows[1].contains("acme"), "{shown}");
    assert!(rows[0].starts_with("\"› "), "the cursor on the newest: {shown}");
    assert!(
        shown.contains("globex: could not be read — r to retry (key refused (401)"),
        "a failing organisation is said above the rows: {shown}"
    );
    insta::assert_snapshot!("group_inbox_100x24", shown);

    // Narrow, the e-mail and the campaign go first; narrower still, the category and the
    // age: whose a row is goes last.
    let shown = screen(&merged(46, 20, false));
    let heading = shown.lines().find(|line| line.contains("Contact")).unwrap_or_default();
    assert!(heading.contains("Org") && !heading.contains("Campaign"), "{shown}");
    let shown = screen(&merged(38, 20, false));
    let heading = shown.lines().find(|line| line.contains("Contact")).unwrap_or_default();
    assert!(heading.contains("Org") && !heading.contains("Category"), "{shown}");
    assert!(shown.contains("Cy Ode") && shown.contains("initech"), "{shown}");
}

/// The merged rows draw the single inbox's own columns, each asking its organisation's
/// facts: the snippet and who wrote last from its chains, and with a team store who
/// handled a reply or holds it.
#[test]
fn merged_rows_show_the_snippet_the_last_writer_and_the_team_as_the_single_inbox_does() {
    use outreach_tui::inbox::{Snippet, Writer};
    use outreach_tui::tui::group::TeamFacts;
    let mut state = merged(140, 24, false);
    let acme = state.group.orgs.iter_mut().find(|e| e.org.profile() == "acme").unwrap();
    let mut rows = acme.replies.to_vec();
    rows[0].snippet = Some(Snippet {
        line: "Could we talk on Thursday?".into(),
        last: Writer::Them,
        at: None,
        referrals: Vec::new(),
        away: None,
        back: None,
    });
    rows[0].team = Some(TeamFacts { handled_by: None, assigned_to: Some(Some("bob".into())) });
    rows[1].team = Some(TeamFacts::default());
    acme.replies = rows.into();
    act(&mut state, ch('j'));
    act(&mut state, ch('k'));
    let shown = screen(&state);
    let heading = shown.lines().find(|line| line.contains(" Org ")).unwrap_or_default();
    for column in ["Org", "Team", "Latest message", "Last"] {
        assert!(heading.contains(column), "{column}: {shown}");
    }
    let ann = shown.lines().find(|line| line.contains("Ann Lee")).unwrap_or_default();
    for cell in ["acme", "→ bob", "Could we talk on Thursday?", "them"] {
        assert!(ann.contains(cell), "{cell}: {shown}");
    }
    let cy = shown.lines().find(|line| line.contains("Cy Ode")).unwrap_or_default();
    assert!(cy.contains("initech") && cy.contains('…'), "its chain not read yet: {shown}");

    // Handled at once on Ann Lee's row (acme's marks go to its team store): the team column
    // says by me at once, as the team store will; undone, Bob's.
    act(&mut state, ch('j'));
    act(&mut state, ch('e'));
    act(&mut state, ch('H'));
    let ann = |state: &AppState| {
        let shown = screen(state);
        shown.lines().find(|line| line.contains("Ann Lee")).unwrap_or_default().to_string()
    };
    assert!(ann(&state).contains("✓ you"), "{}", screen(&state));
    act(&mut state, ch('z'));
    assert!(ann(&state).contains("→ bob"), "{}", screen(&state));

    // No organisation with a team store: no team column, as in the single inbox.
    let shown = screen(&merged(140, 24, false));
    let heading = shown.lines().find(|line| line.contains(" Org ")).unwrap_or_default();
    assert!(!heading.contains("Team") && heading.contains("Latest message"), "{shown}");
}

/// The merged rows in view read their chains for their line, each with its own
/// organisation's key, as the single inbox's rows do; the line stays on the row when its
/// organisation is read again and the reply has not moved.
#[test]
fn merged_rows_in_view_read_their_lines_with_their_organisations_key_and_keep_them() {
    use outreach_tui::inbox::{Snippet, Writer};
    use outreach_tui::tui::inbox::jobs::SnippetJob;
    let mut state = merged(140, 24, false);
    let asked: Vec<(String, i64)> = (state.group.inbox.reading.iter())
        .map(|(org, id, _)| (org.profile().to_string(), *id))
        .collect();
    for row in [("initech", 1), ("acme", 101), ("initech", 7), ("acme", 102)] {
        assert!(asked.contains(&(row.0.to_string(), row.1)), "{row:?} asked: {asked:?}");
    }
    let snippet = Snippet {
        line: "Thursday at ten suits me.".into(),
        last: Writer::Them,
        at: None,
        referrals: Vec::new(),
        away: None,
        back: None,
    };
    let job = SnippetJob {
        exchange_id: 1,
        updated_at: at("2024-05-08T11:30:00Z"),
        contact: "cy.ode@x.example".into(),
        zone: state.env.zone,
    };
    let org = OrgId("initech".into());
    let effects = update(
        &mut state,
        Action::GroupSnippetRead { org: org.clone(), job, result: Ok(Some(snippet)) },
    );
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::ReadSnippetFor { job, .. } if job.exchange_id == 1)),
        "not asked again: {effects:?}"
    );
    let cy = |state: &AppState| {
        let shown = screen(state);
        shown.lines().find(|line| line.contains("Cy Ode")).unwrap_or_default().to_string()
    };
    assert!(cy(&state).contains("Thursday at ten suits me.") && cy(&state).contains("them"));

    // Initech read again: its rows come without the words, the row keeps them.
    let req_id = state.take_req_id();
    let initech = state.group.orgs.iter_mut().find(|e| e.org == org).unwrap();
    initech.reading = Some(req_id);
    let read = OrgRead {
        line: OrgLine::default(),
        read_only: false,
        replies: replies_of("initech").into(),
        scope: scope("initech"),
        campaigns: std::sync::Arc::new(campaigns_of("initech")),
        bots: Default::default(),
        team: None,
    };
    act(&mut state, Action::GroupRead(GroupAnswer { org, req_id, result: Ok(read) }));
    let initech = state.group.orgs.iter().find(|e| e.org.profile() == "initech").unwrap();
    assert!(initech.reading.is_none(), "the read was taken");
    assert!(cy(&state).contains("Thursday at ten suits me."), "{}", screen(&state));
}

/// The chain fetches among `effects`.
fn chain_fetches(effects: &[Effect]) -> Vec<outreach_tui::tui::action::Fetch> {
    let chains = fetches(effects).into_iter().filter(|fetch| fetch.slot == Slot::Chain);
    chains.cloned().collect()
}

/// The merged inbox at a size wide enough for the preview beside it.
fn previewing() -> AppState {
    let ui = outreach_tui::tui::state::UiSettings {
        preview: outreach_tui::config::Preview::Auto,
        ..settings(Theme::monochrome())
    };
    merged_with(ui, 200, 50, false)
}

/// The clock `ms` milliseconds after the tests' now.
fn tick(ms: i64) -> Action {
    Action::Tick(now() + chrono::Duration::milliseconds(ms))
}

/// At a wide size the merged inbox previews the chain of the row the cursor rests on, as
/// the single inbox does, read with that row's organisation's key and named by it; shown
/// long enough, the reply is seen in that organisation's marks.
#[test]
fn the_merged_inbox_previews_the_rows_chain_read_with_its_organisations_key() {
    let mut state = previewing();
    update(&mut state, tick(0));
    let asked = chain_fetches(&update(&mut state, tick(200)));
    assert_eq!(asked.len(), 1, "the newest row's chain, once the cursor rested");
    assert_eq!(asked[0].org, Some(OrgId("initech".into())), "read with initech's key");
    let effects = update(&mut state, answer_for(&asked[0]));
    answer(&mut state, effects);
    let shown = screen(&state);
    assert!(shown.contains("initech · #1 Cy Ode"), "the organisation names the chain: {shown}");
    assert!(shown.contains("Tuesday works"), "the chain beside the list: {shown}");
    let acme = state.group.orgs.iter().find(|e| e.org.profile() == "acme").unwrap();
    assert!(acme.replies.iter().all(|reply| reply.new), "nothing of acme's seen");

    // Acme's row: read with acme's key, not left showing initech's chain meanwhile.
    act(&mut state, ch('j'));
    assert!(!screen(&state).contains("Tuesday works"), "{}", screen(&state));
    update(&mut state, tick(300));
    let asked = chain_fetches(&update(&mut state, tick(600)));
    assert_eq!(
        asked.iter().map(|f| f.org.clone()).collect::<Vec<_>>(),
        [Some(OrgId("acme".into()))]
    );
    let effects = update(&mut state, answer_for(&asked[0]));
    answer(&mut state, effects);
    let effects = update(&mut state, tick(60_000));
    let seen = effects.iter().find_map(|effect| match effect {
        Effect::Local(LocalJob::MarkSeen(scope, ids)) => Some((scope.clone(), ids[0].0)),
        _ => None,
    });
    assert_eq!(seen, Some((scope("acme"), 101)), "seen in acme's marks: {effects:?}");

    // `p` turns it off here too.
    act(&mut state, ch('p'));
    assert_eq!(state.pane_layout().preview, None, "{}", screen(&state));
}

#[test]
fn the_filter_keeps_one_organisation_with_org_and_finds_an_org_by_a_plain_word() {
    let mut state = merged(100, 24, false);
    act(&mut state, ch('/'));
    type_text(&mut state, "org:acme");
    assert_eq!(contacts(&state), ["Ann Lee", "Bo Chan"], "{}", screen(&state));
    act(&mut state, key(KeyCode::Enter));
    assert!(screen(&state).contains("filter: org:acme"), "{}", screen(&state));
    act(&mut state, key(KeyCode::Esc));
    assert_eq!(contacts(&state).len(), 4, "Esc clears it: {}", screen(&state));

    act(&mut state, ch('/'));
    type_text(&mut state, "initech referral");
    assert_eq!(contacts(&state), ["Di Park"], "{}", screen(&state));
    act(&mut state, key(KeyCode::Esc));
    act(&mut state, ch('/'));
    type_text(&mut state, "nobody");
    assert!(screen(&state).contains("Nothing matches the filter"), "{}", screen(&state));
}

#[test]
fn handled_on_a_row_of_the_second_organisation_is_marked_at_once_in_its_marks() {
    let mut state = merged(100, 24, false);
    act(&mut state, ch('j'));
    act(&mut state, ch('j'));
    // Di Park, initech's reply 7: marked at once, as the single inbox marks, `z` undoing it.
    let marked = local_jobs(&update(&mut state, ch('e')));
    let updated = at("2024-05-07T10:00:00Z");
    assert_eq!(
        marked,
        [LocalJob::SetHandled(scope("initech"), vec![(7, updated)], true)],
        "initech's marks, not acme's (connected)"
    );
    assert_eq!(contacts(&state), ["Cy Ode", "Ann Lee", "Bo Chan"], "{}", screen(&state));
    let said = screen(&state);
    assert!(said.contains("initech: 1 reply marked handled (z undoes)."), "{said}");
    // Handled shown again, marked as such.
    act(&mut state, ch('H'));
    assert_eq!(contacts(&state).len(), 4);
    let di = rows(&state).into_iter().find(|row| row.contains("Di Park")).unwrap_or_default();
    assert!(di.contains('✓'), "{di}");
}

/// The local jobs among `effects`.
pub(crate) fn local_jobs(effects: &[Effect]) -> Vec<LocalJob> {
    let jobs = effects.iter().filter_map(|effect| match effect {
        Effect::Local(job) => Some(job.clone()),
        _ => None,
    });
    jobs.collect()
}

/// `z` undoes the last triage of a merged row in the marks of that row's organisation, as
/// the single inbox's `z` does: handled, then a snooze.
#[test]
fn z_undoes_the_last_merged_triage_in_its_rows_organisations_marks() {
    let mut state = merged(100, 24, false);
    act(&mut state, ch('j'));
    act(&mut state, ch('j'));
    // Di Park, initech's reply 7: handled, then undone.
    act(&mut state, ch('e'));
    act(&mut state, ch('y'));
    act(&mut state, ch('g'));
    let undone = local_jobs(&update(&mut state, ch('z')));
    let updated = at("2024-05-07T10:00:00Z");
    assert_eq!(undone, [LocalJob::SetHandled(scope("initech"), vec![(7, updated)], false)]);
    assert_eq!(contacts(&state), ["Cy Ode", "Ann Lee", "Di Park", "Bo Chan"]);
    let said = screen(&state);
    assert!(said.contains("initech: undone: 1 reply marked handled."), "{said}");
    act(&mut state, ch('z'));
    assert!(screen(&state).contains("Nothing to undo."), "{}", screen(&state));

    // Ann Lee, acme's reply 101: snoozed, then awake again in acme's marks.
    act(&mut state, ch('g'));
    act(&mut state, ch('j'));
    act(&mut state, ch('b'));
    act(&mut state, key(KeyCode::Enter));
    assert_eq!(contacts(&state), ["Cy Ode", "Di Park", "Bo Chan"], "{}", screen(&state));
    let undone = local_jobs(&update(&mut state, ch('z')));
    assert_eq!(undone, [LocalJob::SetSnoozed(scope("acme"), vec![101], None)]);
    assert_eq!(contacts(&state), ["Cy Ode", "Ann Lee", "Di Park", "Bo Chan"]);
}

#[test]
fn a_do_not_contact_on_a_row_is_sent_with_its_organisations_key_and_refused_if_read_only() {
    let mut state = merged(100, 24, false);
    // Cy Ode, initech's reply 1, the newest.
    act(&mut state, ch('d'));
    let asked = screen(&state);
    assert!(asked.contains("initech: add cy.ode@x.example to do-not-contact?"), "{asked}");
    let effects = update(&mut state, ch('y'));
    let sent: Vec<_> = effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::SubmitFor { org, write, .. } => Some((org.clone(), write.clone())),
            Effect::Submit { .. } => panic!("sent with the connected key: {effects:?}"),
            _ => None,
        })
        .collect();
    let email = "cy.ode@x.example".to_string();
    assert_eq!(sent, [(OrgId("initech".into()), WriteRequest::DncEmails(vec![email]))]);

    let mut state = merged(100, 24, true);
    let effects = update(&mut state, ch('d'));
    assert!(effects.is_empty(), "nothing asked or sent: {effects:?}");
    let said = screen(&state);
    assert!(said.contains("Profile initech is read-only: nothing was sent"), "{said}");
}

#[test]
fn a_snooze_on_a_row_goes_to_its_organisations_marks() {
    let mut state = merged(100, 24, false);
    act(&mut state, ch('j'));
    act(&mut state, ch('b'));
    assert!(screen(&state).contains("acme: snooze the reply from ann.lee@x.example"));
    let effects = update(&mut state, key(KeyCode::Enter));
    let snoozed = effects.iter().find_map(|effect| match effect {
        Effect::Local(LocalJob::SetSnoozed(scope, ids, until)) => Some((scope, ids, *until)),
        _ => None,
    });
    let (whose, ids, until) = snoozed.expect("snoozed in acme's marks");
    assert_eq!((whose, ids.as_slice()), (&scope("acme"), &[101][..]));
    assert!(until.is_some());
    assert_eq!(contacts(&state), ["Cy Ode", "Di Park", "Bo Chan"], "{}", screen(&state));
}

#[test]
fn enter_narrows_to_the_rows_organisation_and_other_inbox_keys_say_where_they_work() {
    let mut state = merged(100, 24, false);
    act(&mut state, ch('W'));
    assert!(screen(&state).contains("That works in one organisation's pane"));
    let effects = update(&mut state, key(KeyCode::Enter));
    assert!(effects.contains(&Effect::SwitchProfile("initech".into())), "{effects:?}");
    assert_eq!(state.group.narrowed, Some(OrgId("initech".into())));
    assert_eq!(state.group.inbox.opening, Some(1), "initech's reply 1, once its inbox came");
}

#[test]
fn the_help_says_how_the_merged_inbox_acts_and_a_click_chooses_then_opens_a_row() {
    use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let mut state = merged(100, 40, false);
    act(&mut state, ch('?'));
    let help = screen(&state);
    assert!(help.contains("Enter narrows the dashboard to the row's organisation"), "{help}");
    assert!(help.contains("e b d D c act with the row's organisation"), "{help}");
    assert!(help.contains("m i list one category of every"), "{help}");
    act(&mut state, key(KeyCode::Esc));

    let click = |row| {
        Action::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 10,
            row,
            modifiers: KeyModifiers::NONE,
        })
    };
    // Row 0 the tabs, 1 the title, 2 globex apart, 3 the heading: Ann Lee (acme) is row 5.
    act(&mut state, click(5));
    assert!(rows(&state)[1].starts_with("\"› "), "{}", screen(&state));
    // Acme is connected already: its inbox is read again, and the row opens once it comes.
    let effects = update(&mut state, click(5));
    assert!(!effects.iter().any(|e| matches!(e, Effect::SwitchProfile(_))), "{effects:?}");
    assert_eq!(state.group.narrowed, Some(OrgId("acme".into())));
    assert_eq!(state.group.inbox.opening, Some(101));
    answer(&mut state, effects);
    let chain = state.panes.chain.as_ref().map(|chain| chain.exchange.id);
    assert_eq!(chain, Some(101), "opened once acme's inbox came: {}", screen(&state));
    assert!(state.chain_open(), "{}", screen(&state));
}

#[test]
fn campaigns_merge_too_and_a_start_asks_naming_the_organisation_and_goes_with_its_key() {
    let mut state = merged(100, 24, false);
    act(&mut state, ch('2'));
    assert_eq!(state.group.narrowed, None, "Campaigns merge: still the group");
    let shown = screen(&state);
    assert!(shown.contains("Campaigns of group clients · 2 campaigns"), "{shown}");
    let lines: Vec<&str> = shown.lines().collect();
    let autumn = lines.iter().position(|l| l.contains("Autumn push") && l.contains("initech"));
    let spring = lines.iter().position(|l| l.contains("Spring launch") && l.contains("acme"));
    assert!(autumn < spring && spring.is_some(), "newest first, each with its org: {shown}");
    assert!(shown.contains("globex: could not be read"), "{shown}");

    act(&mut state, ch('j'));
    act(&mut state, ch('s'));
    let asked = screen(&state);
    assert!(asked.contains("Start 'Spring launch' for acme?"), "{asked}");
    let effects = update(&mut state, ch('y'));
    let sent = effects.iter().find_map(|effect| match effect {
        Effect::SubmitFor { org, write, .. } => Some((org.clone(), write.clone())),
        _ => None,
    });
    let start = WriteRequest::StartCampaign { campaign_id: 5 };
    assert_eq!(sent, Some((OrgId("acme".into()), start.clone())));
    let req_id = state.transient.submission.as_ref().map(|s| s.req_id).unwrap_or_default();
    let started = outreach_tui::api::ServerMessage { status: 200, message: None };
    let written = outreach_tui::tui::submit::request::Written::Started(started);
    let effects = update(&mut state, Action::Written { req_id, result: Ok(written) });
    let said = screen(&state);
    assert!(said.contains("acme: Started 'Spring launch'"), "named by its org's list: {said}");
    let again = group_read(&effects).expect("acme read again after the start");
    assert_eq!(again.orgs.iter().map(|(org, _)| org.profile()).collect::<Vec<_>>(), ["acme"]);

    // Initech read-only: refused at once, naming it.
    let mut state = merged(100, 24, true);
    act(&mut state, ch('2'));
    act(&mut state, ch('/'));
    type_text(&mut state, "autumn");
    act(&mut state, key(KeyCode::Enter));
    let effects = update(&mut state, ch('s'));
    assert!(effects.is_empty(), "{effects:?}");
    assert!(screen(&state).contains("Profile initech is read-only"), "{}", screen(&state));
    // Meetings merge too: the group stays open, narrowed to none.
    act(&mut state, ch('4'));
    assert_eq!(state.group.narrowed, None);
}

/// A click on a merged Campaigns or Bots row chooses it, a second one does what `Enter`
/// does, and the wheel moves through the rows, as on the merged inbox and the single panes.
#[test]
fn a_click_chooses_a_merged_campaign_or_bot_and_the_wheel_moves_through_them() {
    use crossterm::event::{MouseButton, MouseEventKind};
    let click = |row| mouse(MouseEventKind::Down(MouseButton::Left), row);
    let mut state = merged(100, 24, false);
    act(&mut state, ch('2'));
    // Row 0 the tabs, 1 the title, 2 globex apart, 3 the heading: Spring launch is row 5.
    act(&mut state, click(5));
    assert_eq!(state.group.campaigns.cursor, 1, "{}", screen(&state));
    act(&mut state, click(5));
    assert_eq!(state.group.narrowed, Some(OrgId("acme".into())), "Enter's narrowing");

    let mut state = merged(100, 24, false);
    act(&mut state, ch('5'));
    act(&mut state, mouse(MouseEventKind::ScrollDown, 5));
    assert_eq!(state.group.bots.cursor, 1, "{}", screen(&state));
    act(&mut state, mouse(MouseEventKind::ScrollUp, 5));
    assert_eq!(state.group.bots.cursor, 0);
    act(&mut state, click(5));
    assert_eq!(state.group.bots.cursor, 1, "{}", screen(&state));
    // Below the rows: nothing chosen, nothing opened.
    let effects = update(&mut state, click(12));
    assert!(effects.is_empty() && state.group.narrowed.is_none(), "{effects:?}");
}

/// The status bar's last line.
fn status_bar(state: &AppState) -> String {
    screen(state).lines().last().unwrap_or_default().to_string()
}

/// The status bar names the group while it shows, with the profile the panes are connected
/// to; narrowed, the organisation within the group.
#[test]
fn the_status_bar_names_the_group_and_the_connected_profile_then_the_organisation_narrowed_to() {
    let mut state = merged(100, 24, false);
    let bar = status_bar(&state);
    assert!(bar.contains("group clients · 3 organisations │ acme"), "{bar}");
    act(&mut state, ch('j'));
    // Enter on acme's row: narrowed to the organisation connected.
    act(&mut state, key(KeyCode::Enter));
    let bar = status_bar(&state);
    assert!(bar.starts_with("\" acme") && bar.contains("◂ group clients"), "{bar}");
    assert!(!bar.contains("organisations"), "{bar}");

    // Narrowed to initech, before and once its profile is connected.
    let mut state = merged(100, 24, false);
    act(&mut state, key(KeyCode::Enter));
    let bar = status_bar(&state);
    assert!(bar.contains("group clients ▸ initech"), "{bar}");
    let connected = ConnectionInfo { profile: "initech".into(), ..work() };
    act(&mut state, Action::Connected(Ok(connected)));
    let bar = status_bar(&state);
    assert!(bar.starts_with("\" initech"), "named once connected: {bar}");
}

#[test]
fn bots_merge_with_their_org_and_enter_narrows_to_one_on_its_bots() {
    let mut state = merged(120, 24, false);
    act(&mut state, ch('5'));
    let shown = screen(&state);
    assert!(shown.contains("Bots of group clients · 2 bots"), "{shown}");
    for org in ["acme", "initech"] {
        let row = shown.lines().find(|l| l.contains(&format!("sdr@{org}.example")));
        assert!(row.is_some_and(|row| row.contains(&format!(" {org} "))), "{org}: {shown}");
    }
    act(&mut state, ch('/'));
    type_text(&mut state, "org:initech");
    act(&mut state, key(KeyCode::Enter));
    let effects = update(&mut state, key(KeyCode::Enter));
    assert!(effects.contains(&Effect::SwitchProfile("initech".into())), "{effects:?}");
    assert_eq!(state.group.narrowed, Some(OrgId("initech".into())));
    assert_eq!(state.panes.pane, outreach_tui::tui::model::Pane::Bots);
}

/// A category's key lists that category of every organisation, as the single inbox's does;
/// `A` lists all again.
#[test]
fn a_category_key_lists_that_category_of_every_organisation_and_a_lists_all_again() {
    let mut state = merged(100, 24, false);
    act(&mut state, ch('j'));
    act(&mut state, ch('R'));
    let shown = screen(&state);
    assert!(shown.contains("Referral replies of group clients · 1 reply"), "{shown}");
    assert_eq!(contacts(&state), ["Di Park"], "{shown}");
    let cursor = shown.lines().find(|line| line.contains("› ")).unwrap_or_default();
    assert!(cursor.contains("Di Park"), "the cursor on the first: {shown}");
    act(&mut state, ch('A'));
    let shown = screen(&state);
    assert!(shown.contains("Replies of group clients · 4 replies"), "{shown}");
    assert_eq!(contacts(&state), ["Cy Ode", "Ann Lee", "Di Park", "Bo Chan"]);
}

/// At 50 columns the group's words shorten, so a notice's reason is read.
#[test]
fn at_fifty_columns_the_group_shortens_so_a_notices_reason_is_read() {
    let mut state = merged(50, 16, false);
    // Cy Ode, initech's: initech has no team store.
    act(&mut state, ch('M'));
    let bar = status_bar(&state);
    assert!(bar.contains(" clients ·3 │ initech has no team store"), "{bar}");
}

/// A merged reply's preview says the contact's time, from its own organisation's contacts
/// once the merged Contacts read them, as the single preview does from the contacts.
#[test]
fn the_merged_preview_says_the_contacts_time_from_its_organisations_contacts() {
    let mut state = previewing();
    // Cy Ode (initech's reply 1, its contact 1001) lives in Tokyo, as initech's contacts say.
    let mut cy = outreach_tui::api::Contact::new(1001, "cy.ode@x.example", "Cy", "Ode");
    cy.timezone = Some("Asia/Tokyo".into());
    let initech = state.group.orgs.iter_mut().find(|e| e.org.profile() == "initech").unwrap();
    initech.contacts.rows = std::sync::Arc::from([cy]);
    initech.contacts.read = true;
    update(&mut state, tick(0));
    let asked = chain_fetches(&update(&mut state, tick(200)));
    let effects = update(&mut state, answer_for(&asked[0]));
    answer(&mut state, effects);
    // Tokyo keeps no summer time: nine hours ahead all year.
    let nine = chrono::FixedOffset::east_opt(9 * 3600).unwrap();
    let tokyo = now().with_timezone(&nine).format("%H:%M, %a").to_string();
    let shown = screen(&state);
    assert!(shown.contains(&format!("their time {tokyo}")), "{shown}");
}
