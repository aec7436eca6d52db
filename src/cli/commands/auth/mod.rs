//! `outreach auth login | status | logout | list`: keep a profile's key in the OS keyring, and
//! say where it comes from and whether the API accepts it.

mod context;
mod list;
pub mod login;
pub mod logout;
mod prompt;
mod status;
pub mod team_login;

use crate::cli::args::GlobalArgs;
use clap::{Args, Subcommand};
use login::LoginArgs;
use logout::LogoutArgs;
use std::process::ExitCode;
use team_login::TeamLoginArgs;

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
    /// Keep the password of the profile's team store (`[profiles.NAME.team]`) in the OS
    /// keyring: asked for hidden, or read from standard input when piped.
    TeamLogin(TeamLoginArgs),
    /// List the profiles: base URL, where each key lives (never the key), read-only; `*`
    /// marks the active one.
    List,
}

/// Runs `outreach auth …`.
pub async fn run(global: &GlobalArgs, args: AuthArgs) -> ExitCode {
    let result = match args.command {
        AuthCommand::Login(login) => login::run(global, login).await,
        AuthCommand::Status => status::run(global).await,
        AuthCommand::Logout(logout) => logout::run(global, logout).await,
        AuthCommand::List => list::run(global).await,
        AuthCommand::TeamLogin(args) => team_login::run(global, args).await,
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {}", crate::text::sanitize_multiline(&message));
            ExitCode::FAILURE
        }
    }
}
