//! `outreach campaigns list|show|start`.

use super::preflight;
use super::report::{ShowData, SinceArg, days_text, not_in_organisation, tally_text};
use crate::api::Campaign;
use crate::cli::args::GlobalArgs;
use crate::cli::context::{Context, confirm};
use crate::cli::exit::{CliError, Exit};
use crate::cli::orgs::{Orgs, lists};
use crate::cli::output::format::json_document;
use crate::cli::output::sort::{SortedOutput, print_sorted};
use crate::cli::output::streamed::{StreamedList, as_sent, find_sent, sent_or};
use crate::cli::output::streams::write_stdout;
use crate::cli::trends;
use crate::present::columns::campaigns;
use crate::present::settings::{flag_words, unsubscribe_words};
use crate::results::{DayPoint, Group, Tally, Who, Window};
use crate::text::{sanitize, truncate};
use clap::{Args, Subcommand};
use serde::Serialize;
use serde_json::value::RawValue;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Subcommand)]
pub enum CampaignsCommand {
    /// List the organisation's campaigns.
    #[command(after_help = "\
Examples:
  outreach campaigns list
  outreach campaigns list -o csv > campaigns.csv
  outreach campaigns list -o json | jq '.[] | select(.status == \"PENDING\") | .id'")]
    List(SortedOutput),

    /// A campaign's settings in words and its results over a range: replies by category,
    /// meetings, reply → meeting rate, replies and meetings per day, and per bot.
    #[command(after_help = "\
Examples:
  outreach campaigns show 42
  outreach campaigns show 42 --since -7d
  outreach campaigns show 42 --json | jq .results.meetings

The numbers are those of `outreach report` and the dashboard (see `outreach report --help`).")]
    Show(ShowArgs),

    /// Start a pending campaign (PENDING → ACTIVE): its pre-flight checks first, then asks to
    /// confirm on a terminal.
    #[command(after_help = "\
Examples:
  outreach campaigns start 42          # the checks, then asks before starting
  outreach campaigns start 42 --yes    # in scripts: no terminal, no question
  outreach campaigns start 42 --force  # start although a check fails

Before anything is sent each check is printed, passed (✓) or failed: unsubscribe on,
test mode off and a live healthy bot in the organisation block when they fail (✗: the
contacts could not opt out, or nothing would reach them); disclaimer included and no bot
with MX or SPF missing only warn (!). Any failed check refuses the start (exit 2) unless
--force. The question names the organisation and the profile.")]
    Start(StartArgs),
}

#[derive(Debug, Clone, Args)]
pub struct ShowArgs {
    /// The campaign's id (see `outreach campaigns list`).
    pub id: i64,
    #[command(flatten)]
    pub since: SinceArg,
    /// Print one JSON object: the campaign, its results, per day and per bot.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct StartArgs {
    /// The campaign's id (see `outreach campaigns list`).
    pub id: i64,
    /// Start without asking; required when not on a terminal.
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Start although a pre-flight check fails.
    #[arg(long)]
    pub force: bool,
}

pub async fn run(global: &GlobalArgs, command: CampaignsCommand) -> Result<Exit, CliError> {
    match command {
        CampaignsCommand::List(output) => list(global, output).await,
        CampaignsCommand::Show(args) => show(global, args).await,
        CampaignsCommand::Start(args) => start(global, args).await,
    }
}

async fn list(global: &GlobalArgs, args: SortedOutput) -> Result<Exit, CliError> {
    let columns = campaigns::cli();
    args.sort.chosen(&columns)?;
    let SortedOutput { output, sort } = args;
    if let Some(orgs) = Orgs::chosen(global)? {
        let answers = orgs.read(global, |c| async move { Ok(c.client.list_campaigns().await?) });
        let term = global.term();
        return lists::print_listed(answers.await, "campaigns", &columns, &output, &sort, &term);
    }
    let context = Context::connect(global).await?;
    if !sort.is_set() && as_sent(&output, &context.term) {
        let mut list = StreamedList::new(&columns, &output, &context.term)?;
        let read = context.client.campaigns_as_sent(|sent| list.sent(sent)).await;
        return list.finish(read, &context.term, "campaigns");
    }
    let campaigns = context.client.list_campaigns().await?;
    let rows = campaigns.items.iter().map(|c| (c.id, c.created_at));
    let trends = trends::for_table(&context, &output, Group::Campaign, rows).await;
    let term = &context.term;
    print_sorted(&campaigns, "campaigns", &columns, &output, &sort, term, trends.as_ref())
}

async fn start(global: &GlobalArgs, args: StartArgs) -> Result<Exit, CliError> {
    let context = Context::connect_for_write(global, "start a campaign").await?;
    let (campaign, bots) = preflight::campaign_and_bots(&context, args.id).await?;
    let whom = context.for_whom().await;
    let label = preflight::label(&campaign);
    preflight::check(&campaign, &bots, &whom, args.force, &format!("starting {label}"))?;
    confirm(&context.term, args.yes, &format!("Start {label} {whom}?"))?;
    let reply = context.client.start_campaign(args.id).await?;
    let said = reply.message.map(|m| format!(": {}", sanitize(&m))).unwrap_or_default();
    let name = sanitize(&campaign.name);
    write_stdout(&format!("Started campaign {} \"{name}\"{said}\n", args.id))?;
    Ok(Exit::Ok)
}

/// `campaigns show --json`: the campaign as the server sent it, and its results.
#[derive(Serialize)]
struct CampaignReport {
    campaign: Box<RawValue>,
    window: Window,
    results: Tally,
    per_day: Vec<DayPoint>,
    per_bot: BTreeMap<i64, Tally>,
}

async fn show(global: &GlobalArgs, args: ShowArgs) -> Result<Exit, CliError> {
    let ShowData { context, window, campaigns, bots, fetched } =
        ShowData::load(global, &args.since).await?;
    let campaigns = campaigns?;
    let Some(campaign) = campaigns.items.iter().find(|c| c.id == args.id) else {
        return Err(not_in_organisation("Campaign", args.id, "campaigns"));
    };
    let who = Who::Campaign(campaign.id);
    let results = fetched.tally(who);
    let per_day = fetched.series(who);
    let per_bot = fetched.grouped(who, Group::Bot);
    if args.json {
        let mut found = None;
        context.client.campaigns_as_sent(|sent| find_sent(sent, campaign.id, &mut found)).await?;
        let campaign = sent_or(found, campaign)?;
        let report = CampaignReport { campaign, window, results, per_day, per_bot };
        return write_stdout(&json_document(&report, &context.term)?).map(|()| Exit::Ok);
    }
    // Bots are only named here: without them the table shows ids.
    let bot_email = |id: i64| {
        bots.as_ref()
            .ok()
            .and_then(|b| b.items.iter().find(|b| b.id == id))
            .map(|b| b.email.clone())
    };
    let mut text = settings_text(campaign);
    text.push_str(&tally_text(&results, &window));
    text.push_str(&days_text(&per_day));
    text.push_str("Per bot\n");
    if per_bot.is_empty() {
        text.push_str("  no replies or meetings in the range\n");
    } else {
        text.push_str(&format!(
            "  {:<40} {:>7} {:>10} {:>8}\n",
            "BOT", "REPLIES", "INTERESTED", "MEETINGS"
        ));
        // Busiest first, as the dashboard's table.
        let mut rows: Vec<(&i64, &Tally)> = per_bot.iter().collect();
        crate::sorting::sort_by_key(&mut rows, |(id, t)| {
            (std::cmp::Reverse((t.replies, t.meetings.booked)), **id)
        });
        for (id, tally) in rows {
            let name = bot_email(*id).map_or_else(|| format!("bot {id}"), |e| sanitize(&e));
            text.push_str(&format!(
                "  {:<40} {:>7} {:>10} {:>8}\n",
                truncate(&name, 40),
                tally.replies,
                tally.interested(),
                tally.meetings.booked
            ));
        }
    }
    write_stdout(&text)?;
    Ok(Exit::Ok)
}

/// Every setting in words, the auto-pilot flags as "AI handles" or "asks a human".
fn settings_text(campaign: &Campaign) -> String {
    let on = |on: bool| if on { "on" } else { "off" };
    let duration = campaign.meeting_duration.map_or("not set".to_string(), |d| format!("{d} min"));
    let mut lines = vec![
        format!(
            "Campaign {} \"{}\" ({})",
            campaign.id,
            sanitize(&campaign.name),
            sanitize(campaign.status.as_str())
        ),
        "Settings".to_string(),
        format!("  {:<20}{}", "E-mail tracking", on(campaign.email_tracking)),
        format!("  {:<20}{}", "Link tracking", on(campaign.link_tracking)),
        format!("  {:<20}{}", "Unsubscribe", unsubscribe_words(&campaign.unsubscribe_mode)),
        format!("  {:<20}{duration}", "Meeting duration"),
        format!(
            "  {:<20}{}",
            "Test mode",
            if campaign.test_mode { "on: e-mails are not really sent" } else { "off" }
        ),
        format!("  {:<20}{}", "Auto-enrich", on(campaign.auto_enrich)),
        format!("  {:<20}{}", "Disclaimer", on(campaign.include_disclaimer)),
        "Auto-pilot".to_string(),
    ];
    for (name, automatic) in campaign.auto_pilot_settings.flags() {
        let word = if automatic { "AI handles" } else { "asks a human" };
        lines.push(format!("  {:<20}{word}", flag_words(name)));
    }
    lines.join("\n") + "\n"
}
