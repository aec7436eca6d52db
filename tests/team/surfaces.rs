//! Reading the inbox's numbers off each surface, for `one_look.rs`: the JSON of the
//! commands, the glance file through `status --format json`, the digest's text and the
//! dashboard's Overview line; and collecting where they differ, by surface and number.

use crate::common::cli::Outreach;
use crate::common::pty::Pty;
use serde_json::Value;
use std::time::Duration;

/// The inbox as the status line counts it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Inbox {
    pub new: u64,
    pub hot_waiting: u64,
    pub needs_you: u64,
    pub due: u64,
    /// Every number is known (no chain left unread).
    pub whole: bool,
}

fn number(value: &Value, field: &str) -> u64 {
    value[field].as_u64().unwrap_or_else(|| panic!("no {field}: {value}"))
}

impl Inbox {
    /// `status --json`'s `inbox`, or the glance of `status --format json`: the same fields.
    pub fn of_status(inbox: &Value) -> Inbox {
        Inbox {
            new: number(inbox, "new"),
            hot_waiting: number(inbox, "hot_waiting"),
            needs_you: number(inbox, "needs_you"),
            due: number(inbox, "due"),
            whole: number(inbox, "hot_unread") == 0 && number(inbox, "needs_unread") == 0,
        }
    }
}

/// The glance the last command kept, as the status line prints it.
pub async fn glance(person: &Outreach) -> Inbox {
    Inbox::of_status(&person.run(&["status", "--format", "json"]).await.expect(0).json())
}

/// What needs you by `todo -o json`: how many items, how many due today or before.
pub fn todo(items: &Value) -> Inbox {
    let today = chrono::Utc::now().date_naive().to_string();
    let items = items.as_array().unwrap();
    let due = items.iter().filter(|item| item["due"].as_str().is_some_and(|day| *day <= *today));
    Inbox { needs_you: items.len() as u64, due: due.count() as u64, ..Inbox::default() }
}

/// The opt-outs among `todo -o json`'s items, those pending since `since` (an RFC 3339
/// instant in UTC; "" for all).
pub fn opt_outs(items: &Value, since: &str) -> u64 {
    let after = |item: &&Value| item["since"].as_str().is_some_and(|at| at > since);
    let items = items.as_array().unwrap().iter().filter(|item| item["kind"] == "opt-out");
    items.filter(after).count() as u64
}

/// What `replies -o json` lists as new, and as hot and waiting on us (handled, snoozed and
/// away replies wait on nobody).
pub fn replies(rows: &Value) -> Inbox {
    let rows = rows.as_array().unwrap();
    let is = |row: &Value, field: &str| row[field].as_bool() == Some(true);
    let new = rows.iter().filter(|row| is(row, "new") && !is(row, "handled")).count();
    let hot = rows.iter().filter(|row| is(row, "hot") && is(row, "waiting") && !is(row, "handled"));
    Inbox { new: new as u64, hot_waiting: hot.count() as u64, ..Inbox::default() }
}

/// The new replies `brief -o json` counts by category.
pub fn brief(brief: &Value) -> u64 {
    let replies = brief["brief"]["replies"].as_array();
    replies.map_or(0, |rows| rows.iter().map(|row| number(row, "count")).sum())
}

/// The organisation's "Opt-outs pending: N" in the digest's text.
pub fn digest_opt_outs(text: &str) -> u64 {
    let line = text.lines().find(|line| line.trim_start().starts_with("Opt-outs pending"));
    let said = line.and_then(|line| line.rsplit(' ').next()?.parse().ok());
    said.unwrap_or_else(|| panic!("no opt-outs line: {text}"))
}

/// What `watch --once -o json` announced, one event a line.
#[derive(Debug, Default)]
pub struct Events {
    pub replies: u64,
    pub opt_outs: u64,
}

pub fn watch_events(lines: &str) -> Events {
    let mut events = Events::default();
    for line in lines.lines().filter(|line| !line.trim().is_empty()) {
        let event: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        match event["event"].as_str() {
            Some("reply_received") => events.replies += 1,
            Some("opt_out_pending") => events.opt_outs += 1,
            _ => {}
        }
    }
    events
}

/// The numbers of "Inbox: 4 new · 3 hot replies wait, oldest 5h · needs you: 5 (1 due)",
/// or `None` while any of them is still being counted.
pub fn inbox_line(screen: &str) -> Option<Inbox> {
    let line = screen.lines().find(|line| line.contains("Inbox:"))?;
    if line.contains("counting") || line.contains("being read") {
        return None;
    }
    let first = |text: &str| text.split_whitespace().find_map(|word| word.parse::<u64>().ok());
    let mut parts = line.split(" · ");
    let new = first(parts.next()?.split("Inbox:").nth(1)?)?;
    let waiting = parts.next()?;
    let hot_waiting = if waiting.contains("no hot reply") { 0 } else { first(waiting)? };
    let needs = parts.find(|part| part.contains("needs you"))?;
    let (needs_you, due) = if needs.contains("nothing") {
        (0, 0)
    } else {
        let numbers: Vec<u64> = needs
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|word| word.parse().ok())
            .collect();
        (*numbers.first()?, *numbers.get(1)?)
    };
    Some(Inbox { new, hot_waiting, needs_you, due, whole: true })
}

/// The dashboard's Overview inbox line once every number is counted and it agrees with
/// `truth`, or, after `within`, the last one it showed.
pub fn overview(dashboard: &mut Pty, truth: &Inbox, within: Duration) -> Inbox {
    let agrees = |screen: &str| inbox_line(screen).as_ref() == Some(truth);
    match dashboard.try_wait_until(within, agrees) {
        Ok(_) => *truth,
        Err(screen) => inbox_line(&screen).unwrap_or_else(|| panic!("never counted:\n{screen}")),
    }
}

/// Every difference found, each naming the surface and the number.
#[derive(Debug, Default)]
pub struct Mismatches(Vec<String>);

impl Mismatches {
    pub fn same(&mut self, surface: &str, number: &str, truth: u64, shown: u64) {
        if truth != shown {
            self.0.push(format!("{surface}: {number} is {shown}, status --json says {truth}"));
        }
    }

    /// Every number of the status line.
    pub fn check(&mut self, surface: &str, truth: &Inbox, shown: &Inbox) {
        self.check_inbox(surface, truth, shown);
        self.check_needs(surface, truth, shown);
        if !shown.whole {
            self.0.push(format!("{surface}: not every number counted"));
        }
    }

    /// New and hot replies waiting.
    pub fn check_inbox(&mut self, surface: &str, truth: &Inbox, shown: &Inbox) {
        self.same(surface, "new", truth.new, shown.new);
        self.same(surface, "hot replies waiting", truth.hot_waiting, shown.hot_waiting);
    }

    /// What needs you and how much of it is due.
    pub fn check_needs(&mut self, surface: &str, truth: &Inbox, shown: &Inbox) {
        self.same(surface, "needs you", truth.needs_you, shown.needs_you);
        self.same(surface, "due", truth.due, shown.due);
    }

    pub fn assert_none(&self) {
        assert!(self.0.is_empty(), "the surfaces differ:\n{}", self.0.join("\n"));
    }
}
