//! The results the dashboard shows (its Campaigns list, a bot's detail) and `results`
//! computes, against counts the test makes itself by walking the simulator's lists.

mod common;

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
        let first = today.checked_sub_days(Days::new(days.into())).unwrap();
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
    assert_eq!(state.pane, Pane::Campaigns);
    let (all_replies, all_meetings) = everything(&client).await;
    let mut nonzero = 0;
    for days in [30u32, 90, 7] {
        let first = today.checked_sub_days(Days::new(days.into())).unwrap();
        let truth = counts(&all_replies, &all_meetings, first, today, now, false);
        let shown = screen(&state);
        assert!(shown.contains(&format!("last {days} days (t)")), "{shown}");
        // Each row: the name, the status, then replies, Interested and meetings booked. Rows
        // are found by name, so names a terminal shows differently (wide, hostile) are left
        // to the other tests.
        let plain = |name: &str| name.chars().all(|c| c.is_ascii_graphic() || c == ' ');
        let campaigns: Vec<_> =
            state.store.campaigns.items().iter().filter(|c| plain(&c.name)).cloned().collect();
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
