//! What a hook is handed: its environment (the event in `OUTREACH_*` variables, the caller's
//! secrets taken out) and the event as one JSON object for its stdin. Every value is
//! sanitised and bounded here again, whoever filled the event.

use crate::config::HooksConfig;
use crate::observe::Event;
use crate::text::{sanitize, truncate};

/// Longest value of a variable or a JSON string handed to a hook (the reply's text too).
pub const MAX_VALUE: usize = 500;

/// Whether the caller's variable `name` is kept from a hook: ours (`OUTREACH_*`, the API
/// key among them: the hook gets its own), and anything named like a key or a password
/// (`PGPASSWORD`, `SOME_API_KEY`, `…_SECRET`). A hook that needs a secret of its own reads
/// it from its own file.
pub fn withheld(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    upper.starts_with("OUTREACH_")
        || upper.ends_with("API_KEY")
        || upper.contains("PASSWORD")
        || upper.ends_with("_SECRET")
        || upper.ends_with("_TOKEN")
}

fn clean(text: &str) -> String {
    truncate(sanitize(text).trim(), MAX_VALUE)
}

/// The event as a hook's variables: `OUTREACH_EVENT`, `OUTREACH_PROFILE`,
/// `OUTREACH_EXCHANGE_ID`, `OUTREACH_CATEGORY`, `OUTREACH_CONTACT_NAME`,
/// `OUTREACH_CONTACT_EMAIL`, `OUTREACH_CAMPAIGN`, `OUTREACH_AGE_SECONDS` and the rest of its
/// fields; a field the event does not have is not set. The text only with `include_text`.
pub fn variables(event: &Event, config: &HooksConfig) -> Vec<(&'static str, String)> {
    let number = |value: Option<i64>| value.map(|n| n.to_string());
    let text = |value: &Option<String>| value.as_deref().map(clean);
    let time = |value: Option<chrono::DateTime<chrono::Utc>>| {
        value.map(|at| at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
    };
    let fields = [
        ("OUTREACH_EVENT", Some(event.kind.name().to_string())),
        ("OUTREACH_EVENT_ID", Some(clean(&event.id))),
        ("OUTREACH_PROFILE", Some(clean(&event.profile))),
        ("OUTREACH_AT", time(Some(event.at))),
        ("OUTREACH_SINCE", time(event.since)),
        ("OUTREACH_AGE_SECONDS", Some(event.age_seconds().to_string())),
        ("OUTREACH_EXCHANGE_ID", number(event.exchange_id)),
        ("OUTREACH_CATEGORY", text(&event.category)),
        ("OUTREACH_PREVIOUS_CATEGORY", text(&event.previous_category)),
        ("OUTREACH_STATUS", text(&event.status)),
        ("OUTREACH_CONTACT_NAME", text(&event.contact_name)),
        ("OUTREACH_CONTACT_EMAIL", text(&event.contact_email)),
        ("OUTREACH_CAMPAIGN", text(&event.campaign)),
        ("OUTREACH_CAMPAIGN_ID", number(event.campaign_id)),
        ("OUTREACH_MEETING_ID", number(event.meeting_id)),
        ("OUTREACH_BOT_ID", number(event.bot_id)),
        ("OUTREACH_BOT_EMAIL", text(&event.bot_email)),
        ("OUTREACH_FROM", text(&event.from)),
        ("OUTREACH_TO", text(&event.to)),
        ("OUTREACH_TEXT", if config.include_text { text(&event.text) } else { None }),
    ];
    fields.into_iter().filter_map(|(name, value)| Some((name, value?))).collect()
}

/// The event as the one JSON object a hook reads on stdin (and `watch -o json` prints):
/// every string sanitised and bounded, the text only with `include_text`.
pub fn json(event: &Event, include_text: bool) -> serde_json::Value {
    let mut event = event.clone();
    if !include_text {
        event.text = None;
    }
    let mut value = event.to_json();
    if let Some(object) = value.as_object_mut() {
        for field in object.values_mut() {
            if let serde_json::Value::String(text) = field {
                *text = clean(text);
            }
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_passwords_and_our_own_variables_are_withheld() {
        for name in
            ["OUTREACH_API_KEY", "PGPASSWORD", "STRIPE_API_KEY", "GITHUB_TOKEN", "AWS_SECRET"]
        {
            assert!(withheld(name), "{name}");
        }
        for name in ["PATH", "HOME", "SLACK_WEBHOOK_URL", "PGPASSFILE", "DISPLAY"] {
            assert!(!withheld(name), "{name}");
        }
    }
}
