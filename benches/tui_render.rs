//! Frame cost of the dashboard (DESIGN §8): a frame at 200×50 must cost the same with 1k or
//! 1M rows (only the visible window is built), and a keystroke in the filter must give a
//! filtered frame within 16 ms at 100k rows.

use chrono::{DateTime, Utc};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use outreach_tui::api::{Contact, Listed};
use outreach_tui::clock::Zone;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::keymap::Keymap;
use outreach_tui::tui::model::{ConnectionInfo, Slot};
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

fn contacts(count: usize) -> Vec<Contact> {
    (0..count)
        .map(|i| Contact {
            id: i as i64,
            email: format!("person{i}@company{}.test", i % 997),
            first_name: FIRST[i % 8].into(),
            last_name: LAST[(i / 8) % 8].into(),
            tags: vec![format!("t{}", i % 13)],
            timezone: Some(ZONES[i % 4].into()),
            dnc: i % 50 == 0,
            ..Contact::default()
        })
        .collect()
}

fn key(code: KeyCode) -> Action {
    Action::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// A 200×50 dashboard on the Contacts pane holding `count` contacts.
fn dashboard(count: usize) -> AppState {
    let now: DateTime<Utc> = DateTime::parse_from_rfc3339("2024-05-08T12:00:00Z").unwrap().into();
    let settings = UiSettings {
        refresh_every: None,
        theme: Theme::default(),
        keymap: Keymap::default(),
        zone: Zone::Named(chrono_tz::UTC),
        notices: Vec::new(),
        log_line: None,
        outside: OutsideSettings::default(),
        alerts: outreach_tui::tui::inbox::Alerts::default(),
    };
    let mut state = AppState::new(settings, 200, 50, now);
    let info = ConnectionInfo {
        profile: "bench".into(),
        organisation: None,
        base_url: "http://127.0.0.1:1".into(),
        key_source: outreach_tui::session::KeySource::Env,
        warnings: Vec::new(),
        read_only: false,
    };
    update(&mut state, Action::Connected(Ok(info)));
    let listed = Listed { items: Arc::from(contacts(count)), skipped: 0 };
    for effect in update(&mut state, key(KeyCode::Char('6'))) {
        if let Effect::Fetch(fetch) = effect
            && fetch.slot == Slot::Contacts
        {
            update(&mut state, loaded::<Contacts>(fetch.req_id, Ok(listed.clone())));
        }
    }
    assert_eq!(state.contacts.list.total(), count);
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

fn keystroke(c: &mut Criterion) {
    let mut state = dashboard(100_000);
    let mut terminal = Terminal::new(TestBackend::new(200, 50)).unwrap();
    update(&mut state, key(KeyCode::Char('/')));
    c.bench_function("keystroke_to_filtered_frame_100k", |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                // The worst case: the first character scans every row.
                let started = Instant::now();
                update(&mut state, key(KeyCode::Char('k')));
                terminal.draw(|f| views::render(f, &state)).unwrap();
                total += started.elapsed();
                update(&mut state, key(KeyCode::Backspace));
            }
            total
        })
    });
}

/// The keystroke without the frame: how much of it is the filter itself.
fn filter_only(c: &mut Criterion) {
    let mut state = dashboard(100_000);
    update(&mut state, key(KeyCode::Char('/')));
    c.bench_function("keystroke_update_only_100k", |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                let started = Instant::now();
                update(&mut state, key(KeyCode::Char('k')));
                total += started.elapsed();
                update(&mut state, key(KeyCode::Backspace));
            }
            total
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(3));
    targets = frame, keystroke, filter_only
}
criterion_main!(benches);
