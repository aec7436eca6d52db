//! Every list subcommand in every output format, against the simulator's seeded data.

use crate::common;

use common::cli::{Outreach, csv_records, width};
use common::sim::{fault_rules, user_client};
use outreach_tui::api::{ExchangeGroup, ExchangeQuery, MeetingQuery};
use outreach_tui::sim::{self, SimOptions};

/// Runs `args` in each format and checks each lists exactly `ids`, in order.
async fn check_formats(cli: &Outreach, args: &[&str], ids: &[i64], csv_header: &[&str]) {
    let with = |format: &'static str| -> Vec<&str> {
        let mut all = args.to_vec();
        all.extend(["--output", format]);
        all
    };

    let json = cli.run(&with("json")).await;
    json.expect(0);
    let listed: Vec<i64> =
        json.json().as_array().unwrap().iter().map(|item| item["id"].as_i64().unwrap()).collect();
    assert_eq!(listed, ids, "{args:?} json");

    let piped = cli.run(args).await;
    assert_eq!(piped.stdout, json.stdout, "{args:?}: piped output defaults to the JSON array");

    let jsonl = cli.run(&with("jsonl")).await;
    jsonl.expect(0);
    let listed: Vec<i64> = jsonl
        .stdout
        .lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["id"].as_i64().unwrap()
        })
        .collect();
    assert_eq!(listed, ids, "{args:?} jsonl");

    let csv = cli.run(&with("csv")).await;
    csv.expect(0);
    let records = csv_records(&csv.stdout);
    assert_eq!(records[0], csv_header, "{args:?} csv header");
    let listed: Vec<i64> = records[1..].iter().map(|r| r[0].parse().unwrap()).collect();
    assert_eq!(listed, ids, "{args:?} csv");

    let table = cli.run_env(&with("table"), &[("COLUMNS", "80")]).await;
    table.expect(0);
    let lines: Vec<&str> = table.stdout.lines().collect();
    assert_eq!(lines.len(), ids.len() + 1, "{args:?}: a header and one line per item");
    assert!(lines[0].trim_start().starts_with("ID"), "{}", lines[0]);
    for line in &lines {
        assert!(width(line) <= 80, "{args:?}: wider than 80 columns: {line:?}");
        assert!(
            !line.chars().any(|c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)),
            "{line:?}"
        );
    }
    let listed: Vec<i64> = lines[1..]
        .iter()
        .map(|line| line.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(listed, ids, "{args:?} table");

    let narrow = cli.run_env(&with("table"), &[("COLUMNS", "40")]).await;
    assert!(narrow.stdout.lines().all(|line| width(line) <= 40), "{}", narrow.stdout);

    check_records(cli, &with("list"), ids, csv_header).await;
    // Asked for by a screen reader's user but piped: a script still gets its JSON.
    let accessible = cli.run_env(args, &[("ACCESSIBLE", "1")]).await;
    assert_eq!(accessible.stdout, json.stdout, "{args:?}: piped stays JSON with ACCESSIBLE=1");
}

/// `-o list`: one block of `field: value` lines per item, the fields the CSV header names,
/// a blank line after each block, nothing cut and no control character.
async fn check_records(cli: &Outreach, args: &[&str], ids: &[i64], csv_header: &[&str]) {
    let list = cli.run_env(args, &[("COLUMNS", "40")]).await;
    list.expect(0);
    assert!(list.stdout.is_empty() || list.stdout.ends_with("\n\n"), "{:?}", list.stdout);
    let blocks: Vec<&str> = list.stdout.split_terminator("\n\n").collect();
    assert_eq!(blocks.len(), ids.len(), "{args:?}: one block per item\n{}", list.stdout);
    let fields: Vec<String> = csv_header.iter().map(|h| h.to_lowercase()).collect();
    for (block, id) in blocks.iter().zip(ids) {
        let lines: Vec<&str> = block.lines().collect();
        let named: Vec<&str> = lines.iter().map(|l| l.split(':').next().unwrap()).collect();
        assert_eq!(named, fields, "{args:?}: {block}");
        assert_eq!(lines[0], format!("id: {id}"), "{args:?}");
        assert!(!block.chars().any(|c| c.is_control() && c != '\n'), "{block:?}");
        assert!(!block.contains('…'), "{args:?}: a record is never cut to a width: {block}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn campaigns_bots_and_contacts_in_every_format() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let api = user_client(&sim, key);

    let campaigns: Vec<i64> =
        api.list_campaigns().await.unwrap().items.iter().map(|c| c.id).collect();
    assert!(!campaigns.is_empty());
    let header = ["ID", "NAME", "STATUS", "CREATED", "TEST MODE", "UNSUBSCRIBE", "MTG MIN"];
    check_formats(&cli, &["campaigns", "list"], &campaigns, &header).await;

    let bots: Vec<i64> = api.list_bots().await.unwrap().items.iter().map(|b| b.id).collect();
    let header = [
        "ID",
        "EMAIL",
        "NAME",
        "STATUS",
        "MAILBOX",
        "DAILY LIMIT",
        "WARM-UP",
        "WARMUP SINCE",
        "PROBLEMS",
    ];
    check_formats(&cli, &["bots", "list"], &bots, &header).await;

    let contacts: Vec<i64> =
        api.list_contacts().await.unwrap().items.iter().map(|c| c.id).collect();
    let header = ["ID", "EMAIL", "NAME", "DNC", "TAGS", "TIMEZONE", "CUSTOM DATA"];
    check_formats(&cli, &["contacts", "list"], &contacts, &header).await;
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn exchanges_and_meetings_pass_their_filters() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let api = user_client(&sim, key);
    let ids = |query: ExchangeQuery| {
        let api = api.clone();
        async move {
            api.list_exchanges(&query).await.unwrap().items.iter().map(|e| e.id).collect::<Vec<_>>()
        }
    };
    let header = ["ID", "UPDATED", "STATUS", "CAMPAIGN", "CONTACT", "EMAIL", "BOT"];

    let replied =
        ids(ExchangeQuery { group: Some(ExchangeGroup::Replied), ..Default::default() }).await;
    assert!(!replied.is_empty());
    check_formats(&cli, &["exchanges", "list"], &replied, &header).await;

    let booked =
        ids(ExchangeQuery { group: Some(ExchangeGroup::MeetingBooked), ..Default::default() })
            .await;
    assert!(!booked.is_empty() && booked.len() < replied.len());
    check_formats(&cli, &["exchanges", "list", "--kind", "meeting-booked"], &booked, &header).await;
    // As scripts wrote it before --group named a [groups] entry: still the filter, and said.
    let old = cli.run(&["exchanges", "list", "--group", "meeting-booked", "-o", "json"]).await;
    old.expect(0);
    let listed: Vec<i64> =
        old.json().as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect();
    assert_eq!(listed, booked);
    assert!(
        old.stderr.contains("--group meeting-booked is now --kind meeting-booked"),
        "{}",
        old.stderr
    );

    let all = api.list_exchanges(&ExchangeQuery::default()).await.unwrap();
    let campaign = all.items[0].campaign_id;
    let since = all.items.iter().filter_map(|e| e.updated_at).min().unwrap().date();
    let until = since + chrono::Days::new(20);
    let filtered = ids(ExchangeQuery {
        campaign_id: Some(campaign),
        start_date: Some(since),
        end_date: Some(until),
        group: Some(ExchangeGroup::Replied),
    })
    .await;
    let (since, until, campaign) = (since.to_string(), until.to_string(), campaign.to_string());
    let args = ["exchanges", "list", "--campaign", &campaign, "--since", &since, "--until", &until];
    check_formats(&cli, &args, &filtered, &header).await;

    let meetings: Vec<i64> = api
        .list_meetings(&MeetingQuery::default())
        .await
        .unwrap()
        .items
        .iter()
        .map(|m| m.id)
        .collect();
    assert!(!meetings.is_empty());
    let header =
        ["ID", "START", "STATUS", "CONTACT", "EMAIL", "CAMPAIGN", "THEIR TIME", "END", "LINK"];
    check_formats(&cli, &["meetings", "list"], &meetings, &header).await;

    let starts = api.list_meetings(&MeetingQuery::default()).await.unwrap();
    let first = starts.items.iter().filter_map(|m| m.start).min().unwrap().date();
    let range =
        MeetingQuery { start_date: Some(first), end_date: Some(first + chrono::Days::new(3)) };
    let in_range: Vec<i64> =
        api.list_meetings(&range).await.unwrap().items.iter().map(|m| m.id).collect();
    assert!(in_range.len() < meetings.len());
    let (from, to) = (first.to_string(), (first + chrono::Days::new(3)).to_string());
    check_formats(
        &cli,
        &["meetings", "list", "--since", &from, "--until", &to],
        &in_range,
        &header,
    )
    .await;

    let reversed = cli.run(&["meetings", "list", "--since", &to, "--until", &from]).await;
    reversed.expect(2);
    assert!(reversed.stderr.contains("is after --until"), "{}", reversed.stderr);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_email_chain_reads_as_sanitised_text_or_faithful_json() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let api = user_client(&sim, key);

    // Find a chain carrying hostile text, as real inboxes do.
    let exchanges = api.list_exchanges(&ExchangeQuery::default()).await.unwrap();
    let mut hostile = None;
    for exchange in exchanges.items.iter() {
        let chain = api.email_chain(exchange.id).await.unwrap();
        let raw = serde_json::to_string(&chain.items[..]).unwrap();
        if raw.contains("\\u001b") || raw.contains('\u{202e}') {
            hostile = Some((exchange.id, chain.items.len()));
            break;
        }
    }
    let (id, messages) = hostile.expect("the demo organisation has hostile e-mails");
    let id = id.to_string();

    let text = cli.run(&["exchanges", "show", &id]).await;
    text.expect(0);
    let rules = text.stdout.lines().filter(|line| line.starts_with("── ")).count();
    assert_eq!(rules, messages, "one rule per e-mail:\n{}", text.stdout);
    assert!(text.stdout.starts_with(&format!("── 1/{messages} ")), "{}", text.stdout);
    assert!(text.stdout.contains("\nSubject: "), "{}", text.stdout);
    let dangerous = |c: char| {
        (c.is_control() && c != '\n' && c != '\t') || ('\u{202a}'..='\u{202e}').contains(&c)
    };
    assert!(!text.stdout.chars().any(dangerous), "{:?}", text.stdout);

    let json = cli.run(&["exchanges", "show", &id, "--output", "json"]).await;
    json.expect(0);
    assert_eq!(json.json().as_array().unwrap().len(), messages);
    assert!(
        json.stdout.contains("\\u001b") || json.stdout.contains('\u{202e}'),
        "piped JSON stays faithful"
    );
    sim.shutdown().await;
}

/// What a server that has grown since the spec might send: fields the client does not
/// model, timestamps in forms it does not read, nulls where values are expected.
fn grown_server() -> [(&'static str, serde_json::Value); 5] {
    use serde_json::json;
    let party = json!({"id": 9, "email": "x@y.example", "first_name": "X", "last_name": "Y", "organisation": "Z"});
    [
        // Longer paths first: a rule serves every path it starts.
        (
            "/api/v1/campaigns/data/replies",
            json!([
                {"id": 5, "campaign_id": 101, "status": "REPLIED", "updated_at": "2024-02-30T10:00:00",
                 "bot": party, "contact": party, "sentiment": {"score": 0.75, "label": "warm"}}
            ]),
        ),
        (
            "/api/v1/campaigns",
            json!([
                {"id": 101, "name": "Grown", "status": "ACTIVE", "created_at": "2024-02-30T10:00:00",
                 "brand_new": {"nested": [1, "x", null]}, "archived_at": "2024-05-01T09:30:00.123456789+05:45"}
            ]),
        ),
        (
            "/api/v1/bots",
            json!([
                {"id": 7, "email": "bot@x.example", "status": null, "mailbox_status": null,
                 "warmup_started_at": "2024-13-01T00:00:00", "reputation": 97}
            ]),
        ),
        (
            "/api/v1/meetings",
            json!([
                {"id": 3, "exchange_id": 5, "start": "2024-02-30T10:00:00", "end": "soon",
                 "recording": {"url": "https://rec.example/3"}}
            ]),
        ),
        (
            "/api/v1/exchanges/5/emails",
            json!([
                {"subject": "Hello", "date": "2024-02-30T10:00:00Z", "cc": [null, "c@x.example"],
                 "bcc": [null], "attachments": [null], "labels": [null, "INBOX"], "spam_score": 0.5,
                 "body": {"text": "Hi", "html": null}}
            ]),
        ),
    ]
}

#[tokio::test(flavor = "multi_thread")]
async fn json_of_every_list_and_show_is_the_servers_objects_whole() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let cli = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    let server = grown_server();
    let rules: Vec<serde_json::Value> = server
        .iter()
        .map(|(path, json)| serde_json::json!({"kind": "raw", "path": path, "json": json}))
        .collect();
    fault_rules(&sim, serde_json::Value::Array(rules)).await;
    let sent = |path: &str| server.iter().find(|(p, _)| *p == path).unwrap().1.clone();

    for (args, path) in [
        (&["campaigns", "list"][..], "/api/v1/campaigns"),
        (&["bots", "list"], "/api/v1/bots"),
        (&["exchanges", "list"], "/api/v1/campaigns/data/replies"),
        (&["meetings", "list"], "/api/v1/meetings"),
        (&["exchanges", "show", "5"], "/api/v1/exchanges/5/emails"),
    ] {
        let json = cli.run(&[args, &["-o", "json"]].concat()).await;
        json.expect(0);
        assert_eq!(json.json(), sent(path), "{args:?} -o json");
        // Timestamps as written, not rewritten.
        assert!(json.stdout.contains("2024-02-30T10:00:00") || json.stdout.contains("2024-13-01"));
        if args[1] == "list" {
            let jsonl = cli.run(&[args, &["-o", "jsonl"]].concat()).await;
            jsonl.expect(0);
            let lines: Vec<serde_json::Value> =
                jsonl.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
            assert_eq!(serde_json::Value::Array(lines), sent(path), "{args:?} -o jsonl");
        }
    }
    let campaign = cli.run(&["campaigns", "show", "101", "--json"]).await;
    campaign.expect(0);
    assert_eq!(campaign.json()["campaign"], sent("/api/v1/campaigns")[0]);
    let bot = cli.run(&["bots", "show", "7", "--json"]).await;
    bot.expect(0);
    assert_eq!(bot.json()["bot"], sent("/api/v1/bots")[0]);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_time_that_does_not_read_is_shown_as_sent_and_nulls_are_named() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let cli = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    let rules: Vec<serde_json::Value> = grown_server()
        .iter()
        .map(|(path, json)| serde_json::json!({"kind": "raw", "path": path, "json": json}))
        .collect();
    fault_rules(&sim, serde_json::Value::Array(rules)).await;
    let wide = [("COLUMNS", "200")];

    let campaigns = cli.run_env(&["campaigns", "list", "-o", "table"], &wide).await;
    campaigns.expect(0);
    assert!(campaigns.stdout.contains("? 2024-02-30T10"), "{}", campaigns.stdout);
    let csv = cli.run(&["campaigns", "list", "-o", "csv"]).await;
    assert!(csv.stdout.contains(",2024-02-30T10:00:00,"), "CSV keeps the text: {}", csv.stdout);
    let meetings = cli.run_env(&["meetings", "list", "-o", "table"], &wide).await;
    assert!(meetings.stdout.contains("? 2024-02-30T10"), "{}", meetings.stdout);
    assert!(meetings.stdout.contains("? soon"), "{}", meetings.stdout);
    let exchanges = cli.run_env(&["exchanges", "list", "-o", "table"], &wide).await;
    assert!(exchanges.stdout.contains("? 2024-02-30T10"), "{}", exchanges.stdout);

    let bots = cli.run_env(&["bots", "list", "-o", "table"], &wide).await;
    bots.expect(0);
    assert!(bots.stdout.contains("mailbox status unknown, status unknown"), "{}", bots.stdout);
    assert!(!bots.stdout.contains("mailbox ,"), "{}", bots.stdout);
    assert!(bots.stdout.contains("? 2024-13-01"), "{}", bots.stdout);

    let chain = cli.run_env(&["exchanges", "show", "5"], &wide).await;
    chain.expect(0);
    assert!(chain.stdout.contains("Cc:      c@x.example\n"), "{}", chain.stdout);
    assert!(chain.stdout.contains("Date:    ? 2024-02-30T10:00:00Z"), "{}", chain.stdout);
    assert!(chain.stdout.contains("Labels:  INBOX\n"), "{}", chain.stdout);
    assert!(!chain.stdout.contains("null"), "{}", chain.stdout);
    sim.shutdown().await;
}
