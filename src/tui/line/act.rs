//! A line typed, turned into what the core is told: intents for what asks, commands and
//! palette lines otherwise, a row picked first where a number names one. Nothing here
//! changes the state: the core does, through `update`.

use crate::tui::action::Action;
use crate::tui::command::Command;
use crate::tui::intent::Intent;
use crate::tui::keymap::words::{self, ANSWERS, Does, Said, Then, WORDS, Word};
use crate::tui::palette::{ENTRIES, PaletteAction, parse};
use crate::tui::state::{AppState, Overlay};

/// What to do about a line.
#[derive(Debug, Default)]
pub struct Reply {
    /// Told to the core, in order.
    pub actions: Vec<Action>,
    /// What to print once they ran.
    pub then: Option<Then>,
    /// Said at once (help, a word misused).
    pub lines: Vec<String>,
    /// The next rows of the list printed last.
    pub more: bool,
    pub quit: bool,
}

impl Reply {
    fn said(lines: Vec<String>) -> Reply {
        Reply { lines, ..Reply::default() }
    }
}

/// What `line` asks of the core, as the state stands.
pub fn reply(state: &AppState, line: &str) -> Reply {
    let said = words::read(line);
    if let Some(overlay) = state.transient.overlay.as_ref().filter(|o| asks(o)) {
        return answer(overlay, line, said);
    }
    match said {
        Said::Nothing => Reply::default(),
        // After `copy` or `link` in a chain: the number is the link's.
        Said::Row(link) if links_armed(state) => Reply {
            actions: vec![Action::Intent(Intent::Pick(link))],
            then: Some(Then::Said),
            ..Reply::default()
        },
        Said::Row(row) => Reply {
            actions: vec![Action::Intent(Intent::Pick(row)), Action::Command(Command::Open)],
            then: Some(Then::Item),
            ..Reply::default()
        },
        Said::Palette(line) if line.is_empty() => Reply::said(palette_help()),
        Said::Palette(line) => palette(&line),
        Said::Unknown(line) => unknown(&line),
        Said::Word { word, row, rest } => run(state, word, row, &rest),
    }
}

/// Whether `copy` or `link` waits for a link's number.
fn links_armed(state: &AppState) -> bool {
    use crate::tui::outside::Armed;
    matches!(state.outside.armed, Some(Armed::CopyLink { .. } | Armed::OpenLink { .. }))
}

/// Whether what is open takes answers (help and the palette are not opened by the line mode).
fn asks(overlay: &Overlay) -> bool {
    !matches!(overlay, Overlay::Help { .. } | Overlay::Palette(_))
}

fn run(state: &AppState, word: &'static Word, row: Option<usize>, rest: &str) -> Reply {
    let mut actions: Vec<Action> =
        row.map(|row| Action::Intent(Intent::Pick(row))).into_iter().collect();
    let then = Some(word.then);
    let command = match word.does {
        Does::Help => return Reply::said(help()),
        Does::Quit => return Reply { quit: true, ..Reply::default() },
        Does::More => return Reply { more: true, ..Reply::default() },
        Does::List(pane) => Command::GoTo(pane),
        Does::Line => {
            let line = if rest.is_empty() {
                word.word.to_string()
            } else {
                format!("{} {rest}", word.word)
            };
            actions.push(Action::Line(line));
            return Reply { actions, then, ..Reply::default() };
        }
        Does::Shelf => match words::shelf(rest) {
            Some(shelf) => Command::ShowCategory(shelf),
            None => {
                let names: Vec<&str> = words::SHELVES.iter().map(|(name, _)| *name).collect();
                return Reply::said(vec![format!("show takes one of: {}.", names.join(", "))]);
            }
        },
        Does::Command(Command::Help) => return Reply::said(keys_help(state)),
        Does::Palette(Command::Palette) if rest.is_empty() => return Reply::said(palette_help()),
        Does::Palette(Command::Palette) => return palette(rest),
        // The filter as the dashboard types it: opened, its text given, kept (alone: the
        // filter cleared).
        Does::Palette(Command::Filter) => {
            let answers = if rest.is_empty() {
                vec![Intent::Cancel]
            } else {
                vec![Intent::Type(rest.to_string()), Intent::Submit]
            };
            actions.push(Action::Command(Command::Filter));
            actions.extend(answers.into_iter().map(Action::Intent));
            return Reply { actions, then, ..Reply::default() };
        }
        Does::Palette(_) if !rest.is_empty() => {
            actions.push(Action::Line(format!("{} {rest}", palette_name(word))));
            return Reply { actions, then, ..Reply::default() };
        }
        // Alone, these are palette lines too: the filter cleared, the views listed, the
        // next profile (the dashboard's own command would wait for keys).
        Does::Palette(Command::ApplyView(_) | Command::SwitchProfile) => {
            actions.push(Action::Line(palette_name(word).to_string()));
            return Reply { actions, then, ..Reply::default() };
        }
        // In an open chain the number is a link's: asked after the word, not before it.
        Does::Command(command @ (Command::Copy | Command::OpenLink))
            if state.opened_chain().is_some() && row.is_some() =>
        {
            let link = row.map(|link| Action::Intent(Intent::Pick(link)));
            let actions = std::iter::once(Action::Command(command)).chain(link).collect();
            return Reply { actions, then, ..Reply::default() };
        }
        Does::Palette(command) | Does::Command(command) => {
            if !rest.is_empty() {
                let args =
                    if word.args.is_empty() { "nothing".into() } else { word.args.to_string() };
                return Reply::said(vec![format!(
                    "{} takes {args}, not '{rest}'. Type help for the words.",
                    word.word
                )]);
            }
            command
        }
    };
    actions.push(Action::Command(command));
    Reply { actions, then, ..Reply::default() }
}

/// The palette's name for a word that passes its words on (`dnc add …`).
fn palette_name(word: &Word) -> &'static str {
    word.word
}

/// An answer to what asks: yes, no, a number, a field's text.
fn answer(overlay: &Overlay, line: &str, said: Said) -> Reply {
    let intent = |intents: Vec<Intent>| Reply {
        actions: intents.into_iter().map(Action::Intent).collect(),
        then: Some(Then::Said),
        ..Reply::default()
    };
    let typed = line.trim();
    let (first, rest) = words::split(typed);
    match (first.to_lowercase().as_str(), &said) {
        ("help", _) => return Reply::said(help()),
        ("quit", _) => return Reply { quit: true, ..Reply::default() },
        ("yes" | "y", _) => return intent(vec![Intent::Yes]),
        ("no" | "n", _) => return intent(vec![Intent::No]),
        ("force", _) => return intent(vec![Intent::YesDespiteChecks]),
        ("cancel", _) => return intent(vec![Intent::Cancel]),
        ("send", _) if matches!(overlay, Overlay::Form(_)) => return intent(vec![Intent::Submit]),
        ("edit", _) if matches!(overlay, Overlay::Form(_)) => {
            return match words::row_number(rest) {
                Some(field) => intent(vec![Intent::Pick(field), Intent::OpenEditor]),
                None => Reply::said(vec!["edit takes a field's number: edit 2".into()]),
            };
        }
        ("set", _) if matches!(overlay, Overlay::Form(_)) => {
            let (number, text) = words::split(rest);
            return match words::row_number(number) {
                Some(field) => intent(vec![Intent::Pick(field), Intent::Type(text.to_string())]),
                None => Reply::said(vec![
                    "set takes a field's number and its text: set 2 ann@acme.tech".into(),
                ]),
            };
        }
        (_, Said::Row(choice)) if !matches!(overlay, Overlay::Form(_)) => {
            return intent(vec![Intent::Pick(*choice)]);
        }
        _ => {}
    }
    match overlay {
        Overlay::Snooze(_) if !typed.is_empty() => {
            intent(vec![Intent::Type(typed.to_string()), Intent::Submit])
        }
        Overlay::Confirm(_) => {
            Reply::said(vec!["Answer yes or no (force where a check failed).".into()])
        }
        Overlay::Form(_) => {
            Reply::said(vec!["Answer the form: set N TEXT, edit N, send, or cancel.".into()])
        }
        _ => Reply::said(vec!["Answer with a number, or cancel.".into()]),
    }
}

/// A palette line: run when the palette reads it, else why not.
fn palette(line: &str) -> Reply {
    match parse(line) {
        // A group of organisations opened: its lines are printed once read.
        Ok(action) => Reply {
            actions: vec![Action::Line(line.to_string())],
            then: Some(match action {
                PaletteAction::Orgs(_) => Then::Rows,
                _ => Then::Said,
            }),
            ..Reply::default()
        },
        Err(why) => Reply::said(vec![why]),
    }
}

/// A line whose first word is none of ours: the palette's, or a clear no.
fn unknown(line: &str) -> Reply {
    let (first, _) = words::split(line);
    let known = crate::tui::palette::suggestions(first);
    if !known.is_empty() && parse(line).is_ok() {
        return palette(line);
    }
    Reply::said(vec![format!(
        "No word '{}'. Type help for the words (inbox, open 3, handle 3, quit …).",
        crate::text::sanitize(first)
    )])
}

/// Every word, what it takes and does; then the answers.
pub fn help() -> Vec<String> {
    let mut lines = vec!["Words (N is a row's number as listed):".to_string()];
    for word in WORDS {
        let args = if word.args.is_empty() { String::new() } else { format!(" {}", word.args) };
        lines.push(format!("{}{args} — {}", word.word, word.help));
    }
    lines.push("When something asks:".into());
    lines.extend(ANSWERS.iter().map(|(words, what)| format!("{words} — {what}")));
    lines.push(
        "Any palette line runs too: : group replied, : dnc add a@b.com, : conversion ann@acme.tech"
            .into(),
    );
    lines
}

fn palette_help() -> Vec<String> {
    let mut lines = vec!["Palette lines (type : then the line):".to_string()];
    lines.extend(ENTRIES.iter().map(|entry| {
        let args = if entry.args.is_empty() { String::new() } else { format!(" {}", entry.args) };
        format!("{}{args} — {}", entry.name, entry.help)
    }));
    lines
}

/// The dashboard's keys as bound, for someone who also uses it: each word's key.
fn keys_help(state: &AppState) -> Vec<String> {
    let keymap = &state.env.keymap;
    let mut lines = vec!["The dashboard's keys for these words:".to_string()];
    for word in WORDS {
        if let Does::Command(command) | Does::Palette(command) = word.does
            && let Some(key) = keymap.key_for(command)
        {
            lines.push(format!("{} — {key}", word.word));
        }
    }
    lines
}
