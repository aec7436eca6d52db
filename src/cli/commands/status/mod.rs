//! `outreach status`: the organisation at a glance, for a quick look over SSH or a cron job;
//! and, with `--format tmux|line|json`, the status line's segment from the last glance
//! saved (`segment.rs`: no network, no keyring, no runtime).

mod group;
mod parts;
mod read;
pub(crate) mod segment;
mod text;

use crate::cli::args::GlobalArgs;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::orgs::Orgs;
use crate::cli::output::format::json_document;
use crate::cli::output::streams::write_stdout;
use clap::{Args, ValueEnum};
use read::Asked;

/// What `status` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The summary as text, read from the server now (the default).
    Text,
    /// The status-line segment from the last glance, with tmux's style markup.
    Tmux,
    /// The same segment as plain text (starship, polybar, i3blocks).
    Line,
    /// The last glance as one JSON object.
    Json,
}

impl Format {
    /// Printed from the last glance saved, with no call to the server.
    pub fn from_glance(self) -> bool {
        self != Format::Text
    }
}

#[derive(Debug, Clone, Args)]
pub struct StatusArgs {
    /// Print the summary read from the server now as one JSON object (with an `inbox`
    /// object). Not the same as --format json, which prints the last glance.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// text: the summary, read from the server now. tmux, line, json: the status-line
    /// segment (`✉3 ⏱42m ⚠1`) or the glance as JSON, from what `status`, `todo`, `watch` or
    /// the dashboard last saw, with no call to the server (a few milliseconds).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// With --format tmux|line: letters for terminals without the symbols (`m3 t42m !1`);
    /// also OUTREACH_ASCII=1.
    #[arg(long)]
    pub ascii: bool,
    /// Exit 1 when a live bot needs attention or no bot can send (none at all, or only
    /// retired, cooling-off or broken ones), 6 when part of the data could not be read or
    /// loaded, 0 otherwise (for cron and monitoring).
    #[arg(long)]
    pub check: bool,
    /// Print nothing on stdout; with --check, only the exit code (and stderr) tells.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl StatusArgs {
    fn asked(&self) -> Asked {
        Asked { check: self.check, quiet: self.quiet, json: self.json }
    }
}

pub async fn run(global: &GlobalArgs, args: StatusArgs) -> Result<Exit, CliError> {
    if let Some(orgs) = Orgs::chosen(global)? {
        return group::run(global, &orgs, args.asked()).await;
    }
    let context = Context::connect(global).await?;
    let read = read::read(&context, args.asked()).await?;
    if !args.quiet {
        let term = &context.term;
        let text = if args.json {
            json_document(&read.report(), term)?
        } else {
            text::render(&read.summary, read.inbox.as_ref(), &read.gaps, &context, &read.now)
        };
        write_stdout(&text)?;
    }
    Ok(read.exit)
}
