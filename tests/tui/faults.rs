//! The dashboard against the simulator's faults, through `update` with the real client
//! (every fetch performed over HTTP as the runner performs it): a list with an element that
//! cannot be read keeps its rows and says so in its title until a good load; a list that
//! cannot be read at all never blanks a pane that showed rows, and its error leaves the
//! status bar once the pane loads again; a long rate limit is told in the pane, not
//! retried, and `r` tries at once; a short one is counted down in the pane.

use crate::common;

use common::sim::{faults, requests_to, start};
use common::{ch, screen, settings};
use outreach_tui::api::Client;
use outreach_tui::sim::SimHandle;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::connect::Launch;
use outreach_tui::tui::model::{ConnectionInfo, Slot};
use outreach_tui::tui::runner::Runner;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use std::collections::VecDeque;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The dashboard with its reads performed for real.
struct Dashboard {
    state: AppState,
    client: Client,
}

impl Dashboard {
    /// Connected to the simulator, on the Campaigns pane with its rows loaded.
    async fn on_campaigns(sim: &SimHandle) -> Dashboard {
        let state = AppState::new(settings(Theme::default()), 120, 30, chrono::Utc::now());
        let client = common::sim::northwind(sim);
        let mut dashboard = Dashboard { state, client };
        let info = ConnectionInfo { base_url: sim.base_url.clone(), ..common::info() };
        dashboard.act(Action::Connected(Ok(info))).await;
        dashboard.act(ch('2')).await;
        assert!(dashboard.state.panes.campaigns.list.total() > 1, "{}", dashboard.screen());
        dashboard
    }

    /// Connected to the simulator with `client`, at this size, the Overview's reads done.
    async fn overview(sim: &SimHandle, client: Client, width: u16, height: u16) -> Dashboard {
        let state = AppState::new(settings(Theme::default()), width, height, chrono::Utc::now());
        let mut dashboard = Dashboard { state, client };
        let info = ConnectionInfo { base_url: sim.base_url.clone(), ..common::info() };
        dashboard.act(Action::Connected(Ok(info))).await;
        dashboard
    }

    /// The status bar: the screen's last line.
    fn status_bar(&self) -> String {
        self.screen().lines().last().unwrap_or_default().to_string()
    }

    /// One action, then every read it causes, until nothing is left to do.
    async fn act(&mut self, action: Action) {
        let mut queue: VecDeque<Effect> = update(&mut self.state, action).into();
        while let Some(effect) = queue.pop_front() {
            if let Effect::Fetch(fetch) = effect {
                let answer = fetch.perform(self.client.clone()).await;
                queue.extend(update(&mut self.state, answer));
            }
        }
    }

    fn screen(&self) -> String {
        screen(&self.state)
    }

    /// The pane's title line (the line under the tabs holding the pane's name).
    fn title(&self) -> String {
        let screen = self.screen();
        screen.lines().find(|line| line.contains("┌ Campaigns ")).unwrap_or_default().to_string()
    }

    fn first_campaign(&self) -> String {
        self.state.org.store.campaigns.items()[0].name.clone()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_element_that_cannot_be_read_is_said_in_the_title_until_a_good_load() {
    let sim = start().await;
    let mut dashboard = Dashboard::on_campaigns(&sim).await;

    faults(&sim, "bad-element@GET:/api/v1/campaigns#1").await;
    dashboard.act(ch('r')).await;
    let title = dashboard.title();
    assert!(title.contains("⚠ 1 item could not be read"), "{}", dashboard.screen());
    assert!(dashboard.state.panes.campaigns.list.total() > 0, "the readable rows stay");
    assert!(dashboard.screen().contains(&dashboard.first_campaign()));
    // The status bar says it too, and where to look.
    assert!(dashboard.screen().contains("1 item could not be read and was left out"));

    dashboard.act(ch('r')).await;
    assert!(!dashboard.screen().contains("could not be read"), "{}", dashboard.screen());
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_list_that_cannot_be_read_keeps_the_rows_and_its_error_clears_on_recovery() {
    let sim = start().await;
    let mut dashboard = Dashboard::on_campaigns(&sim).await;
    let rows = dashboard.state.panes.campaigns.list.total();
    let name = dashboard.first_campaign();

    faults(&sim, "nested@GET:/api/v1/campaigns#1").await;
    dashboard.act(ch('r')).await;
    let failed = dashboard.screen();
    assert!(
        failed.contains(&name),
        "the rows stay (a failed reload never blanks a pane):\n{failed}"
    );
    assert!(!failed.contains("No campaigns"), "{failed}");
    assert_eq!(dashboard.state.panes.campaigns.list.total(), rows);
    // The nested body is an array whose one element cannot be read.
    assert!(dashboard.title().contains("⚠ 1 item could not be read"), "{failed}");
    assert!(failed.contains("campaigns: 1 item could not be read"), "the status bar:\n{failed}");

    dashboard.act(ch('r')).await;
    let recovered = dashboard.screen();
    assert!(!recovered.contains("could not be read"), "{recovered}");
    assert_eq!(dashboard.state.transient.last_error, None);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_rate_limit_is_told_in_the_pane_and_r_tries_at_once() {
    let sim = start().await;
    let mut dashboard = Dashboard::on_campaigns(&sim).await;
    let before = requests_to(&sim, "GET /api/v1/campaigns").await;

    faults(&sim, "429:3600@GET:/api/v1/campaigns#1").await;
    dashboard.act(ch('r')).await;
    let title = dashboard.title();
    assert!(title.contains("the server asks to wait 60 min (until "), "{}", dashboard.screen());
    assert!(title.contains("r tries now"), "{title}");
    assert!(dashboard.screen().contains(&dashboard.first_campaign()), "the rows stay");
    assert_eq!(requests_to(&sim, "GET /api/v1/campaigns").await, before + 1, "not retried");

    dashboard.act(ch('r')).await;
    assert_eq!(requests_to(&sim, "GET /api/v1/campaigns").await, before + 2, "r asks at once");
    assert!(!dashboard.title().contains("rate limited"), "{}", dashboard.screen());
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_rate_limit_is_counted_down_in_the_pane_then_the_rows_come() {
    // The demo's first read of the bots is asked to wait 3 s, under the client's cap.
    let faults = Some("429:3@GET:/api/v1/bots#1".to_string());
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut runner = Runner::new(tx, Launch::Demo { faults });
    let mut state = AppState::new(settings(Theme::default()), 120, 30, chrono::Utc::now());
    runner.run(Effect::Connect);
    let mut countdown = None;
    let deadline = Instant::now() + Duration::from_secs(20);
    while state.org.store.bots.data.is_none() {
        let left = deadline.saturating_duration_since(Instant::now());
        let action = tokio::time::timeout(left, rx.recv()).await.ok().flatten();
        let action = action.expect("the bots load within 20 s");
        let waiting = matches!(&action, Action::Waiting { .. });
        for effect in update(&mut state, action) {
            runner.run(effect);
        }
        if waiting {
            for effect in update(&mut state, ch('5')) {
                runner.run(effect);
            }
            countdown = Some(screen(&state));
        }
    }
    let countdown = countdown.expect("the wait was reported to the pane");
    assert!(
        countdown.contains("⟳ rate limited; trying again in 3 s (r: now)")
            || countdown.contains("⟳ rate limited; trying again in 2 s (r: now)"),
        "{countdown}"
    );
    assert!(state.server.retries.is_empty(), "the wait ends with the answer");
    assert!(!screen(&state).contains("trying again"), "{}", screen(&state));
}

/// A refused key: each Overview tile says the cause in a few words, the status bar says once
/// what to do, the inbox line stops saying it loads, and `?` has the whole text.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_key_is_said_once_and_nothing_loads_forever() {
    let sim = start().await;
    let wrong = common::sim::client(&sim, &outreach_tui::api::ApiKey::new("sk-wrong"));
    let mut dashboard = Dashboard::overview(&sim, wrong, 120, 30).await;
    let screen = dashboard.screen();
    let said = screen.matches("key refused (401)").count();
    assert_eq!(said, 6, "four tiles, the inbox line and the status bar:\n{screen}");
    let bar = dashboard.status_bar();
    assert!(bar.contains("✗ key refused (401) — press L to enter a new key; ? tells all"), "{bar}");
    assert_eq!(screen.matches("press L to enter a new key").count(), 1, "{screen}");
    assert!(
        !screen.contains("The API refused the key"),
        "the long text stays in ? help:\n{screen}"
    );
    assert!(!screen.contains("loading"), "nothing is awaited any more:\n{screen}");
    assert!(screen.contains("Inbox ✗ key refused (401)"), "{screen}");

    dashboard.act(ch('?')).await;
    let help = help_text(&dashboard.state);
    assert!(dashboard.screen().contains("✗ Loading"), "{}", dashboard.screen());
    assert!(help.contains("✗ Loading campaigns failed: The API refused the key (401)"), "{help}");
    sim.shutdown().await;
}

/// A rate limit on meetings leaves the replies of the chart drawn, and says why the meetings
/// are missing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failure_of_the_meetings_keeps_the_replies_chart() {
    let sim = start().await;
    faults(&sim, "429:3600@GET:/api/v1/meetings").await;
    let dashboard = Dashboard::overview(&sim, common::sim::northwind(&sim), 120, 30).await;
    assert!(dashboard.state.org.store.range_replies.data.is_some());
    let screen = dashboard.screen();
    let tile = screen.lines().find(|line| line.contains(" replied ")).unwrap_or_default();
    assert!(tile.contains("meetings: ✗ rate limited (429)"), "{screen}");
    sim.shutdown().await;
}

/// Each pane says its own failure, cause first, readable at 80 columns; another pane's is not
/// shown there; `?` holds the whole text, its sentences joined with a full stop.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_pane_says_its_own_failure_cause_first_with_the_whole_text_in_help() {
    let sim = start().await;
    let mut dashboard = Dashboard::overview(&sim, common::sim::northwind(&sim), 80, 24).await;
    dashboard.act(ch('6')).await;
    faults(&sim, "500@GET:/api/v1/contacts").await;
    dashboard.act(ch('r')).await;
    assert!(dashboard.status_bar().contains("✗ contacts: server failed (500)"));
    dashboard.act(ch('2')).await;
    let bar = dashboard.status_bar();
    assert!(!bar.contains("contacts"), "the Contacts pane's failure stays there: {bar}");
    assert!(!bar.contains('✗'), "{bar}");

    faults(&sim, "500@GET:/api/v1/bots").await;
    dashboard.act(ch('5')).await;
    dashboard.act(ch('r')).await;
    let bar = dashboard.status_bar();
    assert!(bar.contains("✗ bots: server failed (500): Internal Server Error"), "{bar}");
    let title =
        dashboard.screen().lines().find(|l| l.contains("┌ Bots")).unwrap_or_default().to_string();
    assert!(title.contains("⚠ server failed (500)"), "{title}");

    dashboard.act(ch('?')).await;
    let help = help_text(&dashboard.state);
    assert!(dashboard.screen().contains("✗ Loading"), "{}", dashboard.screen());
    assert!(help.contains("Internal Server Error. Press r to retry."), "{help}");
    sim.shutdown().await;
}

/// What `?` help says on the current screen, its lines joined (the box wraps them).
fn help_text(state: &AppState) -> String {
    let view = outreach_tui::tui::resource::help_view(state);
    let lines = outreach_tui::tui::widgets::help::lines(&view);
    let text: Vec<String> = lines.iter().map(|line| line.to_string()).collect();
    text.join(" ")
}

/// A body that stalls (headers, then nothing) is asked again once, and the wait before the
/// second try is reported with what ran out and for how long — in virtual time.
#[tokio::test(start_paused = true)]
async fn a_stalled_answer_asked_again_is_reported_with_its_cause() {
    let faults = Some("stall@GET:/api/v1/bots".to_string());
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut runner = Runner::new(tx, Launch::Demo { faults });
    let mut state = AppState::new(settings(Theme::default()), 120, 30, chrono::Utc::now());
    runner.run(Effect::Connect);
    let mut reason = None;
    while state.org.store.bots.error.is_none() {
        let action = tokio::time::timeout(Duration::from_secs(120), rx.recv()).await;
        let action = action.ok().flatten().expect("the bots fail within 2 min of virtual time");
        if let Action::Waiting { slot: Slot::Bots, reason: said, .. } = &action {
            reason = Some(said.clone());
        }
        for effect in update(&mut state, action) {
            runner.run(effect);
        }
    }
    let reason = reason.expect("the second try was announced");
    assert!(reason.starts_with("answer from 127.0.0.1:"), "{reason}");
    assert!(reason.ends_with("stalled for 20 s"), "{reason}");
    let error = state.org.store.bots.error.as_ref().unwrap().to_string();
    // Tried twice, 20 s each: the error says the time the user waited.
    assert!(error.contains("began to answer, then sent nothing more within 40 s"), "{error}");
}
