//! Several organisations at once (`--group` from `[groups]`, `--profiles a,b`): the real
//! binary against simulators over loopback, each profile's own key in the kernel keyutils
//! store (as `outreach auth login` puts it there), each profile's own base URL.

use crate::common;

use common::agency::Agency;
use common::cli::outputs;
use common::sim::admin_as;
use outreach_tui::sim::{self, SimHandle, SimOptions};
use serde_json::Value;
use std::collections::BTreeSet;

async fn simulator() -> SimHandle {
    sim::spawn(SimOptions { seed: 7, ..SimOptions::default() }).await.unwrap()
}

/// An agency with Northwind and Globex of `sim` logged in, as `north` and `globex`.
async fn two_clients(sim: &SimHandle) -> (Agency, String, String) {
    let mut agency = Agency::new();
    let north = agency.login("north", &sim.base_url, &sim.orgs[0].admin_key).await;
    let globex = agency.login("globex", &sim.base_url, &sim.orgs[1].admin_key).await;
    (agency, north, globex)
}

fn orgs_of(rows: &Value) -> BTreeSet<String> {
    rows.as_array().unwrap().iter().map(|row| row["org"].as_str().unwrap().to_string()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_group_lists_the_replies_of_every_organisation_each_with_its_org() {
    let sim = simulator().await;
    let (agency, north, globex) = two_clients(&sim).await;
    agency.group("clients", &[&north, &globex]);

    let run = agency.run(&["replies", "--group", "clients", "-o", "json"]).await;
    run.expect(0);
    let rows = run.json();
    assert_eq!(orgs_of(&rows), BTreeSet::from([north.clone(), globex.clone()]), "{}", run.stdout);
    // Each row is the organisation's own: the ids its key lists.
    let alone = agency.run(&["--profile", &globex, "replies", "-o", "json"]).await;
    let ids = |rows: &Value, org: Option<&str>| -> BTreeSet<i64> {
        let all = rows.as_array().unwrap().iter();
        all.filter(|r| org.is_none_or(|o| r["org"] == o))
            .map(|r| r["id"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(ids(&rows, Some(&globex)), ids(&alone.json(), None));

    // A check's verdict is said by each organisation's profile; the worst exit wins.
    let check = agency.run(&["todo", "--check", "--group", "clients", "-o", "json"]).await;
    check.expect(1);
    assert!(
        check.stderr.contains(&format!("{north}: ")) && check.stderr.contains("due"),
        "{}",
        check.stderr
    );

    let csv = agency
        .run(&["campaigns", "list", "--profiles", &format!("{globex},{north}"), "-o", "csv"])
        .await;
    csv.expect(0);
    let first_rows: Vec<&str> = csv.stdout.lines().take(2).collect();
    assert!(first_rows[0].starts_with("ORG,ID,"), "{}", csv.stdout);
    assert!(
        first_rows[1].starts_with(&format!("{globex},")),
        "the order asked for: {}",
        csv.stdout
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn one_failing_organisation_is_named_and_the_others_still_print_with_the_worst_exit() {
    let sim = simulator().await;
    let broken = simulator().await;
    let (mut agency, north, globex) = two_clients(&sim).await;
    // Logged in while the server answered; it fails from now on.
    let failing = agency.login("failing", &broken.base_url, &broken.orgs[0].admin_key).await;
    admin_as(
        &broken,
        &broken.orgs[0].admin_key,
        "POST",
        "/_sim/faults",
        Some(serde_json::json!({"spec": "500"})),
    )
    .await;
    agency.group("clients", &[&north, &failing, &globex]);

    let run = agency.run(&["campaigns", "list", "--group", "clients", "-o", "json"]).await;
    run.expect(1);
    assert_eq!(orgs_of(&run.json()), BTreeSet::from([north.clone(), globex.clone()]));
    assert!(run.stderr.contains(&format!("error: {failing}: ")), "{}", run.stderr);

    // A key the API no longer takes names its profile, and the worst exit (3) wins.
    let rotated = &sim.orgs[1].admin_key;
    admin_as(&sim, rotated, "POST", "/_sim/rotate-key", None).await;
    let run = agency.run(&["replies", "--group", "clients", "-o", "jsonl"]).await;
    run.expect(3);
    let orgs: BTreeSet<String> = run
        .stdout
        .lines()
        .map(|line| {
            serde_json::from_str::<Value>(line).unwrap()["org"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(orgs, BTreeSet::from([north.clone()]), "{}", run.stdout);
    let said: Vec<&str> = run.stderr.lines().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(said.len(), 2, "one line per failing organisation: {}", run.stderr);
    assert!(run.stderr.contains(&format!("error: {globex}: ")), "{}", run.stderr);
}

#[tokio::test(flavor = "multi_thread")]
async fn groups_that_cannot_be_read_say_what_to_fix() {
    let sim = simulator().await;
    let mut agency = Agency::new();
    let north = agency.login("north", &sim.base_url, &sim.orgs[0].admin_key).await;
    let config = std::fs::read_to_string(agency.home.config_path()).unwrap();
    agency
        .home
        .write_config(&format!("{config}\n[groups]\nclients = [\"{north}\", \"initech\"]\n"));
    let run = agency.run(&["replies", "--group", "clients"]).await;
    run.expect(2);
    assert!(run.stderr.contains("no profile 'initech' is defined"), "{}", run.stderr);
    assert!(run.stderr.contains(&format!("the profiles defined are {north}")), "{}", run.stderr);

    agency.group("clients", &[&north]);
    let unknown = agency.run(&["todo", "--group", "others"]).await;
    unknown.expect(2);
    assert!(
        unknown.stderr.contains("No group 'others'")
            && unknown.stderr.contains("the groups are clients"),
        "{}",
        unknown.stderr
    );

    let writes = agency.run(&["campaigns", "start", "1", "--group", "clients"]).await;
    writes.expect(2);
    assert!(writes.stderr.contains("this command acts on one"), "{}", writes.stderr);

    // The dashboard takes its group as the commands do, and says the same when it is wrong.
    let dashboard = agency.run(&["--group", "others"]).await;
    dashboard.expect(2);
    assert!(
        dashboard.stderr.contains("No group 'others'")
            && dashboard.stderr.contains("the groups are clients"),
        "{}",
        dashboard.stderr
    );
    let bad = agency.run(&["--profiles", "a b"]).await;
    bad.expect(2);
    assert!(bad.stderr.contains("--profiles: "), "{}", bad.stderr);

    let one_key = agency
        .home
        .outreach()
        .args(["replies", "--group", "clients"])
        .env("OUTREACH_API_KEY", "k")
        .output()
        .unwrap();
    let (_, stderr) = outputs(&one_key);
    assert_eq!(one_key.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("OUTREACH_API_KEY holds one key"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread")]
async fn status_has_a_line_per_organisation_and_one_that_is_down_is_named_not_counted() {
    let sim = simulator().await;
    let gone = simulator().await;
    let (mut agency, north, globex) = two_clients(&sim).await;
    let down = agency.login("down", &gone.base_url, &gone.orgs[0].admin_key).await;
    gone.shutdown().await;
    agency.group("clients", &[&north, &down, &globex]);

    let run = agency.run(&["status", "--group", "clients"]).await;
    run.expect(1);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines[0].starts_with("ORG") && lines[0].contains("NEEDS YOU"), "{}", run.stdout);
    assert_eq!(
        lines.len(),
        3,
        "a line per organisation read, none for the one down: {}",
        run.stdout
    );
    assert!(lines[1].starts_with(&north) && lines[2].starts_with(&globex), "{}", run.stdout);
    assert!(run.stderr.contains(&format!("error: {down}: ")), "{}", run.stderr);

    let json = agency.run(&["status", "--group", "clients", "--json"]).await;
    json.expect(1);
    let entries = json.json();
    let entries = entries.as_array().unwrap();
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[0]["org"], north.as_str());
    assert!(entries[0]["inbox"]["needs_you"].is_u64(), "{}", json.stdout);
    assert_eq!(entries[1]["org"], down.as_str());
    assert_eq!(entries[1]["exit"], 1);
    assert!(entries[1]["error"].as_str().unwrap().contains("Could not reach"), "{}", json.stdout);

    // The status line sums the glances the group's status kept.
    let line = |profile: &str| {
        let path = agency.home.path().join(format!("state/outreach/glance-{profile}.json"));
        serde_json::from_str::<Value>(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let needs =
        line(&north)["needs_you"].as_u64().unwrap() + line(&globex)["needs_you"].as_u64().unwrap();
    let summed = agency.run(&["status", "--group", "clients", "--format", "json"]).await;
    summed.expect(0);
    assert_eq!(summed.json()["needs_you"], needs, "{}", summed.stdout);
    assert!(summed.stderr.contains(&format!("No glance yet of {down}")), "{}", summed.stderr);
}

#[tokio::test(flavor = "multi_thread")]
async fn report_writes_a_file_per_client_and_format_and_an_index_and_keeps_what_is_there() {
    let sim = simulator().await;
    let (agency, north, globex) = two_clients(&sim).await;
    agency.group("clients", &[&north, &globex]);
    let out = agency.home.path().join("reports");
    let dir = out.to_str().unwrap();
    let args =
        ["report", "--group", "clients", "--since", "-7d", "--out", dir, "--format", "md,csv,html"];

    let run = agency.run(&args).await;
    run.expect(0);
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut expected: Vec<String> = [&north, &globex, &"index".to_string()]
        .iter()
        .flat_map(|stem| ["csv", "html", "md"].map(|ext| format!("{stem}.{ext}")))
        .collect();
    expected.sort();
    assert_eq!(names, expected);
    let read = |name: &str| std::fs::read_to_string(out.join(name)).unwrap();
    let md = read(&format!("{north}.md"));
    assert!(md.starts_with(&format!("# Outreach report · {north} · last 7 days")), "{md}");
    for part in ["## Campaign results", "## The organisation", "Meetings: ", "## Bots"] {
        assert!(md.contains(part), "{part}: {md}");
    }
    let csv = read(&format!("{globex}.csv"));
    assert!(csv.starts_with("ID,NAME,REPLIES,INTERESTED,BOOKED,HELD"), "{csv}");
    let html = read(&format!("{north}.html"));
    assert!(html.starts_with("<!DOCTYPE html>") && !html.contains("<script"), "{html}");
    // Northwind's data carries terminal escapes and bidi overrides: none reaches a file.
    for text in [&md, &html, &csv] {
        assert!(!text.contains(['\u{1b}', '\u{202e}', '\u{9b}']), "{text}");
    }
    let index = read("index.md");
    assert!(index.contains(&format!("[html]({north}.html)")), "{index}");
    assert!(index.contains(&format!("| {globex} |")), "{index}");
    assert!(read("index.csv").lines().count() == 3, "a header and a line per client");

    let printed = agency.run(&["report", "--group", "clients", "-o", "json"]).await;
    printed.expect(0);
    assert_eq!(orgs_of(&printed.json()), BTreeSet::from([north.clone(), globex.clone()]));

    let again = agency.run(&args).await;
    again.expect(2);
    assert!(
        again.stderr.contains("Not replacing") && again.stderr.contains("--clobber"),
        "{}",
        again.stderr
    );
    let clobbered = agency.run(&[&args[..], &["--clobber"]].concat()).await;
    clobbered.expect(0);
}

/// The line mode opened on a group, and on one profile with `: group clients` typed: the
/// group's lines printed in words, one per organisation, with the numbers `status --group`
/// counts for it.
#[tokio::test(flavor = "multi_thread")]
async fn the_line_modes_group_prints_a_line_per_organisation_with_the_numbers_status_counts() {
    let sim = simulator().await;
    let (agency, north, globex) = two_clients(&sim).await;
    agency.group("clients", &[&north, &globex]);
    let status = agency.run(&["status", "--group", "clients", "--json"]).await;
    let entries = status.expect(0).json();

    for (args, typed) in [
        (vec!["--accessible", "--group", "clients"], "quit\n"),
        (vec!["--accessible", "--profile", &globex], ": group clients\nquit\n"),
    ] {
        let stdout = line_mode(&agency, &args, typed).await;
        let heading = "\nGroup clients: 2 organisations (open N narrows to one).\n";
        assert!(stdout.contains(heading), "{args:?}:\n{stdout}");
        for (at, profile) in [&north, &globex].iter().enumerate() {
            let prefix = format!("{}. {profile} — ", at + 1);
            let line = stdout.lines().find(|line| line.starts_with(&prefix));
            let line = line.unwrap_or_else(|| panic!("no line for {profile}:\n{stdout}"));
            let said = |name: &str| -> u64 {
                let after = line.split_once(&format!(" {name} ")).map_or("", |(_, rest)| rest);
                after.split(' ').next().and_then(|n| n.parse().ok()).unwrap_or(u64::MAX)
            };
            let words =
                ["New", "Hot waiting", "Needs you", "Meetings today", "Bots needing attention"];
            let numbers: Vec<u64> = words.iter().map(|name| said(name)).collect();
            assert_eq!(numbers, common::agency::counted(&entries[at]), "{args:?}: {line}");
        }
    }
}

/// The line mode with `args`, `typed` on its standard input; its standard output.
async fn line_mode(agency: &Agency, args: &[&str], typed: &str) -> String {
    let mut command = agency.home.outreach();
    command
        .args(args)
        .env("TERM", "xterm-256color")
        .write_stdin(typed.to_string())
        .timeout(std::time::Duration::from_secs(60));
    let output = tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap();
    let (stdout, stderr) = outputs(&output);
    assert!(output.status.success(), "{args:?}: {stdout}{stderr}");
    stdout
}
