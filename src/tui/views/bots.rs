//! Bots: a table with health at a glance (DNS MX/SPF, CNAME record/SSL, auth validity),
//! problems highlighted, and a detail view of every field.

use crate::bots::{Standing, standing};
use crate::tui::resource::Bots;
use crate::tui::state::AppState;
use crate::tui::views::pane::{render_detail, render_pane_list};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.panes.bots.detail.is_some() {
        return render_detail(frame, area, state, "Bot");
    }
    let theme = &state.env.theme;
    let remote = &state.org.store.bots;
    let count = |wanted| remote.items().iter().filter(|b| standing(b) == wanted).count();
    let (attention, retired) = (count(Standing::Attention), count(Standing::Retired));
    let mut extra = Vec::new();
    if attention > 0 {
        extra.push(Span::styled(format!(" · {attention} need attention"), theme.error));
    }
    if retired > 0 {
        extra.push(Span::styled(format!(" · {retired} retired"), theme.dim));
    }
    render_pane_list::<Bots>(frame, area, state, extra);
}
