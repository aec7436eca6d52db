//! `outreach auth login | status | logout | list`: keep a profile's key in the OS keyring, and
//! say where it comes from and whether the API accepts it.

mod list;
mod login;
mod logout;
mod prompt;
mod status;

use super::GlobalArgs;
use crate::config::{self, Loaded};
use crate::credentials::{StoreChoice, StoreKind};
use crate::session::{self, Environment};
use clap::{Args, Subcommand};
use std::process::ExitCode;

/// Arguments of `outreach auth`.
#[derive(Debug, Args)]
pub struct AuthArgs {
    #[command(subcommand)]
    pub command: AuthCommand,
}

#[derive(Debug, Subcommand)]
pub enum AuthCommand {
    /// Check an API key against the API and keep it in the OS keyring for this profile.
    Login(LoginArgs),
    /// Show the profile's base URL, where its key comes from, and whether the API accepts it
    /// (exit code 1 when it does not).
    Status,
    /// Delete the profile's key from the OS keyring.
    Logout(LogoutArgs),
    /// List the profiles: base URL, where each key lives (never the key), read-only; `*`
    /// marks the active one.
    List,
}

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

#[derive(Debug, Args)]
pub struct LogoutArgs {
    /// Delete only from this store (default: every store of this platform).
    #[arg(long, value_name = "STORE", value_parser = parse_store)]
    pub store: Option<StoreKind>,
}

fn parse_store(text: &str) -> Result<StoreKind, String> {
    text.parse()
}

fn choice(store: Option<StoreKind>) -> StoreChoice {
    store.map_or(StoreChoice::Auto, StoreChoice::Only)
}

/// Runs `outreach auth …`.
pub async fn run(global: &GlobalArgs, args: AuthArgs) -> ExitCode {
    let result = match args.command {
        AuthCommand::Login(login) => login::run(global, login).await,
        AuthCommand::Status => status::run(global).await,
        AuthCommand::Logout(logout) => logout::run(global, logout).await,
        AuthCommand::List => list::run(global).await,
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {}", crate::text::sanitize_multiline(&message));
            ExitCode::FAILURE
        }
    }
}

/// The config, the environment and the profile every auth command starts from; config
/// warnings go to stderr.
struct Context {
    loaded: Loaded,
    env: Environment,
    profile: String,
}

impl Context {
    fn load(global: &GlobalArgs) -> Result<Context, String> {
        let loaded = config::load().map_err(|error| error.to_string())?;
        for warning in &loaded.warnings {
            eprintln!("warning: {warning}");
        }
        let env = Environment::from_process();
        let profile = session::profile_name(&global.session_request(), &env, &loaded.config)
            .map_err(|error| error.to_string())?;
        Ok(Context { loaded, env, profile })
    }
}
