//! Bots: a table with health at a glance (DNS MX/SPF, CNAME record/SSL, auth validity),
//! problems highlighted, and a detail view of every field.

use crate::bots::{Standing, standing};
use crate::tui::resource::{Bots, PaneList, context};
use crate::tui::state::AppState;
use crate::tui::views::pane::{list_title, render_detail, render_list};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.bots.detail.is_some() {
        return render_detail(frame, area, state, "Bot");
    }
    let theme = &state.theme;
    let remote = &state.store.bots;
    let list = &state.bots.list;
    let count = |wanted| remote.items().iter().filter(|b| standing(b) == wanted).count();
    let (attention, retired) = (count(Standing::Attention), count(Standing::Retired));
    let mut extra = Vec::new();
    if attention > 0 {
        extra.push(Span::styled(format!(" · {attention} need attention"), theme.error));
    }
    if retired > 0 {
        extra.push(Span::styled(format!(" · {retired} retired"), theme.dim));
    }
    let title = list_title(state, "Bots", remote, list, extra);
    let columns = Bots::columns();
    let context = context(state);
    render_list(frame, area, state, "bots", remote, list, title, &columns, &context, |_, _, _| {});
}
