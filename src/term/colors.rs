//! How many colours the terminal shows — 24-bit, the 256 of xterm, or the 16 the user's
//! own scheme defines — and colours mapped down to fit. The 16 named colours are never
//! changed: they are the user's scheme.

use ratatui::style::Color;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    TrueColor,
    Ansi256,
    Ansi16,
}

impl Depth {
    /// From `$COLORTERM` and `$TERM`.
    pub fn detect() -> Depth {
        let var = |name| std::env::var(name).ok();
        Depth::from_env(var("COLORTERM").as_deref(), var("TERM").as_deref())
    }

    /// `COLORTERM=truecolor|24bit` (or a `-direct` TERM): 24-bit; a `256color` TERM: 256;
    /// anything else: the 16 named colours.
    pub fn from_env(colorterm: Option<&str>, term: Option<&str>) -> Depth {
        let colorterm = colorterm.unwrap_or_default().to_ascii_lowercase();
        let term = term.unwrap_or_default().to_ascii_lowercase();
        if matches!(colorterm.as_str(), "truecolor" | "24bit") || term.ends_with("-direct") {
            Depth::TrueColor
        } else if term.contains("256color") {
            Depth::Ansi256
        } else {
            Depth::Ansi16
        }
    }

    /// `color` as this depth can show it: the nearest colour of its palette.
    pub fn fit(self, color: Color) -> Color {
        match (self, color) {
            (Depth::TrueColor, _) => color,
            (Depth::Ansi256, Color::Rgb(r, g, b)) => Color::Indexed(nearest_256(r, g, b)),
            (Depth::Ansi16, Color::Rgb(r, g, b)) => nearest_16(r, g, b),
            (Depth::Ansi16, Color::Indexed(n)) => {
                let (r, g, b) = rgb_of_index(n);
                nearest_16(r, g, b)
            }
            (_, other) => other,
        }
    }
}

/// The levels of each channel in xterm's 6×6×6 cube (indices 16–231).
const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// The 16 named colours as xterm shows them by default.
const NAMED: [(Color, (u8, u8, u8)); 16] = [
    (Color::Black, (0, 0, 0)),
    (Color::Red, (205, 0, 0)),
    (Color::Green, (0, 205, 0)),
    (Color::Yellow, (205, 205, 0)),
    (Color::Blue, (0, 0, 238)),
    (Color::Magenta, (205, 0, 205)),
    (Color::Cyan, (0, 205, 205)),
    (Color::Gray, (229, 229, 229)),
    (Color::DarkGray, (127, 127, 127)),
    (Color::LightRed, (255, 0, 0)),
    (Color::LightGreen, (0, 255, 0)),
    (Color::LightYellow, (255, 255, 0)),
    (Color::LightBlue, (92, 92, 255)),
    (Color::LightMagenta, (255, 0, 255)),
    (Color::LightCyan, (0, 255, 255)),
    (Color::White, (255, 255, 255)),
];

fn distance((r1, g1, b1): (u8, u8, u8), (r2, g2, b2): (u8, u8, u8)) -> u32 {
    let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2) as u32;
    d(r1, r2) + d(g1, g2) + d(b1, b2)
}

fn rgb_of_index(n: u8) -> (u8, u8, u8) {
    match n {
        0..=15 => NAMED[usize::from(n)].1,
        16..=231 => {
            let i = n - 16;
            (CUBE[usize::from(i / 36)], CUBE[usize::from(i / 6 % 6)], CUBE[usize::from(i % 6)])
        }
        _ => {
            let level = 8 + 10 * (n - 232);
            (level, level, level)
        }
    }
}

fn nearest_256(r: u8, g: u8, b: u8) -> u8 {
    (16..=255u8).min_by_key(|&n| distance(rgb_of_index(n), (r, g, b))).unwrap_or(16)
}

fn nearest_16(r: u8, g: u8, b: u8) -> Color {
    NAMED.iter().min_by_key(|(_, rgb)| distance(*rgb, (r, g, b))).map_or(Color::Reset, |(c, _)| *c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_comes_from_colorterm_then_term() {
        assert_eq!(Depth::from_env(Some("truecolor"), Some("xterm")), Depth::TrueColor);
        assert_eq!(Depth::from_env(None, Some("xterm-direct")), Depth::TrueColor);
        assert_eq!(Depth::from_env(None, Some("screen-256color")), Depth::Ansi256);
        assert_eq!(Depth::from_env(None, Some("xterm")), Depth::Ansi16);
        assert_eq!(Depth::from_env(None, None), Depth::Ansi16);
    }

    #[test]
    fn colours_map_down_and_named_ones_stay() {
        let orange = Color::Rgb(0xff, 0x88, 0x00);
        assert_eq!(Depth::TrueColor.fit(orange), orange);
        assert_eq!(Depth::Ansi256.fit(orange), Color::Indexed(208));
        assert_eq!(Depth::Ansi256.fit(Color::Rgb(0x30, 0x30, 0x30)), Color::Indexed(236));
        assert_eq!(Depth::Ansi16.fit(Color::Rgb(250, 10, 10)), Color::LightRed);
        assert_eq!(Depth::Ansi16.fit(Color::Indexed(21)), Color::Blue);
        for named in [Color::Cyan, Color::DarkGray, Color::Reset] {
            assert_eq!(Depth::Ansi16.fit(named), named, "the user's scheme is kept");
        }
    }
}
