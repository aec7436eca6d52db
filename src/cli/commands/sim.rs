//! `outreach sim`: runs the API simulator standalone and prints how to talk to it.

use crate::sim::{self, DuplicateContact, FAULT_SPEC_HELP, SimHandle, SimOptions};
use chrono::{DateTime, Utc};
use clap::{Args, ValueEnum};
use std::net::SocketAddr;
use std::process::ExitCode;

/// How endpoint 5 answers a contact that already exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DuplicateMode {
    /// 400 with a detail saying the contact already exists.
    Reject,
    /// 200 with the existing contact's id.
    ReturnExisting,
}

/// Run a faithful simulator of the Outreach API on this machine (for demos and tests).
#[derive(Debug, Clone, Args)]
#[command(after_long_help = FAULT_SPEC_HELP)]
pub struct SimArgs {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8900")]
    pub addr: SocketAddr,

    /// Seed of the generated data: the same seed gives the same data.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Volume multiplier: 1 is demo size; 100 gives ~100k contacts and ~20k exchanges.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub scale: u32,

    /// Organisations to serve: the demo's four, then small clients (Client05 …) up to this
    /// many, each with its own keys (for an agency's group of profiles).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(4..=500))]
    pub orgs: u16,

    /// Faults to inject, e.g. `503:2@/api/v1/contacts#1` (syntax in `--help`).
    #[arg(long, value_name = "SPEC")]
    pub faults: Option<String>,

    /// How adding an existing contact answers (switchable later via /_sim/duplicate-contacts).
    #[arg(long, value_enum, default_value = "reject")]
    pub duplicate_contacts: DuplicateMode,

    /// Generate data around this instant (RFC 3339, e.g. 2025-03-14T15:00:00Z) instead of now.
    #[arg(long, value_name = "INSTANT")]
    pub anchor: Option<DateTime<Utc>>,

    /// A reply arrives in the first organisation every 30 to 90 seconds, as in --demo
    /// (POST /_sim/replies makes one arrive at once, with or without it).
    #[arg(long)]
    pub live: bool,

    /// Serve the exchange groups apart: the replied group leaves MEETING_BOOKED out and the
    /// meeting-booked group has them, as a server may (by default replied holds them too).
    #[arg(long)]
    pub meeting_booked_apart: bool,
}

/// Checks a fault SPEC when the command line is read, so a typo is reported before the
/// dashboard takes the terminal.
pub fn fault_spec(text: &str) -> Result<String, String> {
    sim::faults::parse_spec(text).map(|_| text.to_string())
}

impl SimArgs {
    pub fn options(&self) -> SimOptions {
        SimOptions {
            addr: self.addr,
            seed: self.seed,
            scale: self.scale,
            duplicate_contact: match self.duplicate_contacts {
                DuplicateMode::Reject => DuplicateContact::Reject400,
                DuplicateMode::ReturnExisting => DuplicateContact::ReturnExisting,
            },
            faults: self.faults.clone(),
            anchor: self.anchor,
            live: self.live,
            meeting_booked_apart: self.meeting_booked_apart,
            orgs: usize::from(self.orgs),
            ..SimOptions::default()
        }
    }
}

/// Starts the simulator, prints its address and keys, and serves until Ctrl-C.
pub async fn run(args: SimArgs) -> ExitCode {
    let handle = match sim::spawn(args.options()).await {
        Ok(handle) => handle,
        Err(error) if error.kind() == std::io::ErrorKind::AddrInUse => {
            eprintln!(
                "Cannot listen on {}: the address is in use. Stop the other server or pick another address, e.g. --addr 127.0.0.1:0.",
                args.addr
            );
            return ExitCode::from(1);
        }
        Err(error) => {
            eprintln!("Cannot start the simulator: {error}");
            return ExitCode::from(1);
        }
    };
    println!("{}", banner(&handle, &args));
    if let Err(error) = tokio::signal::ctrl_c().await {
        eprintln!("Cannot wait for Ctrl-C ({error}); stopping.");
    }
    eprintln!("Stopping the simulator.");
    handle.shutdown().await;
    ExitCode::SUCCESS
}

/// What to paste to use the simulator. The keys are the simulator's own, made for it.
fn banner(handle: &SimHandle, args: &SimArgs) -> String {
    let url = &handle.base_url;
    let live = if args.live { ", a reply every 30-90 s" } else { "" };
    let mut out = format!(
        "Outreach API simulator on {url}  (seed {}, scale {}{live})\n\n",
        args.seed, args.scale
    );
    let width = handle.orgs.iter().map(|org| org.name.len()).max().unwrap_or(0).max(12);
    out.push_str(&format!("{:width$}  {:<48}  {}\n", "Organisation", "Admin key", "Read-only key"));
    for org in &handle.orgs {
        out.push_str(&format!(
            "{:width$}  {:<48}  {}\n",
            org.name,
            org.admin_key.expose(),
            org.read_only_key.expose()
        ));
    }
    let key = handle.admin_key();
    out.push_str(&format!(
        "\nTry:\n  curl -s -H 'X-API-Key: {}' {url}/api/v1/campaigns\n",
        key.expose()
    ));
    out.push_str(&format!(
        "Dashboard:\n  OUTREACH_BASE_URL={url} OUTREACH_API_KEY={} outreach\n",
        key.expose()
    ));
    out.push_str(
        "Admin routes (admin key): /_sim/state, /_sim/exchanges, /_sim/conversions, \
         /_sim/rotate-key, /_sim/duplicate-contacts, /_sim/faults, /_sim/requests, \
         /_sim/replies (POST: a reply arrives now)\n\
         Press Ctrl-C to stop.",
    );
    out
}
