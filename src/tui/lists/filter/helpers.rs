//! Threads kept for the parts of a large search. A thread started for each search was put
//! by the kernel beside the thread that started it, on the same core, while the other core
//! stayed idle: at 100k contacts a letter then took the time of the whole search on one
//! core (about 17 ms) instead of half of it, one keystroke in three. A thread that waits
//! for work is woken where a core is idle.

use std::sync::mpsc::{self, Receiver, SendError, Sender};
use std::sync::{Arc, Mutex, OnceLock};

/// A part of a search, to run on a helper.
pub type Part = Box<dyn FnOnce() + Send>;

/// The queue the helpers take parts from; `None` when no helper could be started.
fn queue() -> Option<&'static Mutex<Sender<Part>>> {
    static QUEUE: OnceLock<Option<Mutex<Sender<Part>>>> = OnceLock::new();
    QUEUE
        .get_or_init(|| {
            let (send, parts) = mpsc::channel::<Part>();
            let parts = Arc::new(Mutex::new(parts));
            let started = (0..HELPERS)
                .filter(|n| {
                    let parts = Arc::clone(&parts);
                    std::thread::Builder::new()
                        .name(format!("search-{n}"))
                        .spawn(move || help(&parts))
                        .is_ok()
                })
                .count();
            (started > 0).then(|| Mutex::new(send))
        })
        .as_ref()
}

/// As many helpers as the largest search splits into, less the thread that asks.
const HELPERS: usize = 3;

/// A helper's life: one part after another, until the queue is gone.
fn help(parts: &Mutex<Receiver<Part>>) {
    loop {
        // The lock is held only while waiting for the next part, not while it runs.
        let next = match parts.lock() {
            Ok(parts) => parts.recv(),
            Err(_) => return,
        };
        match next {
            Ok(part) => part(),
            Err(_) => return,
        }
    }
}

/// Runs `work` on a helper; its answer comes on the receiver (which says disconnected if
/// the work could not finish). Runs it here when no helper can take it.
pub fn run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Receiver<T> {
    let (answer, answered) = mpsc::channel();
    let part: Part = Box::new(move || drop(answer.send(work())));
    let refused = match queue().map(|queue| queue.lock()) {
        Some(Ok(queue)) => queue.send(part).err().map(|SendError(part)| part),
        _ => Some(part),
    };
    if let Some(part) = refused {
        part();
    }
    answered
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
            let (double, thread) = answer.recv().unwrap();
            assert_eq!(double, n * 2);
            assert_ne!(thread, here, "run on a helper, not on the thread that asked");
        }
    }
}
