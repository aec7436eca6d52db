//! `-o list`: each record as `field: value` lines and a blank line after it. A screen
//! reader reads a table cell by cell with no header in sight; here every value says what it
//! is, nothing is cut to a width and nothing is aligned with spaces.

use crate::present::{Column, Context};

/// One record's block: a line per column a spreadsheet would get (markers that repeat
/// another column are left out), the value as the table shows it, sanitised; then a blank
/// line.
pub fn block<T>(columns: &[Column<T>], item: &T, context: &Context) -> String {
    let mut text = String::new();
    for column in columns.iter().filter(|column| column.in_csv) {
        let value = (column.cell)(item, context).plain(context.zone);
        let field = column.cli_header.to_lowercase();
        text.push_str(format!("{field}: {value}").trim_end());
        text.push('\n');
    }
    text.push('\n');
    text
}
