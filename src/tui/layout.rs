//! Where things go on the screen. `update` uses the same arithmetic as the views to know how
//! many rows a page has and what a click hit.

use crate::tui::pane_layout::split;
use crate::tui::state::AppState;
use ratatui::layout::Rect;

/// The screen's regions: tab bar, pane, filter input (while typing one), status bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Areas {
    pub tabs: Rect,
    pub body: Rect,
    pub input: Option<Rect>,
    pub status: Rect,
}

/// Splits the screen; on very small screens the bars give way to the pane first.
pub fn areas(screen: Rect, input_line: bool) -> Areas {
    let h = screen.height;
    let tabs_h = u16::from(h >= 3);
    let status_h = u16::from(h >= 2);
    let input_h = u16::from(input_line && h >= 4);
    let body_h = h - tabs_h - status_h - input_h;
    let row = |y: u16, height: u16| Rect { x: screen.x, y, width: screen.width, height };
    let tabs = row(screen.y, tabs_h);
    let body = row(screen.y + tabs_h, body_h);
    let input = (input_h == 1).then(|| row(body.y + body_h, 1));
    let status = row(screen.y + h - status_h, status_h);
    Areas { tabs, body, input, status }
}

/// The areas for the state's terminal size and input mode.
pub fn state_areas(state: &AppState) -> Areas {
    areas(Rect::new(0, 0, state.env.width, state.env.height), state.transient.filtering)
}

/// Inside the pane's border.
pub fn inner(body: Rect) -> Rect {
    Rect {
        x: body.x.saturating_add(1),
        y: body.y.saturating_add(1),
        width: body.width.saturating_sub(2),
        height: body.height.saturating_sub(2),
    }
}

/// Whether the pane shows the reply inbox's category bar over its list.
pub fn has_category_bar(state: &AppState) -> bool {
    state.inbox_list_shown()
}

/// The pane split into the category bar's row (when it has one and there is room) and
/// the rest, where the bordered list goes.
pub fn split_bar(body: Rect, bar: bool) -> (Option<Rect>, Rect) {
    if bar && body.height > 3 {
        (Some(Rect { height: 1, ..body }), Rect { y: body.y + 1, height: body.height - 1, ..body })
    } else {
        (None, body)
    }
}

/// The pane's area split into its main view's and, when it has one, its preview's.
pub fn pane_areas(state: &AppState) -> (Rect, Option<Rect>) {
    split(state_areas(state).body, state.pane_layout().preview.map(|(place, _)| place))
}

/// Where the current pane's bordered list goes (under the category bar, if any).
pub fn list_body(state: &AppState) -> Rect {
    split_bar(pane_areas(state).0, has_category_bar(state)).1
}

/// How many table rows fit in the pane (under the header row).
pub fn list_rows(state: &AppState) -> usize {
    usize::from(inner(list_body(state)).height.saturating_sub(1)).max(1)
}

/// How many text lines fit in the pane's main view (an opened detail or e-mail chain).
pub fn text_rows(state: &AppState) -> usize {
    usize::from(inner(pane_areas(state).0).height).max(1)
}

/// The width the e-mail chain is laid out for: the preview's when it shows there.
pub fn text_width(state: &AppState) -> u16 {
    let (main, preview) = pane_areas(state);
    let area = preview.filter(|_| state.previewed_chain().is_some()).unwrap_or(main);
    inner(area).width.max(1)
}

/// The Overview's inbox line (new replies, speed to lead): its top row, when there is room.
pub fn inbox_line(body: Rect) -> Option<Rect> {
    (body.height > 6).then_some(Rect { height: 1, ..body })
}

/// The four tiles in a 2×2 grid, under the inbox line.
pub fn tile_rects(body: Rect) -> [Rect; 4] {
    let body = match inbox_line(body) {
        Some(_) => Rect { y: body.y + 1, height: body.height - 1, ..body },
        None => body,
    };
    let left = body.width / 2;
    let top = body.height / 2;
    let cell =
        |x: u16, y: u16, w: u16, h: u16| Rect { x: body.x + x, y: body.y + y, width: w, height: h };
    [
        cell(0, 0, left, top),
        cell(left, 0, body.width - left, top),
        cell(0, top, left, body.height - top),
        cell(left, top, body.width - left, body.height - top),
    ]
}

/// The tile at a screen position ([`crate::tui::model::Tile::INBOX_LINE`] for the inbox line).
pub fn tile_at(body: Rect, column: u16, row: u16) -> Option<usize> {
    if inbox_line(body).is_some_and(|line| row == line.y && column < line.right()) {
        return Some(crate::tui::model::Tile::INBOX_LINE);
    }
    tile_rects(body)
        .iter()
        .position(|r| column >= r.x && column < r.right() && row >= r.y && row < r.bottom())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_tile_the_screen() {
        let a = areas(Rect::new(0, 0, 80, 24), true);
        assert_eq!((a.tabs.y, a.body.y, a.body.height, a.status.y), (0, 1, 21, 23));
        assert_eq!(a.input.map(|r| r.y), Some(22));
        let b = areas(Rect::new(0, 0, 80, 24), false);
        assert_eq!((b.body.height, b.input), (22, None));
    }

    #[test]
    fn tiny_screens_keep_the_pane() {
        let one = areas(Rect::new(0, 0, 1, 1), true);
        assert_eq!((one.body.height, one.tabs.height, one.status.height), (1, 0, 0));
        let two = areas(Rect::new(0, 0, 20, 2), true);
        assert_eq!((two.body.height, two.status.height, two.input), (1, 1, None));
        let zero = areas(Rect::new(0, 0, 0, 0), false);
        assert_eq!(zero.body.height, 0);
    }
}

#[cfg(test)]
mod tile_tests {
    use super::*;

    #[test]
    fn tiles_cover_the_body_and_clicks_find_them() {
        let body = Rect::new(0, 1, 80, 22);
        let rects = tile_rects(body);
        assert_eq!(rects[3], Rect::new(40, 12, 40, 11));
        assert_eq!(rects[0], Rect::new(0, 2, 40, 10), "under the inbox line");
        assert_eq!(tile_at(body, 0, 1), Some(crate::tui::model::Tile::INBOX_LINE));
        assert_eq!(tile_at(body, 0, 2), Some(0));
        assert_eq!(tile_at(body, 79, 22), Some(3));
        assert_eq!(tile_at(body, 79, 0), None);
    }
}
