//! What a pane shows and where: its main view (the tiles, a list, an opened item or
//! chain) and, on a screen large enough, the preview of the selected item beside or under
//! the list. One place decides it; drawing, paging and clicks read it.

use crate::config::Preview;
use crate::tui::model::Pane;
use chrono::{DateTime, Utc};
use ratatui::layout::Rect;

/// From this width `auto` puts the preview right of the list: both halves keep 80
/// columns, a list's and an e-mail's reading width.
pub const WIDE: u16 = 160;
/// From this height `auto` puts it under the list when the screen is not wide enough.
pub const TALL: u16 = 40;
/// `right` asked for explicitly: each half keeps at least this many columns.
const NARROWEST_HALF: u16 = 40;
/// `bottom` asked for explicitly: each half keeps at least this many rows.
const LOWEST_HALF: u16 = 10;

/// One thing a pane can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The Overview's tiles.
    Tiles,
    /// A pane's list.
    List(Pane),
    /// A pane's item: the opened one in the main place, the selected one in the preview.
    Detail(Pane),
    /// The e-mail chain of an exchange.
    Chain,
}

/// Where the preview goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Right,
    Bottom,
}

/// The views of the pane on screen, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaneLayout {
    pub main: View,
    pub preview: Option<(Place, View)>,
}

/// The preview as the user set it: the config's choice, turned on or off at run time,
/// and the reply the inbox's cursor rests on before its chain is fetched.
#[derive(Debug, Clone)]
pub struct PreviewState {
    pub setting: Preview,
    pub on: bool,
    /// A reply in the preview is seen after this long there.
    pub seen_after: chrono::Duration,
    pub resting: Option<Resting>,
}

/// The reply under the cursor whose chain the preview waits to fetch until the cursor
/// rests: `since` is the first tick that saw it there (a key carries no time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resting {
    pub exchange_id: i64,
    pub since: Option<DateTime<Utc>>,
}

impl PreviewState {
    pub fn new(setting: Preview, seen_after_seconds: u32) -> PreviewState {
        PreviewState {
            setting,
            on: setting != Preview::Off,
            seen_after: chrono::Duration::seconds(i64::from(seen_after_seconds)),
            resting: None,
        }
    }

    /// Where the preview goes on a `width` × `height` screen, if it is on and there is room.
    pub fn place(&self, width: u16, height: u16) -> Option<Place> {
        if !self.on {
            return None;
        }
        match self.setting {
            Preview::Right => (width / 2 >= NARROWEST_HALF).then_some(Place::Right),
            Preview::Bottom => (height / 2 >= LOWEST_HALF).then_some(Place::Bottom),
            // Turned on at run time: where `auto` would put it.
            Preview::Auto | Preview::Off => auto(width, height),
        }
    }
}

impl PreviewState {
    /// What the screen needs for the preview to show, in words.
    pub fn needs(&self) -> String {
        match self.setting {
            Preview::Right => format!("{} columns", NARROWEST_HALF * 2),
            Preview::Bottom => format!("{} rows", LOWEST_HALF * 2),
            Preview::Auto | Preview::Off => format!("{WIDE} columns or {TALL} rows"),
        }
    }
}

impl Default for PreviewState {
    fn default() -> Self {
        PreviewState::new(Preview::default(), 3)
    }
}

/// `auto`: right while the list keeps 80 columns, else under it on a tall screen, else none.
fn auto(width: u16, height: u16) -> Option<Place> {
    if width >= WIDE {
        Some(Place::Right)
    } else if height >= TALL {
        Some(Place::Bottom)
    } else {
        None
    }
}

/// The pane's area split into the main view's and the preview's.
pub fn split(body: Rect, place: Option<Place>) -> (Rect, Option<Rect>) {
    match place {
        None => (body, None),
        Some(Place::Right) => {
            let list = body.width - body.width / 2;
            let preview = Rect { x: body.x + list, width: body.width - list, ..body };
            (Rect { width: list, ..body }, Some(preview))
        }
        Some(Place::Bottom) => {
            let list = body.height - body.height / 2;
            let preview = Rect { y: body.y + list, height: body.height - list, ..body };
            (Rect { height: list, ..body }, Some(preview))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_goes_right_on_wide_screens_under_on_tall_ones_else_nowhere() {
        let auto = PreviewState::new(Preview::Auto, 3);
        assert_eq!(auto.place(200, 50), Some(Place::Right));
        assert_eq!(auto.place(160, 40), Some(Place::Right));
        assert_eq!(auto.place(159, 50), Some(Place::Bottom));
        assert_eq!(auto.place(120, 40), Some(Place::Bottom));
        assert_eq!(auto.place(120, 39), None);
        assert_eq!(auto.place(80, 24), None);
        let off = PreviewState { on: false, ..auto };
        assert_eq!(off.place(200, 50), None);
    }

    #[test]
    fn a_chosen_place_holds_while_both_halves_fit() {
        assert_eq!(PreviewState::new(Preview::Right, 3).place(100, 24), Some(Place::Right));
        assert_eq!(PreviewState::new(Preview::Right, 3).place(79, 24), None);
        assert_eq!(PreviewState::new(Preview::Bottom, 3).place(200, 24), Some(Place::Bottom));
        assert_eq!(PreviewState::new(Preview::Off, 3).place(200, 50), None);
    }

    #[test]
    fn the_split_gives_the_list_the_odd_cell() {
        let body = Rect::new(0, 1, 201, 47);
        let (list, preview) = split(body, Some(Place::Right));
        assert_eq!((list.width, preview.map(|p| (p.x, p.width))), (101, Some((101, 100))));
        let (list, preview) = split(body, Some(Place::Bottom));
        assert_eq!((list.height, preview.map(|p| (p.y, p.height))), (24, Some((25, 23))));
    }
}
