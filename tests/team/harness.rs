//! The tests' own PostgreSQL: with the binaries installed, `cargo test --test team` with
//! nothing set runs against a server it started; without them each test says SKIPPED (and
//! fails under CI); the clusters are gone when the test process ends, even after a failure.

use super::cluster;
use super::outage::eventually;
use super::pg;
use crate::common::skip;
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;
use tokio_postgres::NoTls;

/// Set for the probe below when another test runs it in a process of its own.
const PROBE: &str = "OUTREACH_TEST_PG_PROBE";

/// This test binary running only the probe, with `env` set (`None`: removed).
fn run_probe(env: &[(&str, Option<&str>)]) -> Output {
    let mut run = Command::new(std::env::current_exe().unwrap());
    run.args(["--exact", "harness::probe", "--ignored", "--nocapture"]).env(PROBE, "1");
    for (name, value) in env {
        match value {
            Some(value) => run.env(name, value),
            None => run.env_remove(name),
        };
    }
    run.output().unwrap()
}

fn said(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Run by the tests below in a process of their own: says where its server is, then fails.
#[tokio::test]
#[ignore = "a probe that fails on purpose; the tests of this file run it"]
async fn probe() {
    if std::env::var_os(PROBE).is_none() {
        return;
    }
    let Some(url) = pg::database().await else { return };
    let data = pg::running(cluster::shared()).unwrap().data().display().to_string();
    println!("database={url}\ndata={data}");
    panic!("failing on purpose, to see the cleanup run after a failure");
}

#[tokio::test]
async fn where_postgresql_is_installed_the_tests_run_on_a_server_they_started() {
    if !cluster::installed() {
        skip::skipped("PostgreSQL is not installed here: no private server to prove it starts");
        return;
    }
    let url = pg::database()
        .await
        .expect("PostgreSQL is installed here, so the team tests must run against a real server");
    let (client, connection) = tokio_postgres::connect(&url, NoTls).await.unwrap();
    tokio::spawn(connection);
    let row = client.query_one("SHOW data_directory", &[]).await.unwrap();
    let data: String = row.get(0);
    assert!(data.contains("outreach-test-pg."), "a private cluster, not the machine's: {data}");
    let role = client
        .query_opt("SELECT 1 FROM pg_roles WHERE rolname = 'password_required'", &[])
        .await
        .unwrap();
    assert!(role.is_some(), "the role the secrets tests log in through");
}

#[test]
fn the_cluster_is_stopped_and_removed_when_the_test_process_ends_even_after_a_failure() {
    if !cluster::installed() {
        skip::skipped("PostgreSQL is not installed here: no private server to clean up after");
        return;
    }
    let failed = run_probe(&[]);
    let text = said(&failed);
    assert!(!failed.status.success() && text.contains("failing on purpose"), "{text}");
    let field = |name: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(name))
            .unwrap_or_else(|| panic!("{name} not said: {text}"))
            .to_string()
    };
    let (database, data) = (field("database="), field("data="));
    let port: u16 =
        database.rsplit_once(':').unwrap().1.split('/').next().unwrap().parse().unwrap();
    let scratch = Path::new(&data).parent().unwrap().parent().unwrap().to_path_buf();
    let gone = || {
        !scratch.exists()
            && TcpStream::connect_timeout(&([127, 0, 0, 1], port).into(), Duration::from_secs(1))
                .is_err()
    };
    assert!(
        eventually(Duration::from_secs(30), gone),
        "{} and port {port} are still there after the process ended",
        scratch.display()
    );
}

#[test]
fn without_postgresql_each_test_says_skipped_and_under_ci_fails() {
    let missing = Some("/nonexistent/postgresql/bin");
    let skipped = run_probe(&[("PG_BIN", missing), ("CI", None)]);
    let text = said(&skipped);
    assert!(skipped.status.success(), "{text}");
    assert!(
        text.contains("SKIPPED: PG_BIN is /nonexistent/postgresql/bin, which holds no initdb"),
        "{text}"
    );
    assert!(text.contains("apt-get install postgresql"), "{text}");

    let in_ci = run_probe(&[("PG_BIN", missing), ("CI", Some("true"))]);
    let text = said(&in_ci);
    assert!(!in_ci.status.success(), "{text}");
    assert!(text.contains("CI=true, so this is a failure"), "{text}");
}
