//! The roles a theme gives a style to: what the views ask for by meaning, never by colour.

use ratatui::style::Style;

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
