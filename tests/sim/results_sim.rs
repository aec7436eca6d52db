//! The results the dashboard shows (its Campaigns list, a bot's detail) and `results`
//! computes, against counts the test makes itself by walking the simulator's lists.

use crate::common;

use chrono::{Days, Utc};
use common::truth::{Counts, counts, everything};
use common::{info, screen, settings};
use outreach_tui::clock::Zone;
use outreach_tui::results::{Basis, Group, Results, Tally, Who, Window};
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::model::Pane;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use std::collections::{BTreeMap, VecDeque};

fn of(tally: &Tally) -> Counts {
    Counts {
        replies: tally.replies,
        interested: tally.interested(),
        booked: tally.meetings.booked,
        held: tally.meetings.held,
        upcoming: tally.meetings.upcoming,
        cancelled: tally.meetings.cancelled,
    }
}

fn all_of(tallies: &BTreeMap<i64, Tally>) -> BTreeMap<i64, Counts> {
    tallies.iter().map(|(id, tally)| (*id, of(tally))).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn results_match_counts_made_by_hand_from_the_simulators_lists() {
    let sim = outreach_tui::sim::spawn(outreach_tui::sim::SimOptions::default()).await.unwrap();
    let client = common::sim::client(&sim, &sim.orgs[0].admin_key);
    let now = Utc::now();
    let today = now.date_naive();
    let zone = Zone::named("UTC").unwrap();
    for days in [7, 30, 90] {
        let window = Window::last_days(today, days);
        let first = today.checked_sub_days(Days::new(u64::from(days) - 1)).unwrap();
        // Fetched as the dashboard and the CLI fetch them.
        let (reply_query, meeting_query) = window.queries();
        let replies = client.list_exchanges(&reply_query).await.unwrap();
        let meetings = client.list_meetings(&meeting_query).await.unwrap();
        let basis = Basis { window, zone: &zone, now };
        let results = Results::compute(&replies.items, &meetings.items, &basis);
        // Counted by hand from everything the organisation holds.
        let (all_replies, all_meetings) = everything(&client).await;
        let by_campaign = counts(&all_replies, &all_meetings, first, today, now, false);
        let by_bot = counts(&all_replies, &all_meetings, first, today, now, true);
        assert_eq!(all_of(&results.by_campaign), by_campaign, "{days} days, per campaign");
        assert_eq!(all_of(&results.by_bot), by_bot, "{days} days, per bot");
        let total: usize = by_campaign.values().map(|c| c.replies).sum();
        assert_eq!(results.total.replies, total);
        if days == 30 {
            assert!(
                total > 0 && by_campaign.values().any(|c| c.booked > 0),
                "the demo has activity"
            );
            // A campaign's per-bot table adds up to the campaign.
            for (id, campaign) in &by_campaign {
                let per_bot = Tally::grouped(
                    &replies.items,
                    &meetings.items,
                    &basis,
                    Who::Campaign(*id),
                    Group::Bot,
                );
                assert_eq!(per_bot.values().map(|t| t.replies).sum::<usize>(), campaign.replies);
            }
        }
    }
    sim.shutdown().await;
}

/// The dashboard with its fetches run against the simulator.
async fn run(state: &mut AppState, client: &outreach_tui::api::Client, action: Action) {
    let mut queue: VecDeque<Effect> = update(state, action).into();
    while let Some(effect) = queue.pop_front() {
        if let Effect::Fetch(fetch) = effect {
            let answer = fetch.perform(client.clone()).await;
            queue.extend(update(state, answer));
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_campaigns_list_shows_each_campaigns_counts_and_t_changes_the_range() {
    let sim = outreach_tui::sim::spawn(outreach_tui::sim::SimOptions::default()).await.unwrap();
    let client = common::sim::client(&sim, &sim.orgs[0].admin_key);
    let now = Utc::now();
    let today = now.date_naive();
    let mut state = AppState::new(settings(Theme::monochrome()), 140, 40, now);
    let info =
        outreach_tui::tui::model::ConnectionInfo { base_url: sim.base_url.clone(), ..info() };
    run(&mut state, &client, Action::Connected(Ok(info))).await;
    run(&mut state, &client, common::ch('2')).await;
    assert_eq!(state.panes.pane, Pane::Campaigns);
    let (all_replies, all_meetings) = everything(&client).await;
    let mut nonzero = 0;
    for days in [30u32, 90, 7] {
        let first = today.checked_sub_days(Days::new(u64::from(days) - 1)).unwrap();
        let truth = counts(&all_replies, &all_meetings, first, today, now, false);
        let shown = screen(&state);
        assert!(shown.contains(&format!("last {days} days (t)")), "{shown}");
        // Each row: the name, the status, then replies, Interested and meetings booked. Rows
        // are found by name, so names a terminal shows differently (wide, hostile) are left
        // to the other tests.
        let plain = |name: &str| name.chars().all(|c| c.is_ascii_graphic() || c == ' ');
        let campaigns: Vec<_> =
            state.org.store.campaigns.items().iter().filter(|c| plain(&c.name)).cloned().collect();
        assert!(campaigns.len() >= 3, "enough campaigns to read");
        for campaign in &campaigns {
            let expected = truth.get(&campaign.id).cloned().unwrap_or_default();
            let status = campaign.status.as_str();
            let row = shown
                .lines()
                .find(|line| {
                    line.contains(&format!(" {status} "))
                        && line.contains(&campaign.name[..campaign.name.len().min(12)])
                })
                .unwrap_or_else(|| panic!("no row for campaign {}:\n{shown}", campaign.id));
            let after_status = &row[row.find(&format!(" {status} ")).unwrap() + status.len() + 2..];
            let numbers: Vec<usize> = after_status
                .split_whitespace()
                .take(3)
                .map(|n| n.parse().unwrap_or_else(|_| panic!("{row}")))
                .collect();
            nonzero += usize::from(numbers.iter().any(|n| *n > 0));
            assert_eq!(
                numbers,
                vec![expected.replies, expected.interested, expected.booked],
                "campaign {} over {days} days: {row}",
                campaign.id
            );
        }
        run(&mut state, &client, common::ch('t')).await;
    }
    assert!(nonzero > 0, "some row shows activity");
    sim.shutdown().await;
}

/// The number written before `word` on the first screen line that has it ("38 replied").
fn number_before(screen: &str, word: &str) -> Option<usize> {
    let line = screen.lines().find(|line| line.contains(word))?;
    let before = &line[..line.find(word)?];
    before.split(|c: char| !c.is_ascii_digit()).rfind(|n| !n.is_empty())?.parse().ok()
}

/// The Replies column of the Campaigns pane, summed over its rows. Places are counted from
/// the right: a wide name on the left takes two cells for one character.
fn replies_column(screen: &str) -> usize {
    let lines: Vec<Vec<char>> = screen
        .lines()
        .filter_map(|line| line.strip_prefix('"'))
        // TestBackend notes wide symbols after the closing quote: `" Hidden by …`.
        .map(|line| line.split("\" Hidden by").next().unwrap_or(line))
        .map(|line| line.strip_suffix('"').unwrap_or(line).chars().collect())
        .collect();
    let title: Vec<char> = "Replies".chars().collect();
    let (header, start) = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.iter().collect::<String>().contains("Status"))
        .find_map(|(n, l)| l.windows(title.len()).position(|w| w == title).map(|at| (n, at)))
        .expect("a Replies column");
    let from_end = lines[header].len() - start;
    let mut sum = 0;
    for line in &lines[header + 1..] {
        let Some(at) = line.len().checked_sub(from_end) else { break };
        // The column's cells sit under its title (numbers right-aligned within it).
        let cell: String = line[at..at + title.len()].iter().collect();
        match cell.trim().parse::<usize>() {
            Ok(n) => sum += n,
            Err(_) if cell.trim().is_empty() => {}
            Err(_) => break,
        }
    }
    sum
}

/// "The last 7 days" is one window on every face: seven calendar days ending today. On the
/// same simulator data (fixed seed, no live replies) at the same instant, the Overview's
/// 7-day chart (seven bars), `outreach status`, `report --since -7d` and the Campaigns
/// pane's Replies column all count the same replies.
#[tokio::test(flavor = "multi_thread")]
async fn the_last_7_days_count_the_same_on_the_chart_status_report_and_campaigns() {
    let sim = outreach_tui::sim::spawn(outreach_tui::sim::SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = common::cli::Outreach::new(&sim.base_url, key);
    let client = common::sim::client(&sim, key);

    let status = cli.run(&["status", "--json"]).await;
    status.expect(0);
    let status = status.json();
    let now: chrono::DateTime<Utc> = serde_json::from_value(status["now"].clone()).unwrap();
    let days = status["replies"]["days"].as_array().unwrap();
    assert_eq!(days.len(), 7, "seven days, today included");
    assert_eq!(days[6]["date"], now.date_naive().to_string());
    let from_status = status["replies"]["last_7_days"].as_u64().unwrap() as usize;

    let report = cli.run(&["report", "--since", "-7d", "-o", "json"]).await;
    report.expect(0);
    let from_report: usize = report
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["replies"].as_u64().unwrap() as usize)
        .sum();

    // The dashboard at the instant `status` reported, in UTC (the binary runs with TZ=UTC).
    let mut state = AppState::new(settings(Theme::monochrome()), 200, 60, now);
    let info =
        outreach_tui::tui::model::ConnectionInfo { base_url: sim.base_url.clone(), ..info() };
    run(&mut state, &client, Action::Connected(Ok(info))).await;
    for _ in 0..2 {
        run(&mut state, &client, common::ch('t')).await; // 30 → 90 → 7 days
    }
    let overview = screen(&state);
    assert!(overview.contains("last 7 days (t)"), "{overview}");
    let from_chart = number_before(&overview, " replied █").expect("the chart's headline");
    // The chart's labels: one weekday per bar, seven bars, each weekday once.
    const WEEK: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    let labels = overview.lines().find(|l| l.contains("Fri") && l.contains("Sat")).unwrap();
    let chart_half = labels.rsplit("││").next().unwrap();
    let days: Vec<&str> = chart_half
        .split(|c: char| c.is_whitespace() || c == '│' || c == '"')
        .filter(|word| WEEK.contains(word))
        .collect();
    let distinct: std::collections::BTreeSet<&&str> = days.iter().collect();
    assert_eq!((days.len(), distinct.len()), (7, 7), "a bar a day: {labels}");

    run(&mut state, &client, common::ch('2')).await;
    assert_eq!(state.panes.pane, Pane::Campaigns);
    let campaigns = screen(&state);
    assert!(campaigns.contains("last 7 days (t)"), "{campaigns}");
    let from_campaigns = replies_column(&campaigns);

    // A reply with no campaign row would be missing from the column: every campaign is listed.
    let listed = client.list_campaigns().await.unwrap().items.len();
    assert!(listed < 50, "every campaign fits the screen");
    assert!(from_status > 0, "the demo has replies in the last 7 days");
    assert_eq!(
        [from_chart, from_report, from_campaigns],
        [from_status; 3],
        "chart, report and Campaigns against status"
    );
    sim.shutdown().await;
}
