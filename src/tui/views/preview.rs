//! The preview beside or under a list: the e-mail chain of the reply under the cursor, or
//! the detail of the selected campaign, bot, meeting or contact.

use crate::tui::pane_layout::View;
use crate::tui::resource::in_view::in_view_detail_lines;
use crate::tui::state::AppState;
use crate::tui::views::chain;
use crate::tui::views::pane::pane_block;
use crate::tui::widgets::{detail, detail_wrap, problem};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;

pub(super) fn render(frame: &mut Frame, area: Rect, state: &AppState, view: View) {
    let theme = &state.env.theme;
    let open = state.key_label(crate::tui::command::Command::Open, "Enter");
    let title = |what: &str| {
        pane_block(
            state,
            vec![
                Span::styled(what.to_string(), theme.title),
                Span::styled(format!(" · {open} opens"), theme.dim),
            ],
        )
    };
    match view {
        View::Chain => match state.previewed_chain() {
            Some(chain) => chain::render(frame, area, state, chain),
            None => {
                let merged = state.group.merges(crate::tui::model::Pane::Exchanges);
                let context = state.merged_context();
                let selected = match merged {
                    true => state.group.inbox.selected(&state.group.orgs, &context).is_some(),
                    false => state.panes.exchanges.list.selected_id().is_some(),
                };
                let text = match selected {
                    true => "The e-mail chain shows once the cursor rests on a reply…",
                    false => "No reply selected.",
                };
                problem::message(frame, area, title("Preview"), text, theme.dim)
            }
        },
        View::Detail(_) => {
            let block = title("Preview");
            let width = usize::from(block.inner(area).width);
            match in_view_detail_lines(state) {
                Some(lines) => {
                    let lines = detail_wrap::wrap(detail::styled(&lines, theme), width);
                    detail::render(frame, area, block, lines, 0)
                }
                None => problem::message(frame, area, block, "Nothing selected.", theme.dim),
            }
        }
        View::Tiles | View::List(_) => {}
    }
}
