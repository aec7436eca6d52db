//! The terminal's events, pausable. While the pager or the editor runs, crossterm's reader
//! thread must not be waiting on the terminal, or it would take keys meant for them; the
//! only way to stop it is to drop its `EventStream`, so pausing drops it and resuming makes
//! a new one.

use crossterm::event::{Event, EventStream};
use futures_util::Stream;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, Waker};

#[derive(Default)]
struct Inner {
    stream: Option<EventStream>,
    /// The loop waiting on a paused stream, woken on resume.
    waiting: Option<Waker>,
}

/// The events of the real terminal, as the event loop reads them.
pub struct Input {
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
    pub fn new() -> (Input, InputSwitch) {
        let inner = Arc::new(Mutex::new(Inner { stream: Some(EventStream::new()), waiting: None }));
        (Input { inner: Arc::clone(&inner) }, InputSwitch { inner })
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
