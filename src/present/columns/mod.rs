//! The columns of every list, one file per resource. Each column (header, width limits,
//! drop priority, cell text and tone) is defined once; `screen()` lists what the dashboard
//! shows and `cli()` what the CLI's table and CSV show, each in its own order.

pub(crate) mod bots;
pub(crate) mod campaigns;
pub(crate) mod contacts;
pub(crate) mod exchanges;
pub(crate) mod meetings;
pub(crate) mod needs;
pub(crate) mod org_replies;
pub(crate) mod results;
pub(crate) mod standing;
pub(crate) mod trend;

use super::column::{Column, Context};
use crate::clock::Zone;

/// The cells of one item ready to draw.
pub(crate) fn shown<T>(columns: &[Column<T>], item: &T, context: &Context) -> Vec<super::Shown> {
    columns.iter().map(|column| (column.cell)(item, context).shown(context.zone)).collect()
}

/// The text of each cell as shown (sanitised): what the dashboard's filter searches.
pub(crate) fn texts<T>(columns: &[Column<T>], item: &T, context: &Context) -> Vec<String> {
    let zone: &Zone = context.zone;
    columns.iter().map(|column| (column.cell)(item, context).into_plain(zone)).collect()
}
