//! The `outreach` binary: parse the command line, start logging, dispatch.

use outreach_tui::cli::{self, Cli};
use outreach_tui::tui::{self, connect::Launch, state::UiSettings};
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let parsed: Cli = cli::parse();
    outreach_tui::logging::init(parsed.global.debug);
    match parsed.command {
        Some(command) => cli::run(&parsed.global, command).await,
        None => {
            let launch = if parsed.demo {
                Launch::Demo { faults: parsed.faults }
            } else {
                Launch::Profile(parsed.global.session_request())
            };
            match tui::run(launch, UiSettings::from_env()).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("outreach: the terminal could not be used: {error}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
