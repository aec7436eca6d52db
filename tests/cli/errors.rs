//! How failures reach a script: exit codes 1–5 and messages that say what to do.

use crate::common;

use common::cli::{Outreach, dead_url};
use common::sim::{admin_as, fault_rules, requests_to, user_client};
use outreach_tui::api::{ApiKey, CampaignStatus};
use outreach_tui::sim::{self, SimOptions};

#[tokio::test(flavor = "multi_thread")]
async fn a_refused_or_missing_key_exits_3_and_says_what_to_fix() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let wrong = Outreach::new(&sim.base_url, &ApiKey::new("not-a-real-key"));
    for args in
        [&["campaigns", "list"][..], &["status"], &["contacts", "add", "--email", "x@example.org"]]
    {
        let run = wrong.run(args).await;
        run.expect(3);
        assert!(run.stderr.contains("401"), "{args:?}: {}", run.stderr);
        // The key came from OUTREACH_API_KEY, which a login cannot override: the hint says
        // to fix or unset it.
        assert!(run.stderr.contains("unset OUTREACH_API_KEY"), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("Run `outreach auth login`"), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty());
    }
    let none = Outreach::without_key(&sim.base_url).run(&["bots", "list"]).await;
    none.expect(3);
    assert!(none.stderr.contains("OUTREACH_API_KEY"), "{}", none.stderr);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_read_only_key_reads_but_its_writes_exit_4() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let org = &sim.orgs[0];
    let reader = Outreach::new(&sim.base_url, &org.read_only_key);
    reader.run(&["campaigns", "list"]).await.expect(0);

    let api = user_client(&sim, &org.admin_key);
    let before = api.list_contacts().await.unwrap().items.len();
    for args in [
        &["contacts", "add", "--email", "ro@example.org"][..],
        &["dnc", "add-emails", "ro@example.org"],
        &["conversions", "log", "--email", "ro@example.org"],
    ] {
        let run = reader.run(args).await;
        run.expect(4);
        assert!(run.stderr.contains("403"), "{args:?}: {}", run.stderr);
    }
    assert_eq!(api.list_contacts().await.unwrap().items.len(), before);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_read_only_profile_refuses_writes_before_sending() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    cli.write_config("[profiles.watch]\nread_only = true\n");
    cli.run(&["--profile", "watch", "status"]).await.expect(0);
    let file = cli.write("one.csv", "email\nro-import@example.org\n");
    for args in [
        &["--profile", "watch", "contacts", "add", "--email", "ro@example.org"][..],
        &["--profile", "watch", "campaigns", "start", "101", "--yes"],
        &["--profile", "watch", "dnc", "add-domains", "example.net"],
        &["--profile", "watch", "contacts", "import", file.to_str().unwrap(), "--campaign", "101"],
    ] {
        let run = cli.run(args).await;
        run.expect(4);
        assert!(run.stderr.contains("Profile 'watch' is read-only"), "{args:?}: {}", run.stderr);
    }
    let log = admin_as(&sim, key, "GET", "/_sim/requests", None).await;
    let writes: Vec<&String> = log["requests"]
        .as_object()
        .unwrap()
        .keys()
        .filter(|route| !route.starts_with("GET "))
        .collect();
    assert!(writes.is_empty(), "nothing may be sent: {writes:?}");
    assert_eq!(requests_to(&sim, "POST /api/v1/contacts/add").await, 0);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn what_is_not_in_the_organisation_exits_5() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let cli = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    let run = cli.run(&["exchanges", "show", "987654321"]).await;
    run.expect(5);
    assert!(run.stderr.contains("987654321"), "{}", run.stderr);

    let run = cli.run(&["campaigns", "start", "987654321", "--yes"]).await;
    run.expect(5);
    assert!(
        run.stderr.contains("Campaign 987654321 is not in this organisation"),
        "{}",
        run.stderr
    );

    // Another organisation's campaign is not ours either.
    let theirs = user_client(&sim, &sim.orgs[1].admin_key).list_campaigns().await.unwrap();
    let pending = theirs.items.iter().find(|c| c.status == CampaignStatus::Pending).unwrap();
    let upload = cli
        .run(&[
            "contacts",
            "upload",
            "--campaign",
            &pending.id.to_string(),
            "--email",
            "x@example.org",
        ])
        .await;
    upload.expect(5);
    assert!(upload.stderr.contains("404"), "{}", upload.stderr);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_422_names_each_field_and_its_message() {
    // The client checks what it can before sending, so a 422 comes from a server stricter
    // than those checks: the simulator serves one real FastAPI body for the next add.
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let body = serde_json::json!({"detail": [
        {"type": "value_error", "loc": ["body", "email"], "input": "ann@nowhere.example",
         "msg": "value is not a valid email address: The domain name nowhere.example does not exist."},
        {"type": "string_too_long", "loc": ["body", "tags", 0], "input": "t",
         "msg": "String should have at most 31 characters", "ctx": {"max_length": 31}}]});
    let rule = serde_json::json!([{"kind": "raw", "method": "POST", "path": "/api/v1/contacts/add",
        "times": 1, "status": 422, "json": body}]);
    fault_rules(&sim, rule).await;
    let cli = Outreach::new(&sim.base_url, key);
    let run = cli.run(&["contacts", "add", "--email", "ann@nowhere.example", "--tag", "t"]).await;
    run.expect(1);
    assert!(run.stderr.contains("The server rejected 2 fields (422)"), "{}", run.stderr);
    assert!(
        run.stderr.contains("email: value is not a valid email address: The domain name nowhere.example does not exist."),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("tags.0: String should have at most 31 characters"),
        "{}",
        run.stderr
    );
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn input_the_client_can_judge_is_refused_before_sending_with_exit_2() {
    let cli = Outreach::new(&dead_url(), &ApiKey::new("key"));
    let run = cli.run(&["contacts", "add", "--email", "ann@", "--city", ""]).await;
    run.expect(2);
    assert!(
        run.stderr.contains("--email: There must be something after the @-sign."),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--city: must not be empty"), "{}", run.stderr);
    assert!(run.stderr.contains("nothing was sent"), "{}", run.stderr);

    let run = cli.run(&["exchanges", "list", "--since", "last tuesday"]).await;
    run.expect(2);
    assert!(
        run.stderr.contains("YYYY-MM-DD, today, yesterday, tomorrow, -7d or +7d"),
        "{}",
        run.stderr
    );
    // The forms the dashboard's date fields take too (clock::days): accepted, so the
    // command goes on to the (dead) server.
    let run = cli.run(&["exchanges", "list", "--since", "-7d", "--until", "today"]).await;
    assert!(run.stderr.contains("Could not reach"), "{}", run.stderr);
    assert!(!run.stderr.contains("not a date"), "{}", run.stderr);

    let run = cli.run(&["campaigns", "frobnicate"]).await;
    run.expect(2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_server_that_is_down_is_named_by_its_url() {
    let url = dead_url();
    let cli = Outreach::new(&url, &ApiKey::new("key"));
    let run = cli.run(&["campaigns", "list"]).await;
    run.expect(1);
    assert!(
        run.stderr.contains(&format!("Could not reach {url}/api/v1/campaigns")),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--base-url"), "{}", run.stderr);
}
