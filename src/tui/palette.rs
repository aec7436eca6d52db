//! The `:` command palette: what can be typed, suggestions as you type, and parsing into
//! what to do. Write operations (`:start 12` …) join this table as they arrive.

use super::action::Command;
use super::state::Pane;
use crate::api::ExchangeGroup;

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
    Entry { name: "group", args: "replied|meeting-booked", help: "which exchanges to list" },
    Entry { name: "refresh", args: "", help: "reload the current pane" },
    Entry { name: "login", args: "", help: "enter a new key for this profile" },
    Entry { name: "help", args: "", help: "list the keys" },
    Entry { name: "quit", args: "", help: "leave outreach" },
];

/// What a palette line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaletteAction {
    Run(Command),
    Filter(String),
    Group(ExchangeGroup),
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
        return Err("Type a command; Tab completes, Esc closes.".into());
    }
    if let Some(pane) = word.parse::<usize>().ok().and_then(|n| Pane::ALL.get(n.wrapping_sub(1))) {
        return Ok(PaletteAction::Run(Command::GoTo(*pane)));
    }
    let matches = suggestions(word);
    let entry = match matches.as_slice() {
        [one] => *one,
        [] => return Err(format!("No command '{word}'. Press : then Tab to see them all.")),
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
        "group" => match rest {
            "replied" => Ok(PaletteAction::Group(ExchangeGroup::Replied)),
            "meeting-booked" | "meetings" | "booked" => {
                Ok(PaletteAction::Group(ExchangeGroup::MeetingBooked))
            }
            _ => Err("group takes replied or meeting-booked.".into()),
        },
        "refresh" => Ok(PaletteAction::Run(Command::Refresh)),
        "login" => Ok(PaletteAction::Run(Command::Login)),
        "help" => Ok(PaletteAction::Run(Command::Help)),
        "quit" => Ok(PaletteAction::Run(Command::Quit)),
        name => Pane::parse(name)
            .map(|pane| PaletteAction::Run(Command::GoTo(pane)))
            .ok_or_else(|| format!("No command '{word}'.")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_numbers_and_arguments_parse() {
        assert_eq!(parse("ex"), Ok(PaletteAction::Run(Command::GoTo(Pane::Exchanges))));
        assert_eq!(parse("4"), Ok(PaletteAction::Run(Command::GoTo(Pane::Meetings))));
        assert_eq!(parse("q"), Ok(PaletteAction::Run(Command::Quit)));
        assert_eq!(parse("filter  ann lee "), Ok(PaletteAction::Filter("ann lee".into())));
        assert_eq!(
            parse("group meeting-booked"),
            Ok(PaletteAction::Group(ExchangeGroup::MeetingBooked))
        );
    }

    #[test]
    fn mistakes_say_what_to_do() {
        assert!(parse("c").unwrap_err().contains("campaigns, contacts"));
        assert!(parse("launch").unwrap_err().contains("No command 'launch'"));
        assert!(parse("group everything").unwrap_err().contains("replied or meeting-booked"));
        assert!(parse("9").unwrap_err().contains("No command"));
    }

    #[test]
    fn suggestions_follow_the_first_word() {
        let names: Vec<&str> = suggestions("me").iter().map(|e| e.name).collect();
        assert_eq!(names, ["meetings"]);
        assert_eq!(suggestions("").len(), ENTRIES.len());
    }
}
