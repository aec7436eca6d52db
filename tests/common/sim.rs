//! The simulator for tests: on loopback with fixed data, clients with test-sized timeouts
//! and retries, raw HTTP for what the client cannot send, its admin routes, and waiting on a
//! condition with a deadline (never a bare sleep).

use chrono::{DateTime, Utc};
use outreach_tui::api::{ApiKey, Client, ClientOptions, RetryPolicy};
use outreach_tui::sim::{SimHandle, SimOptions};
use serde_json::{Value, json};
use std::future::Future;
use std::time::{Duration, Instant};

/// The instant the test data is generated around.
pub fn anchor() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2025-03-14T15:09:26Z").unwrap().with_timezone(&Utc)
}

/// Seed 42 around a fixed instant, background work done quickly.
pub fn options() -> SimOptions {
    SimOptions {
        seed: 42,
        anchor: Some(anchor()),
        background_delay: Duration::from_millis(30),
        ..SimOptions::default()
    }
}

pub async fn start() -> SimHandle {
    outreach_tui::sim::spawn(options()).await.expect("simulator starts")
}

/// Retries quick enough for tests; a Retry-After of up to 2 s is still slept.
pub fn retry() -> RetryPolicy {
    RetryPolicy {
        max_retries: 2,
        base_delay: Duration::from_millis(10),
        max_delay: Duration::from_millis(100),
        max_server_wait: Duration::from_secs(2),
    }
}

pub fn client_with(sim: &SimHandle, key: &ApiKey, retry: RetryPolicy, timeout: Duration) -> Client {
    let options = ClientOptions {
        timeout,
        connect_timeout: Duration::from_secs(2),
        retry,
        ..ClientOptions::default()
    };
    Client::new(&sim.base_url, key, options).expect("client for the simulator")
}

pub fn client(sim: &SimHandle, key: &ApiKey) -> Client {
    client_with(sim, key, retry(), Duration::from_secs(10))
}

/// A client with the options a user gets, to compare the binary's output with the API.
pub fn user_client(sim: &SimHandle, key: &ApiKey) -> Client {
    Client::new(&sim.base_url, key, ClientOptions::default()).expect("client for the simulator")
}

/// The rich demo organisation's admin client.
pub fn northwind(sim: &SimHandle) -> Client {
    client(sim, &sim.orgs[0].admin_key)
}

/// A plain reqwest client (the crate builds reqwest without a default TLS provider).
pub fn http() -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::new()
}

/// The contact list exactly as the simulator sends it.
pub async fn contacts_as_sent(sim: &SimHandle) -> String {
    let key = sim.admin_key();
    let response = http()
        .get(format!("{}/api/v1/contacts", sim.base_url))
        .header("X-API-Key", key.expose())
        .send()
        .await
        .unwrap();
    response.text().await.unwrap()
}

/// A plain HTTP request for what the typed client cannot send.
pub async fn raw(
    sim: &SimHandle,
    method: &str,
    path: &str,
    key: Option<&ApiKey>,
    body: Option<&str>,
) -> (u16, reqwest::header::HeaderMap, Value) {
    let http = http();
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut request = http.request(method, format!("{}{path}", sim.base_url));
    if let Some(key) = key {
        request = request.header("X-API-Key", key.expose());
    }
    if let Some(body) = body {
        request = request.header("content-type", "application/json").body(body.to_string());
    }
    let response = request.send().await.expect("simulator answers");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = response.bytes().await.expect("body");
    let json = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, headers, json)
}

/// An admin route's JSON answer (Northwind's admin key unless another is given).
pub async fn admin(sim: &SimHandle, method: &str, path: &str, body: Option<Value>) -> Value {
    admin_as(sim, &sim.orgs[0].admin_key, method, path, body).await
}

pub async fn admin_as(
    sim: &SimHandle,
    key: &ApiKey,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> Value {
    let text = body.map(|b| b.to_string());
    let (status, _, json) = raw(sim, method, path, Some(key), text.as_deref()).await;
    assert_eq!(status, 200, "{method} {path}: {json}");
    json
}

/// Adds fault rules in the `--faults` syntax.
pub async fn faults(sim: &SimHandle, spec: &str) {
    admin(sim, "POST", "/_sim/faults", Some(json!({ "spec": spec }))).await;
}

/// Adds fault rules given as JSON objects (`{"kind": ..., "path": ..., ...}`).
pub async fn fault_rules(sim: &SimHandle, rules: Value) {
    admin(sim, "POST", "/_sim/faults", Some(json!({ "faults": rules }))).await;
}

/// Serves `json` once for requests whose path starts with `path`.
pub async fn serve_raw_once(sim: &SimHandle, path: &str, json: Value) {
    fault_rules(sim, json!([{"kind": "raw", "path": path, "times": 1, "json": json}])).await;
}

/// How many times `"METHOD /path"` reached the simulator.
pub async fn requests_to(sim: &SimHandle, route: &str) -> u64 {
    let log = admin(sim, "GET", "/_sim/requests", None).await;
    log["requests"][route].as_u64().unwrap_or(0)
}

/// Polls `check` until it holds, failing the test after 10 s.
pub async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if check().await {
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A demo-sized simulator on its own runtime, so a plain test can block on the binary
/// while it serves.
pub struct BlockingSim {
    pub handle: SimHandle,
    runtime: tokio::runtime::Runtime,
}

impl BlockingSim {
    pub fn start() -> BlockingSim {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let handle = runtime.block_on(outreach_tui::sim::spawn(SimOptions::default())).unwrap();
        BlockingSim { handle, runtime }
    }

    pub fn base_url(&self) -> &str {
        &self.handle.base_url
    }

    /// The first organisation's admin key, as text.
    pub fn admin_key(&self) -> String {
        self.handle.orgs[0].admin_key.expose().to_string()
    }

    pub fn read_only_key(&self) -> String {
        self.handle.orgs[0].read_only_key.expose().to_string()
    }

    /// Generates a new key for the first organisation (spec: the old one stops working).
    pub fn rotate_key(&self) -> String {
        let answer = self.block_on(admin(&self.handle, "POST", "/_sim/rotate-key", None));
        answer["api_key"].as_str().unwrap().to_string()
    }

    /// Runs a future on the simulator's runtime (for library calls from a plain test).
    pub fn block_on<F: Future>(&self, future: F) -> F::Output {
        self.runtime.block_on(future)
    }
}
