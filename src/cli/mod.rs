//! Command-line definitions (clap) and the dispatch of non-interactive commands.

pub mod auth;
pub mod sim;

use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;

/// Options every command shares: which profile and API to act on.
#[derive(Debug, Clone, Args)]
pub struct GlobalArgs {
    /// Profile to use (one per organisation or environment).
    #[arg(long, global = true, env = "OUTREACH_PROFILE")]
    pub profile: Option<String>,

    /// Base URL of the API, overriding the profile's.
    #[arg(long, global = true, env = "OUTREACH_BASE_URL")]
    pub base_url: Option<String>,

    /// Allow plain http to a host that is not this machine (the key then travels unencrypted).
    #[arg(long, global = true)]
    pub allow_http: bool,
}

/// outreach: a terminal dashboard for the Outreach Automation Service API.
#[derive(Debug, Parser)]
#[command(name = "outreach", version, about, long_about = None)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    /// Open the dashboard on an embedded simulator with demo data (no key needed).
    #[arg(long)]
    pub demo: bool,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Log in, show or log out the API key of a profile (kept in the OS keyring).
    Auth(auth::AuthArgs),
    /// Run a local simulator of the API (prints its URL and keys).
    Sim(sim::SimArgs),
}

/// Runs a non-interactive command.
pub async fn run(global: &GlobalArgs, command: Command) -> ExitCode {
    match command {
        Command::Auth(args) => auth::run(global, args).await,
        Command::Sim(args) => sim::run(args).await,
    }
}

impl GlobalArgs {
    /// The session this command line asks for.
    pub fn session_request(&self) -> crate::session::SessionRequest {
        crate::session::SessionRequest {
            profile: self.profile.clone(),
            base_url: self.base_url.clone(),
            allow_http: self.allow_http,
        }
    }
}
