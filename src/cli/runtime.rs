//! The async runtime, started only by what needs it: a command that talks to the API or a
//! simulator, and the dashboard. `--version`, `--help`, `completions` and
//! `contacts import --dry-run` end before one would start: a runtime started first made
//! `--version` 2.3× `jq --version`, and its budget is 1.5× (docs/PERFORMANCE.md).

use std::future::Future;
use std::io;

/// Runs `future` to its end on a fresh multi-threaded runtime (the simulator and the
/// dashboard spawn tasks and blocking work; the client's connection runs beside the
/// command that reads it).
pub fn block_on<F: Future>(future: F) -> io::Result<F::Output> {
    run(tokio::runtime::Builder::new_multi_thread().enable_all().build()?, future)
}

/// [`block_on`] for the dashboard, whose `future` (run on this thread) draws every frame and
/// answers every key: the runtime's threads — reads, decodes, indexes, searches, the chains
/// of a first look — run a little behind it. On a machine of two cores the first look at a
/// million contacts kept both cores busy, and a key waited for its frame as long as the
/// kernel shared the cores out evenly (hundreds of milliseconds); with the workers niced,
/// the kernel gives the thread that draws its turn first. The work takes as long as before
/// when nothing else wants the cores.
pub fn block_on_behind_the_ui<F: Future>(future: F) -> io::Result<F::Output> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .on_thread_start(yield_to_the_ui)
        .build()?;
    run(runtime, future)
}

/// How far behind: enough that the kernel weighs the drawing thread about ten times a
/// worker (each step of niceness is about 1.25 times), not so far that work stops while
/// the dashboard idles.
const WORKER_NICENESS: i32 = 10;

/// Lowers the priority of the calling thread (a thread the runtime starts; threads it
/// starts in turn inherit it).
fn yield_to_the_ui() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: gettid has no preconditions; setpriority on the calling thread's own id
        // changes only its scheduling weight, and a failure (not permitted) leaves it as it
        // was, which is harmless.
        unsafe {
            let thread = libc::gettid();
            libc::setpriority(libc::PRIO_PROCESS, thread as libc::id_t, WORKER_NICENESS);
        }
    }
}

fn run<F: Future>(runtime: tokio::runtime::Runtime, future: F) -> io::Result<F::Output> {
    let output = runtime.block_on(future);
    // Dropping a runtime waits for every blocking task without end; a closed dashboard must
    // end even if one is stuck (a terminal read, a search over a large list). A local-state
    // write still running gets the time SQLite's busy timeout gives it.
    runtime.shutdown_timeout(SHUTDOWN);
    Ok(output)
}

/// How long the end of a command waits for blocking work still running.
const SHUTDOWN: std::time::Duration = std::time::Duration::from_secs(3);

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// The niceness of the calling thread.
    fn niceness() -> i32 {
        // SAFETY: reads the calling thread's own scheduling priority.
        unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) }
    }

    #[test]
    fn the_dashboards_workers_run_behind_the_thread_that_draws() {
        // A test thread of its own: the niceness asked of a worker is relative to nothing,
        // so the drawing thread's is read rather than assumed.
        std::thread::spawn(|| {
            let drawing = niceness();
            let (worker, blocking, drawn) = block_on_behind_the_ui(async {
                let worker = crate::tasks::spawn(async { niceness() }).await.unwrap();
                let blocking = crate::tasks::spawn_blocking(niceness).await.unwrap();
                (worker, blocking, niceness())
            })
            .unwrap();
            assert_eq!(drawn, drawing, "the thread that draws keeps its priority");
            let behind = (drawing + WORKER_NICENESS).min(19);
            assert_eq!((worker, blocking), (behind, behind), "workers and blocking work");
            // The command line's runtime keeps every thread as it is.
            let plain = block_on(async { crate::tasks::spawn(async { niceness() }).await });
            let plain = plain.unwrap().unwrap();
            assert_eq!(plain, drawing);
        })
        .join()
        .unwrap();
    }
}
