//! `outreach auth logout`: delete the profile's key from the OS keyring.

use super::context::{Context, choice, parse_store};
use crate::cli::args::GlobalArgs;
use crate::credentials::{Keyring, StoreKind};
use clap::Args;
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct LogoutArgs {
    /// Delete only from this store (default: every store of this platform).
    #[arg(long, value_name = "STORE", value_parser = parse_store)]
    pub store: Option<StoreKind>,
}

pub(super) async fn run(global: &GlobalArgs, args: LogoutArgs) -> Result<ExitCode, String> {
    let cx = Context::load(global)?;
    let profile = &cx.profile;
    let removal = Keyring::system().remove(profile, choice(args.store)).await;
    for store in &removal.removed_from {
        println!("Removed the key of profile '{profile}' from the {store}.");
    }
    if removal.removed_from.is_empty() && removal.problems.is_empty() {
        println!("No key of profile '{profile}' was stored; nothing to remove.");
    }
    for problem in &removal.problems {
        eprintln!("error: {problem}");
    }
    if cx.env.api_key.is_some() {
        eprintln!(
            "note: OUTREACH_API_KEY is still set in this environment; commands keep using it until you unset it."
        );
    }
    // The profile's base URL stays in the config file for the next login.
    Ok(if removal.problems.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
