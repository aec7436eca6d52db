//! The CLI against the simulator's harsher faults: each one is answered in
//! words within seconds, with an exit code a script can act on, and the words say what to
//! re-run — never "press r".

use crate::common;

use common::cli::Outreach;
use common::sim::{faults, requests_to, start};
use std::time::{Duration, Instant};

/// The binary with a one-second timeout, so a silent server costs seconds, not minutes.
fn impatient(sim: &outreach_tui::sim::SimHandle) -> Outreach {
    let cli = Outreach::new(&sim.base_url, &sim.admin_key());
    cli.write_config("[net]\ntimeout_seconds = 1\n");
    cli
}

#[tokio::test(flavor = "multi_thread")]
async fn a_server_that_never_answers_fails_in_seconds_and_says_what_to_re_run() {
    let sim = start().await;
    let cli = impatient(&sim);
    faults(&sim, "blackhole@GET:/api/v1/campaigns").await;
    let started = Instant::now();
    let run = cli.run(&["campaigns", "list"]).await;
    let elapsed = started.elapsed();
    run.expect(1);
    // One wait of the configured second (the request is not sent again), plus start-up.
    assert!(elapsed < Duration::from_secs(4), "took {elapsed:?}");
    let expected = format!("{} accepted the connection but did not answer within 1 s.", sim.addr);
    assert!(run.stderr.contains(&expected), "{}", run.stderr);
    assert!(run.stderr.contains("Re-run `outreach --base-url"), "{}", run.stderr);
    assert!(run.stderr.contains("campaigns list`"), "{}", run.stderr);
    assert!(run.stderr.contains("timeout_seconds"), "{}", run.stderr);
    assert!(!run.stderr.contains("press r"), "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert_eq!(requests_to(&sim, "GET /api/v1/campaigns").await, 1);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn headers_then_silence_fails_in_seconds() {
    let sim = start().await;
    let cli = impatient(&sim);
    faults(&sim, "stall:60000@GET:/api/v1/bots").await;
    let started = Instant::now();
    let run = cli.run(&["bots", "list"]).await;
    run.expect(1);
    assert!(started.elapsed() < Duration::from_secs(8), "took {:?}", started.elapsed());
    assert!(run.stderr.contains("began to answer, then sent nothing more"), "{}", run.stderr);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_long_rate_limit_is_said_with_its_end_and_not_retried() {
    let sim = start().await;
    let cli = Outreach::new(&sim.base_url, &sim.admin_key());
    faults(&sim, "429:3600@GET:/api/v1/campaigns").await;
    let started = Instant::now();
    let run = cli.run(&["campaigns", "list"]).await;
    run.expect(1);
    assert!(started.elapsed() < Duration::from_secs(5), "took {:?}", started.elapsed());
    assert!(
        run.stderr.contains("Rate limited (429); the server asks to wait 60 min (until "),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("after that"), "{}", run.stderr);
    assert_eq!(requests_to(&sim, "GET /api/v1/campaigns").await, 1);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_connection_reset_says_the_server_broke_off() {
    let sim = start().await;
    let cli = Outreach::new(&sim.base_url, &sim.admin_key());
    faults(&sim, "reset@GET:/api/v1/bots").await;
    let run = cli.run(&["bots", "list"]).await;
    run.expect(1);
    assert!(run.stderr.contains("answered and then broke off"), "{}", run.stderr);
    assert!(!run.stderr.contains("Could not reach"), "{}", run.stderr);
    assert!(!run.stderr.contains("Is the service running"), "{}", run.stderr);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn hostile_error_text_reaches_stderr_without_its_controls() {
    let sim = start().await;
    let cli = Outreach::new(&sim.base_url, &sim.admin_key());
    faults(&sim, "hostile-error@GET:/api/v1/campaigns,hostile-error:403@GET:/api/v1/bots").await;
    for (args, code) in [(["campaigns", "list"], 1), (["bots", "list"], 4)] {
        let run = cli.run(&args).await;
        run.expect(code);
        assert!(run.stderr.contains("Denied"), "{args:?}: {}", run.stderr);
        for bad in ['\u{1b}', '\u{7}', '\u{9b}', '\u{202e}'] {
            assert!(!run.stderr.contains(bad), "{args:?}: {bad:?} in {:?}", run.stderr);
        }
    }
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bad_element_and_a_nested_body_are_told_not_crashed_on() {
    let sim = start().await;
    let cli = Outreach::new(&sim.base_url, &sim.admin_key());
    faults(&sim, "bad-element@GET:/api/v1/campaigns#1").await;
    let run = cli.run(&["campaigns", "list", "-o", "json"]).await;
    run.expect(0);
    assert_eq!(run.json().as_array().unwrap().len(), 11, "the other campaigns are listed");
    assert!(run.stderr.contains("could not be read"), "{}", run.stderr);
    faults(&sim, "nested@GET:/api/v1/campaigns#1").await;
    let run = cli.run(&["campaigns", "list", "-o", "json"]).await;
    assert!(run.stderr.contains("could not be read"), "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_csv_list_that_fails_before_a_row_prints_nothing_and_one_cut_short_says_so() {
    let sim = start().await;
    let cli = Outreach::new(&sim.base_url, &sim.admin_key());
    faults(&sim, "reset@GET:/api/v1/contacts").await;
    let run = cli.run(&["contacts", "list", "-o", "csv"]).await;
    run.expect(1);
    assert!(run.stdout.is_empty(), "no header without rows: {:?}", run.stdout);
    assert!(!run.stderr.contains("incomplete"), "{}", run.stderr);

    common::sim::admin(&sim, "DELETE", "/_sim/faults", None).await;
    faults(&sim, "truncate@GET:/api/v1/contacts").await;
    let run = cli.run(&["contacts", "list", "-o", "csv"]).await;
    run.expect(1);
    let rows = run.stdout.lines().count() - 1;
    assert!(rows > 0, "the rows that arrived are written: {:?}", run.stdout);
    let expected = format!("the output is incomplete: {rows} contacts were written");
    assert!(run.stderr.contains(&expected), "{expected} in {}", run.stderr);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_servers_words_and_ours_are_two_sentences() {
    let sim = start().await;
    let cli = Outreach::new(&sim.base_url, &sim.admin_key());
    faults(&sim, "500@GET:/api/v1/campaigns/data/replies").await;
    let run = cli.run(&["replies", "--check"]).await;
    run.expect(6);
    assert!(
        run.stderr.contains("Internal Server Error. replies --check could not read the inbox"),
        "{}",
        run.stderr
    );
    sim.shutdown().await;
}
