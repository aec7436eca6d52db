//! Fetches and decodes the organisation's contacts through the real `Client`, then prints
//! how many there are: the client's side of `curl -s …/api/v1/contacts | jq length` in
//! scripts/bench-commands.sh, and the process whose peak memory docs/PERFORMANCE.md reports.
//!
//! The server and key come from `OUTREACH_BASE_URL` and `OUTREACH_API_KEY` (never argv).

use outreach_tui::api::{ApiKey, Client, ClientOptions};
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let (Ok(base_url), Ok(key)) =
        (std::env::var("OUTREACH_BASE_URL"), std::env::var("OUTREACH_API_KEY"))
    else {
        eprintln!(
            "Set OUTREACH_BASE_URL and OUTREACH_API_KEY, e.g. to what `outreach sim --scale 100` prints."
        );
        return ExitCode::from(2);
    };
    let client = match Client::new(&base_url, &ApiKey::new(key), ClientOptions::default()) {
        Ok(client) => client,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::from(2);
        }
    };
    match client.list_contacts().await {
        Ok(contacts) => {
            println!("{}", contacts.items.len());
            if let Some(warning) = contacts.warning("contacts") {
                eprintln!("{warning}");
            }
            // Like a command that is done, exit without freeing 100k contacts one by one
            // (~40 ms here): the measure is fetching and parsing them, not tearing down.
            std::mem::forget(contacts);
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::from(1)
        }
    }
}
