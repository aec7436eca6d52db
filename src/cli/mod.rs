//! The command line: the tree of commands (clap) and their dispatch. Each command lives in
//! `commands/` (one file or folder per noun); what they all print through is in `output/`.
//! Beside them: the arguments several commands share (`args`), the connection a command
//! opens (`context`), failures and exit codes (`exit`), and the async runtime, started only
//! by what needs it (`runtime`). This file is the top: it imports every command, and
//! nothing in `cli` imports it.

pub mod args;
pub mod commands;
pub mod context;
pub mod exit;
pub mod orgs;
pub mod output;
pub mod runtime;
pub mod saved_view;
pub mod trends;

use args::GlobalArgs;
use clap::{CommandFactory, Parser, Subcommand};
use commands::contacts::{self, import};
use commands::{
    audit, auth, bots, brief, campaigns, completions, conversions, digest, dnc, exchanges,
    meetings, replies, report, sim, status, team, todo, watch,
};
use std::process::ExitCode;

/// outreach: a terminal dashboard for the Outreach Automation Service API.
#[derive(Debug, Parser)]
#[command(name = "outreach", version, about, long_about = None, after_help = TOP_HELP)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    /// Open the dashboard on an embedded simulator with demo data (no key needed).
    #[arg(long)]
    pub demo: bool,

    /// With --demo: faults its simulator injects, e.g. `500@GET:/api/v1/bots` (syntax as
    /// `outreach sim --faults`, see `outreach sim --help`).
    #[arg(long, value_name = "SPEC", requires = "demo", value_parser = sim::fault_spec)]
    pub faults: Option<String>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The command line as parsed by the binary: [`Cli`] with the log file's path (known only at
/// run time) under the top-level help.
pub fn command() -> clap::Command {
    Cli::command().after_help(format!("{TOP_HELP}\n\n{}", crate::logging::help_line()))
}

/// What `outreach --version` prints, as clap's `render_version` does.
impl Cli {
    /// Whether this run prints the status line's segment, which logs nothing and starts
    /// nothing (it runs every few seconds and must take a few milliseconds).
    pub fn is_status_line(&self) -> bool {
        matches!(&self.command, Some(Command::Status(args)) if args.format.from_glance())
    }
}

pub const VERSION_LINE: &str = concat!("outreach ", env!("CARGO_PKG_VERSION"));

/// Whether the arguments (without the program's name) ask only for the version. Scripts
/// and health checks call `--version` to see that the tool is there; answering before clap
/// builds the whole command tree (about a fifth of its run) keeps it near `jq --version`
/// (its budget: at most 1.5×, docs/PERFORMANCE.md).
pub fn asks_only_version(mut args: impl Iterator<Item = std::ffi::OsString>) -> bool {
    let first = args.next();
    args.next().is_none() && first.is_some_and(|arg| arg == "--version" || arg == "-V")
}

/// Parses this process's arguments with [`command`]; exits with clap's message on a bad one.
pub fn parse() -> Cli {
    use clap::FromArgMatches;
    let matches = command().get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit())
}

/// Shown after the top-level options.
pub(crate) const TOP_HELP: &str = "\
The API key comes from OUTREACH_API_KEY or the OS keyring (`outreach auth login`), never
from an option, so it stays out of shell history and process lists. Lists print a table on
a terminal and JSON when piped; pick with --output table|json|jsonl|csv. Data goes to
stdout, messages to stderr.

Examples:
  outreach status --check || alert 'outreach needs attention'
  outreach campaigns list -o csv > campaigns.csv
  outreach contacts import leads.csv --campaign 42 --dry-run
  outreach dnc add-domains --file blocked.txt

Exit codes:
  0  success (status --check: nothing needs attention)
  1  failure, or something needs attention (status --check; import with rejected rows;
     replies --check: an Interested or Referral reply waits unhandled)
  2  usage: bad arguments or bad input, nothing was sent
  3  authentication: no API key, or the API refused it (401)
  4  permission: the key lacks the rights (403), or the profile is read-only
  5  not found: no such campaign, exchange or bot in this organisation (404)
  6  incomplete: status --check or replies --check could not read or load part of the data
With --group or --profiles, the worst of the organisations' codes: 2, 3, 4, 6, 5, 1, 0.";

/// `outreach watch --help`, after the options.
const WATCH_HELP: &str = "\
Examples:
  outreach watch                              # every 60 s, until Ctrl-C or SIGTERM
  outreach watch --profile acme --profile globex --interval 120
  outreach watch --once -o json               # from cron: one look, JSON lines

Each event is printed once and its [hooks] command run once, whoever saw it first (a
dashboard open at the same time included); a restart never announces it again. The first
look at an organisation announces nothing. A failed look is said once on stderr and tried
again less often (up to every 15 minutes); watch never exits on a server or network error.
Hooks get the event in OUTREACH_EVENT, OUTREACH_PROFILE, OUTREACH_EXCHANGE_ID,
OUTREACH_CATEGORY, OUTREACH_CONTACT_NAME, OUTREACH_CONTACT_EMAIL, OUTREACH_CAMPAIGN,
OUTREACH_AGE_SECONDS … and as one JSON object on stdin; never the API key.";

/// `outreach brief --help`, after the options.
const BRIEF_HELP: &str = "\
Examples:
  outreach brief                                # since the dashboard's last look
  outreach brief --since yesterday -o json      # from the snapshot kept then
  outreach brief --mark-seen | mail -s Brief me@acme.tech   # cron: each brief starts anew

New replies by category (the hot ones named), replies whose category changed, meetings
booked and cancelled, bots and campaigns that changed state, from snapshots of ids and
statuses kept on this machine (no message text). The dashboard keeps its last look as it
runs and at quit; --since goes back only as far as what is kept: the last look, the latest
look by `outreach watch` or the dashboard, and the first look of each of the last 8 days
(kept while watch, the dashboard or --mark-seen ran that day); it says when it cannot.
Without --mark-seen nothing is written.";

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The organisation at a glance: campaigns, replies, meetings, bots needing attention.
    #[command(after_help = "\
Examples:
  outreach status
  outreach status --json | jq .bots.needing_attention
  outreach status --check --quiet || echo \"exit $?\"   # cron: 1 attention, 6 blind
  outreach status --format tmux                  # ✉3 ⏱42m ⚠1, from the last glance

The Inbox line (and --json's `inbox` object) counts replies new since your last look, hot
replies (Interested, Referral) waiting on you and since when the oldest waits, and what
needs you (as `outreach todo` lists it) and how much of it is due.

--format tmux|line|json prints what `status`, `todo`, `watch` or the dashboard last saw,
with no call to the server (for a status line): new replies, the oldest hot reply's wait
and what needs you, each left out at zero, nothing when there is nothing. A glance older
than three of its taker's intervals (15 minutes after a one-off `status` or `todo`) starts
with `?` (dimmed for tmux). --json is the summary read now; --format json is the glance.
  tmux:     set -g status-right '#(outreach status --format tmux)'
  starship: [custom.outreach] command = 'outreach status --format line'  when = true
  polybar:  [module/outreach] type = custom/script  exec = outreach status --format line

Days are calendar days in your local zone. Replies count conversations in the replied
group by the day of their last update. Retired bots (DELETED, CANCELLED, INACTIVE) are
listed apart and never need attention.")]
    Status(status::StatusArgs),

    /// How each campaign or bot did over a range of days: replies, Interested, meetings.
    #[command(after_help = "\
Examples:
  outreach report                               # per campaign, the last 30 days
  outreach report --by bot --since -7d
  outreach report --since 2024-04-01 -o csv > april.csv
  outreach report --group clients --since -7d --out reports/ --format md,csv,html

Days are calendar days in your local zone, today included. A reply is a conversation in
the replied group last updated in the range, counted once, in the inbox's categories. A
meeting booked is one created in the range: booked = held + upcoming + cancelled. The
reply → meeting rate is meetings booked per reply. The opt-out columns count the contacts
who asked to stop in the range: honoured in time when their address went on do not contact
by the deadline ([needs] unsubscribe_days business days after the reply), late after it,
pending while it is not on the list (overdue past the deadline). When an address went on
the list is known only from this machine's writes (the audit log): the API keeps no such
time, so one listed elsewhere after its deadline counts as honoured, when not known.

--out DIR writes a file per organisation and format (with --group, per client: campaign
results, replies by category, meetings booked and held, bots not healthy, opt-outs asked and
honoured within the deadline or late, those pending, past the deadline by name) and an index
across them. As gh's downloads do, it refuses to replace a file that is there
(nothing is written then); --clobber replaces them.")]
    Report(report::ReportArgs),

    /// Campaigns: list, show, start.
    #[command(subcommand)]
    Campaigns(campaigns::CampaignsCommand),

    /// Bots (sending mailboxes): list, show.
    #[command(subcommand)]
    Bots(bots::BotsCommand),

    /// Contacts: list, add, upload into a campaign, import a CSV.
    #[command(subcommand)]
    Contacts(contacts::ContactsCommand),

    /// Exchanges (conversations): list, show the e-mail chain.
    #[command(subcommand)]
    Exchanges(exchanges::ExchangesCommand),

    /// The reply inbox: replies newest first with category, new and handled; mark them.
    #[command(after_help = "\
Examples:
  outreach replies                                   # every reply, newest activity first
  outreach replies --new --mark-seen                 # what came in since the last look
  outreach replies --category interested,referral --unhandled --snippets
  outreach replies handle 200123 200456              # done with these (unhandle to undo)
  outreach replies --check --older-than 4h || alert 'a hot reply waits'   # cron

New and handled are kept on this machine, per profile and organisation, in
$XDG_STATE_HOME/outreach/state.sqlite3 (the API has no such fields); on a profile's first
use, older replies count as seen. --check exits 1 when an unhandled Interested or Referral
reply has waited longer than --older-than (any age without it), 6 when part of the inbox
could not be read, 0 otherwise.")]
    Replies(replies::RepliesArgs),

    /// What needs you: opt-outs not honoured, replies the autopilot leaves to you, hot
    /// replies past the target, bots a live campaign needs, campaigns ready to start.
    #[command(after_help = "\
Examples:
  outreach todo                                      # the list, most pressing first
  outreach todo -o json | jq '.[] | select(.kind == \"opt-out\")'
  outreach todo --check --quiet || alert 'something is due'   # cron

Each item says what to do, why, since when and by when: an opt-out within [needs]
unsubscribe_days business days (10 by default, as US CAN-SPAM), a hot reply within [needs]
hot_reply_hours (24). --check exits 1 when an item is due today or overdue, 6 when part of
the data could not be read, 0 otherwise.")]
    Todo(todo::TodoArgs),

    /// Watch for new replies, category changes, meetings, bots changing, speed-to-lead
    /// breaches and opt-outs; print each event and run its `[hooks]` command.
    #[command(after_help = WATCH_HELP)]
    Watch(watch::WatchArgs),

    /// What changed while you were away: new replies, meetings, bots, campaigns — since the
    /// dashboard's last look.
    #[command(after_help = BRIEF_HELP)]
    Brief(brief::BriefArgs),

    /// What happened over some days — replies, meetings, bots, opt-outs, writes — to mail or post.
    #[command(after_help = "\
Examples:
  outreach digest                                    # since yesterday, as text
  outreach digest --since -7d --format md            # the last 7 days, for a chat channel
  outreach digest --format html | mail -a 'Content-Type: text/html' -s Digest me@acme.tech

What came in over the days from --since to today (your local zone): replies by category
with the hot replies' latest lines, meetings booked and held, bots not healthy now, opt-outs
pending and the writes made from this machine (the audit log), for the organisation and per
campaign. Bot changes over the days are told only where this machine kept a history of them.
The HTML is a self-contained e-mail body: inline styles, nothing fetched, every value
escaped.")]
    Digest(digest::DigestArgs),

    /// Meetings: list.
    #[command(subcommand)]
    Meetings(meetings::MeetingsCommand),

    /// Do-not-contact lists: add e-mail addresses or domains.
    #[command(subcommand)]
    Dnc(dnc::DncCommand),

    /// Conversions: log one.
    #[command(subcommand)]
    Conversions(conversions::ConversionsCommand),

    /// Log in, show or log out the API key of a profile (kept in the OS keyring).
    Auth(auth::AuthArgs),

    /// The team store: handled, assigned and snoozed marks shared through PostgreSQL.
    #[command(subcommand)]
    Team(team::TeamCommand),

    /// The writes made from this machine (dashboard and CLI), from the audit log.
    Audit(audit::AuditArgs),

    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),

    /// Run a local simulator of the API (prints its URL and keys).
    Sim(sim::SimArgs),
}

/// `outreach --group NAME` / `--profiles a,b` without a command: the profiles the dashboard
/// opens on, found and checked as the commands find them; what is wrong said as they say it
/// (the code to exit with).
pub fn dashboard_group(global: &GlobalArgs, demo: bool) -> Result<Vec<String>, ExitCode> {
    let color = exit::stderr_color(global.color);
    if demo {
        let error =
            exit::CliError::usage("--demo shows the simulator's one organisation, not a group.")
                .with_hint("Leave out --group / --profiles, or open the group without --demo.");
        return Err(exit::finish(Err(error), color));
    }
    match orgs::Orgs::chosen(global) {
        Ok(Some(orgs)) => Ok(orgs.profiles().to_vec()),
        Ok(None) => Ok(Vec::new()),
        Err(error) => Err(exit::finish(Err(error), color)),
    }
}

impl Command {
    /// Whether the command reads several organisations with --group / --profiles.
    fn takes_group(&self) -> bool {
        match self {
            Command::Status(_)
            | Command::Report(_)
            | Command::Todo(_)
            | Command::Digest(_)
            | Command::Watch(_) => true,
            Command::Replies(args) => args.action.is_none(),
            Command::Campaigns(command) => matches!(command, campaigns::CampaignsCommand::List(_)),
            Command::Bots(command) => matches!(command, bots::BotsCommand::List(_)),
            Command::Contacts(command) => matches!(command, contacts::ContactsCommand::List(_)),
            Command::Exchanges(command) => matches!(command, exchanges::ExchangesCommand::List(_)),
            Command::Meetings(_) => true,
            _ => false,
        }
    }
}

/// Runs a non-interactive command; only those that need one start the async runtime.
pub fn run(global: &GlobalArgs, command: Command) -> ExitCode {
    if global.asks_group() && !command.takes_group() {
        let error = exit::CliError::usage(
            "--group and --profiles read several organisations; this command acts on one.",
        )
        .with_hint(format!(
            "Give one --profile NAME. The commands that take --group: {}.",
            orgs::COMMANDS
        ));
        return exit::finish(Err(error), exit::stderr_color(global.color));
    }
    if global.profile.len() > 1 && !matches!(command, Command::Watch(_)) {
        let error = exit::CliError::usage(format!(
            "--profile was given {} times; only `outreach watch` watches several profiles.",
            global.profile.len()
        ))
        .with_hint("Give one --profile.");
        return exit::finish(Err(error), exit::stderr_color(global.color));
    }
    let result = match command {
        Command::Completions(args) => completions::run(args, Cli::command()),
        Command::Audit(args) => audit::run(global, args),
        // The status line's segment: no runtime, no network, a few milliseconds.
        Command::Status(args) if args.format.from_glance() => status::segment::run(global, &args),
        Command::Contacts(contacts::ContactsCommand::Import(args)) if args.dry_run => {
            import::dry_run(global, args)
        }
        command => match runtime::block_on(run_async(global, command)) {
            Ok(code) => return code,
            Err(error) => {
                Err(exit::CliError::failure(format!("Could not start the async runtime: {error}"))
                    .with_hint("The system may be out of threads or memory; try again."))
            }
        },
    };
    exit::finish(result, exit::stderr_color(global.color))
}

async fn run_async(global: &GlobalArgs, command: Command) -> ExitCode {
    let result = match command {
        Command::Status(args) => status::run(global, args).await,
        Command::Campaigns(command) => campaigns::run(global, command).await,
        Command::Bots(command) => bots::run(global, command).await,
        Command::Report(args) => report::run(global, args).await,
        Command::Contacts(command) => contacts::run(global, command).await,
        Command::Exchanges(command) => exchanges::run(global, command).await,
        Command::Replies(args) => replies::run(global, args).await,
        Command::Todo(args) => todo::run(global, args).await,
        Command::Watch(args) => watch::run(global, args).await,
        Command::Digest(args) => digest::run(global, args).await,
        Command::Brief(args) => brief::run(global, args).await,
        Command::Meetings(command) => meetings::run(global, command).await,
        Command::Dnc(command) => dnc::run(global, command).await,
        Command::Conversions(command) => conversions::run(global, command).await,
        Command::Team(command) => team::run(global, command).await,
        Command::Completions(args) => completions::run(args, Cli::command()),
        Command::Audit(args) => audit::run(global, args),
        Command::Auth(args) => return auth::run(global, args).await,
        Command::Sim(args) => return sim::run(args).await,
    };
    exit::finish(result, exit::stderr_color(global.color))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command and subcommand of `path`, with the line `--help` shows beside it.
    fn abouts(command: &clap::Command, path: &str, out: &mut Vec<(String, String)>) {
        for sub in command.get_subcommands() {
            let name = format!("{path} {}", sub.get_name());
            out.push((name.clone(), sub.get_about().map(|a| a.to_string()).unwrap_or_default()));
            abouts(sub, &name, out);
        }
    }

    #[test]
    fn every_command_has_its_own_line_in_the_help() {
        let mut all = Vec::new();
        abouts(&Cli::command(), "outreach", &mut all);
        for (name, about) in &all {
            assert!(!about.trim().is_empty(), "`{name}` has no text in --help");
        }
        let about = |name: &str| all.iter().find(|(n, _)| n == name).map(|(_, a)| a.as_str());
        assert_eq!(about("outreach meetings"), Some("Meetings: list"));
        assert!(about("outreach digest").is_some_and(|a| a.starts_with("What happened")));
    }
}
