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
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let output = runtime.block_on(future);
    // Dropping a runtime waits for every blocking task without end; a closed dashboard must
    // end even if one is stuck (a terminal read, a search over a large list). A local-state
    // write still running gets the time SQLite's busy timeout gives it.
    runtime.shutdown_timeout(SHUTDOWN);
    Ok(output)
}

/// How long the end of a command waits for blocking work still running.
const SHUTDOWN: std::time::Duration = std::time::Duration::from_secs(3);
