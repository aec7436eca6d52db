//! The `outreach` binary: parse the command line, start logging, dispatch. No async runtime
//! starts before the arguments are read, and only commands that need one start it.

use outreach_tui::cli::{self, Cli, runtime};
use outreach_tui::tui::{self, connect::Launch, group::GroupChoice, state::UiSettings};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    if cli::asks_only_version(std::env::args_os().skip(1)) {
        println!("{}", cli::VERSION_LINE);
        return ExitCode::SUCCESS;
    }
    let parsed: Cli = cli::parse();
    if !parsed.is_status_line() {
        outreach_tui::logging::init(parsed.global.debug);
    }
    match parsed.command {
        Some(command) => cli::run(&parsed.global, command),
        None => {
            let group = if parsed.global.asks_group() {
                match cli::dashboard_group(&parsed.global, parsed.demo) {
                    Ok(profiles) => Some(profiles).filter(|p| !p.is_empty()),
                    Err(code) => return code,
                }
            } else {
                None
            };
            let launch = if parsed.demo {
                Launch::Demo { faults: parsed.faults }
            } else {
                let mut request = parsed.global.session_request();
                // A group opens on its first organisation's profile, behind its lines.
                if let Some(first) = group.as_ref().and_then(|profiles| profiles.first()) {
                    request.profile = Some(first.clone());
                }
                Launch::Profile(request)
            };
            let mut settings = UiSettings::from_env();
            settings.group = group.map(|profiles| GroupChoice {
                name: parsed.global.group.clone(),
                profiles,
                base_url: parsed.global.base_url.clone(),
                allow_http: parsed.global.allow_http,
            });
            let term = std::env::var("TERM").ok();
            let line_mode =
                tui::line::chosen(parsed.global.accessible, settings.accessible, term.as_deref());
            let ran = if line_mode {
                runtime::block_on(tui::line::run(launch, settings))
            } else {
                runtime::block_on_behind_the_ui(tui::run(launch, settings))
            };
            match ran {
                Ok(Ok(())) => ExitCode::SUCCESS,
                Ok(Err(error)) | Err(error) => {
                    // Not `eprintln!`, which panics when stderr is a terminal that is gone.
                    let _ = writeln!(
                        std::io::stderr(),
                        "outreach: the terminal could not be used: {error}"
                    );
                    ExitCode::FAILURE
                }
            }
        }
    }
}
