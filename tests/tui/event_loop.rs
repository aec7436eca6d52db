//! The event loop in process, on a byte-capturing backend with a fake event stream and a
//! runner that answers from the fixtures: actions ready together give one frame, nothing
//! is drawn when nothing changed, and an idle dashboard writes nothing while time passes.

use crate::common;

use chrono::{DateTime, Utc};
use common::*;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use futures_util::Stream;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::lists::search::ListJob;
use outreach_tui::tui::model::Slot;
use outreach_tui::tui::resource::{Contacts, loaded};
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::{Timers, event_loop};
use std::io;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// What every frame starts with (a synchronized update).
const FRAME_START: &[u8] = b"\x1b[?2026h";

fn frames(captured: &Captured) -> usize {
    captured.0.borrow().windows(FRAME_START.len()).filter(|w| *w == FRAME_START).count()
}

fn written(captured: &Captured) -> usize {
    captured.0.borrow().len()
}

/// Performs effects as the runner would, answering from the fixtures at once.
fn fixture_runner(answers: mpsc::UnboundedSender<Action>) -> impl FnMut(Effect) -> bool {
    move |effect| {
        match effect {
            Effect::Connect => drop(answers.send(Action::Connected(Ok(info())))),
            Effect::Fetch(fetch) => drop(answers.send(answer_for(&fetch))),
            Effect::Quit => return true,
            _ => {}
        }
        false
    }
}

/// The terminal's events, as the test sends them; they end when the sender is dropped.
fn terminal_events(
    events: mpsc::UnboundedReceiver<Event>,
) -> impl Stream<Item = io::Result<Event>> + Unpin {
    Box::pin(futures_util::stream::unfold(events, |mut events| async move {
        events.recv().await.map(|event| (Ok(event), events))
    }))
}

fn press(c: char) -> Event {
    Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
}

/// Waits (yielding to the loop, never sleeping) until `done` holds.
async fn until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for: {what}");
        tokio::task::yield_now().await;
    }
}

fn timers(now: fn() -> DateTime<Utc>) -> Timers {
    Timers { now, ..Timers::default() }
}

/// Runs the loop at 80×24 while `drive` sends events; gives back the final state.
async fn run_loop<F: Future<Output = ()>>(
    timers: Timers,
    drive: impl FnOnce(Captured, mpsc::UnboundedSender<Event>) -> F,
) -> (AppState, Captured) {
    let (mut terminal, captured) = byte_terminal(80, 24);
    let state = AppState::new(settings(Theme::default()), 80, 24, now());
    let (answers_tx, answers) = mpsc::unbounded_channel();
    let (events_tx, events) = mpsc::unbounded_channel();
    let looping = event_loop(
        &mut terminal,
        state,
        terminal_events(events),
        answers,
        fixture_runner(answers_tx),
        std::future::pending(),
        timers,
    );
    let (state, ()) = tokio::join!(looping, drive(captured.clone(), events_tx));
    (state.expect("the loop ends without an I/O error"), captured)
}

/// The first frame, the one after connecting, the one with the Overview's data.
const LOADED: usize = 3;

#[tokio::test]
async fn keys_ready_together_give_one_frame() {
    let (state, captured) = run_loop(timers(now), |captured, keys| async move {
        until("the Overview is loaded and drawn", || frames(&captured) == LOADED).await;
        for event in [press('2'), press('j'), press('j')] {
            keys.send(event).unwrap();
        }
    })
    .await;
    assert_eq!(frames(&captured), LOADED + 1, "three keys, one frame");
    assert_eq!(state.panes.campaigns.list.selected_index(), Some(2), "every key was applied");
    let screen = String::from_utf8_lossy(&captured.0.borrow()).into_owned();
    assert!(screen.contains("Campaigns"), "the frame shows the Campaigns pane");
}

#[tokio::test]
async fn nothing_is_drawn_when_nothing_changed() {
    let (_, captured) = run_loop(timers(now), |captured, events| async move {
        until("the Overview is loaded and drawn", || frames(&captured) == LOADED).await;
        let release =
            KeyEvent::new_with_kind(KeyCode::Char('j'), KeyModifiers::NONE, KeyEventKind::Release);
        for event in [Event::FocusGained, Event::Key(release), Event::FocusLost] {
            events.send(event).unwrap();
        }
        drop(events);
    })
    .await;
    assert_eq!(frames(&captured), LOADED, "focus changes and key releases draw nothing");
}

static CLOCK_READS: AtomicUsize = AtomicUsize::new(0);

fn counted_now() -> DateTime<Utc> {
    CLOCK_READS.fetch_add(1, Ordering::SeqCst);
    now()
}

#[tokio::test]
async fn an_idle_dashboard_writes_nothing() {
    // The clock ticks every few milliseconds here, so many ticks pass quickly.
    let fast = Timers { clock: Duration::from_millis(2), ..timers(counted_now) };
    let (_, captured) = run_loop(fast, |captured, events| async move {
        until("the Overview is loaded and drawn", || frames(&captured) == LOADED).await;
        let (bytes, reads) = (written(&captured), CLOCK_READS.load(Ordering::SeqCst));
        let ticked = || CLOCK_READS.load(Ordering::SeqCst) >= reads + 20;
        until("twenty clock ticks", ticked).await;
        assert_eq!(written(&captured), bytes, "zero bytes while idle");
        drop(events);
    })
    .await;
    assert_eq!(frames(&captured), LOADED);
}

/// Terminal events as crossterm's `EventStream` gives them: when none is waiting, only the
/// waker of the first poll is kept (its wake task is already running), and it is woken once.
#[derive(Clone, Default)]
struct FirstWakerEvents(std::sync::Arc<std::sync::Mutex<(Vec<Event>, Option<std::task::Waker>)>>);

impl FirstWakerEvents {
    fn send(&self, event: Event) {
        let mut inner = self.0.lock().unwrap();
        inner.0.push(event);
        if let Some(waker) = inner.1.take() {
            waker.wake();
        }
    }
}

impl Stream for FirstWakerEvents {
    type Item = io::Result<Event>;
    fn poll_next(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        let mut inner = self.0.lock().unwrap();
        if !inner.0.is_empty() {
            return std::task::Poll::Ready(Some(Ok(inner.0.remove(0))));
        }
        if inner.1.is_none() {
            inner.1 = Some(cx.waker().clone());
        }
        std::task::Poll::Pending
    }
}

#[tokio::test]
async fn a_key_is_drawn_at_once_without_waiting_for_a_clock_tick() {
    // No tick for an hour: only the key itself can wake the loop.
    let slow = Timers { clock: Duration::from_secs(3600), ..timers(now) };
    let local = tokio::task::LocalSet::new();
    let events = FirstWakerEvents::default();
    let (mut terminal, captured) = byte_terminal(80, 24);
    let looping = {
        let events = events.clone();
        local.spawn_local(async move {
            let state = AppState::new(settings(Theme::default()), 80, 24, now());
            let (answers_tx, answers) = mpsc::unbounded_channel();
            let runner = fixture_runner(answers_tx);
            event_loop(&mut terminal, state, events, answers, runner, std::future::pending(), slow)
                .await
        })
    };
    local
        .run_until(async {
            until("the Overview is loaded and drawn", || frames(&captured) == LOADED).await;
            events.send(press('2'));
            until("the key's frame", || frames(&captured) == LOADED + 1).await;
            events.send(press('q'));
            let ended = tokio::time::timeout(Duration::from_secs(10), looping).await;
            let state = ended.expect("q is seen without a clock tick").unwrap().unwrap();
            assert_eq!(state.panes.pane, outreach_tui::tui::model::Pane::Campaigns);
        })
        .await;
}

/// Contacts enough that a search runs off the UI thread.
fn many_contacts() -> Vec<outreach_tui::api::Contact> {
    let count = outreach_tui::tui::lists::list::INLINE_ROWS * 2;
    (0..count as i64)
        .map(|i| {
            // Every name holds "ann": each letter typed below searches them all again.
            let name = ["Ann", "Joanna", "Hannah", "Annika"][i as usize % 4];
            outreach_tui::api::Contact::new(i + 1, &format!("p{i}@x.test"), name, "Smith")
        })
        .collect()
}

/// A runner that answers from the fixtures (the contacts: [`many_contacts`]), indexes at
/// once, and keeps each search for the test to answer when it chooses.
fn holding_runner(
    answers: mpsc::UnboundedSender<Action>,
    searches: std::rc::Rc<std::cell::RefCell<Vec<ListJob>>>,
) -> impl FnMut(Effect) -> bool {
    move |effect| {
        match effect {
            Effect::Connect => drop(answers.send(Action::Connected(Ok(info())))),
            Effect::Fetch(fetch) if fetch.slot == Slot::Contacts => {
                let contacts = Ok(listed(many_contacts()));
                drop(answers.send(loaded::<Contacts>(fetch.req_id, contacts)));
            }
            Effect::Fetch(fetch) => drop(answers.send(answer_for(&fetch))),
            Effect::Search(job @ ListJob::Filter { .. }) => searches.borrow_mut().push(job),
            Effect::Search(job) => {
                job.perform(&mut |work| drop(answers.send(Action::Searched(work))))
            }
            Effect::Quit => return true,
            _ => {}
        }
        false
    }
}

#[tokio::test(start_paused = true)]
async fn a_letter_that_starts_a_search_is_drawn_once_with_its_answer_or_after_a_moment() {
    let (mut terminal, captured) = byte_terminal(80, 24);
    let state = AppState::new(settings(Theme::default()), 80, 24, now());
    let (answers_tx, answers) = mpsc::unbounded_channel();
    let (events_tx, events) = mpsc::unbounded_channel();
    let searches = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let runner = holding_runner(answers_tx.clone(), searches.clone());
    let slow = Timers { clock: Duration::from_secs(3600), ..timers(now) };
    let looping = event_loop(
        &mut terminal,
        state,
        terminal_events(events),
        answers,
        runner,
        std::future::pending(),
        slow,
    );
    // The screen as a terminal shows it after every byte written so far.
    let screen = |captured: &Captured| {
        let size = |n| std::num::NonZero::new(n).unwrap();
        let mut terminal = vt100::Parser::new(size(24), size(80), 0);
        terminal.process(&captured.0.borrow());
        terminal.screen().contents()
    };
    let answer = |searches: &std::rc::Rc<std::cell::RefCell<Vec<ListJob>>>| {
        for job in searches.borrow_mut().drain(..) {
            job.perform(&mut |work| drop(answers_tx.send(Action::Searched(work))));
        }
    };
    let drive = async {
        until("the Overview is loaded and drawn", || frames(&captured) >= LOADED).await;
        events_tx.send(press('6')).unwrap();
        until("the contacts are shown", || screen(&captured).contains("8192")).await;
        until("the contacts are indexed", || !screen(&captured).contains("indexing")).await;
        let shown = frames(&captured);
        events_tx.send(press('/')).unwrap();
        until("the filter is open", || frames(&captured) > shown).await;
        let before = frames(&captured);

        // A letter starts a search: its frame waits for the answer, then shows both.
        events_tx.send(press('a')).unwrap();
        until("the search starts", || !searches.borrow().is_empty()).await;
        for _ in 0..100 {
            tokio::task::yield_now().await;
        }
        assert_eq!(frames(&captured), before, "no frame only to echo the letter");
        answer(&searches);
        until("the answer's frame", || frames(&captured) == before + 1).await;
        assert!(screen(&captured).contains("/a"), "the letter and its matches in one frame");

        // A search that takes longer: the letter is drawn once the moment is over.
        let before = frames(&captured);
        events_tx.send(press('n')).unwrap();
        until("the search starts", || !searches.borrow().is_empty()).await;
        tokio::time::advance(outreach_tui::tui::clocks::ECHO_WAIT).await;
        until("the letter's frame", || frames(&captured) == before + 1).await;
        assert!(screen(&captured).contains("/an"), "{}", screen(&captured));
        answer(&searches);
        until("the answer's frame", || frames(&captured) == before + 2).await;

        // Any other key is drawn at once, even while a search runs.
        events_tx.send(press('n')).unwrap();
        until("the search starts", || !searches.borrow().is_empty()).await;
        let before = frames(&captured);
        events_tx.send(Event::Key(KeyEvent::new(KeyCode::Down, KeyModifiers::NONE))).unwrap();
        until("the move's frame", || frames(&captured) == before + 1).await;
        answer(&searches);
        drop(events_tx);
    };
    let (state, ()) = tokio::join!(looping, drive);
    assert_eq!(state.unwrap().panes.contacts.list.filter(), "ann");
}
