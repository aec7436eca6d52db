//! Checks of the generated world: determinism, coverage of every status, data relative
//! to the anchor, and the size promised for `--scale`.

use super::chain::email_chain;
use super::seed::generate;
use super::store::{DuplicateContact, Groups};
use crate::api::{BotStatus, CampaignStatus, ExchangeGroup, ExchangeStatus, MailboxStatus};
use crate::bots::{Standing, problems, standing};
use chrono::{DateTime, TimeDelta, Utc};
use std::collections::HashSet;

fn anchor() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2025-03-14T15:09:26Z").unwrap().with_timezone(&Utc)
}

#[test]
fn same_seed_same_world_and_different_seed_different_world() {
    let a = generate(7, 1, anchor(), DuplicateContact::Reject400);
    let b = generate(7, 1, anchor(), DuplicateContact::Reject400);
    let c = generate(8, 1, anchor(), DuplicateContact::Reject400);
    let emails = |w: &super::store::World| {
        w.orgs[0].contacts().iter().map(|c| c.contact.email().to_string()).collect::<Vec<_>>()
    };
    assert_eq!(emails(&a), emails(&b));
    assert_ne!(emails(&a), emails(&c));
    assert_eq!(a.orgs[0].admin_key, b.orgs[0].admin_key);
    assert_eq!(a.orgs[0].exchanges.len(), b.orgs[0].exchanges.len());
}

#[test]
fn the_rich_org_shows_every_status_and_the_small_one_is_healthy() {
    let world = generate(1, 1, anchor(), DuplicateContact::Reject400);
    let northwind = &world.orgs[0];
    assert_eq!(northwind.name, "Northwind");
    let statuses: HashSet<_> = northwind.exchanges.iter().map(|e| e.status.clone()).collect();
    for status in ExchangeStatus::ALL {
        assert!(statuses.contains(status), "missing {status}");
    }
    // Every account and mailbox status is somewhere in the world.
    let all_bots = || world.orgs.iter().flat_map(|org| org.bots.iter());
    let bot_statuses: HashSet<_> = all_bots().map(|b| b.status.clone()).collect();
    assert_eq!(bot_statuses.len(), BotStatus::ALL.len());
    let mailboxes: HashSet<_> = all_bots().map(|b| b.mailbox_status.clone()).collect();
    assert_eq!(mailboxes.len(), MailboxStatus::ALL.len());
    // Northwind looks like a real organisation: most bots healthy, a few in trouble, one
    // ending, some retired.
    let standings: Vec<Standing> = northwind.bots.iter().map(standing).collect();
    let count = |wanted| standings.iter().filter(|s| **s == wanted).count();
    assert!(count(Standing::Healthy) > standings.len() / 2, "{standings:?}");
    assert!((1..=4).contains(&count(Standing::Attention)), "{standings:?}");
    assert_eq!(count(Standing::Ending), 1);
    assert!(count(Standing::Retired) >= 1);
    let campaign_statuses: HashSet<_> =
        northwind.campaigns.iter().map(|c| c.campaign.status.clone()).collect();
    assert_eq!(campaign_statuses.len(), CampaignStatus::ALL.len());
    assert!(
        northwind
            .campaigns
            .iter()
            .any(|c| c.campaign.status == CampaignStatus::Pending && c.contact_ids.is_empty())
    );
    assert!(northwind.campaigns.iter().any(|c| c.campaign.status == CampaignStatus::Pending
        && c.bot_ids.is_empty()
        && !c.contact_ids.is_empty()));
    assert!(northwind.contacts().iter().any(|c| c.contact.dnc));
    let globex = &world.orgs[1];
    assert!(globex.bots.iter().all(|b| problems(b).is_empty()));
    assert!(globex.bots.iter().any(|b| standing(b) == Standing::Retired));
    assert!(world.orgs[3].bots.is_empty());
}

#[test]
fn data_is_relative_to_the_anchor() {
    let world = generate(1, 1, anchor(), DuplicateContact::Reject400);
    let org = &world.orgs[0];
    let today = anchor().date_naive();
    let week_ago = today - TimeDelta::days(7);
    let recent = org.exchanges_in((Groups::Nested, &ExchangeGroup::Replied), None, week_ago, today);
    assert!(recent.len() >= 10, "{} recent replies", recent.len());
    assert!(org.exchanges.iter().all(|e| e.updated_at.0 <= anchor()));
    let today_meetings = org.meetings_in(Some(today), Some(today));
    assert!(!today_meetings.is_empty());
    let ahead = org.meetings_in(Some(today + TimeDelta::days(1)), None);
    assert!(ahead.len() >= 3);
    assert!(org.meetings.iter().any(|m| m.cancelled));
}

#[test]
fn chains_follow_the_status_and_quote_earlier_messages() {
    let world = generate(1, 1, anchor(), DuplicateContact::Reject400);
    let org = &world.orgs[0];
    let mut seen_html_only = false;
    let mut lengths = HashSet::new();
    for exchange in &org.exchanges {
        let contact = org.contact_by_id(exchange.contact_id).unwrap();
        let ctx = world.chain_context(0, exchange.id).unwrap();
        let chain = email_chain(&ctx);
        assert_eq!(chain, email_chain(&ctx), "deterministic");
        match exchange.status {
            ExchangeStatus::OutreachPending | ExchangeStatus::OutreachQueued => {
                assert!(chain.is_empty())
            }
            _ => assert!((1..=8).contains(&chain.len()), "{}", chain.len()),
        }
        lengths.insert(chain.len());
        if let Some(last) = chain.last() {
            assert_eq!(last.date, Some(exchange.updated_at));
        }
        for pair in chain.windows(2) {
            assert!(pair[0].date <= pair[1].date);
            assert_eq!(
                pair[1].in_reply_to_message_id.as_deref(),
                Some(pair[0].message_id.as_str())
            );
        }
        if exchange.status == ExchangeStatus::Declined {
            let reply =
                chain.iter().find(|m| m.from_.as_ref().unwrap().address == contact.contact.email());
            let reply = reply.expect("a declined exchange has the contact's answer");
            if let Some(text) = &reply.body.text {
                assert!(text.contains(" wrote:\n> "), "{text}");
            } else {
                seen_html_only = true;
            }
        }
        seen_html_only |= chain.iter().any(|m| m.body.text.is_none());
    }
    assert!(seen_html_only);
    assert!(lengths.len() >= 5, "{lengths:?}");
}

/// The demo's data (seed 1) has contacts away: some away until a day to come ("Away, back …"),
/// and at least one whose day has passed, in several languages.
#[test]
fn some_replies_end_with_an_absence_notice_around_the_anchor() {
    let world = generate(1, 1, anchor(), DuplicateContact::Reject400);
    let org = &world.orgs[0];
    let today = anchor().date_naive();
    let (mut to_come, mut passed, mut undated) = (0, 0, 0);
    let mut prefixes = HashSet::new();
    for exchange in &org.exchanges {
        let chain = email_chain(&world.chain_context(0, exchange.id).unwrap());
        let Some(last) = chain.last() else { continue };
        let text = last.body.text.as_deref().unwrap_or_default();
        let sent = last.date.unwrap().0.date_naive();
        let Some(notice) = crate::absence::detect(&last.subject, text, sent) else { continue };
        assert!(exchange.status.in_group(&ExchangeGroup::Replied), "{:?}", exchange.status);
        prefixes.insert(last.subject.split(':').next().unwrap_or_default().to_string());
        match notice.until {
            Some(day) if day >= today => to_come += 1,
            Some(_) => passed += 1,
            None => undated += 1,
        }
    }
    assert!(to_come >= 3 && passed >= 1, "{to_come} to come, {passed} passed");
    assert!(to_come + passed + undated <= 40, "a few, not the inbox: {to_come} {passed} {undated}");
    assert!(prefixes.len() >= 3, "several languages: {prefixes:?}");
}

#[test]
fn scale_100_is_large_and_quick() {
    let started = std::time::Instant::now();
    let world = generate(3, 100, anchor(), DuplicateContact::Reject400);
    let elapsed = started.elapsed();
    let org = &world.orgs[0];
    assert!(org.contacts().len() >= 100_000);
    assert!(org.exchanges.len() >= 20_000);
    let emails: HashSet<_> =
        org.contacts().iter().map(|c| c.contact.email().to_lowercase()).collect();
    assert_eq!(emails.len(), org.contacts().len(), "addresses are unique");
    // Generous for unoptimised test builds on a shared machine; the CLI build is faster.
    assert!(elapsed.as_secs() < 20, "{elapsed:?}");
    eprintln!("scale 100 generated in {elapsed:?}");
}

#[test]
fn an_agency_gets_as_many_organisations_as_asked_each_with_keys_and_data_of_its_own() {
    let world = super::seed::generate_orgs(1, 1, 25, anchor(), DuplicateContact::Reject400);
    assert_eq!(world.orgs.len(), 25);
    assert_eq!(world.orgs[3].name, "Vandelay");
    assert_eq!(world.orgs[4].name, "Client05");
    assert_eq!(world.orgs[24].name, "Client25");
    let keys: HashSet<&str> = world.orgs.iter().map(|org| org.admin_key.as_str()).collect();
    assert_eq!(keys.len(), 25, "a key per organisation");
    let client = &world.orgs[24];
    assert!(
        !client.exchanges.is_empty() && !client.bots.is_empty() && !client.campaigns.is_empty()
    );
    let demo = generate(1, 1, anchor(), DuplicateContact::Reject400);
    assert_eq!(demo.orgs.len(), 4, "the demo keeps its four");
    assert_eq!(demo.orgs[0].admin_key, world.orgs[0].admin_key, "the same seed, the same demo");
}
