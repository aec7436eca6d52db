//! The theme the config asks for, kept as asked until the terminal's background is known.

use super::roles::Theme;
use crate::config::{ThemeConfig, ThemePreset};
use crate::term::background::Shade;
use crate::term::colors::Depth;
use ratatui::style::Color;
use std::collections::BTreeMap;

/// The theme the config asks for, its colours over the preset, as the terminal shows them.
#[derive(Debug, Clone, PartialEq)]
pub struct ThemeChoice {
    pub preset: ThemePreset,
    colours: BTreeMap<String, Color>,
    depth: Depth,
}

impl ThemeChoice {
    /// The config's `[theme]` on a terminal of `depth`.
    pub fn new(config: &ThemeConfig, depth: Depth) -> ThemeChoice {
        ThemeChoice { preset: config.preset, colours: config.colours.clone(), depth }
    }

    /// The theme on a terminal of this `background` (only `auto` looks at it), and one
    /// message per role the colours name that there is not.
    pub fn theme(&self, background: Shade) -> (Theme, Vec<String>) {
        let mut theme = Theme::preset(self.preset, background);
        let notices = theme.apply(&self.colours);
        (theme.fit(self.depth), notices)
    }
}
