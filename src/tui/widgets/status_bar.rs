//! The status bar: who and where (profile/organisation, host), how fresh the pane's data
//! is, what is loading, the last error or remark, and key hints, cut to fit the width.

use super::super::clock::age;
use super::super::state::{AppState, Connection};
use super::super::update::{current_loaded_at, loading_labels};
use crate::text::{sanitize, truncate, width};
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

/// A piece of the status bar and its style.
type Segment = (String, Style);

/// The pieces left to right, which one may be cut to fit, and the key hints.
fn segments(state: &AppState) -> (Vec<Segment>, Option<usize>, Segment) {
    let theme = &state.theme;
    let mut parts: Vec<Segment> = Vec::new();
    match &state.connection {
        Connection::Ready(info) => {
            let mut who = sanitize(&info.profile);
            if let Some(org) = &info.organisation {
                who = format!("{who}/{}", sanitize(org));
            }
            if info.read_only {
                who.push_str(" (read-only)");
            }
            parts.push((who, theme.accent));
            parts.push((host_of(&info.base_url), theme.text));
        }
        Connection::Connecting => parts.push(("connecting…".into(), theme.warning)),
        Connection::NeedsKey { profile, .. } => {
            parts.push((format!("{} · no key", sanitize(profile)), theme.warning))
        }
        Connection::Failed { .. } => parts.push(("not connected".into(), theme.error)),
    }
    if let Some(at) = current_loaded_at(state) {
        parts.push((format!("⟳ {}", age(at, state.now)), theme.dim));
    }
    let loading = loading_labels(state);
    if !loading.is_empty() {
        parts.push((format!("loading {}…", loading.join(", ")), theme.warning));
    }
    let mut flexible = None;
    if let Some(problem) = &state.last_error {
        flexible = Some(parts.len());
        parts.push((format!("✗ {}", sanitize(&problem.message)), theme.error));
    } else if let Some(notice) = &state.notice {
        flexible = Some(parts.len());
        parts.push((sanitize(notice), theme.warning));
    }
    let hints = if state.filtering {
        "Enter keep · Esc clear".to_string()
    } else {
        "? help  : commands  q quit".to_string()
    };
    (parts, flexible, (hints, theme.key))
}

pub fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if area.height == 0 || area.width == 0 {
        return;
    }
    let (mut parts, flexible, hints) = segments(state);
    let available = usize::from(area.width);
    let separator = " │ ";
    let used = |parts: &[Segment]| -> usize {
        parts.iter().map(|(t, _)| width(t)).sum::<usize>()
            + width(separator) * parts.len().saturating_sub(1)
            + 1
    };
    let show_hints = used(&parts) + width(&hints.0) + 2 <= available;
    if !show_hints && let Some(index) = flexible {
        let others = used(&parts) - width(&parts[index].0);
        let room = available.saturating_sub(others);
        parts[index].0 = truncate(&parts[index].0, room);
    }
    let mut spans = vec![Span::raw(" ")];
    for (index, (text, style)) in parts.into_iter().enumerate() {
        if index > 0 {
            spans.push(Span::styled(separator, state.theme.dim));
        }
        spans.push(Span::styled(text, style));
    }
    if show_hints {
        let taken: usize = spans.iter().map(|s| width(&s.content)).sum();
        let pad = available.saturating_sub(taken + width(&hints.0) + 1);
        spans.push(Span::raw(" ".repeat(pad)));
        spans.push(Span::styled(hints.0, hints.1));
    }
    frame.render_widget(Line::from(spans).style(state.theme.status_bar), area);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_keep_their_port() {
        assert_eq!(host_of("http://127.0.0.1:8900/"), "127.0.0.1:8900");
        assert_eq!(host_of("https://api.example.com/v1"), "api.example.com");
        assert_eq!(host_of("not a url"), "not a url");
    }
}
