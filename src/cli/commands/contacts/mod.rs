//! `outreach contacts list|add|upload|import`; the import, a command of its own size, in
//! `import/`.

pub mod bot;
pub mod import;

use crate::api::{AddContactOutcome, CampaignStatus};
use crate::cli::args::{ContactFields, GlobalArgs};
use crate::cli::commands::preflight;
use crate::cli::context::{Context, confirm};
use crate::cli::exit::{CliError, Exit};
use crate::cli::orgs::{Orgs, lists};
use crate::cli::output::sort::{SortedOutput, print_sorted};
use crate::cli::output::streamed::StreamedList;
use crate::cli::output::streams::{note, write_stdout};
use crate::present::columns;
use crate::text::sanitize;
use clap::{Args, Subcommand};
use import::ImportArgs;

#[derive(Debug, Clone, Subcommand)]
pub enum ContactsCommand {
    /// List the organisation's contacts.
    #[command(after_help = "\
Examples:
  outreach contacts list
  outreach contacts list -o csv > contacts.csv
  outreach contacts list -o jsonl | grep '\"dnc\":true'")]
    List(SortedOutput),

    /// Add one contact to the organisation; prints its id on stdout.
    #[command(after_help = "\
Examples:
  outreach contacts add --email ann@example.com --first-name Ann --tag vip --tag q3
  id=$(outreach contacts add --email ann@example.com --data plan=pro --data seats=12)

An address that is already a contact is not added again: its id is printed and the
exit code is 0.")]
    Add(AddArgs),

    /// Upload one contact into a campaign (optionally starting its outreach).
    #[command(after_help = "\
Examples:
  outreach contacts upload --campaign 42 --email ann@example.com --first-name Ann
  outreach contacts upload --campaign 42 --bot 7 --no-notify --email bo@example.com
  outreach contacts upload --campaign 42 --start --now --email cy@example.com

A --bot that is retired (DELETED, CANCELLED, INACTIVE) or needs attention (mailbox not
active, PAYMENT_FAILED …) is refused with the reason (exit 2) unless --force is given.

--start into a campaign that is not active yet (PENDING) also starts the whole campaign:
its pre-flight is printed as for `campaigns start`, a failed check refuses (exit 2) unless
--force, and it asks first on a terminal (--yes in scripts).")]
    Upload(UploadArgs),

    /// Import contacts from a CSV file into a campaign, safely and re-runnably.
    #[command(after_help = import::HELP)]
    Import(ImportArgs),
}

#[derive(Debug, Clone, Args)]
pub struct AddArgs {
    #[command(flatten)]
    pub fields: ContactFields,
}

#[derive(Debug, Clone, Args)]
pub struct UploadArgs {
    /// The campaign to add the contact to.
    #[arg(long, value_name = "ID")]
    pub campaign: i64,
    /// The bot that will write to the contact (default: the service picks one).
    #[arg(long, value_name = "ID")]
    pub bot: Option<i64>,
    /// Use the --bot even when it is retired or needs attention, and start a pending
    /// campaign although a pre-flight check fails.
    #[arg(long)]
    pub force: bool,
    /// With --start into a campaign not active yet: start it without asking; required
    /// when not on a terminal.
    #[arg(long, short = 'y', requires = "start")]
    pub yes: bool,
    /// Do not notify the campaign's users of the new contact.
    #[arg(long, conflicts_with = "start")]
    pub no_notify: bool,
    /// Also start the contact's outreach (upload-and-start).
    #[arg(long)]
    pub start: bool,
    /// With --start: send the first e-mail right away instead of at a suitable time.
    #[arg(long, requires = "start")]
    pub now: bool,
    #[command(flatten)]
    pub fields: ContactFields,
}

pub async fn run(global: &GlobalArgs, command: ContactsCommand) -> Result<Exit, CliError> {
    match command {
        ContactsCommand::List(args) => list(global, args).await,
        ContactsCommand::Add(args) => add(global, args).await,
        ContactsCommand::Upload(args) => upload(global, args).await,
        ContactsCommand::Import(args) => import::run(global, args).await,
    }
}

/// Streams the list: each contact is written as soon as it has arrived, as the server sent
/// it for JSON and JSON lines, so the command's cost and memory track the transfer. A sorted
/// list is read whole first.
async fn list(global: &GlobalArgs, args: SortedOutput) -> Result<Exit, CliError> {
    let columns = columns::contacts::cli();
    args.sort.chosen(&columns)?;
    let SortedOutput { output, sort } = args;
    if let Some(orgs) = Orgs::chosen(global)? {
        let answers = orgs.read(global, |c| async move { Ok(c.client.list_contacts().await?) });
        let term = global.term();
        return lists::print_listed(answers.await, "contacts", &columns, &output, &sort, &term);
    }
    let context = Context::connect(global).await?;
    if sort.is_set() {
        let listed = context.client.list_contacts().await?;
        return print_sorted(&listed, "contacts", &columns, &output, &sort, &context.term, None);
    }
    let mut list = StreamedList::new(&columns, &output, &context.term)?;
    let client = &context.client;
    let read = if list.takes_text() {
        client.stream_contacts_as_sent(|sent| list.sent(sent)).await
    } else {
        client.stream_contacts(|contact| list.row(contact)).await
    };
    list.finish(read, &context.term, "contacts")
}

async fn add(global: &GlobalArgs, args: AddArgs) -> Result<Exit, CliError> {
    let upload = args.fields.upload()?;
    let context = Context::connect_for_write(global, "add a contact").await?;
    // The contacts known beforehand tell an existing contact's id from a new one, whichever
    // way the server answers a duplicate (a 400, or a 200 with the existing id).
    let known = context.client.list_contacts().await?;
    let outcome = context.client.add_contact(&upload).await?.reconcile(&upload.email, &known.items);
    let email = sanitize(&upload.email);
    match outcome {
        AddContactOutcome::Added { id } => {
            note(&format!("Added contact {id} <{email}>."));
            write_stdout(&format!("{id}\n"))?;
        }
        AddContactOutcome::AlreadyPresent { id: Some(id), .. } => {
            note(&format!("{email} is already contact {id}; nothing was changed."));
            write_stdout(&format!("{id}\n"))?;
        }
        AddContactOutcome::AlreadyPresent { id: None, detail } => {
            note(&format!(
                "{email} is already a contact; nothing was changed. The server said: {}",
                sanitize(&detail)
            ));
        }
    }
    Ok(Exit::Ok)
}

/// Before an upload-and-start: a campaign not active yet would be started whole, so its
/// pre-flight is printed and passed (or `--force`d) and the user says yes (or `--yes`).
/// Returns the status it starts from, for the audit log.
async fn starts_campaign(
    context: &Context,
    args: &UploadArgs,
    email: &str,
) -> Result<Option<CampaignStatus>, CliError> {
    let (campaign, bots) = preflight::campaign_and_bots(context, args.campaign).await?;
    if campaign.status != CampaignStatus::Pending {
        return Ok(None);
    }
    let whom = context.for_whom().await;
    let label = preflight::label(&campaign);
    eprintln!("This also starts {label}: it becomes ACTIVE and its outreach begins.");
    preflight::check(&campaign, &bots, &whom, args.force, &format!("uploading into {label}"))?;
    let question =
        format!("Upload {} into {label} and start the campaign {whom}?", sanitize(email));
    confirm(&context.term, args.yes, &question)?;
    Ok(Some(campaign.status))
}

async fn upload(global: &GlobalArgs, args: UploadArgs) -> Result<Exit, CliError> {
    let upload = args.fields.upload()?;
    let context = Context::connect_for_write(global, "upload a contact").await?;
    let client = &context.client;
    if let Some(bot) = args.bot {
        bot::check(client, bot, args.force).await?;
    }
    let item = if args.start {
        let was = starts_campaign(&context, &args, &upload.email).await?;
        client.upload_and_start_from(args.campaign, &upload, args.bot, args.now, was).await?
    } else {
        client.upload_contact(args.campaign, &upload, args.bot, !args.no_notify).await?
    };
    let how = match (args.start, args.now) {
        (true, true) => ", outreach starting now",
        (true, false) => ", outreach starting at a suitable time",
        (false, _) if args.no_notify => ", users not notified",
        (false, _) => "",
    };
    note(&format!(
        "Uploaded contact {} <{}> into campaign {}{how}.",
        item.id,
        sanitize(&upload.email),
        args.campaign
    ));
    write_stdout(&format!("{}\n", item.id))?;
    Ok(Exit::Ok)
}
