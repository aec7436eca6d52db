//! `-o list`: each record as `field: value` lines and a blank line after it. A screen
//! reader reads a table cell by cell with no header in sight; here every value says what it
//! is, nothing is cut to a width and nothing is aligned with spaces.

use crate::clock::Zone;
use crate::present::column::Cell;

/// One record's block: a line per field (its CLI header in lower case) with the value as
/// the table shows it, sanitised; then a blank line.
pub fn block<'c>(fields: impl Iterator<Item = (&'static str, &'c Cell)>, zone: &Zone) -> String {
    let mut text = String::new();
    for (header, cell) in fields {
        let value = cell.plain(zone);
        let field = header.to_lowercase();
        text.push_str(format!("{field}: {value}").trim_end());
        text.push('\n');
    }
    text.push('\n');
    text
}
