//! Colours by role. `NO_COLOR` gives a theme of modifiers only, where the selection is still
//! visible by reverse video; the config file picks a preset (`presets`) and can recolour
//! any role by name over it.

mod choice;
mod presets;
mod roles;

pub use choice::ThemeChoice;
pub use roles::Theme;

use crate::api::StatusKind;
use crate::config::ThemePreset;
use crate::present::Tone;
use crate::term::background::Shade;
use crate::term::colors::Depth;
use ratatui::style::{Color, Modifier, Style};

impl Default for Theme {
    /// The dark preset: the look the dashboard has always had.
    fn default() -> Self {
        presets::dark()
    }
}

impl Theme {
    /// The theme of a preset; `background` decides what `auto` is.
    pub fn preset(preset: ThemePreset, background: Shade) -> Theme {
        match (preset, background) {
            (ThemePreset::Ansi, _) => presets::ansi(),
            (ThemePreset::HighContrast, _) => presets::high_contrast(),
            (ThemePreset::Light, _) | (ThemePreset::Auto, Shade::Light) => presets::light(),
            (ThemePreset::Dark, _) | (ThemePreset::Auto, Shade::Dark) => presets::dark(),
        }
    }

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

    /// Recolours one role: its foreground, or for `selected` its background. Roles are named
    /// as the fields are (`accent`, `negative` …); `selection` and `muted` are read as
    /// `selected` and `dim`. The accent is every accent: borders of what has the focus, the
    /// active tab's background and titles (unless `title` is set too: it comes after).
    pub(crate) fn set(&mut self, role: &str, colour: Color) -> Result<(), String> {
        let style = match role {
            "text" => &mut self.text,
            "dim" | "muted" => &mut self.dim,
            "accent" => {
                self.tab_active = self.tab_active.bg(colour);
                self.title = self.title.fg(colour);
                &mut self.accent
            }
            "title" => &mut self.title,
            "border" => &mut self.border,
            "header" => &mut self.header,
            "selected" | "selection" => {
                self.selected = self.selected.bg(colour);
                return Ok(());
            }
            "positive" => &mut self.positive,
            "neutral" => &mut self.neutral,
            "negative" => &mut self.negative,
            "warning" => &mut self.warning,
            "error" => &mut self.error,
            "quote" => &mut self.quote,
            "link" => &mut self.link,
            other => {
                return Err(format!(
                    "theme.{other}: no such role (roles: text, dim, accent, title, border, header, selected, positive, neutral, negative, warning, error, quote, link)"
                ));
            }
        };
        *style = style.fg(colour);
        Ok(())
    }

    /// Every colour as a terminal of `depth` can show it: a `#rrggbb` of the config file
    /// becomes the nearest of 256 or of the 16 named colours; those 16 (the user's own
    /// scheme) stay as they are.
    pub(crate) fn fit(mut self, depth: Depth) -> Theme {
        for style in self.styles_mut() {
            style.fg = style.fg.map(|c| depth.fit(c));
            style.bg = style.bg.map(|c| depth.fit(c));
        }
        self
    }

    /// Every role's style, for what is done to them all.
    fn styles_mut(&mut self) -> [&mut Style; 18] {
        [
            &mut self.text,
            &mut self.dim,
            &mut self.accent,
            &mut self.title,
            &mut self.border,
            &mut self.header,
            &mut self.selected,
            &mut self.tab_active,
            &mut self.tab_inactive,
            &mut self.status_bar,
            &mut self.key,
            &mut self.positive,
            &mut self.neutral,
            &mut self.negative,
            &mut self.warning,
            &mut self.error,
            &mut self.quote,
            &mut self.link,
        ]
    }

    /// Applies the config file's `[theme]` table; one message per role it does not know.
    pub(crate) fn apply<'a>(
        &mut self,
        colours: impl IntoIterator<Item = (&'a String, &'a Color)>,
    ) -> Vec<String> {
        colours.into_iter().filter_map(|(role, colour)| self.set(role, *colour).err()).collect()
    }

    /// The style of a tone (what a cell means, from [`crate::present::tone`]).
    pub(crate) fn tone(&self, tone: Tone) -> Style {
        match tone {
            Tone::Plain => self.text,
            Tone::Good => self.positive,
            Tone::Neutral => self.neutral,
            Tone::Bad => self.negative,
            Tone::Alarm => self.error,
            Tone::Warn => self.warning,
            Tone::Dim => self.dim,
            Tone::Accent => self.accent,
            Tone::Heading => self.header,
            Tone::Struck => self.dim.add_modifier(Modifier::CROSSED_OUT),
        }
    }

    /// The style of an exchange status by its kind.
    pub(crate) fn status_kind(&self, kind: StatusKind) -> Style {
        match kind {
            StatusKind::Positive => self.positive,
            StatusKind::Neutral => self.neutral,
            StatusKind::Negative => self.negative,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_theme_fits_the_terminal_and_keeps_the_named_colours() {
        let mut theme = Theme::default();
        theme.set("accent", Color::Rgb(0xff, 0x88, 0x00)).unwrap();
        theme.set("selection", Color::Rgb(0x30, 0x3a, 0x4a)).unwrap();
        let on_256 = theme.clone().fit(Depth::Ansi256);
        assert_eq!(on_256.accent.fg, Some(Color::Indexed(208)));
        let on_16 = theme.clone().fit(Depth::Ansi16);
        assert_eq!(on_16.accent.fg, Some(Color::Yellow));
        assert_eq!(on_16.selected.bg, Some(Color::Black));
        assert_eq!(on_16.positive, Theme::default().positive, "named colours stay");
        assert_eq!(theme.clone().fit(Depth::TrueColor), theme);
    }

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
        theme.set("accent", Color::Rgb(0xff, 0x88, 0)).unwrap();
        assert_eq!(theme.accent.fg, Some(Color::Rgb(0xff, 0x88, 0)));
        theme.set("selection", Color::Indexed(236)).unwrap();
        assert_eq!(theme.selected.bg, Some(Color::Indexed(236)));
        let problems = theme.apply([(&"sparkle".to_string(), &Color::Red)]);
        assert!(problems[0].contains("no such role"), "{problems:?}");
    }
}
