//! `outreach replies` as a user runs it, against the simulator: the inbox newest first with
//! categories, new since the last look (a reply arriving through `POST /_sim/replies`),
//! handled marks kept on this machine, the cron check, snippets and every output format.
//! Each run has its own home, so the local state file is the test's own.

use crate::common;

use common::cli::{Outreach, Run, csv_records};
use common::sim::{admin, user_client};
use outreach_tui::api::{Exchange, ExchangeGroup, ExchangeQuery};
use outreach_tui::inbox::Category;
use outreach_tui::inbox::snippet::latest_reply_line;
use outreach_tui::sim::{self, SimHandle, SimOptions};
use serde_json::{Value, json};
use std::collections::HashSet;

/// Data dated around now, so replies that arrive during the test are newer than the first use.
async fn start() -> SimHandle {
    sim::spawn(SimOptions { seed: 42, ..SimOptions::default() }).await.unwrap()
}

fn cli(sim: &SimHandle) -> Outreach {
    Outreach::new(&sim.base_url, &sim.orgs[0].admin_key)
}

/// The replied and meeting-booked exchanges as the API lists them, newest activity first.
async fn inbox_from_api(sim: &SimHandle) -> Vec<Exchange> {
    let api = user_client(sim, &sim.orgs[0].admin_key);
    let mut all = Vec::new();
    let mut ids = HashSet::new();
    for group in [ExchangeGroup::Replied, ExchangeGroup::MeetingBooked] {
        let query = ExchangeQuery { group: Some(group), ..ExchangeQuery::default() };
        for exchange in api.list_exchanges(&query).await.unwrap().items.iter() {
            if ids.insert(exchange.id) {
                all.push(exchange.clone());
            }
        }
    }
    all.sort_by(|a, b| b.updated_at.cmp(&a.updated_at).then(b.id.cmp(&a.id)));
    all
}

fn rows(run: &Run) -> Vec<Value> {
    run.expect(0).json().as_array().unwrap().clone()
}

fn ids(rows: &[Value]) -> Vec<i64> {
    rows.iter().map(|row| row["id"].as_i64().unwrap()).collect()
}

async fn arrive(sim: &SimHandle, body: Option<Value>) -> i64 {
    admin(sim, "POST", "/_sim/replies", body).await["exchange_id"].as_i64().unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_inbox_lists_replies_newest_first_with_their_category_and_nothing_new_at_first() {
    let sim = start().await;
    let outreach = cli(&sim);
    let expected = inbox_from_api(&sim).await;
    assert!(expected.len() > 20, "a full inbox: {}", expected.len());

    let first_run = outreach.run(&["replies", "-o", "json"]).await;
    assert!(
        !first_run.stderr.contains("Error"),
        "a first run on a fresh machine prints no error: {}",
        first_run.stderr
    );
    let listed = rows(&first_run);
    assert_eq!(ids(&listed), expected.iter().map(|e| e.id).collect::<Vec<_>>());
    for (row, exchange) in listed.iter().zip(&expected) {
        assert_eq!(row["category"], Category::of(&exchange.status).slug(), "{row}");
        assert_eq!(row["status"], exchange.status.as_str(), "the API's fields stay");
        assert_eq!(row["contact"]["email"], exchange.contact.email.as_str());
        assert_eq!((row["new"].as_bool(), row["handled"].as_bool()), (Some(false), Some(false)));
        assert!(row.get("snippet").is_none(), "no snippet unless asked for");
    }
    let state = outreach.path("state/outreach/state.sqlite3");
    assert!(state.is_file(), "the marks live in the state directory: {}", state.display());

    let table = outreach.run(&["replies", "-o", "table"]).await;
    let header = table.expect(0).stdout.lines().next().unwrap().to_string();
    let words: Vec<&str> = header.split_whitespace().collect();
    assert_eq!(words[..6], ["ID", "NEW", "HANDLED", "CATEGORY", "AGE", "CONTACT"], "{header}");
    let first = table.stdout.lines().nth(1).unwrap();
    assert!(first.trim_start().starts_with(&expected[0].id.to_string()), "{first}");
    assert!(first.contains(Category::of(&expected[0].status).label()), "{first}");
    let age = first.split_whitespace().find(|word| {
        word.len() <= 4
            && word.ends_with(['m', 'h', 'd'])
            && word[..word.len() - 1].parse::<u32>().is_ok()
    });
    assert!(age.is_some() || first.contains(" now "), "an age like 12m, 3h or 2d: {first}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reply_that_arrives_is_new_until_marked_seen_and_new_again_when_it_moves() {
    let sim = start().await;
    let outreach = cli(&sim);
    assert!(rows(&outreach.run(&["replies", "--new", "-o", "json"]).await).is_empty(), "first use");

    let id = arrive(&sim, None).await;
    let new = rows(&outreach.run(&["replies", "--new", "-o", "json"]).await);
    assert_eq!(ids(&new), [id]);
    assert_eq!(new[0]["new"], true);
    let table = outreach.run(&["replies", "-o", "table"]).await;
    let first = table.expect(0).stdout.lines().nth(1).unwrap().to_string();
    assert!(first.trim_start().starts_with(&format!("{id}  new")), "the newest, marked: {first}");

    let seen = rows(&outreach.run(&["replies", "--new", "--mark-seen", "-o", "json"]).await);
    assert_eq!(ids(&seen), [id], "--mark-seen lists what it marks");
    assert!(rows(&outreach.run(&["replies", "--new", "-o", "json"]).await).is_empty());

    arrive(&sim, Some(json!({"exchange_id": id}))).await;
    let again = rows(&outreach.run(&["replies", "--new", "-o", "json"]).await);
    assert_eq!(ids(&again), [id], "it moved since it was seen");

    // Another profile on the same organisation keeps its own marks.
    let other = outreach
        .run_env(&["replies", "--new", "-o", "json"], &[("OUTREACH_PROFILE", "other")])
        .await;
    assert!(rows(&other).is_empty(), "a first use of its own: {}", other.stdout);
}

#[tokio::test(flavor = "multi_thread")]
async fn handled_marks_are_kept_listed_and_undone() {
    let sim = start().await;
    let outreach = cli(&sim);
    let inbox = inbox_from_api(&sim).await;
    let (a, b) = (inbox[0].id.to_string(), inbox[1].id.to_string());

    let run = outreach.run(&["replies", "handle", &a, &b]).await;
    assert_eq!(run.expect(0).stdout, format!("{a} handled\n{b} handled\n"));
    assert!(run.stderr.contains("Marked 2 replies handled"), "{}", run.stderr);
    assert!(run.stderr.contains("the API has no such field"), "{}", run.stderr);

    let listed = rows(&outreach.run(&["replies", "-o", "json"]).await);
    let handled: Vec<i64> = listed
        .iter()
        .filter(|row| row["handled"] == true)
        .map(|row| row["id"].as_i64().unwrap())
        .collect();
    assert_eq!(handled, [inbox[0].id, inbox[1].id]);
    let unhandled = rows(&outreach.run(&["replies", "--unhandled", "-o", "json"]).await);
    assert_eq!(unhandled.len(), listed.len() - 2);
    assert!(!ids(&unhandled).contains(&inbox[0].id));
    let table = outreach.run(&["replies", "-o", "table"]).await;
    assert!(table.stdout.lines().nth(1).unwrap().contains("handled"), "{}", table.stdout);

    outreach.run(&["replies", "unhandle", &a]).await.expect(0);
    let listed = rows(&outreach.run(&["replies", "-o", "json"]).await);
    assert_eq!(listed[0]["handled"], false);
    assert_eq!(listed[1]["handled"], true);

    let usage = outreach.run(&["replies", "handle"]).await;
    usage.expect(2);
    assert!(usage.stderr.contains("<ID>"), "{}", usage.stderr);

    // An id that is no reply is refused, and the good one beside it is not marked either.
    let c = inbox[2].id.to_string();
    let wrong = outreach.run(&["replies", "handle", &c, "999999"]).await;
    wrong.expect(5);
    assert!(
        wrong.stderr.contains("Reply 999999 is not in this organisation's inbox"),
        "{}",
        wrong.stderr
    );
    assert!(wrong.stdout.is_empty());
    let listed = rows(&outreach.run(&["replies", "-o", "json"]).await);
    assert_eq!(listed.iter().find(|row| row["id"] == inbox[2].id).unwrap()["handled"], false);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_handled_reply_comes_back_when_the_contact_writes_again() {
    let sim = start().await;
    let outreach = cli(&sim);
    let inbox = inbox_from_api(&sim).await;
    let (a, b) = (inbox[0].id, inbox[1].id);
    outreach.run(&["replies", "handle", &a.to_string(), &b.to_string()]).await.expect(0);
    // Recorded as the server's `updated_at`, not this machine's clock: a reply arriving a
    // moment later moves the exchange past it, whatever the clocks say.
    arrive(&sim, Some(json!({"exchange_id": a}))).await;
    let listed = rows(&outreach.run(&["replies", "-o", "json"]).await);
    let handled = |id: i64| listed.iter().find(|row| row["id"] == id).unwrap()["handled"].clone();
    assert_eq!(handled(a), false, "it moved since it was handled");
    assert_eq!(handled(b), true);
}

#[tokio::test(flavor = "multi_thread")]
async fn categories_narrow_the_list_and_a_wrong_one_says_which_exist() {
    let sim = start().await;
    let outreach = cli(&sim);
    let inbox = inbox_from_api(&sim).await;
    let hot: Vec<i64> =
        inbox.iter().filter(|e| Category::of(&e.status).is_hot()).map(|e| e.id).collect();
    assert!(!hot.is_empty());
    let listed =
        rows(&outreach.run(&["replies", "--category", "interested,referral", "-o", "json"]).await);
    assert_eq!(ids(&listed), hot);
    let by_status =
        rows(&outreach.run(&["replies", "--category", "MEETING_BOOKED", "-o", "json"]).await);
    assert!(!by_status.is_empty() && by_status.iter().all(|row| row["category"] == "meeting"));

    let wrong = outreach.run(&["replies", "--category", "intrested"]).await;
    wrong.expect(2);
    assert!(
        wrong.stderr.contains("'intrested' is no category: use interested, meeting, referral"),
        "{}",
        wrong.stderr
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn check_fails_while_a_hot_reply_waits_unhandled_longer_than_asked() {
    let sim = start().await;
    let outreach = cli(&sim);
    let now = chrono::Utc::now();
    let inbox = inbox_from_api(&sim).await;
    let api = user_client(&sim, &sim.orgs[0].admin_key);
    let mut waiting = Vec::new();
    let mut answered_by_the_bot = 0;
    for exchange in inbox.iter().filter(|e| Category::of(&e.status).is_hot()) {
        if now - exchange.updated_at.unwrap().0 <= chrono::TimeDelta::hours(4) {
            continue;
        }
        // Who wrote the latest message, read here from the chain as a person would.
        let chain = api.email_chain(exchange.id).await.unwrap();
        let latest = chain.items.iter().max_by_key(|m| m.date).unwrap();
        let theirs = latest
            .from_
            .as_ref()
            .is_some_and(|from| from.address.eq_ignore_ascii_case(&exchange.contact.email));
        // An out-of-office notice from their server waits on nobody.
        let text = latest.body.text.as_deref().unwrap_or_default();
        let sent = latest.date.unwrap().0.date_naive();
        let away = outreach_tui::absence::detect(&latest.subject, text, sent).is_some();
        if theirs && !away {
            waiting.push(exchange.id);
        } else {
            answered_by_the_bot += 1;
        }
    }
    assert!(!waiting.is_empty(), "the seeded inbox has old hot replies");
    assert!(answered_by_the_bot > 0, "and hot ones our bot answered last, which wait on them");

    let check = outreach.run(&["replies", "--check", "--older-than", "4h", "-o", "json"]).await;
    check.expect(1);
    assert_eq!(ids(check.json().as_array().unwrap()), waiting, "it lists what waits");
    let count = waiting.len();
    let told =
        format!("{count} Interested or Referral replies have waited longer than 4h (the oldest ");
    assert!(check.stderr.contains(&told), "{}", check.stderr);

    let mut handle = vec!["replies", "handle"];
    let texts: Vec<String> = waiting.iter().map(i64::to_string).collect();
    handle.extend(texts.iter().map(String::as_str));
    outreach.run(&handle).await.expect(0);
    let passed = outreach.run(&["replies", "--check", "--older-than", "4h", "-o", "json"]).await;
    passed.expect(0);
    // Under cron every byte is mailed: nothing waits, nothing is printed.
    assert!(passed.stdout.is_empty(), "{:?}", passed.stdout);
    assert!(passed.stderr.is_empty(), "{:?}", passed.stderr);

    // A fresh interested reply is hot at once without --older-than, not past 4h.
    arrive(&sim, Some(json!({"status": "INFO_INQUIRY"}))).await;
    outreach.run(&["replies", "--check", "--older-than", "4h"]).await.expect(0);
    outreach.run(&["replies", "--check"]).await.expect(1);

    let usage = outreach.run(&["replies", "--older-than", "4h"]).await;
    usage.expect(2);
    assert!(usage.stderr.contains("--check"), "--older-than needs --check: {}", usage.stderr);
    let usage = outreach.run(&["replies", "--check", "--older-than", "4"]).await;
    usage.expect(2);
    assert!(usage.stderr.contains("use a number and s, m, h or d"), "{}", usage.stderr);
}

#[tokio::test(flavor = "multi_thread")]
async fn snippets_are_the_first_meaningful_line_of_the_contacts_latest_message() {
    let sim = start().await;
    let outreach = cli(&sim);
    let id = arrive(&sim, Some(json!({"status": "SCHEDULING_MEETING"}))).await;
    let listed = rows(
        &outreach.run(&["replies", "--snippets", "--category", "interested", "-o", "json"]).await,
    );
    assert_eq!(listed[0]["id"], id);
    let api = user_client(&sim, &sim.orgs[0].admin_key);
    for row in listed.iter().take(6) {
        let chain = api.email_chain(row["id"].as_i64().unwrap()).await.unwrap();
        let contact = row["contact"]["email"].as_str().unwrap();
        let expected = latest_reply_line(&chain.items, contact).unwrap();
        assert_eq!(row["snippet"], expected.as_str(), "{row}");
        assert!(!expected.starts_with("Hi ") && !expected.starts_with('>'), "{expected}");
    }
    let table =
        outreach.run(&["replies", "--snippets", "--category", "interested", "-o", "table"]).await;
    assert!(table.expect(0).stdout.lines().next().unwrap().contains("SNIPPET"), "{}", table.stdout);
    let first = table.stdout.lines().nth(1).unwrap();
    let start: String = listed[0]["snippet"].as_str().unwrap().chars().take(12).collect();
    assert!(first.contains(&start), "kept in an 80-column table: {first}");
}

#[tokio::test(flavor = "multi_thread")]
async fn every_format_lists_the_same_replies() {
    let sim = start().await;
    let outreach = cli(&sim);
    let json =
        ids(&rows(&outreach.run(&["replies", "--category", "referral", "-o", "json"]).await));
    assert!(!json.is_empty());
    let jsonl = outreach.run(&["replies", "--category", "referral", "-o", "jsonl"]).await;
    let from_lines: Vec<i64> = jsonl
        .expect(0)
        .stdout
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap()["id"].as_i64().unwrap())
        .collect();
    assert_eq!(from_lines, json);
    let csv = outreach.run(&["replies", "--category", "referral", "-o", "csv"]).await;
    let records = csv_records(&csv.expect(0).stdout);
    assert_eq!(records[0][..4], ["ID", "NEW", "HANDLED", "CATEGORY"], "{:?}", records[0]);
    assert!(records[0].contains(&"UPDATED".to_string()), "CSV has the time, not the age");
    assert!(!records[0].contains(&"AGE".to_string()));
    let from_csv: Vec<i64> = records[1..].iter().map(|r| r[0].parse().unwrap()).collect();
    assert_eq!(from_csv, json);
    assert!(records[1..].iter().all(|r| r[3] == "Referral"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_state_file_that_cannot_be_used_still_lists_but_refuses_to_pretend_it_kept_a_mark() {
    let sim = start().await;
    let outreach = cli(&sim);
    // A directory where the file should be: SQLite cannot open it.
    std::fs::create_dir_all(outreach.path("state/outreach/state.sqlite3")).unwrap();

    let listed = outreach.run(&["replies", "-o", "json"]).await;
    assert!(!rows(&listed).is_empty());
    assert!(listed.stderr.contains("Local state off"), "{}", listed.stderr);

    let handle = outreach.run(&["replies", "handle", "200001"]).await;
    handle.expect(1);
    assert!(handle.stderr.contains("The handled mark could not be kept"), "{}", handle.stderr);
    assert!(handle.stdout.is_empty());
    let seen = outreach.run(&["replies", "--mark-seen"]).await;
    seen.expect(1);
    assert!(seen.stderr.contains("The seen marks could not be kept"), "{}", seen.stderr);
}

#[tokio::test(flavor = "multi_thread")]
async fn several_processes_writing_at_once_lose_no_mark_and_never_corrupt_the_file() {
    let sim = start().await;
    let outreach = cli(&sim);
    let inbox = inbox_from_api(&sim).await;
    let ids: Vec<String> = inbox.iter().take(6).map(|e| e.id.to_string()).collect();
    // Six handles and two listings that mark seen, all at once, as dashboards and cron would.
    let outreach = &outreach;
    let handles =
        ids.iter().map(|id| async move { outreach.run(&["replies", "handle", id]).await });
    let seen = (0..2).map(|_| outreach.run(&["replies", "--mark-seen", "-o", "json"]));
    let (handles, seen) =
        tokio::join!(futures_util::future::join_all(handles), futures_util::future::join_all(seen));
    for run in handles.iter().chain(&seen) {
        run.expect(0);
        assert!(!run.stderr.contains("warning"), "no process was turned away: {}", run.stderr);
    }
    let listed = rows(&outreach.run(&["replies", "-o", "json"]).await);
    let handled: Vec<String> = listed
        .iter()
        .filter(|row| row["handled"] == true)
        .map(|row| row["id"].to_string())
        .collect();
    assert_eq!(handled, ids, "every process's mark is there");
    let file = rusqlite::Connection::open(outreach.path("state/outreach/state.sqlite3")).unwrap();
    let check: String = file.query_row("PRAGMA integrity_check", [], |row| row.get(0)).unwrap();
    assert_eq!(check, "ok");
}

/// `replies snooze ID --for 30d` takes a hot reply out of the list, out of `--check` and
/// into `--snoozed`; once its day has come (the stored moment moved into the past, as the
/// clock would) it is back, as new, and waits again; `unsnooze` brings one back at once.
#[tokio::test(flavor = "multi_thread")]
async fn a_snoozed_reply_leaves_the_list_and_the_check_until_its_day_then_comes_back_new() {
    let sim = start().await;
    let outreach = cli(&sim);
    let waiting = outreach.run(&["replies", "--check", "-o", "json"]).await;
    waiting.expect(1);
    let hot = ids(waiting.json().as_array().unwrap());
    let id = hot[0].to_string();
    let snooze = outreach.run(&["replies", "snooze", &id, "--for", "30d"]).await;
    snooze.expect(0);
    let day = (chrono::Local::now().date_naive() + chrono::Days::new(30)).format("%Y-%m-%d");
    assert_eq!(snooze.stdout, format!("{id} snoozed until {day}\n"));
    assert!(snooze.stderr.contains("Snoozed 1 reply until"), "{}", snooze.stderr);

    let listed = ids(&rows(&outreach.run(&["replies", "-o", "json"]).await));
    assert!(!listed.contains(&hot[0]), "hidden from the list");
    let check = outreach.run(&["replies", "--check", "-o", "json"]).await;
    let still = if hot.len() > 1 { 1 } else { 0 };
    check.expect(still);
    if still == 1 {
        assert!(!ids(check.json().as_array().unwrap()).contains(&hot[0]), "and from the check");
    }
    let snoozed = rows(&outreach.run(&["replies", "--snoozed", "-o", "json"]).await);
    assert_eq!(ids(&snoozed), [hot[0]]);
    assert!(snoozed[0]["snoozed_until"].is_string(), "{}", snoozed[0]);
    let table = outreach.run(&["replies", "--snoozed", "-o", "table"]).await;
    let shown_day = (chrono::Local::now().date_naive() + chrono::Days::new(30)).format("%a %-d %b");
    assert!(table.expect(0).stdout.contains(&shown_day.to_string()), "{}", table.stdout);

    // Its day comes: the moment kept moves into the past, as the clock would pass it.
    let file = rusqlite::Connection::open(outreach.path("state/outreach/state.sqlite3")).unwrap();
    let past = (chrono::Utc::now() - chrono::TimeDelta::milliseconds(1)).timestamp_micros();
    let moved = file
        .execute("UPDATE marks SET snoozed_until = ?1 WHERE exchange = ?2", (past, hot[0]))
        .unwrap();
    assert_eq!(moved, 1);
    let listed = rows(&outreach.run(&["replies", "-o", "json"]).await);
    let back = listed.iter().find(|row| row["id"] == hot[0]).expect("back in the list");
    assert_eq!(back["new"], true, "back as new, though it did not move: {back}");
    assert!(back["snoozed_until"].is_null(), "{back}");
    let check = outreach.run(&["replies", "--check", "-o", "json"]).await;
    assert!(ids(check.expect(1).json().as_array().unwrap()).contains(&hot[0]), "it waits again");
    // Seen once listed with --mark-seen: not new again until it moves.
    outreach.run(&["replies", "--mark-seen", "-o", "json"]).await.expect(0);
    let listed = rows(&outreach.run(&["replies", "-o", "json"]).await);
    let seen = listed.iter().find(|row| row["id"] == hot[0]).unwrap();
    assert_eq!(seen["new"], false, "{seen}");

    outreach.run(&["replies", "snooze", &id, "--until", "monday"]).await.expect(0);
    assert!(!ids(&rows(&outreach.run(&["replies", "-o", "json"]).await)).contains(&hot[0]));
    let woke = outreach.run(&["replies", "unsnooze", &id]).await;
    assert_eq!(woke.expect(0).stdout, format!("{id} unsnoozed\n"));
    assert!(ids(&rows(&outreach.run(&["replies", "-o", "json"]).await)).contains(&hot[0]));
}

#[tokio::test(flavor = "multi_thread")]
async fn snoozing_refuses_a_past_day_an_unknown_reply_and_no_day_in_words() {
    let sim = start().await;
    let outreach = cli(&sim);
    let id = inbox_from_api(&sim).await[0].id.to_string();
    let past = outreach.run(&["replies", "snooze", &id, "--until", "2020-01-01"]).await;
    past.expect(2);
    assert!(past.stderr.contains("2020-01-01 is not after today"), "{}", past.stderr);
    let word = outreach.run(&["replies", "snooze", &id, "--for", "soon"]).await;
    assert!(word.expect(2).stderr.contains("'soon' is no day to snooze until"), "{}", word.stderr);
    let none = outreach.run(&["replies", "snooze", &id]).await;
    assert!(none.expect(2).stderr.contains("--until"), "{}", none.stderr);
    let unknown = outreach.run(&["replies", "snooze", "1", "--for", "3d"]).await;
    assert!(
        unknown.stderr.contains("Reply 1 is not in this organisation's inbox"),
        "{}",
        unknown.stderr
    );
    assert!(rows(&outreach.run(&["replies", "--snoozed", "-o", "json"]).await).is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn check_keeps_the_cron_contract_of_status_check() {
    let sim = start().await;
    let outreach = cli(&sim);
    // Something waits: --quiet prints nothing on stdout, stderr and the exit code tell.
    let quiet = outreach.run(&["replies", "--check", "--quiet"]).await;
    quiet.expect(1);
    assert!(quiet.stdout.is_empty(), "{:?}", quiet.stdout);
    assert!(quiet.stderr.contains("Interested or Referral repl"), "{}", quiet.stderr);
    outreach.run(&["replies", "--check", "-q", "--older-than", "4000d"]).await.expect(0);

    // An element that could not be read is said as `exchanges list` says it, and blinds it.
    common::sim::faults(&sim, "bad-element@GET:/api/v1/campaigns/data/replies#1").await;
    let blind = outreach.run(&["replies", "--check", "--older-than", "4000d"]).await;
    blind.expect(6);
    assert!(
        blind.stderr.contains("warning: 1 exchange could not be read and was left out"),
        "{}",
        blind.stderr
    );

    // A server error is "could not read" (6), never "a hot reply waits" (1).
    common::sim::faults(&sim, "500@GET:/api/v1/campaigns/data/replies").await;
    let failed = outreach.run(&["replies", "--check", "--quiet"]).await;
    failed.expect(6);
    assert!(failed.stdout.is_empty(), "{:?}", failed.stdout);
    assert!(failed.stderr.contains("could not read the inbox"), "{}", failed.stderr);
    // Without --check it is an ordinary failure.
    outreach.run(&["replies"]).await.expect(1);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_help_names_every_category_other_included() {
    let help = Outreach::without_key("http://127.0.0.1:9").run(&["replies", "--help"]).await;
    let flat = help.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("unsubscribe, other (every other status"), "{}", help.stdout);
    let nobody = Outreach::without_key("http://127.0.0.1:9");
    let other = nobody.run(&["replies", "--category", "x"]).await;
    other.expect(2);
    assert!(other.stderr.contains("unsubscribe, other (or an API status)"), "{}", other.stderr);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_saved_view_narrows_replies_and_exchanges_as_their_options_would_and_says_what_is_gone() {
    let sim = start().await;
    let outreach = cli(&sim);
    let api = user_client(&sim, &sim.orgs[0].admin_key);
    let campaigns = api.list_campaigns().await.unwrap();
    let inbox = inbox_from_api(&sim).await;
    // A campaign with replies, named by its name in another case.
    let campaign =
        campaigns.items.iter().find(|c| inbox.iter().any(|e| e.campaign_id == c.id)).unwrap();
    let bot = inbox.iter().find(|e| e.campaign_id == campaign.id).unwrap().bot.clone();
    outreach.write_config(&format!(
        "[[views]]\nname = \"mine\"\ncampaign = \"{}\"\nbot = \"{}\"\ncategories = [\"interested\", \"referral\", \"meeting\"]\nhandled = \"hidden\"\nsort = \"contact:desc\"\n\
         [[views]]\nname = \"old\"\ncampaign = \"Autumn drive\"\n\
         [[views]]\nname = \"ex\"\ncampaign = \"{}\"\nbot = \"{}\"\ncategories = [\"interested\", \"referral\"]\n",
        campaign.name.to_uppercase(),
        bot.email,
        campaign.id,
        bot.id
    ));
    let by_view = rows(&outreach.run(&["replies", "--view", "MINE", "-o", "json"]).await);
    let id = campaign.id.to_string();
    let by_hand = rows(
        &outreach
            .run(&[
                "replies",
                "--campaign",
                &id,
                "--category",
                "interested,referral,meeting",
                "--unhandled",
                "--sort",
                "contact:desc",
                "-o",
                "json",
            ])
            .await,
    );
    let by_hand: Vec<Value> =
        by_hand.into_iter().filter(|row| row["bot"]["id"] == bot.id).collect();
    assert!(!by_view.is_empty(), "the seed has such replies");
    assert_eq!(ids(&by_view), ids(&by_hand));

    let gone = outreach.run(&["replies", "--view", "old"]).await;
    gone.expect(2);
    assert!(
        gone.stderr.contains("view 'old': campaign 'Autumn drive' no longer exists"),
        "{}",
        gone.stderr
    );
    let unknown = outreach.run(&["replies", "--view", "cold"]).await;
    unknown.expect(2);
    assert!(
        unknown.stderr.contains("No view 'cold'; the views are: mine, old, ex."),
        "{}",
        unknown.stderr
    );
    // The same definitions serve `exchanges list`, narrowed on this machine by bot and category.
    let exchanged = rows(&outreach.run(&["exchanges", "list", "--view", "ex", "-o", "json"]).await);
    let mut hot: Vec<i64> = by_hand
        .iter()
        .filter(|row| row["category"] == "interested" || row["category"] == "referral")
        .map(|row| row["id"].as_i64().unwrap())
        .collect();
    let mut listed = ids(&exchanged);
    listed.sort();
    hot.sort();
    assert!(!listed.is_empty());
    assert_eq!(listed, hot);
}
