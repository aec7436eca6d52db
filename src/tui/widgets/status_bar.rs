//! The status bar: who and where (profile/organisation, host), how fresh the pane's data
//! is, what is loading, the last error or remark, and key hints, cut to fit the width.

use crate::text::{sanitize, truncate, width};
use crate::tui::command::Command;
use crate::tui::keymap::Keymap;
use crate::tui::model::Connection;
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// `host:port` of a base URL, or the URL itself when it does not parse.
pub fn host_of(base_url: &str) -> String {
    match reqwest::Url::parse(base_url) {
        Ok(url) => match (url.host_str(), url.port()) {
            (Some(host), Some(port)) => format!("{host}:{port}"),
            (Some(host), None) => host.to_string(),
            _ => base_url.to_string(),
        },
        Err(_) => base_url.to_string(),
    }
}

/// What the status bar is drawn from.
pub struct StatusBar<'a> {
    pub connection: &'a Connection,
    /// How old the current pane's data is (`3m`), once loaded.
    pub age: Option<String>,
    /// What is loading now, in words.
    pub loading: Vec<&'static str>,
    /// The last failure, shown until the same data loads.
    pub error: Option<String>,
    /// A passing remark, shown when there is no failure.
    pub notice: Option<&'a str>,
    /// The filter is being typed: the hints are its keys.
    pub filtering: bool,
    /// "team store offline · 3 marks waiting" while the team store does not answer.
    pub team: Option<String>,
    /// The group of organisations on screen, if any (sanitised).
    pub group: Option<GroupWords>,
    /// Hints of this place (`J conversation`, `Esc ◂ Campaigns`), shown before the usual
    /// ones when all fit.
    pub place_hints: Vec<String>,
    /// Where the hints' keys come from (`q quit`, or `x quit` when rebound).
    pub keymap: &'a Keymap,
    pub theme: &'a Theme,
}

/// Which of a group the dashboard shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GroupWords {
    /// Every organisation: "group clients · 4 organisations", and when the width is short
    /// "clients ·4"; the panes' own profile is still named after it (their keys and counts
    /// are its).
    Showing { words: String, short: String },
    /// Narrowed to one: the group ("group clients") and the organisation's profile, named
    /// until that profile is the one connected.
    Narrowed { group: String, org: String },
}

/// A piece of the status bar: its text, style, and how long it is kept when space is short
/// (lower is kept longer).
struct Segment {
    text: String,
    style: Style,
    keep: u8,
    /// What it shortens to before a message is cut.
    short: Option<String>,
}

/// The pieces left to right, and the index of the one that may be cut (the message).
fn segments(bar: &StatusBar) -> (Vec<Segment>, Option<usize>) {
    let theme = bar.theme;
    let mut parts = Vec::new();
    let mut shortens = None;
    let mut push = |text: String, style: Style, keep: u8| {
        parts.push(Segment { text, style, keep, short: None })
    };
    // The group first. Narrowed, the organisation is the profile connected, named next
    // (the way back to the group is a place hint); while it connects, it is named here.
    match &bar.group {
        Some(GroupWords::Showing { words, short }) => {
            push(words.clone(), theme.accent, 0);
            shortens = Some(short.clone());
        }
        Some(GroupWords::Narrowed { group, org }) => match bar.connection {
            Connection::Ready(info) if info.profile == *org => {}
            _ => push(format!("{group} ▸ {org}"), theme.accent, 0),
        },
        None => {}
    }
    match bar.connection {
        Connection::Ready(info) => {
            let mut who = sanitize(&info.profile);
            if let Some(org) = &info.organisation {
                who = format!("{who}/{}", sanitize(org));
            }
            if info.read_only {
                who.push_str(" (read-only)");
            }
            // While a group's merged rows show, the group is where the user is: the
            // profile the panes are connected to gives way before a message does.
            let showing = matches!(bar.group, Some(GroupWords::Showing { .. }));
            push(who, theme.accent, if showing { 2 } else { 0 });
            push(host_of(&info.base_url), theme.text, 4);
        }
        Connection::Connecting => push("connecting…".into(), theme.warning, 0),
        Connection::NeedsKey { profile, .. } => {
            push(format!("{} · no key", sanitize(profile)), theme.warning, 0)
        }
        Connection::Failed { .. } => push("not connected".into(), theme.error, 0),
    }
    if let Some(age) = &bar.age {
        push(format!("⟳ {age}"), theme.dim, 3);
    }
    if let Some(team) = &bar.team {
        push(team.clone(), theme.warning, 1);
    }
    if !bar.loading.is_empty() {
        push(format!("loading {}…", bar.loading.join(", ")), theme.warning, 2);
    }
    let message = match (bar.error.as_deref(), bar.notice) {
        (Some(error), _) => Some((format!("✗ {}", sanitize(error)), theme.error)),
        (None, Some(notice)) => Some((sanitize(notice), theme.warning)),
        (None, None) => None,
    };
    let has_message = message.is_some();
    if let Some((text, style)) = message {
        push(text, style, 1);
    }
    let flexible = has_message.then(|| parts.len() - 1);
    if let (Some(short), Some(group)) = (shortens, parts.first_mut()) {
        group.short = Some(short);
    }
    (parts, flexible)
}

const SEPARATOR: &str = " │ ";

/// `? help  : commands  q quit`, with the keys the keymap binds (a rebound quit shows).
fn hints(keymap: &Keymap) -> String {
    let keys = [(Command::Help, "help"), (Command::Palette, "commands"), (Command::Quit, "quit")];
    let hints: Vec<String> = keys
        .iter()
        .filter_map(|(command, what)| Some(format!("{} {what}", keymap.key_for(*command)?)))
        .collect();
    hints.join("  ")
}

fn used(parts: &[Segment]) -> usize {
    parts.iter().map(|p| width(&p.text)).sum::<usize>()
        + width(SEPARATOR) * parts.len().saturating_sub(1)
        + 1
}

pub fn render(frame: &mut Frame, area: Rect, bar: &StatusBar) {
    if area.height == 0 || area.width == 0 {
        return;
    }
    let theme = bar.theme;
    let (mut parts, mut flexible) = segments(bar);
    let available = usize::from(area.width);
    let mut hints =
        if bar.filtering { "Enter keep · Esc clear".to_string() } else { hints(bar.keymap) };
    if !bar.filtering && !bar.place_hints.is_empty() {
        let more = format!("{}  {hints}", bar.place_hints.join("  "));
        if used(&parts) + width(&more) + 2 <= available {
            hints = more;
        }
    }
    let hints = hints.as_str();
    let show_hints = used(&parts) + width(hints) + 2 <= available;
    if !show_hints {
        // Less important pieces give way until the message can be read whole: a failure's
        // cause is worth more than the host or the age.
        loop {
            let fits = used(&parts) <= available;
            let victim = parts
                .iter()
                .enumerate()
                .filter(|(_, p)| p.keep >= 2)
                .max_by_key(|(_, p)| p.keep)
                .map(|(i, _)| i);
            match victim {
                Some(index) if !fits => {
                    parts.remove(index);
                    flexible = flexible.map(|f| if f > index { f - 1 } else { f });
                }
                _ => break,
            }
        }
        // Then what has a shorter form takes it, before the message is cut.
        if flexible.is_some() && used(&parts) > available {
            for part in &mut parts {
                if let Some(short) = part.short.take() {
                    part.text = short;
                }
            }
        }
        if let Some(index) = flexible {
            let others = used(&parts) - width(&parts[index].text);
            parts[index].text = truncate(&parts[index].text, available.saturating_sub(others));
        }
    }
    let mut spans = vec![Span::raw(" ")];
    for (index, part) in parts.into_iter().enumerate() {
        if index > 0 {
            spans.push(Span::styled(SEPARATOR, theme.dim));
        }
        spans.push(Span::styled(part.text, part.style));
    }
    if show_hints {
        let taken: usize = spans.iter().map(|s| width(&s.content)).sum();
        let pad = available.saturating_sub(taken + width(hints) + 1);
        spans.push(Span::raw(" ".repeat(pad)));
        spans.push(Span::styled(hints, theme.key));
    }
    frame.render_widget(Line::from(spans).style(theme.status_bar), area);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::model::ConnectionInfo;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn shown(bar: &StatusBar, width: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, 1)).unwrap();
        terminal.draw(|f| render(f, f.area(), bar)).unwrap();
        terminal.backend().buffer().content().iter().map(|c| c.symbol()).collect()
    }

    /// Connected as `profile` to `base_url`, with a key from the environment.
    fn ready(profile: &str, base_url: &str) -> Connection {
        Connection::Ready(ConnectionInfo {
            profile: profile.into(),
            organisation: None,
            base_url: base_url.into(),
            key_source: crate::session::KeySource::Env,
            warnings: Vec::new(),
            read_only: false,
            team: None,
        })
    }

    #[test]
    fn a_long_error_pushes_the_lesser_pieces_out() {
        let theme = Theme::default();
        let connection = ready("work", "https://api.example.com");
        let keymap = Keymap::default();
        let mut bar = StatusBar {
            connection: &connection,
            age: None,
            loading: Vec::new(),
            error: None,
            notice: None,
            filtering: false,
            team: None,
            group: None,
            place_hints: Vec::new(),
            keymap: &keymap,
            theme: &theme,
        };
        assert!(shown(&bar, 80).contains("api.example.com"));
        assert!(shown(&bar, 80).contains("? help"));
        let message =
            "Loading bots failed: The server failed (500): Internal Server Error and a long tail";
        bar.error = Some(message.to_string());
        let wide = shown(&bar, 80);
        assert!(wide.contains("✗ Loading bots failed: The server failed (500): Inter"), "{wide}");
        assert!(!wide.contains("? help"), "hints go first: {wide}");
        assert!(wide.trim_end().ends_with('…'), "{wide}");
        let narrow = shown(&bar, 60);
        assert!(
            narrow.starts_with(" work │ ✗ Loading bots failed"),
            "the host gives way: {narrow}"
        );
    }

    #[test]
    fn a_message_over_a_group_is_read_before_the_profile_connected() {
        let theme = Theme::default();
        let connection = ready("bench-28817-01", "http://127.0.0.1:8900");
        let keymap = Keymap::default();
        let notice = "bench-28817-02 has no team store".to_string();
        let bar = StatusBar {
            connection: &connection,
            age: Some("just now".into()),
            loading: Vec::new(),
            error: None,
            notice: Some(&notice),
            filtering: false,
            team: None,
            group: Some(GroupWords::Showing {
                words: "group clients · 4 organisations".into(),
                short: "clients ·4".into(),
            }),
            place_hints: Vec::new(),
            keymap: &keymap,
            theme: &theme,
        };
        let narrow = shown(&bar, 50);
        assert!(
            narrow.starts_with(" clients ·4 │ bench-28817-02 has no team store"),
            "the group shortens so the reason is read: {narrow}"
        );
        assert!(shown(&bar, 120).contains("bench-28817-01"), "with room, the profile stays");
    }

    #[test]
    fn hosts_keep_their_port() {
        assert_eq!(host_of("http://127.0.0.1:8900/"), "127.0.0.1:8900");
        assert_eq!(host_of("https://api.example.com/v1"), "api.example.com");
        assert_eq!(host_of("not a url"), "not a url");
    }
}
