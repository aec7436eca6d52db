//! What a hook is handed: its environment (the event in `OUTREACH_*` variables, the caller's
//! secrets taken out) and the event as one JSON object for its stdin. Every value is
//! sanitised and bounded here again, whoever filled the event.

use crate::config::HooksConfig;
use crate::observe::Event;
use crate::text::{cut_bytes, sanitize, truncate};

/// Longest value of a variable or a JSON string handed to a hook (the reply's text too), in
/// columns as a terminal shows it.
pub const MAX_VALUE: usize = 500;

/// Longest value in bytes: a letter carrying thousands of combining marks is one column
/// wide, so columns alone do not bound what a hook is handed.
pub const MAX_VALUE_BYTES: usize = 2048;

/// Parts of a variable's name that say it holds a secret: keys, tokens, passwords.
const SECRET_NAMES: &[&str] = &[
    "_KEY",
    "KEY_",
    "APIKEY",
    "SECRET",
    "TOKEN",
    "PASSWORD",
    "PASSWD",
    "PASSPHRASE",
    "CREDENTIAL",
];

/// How values that are secrets begin, whatever the variable is called: well-known key and
/// token formats (GitHub, Slack, Stripe, OpenAI-style `sk-`, AWS key ids) and PEM keys.
const SECRET_PREFIXES: &[&str] = &[
    "ghp_",
    "gho_",
    "ghs_",
    "ghu_",
    "github_pat_",
    "glpat-",
    "xoxb-",
    "xoxp-",
    "xoxa-",
    "sk_live_",
    "rk_live_",
    "sk-",
    "AKIA",
    "ASIA",
    "-----BEGIN",
];

/// Whether the caller's variable `name` is kept from a hook: ours (`OUTREACH_*`, the API key
/// among them: the hook gets the event's own), anything named like a key, token or
/// password (`PGPASSWORD`, `AWS_SECRET_ACCESS_KEY`, `GITHUB_TOKEN`, `SOME_API_KEY`), and any
/// value that is a secret whatever its name (a URL with a password, `DATABASE_URL=
/// postgres://app:hunter2@db/app`; a connection string with `password=`; a token of a
/// well-known format). A hook that needs a secret of its own reads it from its own file.
pub fn withheld(name: &str, value: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    upper.starts_with("OUTREACH_")
        || SECRET_NAMES.iter().any(|part| upper.contains(part))
        || upper.ends_with("KEY")
        || secret_value(value)
}

/// A value that is a secret by its shape.
fn secret_value(value: &str) -> bool {
    let value = value.trim();
    let lower = value.to_ascii_lowercase();
    SECRET_PREFIXES.iter().any(|prefix| value.starts_with(prefix))
        || ["password=", "passwd=", "pwd=", "secret=", "token="]
            .iter()
            .any(|field| lower.contains(field))
        || url_with_password(value)
}

/// `scheme://user:password@host…`: a URL that carries its password (anywhere in the value,
/// which may hold several, like a list of mirrors).
fn url_with_password(value: &str) -> bool {
    value.match_indices("://").any(|(at, _)| {
        let authority = value[at + 3..].split(['/', '?', '#', ' ', ',', ';']).next().unwrap_or("");
        authority.rsplit_once('@').is_some_and(|(userinfo, _)| {
            userinfo.split_once(':').is_some_and(|(_, p)| !p.is_empty())
        })
    })
}

fn clean(text: &str) -> String {
    let shown = truncate(sanitize(text).trim(), MAX_VALUE);
    match cut_bytes(&shown, MAX_VALUE_BYTES - '…'.len_utf8()) {
        (kept, true) => format!("{kept}…"),
        (_, false) => shown,
    }
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
        for name in [
            "OUTREACH_API_KEY",
            "PGPASSWORD",
            "STRIPE_API_KEY",
            "GITHUB_TOKEN",
            "AWS_SECRET",
            "AWS_SECRET_ACCESS_KEY",
            "AWS_ACCESS_KEY_ID",
            "AWS_SESSION_TOKEN",
            "MYSQL_PWD_PASSWD",
            "GPG_PASSPHRASE",
            "OPENAI_APIKEY",
            "ANTHROPIC_KEY",
            "GOOGLE_APPLICATION_CREDENTIALS",
        ] {
            assert!(withheld(name, "x"), "{name}");
        }
        for name in ["PATH", "HOME", "SLACK_WEBHOOK_URL", "PGPASSFILE", "DISPLAY", "LANG", "TZ"] {
            assert!(!withheld(name, "/usr/bin"), "{name}");
        }
    }

    #[test]
    fn values_that_are_secrets_are_withheld_whatever_their_name() {
        for value in [
            "postgres://app:hunter2@db.internal:5432/app",
            "mysql://root:pw@localhost/x?ssl=1",
            "https://mirror.example https://u:p@private.example/simple",
            "host=db user=app password=hunter2",
            "Server=db;Uid=app;Pwd=hunter2",
            "ghp_0123456789abcdef",
            "xoxb-123-456",
            "AKIAIOSFODNN7EXAMPLE",
            "-----BEGIN OPENSSH PRIVATE KEY-----",
        ] {
            assert!(withheld("DATABASE_URL", value), "{value}");
        }
        for value in [
            "postgres://app@db/app",
            "https://hooks.slack.com/services/T0/B0/x",
            "/home/ann",
            "en_GB.UTF-8",
            "https://example.org/a@b",
        ] {
            assert!(!withheld("DATABASE_URL", value), "{value}");
        }
    }

    #[test]
    fn values_are_bounded_in_bytes_as_well_as_in_columns() {
        let marks = format!("a{}", "\u{301}".repeat(6000));
        let kept = clean(&marks);
        assert!(kept.len() <= MAX_VALUE_BYTES, "{} bytes", kept.len());
        assert!(kept.ends_with('…'));
        let wide = "李".repeat(2000);
        assert!(clean(&wide).len() <= MAX_VALUE_BYTES);
        assert_eq!(clean(" Ann "), "Ann");
    }
}
