//! The options of the list, `outreach replies [OPTIONS]`: which replies, what is shown, and
//! the cron check; a category or an age as typed.

use crate::api::ExchangeStatus;
use crate::cli::args::DayRange;
use crate::cli::output::format::OutputArgs;
use crate::inbox::Category;
use clap::Args;
use std::time::Duration;

#[derive(Debug, Clone, Args)]
pub struct ListArgs {
    /// Only replies that are new: moved since they were last seen (here with --mark-seen, or
    /// opened in the dashboard). On a profile's first use, older replies count as seen.
    #[arg(long)]
    pub new: bool,

    /// Only these categories, comma-separated: interested, meeting, referral, converted,
    /// not-now, waiting, not-interested, unsubscribe, other (every other status, as the
    /// dashboard's Other), or an API status such as NO_RESPONSE.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = parse_category)]
    pub category: Vec<Wanted>,

    /// Leave out replies marked handled.
    #[arg(long)]
    pub unhandled: bool,

    /// Only the snoozed replies, with the day each comes back (they are left out otherwise).
    #[arg(long)]
    pub snoozed: bool,

    /// Only replies assigned to me in the team store (`[profiles.NAME.team] me`).
    #[arg(long, conflicts_with = "unassigned")]
    pub mine: bool,

    /// Only replies assigned to nobody in the team store.
    #[arg(long)]
    pub unassigned: bool,

    /// Add the first meaningful line of the contact's latest message (greeting, quotes and
    /// signature skipped); one request per reply, four at a time.
    #[arg(long)]
    pub snippets: bool,

    /// Mark the listed replies seen: they are not new again until they change.
    #[arg(long)]
    pub mark_seen: bool,

    /// Only this campaign's replies.
    #[arg(long, value_name = "ID")]
    pub campaign: Option<i64>,

    /// Apply a saved view of the config file (`[[views]]`): its categories, campaign, bot,
    /// first day, handled replies and sort; options given here win over the view's.
    #[arg(long, value_name = "NAME")]
    pub view: Option<String>,

    /// Only replies sent by this bot (set by --view).
    #[arg(skip)]
    pub bot: Option<i64>,

    #[command(flatten)]
    pub range: DayRange,

    /// For cron: exit 1 when an unhandled Interested or Referral reply waits (older than
    /// --older-than), and list those; 6 when the inbox could not be read (or part of it).
    /// When nothing waits and stdout is not a terminal, nothing is printed at all.
    #[arg(long)]
    pub check: bool,

    /// With --check: only replies waiting longer than this, e.g. 30m, 4h, 2d.
    #[arg(long, value_name = "AGE", requires = "check", value_parser = parse_age)]
    pub older_than: Option<Duration>,

    /// Print nothing on stdout; with --check, only the exit code (and stderr) tells.
    #[arg(long, short = 'q')]
    pub quiet: bool,

    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub sort: crate::cli::output::sort::SortArg,
}

/// A category asked for with `--category`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wanted {
    One(Category),
    /// `other`: every status outside the named categories.
    AnyOther,
}

impl Wanted {
    pub fn matches(&self, category: &Category) -> bool {
        match self {
            Wanted::One(one) => one == category,
            Wanted::AnyOther => matches!(category, Category::Other(_)),
        }
    }
}

/// A saved view's category words, as `--category` reads them.
pub(crate) fn wanted(words: &[String]) -> Result<Vec<Wanted>, crate::cli::exit::CliError> {
    let parsed = words.iter().map(|word| parse_category(word)).collect::<Result<_, _>>();
    parsed.map_err(crate::cli::exit::CliError::usage)
}

/// A category by its name, `other`, or an API status (which stands for its category).
fn parse_category(text: &str) -> Result<Wanted, String> {
    if text.trim().eq_ignore_ascii_case("other") {
        return Ok(Wanted::AnyOther);
    }
    parse_named(text).map(Wanted::One)
}

fn parse_named(text: &str) -> Result<Category, String> {
    if text.trim().is_empty() {
        return Err("an empty category: use interested, referral …".into());
    }
    crate::config::check_category(text)?;
    match Category::parse(text) {
        Some(Category::Other(name)) => Ok(Category::of(&ExchangeStatus::from_wire(&name))),
        Some(category) => Ok(category),
        None => Err("an empty category: use interested, referral …".into()),
    }
}

/// `30m`, `4h`, `2d` (or `90s`).
fn parse_age(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let seconds = match unit.trim() {
        "s" => 1,
        "m" | "min" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return Err(format!("'{text}' is no age: use a number and s, m, h or d, e.g. 4h")),
    };
    let number: u64 = number
        .parse()
        .map_err(|_| format!("'{text}' is no age: it starts with a number, e.g. 4h"))?;
    Ok(Duration::from_secs(number.saturating_mul(seconds)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_by_name_or_by_status() {
        let one = |category| Ok(Wanted::One(category));
        assert_eq!(parse_category("Interested"), one(Category::Interested));
        assert_eq!(parse_category("not-now"), one(Category::NotNow));
        assert_eq!(parse_category("INFO_INQUIRY"), one(Category::Interested));
        assert_eq!(parse_category("NO_RESPONSE"), one(Category::Other("NO_RESPONSE".into())));
        assert_eq!(parse_category("Other"), Ok(Wanted::AnyOther));
        assert!(Wanted::AnyOther.matches(&Category::Other("NO_RESPONSE".into())));
        assert!(!Wanted::AnyOther.matches(&Category::Interested));
        let error = parse_category("intrested").unwrap_err();
        assert!(error.contains("'intrested' is no category: use interested, meeting"), "{error}");
    }

    #[test]
    fn ages_take_a_unit() {
        assert_eq!(parse_age("4h"), Ok(Duration::from_secs(4 * 3600)));
        assert_eq!(parse_age("30m"), Ok(Duration::from_secs(1800)));
        assert_eq!(parse_age("2d"), Ok(Duration::from_secs(2 * 86_400)));
        assert!(parse_age("4").unwrap_err().contains("use a number and s, m, h or d"));
        assert!(parse_age("h").unwrap_err().contains("starts with a number"));
    }
}
