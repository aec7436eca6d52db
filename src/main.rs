//! The `outreach` binary: parse the command line, start logging, dispatch.

use clap::Parser;
use outreach_tui::cli::{self, Cli};
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let parsed = Cli::parse();
    outreach_tui::logging::init();
    match parsed.command {
        Some(command) => cli::run(&parsed.global, command).await,
        None => {
            eprintln!("The dashboard arrives with the TUI issue; see `outreach --help`.");
            ExitCode::from(2)
        }
    }
}
