//! The simulator: an in-process server of the whole API, used by the demo, the tests and
//! the benchmarks over real HTTP on loopback. Faithful (paths, status codes, JSON shapes,
//! 422 bodies), so that a client tested against it works against the real service.
//!
//! Several organisations with seeded, anchor-relative data; writes really change state;
//! FastAPI-shaped errors and 422 bodies; fault injection; admin routes under `/_sim/`.

mod absence_notice;
mod admin;
mod campaign_kind;
pub mod chain;
mod chain_body;
pub mod clock;
mod fault_apply;
pub mod faults;
mod hostile;
pub mod live;
mod ops;
mod params;
mod pyjson;
mod reply;
pub mod rng;
mod routes;
pub mod seed;
mod seed_activity;
mod seed_bots;
#[cfg(test)]
mod seed_tests;
mod speedate;
mod state;
pub mod store;
mod validate;
pub mod words;

pub use faults::{FaultKind, FaultRule, SPEC_HELP as FAULT_SPEC_HELP};
pub use store::{DuplicateContact, Groups};

use crate::api::ApiKey;
use axum::Router;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use faults::{FaultBook, parse_spec};
use state::SimState;
use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// How to run a simulator.
#[derive(Debug, Clone)]
pub struct SimOptions {
    /// Where to listen; port 0 picks a free one.
    pub addr: SocketAddr,
    pub seed: u64,
    /// Volume multiplier: 1 is demo size; 100 gives ~100k contacts and ~20k exchanges.
    pub scale: u32,
    /// How endpoint 5 answers a duplicate (switchable later via `/_sim/duplicate-contacts`).
    pub duplicate_contact: DuplicateContact,
    /// Fault rules in the `--faults` syntax ([`FAULT_SPEC_HELP`]).
    pub faults: Option<String>,
    /// The instant the data is generated around (default: now). Fixed anchor + seed give
    /// identical data run to run.
    pub anchor: Option<DateTime<Utc>>,
    /// How long background work of endpoints 1 and 2 waits after the 202.
    pub background_delay: Duration,
    /// A reply arrives in the first organisation every 30 to 90 seconds (the live demo).
    /// Off by default so the data stays the same run to run; `POST /_sim/replies` works
    /// either way.
    pub live: bool,
    /// Organisations served: the demo's four, then small clients up to this many.
    pub orgs: usize,
    /// Endpoint 9 keeps meeting-booked apart: the replied group leaves MEETING_BOOKED out,
    /// as a server may (the spec leaves it open). Off: the replied group holds them too.
    pub meeting_booked_apart: bool,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            addr: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
            seed: 1,
            orgs: seed::DEMO_ORGS,
            scale: 1,
            duplicate_contact: DuplicateContact::Reject400,
            faults: None,
            anchor: None,
            background_delay: Duration::from_millis(150),
            live: false,
            meeting_booked_apart: false,
        }
    }
}

/// One organisation's keys.
#[derive(Debug, Clone)]
pub struct SimOrg {
    pub name: String,
    pub admin_key: ApiKey,
    /// Reads everything, gets 403 on every write.
    pub read_only_key: ApiKey,
}

/// A running simulator. Dropping it stops the server too.
#[derive(Debug)]
pub struct SimHandle {
    /// `http://127.0.0.1:PORT`, without a trailing slash.
    pub base_url: String,
    pub addr: SocketAddr,
    /// Northwind (rich demo, most bots healthy, a few need attention, one ending, two
    /// retired), Globex (small, live bots healthy, one retired), Initech (for isolation
    /// tests; bots setting up and in trouble), Vandelay (no bots, no contacts).
    pub orgs: Vec<SimOrg>,
    shutdown: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
    /// The live demo's timer, when on.
    live: Option<JoinHandle<()>>,
}

impl SimHandle {
    /// The first organisation's admin key (as generated; a rotation replaces it).
    pub fn admin_key(&self) -> ApiKey {
        self.orgs.first().map(|org| org.admin_key.clone()).unwrap_or_else(|| ApiKey::new(""))
    }

    /// The organisation of that name.
    pub fn org(&self, name: &str) -> Option<&SimOrg> {
        self.orgs.iter().find(|org| org.name.eq_ignore_ascii_case(name))
    }

    /// Stops accepting, lets open requests finish for a moment, then stops for good.
    pub async fn shutdown(mut self) {
        if let Some(live) = self.live.take() {
            live.abort();
        }
        if let Some(signal) = self.shutdown.take() {
            let _ = signal.send(());
        }
        if let Some(task) = self.task.take() {
            let abort = task.abort_handle();
            // A stalled fault body would hold a graceful shutdown for its whole stall.
            if tokio::time::timeout(Duration::from_secs(2), task).await.is_err() {
                abort.abort();
            }
        }
    }
}

impl Drop for SimHandle {
    fn drop(&mut self) {
        for task in [self.task.take(), self.live.take()].into_iter().flatten() {
            task.abort();
        }
    }
}

/// Generates the data and starts serving it in a background task.
pub async fn spawn(options: SimOptions) -> std::io::Result<SimHandle> {
    let rules = match options.faults.as_deref() {
        Some(spec) => parse_spec(spec)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?,
        None => Vec::new(),
    };
    let anchor = options.anchor.unwrap_or_else(Utc::now);
    let anchored = std::time::Instant::now();
    let (seed, scale, duplicates) = (options.seed, options.scale, options.duplicate_contact);
    let orgs = options.orgs;
    // Large scales take a second or so: keep it off the async workers.
    let world = crate::tasks::spawn_blocking(move || {
        let mut world = seed::generate_orgs(seed, scale, orgs, anchor, duplicates);
        // Serialised once now, so even the first contact list is as fast as a benchmark expects.
        for org in &mut world.orgs {
            org.contacts_json();
        }
        world
    })
    .await
    .map_err(std::io::Error::other)?;
    let mut world = world;
    world.clock = clock::Clock::started_at(anchor, anchored);
    if options.meeting_booked_apart {
        world.groups = store::Groups::MeetingBookedApart;
    }
    let orgs = world
        .orgs
        .iter()
        .map(|org| SimOrg {
            name: org.name.clone(),
            admin_key: ApiKey::new(org.admin_key.clone()),
            read_only_key: ApiKey::new(org.read_only_key.clone()),
        })
        .collect();
    let state = SimState::new(world, FaultBook { rules }, options.background_delay);
    let live = options.live.then(|| live::start(state.clone(), 0));
    let listener = tokio::net::TcpListener::bind(options.addr).await?;
    let addr = listener.local_addr()?;
    let (signal, stopped) = oneshot::channel::<()>();
    let app = router(state);
    let task = crate::tasks::spawn(async move {
        let server = axum::serve(listener, app).with_graceful_shutdown(async {
            let _ = stopped.await;
        });
        if let Err(error) = server.await {
            tracing::warn!(%error, "simulator stopped with an error");
        }
    });
    Ok(SimHandle {
        base_url: format!("http://{addr}"),
        addr,
        orgs,
        shutdown: Some(signal),
        task: Some(task),
        live,
    })
}

/// The largest request body accepted (a full DNC batch of long domains is ~2.6 MB).
const REQUEST_BODY_LIMIT: usize = 64 << 20;

fn router(state: SimState) -> Router {
    let api =
        routes::api().layer(axum::middleware::from_fn_with_state(state.clone(), fault_apply::gate));
    Router::new()
        .merge(api)
        .merge(admin::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        // FastAPI sets no body limit; axum's 2 MB default would refuse 10000 long domains.
        .layer(axum::extract::DefaultBodyLimit::max(REQUEST_BODY_LIMIT))
        .with_state(state)
}

/// Starlette's answers for unknown paths and methods.
async fn not_found() -> Response {
    reply::Reject::not_found("Not Found").into_response()
}

async fn method_not_allowed() -> Response {
    reply::Reject::Detail(StatusCode::METHOD_NOT_ALLOWED, "Method Not Allowed".into())
        .into_response()
}
