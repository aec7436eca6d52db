//! Argument types several commands share: the global options, dates, free-form data, a
//! contact's fields.

use crate::api::{ContactUpload, ExchangeGroup, ExchangeQuery, FieldError, JsonObject, rules};
use crate::cli::exit::CliError;
use crate::cli::output::terminal::{ColorChoice, Term};
use crate::clock::days;
use chrono::{Local, NaiveDate};
use clap::Args;
use serde_json::Value;

/// Options every command shares: which profile and API to act on.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    /// Profile to use (one per organisation or environment); `outreach watch` takes several.
    #[arg(long, global = true, env = "OUTREACH_PROFILE", action = clap::ArgAction::Append)]
    pub profile: Vec<String>,

    /// Read the organisations of a `[groups]` entry at once (status, replies, todo,
    /// report, digest, watch and every list); each row names its profile.
    #[arg(long, global = true, value_name = "NAME", conflicts_with = "profiles")]
    pub group: Option<String>,

    /// Read these profiles' organisations at once, as --group does: --profiles acme,globex.
    #[arg(long, global = true, value_name = "A,B", value_delimiter = ',')]
    pub profiles: Vec<String>,

    /// Base URL of the API, overriding the profile's (every profile's, with --group).
    #[arg(long, global = true, env = "OUTREACH_BASE_URL")]
    pub base_url: Option<String>,

    /// Allow plain http to a host that is not this machine (the key then travels unencrypted).
    #[arg(long, global = true)]
    pub allow_http: bool,

    /// Colour output: auto (on a terminal, unless NO_COLOR is set), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Write a debug-level log of this run (requests, timings, retries) to the log file.
    #[arg(long, short = 'v', global = true)]
    pub debug: bool,

    /// For screen readers and braille displays: no spinners or bars (a percentage line on
    /// stderr every few seconds instead), and lists as `field: value` lines (-o list).
    #[arg(long, global = true, env = "ACCESSIBLE", value_parser = clap::builder::FalseyValueParser::new())]
    pub accessible: bool,
}

impl GlobalArgs {
    /// What this command's streams are connected to, and how they are to be written.
    pub fn term(&self) -> Term {
        Term::detect(self.color).accessible(self.accessible)
    }

    /// Whether several organisations are asked for (`--group`, `--profiles`); they win
    /// over `--profile` and `OUTREACH_PROFILE`.
    pub fn asks_group(&self) -> bool {
        self.group.is_some() || !self.profiles.is_empty()
    }

    /// The session this command line asks for.
    pub fn session_request(&self) -> crate::session::SessionRequest {
        crate::session::SessionRequest {
            profile: self.profile.last().cloned(),
            base_url: self.base_url.clone(),
            allow_http: self.allow_http,
        }
    }
}

/// A calendar day: `YYYY-MM-DD`, `today`, `yesterday`, `tomorrow`, `-7d` (the first of the
/// last 7 days, today included) or `+7d` (the last of the next 7).
pub fn parse_day(text: &str) -> Result<NaiveDate, String> {
    days::parse_day(text, Local::now().date_naive())
}

/// `--since` and `--until`: a range of calendar days, both ends included.
#[derive(Debug, Clone, Default, Args)]
pub struct DayRange {
    /// On or after this day (YYYY-MM-DD, today, yesterday, -Nd …); -7d: the last 7 days,
    /// today included.
    #[arg(long, value_name = "DATE", value_parser = parse_day, allow_hyphen_values = true)]
    pub since: Option<NaiveDate>,
    /// On or before this day.
    #[arg(long, value_name = "DATE", value_parser = parse_day, allow_hyphen_values = true)]
    pub until: Option<NaiveDate>,
}

impl DayRange {
    /// Refuses a range that ends before it starts.
    pub fn check(&self) -> Result<(), CliError> {
        check_range(self.since, self.until)
    }

    /// Endpoint 9's query for these days: one campaign's exchanges (or all) of `group`.
    pub fn exchanges(&self, campaign: Option<i64>, group: ExchangeGroup) -> ExchangeQuery {
        ExchangeQuery {
            campaign_id: campaign,
            start_date: self.since,
            end_date: self.until,
            group: Some(group),
        }
    }
}

/// Refuses a range that ends before it starts.
pub fn check_range(since: Option<NaiveDate>, until: Option<NaiveDate>) -> Result<(), CliError> {
    match (since, until) {
        (Some(since), Some(until)) if since > until => Err(CliError::usage(format!(
            "--since {since} is after --until {until}; nothing would match."
        ))),
        _ => Ok(()),
    }
}

/// `KEY=VALUE`, split at the first `=`.
pub fn parse_pair(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((key, value)) if !key.trim().is_empty() => {
            Ok((key.trim().to_string(), value.to_string()))
        }
        _ => Err(format!("'{text}' is not KEY=VALUE (for example plan=pro)")),
    }
}

/// A JSON object given on the command line.
pub fn parse_object(text: &str) -> Result<JsonObject, String> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err("expected a JSON object such as '{\"plan\": \"pro\"}'".into()),
        Err(error) => Err(format!("not valid JSON: {error}")),
    }
}

/// Free-form data as repeated `--data KEY=VALUE` or one `--data-json '{…}'`.
#[derive(Debug, Clone, Args)]
pub struct DataArgs {
    /// Free-form data as KEY=VALUE; repeat for more keys (values are strings).
    #[arg(long = "data", value_name = "KEY=VALUE", value_parser = parse_pair)]
    pub data: Vec<(String, String)>,

    /// Free-form data as one JSON object, for numbers, booleans and nesting.
    #[arg(long = "data-json", value_name = "JSON", value_parser = parse_object, conflicts_with = "data")]
    pub data_json: Option<JsonObject>,
}

impl DataArgs {
    /// The data as an object; `None` when none was given.
    pub fn object(&self) -> Option<JsonObject> {
        if let Some(object) = &self.data_json {
            return Some(object.clone());
        }
        if self.data.is_empty() {
            return None;
        }
        Some(self.data.iter().map(|(k, v)| (k.clone(), Value::String(v.clone()))).collect())
    }
}

/// The fields of a contact, as options.
#[derive(Debug, Clone, Args)]
pub struct ContactFields {
    /// The contact's e-mail address (required).
    #[arg(long)]
    pub email: String,
    /// 1 to 63 characters.
    #[arg(long)]
    pub first_name: Option<String>,
    /// 1 to 63 characters.
    #[arg(long)]
    pub last_name: Option<String>,
    /// 1 to 63 characters.
    #[arg(long)]
    pub city: Option<String>,
    /// 1 to 63 characters.
    #[arg(long)]
    pub country: Option<String>,
    /// A tag (repeat for more; at most 16, each 1 to 31 characters).
    #[arg(long = "tag", value_name = "TAG")]
    pub tags: Vec<String>,
    #[command(flatten)]
    pub data: DataArgs,
}

impl ContactFields {
    /// The request body, checked against the rules that are certain (exit 2 otherwise).
    pub fn upload(&self) -> Result<ContactUpload, CliError> {
        let upload = ContactUpload {
            email: self.email.trim().to_string(),
            first_name: self.first_name.clone(),
            last_name: self.last_name.clone(),
            city: self.city.clone(),
            country: self.country.clone(),
            custom_data: self.data.object(),
            tags: self.tags.clone(),
        };
        let problems = rules::check_contact(&upload);
        if problems.is_empty() {
            Ok(upload)
        } else {
            Err(invalid_fields("The contact is not valid", &problems))
        }
    }
}

/// A usage error listing each field's problem by its option name (`--first-name`).
pub fn invalid_fields(what: &str, problems: &[FieldError]) -> CliError {
    let lines: Vec<String> = problems
        .iter()
        .map(|problem| {
            let option = match problem.top_field() {
                "tags" => "--tag".to_string(),
                "conversion_type" => "--type".to_string(),
                field => format!("--{}", field.replace('_', "-")),
            };
            format!("  {option}: {}", problem.message)
        })
        .collect();
    CliError::usage(format!("{what}; nothing was sent:\n{}", lines.join("\n")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reversed_ranges_are_refused() {
        let day = |d| NaiveDate::from_ymd_opt(2024, 5, d).unwrap();
        assert!(check_range(Some(day(2)), Some(day(1))).is_err());
        assert!(check_range(Some(day(1)), Some(day(1))).is_ok());
        assert!(check_range(None, Some(day(1))).is_ok());
    }

    #[test]
    fn pairs_and_objects() {
        assert_eq!(parse_pair("plan=pro=max").unwrap(), ("plan".into(), "pro=max".into()));
        assert!(parse_pair("=x").is_err());
        assert!(parse_pair("novalue").is_err());
        assert_eq!(parse_object(r#"{"seats": 3}"#).unwrap()["seats"], 3);
        assert!(parse_object("[1]").is_err());
        assert!(parse_object("{").is_err());
    }

    #[test]
    fn contact_problems_name_the_options() {
        let fields = ContactFields {
            email: "ann@".into(),
            first_name: Some("x".repeat(64)),
            last_name: None,
            city: None,
            country: None,
            tags: vec![],
            data: DataArgs { data: vec![("plan".into(), "pro".into())], data_json: None },
        };
        let error = fields.upload().unwrap_err();
        assert_eq!(error.exit, crate::cli::exit::Exit::Usage);
        assert!(error.message.contains("--email: There must be something after the @-sign."));
        assert!(error.message.contains("--first-name: at most 63 characters"), "{}", error.message);
    }
}
