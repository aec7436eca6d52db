//! `--sort COLUMN[:asc|:desc]` of the list commands, against the simulator's seeded data:
//! the order in JSON and in the table, numbers as numbers, and an unknown name as a usage
//! error that lists the names there are (before anything is fetched).

use crate::common;

use common::cli::Outreach;
use common::sim::user_client;
use outreach_tui::sim::{self, SimOptions};

fn ids(json: &serde_json::Value) -> Vec<i64> {
    json.as_array().unwrap().iter().map(|item| item["id"].as_i64().unwrap()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn sort_orders_json_and_tables_by_the_columns_names() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let api = user_client(&sim, key);

    let contacts = api.list_contacts().await.unwrap().items;
    let mut by_email: Vec<(String, i64)> =
        contacts.iter().map(|c| (c.email().to_lowercase(), c.id)).collect();
    by_email.sort();
    let ascending: Vec<i64> = by_email.iter().map(|(_, id)| *id).collect();
    let run = cli.run(&["contacts", "list", "--sort", "e-mail", "-o", "json"]).await;
    run.expect(0);
    assert_eq!(ids(&run.json()), ascending, "e-mail ascending, as the server sent each");
    let run = cli.run(&["contacts", "list", "--sort", "e-mail:desc", "-o", "json"]).await;
    let descending: Vec<i64> = ascending.iter().rev().copied().collect();
    assert_eq!(ids(&run.json()), descending);

    // Ids as numbers, not as text (10 after 9), in the table too.
    let run = cli
        .run_env(&["bots", "list", "--sort", "id:desc", "-o", "table"], &[("COLUMNS", "120")])
        .await;
    run.expect(0);
    let listed: Vec<i64> = (run.stdout.lines().skip(1))
        .map(|line| line.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    let mut expected = listed.clone();
    expected.sort_unstable_by(|a, b| b.cmp(a));
    assert!(listed.len() > 1);
    assert_eq!(listed, expected);

    let run = cli.run(&["campaigns", "list", "--sort", "name", "-o", "json"]).await;
    let names: Vec<String> = (run.json().as_array().unwrap().iter())
        .map(|c| c["name"].as_str().unwrap().to_lowercase())
        .collect();
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "{names:?}");
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unknown_column_is_a_usage_error_listing_the_names() {
    // Never reached: the name is checked before anything is fetched.
    let cli = Outreach::new("http://127.0.0.1:9", &outreach_tui::api::ApiKey::new("k".repeat(32)));
    let run = cli.run(&["contacts", "list", "--sort", "colour"]).await;
    run.expect(2);
    assert!(
        run.stderr.contains("no column 'colour' to sort by; one of: id, e-mail, name, dnc, tags"),
        "{}",
        run.stderr
    );
    let run = cli.run(&["meetings", "list", "--sort", "day:sideways"]).await;
    run.expect(2);
    assert!(run.stderr.contains(":asc or :desc"), "{}", run.stderr);
}
