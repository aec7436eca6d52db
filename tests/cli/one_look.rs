//! One look at an organisation, as every command takes it: what the chains said is
//! remembered on this machine (a second `status` reads no chain and sends only the lists),
//! an absence notice is neither new nor waiting anywhere, and `replies -o json`, `status
//! --json` and `todo -o json` count the same replies.

use crate::common;

use common::cli::Outreach;
use common::sim::admin;
use outreach_tui::sim::{self, SimHandle, SimOptions};
use serde_json::{Value, json};

async fn start() -> SimHandle {
    sim::spawn(SimOptions { seed: 42, ..SimOptions::default() }).await.unwrap()
}

/// Every request the simulator took since the last call, by "METHOD /path", and forgets them.
async fn requests(sim: &SimHandle) -> Value {
    let log = admin(sim, "GET", "/_sim/requests", None).await;
    admin(sim, "DELETE", "/_sim/requests", None).await;
    log
}

fn chains_read(log: &Value) -> u64 {
    let routes = log["requests"].as_object().unwrap();
    routes
        .iter()
        .filter(|(route, _)| route.ends_with("/emails"))
        .map(|(_, n)| n.as_u64().unwrap())
        .sum()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_second_status_reads_no_chain_and_sends_only_the_lists() {
    let sim = start().await;
    let outreach = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    requests(&sim).await;
    let first = outreach.run(&["status", "--json"]).await;
    first.expect(0);
    let read = requests(&sim).await;
    assert!(chains_read(&read) > 0, "the first look reads the hot replies' chains: {read}");

    let second = outreach.run(&["status", "--json"]).await;
    second.expect(0);
    let again = requests(&sim).await;
    assert_eq!(chains_read(&again), 0, "remembered: {again}");
    assert!(again["total"].as_u64().unwrap() <= 10, "only the lists: {again}");
    assert_eq!(first.json()["inbox"], second.json()["inbox"], "the same numbers from memory");

    // `todo` and `replies` are other processes of the same profile: they remember too.
    outreach.run(&["todo", "-o", "json"]).await.expect(0);
    outreach.run(&["replies", "-o", "json"]).await.expect(0);
    assert_eq!(chains_read(&requests(&sim).await), 0);

    // A reply that moves is read again, and only it.
    let moved = admin(&sim, "POST", "/_sim/replies", Some(json!({"status": "INFO_INQUIRY"}))).await
        ["exchange_id"]
        .as_i64()
        .unwrap();
    requests(&sim).await;
    outreach.run(&["status", "--json"]).await.expect(0);
    let log = requests(&sim).await;
    assert_eq!(chains_read(&log), 1, "{log}");
    assert_eq!(log["requests"][format!("GET /api/v1/exchanges/{moved}/emails")], 1, "{log}");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_absence_notice_is_neither_new_nor_waiting_on_any_surface_and_json_says_so() {
    let sim = start().await;
    let outreach = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    outreach.run(&["replies", "--mark-seen", "-o", "json"]).await.expect(0);
    let away =
        admin(&sim, "POST", "/_sim/replies", Some(json!({"status": "INFO_INQUIRY", "away": true})))
            .await["exchange_id"]
            .as_i64()
            .unwrap();
    let human = admin(&sim, "POST", "/_sim/replies", Some(json!({"status": "SCHEDULING_MEETING"})))
        .await["exchange_id"]
        .as_i64()
        .unwrap();

    let listed = outreach.run(&["replies", "-o", "json"]).await.expect(0).json();
    let row = |id: i64| listed.as_array().unwrap().iter().find(|r| r["id"] == id).unwrap().clone();
    let notice = row(away);
    assert_eq!(notice["away"], true, "{notice}");
    assert_eq!(notice["last_writer"], "away", "{notice}");
    assert!(notice["back_on"].is_string(), "{notice}");
    assert_eq!((notice["new"].clone(), notice["hot"].clone()), (json!(false), json!(true)));
    assert_eq!(notice["waiting"], false, "{notice}");
    assert!(notice["handled_by"].is_null() && notice["assigned_to"].is_null(), "{notice}");
    let answer = row(human);
    assert_eq!(
        (answer["away"].clone(), answer["last_writer"].clone()),
        (json!(false), json!("contact"))
    );
    assert_eq!((answer["new"].clone(), answer["waiting"].clone()), (json!(true), json!(true)));

    let new = listed
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["new"] == true && r["handled"] == false)
        .count();
    let waiting = listed.as_array().unwrap().iter().filter(|r| r["waiting"] == true).count();
    let status = outreach.run(&["status", "--json"]).await.expect(0).json();
    assert_eq!(status["inbox"]["new"], new, "status and replies: {}", status["inbox"]);
    assert_eq!(status["inbox"]["hot_waiting"], waiting, "status and replies: {}", status["inbox"]);
    assert_eq!(new, 1, "the notice is not new, the answer is");
    let glance = outreach.run(&["status", "--format", "json"]).await.expect(0).json();
    for field in ["new", "hot_waiting", "needs_you", "due"] {
        assert_eq!(
            glance[field], status["inbox"][field],
            "the glance saved is the look's: {glance}"
        );
    }

    let todo = outreach.run(&["todo", "-o", "json"]).await.expect(0).json();
    let about =
        |id: i64| todo.as_array().unwrap().iter().any(|n| n.to_string().contains(&format!("{id}")));
    assert!(!about(away), "an absence notice needs nobody until they are back: {todo}");
    assert_eq!(status["inbox"]["needs_you"], todo.as_array().unwrap().len(), "status and todo");
}
