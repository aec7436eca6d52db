//! `outreach auth team-login`: keep the team store's password in the OS keyring (service
//! `outreach`, user `team:PROFILE`), read hidden from the terminal or from stdin when piped;
//! never from an option, so it stays out of shell history and process lists.

use super::context::{Context, choice, parse_store};
use super::prompt;
use crate::api::ApiKey;
use crate::cli::args::GlobalArgs;
use crate::credentials::{Keyring, SERVICE, StoreKind};
use crate::team::keyring_user;
use clap::Args;
use std::io::{IsTerminal, Read};
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct TeamLoginArgs {
    /// The store to keep the password in (Linux: secret-service or keyutils).
    #[arg(long, value_name = "STORE", value_parser = parse_store)]
    pub store: Option<StoreKind>,
}

/// The longest password read from standard input.
const MAX_PASSWORD_BYTES: u64 = 4096;

pub(super) async fn run(global: &GlobalArgs, args: TeamLoginArgs) -> Result<ExitCode, String> {
    let cx = Context::load(global)?;
    let profile = cx.profile.clone();
    if cx.loaded.config.profile(&profile).team.is_none() {
        eprintln!(
            "note: profile '{profile}' has no [profiles.{profile}.team] table yet; the password is kept for when it has."
        );
    }
    let password = if std::io::stdin().is_terminal() {
        let question = format!("Team store password for profile '{profile}' (input hidden): ");
        crate::tasks::spawn_blocking(move || prompt::read_hidden(&question))
            .await
            .map_err(|error| format!("cannot read from the terminal: {error}"))?
            .map_err(|error| format!("cannot read from the terminal: {error}"))?
            .ok_or("Cancelled; nothing was stored.")?
    } else {
        let mut text = String::new();
        std::io::stdin()
            .take(MAX_PASSWORD_BYTES)
            .read_to_string(&mut text)
            .map_err(|error| format!("cannot read the password from standard input: {error}"))?;
        text.trim_end_matches(['\r', '\n']).to_string()
    };
    if password.is_empty() {
        return Err("The password is empty; nothing was stored.".into());
    }
    let user = keyring_user(&profile);
    let stored =
        Keyring::system().store(&user, &ApiKey::new(password), choice(args.store)).await.map_err(
            |error| format!("The password could not be kept in the OS keyring. {error}"),
        )?;
    println!(
        "The team store's password for profile '{profile}' is in the {} (service '{SERVICE}', user '{user}'). Check it with `outreach team status`.",
        stored.store
    );
    if let Some(warning) = stored.lifetime.warning() {
        eprintln!("warning: {warning}");
    }
    if std::env::var_os("PGPASSWORD").is_some() {
        eprintln!(
            "note: PGPASSWORD is set in this environment and takes precedence over the stored password."
        );
    }
    Ok(ExitCode::SUCCESS)
}
