//! The terminal dashboard. `run` owns the terminal and the event loop; everything else is
//! state (`state`), a pure `update`, and drawing (`views`, `widgets`).

pub mod action;
pub mod chain;
// Shared with the CLI; re-exported so the panes keep naming it `clock`.
pub use crate::clock;
pub mod connect;
pub mod filter;
pub mod form;
pub mod input;
pub mod keymap;
pub mod layout;
pub mod list;
pub mod palette;
pub mod remote;
pub mod rows;
pub mod runner;
pub mod settings;
pub mod state;
pub mod terminal;
pub mod theme;
pub mod update;
pub mod views;
pub mod widgets;
pub mod write;
pub mod writing;

use action::Action;
use chrono::Utc;
use connect::Launch;
use crossterm::event::{Event, EventStream};
use crossterm::terminal::{BeginSynchronizedUpdate, EndSynchronizedUpdate};
use crossterm::{execute, queue};
use futures_util::StreamExt;
use ratatui::Terminal;
use ratatui::backend::Backend;
use runner::Runner;
use state::{AppState, UiSettings};
use std::io::{self, Write};
use std::time::Duration;
use terminal::{Signals, TerminalGuard};
use tokio::sync::mpsc;
use tokio::time::{Interval, MissedTickBehavior, interval, interval_at};

/// Draws one frame inside a synchronized update, so the terminal shows it all at once.
pub fn draw<B: Backend + Write>(terminal: &mut Terminal<B>, state: &AppState) -> io::Result<()>
where
    B::Error: Into<io::Error>,
{
    queue!(terminal.backend_mut(), BeginSynchronizedUpdate)?;
    terminal.draw(|frame| views::render(frame, state)).map_err(Into::into)?;
    execute!(terminal.backend_mut(), EndSynchronizedUpdate)
}

/// Turns a terminal event into an action; pointer motion and focus changes are not actions.
fn event_action(event: Event) -> Option<Action> {
    match event {
        Event::Key(key) => Some(Action::Key(key)),
        Event::Mouse(mouse) => Some(Action::Mouse(mouse)),
        Event::Paste(text) => Some(Action::Paste(text)),
        Event::Resize(width, height) => Some(Action::Resize { width, height }),
        Event::FocusGained | Event::FocusLost => None,
    }
}

/// How often the spinner of a write in flight moves.
const SPINNER_MILLIS: u64 = 120;

/// Waits for the next auto-refresh, or forever when it is off.
async fn next_refresh(timer: &mut Option<Interval>) {
    match timer {
        Some(timer) => {
            timer.tick().await;
        }
        None => std::future::pending().await,
    }
}

/// Runs the dashboard until the user quits or a signal arrives. Only terminal I/O errors
/// end it early; API failures are shown, never returned.
pub async fn run(launch: Launch, settings: UiSettings) -> io::Result<()> {
    let mut guard = TerminalGuard::enter()?;
    let size = guard.terminal.size()?;
    let mut state = AppState::new(settings, size.width, size.height, Utc::now());
    // The first frame goes out before any session or HTTP client is set up.
    draw(&mut guard.terminal, &state)?;
    state.dirty = false;

    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut runner = Runner::new(tx, launch);
    let mut quit = false;
    for effect in update::start(&mut state) {
        quit |= runner.run(effect);
    }
    let mut events = EventStream::new();
    let mut signals = Signals::new()?;
    let mut clock = interval(Duration::from_secs(1));
    clock.set_missed_tick_behavior(MissedTickBehavior::Skip);
    // Moves the spinner of a write in flight; idle otherwise (see the select below).
    let mut spinner = interval(Duration::from_millis(SPINNER_MILLIS));
    spinner.set_missed_tick_behavior(MissedTickBehavior::Skip);
    let mut refresh = state.refresh_every.filter(|every| !every.is_zero()).map(|every| {
        let mut timer = interval_at(tokio::time::Instant::now() + every, every);
        timer.set_missed_tick_behavior(MissedTickBehavior::Skip);
        timer
    });

    while !quit {
        let action = tokio::select! {
            biased;
            Some(action) = rx.recv() => action,
            event = events.next() => match event {
                Some(Ok(event)) => match event_action(event) {
                    Some(action) => action,
                    None => continue,
                },
                Some(Err(error)) => return Err(error),
                None => break,
            },
            _ = signals.recv() => break,
            _ = clock.tick() => Action::Tick(Utc::now()),
            _ = next_refresh(&mut refresh) => Action::AutoRefresh,
            _ = spinner.tick(), if state.submission.is_some() => Action::Spin,
        };
        let mut actions = vec![action];
        while let Ok(more) = rx.try_recv() {
            actions.push(more);
        }
        for action in actions {
            for effect in update::update(&mut state, action) {
                quit |= runner.run(effect);
            }
        }
        if state.dirty && !quit {
            draw(&mut guard.terminal, &state)?;
            state.dirty = false;
        }
    }
    drop(guard);
    Ok(())
}
