//! Key bindings from the config file's `[keys]` table: action names (`quit`, `page_down` …)
//! and key names (`q`, `ctrl-d`, `PgDn`, `shift-tab` …), several separated by spaces.

use crate::tui::command::Command;
use crate::tui::keymap::{Binding, Key, Keymap, Scope, Screen};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde::Deserialize;
use serde::de::IntoDeserializer;
use serde::de::value::StrDeserializer;

/// The config name of a command (serde's name for it: `page_down`, `show_meeting`);
/// `None` for one the config cannot rebind.
pub(crate) fn action_name(command: Command) -> Option<String> {
    match serde_json::to_value(command) {
        Ok(serde_json::Value::String(name)) => Some(name),
        _ => None,
    }
}

/// The command a config name stands for.
fn action_named(name: &str) -> Option<Command> {
    let name: StrDeserializer<'_, serde::de::value::Error> = name.into_deserializer();
    Command::deserialize(name).ok()
}

/// Every command the config can rebind, in the order of the default keymap (help's order).
fn actions() -> Vec<(String, Command)> {
    let mut out: Vec<(String, Command)> = Vec::new();
    for binding in Keymap::default().bindings {
        if let Some(name) = action_name(binding.command)
            && !out.iter().any(|(_, command)| *command == binding.command)
        {
            out.push((name, binding.command));
        }
    }
    out
}

/// A command as a warning names it: its config name, or what it does.
fn command_name(command: Command) -> String {
    match (action_name(command), command) {
        (Some(name), _) => name,
        (None, Command::GoTo(pane)) => format!("going to {}", pane.title()),
        (None, Command::ApplyView(_)) => "a saved view".into(),
        (None, other) => format!("{other:?}"),
    }
}

impl Key {
    /// The key as the config file writes it (`ctrl-d`, `pgdn`, `space`): [`parse_key`] reads
    /// it back. For the example config, which a test keeps in step with the keymap.
    #[cfg(test)]
    pub(crate) fn config_name(&self) -> String {
        let base = match self.code {
            KeyCode::Char(' ') => "space".to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Up => "up".into(),
            KeyCode::Down => "down".into(),
            KeyCode::Left => "left".into(),
            KeyCode::Right => "right".into(),
            KeyCode::PageUp => "pgup".into(),
            KeyCode::PageDown => "pgdn".into(),
            KeyCode::Home => "home".into(),
            KeyCode::End => "end".into(),
            KeyCode::Enter => "enter".into(),
            KeyCode::Esc => "esc".into(),
            KeyCode::Tab => "tab".into(),
            KeyCode::BackTab => "shift-tab".into(),
            KeyCode::Backspace => "backspace".into(),
            KeyCode::Delete => "delete".into(),
            KeyCode::F(n) => format!("f{n}"),
            other => format!("{other:?}").to_lowercase(),
        };
        let mut name = String::new();
        if self.modifiers.contains(KeyModifiers::CONTROL) {
            name.push_str("ctrl-");
        }
        if self.modifiers.contains(KeyModifiers::ALT) {
            name.push_str("alt-");
        }
        name + &base
    }
}

/// Reads one key name: a character, a named key, with `ctrl-`/`alt-` in front.
pub(crate) fn parse_key(text: &str) -> Result<Key, String> {
    let mut modifiers = KeyModifiers::NONE;
    let mut rest = text.trim();
    loop {
        let lower = rest.to_lowercase();
        let prefix = ["ctrl-", "ctrl+", "c-", "alt-", "alt+", "m-"]
            .iter()
            .find(|p| lower.starts_with(**p) && rest.len() > p.len());
        match prefix {
            Some(p) => {
                modifiers |=
                    if p.starts_with('c') { KeyModifiers::CONTROL } else { KeyModifiers::ALT };
                rest = &rest[p.len()..];
            }
            None => break,
        }
    }
    let mut chars = rest.chars();
    let code = match (chars.next(), chars.next()) {
        (Some(c), None) => KeyCode::Char(c),
        _ => match rest.to_lowercase().as_str() {
            "up" => KeyCode::Up,
            "down" => KeyCode::Down,
            "left" => KeyCode::Left,
            "right" => KeyCode::Right,
            "pgup" | "pageup" => KeyCode::PageUp,
            "pgdn" | "pagedown" => KeyCode::PageDown,
            "home" => KeyCode::Home,
            "end" => KeyCode::End,
            "enter" | "return" => KeyCode::Enter,
            "esc" | "escape" => KeyCode::Esc,
            "tab" => KeyCode::Tab,
            "backtab" | "shift-tab" | "s-tab" => KeyCode::BackTab,
            "space" => KeyCode::Char(' '),
            "backspace" => KeyCode::Backspace,
            "delete" | "del" => KeyCode::Delete,
            other => match other.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
                Some(n) if (1..=12).contains(&n) => KeyCode::F(n),
                _ => {
                    return Err(format!(
                        "'{text}' is not a key: use a character, ctrl-x, or a name like PgDn, Enter, Esc, Tab, F5"
                    ));
                }
            },
        },
    };
    Ok(Key { code, modifiers })
}

impl Keymap {
    /// Binds `keys` (space-separated key names) to the action called `action`, replacing its
    /// default keys everywhere the action is bound.
    pub(crate) fn rebind(&mut self, action: &str, keys: &str) -> Result<(), String> {
        let command = action_named(action.trim()).ok_or_else(|| {
            let names: Vec<String> = actions().into_iter().map(|(name, _)| name).collect();
            format!("'{action}' is no action; the actions are {}", names.join(", "))
        })?;
        let parsed =
            keys.split_whitespace().map(parse_key).collect::<Result<Vec<Key>, String>>()?;
        if parsed.is_empty() {
            return Err(format!("no key given for '{action}'"));
        }
        for binding in self.bindings.iter_mut().filter(|b| b.command == command) {
            binding.keys = parsed.clone();
        }
        Ok(())
    }

    /// Binds each saved view's `key` (its place among `keyed`) everywhere; one message per
    /// key that cannot be read. A key taken already is reported with the collisions.
    pub(crate) fn bind_views(&mut self, keyed: &[(&str, &str)]) -> Vec<String> {
        let mut problems = Vec::new();
        for (index, (name, keys)) in keyed.iter().enumerate() {
            let Ok(place) = u8::try_from(index) else { break };
            match keys.split_whitespace().map(parse_key).collect::<Result<Vec<Key>, String>>() {
                Ok(keys) if !keys.is_empty() => self.bindings.push(Binding {
                    keys,
                    command: Command::ApplyView(place),
                    scope: Scope::Global,
                    help: "apply a saved view (:view NAME)",
                }),
                Ok(_) => {}
                Err(problem) => problems.push(format!("view '{name}': key: {problem}")),
            }
        }
        problems
    }

    /// Applies the config file's `[keys]` table; one message per entry that could not be used
    /// (that action keeps its default keys).
    pub(crate) fn apply<'a>(
        &mut self,
        entries: impl IntoIterator<Item = (&'a String, &'a String)>,
    ) -> Vec<String> {
        entries
            .into_iter()
            .filter_map(|(action, keys)| {
                self.rebind(action, keys).err().map(|e| format!("keys.{action}: {e}"))
            })
            .collect()
    }
}

impl Keymap {
    /// A binding's help with each `{action}` in it replaced by that action's key as bound, so
    /// help names the keys the user chose.
    pub(crate) fn help_of(&self, binding: &Binding) -> String {
        let mut out = String::new();
        let mut rest = binding.help;
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}').map(|n| open + n) else { break };
            out.push_str(&rest[..open]);
            let name = &rest[open + 1..close];
            let key = action_named(name).and_then(|command| self.key_for(command));
            out.push_str(key.as_deref().unwrap_or(name));
            rest = &rest[close + 1..];
        }
        out + rest
    }

    /// Keys bound to two actions that work on one screen: one sentence each, naming the key,
    /// both actions and which one the key does there (the more specific scope's).
    pub(crate) fn collisions(&self) -> Vec<String> {
        let mut found: Vec<(String, Command, Command)> = Vec::new();
        for screen in Screen::all() {
            let scopes = screen.scopes();
            for binding in self.active(&scopes) {
                for key in &binding.keys {
                    let event = KeyEvent::new(key.code, key.modifiers);
                    let Some(winner) = self.lookup(&event, &scopes) else { continue };
                    let clash = (key.label(), winner, binding.command);
                    if winner != binding.command && !found.contains(&clash) {
                        found.push(clash);
                    }
                }
            }
        }
        found
            .into_iter()
            .map(|(key, winner, loser)| {
                let (winner, loser) = (command_name(winner), command_name(loser));
                // Short enough for the status bar at 80 columns; `?` says it beside the key.
                format!("keys: {key} does {winner}, not {loser} (see ?)")
            })
            .collect()
    }

    /// The keys of `binding` that do something else on this screen (another binding of the
    /// active scopes wins them), with the action they do.
    pub(crate) fn taken_from(&self, binding: &Binding, scopes: &[Scope]) -> Vec<(String, String)> {
        binding
            .keys
            .iter()
            .filter_map(|key| {
                let event = KeyEvent::new(key.code, key.modifiers);
                let winner = self.lookup(&event, scopes)?;
                (winner != binding.command).then(|| (key.label(), command_name(winner).to_string()))
            })
            .collect()
    }

    /// The `[keys]` table of the example config: every action the config can rebind, with its
    /// keys as they are bound, commented out (a test holds `assets/config.example.toml` to it).
    #[cfg(test)]
    pub(crate) fn example_keys(&self) -> String {
        let mut out = String::from("# [keys]\n");
        for (name, command) in actions() {
            let keys = self
                .bindings
                .iter()
                .find(|b| b.command == command)
                .map(|b| b.keys.iter().map(Key::config_name).collect::<Vec<_>>().join(" "));
            if let Some(keys) = keys {
                out.push_str(&format!("# {name} = \"{keys}\"\n"));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_names_read_as_written_in_help() {
        assert_eq!(parse_key("ctrl-d").unwrap(), Key::ctrl('d'));
        assert_eq!(parse_key("C-d").unwrap(), Key::ctrl('d'));
        assert_eq!(parse_key("PgDn").unwrap(), Key::plain(KeyCode::PageDown));
        assert_eq!(parse_key("shift-tab").unwrap(), Key::plain(KeyCode::BackTab));
        assert_eq!(parse_key("-").unwrap(), Key::ch('-'));
        assert_eq!(parse_key("F5").unwrap(), Key::plain(KeyCode::F(5)));
        assert!(parse_key("hyper-x").unwrap_err().contains("not a key"));
    }

    #[test]
    fn rebinding_replaces_the_default_keys() {
        let mut keymap = Keymap::default();
        keymap.rebind("quit", "x ctrl-q").unwrap();
        let scopes = [crate::tui::keymap::Scope::Global];
        let press = |code| KeyEvent::new(code, KeyModifiers::NONE);
        assert_eq!(keymap.lookup(&press(KeyCode::Char('x')), &scopes), Some(Command::Quit));
        assert_eq!(keymap.lookup(&press(KeyCode::Char('q')), &scopes), None);
        let problems = keymap.apply([(&"launch".to_string(), &"l".to_string())]);
        assert!(problems[0].contains("'launch' is no action"), "{problems:?}");
    }

    #[test]
    fn every_key_name_reads_back() {
        let keymap = Keymap::default();
        for binding in &keymap.bindings {
            for key in &binding.keys {
                assert_eq!(parse_key(&key.config_name()), Ok(*key), "{}", key.config_name());
            }
        }
    }

    #[test]
    fn the_example_config_lists_every_action_with_its_keys() {
        let example = include_str!("../../../assets/config.example.toml");
        let keys = Keymap::default().example_keys();
        assert!(
            example.contains(&keys),
            "assets/config.example.toml should end its [keys] part with:\n{keys}"
        );
        for (name, _) in actions() {
            assert!(example.contains(&format!("\n# {name} = \"")), "{name} is not listed");
        }
    }

    #[test]
    fn the_default_keys_collide_nowhere_and_a_rebinding_that_does_is_named() {
        assert_eq!(Keymap::default().collisions(), Vec::<String>::new());
        let mut keymap = Keymap::default();
        keymap.rebind("add_dnc", "ctrl-d").unwrap();
        assert_eq!(keymap.collisions(), ["keys: Ctrl-d does half_page_down, not add_dnc (see ?)"]);
    }

    #[test]
    fn help_names_the_keys_as_bound() {
        let mut keymap = Keymap::default();
        let mark = |keymap: &Keymap| {
            let binding = keymap.bindings.iter().find(|b| b.command == Command::MarkRow).unwrap();
            keymap.help_of(binding)
        };
        assert_eq!(mark(&keymap), "mark: e d D act on the marked rows, Esc clears");
        keymap.rebind("handle", "x").unwrap();
        assert_eq!(mark(&keymap), "mark: x d D act on the marked rows, Esc clears");
    }
}
