//! The dashboard observes as `outreach watch` does: two refreshes in which a bot changed
//! leave its transition in the observed state (a real SQLite file in a temporary
//! directory), the bot detail shows the timeline and uptime read from it, a hook runs once
//! for an event that a dashboard and a watch both see (the claim decides), and a failing
//! hook is said in the status bar. Hooks are real `sh` commands.

use crate::common;

use common::fixtures;
use common::*;
use outreach_tui::api::{Bot, Exchange, Listed, MailboxStatus, Party};
use outreach_tui::config::HooksConfig;
use outreach_tui::local::{LATEST, LocalState, MarkBook, ObservedState};
use outreach_tui::needs::{Inputs, ReplyFacts};
use outreach_tui::observe::{Lists, Observer};
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::inbox::held::Held;
use outreach_tui::tui::model::{Detail, Pane, Slot};
use outreach_tui::tui::observe::{Looker, ObserveAnswer, ObserveJob};
use outreach_tui::tui::org_now::OrgNow;
use outreach_tui::tui::resource::{Bots, loaded};
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The observed state's file in `dir`, opened as one process opens it.
fn observed_in(dir: &Path) -> Arc<ObservedState> {
    let (state, warning) = ObservedState::open_at(&dir.join("observed.sqlite3"));
    assert!(warning.is_none(), "{warning:?}");
    assert!(state.path().is_some(), "on file");
    Arc::new(state)
}

/// `[hooks]` with one command for new replies.
fn reply_hook(command: String) -> HooksConfig {
    HooksConfig {
        commands: BTreeMap::from([("reply_received".to_string(), command)]),
        timeout: Duration::from_secs(20),
        include_text: false,
    }
}

/// A dashboard with its runner's observing part played in the test: fetches answered with
/// the fixture (the bots as `bots` says), marks in memory, looks and history reads against
/// a real observed state.
struct Dashboard {
    state: AppState,
    marks: LocalState,
    observed: Arc<ObservedState>,
    looker: Looker,
    hooks: HooksConfig,
    bots: Vec<Bot>,
    looks: usize,
}

impl Dashboard {
    fn new(observed: Arc<ObservedState>, hooks: HooksConfig) -> Dashboard {
        Dashboard {
            state: AppState::new(settings(Theme::default()), 120, 90, now()),
            marks: LocalState::in_memory(),
            observed,
            looker: Looker::default(),
            hooks,
            bots: fixtures::bots(),
            looks: 0,
        }
    }

    /// Applies `action` and performs every effect it leads to.
    fn run(&mut self, action: Action) {
        let mut queue = update(&mut self.state, action);
        while let Some(effect) = queue.pop() {
            let answers: Vec<Action> = match effect {
                Effect::Fetch(fetch) if fetch.slot == Slot::Bots => {
                    let bots = Listed { items: Arc::new(self.bots.clone()), skipped: 0 };
                    vec![loaded::<Bots>(fetch.req_id, Ok(bots))]
                }
                Effect::Fetch(fetch) => vec![answer_for(&fetch)],
                Effect::Local(job) => job
                    .perform(MarkBook::local(&self.marks))
                    .map(Action::Local)
                    .into_iter()
                    .collect(),
                Effect::Observe(job) => {
                    self.looks += 1;
                    let mut told = Vec::new();
                    let read = |_: Vec<i64>| Default::default();
                    self.looker.look(&job, &self.observed, &self.hooks, &read, &mut |answer| {
                        told.push(Action::Observed(answer));
                    });
                    told
                }
                Effect::ReadBotHistory(job) => vec![Action::Observed(job.perform(&self.observed))],
                Effect::LayOut(job) => vec![laid_out(&job)],
                _ => Vec::new(),
            };
            for answer in answers {
                queue.extend(update(&mut self.state, answer));
            }
        }
    }

    /// The clock moves on `minutes`, then the auto-refresh fires.
    fn refresh_after(&mut self, minutes: i64) {
        let later = self.state.env.now + chrono::Duration::minutes(minutes);
        self.run(Action::Tick(later));
        self.run(Action::AutoRefresh);
    }

    /// Opens bot `id`'s detail and says what the screen shows.
    fn bot_detail(&mut self, id: i64) -> String {
        self.state.panes.pane = Pane::Bots;
        self.state.panes.bots.detail = Some(Detail { id, scroll: 0 });
        // Any action: the detail that opened asks for its history, and it is read.
        self.run(Action::Tick(self.state.env.now));
        screen(&self.state)
    }
}

#[test]
fn two_refreshes_where_a_bot_changed_keep_its_transition_and_the_detail_shows_it() {
    let dir = tempfile::tempdir().unwrap();
    let observed = observed_in(dir.path());
    let mut dashboard = Dashboard::new(Arc::clone(&observed), HooksConfig::default());
    dashboard.run(Action::Connected(Ok(work())));
    assert_eq!(dashboard.looks, 1, "the first refresh with every list loaded looks once");
    let shown = dashboard.bot_detail(1);
    assert!(shown.contains("History: ACTIVE 12:00"), "first seen on the first look:\n{shown}");

    dashboard.bots[0].mailbox_status = MailboxStatus::ConnectionError;
    dashboard.refresh_after(2);
    assert_eq!(dashboard.looks, 2, "one look per refresh");

    let since = now() - chrono::Duration::days(30);
    let kept = observed.transitions(&work_scope(), 1, since).unwrap();
    let steps: Vec<(Option<&str>, &str)> =
        kept.iter().map(|t| (t.from.as_deref(), t.to.as_str())).collect();
    assert_eq!(steps, [(None, "ACTIVE"), (Some("ACTIVE"), "CONNECTION_ERROR")]);
    assert_eq!(kept[1].at, now() + chrono::Duration::minutes(2), "when the lists were read");

    // The open detail was read again after the look.
    let shown = screen(&dashboard.state);
    assert!(
        shown.contains("History: ACTIVE 12:00 → CONNECTION_ERROR 12:02"),
        "the timeline:\n{shown}"
    );
    assert!(
        shown.contains("Uptime: 100.0% over 7 days (of 2m observed)"),
        "sending all the time observed until it broke:\n{shown}"
    );
}

/// The preview beside the Bots list shows the selected bot's detail, its health over time
/// included: read for the bot under the cursor, as for an opened one.
#[test]
fn the_bots_preview_reads_the_history_of_the_bot_under_the_cursor() {
    let dir = tempfile::tempdir().unwrap();
    let observed = observed_in(dir.path());
    let mut dashboard = Dashboard::new(Arc::clone(&observed), HooksConfig::default());
    let ui = outreach_tui::tui::state::UiSettings {
        preview: outreach_tui::config::Preview::Auto,
        ..settings(Theme::default())
    };
    dashboard.state = AppState::new(ui, 200, 50, now());
    dashboard.run(Action::Connected(Ok(work())));
    dashboard.run(ch('5'));
    assert_eq!(dashboard.state.panes.bots.detail, None, "no detail opened: the preview");
    let shown = screen(&dashboard.state);
    assert!(shown.contains("Health over time"), "{shown}");
    assert!(shown.contains("History: PAUSED 12:00"), "the first bot's, read:\n{shown}");
    dashboard.run(ch('j'));
    let moved = screen(&dashboard.state);
    assert!(!moved.contains("reading…"), "the next bot's read as the cursor came:\n{moved}");
    assert!(moved.contains("History: DNS SPF missing 12:00"), "Kim's:\n{moved}");
}

#[test]
fn a_reply_handled_that_is_not_hot_is_quiet_in_the_dashboards_look_as_in_watchs() {
    let dir = tempfile::tempdir().unwrap();
    let observed = observed_in(dir.path());
    let mut dashboard = Dashboard::new(Arc::clone(&observed), HooksConfig::default());
    // 106 (follow up later) and 102 (declined) are not hot; 106 is handled, 102 open.
    dashboard.marks.set_handled(&work_scope(), &[106], true).unwrap();
    dashboard.run(Action::Connected(Ok(work())));
    assert_eq!(dashboard.looks, 1);
    let (_, kept) = observed.snapshot(&work_scope(), LATEST).unwrap().expect("a look was kept");
    let kept = outreach_tui::observe::Snapshot::from_json(&kept).expect("a snapshot");
    let quiet = |id: i64| kept.exchanges[&id].quiet;
    assert!(quiet(106), "handled: told to nobody when it moves, as watch tells it");
    assert!(!quiet(102), "open");
}

#[test]
fn the_demo_observes_nothing_and_its_bot_detail_says_no_history_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut dashboard = Dashboard::new(observed_in(dir.path()), HooksConfig::default());
    dashboard.run(Action::Connected(Ok(info())));
    dashboard.refresh_after(2);
    assert_eq!(dashboard.looks, 0, "the demo's organisation is new every run");
    let shown = dashboard.bot_detail(1);
    assert!(shown.contains("Health over time"), "{shown}");
    assert!(shown.contains("no history kept yet"), "{shown}");
}

/// A look's lists: the fixture's inbox (`moved` ids a minute later than the fixture says,
/// and open: neither handled nor snoozed), campaigns, bots and meetings, read at `minute`
/// past the tests' noon.
fn job(moved: &[i64], minute: i64) -> ObserveJob {
    ObserveJob {
        scope: work_scope(),
        every: Duration::from_secs(60),
        org: OrgNow {
            exchanges: Arc::new(inbox(moved)),
            campaigns: Arc::new(fixtures::campaigns()),
            bots: Arc::new(fixtures::bots()),
            meetings: Arc::new(fixtures::meetings()),
            dnc: Default::default(),
            contacts: None,
            replies: nothing_held(),
            at: now() + chrono::Duration::minutes(minute),
            zone: outreach_tui::clock::Zone::named("UTC").unwrap(),
            thresholds: Default::default(),
        },
    }
}

/// No marks and no chain read: every reply open.
fn nothing_held() -> Held {
    let clock = outreach_tui::api::Timestamp(now());
    Held { marks: Default::default(), snippets: Default::default(), clock }
}

fn inbox(moved: &[i64]) -> Vec<Exchange> {
    let mut exchanges = fixtures::exchanges();
    for exchange in exchanges.iter_mut().filter(|e| moved.contains(&e.id)) {
        exchange.updated_at = Some(outreach_tui::api::Timestamp(now()));
    }
    exchanges
}

/// What a look by this dashboard told.
fn look(
    looker: &Looker,
    job: &ObserveJob,
    observed: &Arc<ObservedState>,
    hooks: &HooksConfig,
) -> Vec<ObserveAnswer> {
    let mut told = Vec::new();
    let read = |ids: Vec<i64>| {
        ids.into_iter()
            .map(|id| (id, Ok(Listed { items: Arc::new(chain()), skipped: 0 })))
            .collect()
    };
    looker.look(job, observed, hooks, &read, &mut |answer| told.push(answer));
    told
}

#[test]
fn a_dashboard_and_a_watch_on_one_file_run_the_hook_of_one_event_once() {
    let dir = tempfile::tempdir().unwrap();
    let ran = dir.path().join("ran");
    let hooks = reply_hook(format!(
        "echo \"$OUTREACH_EVENT $OUTREACH_EXCHANGE_ID\" >> '{}'",
        ran.display()
    ));
    // Two handles on one file, as the dashboard and `outreach watch` open it.
    let by_dashboard = observed_in(dir.path());
    let by_watch = observed_in(dir.path());
    let dashboard = Looker::default();
    look(&dashboard, &job(&[], 0), &by_dashboard, &hooks);
    let before = by_watch.snapshot(&work_scope(), LATEST).unwrap().expect("the first look is kept");

    let moved = job(&[102], 1);
    let told = look(&dashboard, &moved, &by_dashboard, &hooks);
    assert!(
        matches!(&told[0], ObserveAnswer::Looked { result: Ok(1), .. }),
        "one event claimed by the dashboard: {told:?}"
    );
    assert!(matches!(&told[1], ObserveAnswer::HookRan(outcome) if outcome.ok()), "{told:?}");

    // The watch read the snapshot before the dashboard kept its own: it sees the same
    // change, and finds it claimed.
    by_watch.save_snapshot(&work_scope(), LATEST, before.0, Some(&before.1)).unwrap();
    let watch =
        Observer::new(Arc::clone(&by_watch), work_scope(), "watch", Duration::from_secs(60));
    let on_dnc = |_: &Party| None;
    // The reply that moved is open, as on the dashboard; the rest handled, so that nothing
    // else breaches speed to lead.
    let reply = |e: &Exchange| ReplyFacts { handled: e.id != 102, ..ReplyFacts::default() };
    let moved = &moved.org;
    let (exchanges, campaigns, bots) = (&moved.exchanges, &moved.campaigns, &moved.bots);
    let inputs = Inputs {
        exchanges,
        campaigns,
        bots,
        on_dnc: &on_dnc,
        reply: &reply,
        now: moved.at + chrono::Duration::seconds(5),
        zone: moved.zone,
        thresholds: moved.thresholds,
    };
    let seen = watch.observe(&Lists { needs: &inputs, meetings: &moved.meetings }).unwrap();
    assert_eq!(seen.claimed_elsewhere, 1, "the watch saw the change, claimed already");
    for event in &seen.events {
        outreach_tui::hooks::run(event, &hooks);
    }
    assert!(seen.events.is_empty(), "{:?}", seen.events);
    let lines = std::fs::read_to_string(&ran).unwrap();
    assert_eq!(lines, "reply_received 102\n", "one event, one hook run");
}

#[test]
fn a_failing_hook_is_said_in_the_status_bar() {
    let dir = tempfile::tempdir().unwrap();
    let observed = observed_in(dir.path());
    let hooks =
        reply_hook("echo 'no route to \u{1b}[31mslack' >&2; echo second >&2; exit 1".into());
    let mut state = connected(120, 30, Theme::default());
    let looker = Looker::default();
    look(&looker, &job(&[], 0), &observed, &hooks);
    for answer in look(&looker, &job(&[103], 1), &observed, &hooks) {
        update(&mut state, Action::Observed(answer));
    }
    let said = state.transient.notice.clone().unwrap_or_default();
    // Its stderr's first line, its control characters taken out.
    assert_eq!(said, "hook reply_received failed (exit 1): no route to slack");
    let shown = screen(&state);
    assert!(shown.contains("hook reply_received failed (exit 1)"), "{shown}");
}

#[test]
fn a_hook_that_asks_for_the_text_gets_the_replys_first_line_from_the_dashboard_too() {
    let dir = tempfile::tempdir().unwrap();
    let observed = observed_in(dir.path());
    let said = dir.path().join("said");
    let command = format!("printf '%s\\n' \"$OUTREACH_TEXT\" >> '{}'", said.display());
    let hooks = HooksConfig { include_text: true, ..reply_hook(command) };
    let looker = Looker::default();
    look(&looker, &job(&[], 0), &observed, &hooks);
    look(&looker, &job(&[103], 1), &observed, &hooks);
    let contact = inbox(&[]).into_iter().find(|e| e.id == 103).unwrap().contact.email;
    let zone = outreach_tui::clock::Zone::named("UTC").unwrap();
    let line = outreach_tui::inbox::snippet::summarise(&chain(), &contact, &zone).unwrap().line;
    assert!(!line.is_empty());
    assert_eq!(std::fs::read_to_string(&said).unwrap(), format!("{line}\n"), "as watch hands it");
}
