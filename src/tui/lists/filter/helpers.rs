//! Threads kept for the parts of a large search. A thread started for each search was put
//! by the kernel beside the thread that started it, on the same core, while the other core
//! stayed idle: at 100k contacts a letter then took the time of the whole search on one
//! core (about 17 ms) instead of half of it, one keystroke in three. A thread that waits
//! for work is woken where a core is idle.
//!
//! A queue and an answer are a mutex and a condition variable each, not channels: the
//! standard library's channels are ~30 KB of code per type of message, and the binary has
//! a ceiling.

use super::placement;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, OnceLock};

/// A part of a search, to run on a helper.
type Part = Box<dyn FnOnce() + Send>;

/// The machine's cores, asked once: the standard library reads the cgroup's files each
/// time (about 0.3 ms, twice a keystroke).
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// As many helpers as a search has threads, less the thread that asks: one a core beyond
/// the first, at most three (and one on a single core, where its work is still correct).
fn helpers() -> usize {
    cores().clamp(2, 4) - 1
}

/// How many helpers a search should hand pieces to: none on a single core, where they
/// would only take turns with the thread that asks.
pub fn count() -> usize {
    started().min(cores() - 1)
}

/// The parts waiting for a helper.
struct Queue {
    parts: Mutex<VecDeque<Part>>,
    added: Condvar,
}

static QUEUE: Queue = Queue { parts: Mutex::new(VecDeque::new()), added: Condvar::new() };

/// How many helpers run, started at the first large search.
fn started() -> usize {
    static STARTED: OnceLock<usize> = OnceLock::new();
    *STARTED.get_or_init(|| {
        let start =
            |n| std::thread::Builder::new().name(format!("search-{n}")).spawn(|| help(&QUEUE));
        (0..helpers())
            .filter(|&n| match start(n) {
                Ok(_) => true,
                Err(error) => {
                    tracing::warn!(%error, "a search helper could not start");
                    false
                }
            })
            .count()
    })
}

/// The queue, its helpers started; `None` when none could be.
fn queue() -> Option<&'static Queue> {
    (started() > 0).then_some(&QUEUE)
}

/// A helper's life: one part after another. A part that panics (only where panics unwind:
/// the release build aborts) ends without its answer, and the helper goes on.
fn help(queue: &Queue) {
    loop {
        let part = {
            let Ok(mut parts) = queue.parts.lock() else { return };
            loop {
                if let Some(part) = parts.pop_front() {
                    break part;
                }
                let Ok(waited) = queue.added.wait(parts) else { return };
                parts = waited;
            }
        };
        drop(std::panic::catch_unwind(std::panic::AssertUnwindSafe(part)));
    }
}

/// The answer of a part: `None` until it ends, then the work's value (`None` when it did
/// not finish).
struct Slot<T> {
    value: Mutex<Option<Option<T>>>,
    ended: Condvar,
}

/// Gives the part's answer, or says it ended without one when dropped first (the work
/// panicked): whoever waits is never left waiting.
struct Giver<T>(Arc<Slot<T>>);

impl<T> Giver<T> {
    fn give(&self, value: Option<T>) {
        if let Ok(mut slot) = self.0.value.lock()
            && slot.is_none()
        {
            *slot = Some(value);
            self.0.ended.notify_all();
        }
    }
}

impl<T> Drop for Giver<T> {
    fn drop(&mut self) {
        self.give(None);
    }
}

/// The answer to wait for.
pub struct Answer<T>(Arc<Slot<T>>);

impl<T> Answer<T> {
    /// Waits for the part to end: its value, `None` when it could not finish.
    pub fn wait(self) -> Option<T> {
        let mut slot = self.0.value.lock().ok()?;
        loop {
            if let Some(value) = slot.take() {
                return value;
            }
            slot = self.0.ended.wait(slot).ok()?;
        }
    }
}

/// Runs `work` on a helper (here, when there is none), on another core than the one this
/// thread is on, which searches its own part meanwhile.
pub fn run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Answer<T> {
    let slot = Arc::new(Slot { value: Mutex::new(None), ended: Condvar::new() });
    let giver = Giver(Arc::clone(&slot));
    let asker = placement::current_core();
    let part: Part = Box::new(move || {
        let _placed = placement::away_from(asker);
        giver.give(Some(work()));
    });
    match queue().map(|queue| (queue, queue.parts.lock())) {
        Some((queue, Ok(mut parts))) => {
            parts.push_back(part);
            queue.added.notify_one();
        }
        _ => part(),
    }
    Answer(slot)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_run_on_helpers_and_answer() {
        let here = std::thread::current().id();
        let answers: Vec<_> =
            (0..8).map(|n| run(move || (n * 2, std::thread::current().id()))).collect();
        for (n, answer) in answers.into_iter().enumerate() {
            let (double, thread) = answer.wait().expect("a helper answers");
            assert_eq!(double, n * 2);
            assert_ne!(thread, here, "run on a helper, not on the thread that asked");
        }
    }

    #[test]
    fn a_part_that_fails_answers_none() {
        let answer = run(|| -> usize { panic!("a part that fails") });
        assert_eq!(answer.wait(), None);
        assert_eq!(run(|| 7).wait(), Some(7), "the helpers go on");
    }
}
