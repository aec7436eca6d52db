//! `outreach auth list`: every profile of the config file with its base URL, where its key
//! lives (never the key) and whether it is read-only; the active one marked.

use super::context::Context;
use crate::cli::args::GlobalArgs;
use crate::credentials::Keyring;
use crate::present::width::display_width;
use crate::session::{self, KeySource, SessionError};
use crate::text::sanitize;
use std::process::ExitCode;

pub(super) async fn run(global: &GlobalArgs) -> Result<ExitCode, String> {
    let cx = Context::load(global)?;
    let config = &cx.loaded.config;
    let mut names: Vec<String> = config.profiles.keys().cloned().collect();
    for extra in [config.default_profile.clone(), Some(cx.profile.clone())].into_iter().flatten() {
        if !names.contains(&extra) {
            names.push(extra);
        }
    }
    let keyring = Keyring::system();
    let mut rows = vec![[
        "".to_string(),
        "PROFILE".into(),
        "BASE URL".into(),
        "KEY".into(),
        "READ-ONLY".into(),
    ]];
    for name in &names {
        let profile = config.profile(name);
        let key = match session::choose_key(&cx.env, &keyring, name).await {
            Ok(chosen) => match chosen.source {
                KeySource::Env => "OUTREACH_API_KEY (environment)".to_string(),
                other => other.to_string(),
            },
            Err(SessionError::NoKey { .. }) => "none (outreach auth login)".into(),
            // Every store was asked and none answered: say which and why.
            Err(SessionError::KeyringUnavailable { problems, .. }) => {
                let why: Vec<String> = problems.iter().map(|p| p.headline()).collect();
                format!("unknown ({})", why.join("; "))
            }
            Err(_) => "unknown".into(),
        };
        rows.push([
            if *name == cx.profile { "*".into() } else { String::new() },
            sanitize(name),
            profile.base_url.as_deref().map_or_else(|| "none".into(), sanitize),
            key,
            if profile.read_only { "yes".into() } else { "no".into() },
        ]);
    }
    let widths: Vec<usize> =
        (0..5).map(|c| rows.iter().map(|r| display_width(&r[c])).max().unwrap_or(0)).collect();
    for row in &rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, width)| format!("{cell}{}", " ".repeat(width - display_width(cell))))
            .collect();
        println!("{}", cells.join("  ").trim_end());
    }
    if config.profiles.is_empty() {
        eprintln!(
            "note: the config file names no profiles; `outreach auth login --profile NAME` adds one."
        );
    }
    Ok(ExitCode::SUCCESS)
}
