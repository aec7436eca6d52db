//! The outage cluster (`OUTREACH_TEST_PG_OUTAGE`), really stopped and started again. Tests
//! that stop it take turns: one test's restart must not end another's outage half-way.

use std::process::Command;
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

fn ctl(what: &str) {
    let ctl = std::env::var("OUTREACH_TEST_PG_CTL").unwrap();
    let status = Command::new(ctl).arg(what).output().unwrap();
    assert!(status.status.success(), "{what}: {}", String::from_utf8_lossy(&status.stderr));
}

/// This test's turn with the outage cluster; the cluster is started again when it ends,
/// even when the test fails half-way.
pub struct Turn {
    stopped: bool,
    _turn: MutexGuard<'static, ()>,
}

impl Turn {
    pub fn take() -> Turn {
        Turn { stopped: false, _turn: TURN.lock().unwrap_or_else(PoisonError::into_inner) }
    }

    pub fn stop(&mut self) {
        self.stopped = true;
        ctl("stop");
    }

    pub fn start(&mut self) {
        ctl("start");
        self.stopped = false;
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        if self.stopped {
            let ctl = std::env::var("OUTREACH_TEST_PG_CTL").unwrap_or_default();
            let _ = Command::new(ctl).arg("start").output();
        }
    }
}
