//! The terminal's events, pausable. While the pager or the editor runs, nothing of ours may
//! be reading the terminal, or it would take keys meant for them; and once they end, every
//! key is the dashboard's again, those typed ahead as they ended too.
//!
//! A thread of its own reads the terminal with crossterm's `poll`, a slice at a time, and
//! `read`, and hands the events over through a channel. A pause returns only once that
//! thread has let go of the terminal (it does at the end of its slice), so the first key
//! typed into the pager is the pager's.
//!
//! Not crossterm's `EventStream`: the only way to stop one is to drop it, and the drop
//! wakes crossterm's shared reader. When no read was waiting, that wake-up is left over for
//! the next stream, whose poll can then see it together with a key typed meanwhile; it
//! keeps the wake-up and loses the key's readiness (the terminal is watched
//! edge-triggered), so that key, and the dashboard, waited for the next key. Nothing here
//! wakes crossterm's reader, so nothing is lost.
//!
//! On a thread of its own, a terminal that goes away (an SSH drop), where crossterm's read
//! loop spins on the dead terminal and never returns, leaves the event loop free to see
//! the SIGHUP.

use crossterm::event::{self, Event};
use futures_util::Stream;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// One look at the terminal: a key comes as soon as it is typed whatever this is, but a
/// pause waits up to this long for the reader to let go (the pager starts that much later)
/// and the reader wakes this often while nothing is typed.
const SLICE: Duration = Duration::from_millis(50);

/// The longest a pause waits: a reader stuck on a terminal that is gone never lets go, and
/// then there is no one the keys could be taken from.
const LET_GO: Duration = Duration::from_secs(1);

#[derive(Default)]
struct Reading {
    paused: bool,
    /// The reader waits for the pause to end, away from the terminal.
    let_go: bool,
    /// The reader has ended or is to end.
    ended: bool,
}

#[derive(Default)]
struct Shared {
    reading: Mutex<Reading>,
    changed: Condvar,
}

/// The events of the real terminal, as the event loop reads them.
pub struct Input {
    events: mpsc::UnboundedReceiver<io::Result<Event>>,
    shared: Arc<Shared>,
}

/// Pauses and resumes an [`Input`]; held by the runner.
#[derive(Clone)]
pub struct InputSwitch {
    shared: Arc<Shared>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Reading> {
        self.reading.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn wait<'a>(
        &self,
        reading: MutexGuard<'a, Reading>,
        within: Duration,
    ) -> MutexGuard<'a, Reading> {
        match self.changed.wait_timeout(reading, within) {
            Ok((reading, _)) => reading,
            Err(poisoned) => poisoned.into_inner().0,
        }
    }

    /// The reader's turn between two looks: waits out a pause, saying it let go. `false`:
    /// the reader is to end.
    fn may_read(&self) -> bool {
        let mut reading = self.lock();
        if reading.paused && !reading.ended {
            reading.let_go = true;
            self.changed.notify_all();
            while reading.paused && !reading.ended {
                reading = self.wait(reading, LET_GO);
            }
            reading.let_go = false;
        }
        !reading.ended
    }

    fn end(&self) {
        self.lock().ended = true;
        self.changed.notify_all();
    }
}

impl Input {
    /// Starts reading the terminal on a thread of its own.
    pub fn new() -> io::Result<(Input, InputSwitch)> {
        let shared = Arc::new(Shared::default());
        let (sender, events) = mpsc::unbounded_channel();
        let reader = Arc::clone(&shared);
        std::thread::Builder::new().name("terminal-input".into()).spawn(move || {
            read(&reader, &sender);
            reader.end();
        })?;
        Ok((Input { events, shared: Arc::clone(&shared) }, InputSwitch { shared }))
    }
}

/// Reads events until an error (sent, then the end), the pause's owner ends it, or nobody
/// listens any more.
fn read(shared: &Shared, sender: &mpsc::UnboundedSender<io::Result<Event>>) {
    while shared.may_read() {
        let next = match event::poll(SLICE) {
            Ok(false) => continue,
            // `poll` said an event is there: `read` does not wait.
            Ok(true) => event::read(),
            Err(error) => Err(error),
        };
        let failed = next.is_err();
        if sender.send(next).is_err() || failed {
            return;
        }
    }
}

impl Drop for Input {
    fn drop(&mut self) {
        self.shared.end();
    }
}

impl InputSwitch {
    /// Stops reading the terminal: returns once the reader has let go of it.
    pub fn pause(&self) {
        let shared = &self.shared;
        let mut reading = shared.lock();
        reading.paused = true;
        let deadline = Instant::now() + LET_GO;
        while !reading.let_go && !reading.ended {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                tracing::warn!("the terminal's reader did not let go: keys may go astray");
                return;
            }
            reading = shared.wait(reading, left);
        }
    }

    /// Reads the terminal again.
    pub fn resume(&self) {
        self.shared.lock().paused = false;
        self.shared.changed.notify_all();
    }
}

impl Stream for Input {
    type Item = io::Result<Event>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.events.poll_recv(cx)
    }
}
