//! The columns of every list, one file per resource. Each column (header, width limits,
//! drop priority, cell text and tone) is defined once; `screen()` lists what the dashboard
//! shows and `cli()` what the CLI's table and CSV show, each in its own order.

pub mod bots;
pub mod campaigns;
pub mod contacts;
pub mod exchanges;
pub mod meetings;

use super::column::{Column, Context};
use crate::clock::Zone;

/// The cells of one item, in column order.
pub fn cells<T>(columns: &[Column<T>], item: &T, context: &Context) -> Vec<super::Cell> {
    columns.iter().map(|column| (column.cell)(item, context)).collect()
}

/// The cells of one item ready to draw.
pub fn shown<T>(columns: &[Column<T>], item: &T, context: &Context) -> Vec<super::Shown> {
    columns.iter().map(|column| (column.cell)(item, context).shown(context.zone)).collect()
}

/// The text of each cell as shown (sanitised): what the dashboard's filter searches.
pub fn texts<T>(columns: &[Column<T>], item: &T, context: &Context) -> Vec<String> {
    let zone: &Zone = context.zone;
    columns.iter().map(|column| (column.cell)(item, context).into_plain(zone)).collect()
}
