//! The outage cluster, really stopped and started again. Tests that stop it take turns: one
//! test's restart must not end another's outage half-way.

use super::cluster::{self, Cluster};
use super::pg;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

static TURN: Mutex<()> = Mutex::new(());

/// Waits until `done` holds, asking every 20 ms, for at most `limit`.
pub fn eventually(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let end = Instant::now() + limit;
    while Instant::now() < end {
        if done() {
            return true;
        }
        std::thread::park_timeout(Duration::from_millis(20));
    }
    done()
}

/// This test's turn with the outage cluster; the cluster is started again when it ends,
/// even when the test fails half-way.
pub struct Turn {
    cluster: &'static Cluster,
    stopped: bool,
    _turn: MutexGuard<'static, ()>,
}

impl Turn {
    /// The turn, or `None` (said on the terminal) when there is no PostgreSQL here.
    pub fn take() -> Option<Turn> {
        let cluster = pg::running(cluster::outage())?;
        let turn = TURN.lock().unwrap_or_else(PoisonError::into_inner);
        Some(Turn { cluster, stopped: false, _turn: turn })
    }

    /// The cluster's URL (its `postgres` database, as the superuser).
    pub fn server(&self) -> &'static str {
        &self.cluster.url
    }

    pub fn stop(&mut self) {
        self.stopped = true;
        self.cluster.stop().unwrap();
    }

    pub fn start(&mut self) {
        self.cluster.start().unwrap();
        self.stopped = false;
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        if self.stopped {
            let _ = self.cluster.start();
        }
    }
}
