//! `outreach bots list|show`.

use super::report::{ShowData, SinceArg, days_text, not_in_organisation, tally_text};
use crate::bots::{Check, Standing, checks, standing, warmup};
use crate::cli::args::GlobalArgs;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::orgs::{Orgs, lists};
use crate::cli::output::format::json_document;
use crate::cli::output::sort::{SortedOutput, print_sorted};
use crate::cli::output::streamed::{StreamedList, as_sent, find_sent, sent_or};
use crate::cli::output::streams::write_stdout;
use crate::cli::trends;
use crate::present::columns::bots;
use crate::present::graph::{Graph, gauge};
use crate::results::{DayPoint, Group, Tally, Who, Window};
use crate::text::sanitize;
use clap::{Args, Subcommand};
use serde::Serialize;
use serde_json::value::RawValue;

#[derive(Debug, Clone, Subcommand)]
pub enum BotsCommand {
    /// List the organisation's bots (sending mailboxes) with what needs attention.
    #[command(after_help = "\
Examples:
  outreach bots list
  outreach bots list -o json | jq '.[] | select(.mailbox_status != \"ACTIVE\") | .email'")]
    List(SortedOutput),

    /// A bot's health checklist with what to do for each failure, its warm-up, and what it
    /// achieved over a range: replies, meetings, the campaigns it serves.
    #[command(after_help = "\
Examples:
  outreach bots show 7
  outreach bots show 7 --since -90d --json | jq .checks

The numbers are those of `outreach report --by bot` and the dashboard.")]
    Show(ShowArgs),
}

#[derive(Debug, Clone, Args)]
pub struct ShowArgs {
    /// The bot's id (see `outreach bots list`).
    pub id: i64,
    #[command(flatten)]
    pub since: SinceArg,
    /// Print one JSON object: the bot, its checks, its results and per day.
    #[arg(long)]
    pub json: bool,
}

pub async fn run(global: &GlobalArgs, command: BotsCommand) -> Result<Exit, CliError> {
    match command {
        BotsCommand::List(SortedOutput { output, sort }) => {
            let columns = bots::cli();
            sort.chosen(&columns)?;
            if let Some(orgs) = Orgs::chosen(global)? {
                let answers = orgs.read(global, |c| async move { Ok(c.client.list_bots().await?) });
                let term = global.term();
                return lists::print_listed(answers.await, "bots", &columns, &output, &sort, &term);
            }
            let context = Context::connect(global).await?;
            if !sort.is_set() && as_sent(&output, &context.term) {
                let mut list = StreamedList::new(&columns, &output, &context.term)?;
                let read = context.client.bots_as_sent(|sent| list.sent(sent)).await;
                return list.finish(read, &context.term, "bots");
            }
            let listed = context.client.list_bots().await?;
            let rows = listed.items.iter().map(|b| (b.id, b.warmup_started_at));
            let trends = trends::for_table(&context, &output, Group::Bot, rows).await;
            let term = &context.term;
            print_sorted(&listed, "bots", &columns, &output, &sort, term, trends.as_ref())
        }
        BotsCommand::Show(args) => show(global, args).await,
    }
}

/// `bots show --json`: the bot as the server sent it, its checks and results.
#[derive(Serialize)]
struct BotReport {
    bot: Box<RawValue>,
    standing: Standing,
    checks: Vec<Check>,
    window: Window,
    results: Tally,
    per_day: Vec<DayPoint>,
}

async fn show(global: &GlobalArgs, args: ShowArgs) -> Result<Exit, CliError> {
    let ShowData { context, window, campaigns, bots, fetched } =
        ShowData::load(global, &args.since).await?;
    let bots = bots?;
    let Some(bot) = bots.items.iter().find(|b| b.id == args.id) else {
        return Err(not_in_organisation("Bot", args.id, "bots"));
    };
    let who = Who::Bot(bot.id);
    let standing = standing(bot);
    let checks = checks(bot);
    let results = fetched.tally(who);
    let per_day = fetched.series(who);
    if args.json {
        let mut found = None;
        context.client.bots_as_sent(|sent| find_sent(sent, bot.id, &mut found)).await?;
        let bot = sent_or(found, bot)?;
        let report = BotReport { bot, standing, checks, window, results, per_day };
        return write_stdout(&json_document(&report, &context.term)?).map(|()| Exit::Ok);
    }
    let mut lines = vec![
        format!("Bot {} {} ({})", bot.id, sanitize(&bot.email), sanitize(bot.status.as_str())),
        format!("Health: {}", standing.label()),
    ];
    for check in &checks {
        let mark = match check.ok {
            Some(true) => "ok ",
            Some(false) => "BAD",
            None => " ? ",
        };
        lines.push(format!("  {mark} {:<24}{}", sanitize(&check.label), sanitize(&check.value)));
        if let Some(fix) = check.fix.as_ref().filter(|_| standing != Standing::Retired) {
            lines.push(format!("        → {}", sanitize(fix)));
        }
    }
    let warmup = warmup(bot, fetched.now).map_or_else(
        || "not started".to_string(),
        |w| format!("{} {}", gauge(w.ratio(), 10, Graph::Block), w.describe()),
    );
    lines.push(format!("Warm-up today: {warmup}"));
    let mut text = lines.join("\n") + "\n";
    text.push_str(&tally_text(&results, &window));
    let name = |id: &i64| {
        campaigns
            .as_ref()
            .ok()
            .and_then(|c| c.items.iter().find(|c| c.id == *id))
            .map_or_else(|| format!("campaign {id}"), |c| sanitize(&c.name))
    };
    let served: Vec<String> = results.campaigns.iter().map(name).collect();
    let served = if served.is_empty() {
        "none with replies or meetings in the range".to_string()
    } else {
        served.join(", ")
    };
    text.push_str(&format!("  {:<20}{served}\n", "Campaigns it serves"));
    text.push_str(&days_text(&per_day));
    text.push_str(&health_history(&context, bot.id, fetched.now));
    write_stdout(&text)?;
    Ok(Exit::Ok)
}

/// The bot's health over time (what watch and the dashboard saw), in the user's zone.
fn health_history(context: &Context, bot: i64, now: chrono::DateTime<chrono::Utc>) -> String {
    let (state, warning) = crate::local::ObservedState::open_default();
    if let Some(warning) = warning {
        crate::cli::output::streams::warn(&context.term, &warning);
    }
    let scope = crate::local::Scope::new(&context.session.profile, &context.session.base_url);
    // Blocking SQLite on the runtime's thread: this command does nothing else meanwhile.
    match crate::observe::history::for_bot(&state, &scope, bot, now, &crate::clock::Zone::Local) {
        Ok(lines) => lines.iter().map(|line| format!("{line}\n")).collect(),
        Err(error) => format!("History: not available ({error})\n"),
    }
}
