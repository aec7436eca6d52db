//! The reply inbox through `update`, with no terminal and no network: rows and snippets,
//! the category bar and its keys, new since the last look, triage keys, bulk actions and
//! undo, writes marking replies handled, and new replies announced. The local state is a
//! real one in memory; chains are the fixture's.

use crate::common;
use crate::tui_writes_support as support;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::api::{ExchangeStatus, Listed, ServerMessage, Timestamp};
use outreach_tui::config::{Loaded, parse};
use outreach_tui::inbox::snippet::summarise;
use outreach_tui::local::{LocalState, MarkBook, Scope};
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::inbox::jobs::{LocalAnswer, SnippetJob};
use outreach_tui::tui::keymap::Front;
use outreach_tui::tui::model::{Pane, Slot};
use outreach_tui::tui::resource::{Exchanges, loaded};
use outreach_tui::tui::state::UiSettings;
use outreach_tui::tui::state::{AppState, Overlay};
use outreach_tui::tui::submit::request::{WriteRequest, Written};
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use std::collections::HashMap;
use std::sync::Arc;

/// The dashboard's scope in these tests (profile `demo` on the fixture's base URL).
pub(crate) fn scope() -> Scope {
    Scope::new("demo", &info().base_url)
}

/// The zone of the tests' contacts and user.
pub(crate) fn utc() -> outreach_tui::clock::Zone {
    outreach_tui::clock::Zone::named("UTC").unwrap()
}

/// Runs `action` and every effect it leads to: fetches get fixture data, chains are read
/// from the fixture, the local state is `local`. Returns the effects `action` asked for,
/// and the bytes for the terminal (and the glances for the status line) that any of them
/// led to (an arrival is announced once its chain is read).
pub(crate) fn run(state: &mut AppState, local: &LocalState, action: Action) -> Vec<Effect> {
    let mut first = update(state, action);
    let mut queue = first.clone();
    let mut later_announced = Vec::new();
    while let Some(effect) = queue.pop() {
        let next = match effect {
            Effect::Fetch(fetch) => update(state, answer_for(&fetch)),
            Effect::LayOut(job) => update(state, laid_out(&job)),
            Effect::Local(job) => match job.perform(MarkBook::local(local)) {
                Some(answer) => update(state, Action::Local(answer)),
                None => Vec::new(),
            },
            Effect::Chains(job) => recalled(state, job),
            Effect::ReadChains(job) => {
                let read = (job.jobs.into_iter())
                    .map(|job| {
                        let snippet = summarise(&fixtures::chain(), &job.contact, &utc());
                        (job, Ok(snippet))
                    })
                    .collect();
                update(state, Action::ChainsRead { scope: job.scope, read })
            }
            Effect::ReadSnippet(job) => {
                let snippet = summarise(&fixtures::chain(), &job.contact, &utc());
                update(state, Action::SnippetRead { job, result: Ok(snippet) })
            }
            _ => Vec::new(),
        };
        // What the terminal or the status line is given, whichever answer led to it.
        let told = |e: &&Effect| matches!(e, Effect::Announce(_) | Effect::SaveGlance(_));
        later_announced.extend(next.iter().filter(told).cloned());
        queue.extend(next);
    }
    first.extend(later_announced);
    first
}

/// The Exchanges pane, its rows loaded, the local state answered: this profile was first
/// used at noon on 2024-05-05, so replies that moved after that are new.
pub(crate) fn inbox(local: &LocalState) -> AppState {
    inbox_announcing(local).0
}

/// [`inbox`], with the bytes for the terminal (bell, notifications) its loads asked for.
pub(crate) fn inbox_announcing(local: &LocalState) -> (AppState, String) {
    inbox_drawn_with(local, Theme::default())
}

/// [`inbox_announcing`], drawn with `theme`.
pub(crate) fn inbox_drawn_with(local: &LocalState, theme: Theme) -> (AppState, String) {
    let mut state = connected(120, 30, theme);
    let first_use = at("2024-05-05T12:00:00Z").unwrap();
    let mut effects = update(
        &mut state,
        Action::Local(LocalAnswer::Loaded {
            scope: scope(),
            first_use,
            marks: local.marks(&scope()).unwrap(),
        }),
    );
    effects.extend(run(&mut state, local, ch('3')));
    (state, announced(&effects))
}

/// The bytes for the terminal itself among `effects`, in order.
pub(crate) fn announced(effects: &[Effect]) -> String {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Announce(bytes) => Some(bytes.as_str()),
            _ => None,
        })
        .collect()
}

/// The ids of the listed rows, in order.
pub(crate) fn listed(state: &AppState) -> Vec<i64> {
    let items = state.org.store.exchanges.items();
    state.panes.exchanges.list.order().iter().map(|&i| items[i as usize].id).collect()
}

pub(crate) fn selected(state: &AppState) -> Option<i64> {
    state.panes.exchanges.list.selected_id()
}

fn snippet_jobs(effects: &[Effect]) -> Vec<SnippetJob> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::ReadSnippet(job) => Some(job.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn rows_are_replies_newest_first_with_category_snippet_who_and_age() {
    let local = LocalState::in_memory();
    let state = inbox(&local);
    assert_eq!(listed(&state), [101, 102, 103, 104, 105, 106, 107], "newest activity first");
    let screen = screen(&state);
    let row = screen.lines().find(|line| line.contains("Ann Smith")).unwrap();
    for text in
        ["Ann Smith · Acme", "Meeting", "Booked for Tuesday 10:00.", "bot", "2h", "Spring launch"]
    {
        assert!(row.contains(text), "{text} in {row}");
    }
    let header = screen.lines().find(|line| line.contains("│   Contact")).unwrap();
    let order: Vec<usize> =
        ["Contact", "Category", "Latest message", "Last", "Age", "Campaign", "Bot"]
            .iter()
            .map(|h| header.find(h).unwrap_or_else(|| panic!("{h} in {header}")))
            .collect();
    assert!(order.is_sorted(), "columns in the issue's order: {header}");
    let dana = screen.lines().find(|line| line.contains("Dana Lee")).unwrap();
    assert!(dana.contains("Waiting") && dana.contains("3d"), "{dana}");
}

#[test]
fn narrow_terminals_drop_the_bot_first_and_keep_marker_contact_and_category() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    run(&mut state, &local, Action::Resize { width: 50, height: 16 });
    let screen = screen(&state);
    let header = screen.lines().find(|line| line.contains("│   Contact")).unwrap();
    assert!(header.contains("Category") && !header.contains("Bot"), "{screen}");
    assert!(screen.contains("●"), "the new marker stays: {screen}");
}

#[test]
fn snippets_come_from_the_visible_rows_four_at_a_time_and_again_only_when_a_reply_moves() {
    let local = LocalState::in_memory();
    let mut state = connected(120, 30, Theme::default());
    // The hot reply's chain was asked for on the Overview already (who spoke last says
    // whether it waits on us).
    assert_eq!(state.org.inbox.reading.iter().copied().collect::<Vec<_>>(), [103]);
    let hot = fixtures::exchanges().into_iter().find(|e| e.id == 103).unwrap();
    let hot = SnippetJob {
        exchange_id: 103,
        updated_at: hot.updated_at,
        contact: hot.contact.email.clone(),
        zone: utc(),
    };
    // The pane opens and its list loads; the chains are not answered yet.
    let effects = update(&mut state, ch('3'));
    let mut asked = snippet_jobs(&effects);
    for effect in effects {
        if let Effect::Fetch(fetch) = effect {
            asked.extend(snippet_jobs(&update(&mut state, answer_for(&fetch))));
        }
    }
    let ids: Vec<i64> = asked.iter().map(|job| job.exchange_id).collect();
    assert_eq!(ids, [101, 102, 104], "the first rows, four at a time with the hot one");
    asked.insert(2, hot);
    assert!(snippet_jobs(&update(&mut state, ch('j'))).is_empty(), "no fifth while four are out");
    // One answer makes room for the next row; keys never wait for them.
    let job = asked[0].clone();
    let next = update(
        &mut state,
        Action::SnippetRead {
            job,
            result: Ok(summarise(&fixtures::chain(), "ann@acme.tech", &utc())),
        },
    );
    assert_eq!(snippet_jobs(&next).iter().map(|j| j.exchange_id).collect::<Vec<_>>(), [105]);
    assert!(screen(&state).contains("Booked for Tuesday"), "{}", screen(&state));
    // The others answered (and the rows after them read): a reload with the same
    // updated_at asks for nothing.
    for job in asked[1..].iter().chain(snippet_jobs(&next).iter()) {
        let result = Ok(summarise(&fixtures::chain(), &job.contact, &utc()));
        run(&mut state, &local, Action::SnippetRead { job: job.clone(), result });
    }
    assert!(state.org.inbox.reading.is_empty(), "{:?}", state.org.inbox.reading);
    assert_eq!(state.org.inbox.snippets.len(), 7);
    let again = run(&mut state, &local, ch('r'));
    assert!(snippet_jobs(&again).is_empty(), "cached: {again:?}");
    // Exchange 102 moved: its chain is read again, and only it.
    let mut moved = fixtures::exchanges();
    moved[1].updated_at = at("2024-05-08T11:00:00Z");
    let effects = update(&mut state, ch('r'));
    let fetch = effects.iter().find_map(|e| match e {
        Effect::Fetch(f) if f.slot == Slot::Exchanges => Some(f.clone()),
        _ => None,
    });
    let listed = Listed { items: Arc::from(moved), skipped: 0 };
    let effects = update(&mut state, loaded::<Exchanges>(fetch.unwrap().req_id, Ok(listed)));
    assert_eq!(snippet_jobs(&effects).iter().map(|j| j.exchange_id).collect::<Vec<_>>(), [102]);
}

#[test]
fn the_category_bar_counts_and_one_key_per_category_narrows_the_list() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    let bar = screen(&state).lines().nth(1).unwrap().to_string();
    for text in [
        "A all 7",
        "i Interested 1",
        "m Meeting 1",
        "N Not now 2",
        "w Waiting 1",
        "x Not interested 1",
        "X Unsubscribe 1",
    ] {
        assert!(bar.contains(text), "{text} in {bar}");
    }
    assert!(!bar.contains("Referral"), "empty categories are left out: {bar}");
    run(&mut state, &local, ch('N'));
    assert_eq!(listed(&state), [106, 107], "Not now: FOLLOWUP_LATER and NURTURING");
    run(&mut state, &local, ch('i'));
    assert_eq!(listed(&state), [103]);
    run(&mut state, &local, ch('R'));
    assert!(listed(&state).is_empty());
    assert!(screen(&state).contains("R Referral 0"), "the listed one shows even when empty");
    run(&mut state, &local, ch('A'));
    assert_eq!(listed(&state).len(), 7);
}

#[test]
fn other_statuses_are_one_shelf_shown_verbatim() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    let mut odd = fixtures::exchanges();
    odd[0].status = ExchangeStatus::Unknown("SOMETHING_NEW".into());
    let effects = update(&mut state, ch('r'));
    let fetch = effects.iter().find_map(|e| match e {
        Effect::Fetch(f) if f.slot == Slot::Exchanges => Some(f.clone()),
        _ => None,
    });
    let listed_odd = Listed { items: Arc::from(odd), skipped: 0 };
    run(&mut state, &local, loaded::<Exchanges>(fetch.unwrap().req_id, Ok(listed_odd)));
    run(&mut state, &local, ch('O'));
    assert_eq!(listed(&state), [101]);
    let screen = screen(&state);
    assert!(screen.contains("O Other 1") && screen.contains("SOMETHING_NEW"), "{screen}");
}

#[test]
fn new_replies_are_marked_counted_and_seen_once_opened_without_a_first_start_flood() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    let shown = screen(&state);
    assert!(shown.contains("3 Exchanges ·3 new"), "{shown}");
    let ann = shown.lines().find(|line| line.contains("Ann Smith")).unwrap();
    assert!(ann.contains("●"), "{ann}");
    let dana = shown.lines().find(|line| line.contains("Dana Lee")).unwrap();
    assert!(!dana.contains("●"), "older than the first start: seen. {dana}");
    // Opening Ann's chain makes it seen, here and in the local state.
    let effects = run(&mut state, &local, key(KeyCode::Enter));
    assert!(effects.iter().any(|e| matches!(e, Effect::Local(_))), "{effects:?}");
    run(&mut state, &local, key(KeyCode::Esc));
    assert!(screen(&state).contains("3 Exchanges ·2 new"), "{}", screen(&state));
    let marks = local.marks(&scope()).unwrap();
    assert_eq!(marks[&101].seen_updated_at, at("2024-05-08T09:15:00"));
    // The Overview counts them too.
    run(&mut state, &local, ch('1'));
    assert!(screen(&state).contains("Inbox: 2 new"), "{}", screen(&state));
    // A first start (first use now) floods nothing.
    let mut fresh = connected(120, 30, Theme::default());
    let first_use = Timestamp(now());
    update(
        &mut fresh,
        Action::Local(LocalAnswer::Loaded { scope: scope(), first_use, marks: HashMap::new() }),
    );
    run(&mut fresh, &local, ch('3'));
    assert!(!screen(&fresh).contains(" new"), "{}", screen(&fresh));
}

#[test]
fn e_marks_handled_hides_it_and_moves_on_and_z_undoes_it() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    assert_eq!(selected(&state), Some(101));
    run(&mut state, &local, ch('e'));
    assert_eq!(listed(&state), [102, 103, 104, 105, 106, 107], "handled ones are hidden");
    assert_eq!(selected(&state), Some(102), "on to the next unhandled");
    assert!(local.marks(&scope()).unwrap()[&101].handled, "kept on this machine");
    run(&mut state, &local, ch('z'));
    assert_eq!(listed(&state).len(), 7);
    assert!(!local.marks(&scope()).unwrap()[&101].handled);
    assert!(
        state.transient.toast.as_ref().unwrap().text.contains("Undone: 1 reply marked handled")
    );
}

/// What the core asks the user to give is named as the front end gives it: the key as
/// bound on the dashboard (remapped here), the word in the line mode.
#[test]
fn the_core_names_what_to_give_by_the_front_ends_key_or_word() {
    let said = |front: Front, undo: Option<char>| {
        let local = LocalState::in_memory();
        let mut state = inbox(&local);
        state.env.front = front;
        if let Some(undo) = undo {
            let config = format!("[keys]\nundo = \"{undo}\"\n");
            let (config, warnings) = parse(&config, std::path::Path::new("config.toml")).unwrap();
            let ui = UiSettings::from_config(&Loaded { config, path: None, warnings }, false);
            state.env.keymap = ui.keymap;
        }
        run(&mut state, &local, key(KeyCode::Enter));
        run(&mut state, &local, ch('e'));
        let toast = state.transient.toast.as_ref().map(|t| t.text.clone()).unwrap_or_default();
        let folds: Vec<String> = (state.panes.chain.iter())
            .flat_map(|chain| chain.layout.lines.iter())
            .map(|line| line.text.clone())
            .filter(|text| text.contains("shows them"))
            .collect();
        (toast, folds)
    };
    let (toast, _) = said(Front::Keys, Some('U'));
    assert_eq!(toast, "Ann Smith's reply marked handled (U undoes).");
    let (toast, folds) = said(Front::Words, None);
    assert_eq!(toast, "Ann Smith's reply marked handled (undo undoes).");
    assert!(folds.iter().all(|fold| fold.contains("(quotes shows them)")), "{folds:?}");
}

#[test]
fn e_in_an_open_chain_says_whose_reply_it_marked_and_z_there_undoes_it() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    run(&mut state, &local, key(KeyCode::Enter));
    assert!(state.panes.chain.is_some());
    run(&mut state, &local, ch('e'));
    assert!(local.marks(&scope()).unwrap()[&101].handled);
    let toast = state.transient.toast.as_ref().map(|t| t.text.clone()).unwrap_or_default();
    assert_eq!(toast, "Ann Smith's reply marked handled (z undoes).");
    run(&mut state, &local, ch('z'));
    assert!(!local.marks(&scope()).unwrap()[&101].handled, "z works inside the chain");
    assert!(state.panes.chain.is_some(), "the chain stays open");
}

#[test]
fn esc_clears_the_marks_and_help_says_so_with_the_keys_as_bound() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    run(&mut state, &local, ch(' '));
    run(&mut state, &local, ch(' '));
    assert_eq!(state.org.inbox.marked.len(), 2);
    run(&mut state, &local, key(KeyCode::Esc));
    assert!(state.org.inbox.marked.is_empty(), "Esc cleared the marks");
    assert_eq!(state.transient.notice.as_deref(), Some("Marks cleared (2 rows)."));
    run(&mut state, &local, ch('?'));
    let shown = screen(&state);
    assert!(shown.contains("mark: e d D act on the marked rows, Esc clears"), "{shown}");
}

#[test]
fn h_shows_handled_ones_where_e_skips_them_and_e_u_make_them_unhandled() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    run(&mut state, &local, ch('e'));
    run(&mut state, &local, ch('e'));
    run(&mut state, &local, ch('H'));
    assert_eq!(listed(&state).len(), 7, "H shows the handled ones");
    let screen_text = screen(&state);
    let ann = screen_text.lines().find(|line| line.contains("Ann Smith")).unwrap();
    assert!(ann.contains("✓"), "{ann}");
    // ] and [ jump over handled rows.
    run(&mut state, &local, ch('g'));
    run(&mut state, &local, ch(']'));
    assert_eq!(selected(&state), Some(103));
    run(&mut state, &local, ch('['));
    assert_eq!(state.transient.notice.as_deref(), Some("No more unhandled replies that way."));
    assert_eq!(selected(&state), Some(103));
    // e on a shown row moves to the next unhandled one; E and U undo the mark.
    run(&mut state, &local, ch('g'));
    run(&mut state, &local, ch('E'));
    assert!(!local.marks(&scope()).unwrap()[&101].handled);
    run(&mut state, &local, ch('j'));
    run(&mut state, &local, ch('U'));
    assert!(!local.marks(&scope()).unwrap()[&102].handled);
    run(&mut state, &local, ch('g'));
    run(&mut state, &local, ch('e'));
    assert_eq!(selected(&state), Some(102));
}

#[test]
fn space_and_v_mark_rows_and_e_asks_once_naming_the_count() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    run(&mut state, &local, ch(' '));
    assert_eq!(selected(&state), Some(102), "Space marks and moves down");
    run(&mut state, &local, ch('V'));
    run(&mut state, &local, ch('j'));
    run(&mut state, &local, ch('j'));
    run(&mut state, &local, ch('V'));
    assert_eq!(state.org.inbox.marked.iter().copied().collect::<Vec<_>>(), [101, 102, 103, 104]);
    let row = screen(&state).lines().find(|line| line.contains("Bob Jones")).unwrap().to_string();
    assert!(row.contains('+'), "marked rows are flagged: {row}");
    run(&mut state, &local, ch('e'));
    let Some(Overlay::Confirm(confirm)) = &state.transient.overlay else {
        panic!("{:?}", state.transient.overlay)
    };
    assert_eq!(confirm.lines[0], "Mark the 4 marked replies handled?");
    assert!(local.marks(&scope()).unwrap().values().all(|m| !m.handled), "nothing before yes");
    run(&mut state, &local, ch('y'));
    assert!(state.transient.overlay.is_none());
    assert_eq!(listed(&state), [105, 106, 107]);
    assert!(state.org.inbox.marked.is_empty());
    assert!(state.transient.toast.as_ref().unwrap().text.starts_with("4 replies marked handled"));
    run(&mut state, &local, ch('z'));
    assert_eq!(listed(&state).len(), 7, "z undoes all four");
}

#[test]
fn d_on_marked_rows_opens_one_form_naming_the_count_and_success_marks_them_handled() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    run(&mut state, &local, ch(' '));
    run(&mut state, &local, ch(' '));
    run(&mut state, &local, ch('d'));
    let form = support::form(&state);
    assert!(form.title.contains("2 marked replies"), "{}", form.title);
    assert_eq!(support::values(&state)[0], "ann@acme.tech, bob@globex.tech");
    run(&mut state, &local, support::ctrl('s'));
    let effects = run(&mut state, &local, ch('y'));
    let (req_id, write) = support::submitted(&effects);
    assert!(matches!(write, WriteRequest::DncEmails(ref emails) if emails.len() == 2), "{write:?}");
    assert!(!state.org.inbox.mark(101).is_some_and(|m| m.handled), "not before it succeeds");
    let ok = Written::Dnc(vec![ServerMessage { status: 200, message: None }]);
    run(&mut state, &local, Action::Written { req_id, result: Ok(ok) });
    let marks = local.marks(&scope()).unwrap();
    assert!(marks[&101].handled && marks[&102].handled, "{marks:?}");
    assert_eq!(listed(&state), [103, 104, 105, 106, 107]);
}

#[test]
fn a_failed_write_marks_nothing_handled() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    run(&mut state, &local, ch('c'));
    run(&mut state, &local, support::ctrl('s'));
    let effects = run(&mut state, &local, ch('y'));
    let submitted = support::submits(&effects);
    if let Some((req_id, _)) = submitted.first() {
        let error =
            outreach_tui::api::ApiError::Network { url: String::new(), reason: "down".into() };
        run(&mut state, &local, Action::Written { req_id: *req_id, result: Err(error) });
    }
    assert!(local.marks(&scope()).unwrap().values().all(|m| !m.handled));
    assert_eq!(listed(&state).len(), 7);
}

/// `chain` (Ann's reply first) read as exchange 101's snippet, her reply the latest message.
fn ann_replies_latest(state: &mut AppState, mut chain: Vec<outreach_tui::api::EmailMessage>) {
    chain[0].date = at("2024-05-09T00:00:00Z");
    let job = SnippetJob {
        exchange_id: 101,
        updated_at: at("2024-05-08T09:15:00"),
        contact: "ann@acme.tech".into(),
        zone: utc(),
    };
    update(
        state,
        Action::SnippetRead { job, result: Ok(summarise(&chain, "ann@acme.tech", &utc())) },
    );
}

#[test]
fn u_on_a_referral_offers_the_addresses_it_names_on_the_same_campaign_and_bot() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    // Ann's latest reply names two colleagues (and herself).
    let mut chain = fixtures::chain();
    chain[0].body.text = Some(
        "Hi,\nPlease write to Carl <carl@acme.tech> or li@acme.tech, not me (ann@acme.tech)."
            .into(),
    );
    ann_replies_latest(&mut state, chain);
    run(&mut state, &local, ch('u'));
    let form = support::form(&state);
    assert!(form.title.contains("Spring launch"), "the reply's campaign: {}", form.title);
    assert_eq!(support::values(&state)[0], "carl@acme.tech");
    assert!(form.note.as_deref().unwrap_or_default().contains("li@acme.tech"), "{:?}", form.note);
    run(&mut state, &local, support::ctrl('s'));
    let effects = run(&mut state, &local, ch('y'));
    if let Some((req_id, _)) = support::submits(&effects).first() {
        run(
            &mut state,
            &local,
            Action::Written { req_id: *req_id, result: Ok(Written::Uploaded { id: 9 }) },
        );
        assert!(local.marks(&scope()).unwrap()[&101].handled, "handled once added");
    } else {
        panic!("no write: {effects:?} {:?}", state.transient.overlay);
    }
}

#[test]
fn u_on_a_referral_that_copies_the_colleague_in_offers_the_cc_address() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    // As the simulator's referrals do: the text only says so, the colleague is in Cc.
    let mut chain = fixtures::chain();
    chain[0].body.text = Some("Hi,\nI'm not the right person; I've cc'd them.\nAnn".into());
    chain[0].cc = vec![serde_json::json!({"address": "revops@acme.tech", "name": "RevOps"})];
    ann_replies_latest(&mut state, chain);
    run(&mut state, &local, ch('u'));
    assert_eq!(support::values(&state)[0], "revops@acme.tech");
    let note = support::form(&state).note.clone().unwrap_or_default();
    assert!(note.contains("Cc"), "{note}");
}

#[test]
fn new_replies_arriving_on_a_reload_are_announced_with_a_toast_a_bell_and_a_notification() {
    let local = LocalState::in_memory();
    let (mut state, first) = inbox_announcing(&local);
    assert!(first.is_empty(), "the first load announces nothing");
    let mut later = fixtures::exchanges();
    later[3].updated_at = at("2024-05-08T11:50:00Z");
    later[3].status = ExchangeStatus::InfoInquiry;
    let effects = update(&mut state, Action::AutoRefresh);
    let fetch = effects.iter().find_map(|e| match e {
        Effect::Fetch(f) if f.slot == Slot::Exchanges => Some(f.clone()),
        _ => None,
    });
    assert_eq!(listed(&state).len(), 7, "the rows stay while it reloads");
    let listed_later = Listed { items: Arc::from(later), skipped: 0 };
    let effects =
        run(&mut state, &local, loaded::<Exchanges>(fetch.unwrap().req_id, Ok(listed_later)));
    let toast = &state.transient.toast.as_ref().unwrap().text;
    assert_eq!(toast, "1 new reply: Dana Lee (Interested)");
    let bytes = announced(&effects);
    assert!(bytes.starts_with('\u{7}'), "{bytes:?}");
    assert!(
        bytes.contains("\u{1b}]9;outreach: 1 new reply: Dana Lee (Interested)\u{1b}\\"),
        "{bytes:?}"
    );
    assert!(bytes.contains("\u{1b}]777;notify;outreach;1 new reply"), "{bytes:?}");
    assert!(screen(&state).contains("·4 new"), "{}", screen(&state));
}

#[test]
fn a_handled_reply_that_moves_comes_back_unhandled_and_stays_handled_until_then() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    assert_eq!(selected(&state), Some(101));
    run(&mut state, &local, ch('e'));
    assert!(!listed(&state).contains(&101), "handled ones are hidden");

    // A reload where nothing moved keeps it handled; one where the contact wrote again
    // brings it back, as a mail client brings back an archived thread.
    let reload = |state: &mut AppState, items: Vec<outreach_tui::api::Exchange>| {
        let effects = update(state, Action::AutoRefresh);
        assert!(!effects.is_empty(), "a reload starts");
        for effect in effects {
            match effect {
                Effect::Fetch(f) if f.slot == Slot::Exchanges => {
                    let answer = Listed { items: Arc::from(items.clone()), skipped: 0 };
                    run(state, &local, loaded::<Exchanges>(f.req_id, Ok(answer)));
                }
                Effect::Fetch(f) => drop(run(state, &local, answer_for(&f))),
                _ => {}
            }
        }
    };
    reload(&mut state, fixtures::exchanges());
    assert!(!listed(&state).contains(&101), "unchanged: still handled");

    let mut later = fixtures::exchanges();
    let moved = later.iter_mut().find(|e| e.id == 101).unwrap();
    moved.updated_at = at("2024-05-09T09:00:00Z");
    reload(&mut state, later.clone());
    assert!(listed(&state).contains(&101), "it moved: back in the inbox");

    // The mark on disk says the same to the next session and to `outreach replies`.
    let mark = local.marks(&scope()).unwrap()[&101];
    assert!(mark.handled && !mark.handled_at(at("2024-05-09T09:00:00Z")));
}

#[test]
fn the_auto_refresh_reloads_the_inbox_from_any_pane() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    run(&mut state, &local, ch('5'));
    let effects = update(&mut state, Action::AutoRefresh);
    let slots: Vec<Slot> = support::fetched(&effects);
    assert!(slots.contains(&Slot::Bots) && slots.contains(&Slot::Exchanges), "{slots:?}");
}

#[test]
fn speed_to_lead_on_the_overview_per_campaign_and_per_bot_on_enter() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    run(&mut state, &local, ch('1'));
    read_chains(&mut state, outreach_tui::inbox::Writer::Them);
    assert!(screen(&state).contains("1 hot reply waits, oldest 2d"), "{}", screen(&state));
    run(&mut state, &local, ch('k'));
    run(&mut state, &local, key(KeyCode::Enter));
    let shown = screen(&state);
    assert!(shown.contains("Speed to lead"), "{shown}");
    let campaign = shown.lines().find(|line| line.contains("Zoë's Ångström")).unwrap();
    assert!(campaign.contains("1") && campaign.contains("2d"), "{campaign}");
    assert!(shown.lines().any(|line| line.contains("Ada Bot") && line.contains("2d")), "{shown}");
    run(&mut state, &local, key(KeyCode::Esc));
    assert!(!screen(&state).contains("Speed to lead"));
    assert_eq!(state.panes.pane, Pane::Overview);
}

#[test]
fn the_triage_keys_can_be_rebound() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    let text = "[keys]\nhandle = \"ctrl-e\"\nshow_interested = \"I\"\n";
    let (config, warnings) = parse(text, std::path::Path::new("config.toml")).unwrap();
    let settings = UiSettings::from_config(&Loaded { config, path: None, warnings }, false);
    assert!(settings.notices.is_empty(), "{:?}", settings.notices);
    state.env.keymap = settings.keymap;
    run(&mut state, &local, ch('e'));
    assert_eq!(listed(&state).len(), 7, "e is no longer bound");
    run(&mut state, &local, support::ctrl('e'));
    assert_eq!(listed(&state).len(), 6);
    run(&mut state, &local, ch('I'));
    assert_eq!(listed(&state), [103]);
    assert!(screen(&state).contains("I Interested 1"), "the bar names the bound key");
}

#[test]
fn help_says_handled_is_kept_on_this_machine() {
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    run(&mut state, &local, ch('?'));
    let mut seen = String::new();
    for _ in 0..10 {
        seen.push_str(&screen(&state));
        run(&mut state, &local, key(KeyCode::PageDown));
    }
    assert!(seen.contains("is kept on this machine"), "{seen}");
    assert!(seen.contains("A i m R C N w x X O"), "one key per category: {seen}");
}

#[test]
fn with_a_team_store_help_says_the_team_sees_handled() {
    use outreach_tui::tui::inbox::team::{TeamView, Whose};
    let local = LocalState::in_memory();
    let mut state = inbox(&local);
    state.org.inbox.team = Some(TeamView::new("ann".into(), None, Whose::default()));
    run(&mut state, &local, ch('?'));
    let mut seen = String::new();
    for _ in 0..10 {
        seen.push_str(&screen(&state));
        run(&mut state, &local, key(KeyCode::PageDown));
    }
    assert!(seen.contains("is kept in the team store: the whole team sees it"), "{seen}");
    assert!(!seen.contains("kept on this machine"), "{seen}");
}

/// A running dashboard sees the marks another process sets (`outreach replies handle` from
/// a shell): a real state file, the mark written through a second connection, and the
/// dashboard's next one-second check reads it — no restart, no key.
#[test]
fn marks_set_by_another_process_reach_a_running_dashboard_within_a_tick() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.sqlite3");
    let (local, warning) = LocalState::open_at(&path);
    assert_eq!(warning, None);
    local.first_use_at(&scope(), at("2024-05-05T12:00:00Z").unwrap()).unwrap();
    let mut state = inbox(&local);
    state.org.inbox.hide_handled = true;
    let tick = |state: &mut AppState| {
        let later = state.env.now + chrono::TimeDelta::seconds(1);
        run(state, &local, Action::Tick(later))
    };
    tick(&mut state); // the first check reads the marks and remembers the file's version
    let first = listed(&state)[0];
    assert!(!state.org.inbox.mark(first).is_some_and(|m| m.handled));
    let quiet = tick(&mut state);
    assert!(quiet.iter().any(|e| matches!(e, Effect::Local(_))), "checked every second");
    assert!(listed(&state).contains(&first), "nothing changed: the row stays");

    // Another process — the CLI — marks it handled in the same file.
    let (cli, _) = LocalState::open_at(&path);
    cli.set_handled(&scope(), &[first], true).unwrap();
    drop(cli);
    tick(&mut state);
    assert!(state.org.inbox.mark(first).is_some_and(|m| m.handled), "the CLI's mark is seen");
    assert!(!listed(&state).contains(&first), "and the row is hidden as handled");

    // `r` reads them again too, whatever the check says; an unhandle comes back the same way.
    let (cli, _) = LocalState::open_at(&path);
    cli.set_handled(&scope(), &[first], false).unwrap();
    drop(cli);
    run(&mut state, &local, ch('r'));
    assert!(listed(&state).contains(&first), "unhandled elsewhere: listed again");
}

/// "Hot replies wait" counts only the conversations in which the contact spoke last. Who
/// did is read from the chain — on any pane, not only in the Exchanges list — and until it
/// is read the reply is told as being read (neither hidden nor counted as a guess).
#[test]
fn a_hot_reply_waits_only_when_the_contact_spoke_last_read_from_any_pane() {
    use outreach_tui::inbox::{Snippet, Writer};
    for (last, line) in
        [(Writer::Bot, "no hot reply waits"), (Writer::Them, "1 hot reply waits, oldest 2d")]
    {
        let mut state = connected(120, 30, Theme::default());
        assert_eq!(state.panes.pane, Pane::Overview);
        assert!(screen(&state).contains("hot replies: counting…"), "not read yet: told so");
        assert!(state.org.inbox.reading.contains(&103), "its chain is asked for on the Overview");
        let hot = fixtures::exchanges().into_iter().find(|e| e.id == 103).unwrap();
        let job = SnippetJob {
            exchange_id: 103,
            updated_at: hot.updated_at,
            contact: hot.contact.email.clone(),
            zone: utc(),
        };
        let snippet = Snippet {
            line: "Could you send the pricing?".into(),
            last,
            at: None,
            referrals: Vec::new(),
            away: None,
            back: None,
        };
        update(&mut state, Action::SnippetRead { job, result: Ok(Some(snippet)) });
        let shown = screen(&state);
        assert!(shown.contains(line), "{last:?} spoke last: {line}\n{shown}");
    }
}

/// An automatic absence notice is no reply waiting: it leaves "hot replies wait", and its row
/// says until when the contact is away instead of the notice's first line.
#[test]
fn an_absence_notice_waits_on_nobody_and_says_until_when() {
    use outreach_tui::absence::Absence;
    use outreach_tui::inbox::{Snippet, Writer};
    let mut state = connected(160, 30, Theme::default());
    let hot = fixtures::exchanges().into_iter().find(|e| e.id == 103).unwrap();
    let job = SnippetJob {
        exchange_id: 103,
        updated_at: hot.updated_at,
        contact: hot.contact.email.clone(),
        zone: utc(),
    };
    let until = chrono::NaiveDate::from_ymd_opt(2026, 12, 3);
    let back_on = chrono::NaiveDate::from_ymd_opt(2026, 12, 4).unwrap();
    let snippet = Snippet {
        line: "I am out of the office until 3 December.".into(),
        last: Writer::Away,
        at: None,
        referrals: Vec::new(),
        away: Some(Absence { until, back: Some(back_on), back_on }),
        back: at("2026-12-04T00:00:00Z"),
    };
    update(&mut state, Action::SnippetRead { job, result: Ok(Some(snippet)) });
    assert!(screen(&state).contains("no hot reply waits"), "{}", screen(&state));
    act(&mut state, ch('3'));
    let shown = screen(&state);
    let row = shown.lines().find(|line| line.contains("Away, back Fri 4 Dec"));
    assert!(row.is_some_and(|row| row.contains("away")), "{shown}");
}

/// Once the replies and their marks are known, the dashboard keeps the numbers of its inbox
/// line for the status line (`outreach status --format tmux`), counted as the Overview
/// counts them; the demo keeps none (its organisation is new every run).
#[test]
fn the_dashboard_keeps_its_inbox_numbers_for_the_status_line() {
    use outreach_tui::tui::model::ConnectionInfo;
    let local = LocalState::in_memory();
    let mut state = AppState::new(settings(Theme::default()), 120, 30, now());
    let work = ConnectionInfo {
        profile: "work".into(),
        key_source: outreach_tui::session::KeySource::Env,
        ..info()
    };
    run(&mut state, &local, Action::Connected(Ok(work.clone())));
    let scope = Scope::new("work", &work.base_url);
    let first_use = at("2024-05-05T12:00:00Z").unwrap();
    let loaded = Action::Local(LocalAnswer::Loaded { scope, first_use, marks: HashMap::new() });
    let effects = run(&mut state, &local, loaded);
    let saved: Vec<_> = effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::SaveGlance(glance) => Some(glance.clone()),
            _ => None,
        })
        .collect();
    let glance = saved.last().expect("a glance is kept once the replies loaded");
    assert_eq!(glance.profile, "work");
    let items = state.org.store.exchanges.items().to_vec();
    let speed = outreach_tui::inbox::speed_to_lead(&items, &state.org.inbox);
    let needs = state.org.needs(state.env.now, state.env.zone);
    assert!(glance.inbox.new > 0, "the fixture's replies moved after the first use");
    assert_eq!(
        (glance.inbox.new, glance.inbox.hot_waiting, glance.inbox.needs_you),
        (state.new_replies(), speed.all.count, needs.len()),
        "the Overview's numbers"
    );

    let mut demo = AppState::new(settings(Theme::default()), 120, 30, now());
    run(&mut demo, &local, Action::Connected(Ok(info())));
    let loaded = Action::Local(LocalAnswer::Loaded {
        scope: super::inbox::scope(),
        first_use,
        marks: HashMap::new(),
    });
    let effects = run(&mut demo, &local, loaded);
    assert!(
        !effects.iter().any(|effect| matches!(effect, Effect::SaveGlance(_))),
        "no demo glance"
    );
}
