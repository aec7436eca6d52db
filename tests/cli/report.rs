//! `outreach report`, `campaigns show` and `bots show` against the simulator: the numbers
//! are those the test counts by hand from the simulator's lists, in every format.

use crate::common;

use chrono::{Days, Utc};
use common::cli::{Outreach, width};
use common::truth::{Counts, counts, everything};
use outreach_tui::api::ExchangeStatus;
use outreach_tui::sim::{self, SimOptions};
use serde_json::Value;

fn counts_of(row: &Value) -> Counts {
    let n = |v: &Value| v.as_u64().unwrap() as usize;
    Counts {
        replies: n(&row["replies"]),
        interested: n(&row["interested"]),
        booked: n(&row["meetings"]["booked"]),
        held: n(&row["meetings"]["held"]),
        upcoming: n(&row["meetings"]["upcoming"]),
        cancelled: n(&row["meetings"]["cancelled"]),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn report_rows_are_the_counts_made_by_hand_per_campaign_and_per_bot() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let client = common::sim::user_client(&sim, key);
    let (replies, meetings) = everything(&client).await;
    let now = Utc::now();
    let today = now.date_naive();
    for (args, days, by_bot) in [
        (vec!["report", "-o", "json"], 30, false),
        (vec!["report", "--by", "bot", "--since", "-7d", "-o", "json"], 7, true),
        (vec!["report", "--since", "-90d", "-o", "json"], 90, false),
    ] {
        // The last N days: N calendar days ending today, today included.
        let first = today.checked_sub_days(Days::new(days - 1)).unwrap();
        let truth = counts(&replies, &meetings, first, today, now, by_bot);
        let run = cli.run(&args).await;
        run.expect(0);
        let rows = run.json();
        let rows = rows.as_array().unwrap();
        for row in rows {
            let id = row["id"].as_i64().unwrap();
            let expected = truth.get(&id).cloned().unwrap_or_default();
            assert_eq!(counts_of(row), expected, "{args:?}: row {id}");
        }
        // Every counted campaign or bot has its row, busiest first.
        for id in truth.keys() {
            assert!(rows.iter().any(|row| row["id"] == *id), "{args:?}: no row for {id}");
        }
        let replies: Vec<u64> = rows.iter().map(|r| r["replies"].as_u64().unwrap()).collect();
        assert!(replies.windows(2).all(|w| w[0] >= w[1]), "{replies:?}");
        assert!(replies[0] > 0, "{args:?}: the demo has replies");
    }
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn report_as_a_table_fits_the_terminal_and_as_csv_has_a_header_and_a_row_each() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let campaigns = common::sim::user_client(&sim, key).list_campaigns().await.unwrap();

    let table = cli.run(&["report", "-o", "table"]).await;
    table.expect(0);
    assert!(table.stdout.lines().next().unwrap().contains("REPLIES"), "{}", table.stdout);
    for line in table.stdout.lines() {
        assert!(width(line) <= 80, "{line:?}");
        assert!(!line.chars().any(char::is_control), "{line:?}");
    }
    let csv = cli.run(&["report", "-o", "csv"]).await;
    csv.expect(0);
    let mut lines = csv.stdout.lines();
    let header = lines.next().unwrap();
    assert!(header.starts_with("ID,NAME,REPLIES,INTERESTED,BOOKED"), "{header}");
    assert_eq!(lines.count(), campaigns.items.len());

    let future = cli.run(&["report", "--since", "+3d"]).await;
    future.expect(2);
    assert!(future.stderr.contains("after today"), "{}", future.stderr);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn campaigns_show_and_bots_show_print_the_same_numbers_as_the_report() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let client = common::sim::user_client(&sim, key);
    let (replies, meetings) = everything(&client).await;
    let now = Utc::now();
    let today = now.date_naive();
    let first = today.checked_sub_days(Days::new(29)).unwrap();
    let by_campaign = counts(&replies, &meetings, first, today, now, false);
    let by_bot = counts(&replies, &meetings, first, today, now, true);

    let (busiest, expected) =
        by_campaign.iter().max_by_key(|(_, c)| (c.replies, c.booked)).unwrap();
    let shown = cli.run(&["campaigns", "show", &busiest.to_string(), "--json"]).await;
    shown.expect(0);
    let json = shown.json();
    assert_eq!(counts_of(&json["results"]), *expected);
    let per_day: u64 =
        json["per_day"].as_array().unwrap().iter().map(|d| d["replies"].as_u64().unwrap()).sum();
    assert_eq!(per_day as usize, expected.replies, "the days add up");
    assert_eq!(json["per_day"].as_array().unwrap().len(), 30);

    let text = cli.run(&["campaigns", "show", &busiest.to_string()]).await;
    text.expect(0);
    let out = &text.stdout;
    assert!(out.contains(&format!("Replies             {}", expected.replies)), "{out}");
    assert!(
        out.contains(&format!(
            "Meetings booked     {} · {} held · {} upcoming · {} cancelled",
            expected.booked, expected.held, expected.upcoming, expected.cancelled
        )),
        "{out}"
    );
    assert!(out.contains("AI handles") && out.contains("asks a human"), "{out}");
    assert!(out.contains("Unsubscribe"), "{out}");

    let (bot, expected) = by_bot.iter().max_by_key(|(_, c)| (c.replies, c.booked)).unwrap();
    let shown = cli.run(&["bots", "show", &bot.to_string(), "--json"]).await;
    shown.expect(0);
    let json = shown.json();
    assert_eq!(counts_of(&json["results"]), *expected);
    assert!(json["checks"].as_array().unwrap().iter().any(|c| c["label"] == "Mailbox"));
    let text = cli.run(&["bots", "show", &bot.to_string()]).await;
    text.expect(0);
    assert!(text.stdout.contains("Campaigns it serves"), "{}", text.stdout);

    // A bot with a failing check says what to do about it.
    let bots = client.list_bots().await.unwrap();
    let broken = bots
        .items
        .iter()
        .find(|b| outreach_tui::bots::standing(b) == outreach_tui::bots::Standing::Attention)
        .unwrap();
    let text = cli.run(&["bots", "show", &broken.id.to_string()]).await;
    text.expect(0);
    assert!(text.stdout.contains("BAD") && text.stdout.contains("→ "), "{}", text.stdout);

    let missing = cli.run(&["campaigns", "show", "999999"]).await;
    missing.expect(5);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn meetings_list_says_held_upcoming_or_cancelled_by_the_rule_report_counts_by() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let client = common::sim::user_client(&sim, key);
    let meetings = client.list_meetings(&Default::default()).await.unwrap();
    let run =
        cli.run(&["meetings", "list", "--since", "-90d", "--until", "+90d", "-o", "csv"]).await;
    run.expect(0);
    let now = Utc::now();
    let records = common::cli::csv_records(&run.stdout);
    let column = |name: &str| records[0].iter().position(|h| h == name).unwrap();
    let (id_at, status_at) = (column("ID"), column("STATUS"));
    let mut said = std::collections::BTreeSet::new();
    for record in &records[1..] {
        let id: i64 = record[id_at].parse().unwrap();
        let meeting = meetings.items.iter().find(|m| m.id == id).unwrap();
        // Cancelled if cancelled; else held once its end is past; else upcoming.
        let expected = if meeting.cancelled {
            "cancelled"
        } else if meeting.end.or(meeting.start).is_some_and(|end| end.0 < now) {
            "held"
        } else {
            "upcoming"
        };
        assert_eq!(record[status_at], expected, "meeting {id}");
        said.insert(expected);
    }
    assert_eq!(said.len(), 3, "the demo has all three: {said:?}");
    sim.shutdown().await;
}

/// Opt-outs against their deadline: the simulator's clock three weeks back, so that two
/// contacts ask to stop 21 days ago; one is added to do not contact now (late, by this
/// machine's audit log), the other still waits, past its deadline and named — in the
/// terminal's table, JSON, CSV, and every file of `--out` and its index.
#[tokio::test(flavor = "multi_thread")]
async fn report_counts_opt_outs_honoured_late_and_names_those_pending_past_the_deadline() {
    let anchor = Utc::now() - chrono::Duration::days(21);
    let sim = sim::spawn(SimOptions { seed: 7, anchor: Some(anchor), ..SimOptions::default() })
        .await
        .unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let client = common::sim::user_client(&sim, key);
    let (replies, _) = everything(&client).await;
    let contacts = client.list_contacts().await.unwrap();
    let listed = |id: i64| contacts.items.iter().any(|c| c.id == id && c.dnc);
    let asking: Vec<&outreach_tui::api::Exchange> = replies
        .iter()
        .filter(|e| {
            !matches!(e.status, ExchangeStatus::UnsubRequest | ExchangeStatus::UnsubLink)
                && !listed(e.contact.id)
        })
        .take(2)
        .collect();
    for exchange in &asking {
        let body = serde_json::json!({ "exchange_id": exchange.id, "status": "UNSUB_REQUEST" });
        common::sim::admin_as(&sim, key, "POST", "/_sim/replies", Some(body)).await;
    }
    let (late, waiting) = (asking[0], asking[1]);
    let added = cli.run(&["dnc", "add-emails", &late.contact.email]).await;
    added.expect(0);

    let json = cli.run(&["report", "-o", "json"]).await;
    json.expect(0);
    let rows = json.json();
    let row_of = |campaign: i64| {
        rows.as_array().unwrap().iter().find(|r| r["id"] == campaign).unwrap()["opt_outs"].clone()
    };
    let all: Vec<Value> = rows.as_array().unwrap().iter().map(|r| r["opt_outs"].clone()).collect();
    let sum = |field: &str| all.iter().map(|o| o[field].as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum("honoured_late"), 1, "only this machine's addition has a time: {rows}");
    assert!(row_of(late.campaign_id)["honoured_late"].as_u64() == Some(1), "{rows}");
    assert!(row_of(waiting.campaign_id)["overdue"].as_u64().unwrap() >= 1, "{rows}");
    assert!(sum("asked") >= 2 && sum("pending") >= 1, "{rows}");

    let csv = cli.run(&["report", "-o", "csv"]).await;
    csv.expect(0);
    assert!(csv.stdout.lines().next().unwrap().ends_with(",OPT-OUTS,IN TIME,LATE,PENDING,OVERDUE"));
    let table = cli.run_env(&["report", "-o", "table"], &[("COLUMNS", "240")]).await;
    table.expect(0);
    assert!(table.stdout.lines().next().unwrap().contains("OVERDUE"), "{}", table.stdout);

    let out = cli.home.path().join("reports");
    let dir = out.to_str().unwrap();
    let files = cli.run(&["report", "--out", dir, "--format", "md,csv,html"]).await;
    files.expect(0);
    // The organisation's file of an extension, else the index of that name.
    let read = |name: &str| {
        let path = std::fs::read_dir(&out)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .find(|path| {
                let file = path.file_name().unwrap().to_string_lossy().into_owned();
                file == name
                    || (name.starts_with('.') && file.ends_with(name) && !file.starts_with("index"))
            })
            .unwrap();
        std::fs::read_to_string(path).unwrap()
    };
    let md = read(".md");
    let who = outreach_tui::needs::who(waiting);
    let line = md.lines().find(|l| l.contains(&waiting.contact.email)).unwrap_or_default();
    assert!(line.contains(&format!("{who}: Add ")), "named: {md}");
    assert!(line.contains("past the deadline"), "{line}");
    assert!(md.contains("1 honoured late"), "{md}");
    assert!(read(".html").contains("1 honoured late"));
    assert!(read(".csv").lines().next().unwrap().contains("OVERDUE"));
    let index = read("index.csv");
    let header = index.lines().next().unwrap();
    assert!(header.contains("Honoured late,Opt-outs pending,Pending past the deadline"), "{index}");
    let numbers: Vec<&str> = index.lines().nth(1).unwrap().split(',').collect();
    let late_at = header.split(',').position(|h| h == "Honoured late").unwrap();
    assert_eq!(numbers[late_at], "1", "{index}");
    for name in ["index.md", "index.html"] {
        assert!(read(name).contains("Pending past the deadline"), "{name}");
    }
    sim.shutdown().await;
}
