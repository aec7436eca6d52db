//! The TUI tests' helpers: a fixed clock and zone, answering the dashboard's requests with
//! the fixture organisation (`fixtures`) without a network, keys, and the screen as text or
//! bytes.

use super::fixtures::*;
use chrono::{DateTime, Utc};
use outreach_tui::api::*;
use outreach_tui::clock::Zone;
use outreach_tui::tui::action::{Action, Effect, Fetch};
use outreach_tui::tui::chain::LayoutJob;
use outreach_tui::tui::keymap::Keymap;
use outreach_tui::tui::model::ConnectionInfo;
use outreach_tui::tui::model::Slot;
use outreach_tui::tui::outside::OutsideSettings;
use outreach_tui::tui::resource::{
    AllMeetings, Bots, Campaigns, Chain, Contacts, Exchanges, Meetings, RangeMeetings,
    RangeReplies, RecentReplies, UpcomingMeetings, loaded,
};
use outreach_tui::tui::state::{AppState, UiSettings};
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use outreach_tui::tui::views;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;

/// Wednesday 2024-05-08 12:00 UTC: every screen test runs at this instant.
pub fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2024-05-08T12:00:00Z").unwrap().with_timezone(&Utc)
}

pub fn at(text: &str) -> Option<Timestamp> {
    Timestamp::parse(text)
}

pub fn settings(theme: Theme) -> UiSettings {
    UiSettings {
        refresh_every: None,
        theme,
        ask_background: None,
        keymap: Keymap::default(),
        zone: Zone::named("UTC").unwrap(),
        notices: Vec::new(),
        log_line: Some("Log file: /state/outreach/outreach.log".into()),
        outside: OutsideSettings::default(),
        alerts: outreach_tui::tui::inbox::Alerts::default(),
        needs: outreach_tui::needs::Thresholds::default(),
        brief_after: outreach_tui::config::BriefConfig::default().after(),
        graph: outreach_tui::config::Graph::default(),
        // The screens as drawn without the preview; `tests/tui/preview.rs` turns it on.
        preview: outreach_tui::config::Preview::Off,
        seen_after_seconds: 3,
        views: Default::default(),
        accessible: false,
        group: None,
    }
}

pub fn listed<T>(items: Vec<T>) -> Listed<T> {
    Listed { items: Arc::from(items), skipped: 0 }
}

/// The fixture answer to a fetch.
pub fn answer_for(fetch: &Fetch) -> Action {
    let req_id = fetch.req_id;
    match fetch.slot {
        Slot::Campaigns => loaded::<Campaigns>(req_id, Ok(listed(campaigns()))),
        Slot::Bots => loaded::<Bots>(req_id, Ok(listed(bots()))),
        Slot::Exchanges => loaded::<Exchanges>(req_id, Ok(listed(exchanges()))),
        Slot::RecentReplies => loaded::<RecentReplies>(req_id, Ok(listed(exchanges()))),
        Slot::Contacts => loaded::<Contacts>(req_id, Ok(listed(contacts()))),
        Slot::Meetings => loaded::<Meetings>(req_id, Ok(listed(meetings()))),
        Slot::UpcomingMeetings => loaded::<UpcomingMeetings>(req_id, Ok(listed(meetings()))),
        Slot::Chain => loaded::<Chain>(req_id, Ok(listed(chain()))),
        Slot::RangeReplies => loaded::<RangeReplies>(req_id, Ok(listed(exchanges()))),
        Slot::RangeMeetings => loaded::<RangeMeetings>(req_id, Ok(listed(meetings()))),
        Slot::AllMeetings => loaded::<AllMeetings>(req_id, Ok(listed(meetings()))),
    }
}

/// The answer to a chain layout, made at once.
pub fn laid_out(job: &LayoutJob) -> Action {
    Action::LaidOut { req_id: job.req_id, layout: Arc::new(job.perform()) }
}

/// Answers every fetch among `effects` (and those its answers cause) with fixture data.
pub fn answer(state: &mut AppState, effects: Vec<Effect>) {
    let mut queue = effects;
    while let Some(effect) = queue.pop() {
        match effect {
            Effect::Fetch(fetch) => queue.extend(update(state, answer_for(&fetch))),
            Effect::LayOut(job) => queue.extend(update(state, laid_out(&job))),
            // Nothing remembered of the chains: a first run.
            Effect::Chains(job) => queue.extend(recalled(state, job)),
            // Indexing and searching a large list, done in place: nothing to wait for.
            Effect::Search(job) => {
                let mut works = Vec::new();
                job.perform(&mut |work| works.push(work));
                for work in works {
                    queue.extend(update(state, Action::Searched(work)));
                }
            }
            // Counting the trends in view, in place.
            Effect::CountTrends(job) => queue.extend(update(state, Action::Trended(job.perform()))),
            Effect::CountResults(job) => {
                queue.extend(update(state, Action::ResultsCounted(Arc::new(job.perform()))));
            }
            // Counting a large inbox, in place.
            Effect::Count { job, loaded } => {
                if let Some(census) = outreach_tui::tui::census::perform(&job) {
                    queue.extend(update(state, Action::Counted { census, loaded }));
                }
            }
            Effect::CountHours(job) => {
                queue.extend(update(state, Action::HoursCounted(Box::new(job.perform()))));
            }
            _ => {}
        }
    }
}

/// Answers the chains being read (those of the hot replies and the rows in view) with the
/// fixture's chain, its latest message written by `last`, and those they lead to, until none
/// is being read.
pub fn read_chains(state: &mut AppState, last: outreach_tui::inbox::Writer) {
    while let Some(&id) = state.org.inbox.reading.iter().min() {
        let exchange = state.org.store.exchanges.items().iter().find(|e| e.id == id).cloned();
        let Some(exchange) = exchange else {
            state.org.inbox.reading.remove(&id);
            continue;
        };
        let zone = outreach_tui::clock::Zone::named("UTC").unwrap();
        let snippet =
            outreach_tui::inbox::snippet::summarise(&chain(), &exchange.contact.email, &zone)
                .map(|snippet| outreach_tui::inbox::Snippet { last, ..snippet });
        let job = outreach_tui::tui::inbox::jobs::SnippetJob {
            exchange_id: id,
            updated_at: exchange.updated_at,
            contact: exchange.contact.email.clone(),
            zone,
        };
        act(state, Action::SnippetRead { job, result: Ok(snippet) });
    }
}

/// Answers a recall of the chain facts as a first run would: nothing remembered.
pub fn recalled(
    state: &mut AppState,
    job: outreach_tui::tui::inbox::remembered::ChainsJob,
) -> Vec<Effect> {
    match job.perform(&outreach_tui::local::ObservedState::in_memory()) {
        Some((scope, facts)) => update(state, Action::ChainsRecalled { scope, facts }),
        None => Vec::new(),
    }
}

/// The fetches among `effects`.
pub fn fetches(effects: &[Effect]) -> Vec<&Fetch> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Fetch(fetch) => Some(fetch),
            _ => None,
        })
        .collect()
}

/// Runs an action and answers whatever it fetches.
pub fn act(state: &mut AppState, action: Action) {
    let effects = update(state, action);
    answer(state, effects);
}

pub fn info() -> ConnectionInfo {
    ConnectionInfo {
        profile: "demo".into(),
        organisation: Some("Northwind".into()),
        base_url: "http://127.0.0.1:8900".into(),
        key_source: outreach_tui::session::KeySource::Demo,
        warnings: Vec::new(),
        read_only: false,
        team: None,
    }
}

/// A real profile's connection (not the demo's): what it sees is kept for its next start.
pub fn work() -> ConnectionInfo {
    ConnectionInfo {
        profile: "work".into(),
        key_source: outreach_tui::session::KeySource::Env,
        ..info()
    }
}

/// The scope of [`work`]'s marks and observed state.
pub fn work_scope() -> outreach_tui::local::Scope {
    outreach_tui::local::Scope::new("work", &work().base_url)
}

/// A dashboard of this size, connected, its Overview loaded.
pub fn connected(width: u16, height: u16, theme: Theme) -> AppState {
    let mut state = AppState::new(settings(theme), width, height, now());
    act(&mut state, Action::Connected(Ok(info())));
    state
}

/// A key press.
pub fn key(code: crossterm::event::KeyCode) -> Action {
    Action::Key(crossterm::event::KeyEvent::new(code, crossterm::event::KeyModifiers::NONE))
}

/// A mouse event on `row`, ten columns in.
pub fn mouse(kind: crossterm::event::MouseEventKind, row: u16) -> Action {
    Action::Mouse(crossterm::event::MouseEvent {
        kind,
        column: 10,
        row,
        modifiers: crossterm::event::KeyModifiers::NONE,
    })
}

pub fn ch(c: char) -> Action {
    key(crossterm::event::KeyCode::Char(c))
}

/// Types each character as a key press.
pub fn type_text(state: &mut AppState, text: &str) {
    for c in text.chars() {
        act(state, ch(c));
    }
}

/// The screen as text, one quoted line per row.
pub fn screen(state: &AppState) -> String {
    let mut terminal = Terminal::new(TestBackend::new(state.env.width, state.env.height)).unwrap();
    terminal.draw(|frame| views::render(frame, state)).unwrap();
    terminal.backend().to_string()
}

/// A writer whose bytes the test can read after the backend wrote them.
#[derive(Clone, Default)]
pub struct Captured(pub std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A terminal on the real crossterm backend that writes into a buffer.
pub fn byte_terminal(
    width: u16,
    height: u16,
) -> (Terminal<outreach_tui::tui::cell_writer::CellWriter<Captured>>, Captured) {
    let viewport = ratatui::Viewport::Fixed(ratatui::layout::Rect::new(0, 0, width, height));
    let captured = Captured::default();
    let backend = outreach_tui::tui::cell_writer::CellWriter::new(captured.clone());
    let terminal = Terminal::with_options(backend, ratatui::TerminalOptions { viewport }).unwrap();
    (terminal, captured)
}

/// The bytes one frame of `state` writes to a fresh terminal.
pub fn frame_bytes(state: &AppState) -> Vec<u8> {
    let (mut terminal, captured) = byte_terminal(state.env.width, state.env.height);
    outreach_tui::tui::draw(&mut terminal, state).unwrap();
    captured.0.borrow().clone()
}

/// Presses `key` (`6` goes to the Contacts pane, `r` reloads it) and answers the Contacts'
/// fetch with `contacts`; the effects of the answer (a large list's index and sort, for
/// workers) are given back, not run.
pub fn contacts_loaded(state: &mut AppState, key: Action, contacts: Vec<Contact>) -> Vec<Effect> {
    let effects = update(state, key);
    let fetch = effects
        .iter()
        .find_map(|effect| match effect {
            Effect::Fetch(fetch) if fetch.slot == Slot::Contacts => Some(fetch.clone()),
            _ => None,
        })
        .expect("the Contacts pane loads its list");
    update(state, loaded::<Contacts>(fetch.req_id, Ok(listed(contacts))))
}

/// The read of the group's lines among `effects`.
pub fn group_read(effects: &[Effect]) -> Option<outreach_tui::tui::group::read::GroupRead> {
    effects.iter().find_map(|effect| match effect {
        Effect::ReadGroup(read) => Some(read.clone()),
        _ => None,
    })
}

/// A dashboard with `ui` on the group `clients` (acme, globex, initech), connected to acme;
/// the read of the lines it asked for, not yet answered.
pub fn group_connected(
    mut ui: UiSettings,
    width: u16,
    height: u16,
) -> (AppState, outreach_tui::tui::group::read::GroupRead) {
    ui.group = Some(outreach_tui::tui::group::GroupChoice {
        name: Some("clients".into()),
        profiles: vec!["acme".into(), "globex".into(), "initech".into()],
        ..Default::default()
    });
    let mut state = AppState::new(ui, width, height, now());
    let connected = ConnectionInfo { profile: "acme".into(), ..work() };
    let effects = update(&mut state, Action::Connected(Ok(connected)));
    let read = group_read(&effects).expect("the group is read once connected");
    answer(&mut state, effects);
    (state, read)
}
