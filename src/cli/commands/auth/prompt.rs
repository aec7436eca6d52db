//! Asking on the terminal: a visible line (the base URL) and a hidden one (the key).
//! Both block; call them from `spawn_blocking`.

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::terminal;
use std::io::{self, BufRead, Write};

/// Leaves raw mode however the read ends, panics included.
struct RawMode;

impl RawMode {
    fn enter() -> io::Result<RawMode> {
        terminal::enable_raw_mode()?;
        Ok(RawMode)
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        let _ = terminal::disable_raw_mode();
    }
}

/// What the hidden read did with one key.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    Continue,
    Done,
    Cancelled,
}

/// Applies one key press to the secret typed so far.
fn apply(secret: &mut String, key: KeyEvent) -> Step {
    if !matches!(key.kind, KeyEventKind::Press | KeyEventKind::Repeat) {
        return Step::Continue;
    }
    let control = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Enter => Step::Done,
        KeyCode::Esc => Step::Cancelled,
        KeyCode::Char('c' | 'd') if control => Step::Cancelled,
        KeyCode::Char('u') if control => {
            secret.clear();
            Step::Continue
        }
        KeyCode::Backspace => {
            secret.pop();
            Step::Continue
        }
        KeyCode::Char(c) if !control => {
            secret.push(c);
            Step::Continue
        }
        _ => Step::Continue,
    }
}

/// Reads a line from the terminal without echoing it; `None` when the user cancelled
/// (Esc, Ctrl-C, Ctrl-D).
pub fn read_hidden(prompt: &str) -> io::Result<Option<String>> {
    let mut stderr = io::stderr();
    let mut secret = String::new();
    let step = {
        // Echo goes off before the prompt shows, so nothing typed after it is ever echoed.
        let _raw = RawMode::enter()?;
        write!(stderr, "{prompt}")?;
        stderr.flush()?;
        loop {
            match event::read()? {
                Event::Key(key) => match apply(&mut secret, key) {
                    Step::Continue => {}
                    done => break done,
                },
                // A paste arrives as one event when the terminal brackets it.
                Event::Paste(text) => secret.push_str(text.trim_end_matches(['\r', '\n'])),
                _ => {}
            }
        }
    };
    writeln!(stderr)?;
    Ok((step == Step::Done).then_some(secret))
}

/// Reads a visible line from standard input; `None` at end of input.
pub fn read_line(prompt: &str) -> io::Result<Option<String>> {
    let mut stderr = io::stderr();
    write!(stderr, "{prompt}")?;
    stderr.flush()?;
    let mut line = String::new();
    let read = io::stdin().lock().read_line(&mut line)?;
    Ok((read > 0).then(|| line.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn typing_editing_and_cancelling() {
        let mut secret = String::new();
        for c in "sk-abx".chars() {
            assert_eq!(
                apply(&mut secret, key(KeyCode::Char(c), KeyModifiers::NONE)),
                Step::Continue
            );
        }
        apply(&mut secret, key(KeyCode::Backspace, KeyModifiers::NONE));
        apply(&mut secret, key(KeyCode::Char('c'), KeyModifiers::NONE));
        assert_eq!(secret, "sk-abc");
        assert_eq!(apply(&mut secret, key(KeyCode::Enter, KeyModifiers::NONE)), Step::Done);
        apply(&mut secret, key(KeyCode::Char('u'), KeyModifiers::CONTROL));
        assert_eq!(secret, "");
        assert_eq!(
            apply(&mut secret, key(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Step::Cancelled
        );
        assert_eq!(apply(&mut secret, key(KeyCode::Esc, KeyModifiers::NONE)), Step::Cancelled);
    }
}
