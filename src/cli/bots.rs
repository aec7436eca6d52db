//! `outreach bots list`.

use super::GlobalArgs;
use super::context::Context;
use super::exit::{CliError, Exit};
use super::output::{Cell, Column, OutputArgs, full_name, print_listed};
use super::table::Tone;
use crate::api::{Bot, MailboxStatus};
use crate::bots::{Standing, standing, verdict, warmup};
use chrono::Utc;
use clap::Subcommand;

#[derive(Debug, Clone, Subcommand)]
pub enum BotsCommand {
    /// List the organisation's bots (sending mailboxes) with what needs attention.
    #[command(after_help = "\
Examples:
  outreach bots list
  outreach bots list -o json | jq '.[] | select(.mailbox_status != \"ACTIVE\") | .email'")]
    List(OutputArgs),
}

pub async fn run(global: &GlobalArgs, command: BotsCommand) -> Result<Exit, CliError> {
    match command {
        BotsCommand::List(output) => {
            let context = Context::connect(global).await?;
            let bots = context.client.list_bots().await?;
            print_listed(&bots, "bots", &columns(), &output, &context.term)
        }
    }
}

fn columns() -> Vec<Column<Bot>> {
    type Col = Column<Bot>;
    vec![
        Col::new("ID", |b| Cell::Int(b.id)),
        Col::new("EMAIL", |b| Cell::Text(b.email.clone())).shrink(14),
        Col::new("NAME", |b| Cell::Text(full_name(&b.first_name, &b.last_name)))
            .shrink(8)
            .optional(3),
        Col::new("STATUS", |b| Cell::Text(b.status.to_string()))
            .shrink(10)
            .tone(|b| standing_tone(standing(b))),
        Col::new("MAILBOX", |b| Cell::Text(b.mailbox_status.to_string())).shrink(10).tone(|b| {
            if b.mailbox_status == MailboxStatus::Active { Tone::Good } else { Tone::Bad }
        }),
        Col::new("DAILY LIMIT", |b| Cell::OptInt(b.max_daily_limit)).optional(4),
        Col::new("WARM-UP", |b| Cell::Text(warmup_cell(b))).optional(6),
        Col::new("WARMUP SINCE", |b| Cell::Time(b.warmup_started_at)).optional(5),
        Col::new("PROBLEMS", |b| Cell::Text(verdict(b)))
            .shrink(10)
            .tone(|b| standing_tone(standing(b))),
    ]
}

/// Healthy green, needing attention red, ending yellow, retired dim.
fn standing_tone(standing: Standing) -> Tone {
    match standing {
        Standing::Healthy => Tone::Good,
        Standing::Attention => Tone::Bad,
        Standing::Ending => Tone::Warn,
        Standing::Retired => Tone::Dim,
    }
}

/// Today's warm-up volume against the limit and the day: `34/52 day 12`.
fn warmup_cell(bot: &Bot) -> String {
    warmup(bot, Utc::now())
        .map(|w| format!("{}/{} day {}", w.volume, w.limit, w.day))
        .unwrap_or_default()
}
