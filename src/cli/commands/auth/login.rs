//! `outreach auth login`: ask for (or read) the base URL and the key, check the key against
//! the API, keep it in the OS keyring and the base URL in the config file.

use super::context::{Context, choice, parse_store};
use super::prompt;
use crate::api::ApiKey;
use crate::api::url::{check_base_url, is_loopback_host};
use crate::cli::args::GlobalArgs;
use crate::credentials::{self, LoginRequest, SERVICE, StoreKind};
use crate::text::sanitize;
use clap::Args;
use std::io::{IsTerminal, Read};
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct LoginArgs {
    /// Read the key from standard input, for scripts: `printenv KEY | outreach auth login
    /// --key-stdin`. Without it the key is asked for on the terminal, hidden.
    #[arg(long)]
    pub key_stdin: bool,

    /// The store to keep the key in (Linux: secret-service or keyutils). Default: the Secret
    /// Service when it answers with an unlocked collection, else kernel keyutils.
    #[arg(long, value_name = "STORE", value_parser = parse_store)]
    pub store: Option<StoreKind>,

    /// Mark the profile read-only: commands then refuse every write.
    #[arg(long, conflicts_with = "read_write")]
    pub read_only: bool,

    /// Clear a read-only mark on the profile.
    #[arg(long)]
    pub read_write: bool,
}

/// The longest key read from standard input; more is not a key.
const MAX_KEY_BYTES: u64 = 64 * 1024;

pub(super) async fn run(global: &GlobalArgs, args: LoginArgs) -> Result<ExitCode, String> {
    let cx = Context::load(global)?;
    let profile = cx.profile.clone();
    // `--key-stdin` on a terminal still reads hidden: typing the key must not show it.
    let interactive = std::io::stdin().is_terminal();

    let known_url = global
        .base_url
        .clone()
        .or_else(|| cx.env.base_url.clone())
        .or_else(|| cx.loaded.config.profile(&profile).base_url);
    let base_url = match known_url {
        Some(url) => url,
        None if interactive => {
            let question = format!("Base URL of the Outreach API for profile '{profile}': ");
            blocking(move || prompt::read_line(&question))
                .await?
                .filter(|url| !url.is_empty())
                .ok_or("No base URL given; nothing was stored.")?
        }
        None => {
            return Err(format!(
                "No base URL for profile '{profile}': pass --base-url URL (or set OUTREACH_BASE_URL)."
            ));
        }
    };
    // Refused before the key is even asked for: it would travel in clear.
    let url = check_base_url(&base_url, global.allow_http).map_err(|error| error.to_string())?;
    if url.scheme() == "http" && !is_loopback_host(url.host_str().unwrap_or_default()) {
        eprintln!(
            "warning: --allow-http: the key will travel unencrypted to {}.",
            sanitize(url.host_str().unwrap_or_default())
        );
    }

    let key = if args.key_stdin && !interactive {
        blocking(read_key_from_stdin).await?
    } else if interactive {
        let question = format!("API key for profile '{profile}' (input hidden): ");
        blocking(move || prompt::read_hidden(&question))
            .await?
            .map(ApiKey::new)
            .ok_or("Cancelled; nothing was stored.")?
    } else {
        return Err(
            "Standard input is not a terminal, so the key cannot be asked for. Pipe it in with --key-stdin (never put it on the command line)."
                .into(),
        );
    };

    let read_only = match (args.read_only, args.read_write) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    };
    let request = LoginRequest {
        allow_http: global.allow_http,
        store: choice(args.store),
        read_only,
        config_path: cx.loaded.path.clone().or_else(crate::config::path),
        ..LoginRequest::new(profile.clone(), base_url.clone(), key.clone())
    };
    eprintln!("Checking the key against {} …", sanitize(&base_url));
    let logged_in = credentials::login(&request).await.map_err(|error| error.to_string())?;

    let stored = &logged_in.stored;
    println!(
        "Logged in: the API at {} accepted the key {} for profile '{profile}'.",
        sanitize(&base_url),
        key.masked()
    );
    println!(
        "The key is in the {} (service '{SERVICE}', user '{profile}'); nothing was written in plaintext.",
        stored.store
    );
    for reason in &stored.passed_over {
        eprintln!("note: not kept in the {}: {}", reason.store, reason.summary());
    }
    if let Some(warning) = stored.lifetime.warning() {
        eprintln!("warning: {warning}");
    }
    for store in &stored.replaced_in {
        eprintln!("note: removed an older key of this profile from the {store}.");
    }
    if let Some(path) = &logged_in.config_saved {
        let mark = match read_only {
            Some(true) => " (marked read-only)",
            Some(false) => " (read-only mark cleared)",
            None => "",
        };
        println!("Base URL saved for profile '{profile}'{mark} in {}.", path.display());
    }
    if cx.env.api_key.is_some() {
        eprintln!(
            "note: OUTREACH_API_KEY is set in this environment and takes precedence over the stored key."
        );
    }
    let is_default = cx.loaded.config.default_profile.as_deref().unwrap_or("default") == profile;
    if !is_default && !global.profile.is_empty() && cx.env.profile.is_none() {
        eprintln!(
            "note: use this profile with `--profile {profile}` or OUTREACH_PROFILE={profile}, or set default_profile = \"{profile}\" in the config file."
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn read_key_from_stdin() -> std::io::Result<ApiKey> {
    let mut text = String::new();
    std::io::stdin().take(MAX_KEY_BYTES).read_to_string(&mut text)?;
    Ok(ApiKey::new(text))
}

/// Runs terminal I/O off the async workers.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> std::io::Result<T> + Send + 'static,
) -> Result<T, String> {
    match crate::tasks::spawn_blocking(work).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(error)) => Err(format!("cannot read from the terminal: {error}")),
        Err(error) => Err(format!("cannot read from the terminal: {error}")),
    }
}
