//! `outreach contacts import`: a messy CSV, every row accounted for, the rejected file
//! listing exactly the bad rows, and a re-run importing nothing twice.

use crate::common;

use common::cli::{Outreach, csv_records};
use common::sim::{fault_rules, user_client};
use outreach_tui::api::CampaignStatus;
use outreach_tui::sim::{self, SimOptions};
use std::collections::BTreeSet;

/// A CSV with a BOM, CRLF line ends, quoted line breaks and these rows:
/// good (lines 2, 3–4, 5, 9), already a contact (6), bad e-mail (7), duplicate of line 2
/// (8), name too long (10), not UTF-8 (11), no e-mail (12), too many cells (13).
fn messy_csv(existing: &str) -> (Vec<u8>, usize, BTreeSet<u64>) {
    let long = "L".repeat(64);
    let mut csv = b"\xef\xbb\xbfE-mail,First Name,Last Name,Tags,Notes\r\n".to_vec();
    let rows: Vec<Vec<u8>> = vec![
        b"import-ann@example.org,Ann,Lee,vip;q3,plain\r\n".to_vec(),
        b"import-bo@example.org,Bo,Berg,,\"two\r\nlines\"\r\n".to_vec(),
        b"\"import-cy@example.org\",\"Cy, Jr.\",Chen,,\"said \"\"hi\"\"\"\r\n".to_vec(),
        format!("{existing},Known,Person,,\r\n").into_bytes(),
        b"not-an-address,Bad,Mail,,\r\n".to_vec(),
        b"IMPORT-ANN@example.org,Ann,Again,,\r\n".to_vec(),
        "import-dorte@example.org,Dörte,Ötzi,,\r\n".as_bytes().to_vec(),
        format!("import-long@example.org,{long},X,,\r\n").into_bytes(),
        b"import-latin1@example.org,J\xf6rg,X,,\r\n".to_vec(),
        b",Nobody,,,\r\n".to_vec(),
        b"import-wide@example.org,W,X,,n,surplus\r\n".to_vec(),
    ];
    for row in rows {
        csv.extend(row);
    }
    let good = 4; // ann, bo, cy, dörte
    (csv, good, BTreeSet::from([7, 8, 10, 11, 12, 13]))
}

#[tokio::test(flavor = "multi_thread")]
async fn a_messy_file_is_accounted_for_row_by_row_and_a_rerun_imports_nothing_twice() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let api = user_client(&sim, key);
    let before = api.list_contacts().await.unwrap();
    let existing = before.items[0].email().to_string();
    let campaign = api
        .list_campaigns()
        .await
        .unwrap()
        .items
        .iter()
        .find(|c| c.status == CampaignStatus::Pending)
        .unwrap()
        .id;
    let (bytes, good, bad_lines) = messy_csv(&existing);
    let file = cli.write("leads.csv", &bytes);
    let file = file.to_str().unwrap();
    let campaign = campaign.to_string();

    // A dry run needs no key and sends nothing.
    let dry = Outreach::without_key(&sim.base_url)
        .run(&["contacts", "import", file, "--campaign", &campaign, "--dry-run", "-o", "json"])
        .await;
    dry.expect(1);
    let summary = dry.json();
    assert_eq!(summary["rows"], 11);
    assert_eq!(summary["valid"], good + 1);
    assert_eq!(summary["rejected"], bad_lines.len());
    assert_eq!(summary["rejected_file"], cli.path("leads.rejected.csv").to_str().unwrap());
    assert_eq!(summary["rejected_file_replaced"], false, "the first run of this input");
    assert_eq!(api.list_contacts().await.unwrap().items.len(), before.items.len());

    let first = cli.run(&["contacts", "import", file, "--campaign", &campaign, "-o", "json"]).await;
    first.expect(1);
    let summary = first.json();
    assert_eq!(summary["rows"], 11);
    assert_eq!(summary["imported"], good);
    assert_eq!(summary["already_present"], 1);
    assert_eq!(summary["rejected"], bad_lines.len());
    assert_eq!(summary["failed"], 0);
    assert_eq!(summary["not_attempted"], 0);
    assert!(
        first.stderr.contains("line 8: duplicate: the same e-mail address is on line 2"),
        "{}",
        first.stderr
    );

    // The dry run set its rows aside in leads.rejected.csv; the real run of the same input
    // replaces that file (one name per input) and says so.
    let rejected_path = cli.path("leads.rejected.csv");
    assert_eq!(summary["rejected_file"], rejected_path.to_str().unwrap());
    assert_eq!(summary["rejected_file_replaced"], true);
    assert!(!cli.path("leads.rejected-2.csv").exists(), "no second name for the same input");
    let rejected = csv_records(&std::fs::read_to_string(&rejected_path).unwrap());
    assert_eq!(rejected[0][..3], ["line", "reason", "E-mail"]);
    let lines: BTreeSet<u64> = rejected[1..].iter().map(|r| r[0].parse().unwrap()).collect();
    // Line 6, already a contact, is listed too: the API does not say it is in the campaign.
    let mut listed = bad_lines.clone();
    listed.insert(6);
    assert_eq!(lines, listed);
    let reason_of = |line: &str| rejected.iter().find(|r| r[0] == line).unwrap()[1].clone();
    assert!(
        reason_of("6").starts_with("already a contact of the organisation, so not sent again")
            && reason_of("6")
                .contains(&format!("does not say whether it is in campaign {campaign}")),
        "{}",
        reason_of("6")
    );
    assert!(reason_of("11").contains("UTF-8"), "{}", reason_of("11"));
    assert!(reason_of("10").contains("first_name"), "{}", reason_of("10"));
    assert!(reason_of("13").contains("cells"), "{}", reason_of("13"));

    let after = api.list_contacts().await.unwrap();
    assert_eq!(after.items.len(), before.items.len() + good);
    let bo = after.items.iter().find(|c| c.email() == "import-bo@example.org").unwrap();
    assert_eq!(bo.custom_data().get("Notes").unwrap(), "two\r\nlines");
    let ann = after.items.iter().find(|c| c.email() == "import-ann@example.org").unwrap();
    assert_eq!(ann.tags.iter().map(|t| &**t).collect::<Vec<_>>(), ["vip", "q3"]);
    let cy = after.items.iter().find(|c| c.email() == "import-cy@example.org").unwrap();
    assert_eq!(cy.first_name(), "Cy, Jr.");
    assert!(
        after
            .items
            .iter()
            .any(|c| c.email() == "import-dorte@example.org" && c.first_name() == "Dörte")
    );

    let again = cli
        .run(&[
            "contacts",
            "import",
            file,
            "--campaign",
            &campaign,
            "-o",
            "json",
            "--concurrency",
            "8",
        ])
        .await;
    again.expect(1);
    let summary = again.json();
    assert_eq!(summary["imported"], 0);
    assert_eq!(summary["already_present"], good + 1);
    assert_eq!(summary["rejected"], bad_lines.len());
    // A re-run replaces the file again: it accounts for every row of this run.
    assert_eq!(summary["rejected_file"], rejected_path.to_str().unwrap());
    let second = csv_records(&std::fs::read_to_string(&rejected_path).unwrap());
    let header = 1;
    assert_eq!(second.len(), header + bad_lines.len() + good + 1, "this run's rows, no older ones");
    let ann = second.iter().find(|r| r[0] == "2").expect("line 2, imported by the first run");
    assert!(
        !ann[1].contains("not added to the campaign")
            && ann[1].contains("it is if an earlier run of this import added it"),
        "{}",
        ann[1]
    );
    let text = cli.run(&["contacts", "import", file, "--campaign", &campaign]).await;
    assert!(
        text.stdout
            .contains("5 addresses were already contacts of the organisation, so not sent again")
            && text.stdout.contains(&format!(
                "written to {} (it replaces the file an earlier run of this input wrote there)",
                rejected_path.display()
            )),
        "{}",
        text.stdout
    );
    assert_eq!(api.list_contacts().await.unwrap().items.len(), after.items.len());
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_clean_file_exits_0_and_keeps_an_earlier_rejected_file() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[1].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let api = user_client(&sim, key);
    let campaign = api.list_campaigns().await.unwrap().items[0].id.to_string();
    let file = cli.write(
        "clean.csv",
        "email,city,plan\nclean-1@example.org,Oslo,pro\nclean-2@example.org,,\n",
    );
    let stale = cli.write("clean.rejected.csv", "line,reason\n9,old\n");

    let run =
        cli.run(&["contacts", "import", file.to_str().unwrap(), "--campaign", &campaign]).await;
    run.expect(0);
    let counts: Vec<Vec<&str>> =
        run.stdout.lines().map(|l| l.split_whitespace().collect()).collect();
    assert!(counts.contains(&vec!["imported", "2"]), "{}", run.stdout);
    assert!(counts.contains(&vec!["rejected", "0"]), "{}", run.stdout);
    assert_eq!(
        std::fs::read_to_string(&stale).unwrap(),
        "line,reason\n9,old\n",
        "the rejected file of an earlier run is kept"
    );
    assert!(!cli.path("clean.rejected-2.csv").exists(), "no row set aside: no new file");
    let contacts = api.list_contacts().await.unwrap();
    let first = contacts.items.iter().find(|c| c.email() == "clean-1@example.org").unwrap();
    assert_eq!(first.custom_data().get("plan").unwrap(), "pro");
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn accessible_says_the_progress_in_lines_and_draws_no_bar() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[1].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let api = user_client(&sim, key);
    let campaign = api.list_campaigns().await.unwrap().items[0].id.to_string();
    // Each run its own new contacts: there is something to send every time.
    let file = |run: &str| {
        let text = format!("email\n{run}-1@example.org\n{run}-2@example.org\n");
        cli.write(&format!("{run}.csv"), text).to_str().unwrap().to_string()
    };

    let plain = file("plain");
    let plain = cli.run(&["contacts", "import", &plain, "--campaign", &campaign]).await;
    plain.expect(0);
    assert!(!plain.stderr.contains("progress:"), "off a terminal: no progress\n{}", plain.stderr);
    let quiet = file("quiet");
    let zero = cli
        .run_env(&["contacts", "import", &quiet, "--campaign", &campaign], &[("ACCESSIBLE", "0")])
        .await;
    zero.expect(0);
    assert!(!zero.stderr.contains("progress:"), "ACCESSIBLE=0 is off\n{}", zero.stderr);

    let (flag, env) = (file("flag"), file("env"));
    for (args, env) in [
        (vec!["contacts", "import", &flag, "--campaign", &campaign, "--accessible"], None),
        (vec!["contacts", "import", &env, "--campaign", &campaign], Some(("ACCESSIBLE", "1"))),
    ] {
        let said = cli.run_env(&args, env.as_slice()).await;
        said.expect(0);
        assert!(
            said.stderr.lines().any(|line| line == "progress: 0% (0 of 2 contacts)"),
            "{args:?} {env:?}\n{}",
            said.stderr
        );
        let redrawn = said.stderr.chars().any(|c| c == '\r' || c == '\u{1b}');
        assert!(!redrawn, "nothing drawn in place: {:?}", said.stderr);
    }
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_file_without_an_email_column_or_a_missing_campaign_sends_nothing() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[1].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let count = user_client(&sim, key).list_contacts().await.unwrap().items.len();

    let file = cli.write("names.csv", "name,company\nAnn,Acme\n");
    let run = cli.run(&["contacts", "import", file.to_str().unwrap(), "--campaign", "1"]).await;
    run.expect(2);
    assert!(
        run.stderr.contains("no e-mail column") && run.stderr.contains("name, company"),
        "{}",
        run.stderr
    );

    let file = cli.write("ok.csv", "email\nmissing-campaign@example.org\n");
    let run =
        cli.run(&["contacts", "import", file.to_str().unwrap(), "--campaign", "987654321"]).await;
    run.expect(5);
    assert!(
        run.stderr.contains("Campaign 987654321 is not in this organisation"),
        "{}",
        run.stderr
    );
    assert_eq!(user_client(&sim, key).list_contacts().await.unwrap().items.len(), count);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_row_the_server_refuses_is_rejected_with_its_field_and_a_busy_server_is_retried() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[1].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let campaign = user_client(&sim, key).list_campaigns().await.unwrap().items[0].id;
    let upload = format!("/api/v1/campaigns/{campaign}/contacts/upload");
    let refusal = serde_json::json!({"detail": [{"type": "value_error", "loc": ["body", "email"],
        "msg": "value is not a valid email address: The domain name does not accept email."}]});
    fault_rules(&sim, serde_json::json!([
        {"kind": "503", "method": "POST", "path": upload, "times": 1, "retry_after": 0},
        {"kind": "raw", "method": "POST", "path": upload, "times": 1, "status": 422, "json": refusal},
    ]))
    .await;
    let file = cli.write("two.csv", "email\nfirst@example.org\nsecond@example.org\n");
    let campaign = campaign.to_string();
    let run = cli
        .run(&[
            "contacts",
            "import",
            file.to_str().unwrap(),
            "--campaign",
            &campaign,
            "--concurrency",
            "1",
            "-o",
            "json",
        ])
        .await;
    run.expect(1);
    let summary = run.json();
    assert_eq!(
        (summary["imported"].as_u64(), summary["rejected"].as_u64()),
        (Some(1), Some(1)),
        "{summary}"
    );
    let rejected = csv_records(&std::fs::read_to_string(cli.path("two.rejected.csv")).unwrap());
    assert_eq!(rejected.len(), 2, "{rejected:?}");
    assert!(rejected[1][1].contains("email: value is not a valid email address"), "{rejected:?}");
    sim.shutdown().await;
}
