//! The results range as the panes that count over it name it in their titles: which days,
//! the key that changes them, and whether they are still loading or failed.

use crate::tui::command::Command;
use crate::tui::model::Slot;
use crate::tui::resource::status;
use crate::tui::state::AppState;
use ratatui::text::Span;

/// `last 30 days (t)`.
pub(super) fn range_label(state: &AppState) -> String {
    let today = state.env.zone.date(state.env.now);
    let key = state.key_label(Command::CycleRange, "t");
    format!("{} ({key})", state.range_window().describe(today))
}

/// ` ⟳` while the range's lists load, ` ⚠ …` when one failed, else nothing.
pub(super) fn range_marks(state: &AppState) -> Vec<Span<'static>> {
    let theme = &state.env.theme;
    let slots = [Slot::RangeReplies, Slot::RangeMeetings].map(|slot| status(state, slot));
    if slots.iter().any(|s| s.loading) {
        vec![Span::styled(" ⟳", theme.warning)]
    } else if slots.iter().any(|s| s.failed) {
        let refresh = state.key_label(Command::Refresh, "r");
        vec![Span::styled(format!(" ⚠ results failed ({refresh} retries)"), theme.error)]
    } else {
        Vec::new()
    }
}

/// ` · last 30 days (t)` and its marks, for a list's title.
pub(super) fn range_spans(state: &AppState) -> Vec<Span<'static>> {
    let mut spans =
        vec![Span::styled(format!(" · {}", range_label(state)), state.env.theme.accent)];
    spans.extend(range_marks(state));
    spans
}
