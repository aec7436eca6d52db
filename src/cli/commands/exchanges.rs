//! `outreach exchanges list|show`: conversations, and one conversation's e-mail chain as text.

use crate::api::{EmailMessage, Exchange, ExchangeGroup};
use crate::chain::{self, Quotes};
use crate::cli::args::DayRange;
use crate::cli::args::GlobalArgs;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::orgs::{Orgs, lists};
use crate::cli::output::format::{OutputArgs, OutputFormat};
use crate::cli::output::sort::{SortArg, print_sorted};
use crate::cli::output::streamed::{StreamedList, as_sent};
use crate::cli::output::streams::{warn_skipped, write_stdout};
use crate::clock::Zone;
use crate::present::Column;
use crate::present::columns::exchanges;
use clap::{Args, Subcommand, ValueEnum};

#[derive(Debug, Clone, Subcommand)]
pub enum ExchangesCommand {
    /// List exchanges (bot ↔ contact conversations) of a group.
    #[command(after_help = "\
Examples:
  outreach exchanges list                                   # replied, since 2023-01-01
  outreach exchanges list --group meeting-booked --since -7d
  outreach exchanges list --campaign 42 --since 2024-05-01 --until 2024-05-31 -o csv

The date range applies to each exchange's last update; DATE is YYYY-MM-DD, today,
yesterday, -Nd or +Nd. Without --since the service starts at 2023-01-01; without
--until it ends today.")]
    List(ListArgs),

    /// Show an exchange's e-mail chain as readable text.
    #[command(after_help = "\
Examples:
  outreach exchanges show 1234
  outreach exchanges show 1234 | less
  outreach exchanges show 1234 -o json | jq '.[].subject'")]
    Show(ShowArgs),
}

/// `--kind`: the server-side filter of the exchange list (once spelled `--group`, which now
/// names a `[groups]` entry; the old spelling is still understood).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GroupArg {
    /// The contact answered (any reply status, meetings included).
    Replied,
    /// A meeting was booked.
    MeetingBooked,
}

#[derive(Debug, Clone, Args)]
pub struct ListArgs {
    /// Which exchanges: those replied to, or those with a meeting booked.
    #[arg(long, value_enum, default_value_t = GroupArg::Replied)]
    pub kind: GroupArg,
    /// Only this campaign's exchanges.
    #[arg(long, value_name = "ID")]
    pub campaign: Option<i64>,
    /// Apply a saved view of the config file (`[[views]]`): its campaign, bot, categories,
    /// first day and sort (handled marks are `outreach replies`'); options given win.
    #[arg(long, value_name = "NAME")]
    pub view: Option<String>,
    #[command(flatten)]
    pub range: DayRange,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub sort: SortArg,
}

/// What a saved view narrows the list to on this machine: the API filters by campaign and
/// day only.
struct Narrow {
    bot: Option<i64>,
    categories: Vec<super::replies::options::Wanted>,
}

impl Narrow {
    fn holds(&self, exchange: &crate::api::Exchange) -> bool {
        let category = crate::inbox::Category::of(&exchange.status);
        self.bot.is_none_or(|bot| exchange.bot.id == bot)
            && (self.categories.is_empty() || self.categories.iter().any(|w| w.matches(&category)))
    }
}

/// The view's campaign, first day and sort where the command line left them unsaid; its bot
/// and categories to narrow the list by.
async fn with_view(args: &mut ListArgs, context: &Context, name: &str) -> Result<Narrow, CliError> {
    let view = crate::cli::saved_view::resolve(context, name).await?;
    args.campaign = args.campaign.or(view.campaign_id);
    args.range.since = args.range.since.or(view.since);
    args.range.check()?;
    if args.sort.sort.is_none() {
        args.sort.sort = view.sort.clone();
    }
    Ok(Narrow { bot: view.bot_id, categories: super::replies::options::wanted(&view.categories)? })
}

/// `exchanges show --output`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ShowFormat {
    /// Headers and bodies, HTML turned into text, sanitised.
    Text,
    /// The chain as the API sent it (a JSON array of e-mails).
    Json,
}

#[derive(Debug, Clone, Args)]
pub struct ShowArgs {
    /// The exchange's id (see `outreach exchanges list`).
    pub id: i64,
    #[arg(long, short = 'o', value_enum, default_value_t = ShowFormat::Text)]
    pub output: ShowFormat,
}

impl From<GroupArg> for ExchangeGroup {
    fn from(kind: GroupArg) -> Self {
        match kind {
            GroupArg::Replied => ExchangeGroup::Replied,
            GroupArg::MeetingBooked => ExchangeGroup::MeetingBooked,
        }
    }
}

/// `exchanges list --group meeting-booked`, as scripts wrote it before `--group` named a
/// `[groups]` entry: read as `--kind`, and said, unless the config has a group of that name.
fn old_kind_spelling(global: &GlobalArgs, args: &mut ListArgs) -> Option<GlobalArgs> {
    let group = global.group.as_deref()?;
    let kind = GroupArg::from_str(group, true).ok()?;
    let configured = crate::config::load_lenient().config.groups.contains_key(group);
    if configured {
        return None;
    }
    args.kind = kind;
    crate::cli::output::streams::warn(
        &global.term(),
        &format!(
            "--group {group} is now --kind {group} (--group names a [groups] entry of the config)."
        ),
    );
    Some(GlobalArgs { group: None, ..global.clone() })
}

pub async fn run(global: &GlobalArgs, command: ExchangesCommand) -> Result<Exit, CliError> {
    match command {
        ExchangesCommand::List(args) => list(global, args).await,
        ExchangesCommand::Show(args) => show(global, args).await,
    }
}

async fn list(global: &GlobalArgs, mut args: ListArgs) -> Result<Exit, CliError> {
    args.range.check()?;
    let plain = old_kind_spelling(global, &mut args);
    let global = plain.as_ref().unwrap_or(global);
    let columns = exchanges::cli();
    if let Some(orgs) = Orgs::chosen(global)? {
        return group_list(global, &orgs, args, &columns).await;
    }
    let context = Context::connect(global).await?;
    let narrow = match args.view.clone() {
        Some(name) => Some(with_view(&mut args, &context, &name).await?),
        None => None,
    };
    args.sort.chosen(&columns)?;
    let query = args.range.exchanges(args.campaign, args.kind.into());
    if narrow.is_none() && !args.sort.is_set() && as_sent(&args.output, &context.term) {
        let mut list = StreamedList::new(&columns, &args.output, &context.term)?;
        let read = context.client.exchanges_as_sent(&query, |sent| list.sent(sent)).await;
        return list.finish(read, &context.term, "exchanges");
    }
    let mut listed = context.client.list_exchanges(&query).await?;
    if let Some(narrow) = narrow {
        listed.items =
            listed.items.iter().filter(|e| narrow.holds(e)).cloned().collect::<Vec<_>>().into();
    }
    print_sorted(&listed, "exchanges", &columns, &args.output, &args.sort, &context.term, None)
}

/// The exchanges of several organisations. A saved view belongs to one profile's
/// dashboard, so it is refused here.
async fn group_list(
    global: &GlobalArgs,
    orgs: &Orgs,
    args: ListArgs,
    columns: &[Column<Exchange>],
) -> Result<Exit, CliError> {
    if args.view.is_some() {
        return Err(CliError::usage(
            "--view narrows one profile's list; it does not take --group.",
        )
        .with_hint(
            "Give --profile NAME with --view, or narrow with --since, --until and --campaign.",
        ));
    }
    args.sort.chosen(columns)?;
    let query = &args.range.exchanges(args.campaign, args.kind.into());
    let answers = orgs.read(global, |c| async move { Ok(c.client.list_exchanges(query).await?) });
    let (output, sort, term) = (&args.output, &args.sort, global.term());
    lists::print_listed(answers.await, "exchanges", columns, output, sort, &term)
}

async fn show(global: &GlobalArgs, args: ShowArgs) -> Result<Exit, CliError> {
    let context = Context::connect(global).await?;
    if args.output == ShowFormat::Json {
        // The e-mails as the server sent them, one JSON array (pretty and sanitised on a
        // terminal), as `exchanges list -o json` writes exchanges.
        let output = OutputArgs { output: Some(OutputFormat::Json), csv_raw: false };
        let mut list = StreamedList::<EmailMessage>::new(&[], &output, &context.term)?;
        let read = context.client.email_chain_as_sent(args.id, |sent| list.sent(sent)).await;
        return list.finish(read, &context.term, "e-mails");
    }
    let chain = context.client.email_chain(args.id).await?;
    warn_skipped(&context.term, &chain, "e-mails");
    write_stdout(&render_chain(&chain.items, context.term.width.unwrap_or(80)))?;
    Ok(Exit::Ok)
}

/// The chain as text: the shared chain layout with every quoted line shown, dates in the
/// user's zone; every server string is sanitised by the layout.
pub fn render_chain(chain: &[EmailMessage], width: usize) -> String {
    if chain.is_empty() {
        return "(this exchange has no e-mails yet)\n".to_string();
    }
    // Clamped to 100, so the conversion cannot fail.
    let width = u16::try_from(width.clamp(20, 100)).unwrap_or(100);
    chain::layout(chain, width, Quotes::Shown, &Zone::Local).plain_text()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{EmailBody, Mailbox, Timestamp};
    use serde_json::Value;

    #[test]
    fn a_chain_reads_as_text_with_hostile_bytes_removed() {
        let chain = [
            EmailMessage {
                subject: "Hello\u{1b}]0;pwned\u{7}".into(),
                from_: Some(Mailbox {
                    address: "ann@example.com".into(),
                    name: "Ann \u{202e}Lee".into(),
                }),
                to: vec![Mailbox { address: "bot@example.com".into(), name: String::new() }],
                cc: vec![
                    Value::String("cc@example.com".into()),
                    serde_json::json!({"address": "x@y.z", "name": "X"}),
                ],
                date: Timestamp::parse("2024-05-01T09:30:00Z"),
                body: EmailBody {
                    html: Some("<p>Hi <b>there</b></p><p>Bye</p>".into()),
                    text: None,
                },
                ..EmailMessage::default()
            },
            EmailMessage {
                subject: "Re: Hello".into(),
                body: EmailBody { html: None, text: Some("line one\r\nline two\u{1b}[2J".into()) },
                ..EmailMessage::default()
            },
        ];
        let text = render_chain(&chain, 60);
        assert!(!text.contains('\u{1b}') && !text.contains('\u{202e}') && !text.contains('\r'));
        assert!(text.contains("From:    Ann Lee <ann@example.com>"), "{text}");
        assert!(text.contains("To:      bot@example.com"), "{text}");
        assert!(text.contains("Cc:      cc@example.com, X <x@y.z>"), "{text}");
        assert!(text.contains("Subject: Hello"), "{text}");
        assert!(!text.contains("]0;pwned"), "no debris: {text}");
        assert!(text.contains("there"), "{text}");
        assert!(!text.contains("<b>"), "{text}");
        assert!(text.contains("line one\nline two\n") || text.ends_with("line two"), "{text}");
        assert!(!text.contains("[2J"), "no debris: {text}");
        assert!(text.starts_with("── 1/2 "));
    }
}
