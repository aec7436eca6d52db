//! Colours by role. `NO_COLOR` gives a theme of modifiers only, where the selection is still
//! visible by reverse video; the config file can recolour any role by name.

use crate::api::StatusKind;
use ratatui::style::{Color, Modifier, Style};
use std::str::FromStr;

/// The style of every role the views use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    pub text: Style,
    pub dim: Style,
    pub accent: Style,
    pub title: Style,
    pub border: Style,
    pub header: Style,
    pub selected: Style,
    pub tab_active: Style,
    pub tab_inactive: Style,
    pub status_bar: Style,
    pub key: Style,
    pub positive: Style,
    pub neutral: Style,
    pub negative: Style,
    pub warning: Style,
    pub error: Style,
    pub quote: Style,
    pub link: Style,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            text: Style::new(),
            dim: Style::new().fg(Color::DarkGray),
            accent: Style::new().fg(Color::Cyan),
            title: Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            border: Style::new().fg(Color::DarkGray),
            header: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            selected: Style::new().bg(Color::Blue).fg(Color::White).add_modifier(Modifier::BOLD),
            tab_active: Style::new().fg(Color::Black).bg(Color::Cyan).add_modifier(Modifier::BOLD),
            tab_inactive: Style::new().fg(Color::Gray),
            status_bar: Style::new().bg(Color::Black).fg(Color::Gray),
            key: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            positive: Style::new().fg(Color::Green),
            neutral: Style::new().fg(Color::Blue),
            negative: Style::new().fg(Color::Red),
            warning: Style::new().fg(Color::Yellow),
            error: Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            quote: Style::new().fg(Color::DarkGray),
            link: Style::new().fg(Color::Cyan).add_modifier(Modifier::UNDERLINED),
        }
    }
}

impl Theme {
    /// No colour at all (`NO_COLOR`): emphasis by bold, dim, underline and reverse video.
    pub fn monochrome() -> Self {
        let plain = Style::new();
        Theme {
            text: plain,
            dim: plain.add_modifier(Modifier::DIM),
            accent: plain.add_modifier(Modifier::BOLD),
            title: plain.add_modifier(Modifier::BOLD),
            border: plain,
            header: plain.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            selected: plain.add_modifier(Modifier::REVERSED),
            tab_active: plain.add_modifier(Modifier::REVERSED | Modifier::BOLD),
            tab_inactive: plain,
            status_bar: plain,
            key: plain.add_modifier(Modifier::BOLD),
            positive: plain.add_modifier(Modifier::BOLD),
            neutral: plain,
            negative: plain.add_modifier(Modifier::UNDERLINED),
            warning: plain.add_modifier(Modifier::BOLD),
            error: plain.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            quote: plain.add_modifier(Modifier::DIM),
            link: plain.add_modifier(Modifier::UNDERLINED),
        }
    }

    /// The default theme, or the monochrome one when `NO_COLOR` is set to anything non-empty
    /// (<https://no-color.org>).
    pub fn from_env() -> Self {
        match std::env::var_os("NO_COLOR") {
            Some(value) if !value.is_empty() => Theme::monochrome(),
            _ => Theme::default(),
        }
    }

    /// Recolours one role's foreground: `role` as named in the fields (`accent`, `negative` …),
    /// `colour` as ratatui reads it (`red`, `light-blue`, `#ff8800`, `208`).
    pub fn set(&mut self, role: &str, colour: &str) -> Result<(), String> {
        let colour = Color::from_str(colour.trim()).map_err(|_| {
            format!("'{colour}' is not a colour: use a name like red, a hex value like #ff8800, or 0-255")
        })?;
        let style = match role {
            "text" => &mut self.text,
            "dim" => &mut self.dim,
            "accent" => &mut self.accent,
            "title" => &mut self.title,
            "border" => &mut self.border,
            "header" => &mut self.header,
            "selected" => &mut self.selected,
            "positive" => &mut self.positive,
            "neutral" => &mut self.neutral,
            "negative" => &mut self.negative,
            "warning" => &mut self.warning,
            "error" => &mut self.error,
            "quote" => &mut self.quote,
            "link" => &mut self.link,
            other => return Err(format!("'{other}' is no theme role")),
        };
        *style = if role == "selected" { style.bg(colour) } else { style.fg(colour) };
        Ok(())
    }

    /// The style of an exchange status by its kind.
    pub fn status_kind(&self, kind: StatusKind) -> Style {
        match kind {
            StatusKind::Positive => self.positive,
            StatusKind::Neutral => self.neutral,
            StatusKind::Negative => self.negative,
        }
    }

    /// Green when fine, red when not.
    pub fn health(&self, ok: bool) -> Style {
        if ok { self.positive } else { self.error }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monochrome_has_no_colour_but_a_visible_selection() {
        let theme = Theme::monochrome();
        let styles = [theme.text, theme.selected, theme.error, theme.positive, theme.tab_active];
        assert!(styles.iter().all(|s| s.fg.is_none() && s.bg.is_none()));
        assert!(theme.selected.add_modifier.contains(Modifier::REVERSED));
    }

    #[test]
    fn roles_can_be_recoloured_by_name() {
        let mut theme = Theme::default();
        theme.set("accent", "#ff8800").unwrap();
        assert_eq!(theme.accent.fg, Some(Color::Rgb(0xff, 0x88, 0)));
        assert!(theme.set("accent", "blurple").unwrap_err().contains("not a colour"));
        assert!(theme.set("sparkle", "red").unwrap_err().contains("no theme role"));
    }
}
