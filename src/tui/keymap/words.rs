//! The line mode's words: one for every command of the dashboard, a row number after those
//! that act on a row (`handle 3`), and the answers to what asks (`yes`, `no`, `3`, `set 2
//! text`). What is not a word of its own but a palette command (`dnc add a@b.com`, `group
//! replied`) runs as the palette would run it.

use crate::tui::command::Command;
use crate::tui::intent::Intent;
use crate::tui::model::{Pane, Shelf};

/// What is printed once a word has run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Then {
    /// The rows of the list in view, once loaded.
    Rows,
    /// The item opened: its detail or e-mail chain, once read.
    Item,
    /// The row now selected.
    Selected,
    /// Only what the core announces (a toast, a question, a problem).
    Said,
}

/// What a word does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Does {
    /// Run the dashboard's command, on the row numbered after the word when one is.
    Command(Command),
    /// Words after it go to the palette as `word …`; alone it runs the command.
    Palette(Command),
    /// The rows of this pane.
    List(Pane),
    /// A palette command with no key of its own: the words after it go with it.
    Line,
    /// The replies of one category, named after the word (`show interested`).
    Shelf,
    /// The next rows of the list printed last.
    More,
    /// The words.
    Help,
    /// Leave.
    Quit,
}

/// One word: what it does, what it takes, what is printed after, what it is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word {
    pub word: &'static str,
    pub args: &'static str,
    pub does: Does,
    pub then: Then,
    pub help: &'static str,
}

const fn w(
    word: &'static str,
    args: &'static str,
    does: Does,
    then: Then,
    help: &'static str,
) -> Word {
    Word { word, args, does, then, help }
}

use Command as C;
use Does as D;
use Then as T;

/// Every word, in the order `help` lists them.
pub const WORDS: &[Word] = &[
    w("inbox", "", D::List(Pane::Exchanges), T::Rows, "the replies, numbered"),
    w("todo", "", D::Command(C::NeedsYou), T::Rows, "what needs you"),
    w("overview", "", D::List(Pane::Overview), T::Rows, "the Overview's numbers"),
    w("campaigns", "", D::List(Pane::Campaigns), T::Rows, "the campaigns"),
    w("exchanges", "", D::List(Pane::Exchanges), T::Rows, "the exchanges (as inbox)"),
    w("meetings", "", D::List(Pane::Meetings), T::Rows, "the meetings"),
    w("bots", "", D::List(Pane::Bots), T::Rows, "the bots"),
    w("contacts", "", D::List(Pane::Contacts), T::Rows, "the contacts"),
    w("refresh", "", D::Command(C::Refresh), T::Rows, "read the list anew"),
    w("list", "", D::Command(C::Refresh), T::Rows, "the rows again, read anew"),
    w("more", "", D::More, T::Said, "the next rows"),
    w("open", "N", D::Command(C::Open), T::Item, "read row N: its detail or e-mail chain"),
    w("back", "", D::Command(C::Back), T::Rows, "close what is open, clear the filter"),
    w("jump", "[N]", D::Command(C::Jump), T::Item, "go to what row N relates to"),
    w("return", "", D::Command(C::JumpBack), T::Rows, "back from a jump"),
    w("next", "", D::Command(C::NextUnhandled), T::Selected, "the next unhandled reply"),
    w("previous", "", D::Command(C::PrevUnhandled), T::Selected, "the previous unhandled reply"),
    w("down", "", D::Command(C::Down), T::Selected, "the row below"),
    w("up", "", D::Command(C::Up), T::Selected, "the row above"),
    w("top", "", D::Command(C::Top), T::Selected, "the first row"),
    w("bottom", "", D::Command(C::Bottom), T::Selected, "the last row"),
    w("page-down", "", D::Command(C::PageDown), T::Selected, "a page down"),
    w("page-up", "", D::Command(C::PageUp), T::Selected, "a page up"),
    w("half-down", "", D::Command(C::HalfPageDown), T::Selected, "half a page down"),
    w("half-up", "", D::Command(C::HalfPageUp), T::Selected, "half a page up"),
    w("left", "", D::Command(C::Left), T::Selected, "the Overview's tile to the left"),
    w("right", "", D::Command(C::Right), T::Selected, "the Overview's tile to the right"),
    w("next-pane", "", D::Command(C::NextPane), T::Rows, "the next pane"),
    w("previous-pane", "", D::Command(C::PrevPane), T::Rows, "the previous pane"),
    w("handle", "[N]", D::Command(C::Handle), T::Said, "mark reply N handled"),
    w("unhandle", "[N]", D::Command(C::Unhandle), T::Said, "reply N not handled after all"),
    w("undo", "", D::Command(C::Undo), T::Said, "undo the last handle or snooze"),
    w("unsnooze", "[N]", D::Line, T::Said, "bring snoozed reply N back now"),
    w(
        "snooze",
        "N [WHEN]",
        D::Palette(C::Snooze),
        T::Said,
        "hide reply N until tomorrow, 3d, monday…",
    ),
    w("mark", "N", D::Command(C::MarkRow), T::Said, "mark row N for handle, snooze, dnc together"),
    w(
        "mark-range",
        "N",
        D::Command(C::MarkRange),
        T::Said,
        "mark from here to row N (say it at both ends)",
    ),
    w(
        "handled",
        "",
        D::Command(C::ToggleHandled),
        T::Rows,
        "handled replies hidden, shown, only snoozed",
    ),
    w("show", "CATEGORY", D::Shelf, T::Rows, "only one category: interested, meeting, all…"),
    w("whose", "", D::Command(C::CycleWhose), T::Rows, "everyone's replies, mine, unassigned"),
    w("group", "replied/meeting-booked", D::Line, T::Rows, "which exchanges the server lists"),
    w("assign", "N [NAME]", D::Palette(C::Assign), T::Said, "assign reply N (team store)"),
    w("assign-me", "[N]", D::Command(C::AssignToMe), T::Said, "assign reply N to me"),
    w("start", "N", D::Command(C::StartCampaign), T::Said, "start campaign N (asks first)"),
    w("upload", "[N]", D::Command(C::UploadContact), T::Said, "add a contact to campaign N"),
    w("add-contact", "", D::Command(C::AddContact), T::Said, "add a contact"),
    w("contact", "add [EMAIL] [org:NAME]", D::Line, T::Said, "add a contact, its address given"),
    w(
        "dnc",
        "[N]",
        D::Palette(C::AddDnc),
        T::Said,
        "do not contact: row N's address (or dnc add …)",
    ),
    w("dnc-domain", "[N]", D::Command(C::AddDncDomain), T::Said, "do not contact: row N's domain"),
    w("honour", "[N]", D::Command(C::HonourOptOut), T::Said, "do not contact: opt-out N of todo"),
    w(
        "honour-all",
        "",
        D::Command(C::HonourOptOuts),
        T::Said,
        "do not contact: every opt-out of todo",
    ),
    w(
        "put-away",
        "",
        D::Command(C::PutOldRepliesAway),
        T::Said,
        "mark replies quiet 14 days handled",
    ),
    w("conversion", "[N]", D::Command(C::LogConversion), T::Said, "log a conversion for row N"),
    w("filters", "", D::Command(C::EditQuery), T::Said, "the server-side filters of the list"),
    w("filter", "TEXT", D::Palette(C::Filter), T::Rows, "only rows matching TEXT; alone: all"),
    w("sort", "[COLUMN]", D::Palette(C::CycleSort), T::Rows, "sort by a column; alone: the next"),
    w("view", "NAME", D::Palette(C::ApplyView(0)), T::Rows, "a saved view"),
    w("range", "", D::Command(C::CycleRange), T::Rows, "results of 7, 30 or 90 days"),
    w("preview", "", D::Command(C::TogglePreview), T::Said, "the screen's preview on or off"),
    w(
        "quotes",
        "",
        D::Command(C::ToggleQuotes),
        T::Item,
        "show or fold the chain's quoted history",
    ),
    w("next-message", "", D::Command(C::NextMessage), T::Said, "the chain's next message"),
    w("previous-message", "", D::Command(C::PrevMessage), T::Said, "the chain's previous message"),
    w(
        "copy",
        "[N]",
        D::Command(C::Copy),
        T::Said,
        "copy row N, or the open chain (copy 2: its link 2)",
    ),
    w(
        "link",
        "[N]",
        D::Command(C::OpenLink),
        T::Said,
        "open the item's link (link 2: the chain's link 2)",
    ),
    w("page", "[N]", D::Command(C::Pipe), T::Said, "print row N's item whole"),
    w("login", "", D::Command(C::Login), T::Said, "enter a new key for this profile"),
    w(
        "profile",
        "[NAME]",
        D::Palette(C::SwitchProfile),
        T::Said,
        "switch profile; alone: the next",
    ),
    w("palette", "LINE", D::Palette(C::Palette), T::Said, "a palette line (also : LINE)"),
    w("keys", "", D::Command(C::Help), T::Said, "the dashboard's keys"),
    w("help", "", D::Help, T::Said, "these words"),
    w("quit", "", D::Quit, T::Said, "leave"),
];

/// The categories `show` takes, as the dashboard's shelves.
pub const SHELVES: &[(&str, Shelf)] = &[
    ("all", Shelf::All),
    ("interested", Shelf::Interested),
    ("meeting", Shelf::Meeting),
    ("referral", Shelf::Referral),
    ("converted", Shelf::Converted),
    ("not-now", Shelf::NotNow),
    ("waiting", Shelf::Waiting),
    ("not-interested", Shelf::NotInterested),
    ("unsubscribe", Shelf::Unsubscribe),
    ("other", Shelf::Other),
];

/// The answers to what asks, for `help`.
pub const ANSWERS: &[(&str, &str)] = &[
    ("yes / no", "answer a question before a write"),
    ("force", "yes where a pre-flight check failed, knowingly"),
    ("N", "choose line N of a prompt or list; alone, open row N"),
    ("set N TEXT", "put TEXT in field N of a form"),
    ("edit N", "write field N of a form in your editor ($VISUAL, $EDITOR)"),
    ("send", "send the form (it asks first)"),
    ("cancel", "close the prompt or form"),
];

/// The word that gives `intent` to what asks, as `help` lists the answers (or a word of
/// its own); every intent has one (a new one fails to build here until it is given one).
pub fn answer_word(intent: &Intent) -> &'static str {
    match intent {
        Intent::Yes => "yes",
        Intent::YesDespiteChecks => "force",
        Intent::No => "no",
        Intent::Submit => "send",
        Intent::Cancel => "cancel",
        Intent::Next | Intent::Move(_) => "down",
        Intent::Previous => "up",
        Intent::Pick(_) => "N",
        // A key that edits a line: the line mode gives the line whole instead.
        Intent::Type(_) | Intent::Edit(_) | Intent::Insert(_) | Intent::Cycle { .. } => "set",
        Intent::Complete => "palette",
        Intent::OpenEditor => "edit",
    }
}

/// What a line says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    Nothing,
    /// A word, the row after it (counted from 0) and the words after that.
    Word {
        word: &'static Word,
        row: Option<usize>,
        rest: String,
    },
    /// A bare number: open that row.
    Row(usize),
    /// A line for the palette (`: dnc add a@b.com`).
    Palette(String),
    /// No word of ours; the palette may know it.
    Unknown(String),
}

/// Reads one line typed.
pub fn read(line: &str) -> Said {
    let line = line.trim();
    if line.is_empty() {
        return Said::Nothing;
    }
    if let Some(palette) = line.strip_prefix(':') {
        return Said::Palette(palette.trim().to_string());
    }
    let (first, rest) = split(line);
    if let Some(row) = row_number(first) {
        return Said::Row(row);
    }
    let lowered = first.to_lowercase();
    let Some(word) = WORDS.iter().find(|word| word.word == lowered) else {
        return Said::Unknown(line.to_string());
    };
    let (row, rest) = match split(rest) {
        (number, after) if row_number(number).is_some() => (row_number(number), after),
        _ => (None, rest),
    };
    Said::Word { word, row, rest: rest.to_string() }
}

/// A row's number as typed (from 1), counted from 0.
pub fn row_number(text: &str) -> Option<usize> {
    text.parse::<usize>().ok().filter(|n| *n > 0).map(|n| n - 1)
}

/// The first word and the rest, trimmed.
pub fn split(text: &str) -> (&str, &str) {
    let text = text.trim();
    let (first, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    (first, rest.trim())
}

/// The category `show` names.
pub fn shelf(text: &str) -> Option<Shelf> {
    let wanted = text.trim().to_lowercase().replace(' ', "-");
    SHELVES.iter().find(|(name, _)| *name == wanted).map(|(_, shelf)| *shelf)
}

/// The word that gives `command`, if any: how a test checks every command has one.
pub fn word_for(command: Command) -> Option<&'static str> {
    let named = |does: &Does| match (does, command) {
        (Does::Command(c) | Does::Palette(c), _) if *c == command => true,
        // A saved view's key: `view NAME` applies any of them.
        (Does::Palette(Command::ApplyView(_)), Command::ApplyView(_)) => true,
        (Does::List(pane), Command::GoTo(to)) => *pane == to,
        (Does::Shelf, Command::ShowCategory(wanted)) => SHELVES.iter().any(|(_, s)| *s == wanted),
        // Quitting is the line mode's own word: it leaves whatever is open.
        (Does::Quit, Command::Quit) => true,
        _ => false,
    };
    WORDS.iter().find(|word| named(&word.does)).map(|word| word.word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_takes_a_row_and_what_follows() {
        let Said::Word { word, row, rest } = read("snooze 3 next monday") else { panic!() };
        assert_eq!((word.word, row, rest.as_str()), ("snooze", Some(2), "next monday"));
        let Said::Word { word, row, rest } = read("Handle") else { panic!() };
        assert_eq!((word.word, row, rest.as_str()), ("handle", None, ""));
        assert_eq!(read("3"), Said::Row(2));
        assert_eq!(read(": dnc add a@b.com"), Said::Palette("dnc add a@b.com".into()));
        assert_eq!(read("frobnicate 3"), Said::Unknown("frobnicate 3".into()));
        assert_eq!(read("   "), Said::Nothing);
    }

    /// A new dashboard command, key or palette line without a word here fails this test.
    #[test]
    fn every_dashboard_command_has_a_word() {
        let keymap = crate::tui::keymap::Keymap::default();
        let mut commands = keymap.commands();
        commands.extend([Command::ApplyView(0), Command::Quit, Command::Palette]);
        let missing: Vec<Command> =
            commands.into_iter().filter(|command| word_for(*command).is_none()).collect();
        assert!(missing.is_empty(), "no line-mode word for {missing:?}");
        let unnamed: Vec<&str> = (crate::tui::palette::ENTRIES.iter())
            .map(|entry| entry.name)
            .filter(|name| !WORDS.iter().any(|word| word.word == *name))
            .collect();
        assert!(unnamed.is_empty(), "palette commands with no line-mode word: {unnamed:?}");
    }

    /// docs/ACCESSIBLE.md lists every word as `help` says it; when one is missing, the
    /// table it wants is printed.
    #[test]
    fn the_guide_lists_every_word() {
        let guide = include_str!("../../../docs/ACCESSIBLE.md");
        let rows: Vec<String> = WORDS
            .iter()
            .map(|word| {
                let args =
                    if word.args.is_empty() { String::new() } else { format!(" {}", word.args) };
                format!("| `{}{args}` | {} |", word.word, word.help)
            })
            .collect();
        let missing: Vec<&String> =
            rows.iter().filter(|row| !guide.contains(row.as_str())).collect();
        assert!(missing.is_empty(), "missing {missing:?}; the table:\n{}", rows.join("\n"));
    }

    /// Every answer a key gives to a dialog has a word the line mode takes.
    #[test]
    fn every_answer_has_a_word() {
        use crate::tui::keymap::intents::{Dialog, FormFocus, intent};
        use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let dialogs = [
            Dialog::Confirm { force: false },
            Dialog::Confirm { force: true },
            Dialog::Snooze { typed: false },
            Dialog::Assign,
            Dialog::Brief,
            Dialog::Form(FormFocus::default()),
            Dialog::Form(FormFocus { choice: true, lines: false, advance: true }),
            Dialog::Form(FormFocus { choice: false, lines: true, advance: false }),
            Dialog::Discard,
            Dialog::Help,
            Dialog::Palette,
            Dialog::Filter,
            Dialog::Link,
        ];
        let codes = [
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Tab,
            KeyCode::BackTab,
            KeyCode::Down,
            KeyCode::Up,
            KeyCode::PageDown,
            KeyCode::Char('y'),
            KeyCode::Char('n'),
            KeyCode::Char('F'),
            KeyCode::Char('1'),
            KeyCode::Char('j'),
            KeyCode::Char('G'),
            KeyCode::Right,
        ];
        let keymap = crate::tui::keymap::Keymap::default();
        let answered: Vec<&str> = ANSWERS
            .iter()
            .flat_map(|(words, _)| words.split(" / "))
            .filter_map(|words| words.split_whitespace().next())
            .chain(WORDS.iter().map(|word| word.word))
            .collect();
        for dialog in dialogs {
            for code in codes {
                for modifiers in [KeyModifiers::NONE, KeyModifiers::CONTROL] {
                    let key = KeyEvent::new(code, modifiers);
                    let Some(given) = intent(dialog, &key, &keymap) else { continue };
                    let word = answer_word(&given);
                    assert!(answered.contains(&word), "{dialog:?} {key:?}: no word '{word}'");
                }
            }
        }
        assert!(answered.contains(&answer_word(&Intent::OpenEditor)));
    }

    #[test]
    fn every_word_is_listed_once() {
        let mut names: Vec<&str> = WORDS.iter().map(|word| word.word).collect();
        names.sort_unstable();
        let count = names.len();
        names.dedup();
        assert_eq!(names.len(), count, "a word twice");
    }
}
