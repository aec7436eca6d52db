//! The runner's side of outside work: writes OSC 52 to the terminal, starts the browser,
//! and suspends the dashboard (input paused, alternate screen and raw mode left) while the
//! pager or the editor has the terminal, then takes it back.

use super::events::InputSwitch;
use super::{Done, Job};
use crate::api::EmailMessage;
use crate::term::{clipboard, programs};
use crate::text::{Wrap, sanitize, sanitize_multiline};
use crate::tui::action::Action;
use crate::tui::terminal;
use std::io::{self, Write};
use tokio::sync::mpsc::UnboundedSender;

/// Does `job`; what came of it, if anything, goes back on `tx`. The pager and the editor
/// block the loop until they end: the dashboard is not on screen meanwhile.
pub fn perform(job: Job, input: Option<&InputSwitch>, tx: &UnboundedSender<Action>) {
    match job {
        Job::Copy(text) => {
            let bytes = clipboard::osc52(&text, Wrap::detect());
            let mut stdout = io::stdout().lock();
            if let Err(error) = stdout.write_all(bytes.as_bytes()).and_then(|()| stdout.flush()) {
                tracing::warn!(%error, "could not write the clipboard sequence");
            }
        }
        Job::Open(url) => {
            let failed = {
                let (tx, url) = (tx.clone(), url.clone());
                move |reason: String| {
                    let reason = format!("No browser started ($BROWSER, xdg-open): {reason}");
                    let _ = tx.send(Action::Outside(Done::OpenFailed { url, reason }));
                }
            };
            programs::open_url(&url, failed);
        }
        Job::Page(text) => {
            let result = suspended(input, || programs::page(&programs::pager(), &text));
            let _ = tx.send(Action::Outside(Done::Paged(result.map_err(|e| e.to_string()))));
        }
        Job::PageChain { messages, converter } => {
            let text = chain_text(&messages, &converter);
            let result = suspended(input, || programs::page(&programs::pager(), &text));
            let _ = tx.send(Action::Outside(Done::Paged(result.map_err(|e| e.to_string()))));
        }
        Job::Remember { profile, line } => {
            let Some(path) = super::history::path() else { return };
            if let Err(error) = super::history::append(&path, &profile, &line) {
                tracing::warn!(%error, "could not keep the palette line");
            }
        }
        Job::Edit { req_id, text } => {
            let result = suspended(input, || programs::edit(&programs::editor(), &text));
            let result = result.map_err(|error| error.to_string());
            let _ = tx.send(Action::Outside(Done::Edited { req_id, result }));
        }
    }
}

/// Runs `program` with the terminal handed over, and takes it back after, whatever came of
/// it. The loop redraws the whole screen when `Done` arrives.
fn suspended<T>(
    input: Option<&InputSwitch>,
    program: impl FnOnce() -> io::Result<T>,
) -> io::Result<T> {
    if let Some(input) = input {
        input.pause();
    }
    terminal::suspend();
    let result = program();
    let back = terminal::resume();
    if let Some(input) = input {
        input.resume();
    }
    back?;
    result
}

/// A chain for the pager with each HTML part turned into text by the user's converter (its
/// output sanitised like any server text); the text part where there is no HTML, or where
/// the converter fails.
fn chain_text(messages: &[EmailMessage], converter: &str) -> String {
    let mut out = String::new();
    for (index, message) in messages.iter().enumerate() {
        out.push_str(&format!("── {}/{} ──\n", index + 1, messages.len()));
        if let Some(from) = &message.from_ {
            out.push_str(&format!(
                "From:    {} <{}>\n",
                sanitize(&from.name),
                sanitize(&from.address)
            ));
        }
        if let Some(date) = message.date {
            out.push_str(&format!("Date:    {}\n", date.0.to_rfc3339()));
        }
        out.push_str(&format!("Subject: {}\n\n", sanitize(&message.subject)));
        let converted = message
            .body
            .html
            .as_deref()
            .and_then(|html| programs::convert_html(converter, html).ok());
        let body = converted.or_else(|| message.body.text.clone()).unwrap_or_default();
        out.push_str(&sanitize_multiline(&body));
        out.push_str("\n\n");
    }
    out
}
