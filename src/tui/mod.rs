//! The terminal dashboard. `run` owns the terminal and hands it to [`event_loop`], which is
//! generic over the backend, the terminal's events and the timers so tests drive it in
//! process; everything else is state (`state`), a pure `update`, and drawing (`views`,
//! `widgets`).

pub mod action;
pub mod assign_picker;
pub mod brief;
pub mod cell_writer;
pub mod census;
pub mod chain;
pub mod chain_view;
pub mod clocks;
pub mod command;
pub mod connect;
pub mod detail_line;
pub(crate) mod details;
pub mod dnc;
pub mod form;
pub mod group;
pub mod hours;
pub mod inbox;
pub(crate) mod input;
pub mod intent;
pub mod jumps;
pub mod keymap;
pub(crate) mod layout;
pub mod line;
pub mod lists;
mod malloc;
pub mod model;
pub mod observe;
pub(crate) mod old_replies;
pub mod org_now;
pub mod outside;
pub(crate) mod palette;
pub mod pane_layout;
pub(crate) mod panic_drill;
pub mod read_chains;
pub(crate) mod remote;
pub mod resource;
pub mod results_count;
pub mod runner;
pub(crate) mod settings;
pub mod snooze_prompt;
pub mod sorts;
pub mod state;
pub mod stores;
pub mod submit;
pub(crate) mod terminal;
pub mod theme;
pub mod trend;
pub mod update;
pub mod views;
pub mod watched;
pub mod widgets;

use crate::term::background::Shade;
use action::{Action, Effect};
use chrono::{DateTime, Utc};
use clocks::{next_refresh, ticking};
use connect::Launch;
use crossterm::event::Event;
use crossterm::terminal::{BeginSynchronizedUpdate, EndSynchronizedUpdate};
use crossterm::{execute, queue};
use futures_util::{Stream, StreamExt};
use lists::list::ListState;
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType};
use state::{AppState, UiSettings};
use std::future::{Future, poll_fn};
use std::io;
use std::task::Poll;
use std::time::Duration;
use terminal::{Signals, TerminalGuard};
use tokio::sync::mpsc;

/// Draws one frame inside a synchronized update, so the terminal shows it all at once;
/// then its links again as OSC 8 hyperlinks.
pub fn draw<B: Backend + io::Write>(terminal: &mut Terminal<B>, state: &AppState) -> io::Result<()>
where
    B::Error: Into<io::Error>,
{
    queue!(terminal.backend_mut(), BeginSynchronizedUpdate)?;
    let frame = terminal.draw(|frame| views::render(frame, state)).map_err(Into::into)?;
    let linked = resource::in_view::linked(state).unwrap_or(false);
    let links = outside::hyperlinks::find(frame.buffer, state, linked);
    outside::hyperlinks::emit(terminal.backend_mut(), &links)?;
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

/// The loop's clocks: how often the shown ages are checked, how fast the spinner of a write
/// in flight turns, and where the time comes from.
#[derive(Debug, Clone, Copy)]
pub struct Timers {
    pub clock: Duration,
    pub spinner: Duration,
    /// How often the clock is read while the preview waits for the cursor to rest.
    pub rest: Duration,
    pub now: fn() -> DateTime<Utc>,
}

impl Default for Timers {
    fn default() -> Self {
        Timers {
            clock: Duration::from_secs(1),
            spinner: Duration::from_millis(120),
            rest: Duration::from_millis(50),
            now: Utc::now,
        }
    }
}

/// Runs the dashboard until the user quits or a signal arrives. Only terminal I/O errors
/// end it early, and one from a terminal that is gone ends it quietly (a log line); API
/// failures are shown, never returned.
pub async fn run(launch: Launch, mut settings: UiSettings) -> io::Result<()> {
    malloc::keep_large_blocks_mapped();
    let mut guard = TerminalGuard::enter()?;
    if let Some(choice) = settings.ask_background.take() {
        // In raw mode (the answer is not echoed) and before the event reader starts (it is
        // not read as keys); a terminal that does not answer in time gets the dark theme.
        let background = crate::term::background::ask(crate::term::background::WAIT);
        settings.theme = choice.theme(background.unwrap_or(Shade::Dark)).0;
    }
    let size = guard.terminal.size()?;
    let state = AppState::new(settings, size.width, size.height, Utc::now());
    let mut signals = Signals::new()?;
    let (tx, rx) = mpsc::unbounded_channel();
    let (input, input_switch) = outside::events::Input::new()?;
    let mut runner = stores::runner(tx, launch).with_input(input_switch);
    let signal = async move {
        let which = signals.recv().await;
        tracing::warn!("{which}: the dashboard ends");
    };
    let perform = |effect| runner.run(effect);
    let drill = panic_drill::armed();
    let events = input.inspect(move |event| {
        if let Ok(event) = event {
            panic_drill::check(drill, event);
        }
    });
    // The last look is kept as the dashboard ends: the next start's brief begins here. The
    // state (the lists, their indexes) is let go first, so that the snapshot's text and the
    // write do not come on top of everything the screen held.
    let (result, to_keep) = match event_loop(
        &mut *guard.terminal,
        state,
        events,
        rx,
        perform,
        signal,
        Timers::default(),
    )
    .await
    {
        Ok(state) => (Ok(()), update::last_look_to_keep(&state)),
        Err(error) => (Err(error), None),
    };
    drop(guard);
    stores::keep_last_look(to_keep).await;
    match result {
        // The terminal went away (an SSH drop, tmux killed) before its SIGHUP was seen:
        // there is no one to tell but the log.
        Err(error) if terminal::is_gone(&error) => {
            tracing::warn!(%error, "the terminal is gone: the dashboard ends");
            Ok(())
        }
        other => other,
    }
}

/// The event loop: draws the first frame, then turns terminal events, answers (`answers`,
/// fed by whatever performs the effects) and timer ticks into actions. Actions that are
/// ready together are applied together and give one frame; nothing is drawn when nothing
/// visible changed. Ends when `perform` says quit, the events end, or `signal` fires, and
/// gives back the final state.
pub async fn event_loop<B, E>(
    terminal: &mut Terminal<B>,
    mut state: AppState,
    mut events: E,
    mut answers: mpsc::UnboundedReceiver<Action>,
    mut perform: impl FnMut(Effect) -> bool,
    signal: impl Future<Output = ()>,
    timers: Timers,
) -> io::Result<AppState>
where
    B: Backend + io::Write,
    B::Error: Into<io::Error>,
    E: Stream<Item = io::Result<Event>> + Unpin,
{
    // The first frame goes out before any session or HTTP client is set up.
    draw(terminal, &state)?;
    update::frame_drawn(&mut state);
    let mut quit = false;
    for effect in update::start(&mut state) {
        quit |= perform(effect);
    }
    let mut signal = std::pin::pin!(signal);
    let mut clock = ticking(timers.clock);
    // Moves the spinner of a write in flight; idle otherwise (see the select below).
    let mut spinner = ticking(timers.spinner);
    // Measures the cursor's rest in the preview; idle otherwise.
    let mut rest = ticking(timers.rest);
    let mut refresh = clocks::refreshing(state.env.refresh_every);
    let mut hold = clocks::FrameHold::default();
    let mut ended = false;
    while !quit && !ended {
        let first = tokio::select! {
            biased;
            Some(action) = answers.recv() => Some(action),
            event = events.next() => match event {
                Some(Ok(event)) => event_action(event),
                Some(Err(error)) => return Err(error),
                None => break,
            },
            _ = &mut signal => break,
            _ = clock.tick() => Some(Action::Tick((timers.now)())),
            _ = next_refresh(&mut refresh) => Some(Action::AutoRefresh),
            _ = spinner.tick(), if state.transient.submission.is_some() => Some(Action::Spin),
            _ = rest.tick(), if update::preview::waits(&state) => Some(Action::Tick((timers.now)())),
            _ = tokio::time::sleep_until(hold.ends()), if hold.is_on() => None,
        };
        // Everything else already waiting joins this frame.
        let mut actions: Vec<Action> = first.into_iter().collect();
        while let Ok(more) = answers.try_recv() {
            actions.push(more);
        }
        // Polled with this task's own waker: a poll with a no-op waker (`now_or_never`) left
        // the terminal's events waking nobody when the next key came, so a key waited for
        // the next clock tick — up to a second.
        while let Poll::Ready(next) = poll_fn(|cx| Poll::Ready(events.poll_next_unpin(cx))).await {
            match next {
                Some(Ok(event)) => actions.extend(event_action(event)),
                Some(Err(error)) => return Err(error),
                None => {
                    ended = true;
                    break;
                }
            }
        }
        // The terminal's own effects are the loop's (it holds the terminal); the others go
        // to `perform`.
        let (mut announce, mut repaint) = (Vec::new(), false);
        let searching = awaited_search(&state);
        let keyed =
            actions.iter().any(|action| matches!(action, Action::Key(_) | Action::Paste(_)));
        for action in actions {
            for effect in update::update(&mut state, action) {
                match effect {
                    Effect::Announce(bytes) => announce.push(bytes),
                    Effect::Repaint => repaint = true,
                    effect => quit |= perform(effect),
                }
            }
        }
        // A bell or a desktop notification asked for by this batch goes out before its
        // frame: whoever sees the frame (the toast) has had them.
        if !announce.is_empty() {
            let backend = terminal.backend_mut();
            for bytes in announce {
                io::Write::write_all(backend, bytes.as_bytes())?;
            }
            io::Write::flush(backend)?;
        }
        if repaint {
            // Another program had the screen: nothing of the last frame is there. Not
            // `Terminal::clear`, which asks the terminal where its cursor is: the answer would
            // race the event reader.
            terminal.backend_mut().clear_region(ClearType::All).map_err(Into::into)?;
            terminal.swap_buffers();
        }
        hold.after_batch(searching, awaited_search(&state), keyed);
        let held = hold.holds();
        if !held {
            hold.release();
        }
        if (repaint || (update::needs_frame(&state) && !held)) && !quit {
            draw(terminal, &state)?;
            update::frame_drawn(&mut state);
            hold.release();
        }
    }
    Ok(state)
}

/// The search of the shown list whose answer is awaited.
fn awaited_search(state: &AppState) -> Option<u64> {
    state.current_list().and_then(ListState::awaited_search)
}
