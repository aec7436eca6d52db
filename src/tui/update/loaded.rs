//! A list that loaded, stored and shown: the answer, then what the jumps and the brief do
//! with it. A large inbox comes here once a worker has counted it.

use crate::tui::action::{Answer, Effect};
use crate::tui::census::{Census, Replaced};
use crate::tui::state::AppState;

/// A list loaded (with what a worker counted of it, for a large inbox): stored and shown.
pub(crate) fn loaded(
    state: &mut AppState,
    answer: &dyn Answer,
    counted: Option<(&Census, &mut Replaced)>,
) -> Vec<Effect> {
    let mut effects = super::fetch::on_loaded(state, answer, counted);
    effects.extend(super::jumps::on_loaded(state, answer.slot()));
    // A row of the merged inbox opened with Enter: its organisation's inbox came.
    if let Some(exchange_id) = super::group_inbox::to_open(state, answer.slot()) {
        effects.extend(super::jumps::open_row(state, exchange_id));
    }
    // A meeting or contact of a merged pane opened with Enter: its organisation's came.
    effects.extend(super::group_meetings::to_open(state, answer.slot()));
    effects.extend(super::brief::after_load(state, Some(answer.slot())));
    effects
}
