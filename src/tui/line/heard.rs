//! What the core says that a screen would show for a while — the connection, a toast, a
//! remark, a failure, what asks a question — taken from the state after each batch of
//! actions; a line is said for each that changed, once.

use crate::tui::model::Connection;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::Confirm;

/// What was said last, to say only what changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Heard {
    connection: Option<String>,
    toast: Option<String>,
    notice: Option<String>,
    error: Option<String>,
    /// What asks, in lines: the question, the choices, the fields.
    asking: Vec<String>,
    sending: bool,
}

impl Heard {
    /// What the state says now.
    pub fn of(state: &AppState) -> Heard {
        let transient = &state.transient;
        Heard {
            connection: connection(&state.server.connection),
            toast: transient.toast.as_ref().map(|toast| toast.text.clone()),
            notice: transient.notice.clone(),
            error: transient.last_error.as_ref().map(|problem| problem.message.clone()),
            // While its write is in flight, what asked waits: said again only if the answer
            // leaves it open (a failure, a field refused).
            asking: (transient.overlay.as_ref())
                .filter(|_| transient.submission.is_none())
                .map(asking)
                .unwrap_or_default(),
            sending: transient.submission.is_some(),
        }
    }

    /// Forgets the remark said: the next line's own remark is said even when it is the same
    /// words (the core takes the old one away when something new is said).
    pub fn forget_notice(&mut self) {
        self.notice = None;
    }

    /// The lines that say what changed since `before`.
    pub fn news(&self, before: &Heard) -> Vec<String> {
        let mut lines = Vec::new();
        let mut say = |now: &Option<String>, then: &Option<String>, prefix: &str| {
            if let Some(text) = now.as_ref().filter(|_| now != then) {
                lines.push(format!("{prefix}{text}"));
            }
        };
        say(&self.connection, &before.connection, "");
        say(&self.error, &before.error, "Problem: ");
        say(&self.notice, &before.notice, "");
        say(&self.toast, &before.toast, "");
        if self.sending && !before.sending {
            lines.push("Sending…".into());
        }
        if self.asking != before.asking {
            lines.extend(self.asking.iter().cloned());
        }
        // A failure to connect is both the connection's state and the last failure: once.
        lines.dedup();
        lines
    }
}

fn connection(connection: &Connection) -> Option<String> {
    Some(match connection {
        Connection::Connecting => "Connecting…".into(),
        Connection::Ready(info) => {
            let organisation = info.organisation.as_deref().map(|name| format!(", {name}"));
            let read_only = if info.read_only { " (read-only)" } else { "" };
            format!(
                "Connected: profile {}{}{read_only}. Type inbox for the replies, help for the words.",
                info.profile,
                organisation.unwrap_or_default()
            )
        }
        Connection::NeedsKey { message, .. } => {
            format!("{message} Type login to enter a key.")
        }
        Connection::Failed { message, .. } => format!("Problem: {message}"),
    })
}

/// What is open over the pane, said as lines ending with how to answer.
fn asking(overlay: &Overlay) -> Vec<String> {
    match overlay {
        Overlay::Confirm(confirm) => question(confirm),
        Overlay::Snooze(prompt) => {
            let mut lines = vec![format!("{}.", prompt.title)];
            lines.extend(prompt.asleep.clone());
            lines.extend(numbered(prompt.choices().iter().map(|choice| (*choice).to_string())));
            lines.extend(prompt.error.clone().map(|error| format!("Problem: {error}")));
            lines.push(
                "Until when? A number, a day (tomorrow, monday, 2026-12-24, 30d), or cancel."
                    .into(),
            );
            lines
        }
        Overlay::Assign(picker) => {
            let mut lines = vec![format!("{}.", picker.title)];
            lines.extend((!picker.now.is_empty()).then(|| picker.now.clone()));
            lines.extend(numbered(picker.choices()));
            lines.push("To whom? A number, or cancel.".into());
            lines
        }
        Overlay::Form(form) => {
            let mut lines = vec![format!("{}.", form.title)];
            lines.extend(form.error.clone().map(|error| format!("Problem: {error}")));
            lines.extend(form.note.clone());
            for (index, field) in form.field_list().into_iter().enumerate() {
                let value = match field.kind {
                    crate::tui::form::FieldKind::Secret if !field.value().is_empty() => "(typed)",
                    _ => field.value(),
                };
                let value = if value.is_empty() {
                    format!("empty, {}", field.hint)
                } else {
                    value.to_string()
                };
                let mut line = format!("{}. {}: {}", index + 1, field.label, value);
                if let crate::tui::form::FieldKind::Choice { labels, .. } = &field.kind {
                    line.push_str(&format!(" (one of {})", labels.join(", ")));
                }
                if let Some(error) = &field.error {
                    line.push_str(&format!(" — problem: {error}"));
                }
                lines.push(line);
            }
            lines.push(if form.discarding {
                "Throw away what was typed? yes or no.".into()
            } else {
                "set N TEXT fills field N (edit N: in your editor); send sends (it asks first); cancel closes.".into()
            });
            lines
        }
        Overlay::Brief(view) => {
            let mut lines = vec![view.title.clone()];
            lines.extend(view.lines.iter().cloned());
            lines
        }
        Overlay::Help { .. } | Overlay::Palette(_) => Vec::new(),
    }
}

/// The question before a write, and how to answer it.
fn question(confirm: &Confirm) -> Vec<String> {
    let mut lines = vec![confirm.title.clone()];
    lines.extend(confirm.lines.iter().cloned());
    lines.extend(confirm.warning.clone().map(|warning| format!("Warning: {warning}")));
    lines.extend(confirm.error.clone().map(|error| format!("Problem: {error}")));
    lines.push(match (confirm.force, confirm.error.is_some()) {
        (true, _) => "A pre-flight check failed: force goes ahead anyway, no cancels.".into(),
        (false, true) => "Try again? yes or no.".into(),
        (false, false) => "yes or no?".into(),
    });
    lines
}

fn numbered(choices: impl IntoIterator<Item = String>) -> Vec<String> {
    choices
        .into_iter()
        .enumerate()
        .map(|(index, choice)| format!("{}. {choice}", index + 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_changed_is_said_once() {
        let quiet = Heard::default();
        let toast =
            Heard { toast: Some("Ann Lee's reply marked handled".into()), ..Heard::default() };
        assert_eq!(toast.news(&quiet), ["Ann Lee's reply marked handled"]);
        assert!(toast.news(&toast).is_empty(), "said once");
        let asked = Heard {
            asking: vec!["Start 'Spring launch'?".into(), "yes or no?".into()],
            ..toast.clone()
        };
        assert_eq!(asked.news(&toast), ["Start 'Spring launch'?", "yes or no?"]);
        let sending = Heard { sending: true, ..Heard::default() };
        assert_eq!(sending.news(&asked), ["Sending…"], "a question going away says nothing");
        let failed = Heard { error: Some("The server did not answer.".into()), ..Heard::default() };
        assert_eq!(failed.news(&sending), ["Problem: The server did not answer."]);
    }
}
