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

use crossterm::event::{Event, EventStream};
use futures_util::{Stream, StreamExt};
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, Waker};
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
}

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
        let reader = crate::tasks::spawn(async move {
            while let Some(event) = source.next().await {
                if sender.send(event).is_err() {
                    break;
                }
            }
        });
        (Input { events, reader }, InputSwitch { inner })
    }
}

impl Drop for Input {
    fn drop(&mut self) {
        self.reader.abort();
    }
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
