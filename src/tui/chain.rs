//! The chain pane's layout: the shared [`crate::chain`] layout, its folded quotes pointing
//! at the key that shows them.

use crate::api::EmailMessage;
use crate::chain::Quotes;
use crate::clock::Zone;

pub use crate::chain::{ChainLayout, ChainLine, LineKind};

/// What a folded run of quotes says about showing it.
const UNFOLD_HINT: &str = "T shows them";

/// Lays out `messages` at `width` columns, quoted history folded unless `unfolded`.
pub fn layout(messages: &[EmailMessage], width: u16, unfolded: bool, zone: &Zone) -> ChainLayout {
    let quotes = if unfolded { Quotes::Shown } else { Quotes::Folded { hint: UNFOLD_HINT } };
    crate::chain::layout(messages, width, quotes, zone)
}
