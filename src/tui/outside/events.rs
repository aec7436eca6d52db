//! The terminal's events, pausable. While the pager or the editor runs, crossterm's reader
//! thread must not be waiting on the terminal, or it would take keys meant for them; the
//! only way to stop it is to drop its `EventStream`, so pausing drops it and resuming makes
//! a new one.
//!
//! The stream is read on a task of its own and handed over through a channel: when the
//! terminal goes away (an SSH drop), crossterm's read loop spins on the dead terminal and
//! never returns, and on the event loop's task that would keep the SIGHUP from being seen —
//! the dashboard would never end. On its own task it spins alone until the runtime's
//! bounded shutdown leaves it behind.
//!
//! A terminal can also vanish with no SIGHUP for us (the dashboard is not in the terminal's
//! session, or the signal was lost), and crossterm's reader never says so: a watcher asks
//! the terminal a few times a second whether it hung up, and hands the event loop an error
//! that says the terminal is gone, so the dashboard ends at once rather than running on,
//! hooks and all, until some later write fails.

use crossterm::event::{Event, EventStream};
use futures_util::{Stream, StreamExt};
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, Waker};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

#[derive(Default)]
struct Inner {
    stream: Option<EventStream>,
    /// The loop waiting on a paused stream, woken on resume.
    waiting: Option<Waker>,
}

/// The events of the real terminal, as the event loop reads them.
pub struct Input {
    events: mpsc::UnboundedReceiver<io::Result<Event>>,
    reader: JoinHandle<()>,
    watcher: JoinHandle<()>,
}

/// How often the terminal is asked whether it hung up.
const HANGUP_EVERY: Duration = Duration::from_millis(200);

/// The terminal's stream as the reading task polls it (nothing while paused).
struct Source {
    inner: Arc<Mutex<Inner>>,
}

/// Pauses and resumes an [`Input`]; held by the runner.
#[derive(Clone)]
pub struct InputSwitch {
    inner: Arc<Mutex<Inner>>,
}

fn lock(inner: &Mutex<Inner>) -> MutexGuard<'_, Inner> {
    inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Input {
    /// Starts reading the terminal on a task of its own; needs the runtime.
    pub fn new() -> (Input, InputSwitch) {
        let inner = Arc::new(Mutex::new(Inner { stream: Some(EventStream::new()), waiting: None }));
        let (sender, events) = mpsc::unbounded_channel();
        let mut source = Source { inner: Arc::clone(&inner) };
        let hung_up = sender.clone();
        let reader = tokio::spawn(async move {
            while let Some(event) = source.next().await {
                if sender.send(event).is_err() {
                    break;
                }
            }
        });
        // Which descriptors are the terminal is asked now: once it hung up, it no longer
        // answers as a terminal.
        let ttys = terminals();
        let watcher = tokio::spawn(async move {
            let mut every = tokio::time::interval(HANGUP_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
            loop {
                every.tick().await;
                if hung_up_any(&ttys) {
                    let gone = io::Error::new(io::ErrorKind::UnexpectedEof, "the terminal hung up");
                    let _ = hung_up.send(Err(gone));
                    break;
                }
            }
        });
        (Input { events, reader, watcher }, InputSwitch { inner })
    }
}

impl Drop for Input {
    fn drop(&mut self) {
        self.reader.abort();
        self.watcher.abort();
    }
}

/// The terminal the dashboard reads and draws on: its standard input and output, where
/// they are a terminal (a pipe's closed end is no news about the terminal).
#[cfg(unix)]
fn terminals() -> Vec<i32> {
    [libc::STDIN_FILENO, libc::STDOUT_FILENO]
        .into_iter()
        // SAFETY: isatty only inspects the descriptor.
        .filter(|fd| unsafe { libc::isatty(*fd) } == 1)
        .collect()
}

#[cfg(not(unix))]
fn terminals() -> Vec<i32> {
    Vec::new()
}

/// Whether one of `ttys` hung up, polled without reading (POLLHUP, or an error on it).
#[cfg(unix)]
fn hung_up_any(ttys: &[i32]) -> bool {
    if ttys.is_empty() {
        return false;
    }
    let mut polled: Vec<libc::pollfd> =
        ttys.iter().map(|&fd| libc::pollfd { fd, events: 0, revents: 0 }).collect();
    // SAFETY: poll reads and writes only the array given, of the length given; a timeout of
    // 0 returns at once.
    let ready = unsafe { libc::poll(polled.as_mut_ptr(), polled.len() as libc::nfds_t, 0) };
    ready > 0
        && polled.iter().any(|fd| fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0)
}

#[cfg(not(unix))]
fn hung_up_any(_ttys: &[i32]) -> bool {
    false
}

impl InputSwitch {
    /// Stops reading the terminal (the reader thread ends).
    pub fn pause(&self) {
        lock(&self.inner).stream = None;
    }

    /// Reads the terminal again.
    pub fn resume(&self) {
        let mut inner = lock(&self.inner);
        inner.stream = Some(EventStream::new());
        if let Some(waker) = inner.waiting.take() {
            waker.wake();
        }
    }
}

impl Stream for Input {
    type Item = io::Result<Event>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.events.poll_recv(cx)
    }
}

impl Stream for Source {
    type Item = io::Result<Event>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let mut inner = lock(&self.inner);
        match inner.stream.as_mut() {
            Some(stream) => Pin::new(stream).poll_next(cx),
            None => {
                inner.waiting = Some(cx.waker().clone());
                Poll::Pending
            }
        }
    }
}
