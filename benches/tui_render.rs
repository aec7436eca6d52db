//! The dashboard's side of the budgets in docs/PERFORMANCE.md at 1k … 1M rows, in process:
//!
//! - `frame_200x50/N`: a frame costs the same with 1k or 1M rows (only the visible window);
//! - `load_on_ui_thread/N`: what a loaded list costs the UI thread (`update` with the answer:
//!   ids, the first order; the index is a job) — it must stay under a frame, 16 ms;
//! - `index_off_ui_thread/N`: building the whole search index (the worker's jobs);
//! - `keystroke_to_filtered_frame/N`: the first letter typed (every row searched, on a worker
//!   above 4096 rows, run in place here), its answer applied, and the frame drawn;
//! - `narrowing_keystroke/N`: a second letter, searching only the first letter's matches.
//!
//! Run with `cargo bench --bench tui_render`; docs/PERFORMANCE.md has the numbers.

use chrono::{DateTime, Utc};
use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use outreach_tui::api::intern::{intern, intern_list, intern_zone};
use outreach_tui::api::{Contact, Listed};
use outreach_tui::clock::Zone;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::keymap::Keymap;
use outreach_tui::tui::model::{ConnectionInfo, ReqId, Slot};
use outreach_tui::tui::outside::OutsideSettings;
use outreach_tui::tui::resource::{Contacts, loaded};
use outreach_tui::tui::state::{AppState, UiSettings};
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use outreach_tui::tui::views;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

const FIRST: [&str; 8] = ["Ann", "Bob", "Chen", "Dana", "Eve", "Femi", "Gus", "Zoë"];
const LAST: [&str; 8] = ["Smith", "Jones", "Li", "Lee", "Ångström", "Okafor", "Novak", "Kim"];
const ZONES: [&str; 4] = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC"];
const SIZES: [(&str, usize); 5] =
    [("1k", 1_000), ("10k", 10_000), ("100k", 100_000), ("300k", 300_000), ("1M", 1_000_000)];

fn contacts(count: usize) -> Vec<Contact> {
    (0..count)
        .map(|i| {
            let email = format!("person{i}@company{}.test", i % 997);
            let mut contact = Contact::new(i as i64, &email, FIRST[i % 8], LAST[(i / 8) % 8]);
            // As the decoder makes them: one shared copy of each tag list and zone.
            contact.tags = intern_list(&[intern(&format!("t{}", i % 13))]);
            contact.timezone = Some(intern_zone(ZONES[i % 4]));
            contact.dnc = i % 50 == 0;
            contact
        })
        .collect()
}

/// Runs effects as the loop would, the list jobs in place (on a worker in the dashboard).
fn run(state: &mut AppState, effects: Vec<Effect>) {
    let mut queue = effects;
    while let Some(effect) = queue.pop() {
        if let Effect::Search(job) = effect {
            let mut works = Vec::new();
            job.perform(&mut |work| works.push(work));
            for work in works {
                queue.extend(update(state, Action::Searched(work)));
            }
        }
    }
}

fn key(code: KeyCode) -> Action {
    Action::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// A 200×50 dashboard on the Contacts pane waiting for its list, and the id of that fetch.
fn fresh() -> (AppState, ReqId) {
    let now: DateTime<Utc> = DateTime::parse_from_rfc3339("2024-05-08T12:00:00Z").unwrap().into();
    let settings = UiSettings {
        refresh_every: None,
        theme: Theme::default(),
        ask_background: None,
        keymap: Keymap::default(),
        zone: Zone::named("UTC").unwrap(),
        notices: Vec::new(),
        log_line: None,
        outside: OutsideSettings::default(),
        alerts: outreach_tui::tui::inbox::Alerts::default(),
        needs: outreach_tui::needs::Thresholds::default(),
        brief_after: None,
        graph: outreach_tui::config::Graph::default(),
        // As configured by default: at 200×50 the selected contact's detail is beside the list.
        preview: outreach_tui::config::Preview::Auto,
        seen_after_seconds: 3,
        views: Default::default(),
        accessible: false,
        group: None,
    };
    let mut state = AppState::new(settings, 200, 50, now);
    let info = ConnectionInfo {
        profile: "bench".into(),
        organisation: None,
        base_url: "http://127.0.0.1:1".into(),
        key_source: outreach_tui::session::KeySource::Env,
        warnings: Vec::new(),
        read_only: false,
        team: None,
    };
    update(&mut state, Action::Connected(Ok(info)));
    let req_id = update(&mut state, key(KeyCode::Char('6')))
        .into_iter()
        .find_map(|effect| match effect {
            Effect::Fetch(fetch) if fetch.slot == Slot::Contacts => Some(fetch.req_id),
            _ => None,
        })
        .unwrap();
    (state, req_id)
}

/// A fresh dashboard and the answer to its fetch of `count` contacts (not yet applied).
fn before_load(count: usize) -> (AppState, Action) {
    let (state, req_id) = fresh();
    let listed = Listed { items: Arc::from(contacts(count)), skipped: 0 };
    (state, loaded::<Contacts>(req_id, Ok(listed)))
}

/// The same with the contacts loaded and indexed.
fn dashboard(count: usize) -> AppState {
    let (mut state, answer) = before_load(count);
    let effects = update(&mut state, answer);
    run(&mut state, effects);
    assert_eq!(state.panes.contacts.list.total(), count);
    state
}

fn frame(c: &mut Criterion) {
    let mut group = c.benchmark_group("frame_200x50");
    for (label, count) in [("1k", 1_000), ("1M", 1_000_000)] {
        let mut state = dashboard(count);
        // Somewhere in the middle, so the window is not the cheap start of the list.
        update(&mut state, key(KeyCode::PageDown));
        let mut terminal = Terminal::new(TestBackend::new(200, 50)).unwrap();
        group.bench_with_input(BenchmarkId::from_parameter(label), &state, |b, state| {
            b.iter(|| {
                terminal.draw(|f| views::render(f, black_box(state))).unwrap();
            })
        });
    }
    group.finish();
}

fn load(c: &mut Criterion) {
    let mut group = c.benchmark_group("load_on_ui_thread");
    group.sample_size(10);
    for (label, count) in SIZES {
        let (_, answer) = before_load(count);
        group.bench_function(BenchmarkId::from_parameter(label), |b| {
            b.iter_batched(
                || (fresh().0, answer.clone()),
                |(mut state, answer)| {
                    let effects = update(&mut state, answer);
                    (state, effects)
                },
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

fn index(c: &mut Criterion) {
    let mut group = c.benchmark_group("index_off_ui_thread");
    group.sample_size(10);
    for (label, count) in SIZES {
        let (_, answer) = before_load(count);
        group.bench_function(BenchmarkId::from_parameter(label), |b| {
            b.iter_batched(
                || {
                    let mut state = fresh().0;
                    let effects = update(&mut state, answer.clone());
                    (state, effects)
                },
                |(mut state, effects)| {
                    run(&mut state, effects);
                    state
                },
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

/// Typing `text` into the open filter and drawing, timed; then erased again, untimed.
fn keystroke_group(c: &mut Criterion, name: &str, prefix: &str, letter: char) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    for (label, count) in SIZES {
        let mut state = dashboard(count);
        let mut terminal = Terminal::new(TestBackend::new(200, 50)).unwrap();
        update(&mut state, key(KeyCode::Char('/')));
        for c in prefix.chars() {
            let effects = update(&mut state, key(KeyCode::Char(c)));
            run(&mut state, effects);
        }
        group.bench_function(BenchmarkId::from_parameter(label), |b| {
            b.iter_custom(|iterations| {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    let started = Instant::now();
                    let effects = update(&mut state, key(KeyCode::Char(letter)));
                    run(&mut state, effects);
                    terminal.draw(|f| views::render(f, &state)).unwrap();
                    total += started.elapsed();
                    let effects = update(&mut state, key(KeyCode::Backspace));
                    run(&mut state, effects);
                }
                total
            })
        });
    }
    group.finish();
}

fn keystroke(c: &mut Criterion) {
    // The worst case: the first letter searches every row.
    keystroke_group(c, "keystroke_to_filtered_frame", "", 'a');
    // A letter added: only the rows that matched `a` are searched.
    keystroke_group(c, "narrowing_keystroke", "a", 'n');
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(3));
    targets = frame, load, index, keystroke
}
criterion_main!(benches);
