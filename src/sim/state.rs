//! What the server's handlers share: the world behind a lock, the fault book, the
//! request log, and how long background work waits. Also who a request's key is.

use super::faults::FaultBook;
use super::reply::Reject;
use super::store::{Role, World};
use axum::http::{HeaderMap, StatusCode};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// Every request to the API, counted before faults apply, so a test can tell how often
/// a client really sent something.
#[derive(Debug, Default, Clone, Serialize)]
pub struct RequestLog {
    pub total: u64,
    /// By `"METHOD /path"`.
    pub requests: BTreeMap<String, u64>,
}

#[derive(Debug)]
struct Shared {
    world: Mutex<World>,
    faults: Mutex<FaultBook>,
    requests: Mutex<RequestLog>,
    background_delay: Duration,
}

/// Cheap to clone; handlers get one each.
#[derive(Debug, Clone)]
pub struct SimState(Arc<Shared>);

/// Locks a mutex; a panic elsewhere must not take the whole simulator down with it.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The organisation a request acts for and what its key may do.
#[derive(Debug, Clone, Copy)]
pub struct Caller {
    pub org: usize,
    pub role: Role,
}

impl Caller {
    /// Writes need the admin key; a read-only key gets 403, as a member without rights.
    pub fn require_admin(&self) -> Result<(), Reject> {
        match self.role {
            Role::Admin => Ok(()),
            Role::ReadOnly => Err(Reject::Detail(
                StatusCode::FORBIDDEN,
                "Not enough permissions: this API key is read-only".into(),
            )),
        }
    }
}

impl SimState {
    pub fn new(world: World, faults: FaultBook, background_delay: Duration) -> SimState {
        SimState(Arc::new(Shared {
            world: Mutex::new(world),
            faults: Mutex::new(faults),
            requests: Mutex::new(RequestLog::default()),
            background_delay,
        }))
    }

    pub fn world(&self) -> MutexGuard<'_, World> {
        lock(&self.0.world)
    }

    pub fn faults(&self) -> MutexGuard<'_, FaultBook> {
        lock(&self.0.faults)
    }

    pub fn requests(&self) -> MutexGuard<'_, RequestLog> {
        lock(&self.0.requests)
    }

    pub fn background_delay(&self) -> Duration {
        self.0.background_delay
    }

    /// Who sent the request: 401 without a key or with one no organisation has.
    pub fn caller(&self, headers: &HeaderMap) -> Result<Caller, Reject> {
        let key =
            headers.get("x-api-key").and_then(|value| value.to_str().ok()).unwrap_or_default();
        if key.is_empty() {
            return Err(Reject::NotAuthenticated);
        }
        match self.world().authenticate(key) {
            Some((org, role)) => Ok(Caller { org, role }),
            None => Err(Reject::Detail(StatusCode::UNAUTHORIZED, "Invalid API key".into())),
        }
    }

    /// Runs `work` on the world after the background delay, as FastAPI's background
    /// tasks run after the response is sent.
    pub fn in_background(&self, work: impl FnOnce(&mut World) + Send + 'static) {
        let state = self.clone();
        crate::tasks::spawn(async move {
            tokio::time::sleep(state.background_delay()).await;
            work(&mut state.world());
        });
    }
}
