//! The presets of `[theme] preset`: each role's style for a dark background (the look the
//! dashboard always had), a light one, the user's own 16-colour scheme, and high contrast.

use super::roles::Theme;
use ratatui::style::{Color, Modifier, Style};

/// For a dark background.
pub(super) fn dark() -> Theme {
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

/// For a light background: dark text on it, no white or yellow text except on a dark fill.
pub(super) fn light() -> Theme {
    let bold = Modifier::BOLD;
    Theme {
        text: Style::new(),
        dim: Style::new().fg(Color::DarkGray),
        accent: Style::new().fg(Color::Blue),
        title: Style::new().fg(Color::Blue).add_modifier(bold),
        border: Style::new().fg(Color::DarkGray),
        header: Style::new().fg(Color::Magenta).add_modifier(bold),
        selected: Style::new().bg(Color::Blue).fg(Color::White).add_modifier(bold),
        tab_active: Style::new().fg(Color::White).bg(Color::Blue).add_modifier(bold),
        tab_inactive: Style::new().fg(Color::DarkGray),
        status_bar: Style::new().bg(Color::Gray).fg(Color::Black),
        key: Style::new().fg(Color::Magenta).add_modifier(bold),
        positive: Style::new().fg(Color::Green),
        neutral: Style::new().fg(Color::Blue),
        negative: Style::new().fg(Color::Red),
        warning: Style::new().fg(Color::Magenta),
        error: Style::new().fg(Color::Red).add_modifier(bold),
        quote: Style::new().fg(Color::DarkGray),
        link: Style::new().fg(Color::Blue).add_modifier(Modifier::UNDERLINED),
    }
}

/// The user's own scheme: the terminal's default foreground and background everywhere
/// (`Reset`), named colours only for what a cell means, and the selection, the active tab
/// and the status bar in reverse video, which every scheme shows well.
pub(super) fn ansi() -> Theme {
    let plain = Style::new();
    let (bold, reversed) = (Modifier::BOLD, Modifier::REVERSED);
    Theme {
        text: plain,
        dim: plain.add_modifier(Modifier::DIM),
        accent: plain.fg(Color::Cyan),
        title: plain.fg(Color::Cyan).add_modifier(bold),
        border: plain,
        header: plain.add_modifier(bold | Modifier::UNDERLINED),
        selected: plain.add_modifier(reversed | bold),
        tab_active: plain.add_modifier(reversed | bold),
        tab_inactive: plain,
        status_bar: plain.add_modifier(reversed),
        key: plain.add_modifier(bold),
        positive: plain.fg(Color::Green),
        neutral: plain.fg(Color::Blue),
        negative: plain.fg(Color::Red),
        warning: plain.fg(Color::Yellow),
        error: plain.fg(Color::Red).add_modifier(bold),
        quote: plain.add_modifier(Modifier::ITALIC),
        link: plain.fg(Color::Cyan).add_modifier(Modifier::UNDERLINED),
    }
}

/// White and yellow on black, bold, nothing dimmed: for low vision and glare. The text's
/// black is painted under the whole screen first (`views::render`).
pub(super) fn high_contrast() -> Theme {
    let text = Style::new().fg(Color::White).bg(Color::Black);
    let bold = Modifier::BOLD;
    let marked = text.fg(Color::Yellow).add_modifier(bold);
    let inverse = Style::new().fg(Color::Black).bg(Color::Yellow).add_modifier(bold);
    Theme {
        text,
        dim: text,
        accent: marked,
        title: marked,
        border: text,
        header: marked.add_modifier(Modifier::UNDERLINED),
        selected: inverse,
        tab_active: inverse,
        tab_inactive: text.add_modifier(bold),
        status_bar: Style::new().fg(Color::Black).bg(Color::White).add_modifier(bold),
        key: marked,
        positive: text.add_modifier(bold),
        neutral: text,
        negative: marked,
        warning: marked,
        error: inverse,
        quote: text.add_modifier(Modifier::ITALIC),
        link: marked.add_modifier(Modifier::UNDERLINED),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every role's style of `theme`.
    fn styles(mut theme: Theme) -> Vec<Style> {
        theme.styles_mut().into_iter().map(|style| *style).collect()
    }

    #[test]
    fn ansi_has_named_colours_only_and_the_terminals_own_everywhere_else() {
        let named = |colour: Option<Color>| {
            !matches!(colour, Some(Color::Rgb(..) | Color::Indexed(_)))
                && !matches!(colour, Some(Color::White | Color::Black | Color::Gray))
        };
        for style in styles(ansi()) {
            assert!(named(style.fg) && named(style.bg), "{style:?}");
            assert!(matches!(style.bg, None | Some(Color::Reset)), "no fill of its own: {style:?}");
        }
    }

    #[test]
    fn high_contrast_is_white_black_and_yellow_and_nothing_dim() {
        for style in styles(high_contrast()) {
            for colour in [style.fg, style.bg].into_iter().flatten() {
                assert!(matches!(colour, Color::White | Color::Black | Color::Yellow), "{style:?}");
            }
            assert!(!style.add_modifier.contains(Modifier::DIM), "{style:?}");
        }
    }

    #[test]
    fn light_has_no_pale_text_on_the_background() {
        let pale = [Color::White, Color::Yellow, Color::LightYellow, Color::Gray];
        for style in styles(light()) {
            let on_its_own_fill = style.bg.is_some_and(|bg| !pale.contains(&bg));
            assert!(on_its_own_fill || !style.fg.is_some_and(|fg| pale.contains(&fg)), "{style:?}");
        }
    }
}
