//! Bots (sending mailboxes): a problem marker that survives any narrowing, the address,
//! status and mailbox state with short labels that stay distinct when narrow, warm-up,
//! and the health checks at a glance.

use super::{results, trend};
use crate::api::{Bot, BotStatus, MailboxStatus};
use crate::bots::{CheckKind, Standing, checks, standing, verdict};
use crate::present::column::{ANY, Cell, Column, Value};
use crate::present::names::full_name;
use crate::present::tone::{self, Tone};
use crate::results::Group;

type Col = Column<Bot>;

/// A bot status in at most 10 cells, distinct from every other status's label.
pub(crate) fn status_label(status: &BotStatus) -> Option<&'static str> {
    Some(match status {
        BotStatus::Active => "ACTIVE",
        BotStatus::Cancelled => "CANCELLED",
        BotStatus::Configuring => "CONFIGURE",
        BotStatus::ConnectionPending => "CONN WAIT",
        BotStatus::CoolingOff => "COOLING",
        BotStatus::Inactive => "INACTIVE",
        BotStatus::Deleted => "DELETED",
        BotStatus::Provisioning => "PROVISION",
        BotStatus::ProvisioningFailed => "PROV FAIL",
        BotStatus::ScheduledForCancellation => "ENDING",
        BotStatus::Suspended => "SUSPENDED",
        BotStatus::PaymentFailed => "PAY FAILED",
        BotStatus::Unknown(_) => return None,
    })
}

/// A mailbox status in at most 10 cells, distinct from every other.
pub(crate) fn mailbox_label(status: &MailboxStatus) -> Option<&'static str> {
    Some(match status {
        MailboxStatus::PendingConnection => "PENDING",
        MailboxStatus::Paused => "PAUSED",
        MailboxStatus::Active => "ACTIVE",
        MailboxStatus::ConnectionError => "CONN ERROR",
        MailboxStatus::Unknown(_) => return None,
    })
}

/// The five health checks: MX, SPF, CNAME record, SSL, auth — passing, failing or not
/// reported. Read from [`crate::bots::checks`], the one definition of each check.
pub(crate) fn health_checks(bot: &Bot) -> [(&'static str, Option<bool>); 5] {
    let checks = checks(bot);
    let of = |kind| checks.iter().find(|c| c.kind == kind).and_then(|c| c.ok);
    let auths: Vec<bool> =
        checks.iter().filter(|c| c.kind == CheckKind::Auth).filter_map(|c| c.ok).collect();
    [
        ("MX", of(CheckKind::DnsMx)),
        ("SPF", of(CheckKind::DnsSpf)),
        ("CNAME", of(CheckKind::CnameRecord)),
        ("SSL", of(CheckKind::Ssl)),
        ("AUTH", (!auths.is_empty()).then(|| auths.iter().all(|ok| *ok))),
    ]
}

/// The checks as toned pieces: `MX✓ SPF✗ CNAME✓ SSL✓ AUTH-`.
pub(crate) fn health_parts(bot: &Bot) -> Vec<(String, Tone)> {
    health_checks(bot)
        .iter()
        .enumerate()
        .map(|(index, (name, ok))| {
            let mark = match ok {
                Some(true) => "✓",
                Some(false) => "✗",
                None => "-",
            };
            let space = if index > 0 { " " } else { "" };
            (format!("{space}{name}{mark}"), tone::check(*ok))
        })
        .collect()
}

/// `!` on a live bot that needs attention: one cell that no narrowing leaves out.
pub(crate) const PROBLEM_MARK: &str = "!";

/// Retired bots' secondary cells are dim: they no longer send.
fn retired_dim(bot: &Bot) -> Tone {
    if standing(bot) == Standing::Retired { Tone::Dim } else { Tone::Plain }
}

fn id() -> Col {
    Col::new("Id", "ID", (ANY, ANY), |b, _| Cell::new(Value::Int(b.id))).right()
}

fn marker() -> Col {
    Col::new(PROBLEM_MARK, PROBLEM_MARK, (1, 1), |b, _| {
        let attention = standing(b) == Standing::Attention;
        Cell::text(if attention { PROBLEM_MARK } else { "" }).tone(Tone::Alarm)
    })
    .not_in_csv()
}

fn email() -> Col {
    Col::new("E-mail", "EMAIL", (20, 38), |b, _| {
        let tone = match standing(b) {
            Standing::Attention => Tone::Warn,
            Standing::Retired => Tone::Dim,
            Standing::Healthy | Standing::Ending | Standing::CoolingOff => Tone::Plain,
        };
        Cell::text(&b.email).tone(tone)
    })
}

fn name() -> Col {
    Col::new("Name", "NAME", (10, 24), |b, _| {
        Cell::text(full_name(&b.first_name, &b.last_name)).tone(retired_dim(b))
    })
    .drop(7)
}

fn status() -> Col {
    Col::new("Status", "STATUS", (10, 26), |b, _| {
        let cell = Cell::text(b.status.as_str()).tone(tone::standing(standing(b)));
        match status_label(&b.status) {
            Some(short) => cell.short(short),
            None => cell,
        }
    })
    .drop(1)
}

fn mailbox() -> Col {
    Col::new("Mailbox", "MAILBOX", (10, 18), |b, _| {
        let tone = tone::mailbox_status(&b.mailbox_status, standing(b));
        let cell = Cell::text(b.mailbox_status.as_str()).tone(tone);
        match mailbox_label(&b.mailbox_status) {
            Some(short) => cell.short(short),
            None => cell,
        }
    })
    .drop(2)
}

fn health() -> Col {
    Col::new("Health", "HEALTH", (26, 26), |b, _| Cell::new(Value::Parts(health_parts(b)))).drop(3)
}

fn problems() -> Col {
    Col::new("Problems", "PROBLEMS", (12, 60), |b, _| {
        Cell::text(verdict(b)).tone(tone::standing(standing(b)))
    })
    .drop(4)
}

fn pool() -> Col {
    Col::new("Pool", "POOL", (4, 4), |b, _| Cell::new(Value::Flag(b.in_pool)).tone(retired_dim(b)))
        .drop(6)
}

fn daily_limit() -> Col {
    Col::new("Daily limit", "DAILY LIMIT", (ANY, ANY), |b, _| {
        Cell::new(Value::OptInt(b.max_daily_limit))
    })
    .right()
    .drop(5)
}

/// Where the warm-up stands today, on screen and in the CLI alike: today's volume against
/// the limit and the day since it started, `34/52 day 12` (the raw initial volume and
/// increment say nothing at a glance; the bot's detail adds a gauge).
fn warmup_today() -> Col {
    Col::new("Warm-up", "WARM-UP", (11, 14), |b, context| {
        Cell::text(
            crate::bots::warmup(b, context.now)
                .map(|w| format!("{}/{} day {}", w.volume, w.limit, w.day))
                .unwrap_or_default(),
        )
        .tone(Tone::Dim)
    })
    .drop(5)
}

fn warmup_since() -> Col {
    Col::new("Warm-up since", "WARMUP SINCE", (ANY, ANY), |b, _| {
        Cell::time(b.warmup_started_at, b.unread.text("warmup_started_at"))
    })
    .drop(6)
}

/// Replies over the results range (`t` on screen), as the Campaigns list counts them.
fn replies() -> Col {
    Col::new("Replies", "REPLIES", (7, 7), |b, context| {
        results::count_cell(context.results.map(|r| r.bot(b.id)), |t| t.replies, Tone::Plain)
    })
    .right()
    .drop(8)
}

/// Meetings booked over the results range.
fn meetings() -> Col {
    Col::new("Meetings", "MEETINGS", (8, 8), |b, context| {
        let booked = |t: &crate::results::Tally| t.meetings.booked;
        results::count_cell(context.results.map(|r| r.bot(b.id)), booked, Tone::Good)
    })
    .right()
    .drop(8)
}

/// Replies a day over the last 14 days.
fn trend_column() -> Col {
    trend::column(
        |b, context| trend::cell(Group::Bot, b.id, context),
        |b, context| trend::total(Group::Bot, b.id, context),
    )
}

/// A group's merged Bots: what each organisation's read brings (no results).
pub(crate) fn merged() -> Vec<Col> {
    vec![marker(), email(), name(), status(), mailbox(), warmup_today(), pool(), health()]
}

pub(crate) fn screen() -> Vec<Col> {
    vec![
        marker(),
        email(),
        name(),
        status(),
        mailbox(),
        warmup_today(),
        replies(),
        meetings(),
        trend_column(),
        pool(),
        health(),
        problems(),
    ]
}

pub(crate) fn cli() -> Vec<Col> {
    vec![
        id(),
        marker(),
        email(),
        name(),
        status(),
        mailbox(),
        daily_limit(),
        warmup_today(),
        warmup_since(),
        trend_column(),
        problems(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{CnameRecord, DnsValidation};
    use crate::present::column::Context;
    use std::collections::HashSet;

    #[test]
    fn short_labels_fit_ten_cells_and_stay_distinct() {
        let bots: Vec<&str> = BotStatus::ALL.iter().filter_map(status_label).collect();
        assert_eq!(bots.len(), BotStatus::ALL.len());
        assert_eq!(bots.iter().collect::<HashSet<_>>().len(), bots.len(), "{bots:?}");
        let mailboxes: Vec<&str> = MailboxStatus::ALL.iter().filter_map(mailbox_label).collect();
        assert_eq!(mailboxes.iter().collect::<HashSet<_>>().len(), mailboxes.len());
        for label in bots.iter().chain(&mailboxes) {
            assert!(label.len() <= 10, "{label}");
        }
        assert_ne!(
            status_label(&BotStatus::Provisioning),
            status_label(&BotStatus::ProvisioningFailed)
        );
        assert_ne!(
            status_label(&BotStatus::ConnectionPending),
            status_label(&BotStatus::Suspended)
        );
    }

    #[test]
    fn bot_health_reads_at_a_glance() {
        let bot = Bot {
            id: 1,
            dns_validation: Some(DnsValidation { mx: true, spf: false }),
            cname_record: Some(CnameRecord {
                valid_record: true,
                valid_ssl: true,
                ..CnameRecord::default()
            }),
            initial_volume: Some(20),
            max_daily_limit: Some(50),
            ..Bot::default()
        };
        let text: String = health_parts(&bot).into_iter().map(|(text, _)| text).collect();
        assert_eq!(text, "MX✓ SPF✗ CNAME✓ SSL✓ AUTH-");
        assert_eq!(health_parts(&bot)[1].1, Tone::Alarm);
    }

    #[test]
    fn the_screen_and_the_cli_show_where_the_warmup_stands_today() {
        let now = chrono::DateTime::parse_from_rfc3339("2026-05-14T12:00:00Z").unwrap().to_utc();
        let bot = Bot {
            initial_volume: Some(20),
            max_daily_limit: Some(50),
            warmup_increment: Some(5),
            warmup_started_at: crate::api::Timestamp::parse("2026-05-10T08:00:00"),
            ..Bot::default()
        };
        let zone = crate::clock::Zone::named("UTC").unwrap();
        let context = Context::new(&zone, now);
        for columns in [screen(), cli()] {
            let column = columns.iter().find(|c| c.header == "Warm-up").expect("a warm-up column");
            // Day 4: 20 + 5 × 4 = 40 of 50, not the raw "20/50 +5".
            assert_eq!((column.cell)(&bot, &context).plain(&zone), "40/50 day 4");
        }
    }
}
