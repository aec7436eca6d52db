//! A database of its own for each test, on the cluster this test run started
//! (`cluster.rs`).

use super::cluster::{self, Cluster};
use crate::common::skip;
use outreach_tui::config::TeamConfig;
use outreach_tui::credentials::Keyring;
use outreach_tui::team::{OrgName, Target, TeamStore};
use std::sync::atomic::{AtomicU32, Ordering};
use tokio_postgres::NoTls;

/// The cluster, or `None` after saying on the terminal why there is none here (a failure
/// under CI: a test must never pass without running).
pub fn running(cluster: Result<&'static Cluster, String>) -> Option<&'static Cluster> {
    cluster.map_err(|why| skip::skipped(&why)).ok()
}

/// A fresh, empty database on the cluster at `server`; its URL.
pub async fn fresh_database(server: &str) -> String {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let name = format!("t_{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
    let (client, connection) = tokio_postgres::connect(server, NoTls).await.unwrap();
    tokio::spawn(connection);
    client.batch_execute(&format!("CREATE DATABASE {name}")).await.unwrap();
    let (base, _) = server.rsplit_once('/').unwrap();
    format!("{base}/{name}")
}

/// A fresh database on the shared cluster, or `None` when there is no server here.
pub async fn database() -> Option<String> {
    Some(fresh_database(&running(cluster::shared())?.url).await)
}

/// Runs SQL as the cluster's superuser on `url`.
pub async fn admin(url: &str, sql: &str) {
    let (client, connection) = tokio_postgres::connect(url, NoTls).await.unwrap();
    tokio::spawn(connection);
    client.batch_execute(sql).await.unwrap();
}

/// Someone's view of the team store at `url`.
pub fn target(url: &str, me: &str) -> Target {
    let team = TeamConfig { database: url.into(), me: me.into(), organisation: None };
    Target::new(&format!("{me}-profile"), &team).unwrap()
}

/// A keyring with nothing in it: the test servers trust loopback.
pub fn no_keyring() -> Keyring {
    Keyring::with_stores(Vec::new())
}

/// `me` connected to the initialised store at `url`.
pub async fn person(url: &str, me: &str) -> TeamStore {
    TeamStore::connect(&target(url, me), &no_keyring()).await.unwrap()
}

pub fn northwind() -> OrgName {
    OrgName::new("Northwind").unwrap()
}
