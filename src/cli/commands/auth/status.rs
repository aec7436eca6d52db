//! `outreach auth status`: the profile, its base URL, where its key comes from (masked), and
//! whether the API accepts it now. Exit code 1 unless it does.

use super::context::Context;
use crate::api::ApiError;
use crate::cli::args::GlobalArgs;
use crate::credentials::{Keyring, sentence, verify_key};
use crate::session::{self, KeySource};
use crate::text::sanitize;
use std::process::ExitCode;

pub(super) async fn run(global: &GlobalArgs) -> Result<ExitCode, String> {
    let cx = Context::load(global)?;
    let request = global.session_request();
    let read_only = cx.loaded.config.profile(&cx.profile).read_only;
    let mark = if read_only { " (read-only: writes are refused)" } else { "" };
    println!("Profile   {}{mark}", cx.profile);

    let base_url = match session::choose_base_url(&request, &cx.env, &cx.loaded, &cx.profile) {
        Ok(chosen) => {
            println!("Base URL  {} ({})", sanitize(&chosen.url), chosen.origin);
            if let Some(warning) = chosen.warning {
                eprintln!("warning: {warning}");
            }
            Some(chosen.url)
        }
        Err(error) => {
            println!("Base URL  none");
            eprintln!("error: {error}");
            None
        }
    };

    let key = match session::choose_key(&cx.env, &Keyring::system(), &cx.profile).await {
        Ok(chosen) => {
            println!("Key       {} from {}", chosen.key.masked(), chosen.source);
            if let (KeySource::Keyring(_), Some(warning)) =
                (&chosen.source, chosen.lifetime.and_then(|l| l.warning()))
            {
                eprintln!("note: {warning}");
            }
            Some(chosen.key)
        }
        Err(error) => {
            println!("Key       none");
            eprintln!("error: {error}");
            None
        }
    };

    let (Some(base_url), Some(key)) = (base_url, key) else {
        println!("API       not asked");
        return Ok(ExitCode::FAILURE);
    };
    match verify_key(&base_url, &key, global.allow_http).await {
        Ok(()) => {
            println!("API       accepts the key");
            Ok(ExitCode::SUCCESS)
        }
        Err(error @ (ApiError::Unauthorized { .. } | ApiError::Forbidden { .. })) => {
            println!("API       refuses the key");
            let error = sentence(&crate::credentials::redact(&error.to_string(), &key));
            let error = crate::text::sanitize_multiline(&error);
            eprintln!("error: {error} Run `outreach auth login` with the current key.");
            Ok(ExitCode::FAILURE)
        }
        Err(error) => {
            println!("API       cannot be reached");
            let error = crate::credentials::redact(&error.to_string(), &key);
            eprintln!("error: {}", crate::text::sanitize_multiline(&error));
            Ok(ExitCode::FAILURE)
        }
    }
}
