//! The write subcommands against the simulator: campaigns start, contacts add/upload,
//! conversions log.

use crate::common;

use common::cli::Outreach;
use common::sim::{admin_as, eventually, user_client};
use outreach_tui::api::{Campaign, CampaignStatus, Client};
use outreach_tui::sim::{self, DuplicateContact, SimHandle, SimOptions};

/// A simulator, the CLI and the API on its first organisation, and that one's campaigns.
async fn first_organisation() -> (SimHandle, Outreach, Client, Vec<Campaign>) {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let api = user_client(&sim, key);
    let campaigns = api.list_campaigns().await.unwrap().items.to_vec();
    (sim, cli, api, campaigns)
}

/// A campaign's status as the server lists it now.
async fn status_of(api: &Client, id: i64) -> CampaignStatus {
    let campaigns = api.list_campaigns().await.unwrap();
    campaigns.items.iter().find(|c| c.id == id).unwrap().status.clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_campaign_starts_only_when_confirmed() {
    let (sim, cli, api, campaigns) = first_organisation().await;
    let pending = campaigns.iter().find(|c| c.status == CampaignStatus::Pending).unwrap();
    let id = pending.id.to_string();
    let bot = api.list_bots().await.unwrap().items[0].id.to_string();

    // Make sure it has a contact and a bot, which starting requires.
    let upload = cli
        .run(&[
            "contacts",
            "upload",
            "--campaign",
            &id,
            "--bot",
            &bot,
            "--no-notify",
            "--email",
            "start-me@example.org",
        ])
        .await;
    upload.expect(0);
    let contact_id: i64 = upload.stdout.trim().parse().unwrap();
    assert!(api.list_contacts().await.unwrap().items.iter().any(|c| c.id == contact_id));

    // This pending campaign is in test mode: the pre-flight says so, and refuses.
    assert!(pending.test_mode, "the seed's first pending campaign is in test mode");
    let refused = cli.run(&["campaigns", "start", &id, "--yes"]).await;
    refused.expect(2);
    assert!(refused.stderr.contains("Pre-flight of campaign"), "{}", refused.stderr);
    assert!(
        refused.stderr.contains("✗ blocks: Test mode: on") && refused.stderr.contains("--force"),
        "{}",
        refused.stderr
    );
    let unasked = cli.run(&["campaigns", "start", &id, "--force"]).await;
    unasked.expect(2);
    assert!(unasked.stderr.contains("--yes"), "{}", unasked.stderr);
    // The question names the organisation, not only the profile.
    let whom = format!("for {} (profile ", sim.orgs[0].name);
    assert!(unasked.stderr.contains(&whom), "{whom} in {}", unasked.stderr);
    assert_eq!(status_of(&api, pending.id).await, CampaignStatus::Pending);

    let started = cli.run(&["campaigns", "start", &id, "--yes", "--force"]).await;
    started.expect(0);
    assert!(started.stdout.starts_with(&format!("Started campaign {id} ")), "{}", started.stdout);
    assert_eq!(status_of(&api, pending.id).await, CampaignStatus::Active);

    let again = cli.run(&["campaigns", "start", &id, "--yes", "--force"]).await;
    again.expect(1);
    assert!(again.stderr.contains("400"), "{}", again.stderr);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_upload_and_start_into_a_pending_campaign_runs_its_preflight_asks_and_is_audited() {
    let (sim, cli, api, campaigns) = first_organisation().await;
    let pending = campaigns.iter().find(|c| c.status == CampaignStatus::Pending).unwrap();
    assert!(pending.test_mode, "the seed's first pending campaign fails its pre-flight");
    let id = pending.id.to_string();
    let contacts = api.list_contacts().await.unwrap().items.len();
    let upload = ["contacts", "upload", "--campaign", &id, "--email", "x@example.com"];
    let with = |extra: &[&'static str]| {
        let mut args = upload.to_vec();
        args.extend(["--start", "--now"]);
        args.extend(extra);
        args
    };

    // No terminal, no --yes, a failing check: refused before anything is sent.
    let refused = cli.run_with_stdin(&with(&[]), "").await;
    refused.expect(2);
    let also = format!("This also starts campaign {id} \"{}\" (PENDING)", pending.name);
    assert!(refused.stderr.contains(&also), "{also} in {}", refused.stderr);
    assert!(refused.stderr.contains("✗ blocks: Test mode: on"), "{}", refused.stderr);
    assert!(refused.stderr.contains("--force"), "{}", refused.stderr);
    // Passing the checks still needs a yes, which names the organisation.
    let unasked = cli.run_with_stdin(&with(&["--force"]), "").await;
    unasked.expect(2);
    let whom = format!("and start the campaign for {} (profile ", sim.orgs[0].name);
    assert!(unasked.stderr.contains(&whom), "{whom} in {}", unasked.stderr);
    assert!(unasked.stderr.contains("--yes"), "{}", unasked.stderr);
    let unforced = cli.run(&with(&["--yes"])).await;
    unforced.expect(2);
    assert_eq!(
        status_of(&api, pending.id).await,
        CampaignStatus::Pending,
        "nothing started unasked"
    );
    assert_eq!(api.list_contacts().await.unwrap().items.len(), contacts, "nothing was sent");

    cli.run(&with(&["--yes", "--force"])).await.expect(0);
    assert_eq!(status_of(&api, pending.id).await, CampaignStatus::Active);
    let audit = cli.run(&["audit", "-o", "json"]).await;
    audit.expect(0);
    let records = audit.json();
    let moved: Vec<&serde_json::Value> = records
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["campaign_status"] == "PENDING → ACTIVE")
        .collect();
    assert_eq!(moved.len(), 1, "{records}");
    assert_eq!(moved[0]["campaign_id"], pending.id);

    // Into a campaign already active, an upload-and-start starts nothing new: no question.
    let active = campaigns.iter().find(|c| c.status == CampaignStatus::Active).unwrap();
    let active = active.id.to_string();
    let plain =
        ["contacts", "upload", "--campaign", &active, "--start", "--email", "y@example.com"];
    let plain = cli.run_with_stdin(&plain, "").await;
    plain.expect(0);
    assert!(!plain.stderr.contains("Pre-flight"), "{}", plain.stderr);
    sim.shutdown().await;
}

async fn add_twice(duplicate_contact: DuplicateContact) {
    let sim = sim::spawn(SimOptions { duplicate_contact, ..SimOptions::default() }).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let api = user_client(&sim, key);
    let args = [
        "contacts",
        "add",
        "--email",
        "new-person@example.org",
        "--first-name",
        "Zoë",
        "--tag",
        "vip",
        "--tag",
        "q3",
        "--data",
        "plan=pro",
        "--data",
        "seats=12",
    ];
    let first = cli.run(&args).await;
    first.expect(0);
    let id: i64 = first.stdout.trim().parse().unwrap();
    assert!(first.stderr.contains("Added contact"), "{}", first.stderr);
    let contacts = api.list_contacts().await.unwrap();
    let added = contacts.items.iter().find(|c| c.id == id).unwrap();
    assert_eq!(added.email(), "new-person@example.org");
    assert_eq!(added.first_name(), "Zoë");
    assert_eq!(added.tags.iter().map(|t| &**t).collect::<Vec<_>>(), ["vip", "q3"]);
    assert_eq!(added.custom_data().get("seats").unwrap(), "12");

    let second = cli.run(&args).await;
    second.expect(0);
    assert_eq!(second.stdout.trim(), id.to_string(), "the existing contact's id");
    assert!(second.stderr.contains("already contact"), "{}", second.stderr);
    assert_eq!(api.list_contacts().await.unwrap().items.len(), contacts.items.len());
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn adding_a_contact_twice_says_so_when_the_server_refuses_the_duplicate() {
    add_twice(DuplicateContact::Reject400).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn adding_a_contact_twice_says_so_when_the_server_returns_the_existing_id() {
    add_twice(DuplicateContact::ReturnExisting).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn upload_and_start_and_conversions() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let api = user_client(&sim, key);
    let campaign = api.list_campaigns().await.unwrap().items[0].id.to_string();

    let run = cli
        .run(&[
            "contacts",
            "upload",
            "--campaign",
            &campaign,
            "--start",
            "--now",
            "--email",
            "go@example.org",
            "--city",
            "Oslo",
        ])
        .await;
    run.expect(0);
    assert!(run.stderr.contains("outreach starting now"), "{}", run.stderr);
    let id: i64 = run.stdout.trim().parse().unwrap();
    assert!(
        api.list_contacts()
            .await
            .unwrap()
            .items
            .iter()
            .any(|c| c.id == id && c.email() == "go@example.org")
    );

    let logged = cli
        .run(&[
            "conversions",
            "log",
            "--email",
            "go@example.org",
            "--type",
            "purchase",
            "--data-json",
            r#"{"amount": 99.5}"#,
        ])
        .await;
    logged.expect(0);
    assert_eq!(logged.stdout, "logged\n");
    eventually("the conversion to be logged", || async {
        let logged = admin_as(&sim, key, "GET", "/_sim/conversions", None).await;
        logged.as_array().unwrap().iter().any(|c| {
            c["email"] == "go@example.org"
                && c["conversion_type"] == "purchase"
                && c["conversion_data"]["amount"] == 99.5
        })
    })
    .await;

    let stranger = cli.run(&["conversions", "log", "--email", "stranger@example.org"]).await;
    stranger.expect(0);
    assert_eq!(stranger.stdout, "not-a-contact\n");
    assert!(stranger.stderr.contains("nothing was logged"), "{}", stranger.stderr);

    let both = cli
        .run(&[
            "conversions",
            "log",
            "--email",
            "go@example.org",
            "--data",
            "a=b",
            "--data-json",
            "{}",
        ])
        .await;
    both.expect(2);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_upload_into_a_retired_or_troubled_bot_is_refused_without_force() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let api = user_client(&sim, key);
    let bots = api.list_bots().await.unwrap();
    let with_status = |status: outreach_tui::api::BotStatus| {
        bots.items.iter().find(|b| b.status == status).unwrap().id.to_string()
    };
    let deleted = with_status(outreach_tui::api::BotStatus::Deleted);
    let unpaid = with_status(outreach_tui::api::BotStatus::PaymentFailed);
    let campaign = api.list_campaigns().await.unwrap().items[0].id.to_string();
    let contacts = api.list_contacts().await.unwrap().items.len();
    let upload = |bot: &str, email: &str, force: bool| {
        let mut args = vec!["contacts", "upload", "--campaign", &campaign, "--bot", bot];
        args.extend(["--email", email]);
        if force {
            args.push("--force");
        }
        args.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let run = |args: Vec<String>| {
        let cli = &cli;
        async move { cli.run(&args.iter().map(String::as_str).collect::<Vec<_>>()).await }
    };

    let refused = run(upload(&deleted, "retired-bot@example.org", false)).await;
    refused.expect(2);
    let said = format!("Bot {deleted} is retired (DELETED): it no longer sends; nothing was sent.");
    assert!(refused.stderr.contains(&said), "{}", refused.stderr);
    assert!(refused.stderr.contains("--force"), "{}", refused.stderr);
    let refused = run(upload(&unpaid, "unpaid-bot@example.org", false)).await;
    refused.expect(2);
    assert!(
        refused.stderr.contains(&format!("Bot {unpaid} needs attention (")),
        "{}",
        refused.stderr
    );
    assert!(refused.stderr.contains("status PAYMENT_FAILED"), "{}", refused.stderr);
    let file = cli.write("one.csv", "email\nimport-retired@example.org\n");
    let file = file.to_str().unwrap();
    let import = ["contacts", "import", file, "--campaign", &campaign, "--bot", &deleted];
    let import = cli.run(&import).await;
    import.expect(2);
    assert!(import.stderr.contains(&said), "{}", import.stderr);
    assert_eq!(api.list_contacts().await.unwrap().items.len(), contacts, "nothing was sent");

    run(upload(&unpaid, "unpaid-bot@example.org", true)).await.expect(0);
    assert_eq!(api.list_contacts().await.unwrap().items.len(), contacts + 1);
    sim.shutdown().await;
}
