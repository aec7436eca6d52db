//! The trend column of `campaigns list` and `bots list`: a 14-day replies sparkline, read
//! from the API as the dashboard counts it, gaps before a campaign or bot existed, left
//! out first when narrow and never in CSV.

use crate::common;

use common::cli::Outreach;
use common::sim::northwind;
use outreach_tui::clock::Zone;
use outreach_tui::results::{Basis, Group, Trend, trend_window, trends};
use outreach_tui::sim::{self, SimOptions};
use std::collections::BTreeMap;

/// The TREND 14D cell of each row (by the id in its first column).
fn trend_cells(table: &str) -> BTreeMap<i64, String> {
    let mut lines = table.lines();
    let header = lines.next().unwrap();
    let start = header.find("TREND 14D").unwrap_or_else(|| panic!("no trend column: {header}"));
    // Columns line up in terminal cells (a wide name takes two a character).
    let at = outreach_tui::text::width(&header[..start]);
    lines
        .map(|line| {
            let id = line.split_whitespace().next().unwrap().parse().unwrap();
            let mut cells = 0;
            let rest: String = line
                .chars()
                .skip_while(|c| {
                    let before = cells < at;
                    cells += outreach_tui::text::width(&c.to_string());
                    before
                })
                .take(14)
                .collect();
            (id, rest)
        })
        .collect()
}

/// Whether a drawn sparkline says what the counts say: a blank for a day without data, a
/// dot for none, a block for replies, the tallest on the busiest day.
fn reads_as(cell: &str, trend: &Trend) -> bool {
    let largest = trend.iter().flatten().max().copied().unwrap_or(0);
    cell.chars().count() == trend.len()
        && cell.chars().zip(trend).all(|(c, day)| match day {
            None => c == ' ',
            Some(0) => c == '·',
            Some(n) if *n == largest => c == '█',
            Some(_) => "▁▂▃▄▅▆▇".contains(c),
        })
}

#[tokio::test(flavor = "multi_thread")]
async fn the_trend_column_draws_each_days_replies_as_the_api_lists_them() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let cli = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    let client = northwind(&sim);
    let (zone, now) = (Zone::Local, chrono::Utc::now());
    let window = trend_window(zone.date(now));
    let replies = outreach_tui::inbox::fetch(&client, &window.queries().0).await.unwrap();
    let basis = Basis { window, zone: &zone, now };
    let campaigns = client.list_campaigns().await.unwrap();
    let bots = client.list_bots().await.unwrap();
    let day = |at: Option<outreach_tui::api::Timestamp>| at.map(|at| zone.date(at.0));
    let expected = [
        (
            "campaigns",
            trends(
                &replies.items,
                &basis,
                Group::Campaign,
                &campaigns.items.iter().map(|c| (c.id, day(c.created_at))).collect(),
            ),
        ),
        (
            "bots",
            trends(
                &replies.items,
                &basis,
                Group::Bot,
                &bots.items.iter().map(|b| (b.id, day(b.warmup_started_at))).collect(),
            ),
        ),
    ];
    for (noun, expected) in expected {
        let table = cli.run_env(&[noun, "list", "-o", "table"], &[("COLUMNS", "240")]).await;
        table.expect(0);
        let cells = trend_cells(&table.stdout);
        assert_eq!(cells.len(), expected.len(), "{}", table.stdout);
        for (id, trend) in &expected {
            assert!(reads_as(&cells[id], trend), "{noun} {id}: {:?} for {trend:?}", cells[id]);
        }
        assert!(expected.values().any(|t| t.iter().flatten().any(|n| *n > 0)), "some replies");
        let narrow = cli.run_env(&[noun, "list", "-o", "table"], &[("COLUMNS", "80")]).await;
        assert!(!narrow.stdout.contains("TREND"), "dropped first when narrow: {}", narrow.stdout);
        let csv = cli.run(&[noun, "list", "-o", "csv"]).await;
        assert!(!csv.stdout.contains("TREND"), "a sparkline says nothing in CSV");
    }
    // The seeded data has campaigns younger than the fortnight: their trends start with
    // gaps (checked above, cell by cell).
    let first = window.first;
    let young = campaigns.items.iter().filter(|c| day(c.created_at).is_some_and(|d| d > first));
    assert!(young.count() > 0);
    sim.shutdown().await;
}
