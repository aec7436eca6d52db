//! An agency's machine for the tests of groups: a home, and profiles whose keys it logged
//! in (each in the kernel keyutils store, as `outreach auth login` puts it there, each with
//! its own base URL); the keys are taken out of the keyring when the test ends.

use super::cli::{Run, outputs};
use super::home::Isolated;
use super::keyring::unique_profile;
use outreach_tui::api::ApiKey;
use serde_json::Value;

/// An agency's machine: a home, and profiles whose keys it logged in; the keys are taken
/// out of the keyring when the test ends.
pub struct Agency {
    pub home: Isolated,
    pub profiles: Vec<String>,
}

impl Agency {
    pub fn new() -> Agency {
        Agency { home: Isolated::new(), profiles: Vec::new() }
    }

    /// Logs in a new profile named after `name` with `key` against `base_url`.
    pub async fn login(&mut self, name: &str, base_url: &str, key: &ApiKey) -> String {
        let profile = unique_profile(name);
        let mut command = self.home.outreach();
        command
            .args(["--profile", &profile, "auth", "login", "--key-stdin", "--store", "keyutils"])
            .args(["--base-url", base_url])
            .write_stdin(format!("{}\n", key.expose()));
        let output = tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap();
        let (stdout, stderr) = outputs(&output);
        assert!(output.status.success(), "login {profile}: {stdout}{stderr}");
        self.profiles.push(profile.clone());
        profile
    }

    /// `[groups] clients = [the profiles]` added to the config login wrote.
    pub fn group(&self, name: &str, members: &[&str]) {
        let config = std::fs::read_to_string(self.home.config_path()).unwrap_or_default();
        let config = config.split("\n[groups]").next().unwrap_or_default();
        let members: Vec<String> = members.iter().map(|m| format!("\"{m}\"")).collect();
        self.home.write_config(&format!("{config}\n[groups]\n{name} = [{}]\n", members.join(", ")));
    }

    pub async fn run(&self, args: &[&str]) -> Run {
        let mut command = self.home.outreach();
        // Wide enough for the long profile names of tests.
        command.args(args).env("COLUMNS", "200").timeout(std::time::Duration::from_secs(60));
        let output = tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap();
        let (stdout, stderr) = outputs(&output);
        Run { code: output.status.code().unwrap_or(-1), stdout, stderr }
    }
}

impl Drop for Agency {
    fn drop(&mut self) {
        for profile in &self.profiles {
            let _ = self.home.outreach().args(["--profile", profile, "auth", "logout"]).output();
        }
    }
}

/// The row of the screen whose organisation is `profile` (cut to the column's width).
pub fn row_of<'a>(screen: &'a str, profile: &str) -> Option<&'a str> {
    let shown: String = profile.chars().take(12).collect();
    screen.lines().find(|line| line.chars().skip(2).collect::<String>().starts_with(&shown))
}

/// The first five numbers of an organisation's row, after its name.
pub fn numbers(row: &str) -> Vec<u64> {
    // The organisation's name has digits of its own: the numbers follow it.
    let after = row.split_once(char::is_whitespace).map_or("", |(_, rest)| rest);
    let after = after.trim_start().split_once(char::is_whitespace).map_or("", |(_, rest)| rest);
    // The five first columns; more follow when the width allows.
    after.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).take(5).collect()
}

/// What `status --json` counts for an organisation, in the dashboard's order: new, hot
/// waiting, needs you, meetings today, bots needing attention.
pub fn counted(entry: &Value) -> Vec<u64> {
    let inbox = &entry["inbox"];
    vec![
        inbox["new"].as_u64().unwrap(),
        inbox["hot_waiting"].as_u64().unwrap(),
        inbox["needs_you"].as_u64().unwrap(),
        entry["meetings"]["today"].as_u64().unwrap(),
        entry["bots"]["needing_attention"].as_array().unwrap().len() as u64,
    ]
}
