//! `outreach contacts import FILE.csv`: bulk upload into a campaign, checked row by row
//! beforehand, every row accounted for afterwards, and safe to re-run.

mod parse;
mod report;
mod send;
mod validate;

use crate::cli::args::GlobalArgs;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::format::json_document;
use crate::cli::output::progress;
use crate::cli::output::streams::{warn, warn_skipped, write_stdout};
use crate::cli::output::terminal::Term;
use crate::text::sanitize;
use clap::{Args, ValueEnum};
use report::{RowOutcome, Summary};
use send::Destination;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use validate::{CheckedRow, Verdict};

/// How many rejected rows are listed on stderr (all of them are in the rejected file).
const SHOWN_REJECTED: usize = 10;

/// The help text after the options.
pub const HELP: &str = "\
Columns are matched by name: email (required; also e-mail, email_address), first_name,
last_name, city, country and tags (separated by ; , or |). Every other column goes into
the contact's custom_data under its header.

Every row is checked first (e-mail syntax, lengths, at most 16 tags, the same address
twice in the file). Rows that are not imported are written with their line number and
reason to FILE.rejected.csv next to the file (or --rejected PATH); a later run of the
same file (the real run after its --dry-run) replaces it, and the summary names the file
and says when it replaced one. Addresses that
are already contacts of the organisation are counted as already present and not sent
again, so re-running the same file imports nothing twice. The API does not say which
campaigns a contact is in: those an earlier run imported are in the campaign; others
cannot be added (the API answers 400 for an existing contact). The summary says how
many, and the rejected file lists them. The file may have a byte-order mark, CRLF line
ends and quoted cells with line breaks; a row that is not UTF-8 is rejected on its own.
A --bot that is retired or needs attention is refused (exit 2) unless --force is given.

Exit code 0 when every row was imported or already present, 1 when a row was rejected or
failed (the summary on stdout says which), 3/4/5 when the import stopped on 401/403/404.

Examples:
  outreach contacts import leads.csv --campaign 42 --dry-run
  outreach contacts import leads.csv --campaign 42
  outreach contacts import leads.csv --campaign 42 --bot 7 --start --concurrency 8
  outreach contacts import leads.csv --campaign 42 -o json | jq .imported";

/// `--output` of the import: how the summary is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SummaryFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Args)]
pub struct ImportArgs {
    /// The CSV file: UTF-8, a header row naming the columns.
    pub file: PathBuf,
    /// The campaign to add the contacts to.
    #[arg(long, value_name = "ID")]
    pub campaign: i64,
    /// The bot that will write to the contacts (default: the service picks).
    #[arg(long, value_name = "ID")]
    pub bot: Option<i64>,
    /// Use the --bot even when it is retired or needs attention.
    #[arg(long, requires = "bot")]
    pub force: bool,
    /// Start each contact's outreach as it is imported (upload-and-start).
    #[arg(long)]
    pub start: bool,
    /// With --start: send the first e-mails right away instead of at a suitable time.
    #[arg(long, requires = "start")]
    pub now: bool,
    /// Do not notify the campaign's users of each new contact.
    #[arg(long, conflicts_with = "start")]
    pub no_notify: bool,
    /// Check every row and report; send nothing (needs no API key).
    #[arg(long)]
    pub dry_run: bool,
    /// Uploads in flight at once.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=32))]
    pub concurrency: u16,
    /// Where to write the rows not imported [default: FILE.rejected.csv].
    #[arg(long, value_name = "PATH")]
    pub rejected: Option<PathBuf>,
    /// How to print the summary.
    #[arg(long, short = 'o', value_enum, default_value_t = SummaryFormat::Text)]
    pub output: SummaryFormat,
}

pub async fn run(global: &GlobalArgs, args: ImportArgs) -> Result<Exit, CliError> {
    if args.dry_run {
        return dry_run(global, args);
    }
    let term = global.term();
    let file = read(&args)?;
    let checked = validate::check_rows(&file);
    let (outcomes, stopped) = import(global, &args, &checked).await?;
    account_for(&args, &file, &checked, &outcomes, stopped, &term)
}

/// `--dry-run`: the file is checked and the report written with no network at all, so it
/// runs without the async runtime and starts as fast as `--version`.
pub fn dry_run(global: &GlobalArgs, args: ImportArgs) -> Result<Exit, CliError> {
    let term = global.term();
    let file = read(&args)?;
    let checked = validate::check_rows(&file);
    account_for(&args, &file, &checked, &dry_run_outcomes(&checked), None, &term)
}

fn read(args: &ImportArgs) -> Result<parse::CsvFile, CliError> {
    let shown = args.file.display().to_string();
    let bytes = std::fs::read(&args.file)
        .map_err(|error| CliError::usage(format!("Could not read {shown}: {error}")))?;
    parse::parse(&bytes).map_err(|reason| CliError::usage(format!("{shown}: {reason}.")))
}

/// Accounts for every row: the rejected file, the rejected rows on stderr, the summary on
/// stdout; then the error that stopped the import, if one did.
fn account_for(
    args: &ImportArgs,
    file: &parse::CsvFile,
    checked: &[CheckedRow],
    outcomes: &[RowOutcome],
    stopped: Option<CliError>,
    term: &Term,
) -> Result<Exit, CliError> {
    let rows: Vec<(u64, &[String], &RowOutcome)> = checked
        .iter()
        .zip(outcomes)
        .map(|(row, outcome)| (row.line, &row.cells[..], outcome))
        .collect();
    let mut summary = Summary::count(&args.file, args.campaign, args.dry_run, outcomes);
    if let Some((path, replaced)) = write_rejected(args, &file.headers, &rows)? {
        summary.rejected_file = Some(path);
        summary.rejected_file_replaced = replaced;
    }
    list_rejected(&rows, args.dry_run, term);

    let text = match args.output {
        SummaryFormat::Text => summary.text(),
        SummaryFormat::Json => json_document(&summary, term)?,
    };
    write_stdout(&text)?;
    if let Some(error) = stopped {
        return Err(error);
    }
    Ok(if summary.all_good() { Exit::Ok } else { Exit::Failure })
}

fn dry_run_outcomes(checked: &[CheckedRow]) -> Vec<RowOutcome> {
    checked
        .iter()
        .map(|row| match &row.verdict {
            Verdict::Ready(_) => RowOutcome::Valid,
            Verdict::Rejected(reason) => RowOutcome::Rejected(reason.clone()),
        })
        .collect()
}

/// Sends the ready rows that are not contacts yet; returns every row's outcome and the
/// error that stopped the import early, if one did.
async fn import(
    global: &GlobalArgs,
    args: &ImportArgs,
    checked: &[CheckedRow],
) -> Result<(Vec<RowOutcome>, Option<CliError>), CliError> {
    let context = Context::connect_for_write(global, "import contacts").await?;
    let client = &context.client;
    let (campaigns, contacts, bot) =
        tokio::join!(client.list_campaigns(), client.list_contacts(), async {
            match args.bot {
                Some(bot) => super::bot::check(client, bot, args.force).await,
                None => Ok(()),
            }
        });
    if !campaigns?.items.iter().any(|c| c.id == args.campaign) {
        return Err(CliError::new(
            Exit::NotFound,
            format!("Campaign {} is not in this organisation; nothing was sent.", args.campaign),
        )
        .with_hint("See `outreach campaigns list` for the ids."));
    }
    bot?;
    let contacts = contacts?;
    warn_skipped(&context.term, &contacts, "existing contacts");
    let known: HashSet<String> = contacts.items.iter().map(|c| c.email().to_lowercase()).collect();

    let mut outcomes: Vec<RowOutcome> = Vec::with_capacity(checked.len());
    let mut queue = Vec::new();
    for (index, row) in checked.iter().enumerate() {
        outcomes.push(match &row.verdict {
            Verdict::Rejected(reason) => RowOutcome::Rejected(reason.clone()),
            Verdict::Ready(upload) if known.contains(&upload.email.to_lowercase()) => {
                RowOutcome::AlreadyPresent
            }
            Verdict::Ready(upload) => {
                queue.push((index, upload.clone()));
                RowOutcome::NotAttempted
            }
        });
    }

    let destination = Destination {
        campaign: args.campaign,
        bot: args.bot,
        start: args.start,
        now: args.now,
        notify: !args.no_notify,
    };
    let bar = progress::bar(&context.term, queue.len() as u64, "contacts");
    let sent =
        send::send_all(client, destination, queue, usize::from(args.concurrency), &bar).await;
    bar.finish_and_clear();
    for (index, outcome) in sent.outcomes {
        outcomes[index] = outcome;
    }
    if sent.interrupted {
        warn(
            &context.term,
            "Interrupted: the rows not attempted are left for the next run of the same command.",
        );
    }
    let stopped = sent.stopped.map(|error| {
        let mut stopped = CliError::from(error);
        stopped.message = format!("The import stopped: {}", stopped.message);
        stopped
    });
    Ok((outcomes, stopped))
}

/// Writes the rows not imported (and not sent), if any: to `--rejected`, else next to the
/// input as `FILE.rejected.csv`, replacing what an earlier run of the same input (its dry
/// run) set aside there. Returns the name written and whether it replaced a file.
fn write_rejected(
    args: &ImportArgs,
    headers: &[String],
    rows: &[(u64, &[String], &RowOutcome)],
) -> Result<Option<(String, bool)>, CliError> {
    let content = report::rejected_csv(headers, rows, args.campaign).map_err(|error| {
        CliError::failure(format!("Could not build the rejected file: {error}"))
    })?;
    let Some(bytes) = content else { return Ok(None) };
    let path = args.rejected.clone().unwrap_or_else(|| report::default_rejected_path(&args.file));
    let replaced = path.exists();
    replace(&path, &bytes)
        .map(|()| Some((path.display().to_string(), replaced)))
        .map_err(|error| CliError::failure(format!("Could not write {}: {error}", path.display())))
}

/// Writes `bytes` to `path` whole or not at all: into a file beside it, then renamed over
/// it, so a run that stops half-way (or two at once) never leaves a file cut short.
fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let partial = path.with_file_name(format!(".{name}.{}.partial", std::process::id()));
    let written = std::fs::write(&partial, bytes).and_then(|()| std::fs::rename(&partial, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written
}

/// The first rejected rows on stderr, so the reason is seen without opening the file.
fn list_rejected(rows: &[(u64, &[String], &RowOutcome)], dry_run: bool, term: &Term) {
    let problems: Vec<String> = rows
        .iter()
        .filter_map(|(line, _, outcome)| match outcome {
            RowOutcome::Rejected(reason) | RowOutcome::Failed(reason) => {
                Some(format!("  line {line}: {}", sanitize(reason)))
            }
            _ => None,
        })
        .collect();
    if problems.is_empty() {
        return;
    }
    let mut listing = problems.iter().take(SHOWN_REJECTED).cloned().collect::<Vec<_>>().join("\n");
    if problems.len() > SHOWN_REJECTED {
        listing.push_str(&format!("\n  … and {} more", problems.len() - SHOWN_REJECTED));
    }
    let what = if dry_run { "would be rejected" } else { "not imported" };
    warn(term, &format!("{} rows {what}:\n{listing}", problems.len()));
}
