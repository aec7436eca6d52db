//! The `:` command palette: what can be typed, suggestions as you type, and parsing into
//! what to do, writes included (`:start 12`, `:dnc add a@b.com c.com` …).

use crate::api::ExchangeGroup;
use crate::inbox::snooze::FORMS;
use crate::tui::command::Command;
use crate::tui::form::Outreach;
use crate::tui::input::TextInput;
use crate::tui::model::Pane;

/// The command palette's input and highlighted suggestion.
#[derive(Debug, Clone, Default)]
pub struct Palette {
    pub input: TextInput,
    pub selected: usize,
    /// Why the last line could not run.
    pub error: Option<String>,
    /// The earlier line shown (↑/↓), counted back from the newest.
    pub recalled: Option<usize>,
}

impl Palette {
    /// Whether ↑/↓ walk the history (the line is empty or is a recalled one), rather than
    /// the suggestions.
    pub fn recalls(&self, history: &[String]) -> bool {
        let value = self.input.value();
        match self.recalled {
            Some(back) => history.iter().rev().nth(back).is_some_and(|line| line == value),
            None => value.is_empty() && !history.is_empty(),
        }
    }

    /// Shows the line before (`older`) or after the one shown; past the newest, an empty line.
    pub fn recall(&mut self, history: &[String], older: bool) {
        let next = match (self.recalled, older) {
            (None, true) => Some(0),
            (None, false) => None,
            (Some(back), true) => Some((back + 1).min(history.len().saturating_sub(1))),
            (Some(0), false) => None,
            (Some(back), false) => Some(back - 1),
        };
        self.recalled = next;
        let line = next.and_then(|back| history.iter().rev().nth(back)).map_or("", String::as_str);
        self.input = TextInput::new(line);
        self.selected = 0;
    }
}

/// Whether a palette line may be kept in the history: never one holding something shaped
/// like an API key (a long run of letters and digits, both), whatever command it was.
pub fn may_keep(line: &str) -> bool {
    !line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).any(|word| {
        word.len() >= 20
            && word.chars().any(|c| c.is_ascii_digit())
            && word.chars().any(|c| c.is_ascii_alphabetic())
    })
}

/// One palette command with its argument syntax and help.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub name: &'static str,
    pub args: &'static str,
    pub help: &'static str,
}

pub const ENTRIES: &[Entry] = &[
    Entry { name: "overview", args: "", help: "go to the Overview" },
    Entry { name: "campaigns", args: "", help: "go to Campaigns" },
    Entry { name: "exchanges", args: "", help: "go to Exchanges" },
    Entry { name: "meetings", args: "", help: "go to Meetings" },
    Entry { name: "bots", args: "", help: "go to Bots" },
    Entry { name: "contacts", args: "", help: "go to Contacts" },
    Entry { name: "filter", args: "TEXT", help: "filter the current list" },
    Entry { name: "view", args: "NAME", help: "apply a saved view" },
    Entry {
        name: "sort",
        args: "COLUMN [asc|desc]|off",
        help: "sort the current list by a column, or not at all",
    },
    Entry {
        name: "group",
        args: "replied|booked|NAME",
        help: "the exchanges listed; NAME: a group of organisations",
    },
    Entry { name: "start", args: "[ID]", help: "start a campaign (asks first)" },
    Entry { name: "contact", args: "add [EMAIL] [org:NAME]", help: "add a contact" },
    Entry { name: "upload", args: "ID [EMAIL] [start|now]", help: "add a contact to a campaign" },
    Entry { name: "dnc", args: "add ENTRY…", help: "do not contact: addresses, domains" },
    Entry { name: "conversion", args: "EMAIL [TYPE] [k=v…]", help: "log a conversion" },
    Entry {
        name: "snooze",
        args: "30d|2026-12-24|tomorrow|monday",
        help: "hide the reply until then",
    },
    Entry { name: "unsnooze", args: "", help: "bring a snoozed reply back now" },
    Entry { name: "assign", args: "NAME|me|nobody", help: "assign the reply (team store)" },
    Entry { name: "refresh", args: "", help: "reload the current pane" },
    Entry { name: "login", args: "", help: "enter a new key for this profile" },
    Entry { name: "profile", args: "[NAME]", help: "switch profile (P: the next one)" },
    Entry { name: "help", args: "", help: "list the keys" },
    Entry { name: "quit", args: "", help: "leave outreach" },
];

/// A write asked for in the palette; what is left out is asked for in its form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaletteWrite {
    /// Start this campaign, or the one in view.
    Start(Option<i64>),
    AddContact {
        email: Option<String>,
        /// Over a group, the organisation it is for (`org:NAME`).
        org: Option<String>,
    },
    /// `outreach`: notify (nothing said), `start` at a suitable time, or `now`.
    Upload {
        campaign: i64,
        email: Option<String>,
        outreach: Outreach,
    },
    Dnc {
        entries: String,
    },
    Conversion {
        email: Option<String>,
        kind: String,
        /// `key = value` lines.
        data: String,
    },
}

/// What a palette line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaletteAction {
    Run(Command),
    Filter(String),
    /// Sort the current list by the column these words name (`age desc`), or as the server
    /// sends it (empty, `off`).
    Sort(String),
    /// Apply the saved view of this name (empty: list them).
    View(String),
    Group(ExchangeGroup),
    /// Open this group of organisations of the config (empty: back to the group open).
    Orgs(String),
    Write(PaletteWrite),
    /// Switch to this profile, or the next one.
    Profile(Option<String>),
    /// Snooze the reply in view (or the marked ones) until the day these words name, or
    /// wake them (`None`).
    Snooze(Option<String>),
    /// Assign the reply in view (or the marked ones) to someone of the team, `me` or
    /// `nobody`.
    Assign(String),
}

/// Entries whose name starts with the first word typed (all of them for an empty line).
pub fn suggestions(line: &str) -> Vec<&'static Entry> {
    let word = line.split_whitespace().next().unwrap_or("").to_lowercase();
    ENTRIES.iter().filter(|entry| entry.name.starts_with(&word)).collect()
}

/// Parses a palette line. A unique prefix of a command name is enough (`:ex`, `:q`).
pub fn parse(line: &str) -> Result<PaletteAction, String> {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    if word.is_empty() {
        return Err("Type a command: its name, then what it takes.".into());
    }
    if let Some(pane) = word.parse::<usize>().ok().and_then(|n| Pane::ALL.get(n.wrapping_sub(1))) {
        return Ok(PaletteAction::Run(Command::GoTo(*pane)));
    }
    let matches = suggestions(word);
    let entry = match matches.as_slice() {
        [one] => *one,
        [] => {
            return Err(format!("No command '{word}': the palette with nothing typed lists them."));
        }
        several => match several.iter().find(|e| e.name == word) {
            Some(exact) => *exact,
            None => {
                let names: Vec<&str> = several.iter().map(|e| e.name).collect();
                return Err(format!("'{word}' could be {}.", names.join(", ")));
            }
        },
    };
    match entry.name {
        "filter" => Ok(PaletteAction::Filter(rest.to_string())),
        "sort" => Ok(PaletteAction::Sort(rest.to_string())),
        "view" => Ok(PaletteAction::View(rest.to_string())),
        "group" => match rest {
            "replied" => Ok(PaletteAction::Group(ExchangeGroup::Replied)),
            "meeting-booked" | "meetings" | "booked" => {
                Ok(PaletteAction::Group(ExchangeGroup::MeetingBooked))
            }
            // Anything else names a group of organisations (none: back to the one open).
            name => Ok(PaletteAction::Orgs(name.to_string())),
        },
        "start" | "contact" | "upload" | "dnc" | "conversion" => {
            parse_write(entry.name, rest).map(PaletteAction::Write)
        }
        "snooze" if rest.is_empty() => Err(format!("snooze until when? {}", FORMS)),
        "snooze" => Ok(PaletteAction::Snooze(Some(rest.to_string()))),
        "unsnooze" => Ok(PaletteAction::Snooze(None)),
        "assign" if rest.is_empty() => {
            Err("assign to whom? a name of the team, me or nobody".into())
        }
        "assign" => Ok(PaletteAction::Assign(rest.to_string())),
        "refresh" => Ok(PaletteAction::Run(Command::Refresh)),
        "login" => Ok(PaletteAction::Run(Command::Login)),
        "profile" => Ok(PaletteAction::Profile((!rest.is_empty()).then(|| rest.to_string()))),
        "help" => Ok(PaletteAction::Run(Command::Help)),
        "quit" => Ok(PaletteAction::Run(Command::Quit)),
        name => Pane::parse(name)
            .map(|pane| PaletteAction::Run(Command::GoTo(pane)))
            .ok_or_else(|| format!("No command '{word}'.")),
    }
}

/// A campaign id as typed: `12` or `#12`.
fn campaign_id(word: &str) -> Option<i64> {
    word.trim_start_matches('#').parse().ok()
}

/// The arguments of a write command. A leading `add` is optional where it reads naturally.
fn parse_write(name: &str, rest: &str) -> Result<PaletteWrite, String> {
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    if matches!(name, "contact" | "dnc") && words.first() == Some(&"add") {
        words.remove(0);
    }
    match name {
        "start" => match words.as_slice() {
            [] => Ok(PaletteWrite::Start(None)),
            [id] => campaign_id(id)
                .map(|id| PaletteWrite::Start(Some(id)))
                .ok_or_else(|| format!("'{id}' is no campaign id: start 12")),
            _ => Err("start takes one campaign id: start 12".into()),
        },
        "contact" => {
            let org = words.iter().position(|word| word.starts_with("org:"));
            let org = org.map(|at| words.remove(at).trim_start_matches("org:").to_string());
            match words.as_slice() {
                [] => Ok(PaletteWrite::AddContact { email: None, org }),
                [email] => Ok(PaletteWrite::AddContact { email: Some(email.to_string()), org }),
                _ => Err("contact add takes one address (and org:NAME over a group); the form \
                          asks for the rest"
                    .into()),
            }
        }
        "upload" => {
            let usage = "upload CAMPAIGN [EMAIL] [start|now], e.g. upload 12 ann@example.com start";
            let Some(campaign) = words.first().and_then(|w| campaign_id(w)) else {
                return Err(usage.into());
            };
            let (email, how) = match &words[1..] {
                [] => (None, None),
                [email] => (Some(email.to_string()), None),
                [email, how] => (Some(email.to_string()), Some(*how)),
                _ => return Err(usage.into()),
            };
            let outreach = match how {
                None => Outreach::Notify,
                Some("start") => Outreach::StartLater,
                Some("now") => Outreach::StartNow,
                Some(_) => return Err(usage.into()),
            };
            Ok(PaletteWrite::Upload { campaign, email, outreach })
        }
        "dnc" => Ok(PaletteWrite::Dnc { entries: words.join("\n") }),
        _ => {
            let email = words.first().map(|w| w.to_string());
            let rest = words.get(1..).unwrap_or_default();
            let (pairs, kinds): (Vec<&str>, Vec<&str>) = rest.iter().partition(|w| w.contains('='));
            if kinds.len() > 1 {
                return Err("conversion EMAIL [TYPE] [key=value …]: one type at most".into());
            }
            Ok(PaletteWrite::Conversion {
                email,
                kind: kinds.first().map(|k| k.to_string()).unwrap_or_default(),
                data: pairs.join("\n"),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_numbers_and_arguments_parse() {
        assert_eq!(parse("ex"), Ok(PaletteAction::Run(Command::GoTo(Pane::ALL[2]))), "Exchanges");
        for (at, pane) in Pane::ALL.into_iter().enumerate() {
            let number = (at + 1).to_string();
            assert_eq!(parse(&number), Ok(PaletteAction::Run(Command::GoTo(pane))), "{number}");
        }
        assert_eq!(parse("q"), Ok(PaletteAction::Run(Command::Quit)));
        assert_eq!(parse("filter  ann lee "), Ok(PaletteAction::Filter("ann lee".into())));
        assert_eq!(
            parse("group meeting-booked"),
            Ok(PaletteAction::Group(ExchangeGroup::MeetingBooked))
        );
        assert_eq!(parse("snooze 30d"), Ok(PaletteAction::Snooze(Some("30d".into()))));
        assert_eq!(parse("sn monday"), Ok(PaletteAction::Snooze(Some("monday".into()))));
        assert_eq!(parse("unsnooze"), Ok(PaletteAction::Snooze(None)));
    }

    #[test]
    fn writes_parse_with_what_was_given() {
        let write = |line| match parse(line) {
            Ok(PaletteAction::Write(write)) => write,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(write("start 12"), PaletteWrite::Start(Some(12)));
        assert_eq!(write("start"), PaletteWrite::Start(None));
        assert_eq!(
            write("contact add a@b.com"),
            PaletteWrite::AddContact { email: Some("a@b.com".into()), org: None }
        );
        assert_eq!(
            write("upload #7 a@b.com now"),
            PaletteWrite::Upload {
                campaign: 7,
                email: Some("a@b.com".into()),
                outreach: Outreach::StartNow
            }
        );
        assert_eq!(
            write("dnc add a@b.com c.com"),
            PaletteWrite::Dnc { entries: "a@b.com\nc.com".into() }
        );
        assert_eq!(
            write("conversion a@b.com signup plan=pro seats=3"),
            PaletteWrite::Conversion {
                email: Some("a@b.com".into()),
                kind: "signup".into(),
                data: "plan=pro\nseats=3".into()
            }
        );
        assert!(parse("start twelve").unwrap_err().contains("start 12"));
        assert!(parse("upload").unwrap_err().contains("upload CAMPAIGN"));
        assert!(parse("upload 3 a@b.com later").is_err());
    }

    #[test]
    fn mistakes_say_what_to_do() {
        assert!(parse("c").unwrap_err().contains("campaigns, contact"));
        assert!(parse("launch").unwrap_err().contains("No command 'launch'"));
        // A word not an exchanges' group names a group of organisations, which the state
        // knows and answers for (no such group: which there are).
        assert_eq!(parse("group everything"), Ok(PaletteAction::Orgs("everything".into())));
        assert!(parse("9").unwrap_err().contains("No command"));
        assert!(parse("snooze").unwrap_err().contains("until when? a span (3d, 2w)"));
    }

    #[test]
    fn suggestions_follow_the_first_word() {
        let names: Vec<&str> = suggestions("me").iter().map(|e| e.name).collect();
        assert_eq!(names, ["meetings"]);
        assert_eq!(suggestions("").len(), ENTRIES.len());
    }
}
