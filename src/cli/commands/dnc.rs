//! `outreach dnc add-emails|add-domains`: do-not-contact lists from arguments, a file or
//! stdin, sent in requests of at most 10 000 entries.

use crate::api::{ApiError, Client, MAX_DNC_BATCH, ServerMessage, rules};
use crate::cli::args::GlobalArgs;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::progress;
use crate::cli::output::streams::{note, write_stdout};
use crate::cli::output::terminal::Term;
use crate::present::dnc::{Coverage, free_mail_warning};
use crate::text::count;
use crate::text::sanitize;
use clap::{Args, Subcommand};
use std::io::Read;
use std::path::PathBuf;

/// How many invalid entries an error lists before "and N more".
const SHOWN_PROBLEMS: usize = 10;

#[derive(Debug, Clone, Subcommand)]
pub enum DncCommand {
    /// Add e-mail addresses to the do-not-contact list.
    #[command(after_help = "\
Examples:
  outreach dnc add-emails ann@example.com bo@example.com
  outreach dnc add-emails --file unsubscribed.txt
  cut -d, -f1 bounces.csv | outreach dnc add-emails -

Entries are separated by lines, commas, semicolons or spaces; lines starting with #
are ignored; duplicates are sent once. Lists over 10000 go out in several requests.")]
    AddEmails(EntriesArgs),

    /// Add whole domains to the do-not-contact list.
    #[command(after_help = "\
Examples:
  outreach dnc add-domains competitor.com partner.org
  outreach dnc add-domains --file domains.txt
  grep -v '^$' blocked.txt | outreach dnc add-domains -

Each entry is checked as a domain name (international names are fine; wildcards such as
*.example.com are not: give example.com). Before sending, stderr says how many of the
organisation's contacts the list covers. A free-mail domain (gmail.com, outlook.com …)
would block every contact with an address there: it is refused without --force.
The service applies domains in the background; `contacts list` shows the dnc flag
once it has.")]
    AddDomains(DomainArgs),
}

#[derive(Debug, Clone, Args)]
pub struct DomainArgs {
    #[command(flatten)]
    pub entries: EntriesArgs,
    /// Send free-mail domains (gmail.com, outlook.com …) too, blocking every contact there.
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Clone, Args)]
pub struct EntriesArgs {
    /// Entries to add; `-` reads more from stdin.
    #[arg(value_name = "ENTRY")]
    pub entries: Vec<String>,
    /// Read entries from a file.
    #[arg(long, short = 'f', value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Leave out invalid entries (and say which) instead of refusing the whole list.
    #[arg(long)]
    pub skip_invalid: bool,
}

/// Which DNC list, with its words and rule.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Emails,
    Domains,
}

impl Kind {
    fn singular(self) -> &'static str {
        match self {
            Kind::Emails => "address",
            Kind::Domains => "domain",
        }
    }

    fn plural(self) -> &'static str {
        match self {
            Kind::Emails => "addresses",
            Kind::Domains => "domains",
        }
    }

    fn problem(self, entry: &str) -> Option<String> {
        match self {
            Kind::Emails => rules::email_problem(entry),
            Kind::Domains => rules::domain_problem(entry),
        }
    }
}

pub async fn run(global: &GlobalArgs, command: DncCommand) -> Result<Exit, CliError> {
    let (kind, args, force) = match command {
        DncCommand::AddEmails(args) => (Kind::Emails, args, false),
        DncCommand::AddDomains(args) => (Kind::Domains, args.entries, args.force),
    };
    let term = global.term();
    let entries = checked_entries(kind, &gather(kind, &args)?, args.skip_invalid, &term)?;
    let context = Context::connect_for_write(global, "add to the do-not-contact list").await?;
    if let Kind::Domains = kind {
        let covered = coverage(&context.client, &entries, &context.term).await;
        if let Some(warning) = free_mail_warning(&entries).filter(|_| !force) {
            let covered = covered.map(|text| format!(" ({text})")).unwrap_or_default();
            return Err(CliError::usage(format!("{warning}{covered}. Nothing was sent."))
                .with_hint("Leave it out, or pass --force to block it anyway."));
        }
        if let Some(text) = covered {
            note(&format!("{}.", capitalised(&text)));
        }
    }
    send(&context.client, kind, &entries, &context.term).await
}

/// How many of the organisation's contacts the domains cover, from the contact list read
/// as it streams (nothing of it is kept); `None`, with a warning, when it cannot be read.
async fn coverage(client: &Client, domains: &[String], term: &Term) -> Option<String> {
    let mut coverage = Coverage::new(domains);
    let read = client
        .stream_contacts(|contact| {
            coverage.add(contact.email());
            true
        })
        .await;
    match read {
        Ok(skipped) => {
            crate::cli::output::streams::warn_left_out(term, skipped, "contacts");
            Some(coverage.text())
        }
        Err(error) => {
            let error = sanitize(&error.to_string());
            crate::cli::output::streams::warn(
                term,
                &format!("Could not count the contacts the domains cover: {error}"),
            );
            None
        }
    }
}

/// "These 2 domains …" at the start of a sentence (a domain keeps its spelling).
fn capitalised(text: &str) -> String {
    match text.strip_prefix("these ") {
        Some(rest) => format!("These {rest}"),
        None => text.to_string(),
    }
}

/// Every entry from the arguments, the file and stdin, in order, each once. An argument is
/// one entry (or several split by commas): a space inside it is a mistake to show, not a
/// separator, so `'bad domain!'` is one invalid domain, as the user typed it.
fn gather(kind: Kind, args: &EntriesArgs) -> Result<Vec<String>, CliError> {
    let mut entries: Vec<String> = args
        .entries
        .iter()
        .filter(|e| *e != "-")
        .flat_map(|argument| argument.split([',', ';']))
        .map(|entry| entry.trim().to_string())
        .filter(|entry| !entry.is_empty())
        .collect();
    let mut text = String::new();
    if let Some(path) = &args.file {
        let bytes = std::fs::read(path).map_err(|error| {
            CliError::usage(format!("Could not read {}: {error}", path.display()))
        })?;
        text.push_str(&decode_text(&bytes, &path.display().to_string())?);
    }
    if args.entries.iter().any(|e| e == "-") {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|error| CliError::usage(format!("Could not read stdin: {error}")))?;
        text.push('\n');
        text.push_str(&decode_text(&bytes, "stdin")?);
    }
    let without_comments: String = text
        .lines()
        .filter(|line| !line.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n");
    entries.extend(rules::split_entries(&without_comments));
    if let Kind::Domains = kind {
        // DNC lists often write domains as "@example.com".
        for entry in &mut entries {
            if let Some(bare) = entry.strip_prefix('@') {
                *entry = bare.to_string();
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    entries.retain(|entry| seen.insert(entry.to_lowercase()));
    if entries.is_empty() {
        return Err(CliError::usage(format!("No {} given.", kind.plural()))
            .with_hint("Pass them as arguments, with --file FILE, or on stdin with `-`."));
    }
    Ok(entries)
}

/// UTF-8 text without a byte-order mark, or a usage error naming the source.
fn decode_text(bytes: &[u8], source: &str) -> Result<String, CliError> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    String::from_utf8(bytes.to_vec()).map_err(|error| {
        let offset = error.utf8_error().valid_up_to();
        let line = bytes[..offset].iter().filter(|b| **b == b'\n').count() + 1;
        CliError::usage(format!("{source} is not UTF-8 text (line {line})."))
            .with_hint("Save it as UTF-8 and try again.")
    })
}

/// The valid entries; invalid ones refuse the whole list unless `skip_invalid`.
fn checked_entries(
    kind: Kind,
    entries: &[String],
    skip_invalid: bool,
    term: &Term,
) -> Result<Vec<String>, CliError> {
    let problems: Vec<String> = entries
        .iter()
        .filter_map(|entry| kind.problem(entry).map(|p| format!("  {}: {p}", sanitize(entry))))
        .collect();
    if problems.is_empty() {
        return Ok(entries.to_vec());
    }
    let mut listing = problems.iter().take(SHOWN_PROBLEMS).cloned().collect::<Vec<_>>().join("\n");
    if problems.len() > SHOWN_PROBLEMS {
        listing.push_str(&format!("\n  … and {} more", problems.len() - SHOWN_PROBLEMS));
    }
    let summary = format!(
        "{} of {} {} {} not valid:\n{listing}",
        problems.len(),
        entries.len(),
        kind.plural(),
        if problems.len() == 1 { "is" } else { "are" }
    );
    if !skip_invalid {
        return Err(CliError::usage(format!("{summary}\nNothing was sent."))
            .with_hint("Fix them, or pass --skip-invalid to send only the valid ones."));
    }
    crate::cli::output::streams::warn(term, &format!("{summary}\nThey are left out."));
    let valid: Vec<String> =
        entries.iter().filter(|e| kind.problem(e).is_none()).cloned().collect();
    if valid.is_empty() {
        return Err(CliError::usage(format!("No valid {} left to send.", kind.plural())));
    }
    Ok(valid)
}

async fn send(
    client: &Client,
    kind: Kind,
    entries: &[String],
    term: &Term,
) -> Result<Exit, CliError> {
    let requests = entries.len().div_ceil(MAX_DNC_BATCH);
    let bar = if requests > 1 {
        progress::bar(term, entries.len() as u64, kind.plural())
    } else {
        progress::Progress::hidden()
    };
    let mut sent = 0;
    let on_progress = |done: usize, _total: usize| {
        sent = done;
        bar.set_position(done as u64);
    };
    let result: Result<Vec<ServerMessage>, ApiError> = match kind {
        Kind::Emails => client.add_dnc_emails_chunked(entries, on_progress).await,
        Kind::Domains => client.add_dnc_domains_chunked(entries, on_progress).await,
    };
    bar.finish_and_clear();
    let replies = result.map_err(|error| {
        let mut failure = CliError::from(error);
        failure.message = format!(
            "{} of {} {} were sent before a request failed. {}",
            sent,
            entries.len(),
            kind.plural(),
            failure.message
        );
        failure
    })?;
    let messages: Vec<&str> = replies.iter().filter_map(|reply| reply.message.as_deref()).collect();
    let statement = outcome(kind, entries.len(), requests, &messages);
    write_stdout(&format!("{statement}\n"))?;
    Ok(Exit::Ok)
}

/// What was done, in one statement on stdout. For addresses, the server's own count (how
/// many contacts it marked, "3 contacts added to the DNC list") is folded in; when its
/// messages do not carry a count they are quoted as they came instead.
fn outcome(kind: Kind, entries: usize, requests: usize, messages: &[&str]) -> String {
    let blocked = count(entries, kind.singular(), kind.plural());
    let requests = if requests > 1 {
        format!(" in {}", count(requests, "request", "requests"))
    } else {
        String::new()
    };
    match kind {
        Kind::Domains => {
            for message in messages {
                note(&format!("The server said: {}", sanitize(message)));
            }
            format!(
                "{blocked} blocked{requests}; the service applies them in the background, so contacts' do-not-contact flags follow shortly."
            )
        }
        Kind::Emails => match contacts_marked(messages) {
            Some(0) => format!("{blocked} blocked{requests}; none is a contact yet."),
            Some(marked) if marked >= entries => {
                let all = if entries == 1 { "it is a contact" } else { "all are contacts" };
                format!("{blocked} blocked{requests}; {all}, now marked do not contact.")
            }
            Some(marked) => format!(
                "{blocked} blocked{requests}; {marked} of them {}, now marked do not contact.",
                if marked == 1 { "is a contact" } else { "are contacts" }
            ),
            None => {
                for message in messages {
                    note(&format!("The server said: {}", sanitize(message)));
                }
                format!("{blocked} blocked{requests}.")
            }
        },
    }
}

/// The contacts the server says it marked, summed over its messages ("3 contacts added to
/// the DNC list"); `None` when a message does not start with its count.
fn contacts_marked(messages: &[&str]) -> Option<usize> {
    if messages.is_empty() {
        return None;
    }
    messages.iter().try_fold(0usize, |sum, message| {
        let digits: String = message.trim().chars().take_while(char::is_ascii_digit).collect();
        Some(sum + digits.parse::<usize>().ok()?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::output::terminal::piped;

    #[test]
    fn entries_from_arguments_and_a_file_are_merged_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("domains.txt");
        std::fs::write(&path, "\u{feff}# blocked\r\nexample.com\r\n@other.org, example.com\n\n")
            .unwrap();
        let args = EntriesArgs {
            entries: vec!["first.net".into()],
            file: Some(path),
            skip_invalid: false,
        };
        assert_eq!(
            gather(Kind::Domains, &args).unwrap(),
            vec!["first.net", "example.com", "other.org"]
        );
    }

    #[test]
    fn nothing_given_and_bad_encoding_are_usage_errors() {
        let args = EntriesArgs { entries: vec![], file: None, skip_invalid: false };
        assert_eq!(gather(Kind::Emails, &args).unwrap_err().exit, Exit::Usage);
        let error = decode_text(b"ok\nbad \xff\n", "list.txt").unwrap_err();
        assert!(error.message.contains("list.txt is not UTF-8 text (line 2)"), "{}", error.message);
    }

    #[test]
    fn invalid_entries_refuse_the_list_unless_skipped() {
        let entries = vec!["ann@example.com".to_string(), "not-an-address".to_string()];
        let error = checked_entries(Kind::Emails, &entries, false, &piped()).unwrap_err();
        assert_eq!(error.exit, Exit::Usage);
        assert!(error.message.contains("not-an-address: An email address must have an @-sign."));
        let valid = checked_entries(Kind::Emails, &entries, true, &piped()).unwrap();
        assert_eq!(valid, vec!["ann@example.com"]);
    }
}
