//! Sorting a list by one of its columns, the same way in the dashboard and the CLI: each
//! column's sort key (from its cell, or its own where the text shown would sort wrongly, as
//! an age), the column's sort name (`last-activity`), and the order of a whole list.

use super::column::{Cell, Column, Context, Value};
pub(crate) use super::sort_key::SortKey;
use crate::text::sanitize;

impl Cell {
    /// What the cell sorts by: its value, not its text (`10` after `9`, times in order);
    /// text as shown, sanitised, so an escape sequence or a bidi override the server sent
    /// does not carry a name to the top or the bottom.
    pub(crate) fn sort_key(&self) -> SortKey {
        match &self.value {
            Value::Text(text) | Value::Unread(text) => SortKey::text(&sanitize(text)),
            Value::Int(n) => SortKey::Number(*n),
            Value::OptInt(n) => n.map_or(SortKey::Empty, SortKey::Number),
            Value::Flag(flag) => SortKey::Number(i64::from(*flag)),
            Value::Time(at) => SortKey::time(*at),
            Value::Parts(parts) => SortKey::text(&sanitize(
                &parts.iter().map(|(text, _)| text.as_str()).collect::<String>(),
            )),
        }
    }
}

/// A chosen sort: a column's sort name and the direction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SortBy {
    pub name: String,
    pub descending: bool,
}

impl SortBy {
    /// As typed and kept: `age`, `age:desc`.
    pub fn parse(text: &str) -> SortBy {
        let text = text.trim();
        let (name, direction) = text.rsplit_once(':').unwrap_or((text, "asc"));
        SortBy { name: name.trim().to_lowercase(), descending: direction.trim() == "desc" }
    }

    /// `age:asc`, `age:desc`: how it is kept and how `--sort` takes it.
    pub fn words(&self) -> String {
        format!("{}:{}", self.name, if self.descending { "desc" } else { "asc" })
    }

    /// The header's marker of the direction (a character, so it shows without colour).
    pub fn arrow(&self) -> &'static str {
        if self.descending { "▼" } else { "▲" }
    }
}

/// A header's sort name: lower case, spaces as dashes ("Last activity" → `last-activity`);
/// `None` for a column without words (a marker column), which does not sort.
pub(crate) fn sort_name(header: &str) -> Option<String> {
    let name = header.trim().to_lowercase().split_whitespace().collect::<Vec<_>>().join("-");
    name.chars().any(char::is_alphanumeric).then_some(name)
}

impl<T> Column<T> {
    /// The column's sort name, if it sorts.
    pub(crate) fn sort_name(&self) -> Option<String> {
        sort_name(self.header)
    }

    /// The item's key in this column: the column's own, else its cell's.
    pub(crate) fn key(&self, item: &T, context: &Context) -> SortKey {
        match self.sort {
            Some(key) => key(item, context),
            None => (self.cell)(item, context).sort_key(),
        }
    }
}

/// The sort names of `columns`, in their order.
pub(crate) fn names<T>(columns: &[Column<T>]) -> Vec<String> {
    columns.iter().filter_map(Column::sort_name).collect()
}

/// The column `name` sorts by, or the message listing the names there are.
pub(crate) fn find<'a, T>(columns: &'a [Column<T>], name: &str) -> Result<&'a Column<T>, String> {
    let name = name.trim().to_lowercase();
    columns.iter().find(|c| c.sort_name().as_deref() == Some(name.as_str())).ok_or_else(|| {
        format!("no column '{name}' to sort by; one of: {}", names(columns).join(", "))
    })
}

/// The items' positions in sorted order; ties keep the list's own order.
pub(crate) fn order<T>(
    column: &Column<T>,
    items: &[T],
    descending: bool,
    context: &Context,
) -> Vec<u32> {
    order_of(column, items, descending, context)
}

/// [`order`] of items that are not one slice (the rows of several organisations).
pub(crate) fn order_of<'a, T: 'a>(
    column: &Column<T>,
    items: impl IntoIterator<Item = &'a T>,
    descending: bool,
    context: &Context,
) -> Vec<u32> {
    let keys: Vec<SortKey> = items.into_iter().map(|item| column.key(item, context)).collect();
    let compare = &mut |a: usize, b: usize| keys[a].compare(&keys[b], descending);
    crate::sorting::positions(keys.len(), compare).into_iter().map(|at| at as u32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Timestamp;
    use chrono::{TimeZone, Utc};

    fn sorted(keys: &[SortKey], descending: bool) -> Vec<SortKey> {
        let mut keys = keys.to_vec();
        keys.sort_by(|a, b| a.compare(b, descending));
        keys
    }

    #[test]
    fn numbers_sort_as_numbers_not_as_text() {
        let keys: Vec<SortKey> =
            [9, 10, 100, -1].into_iter().map(|n| Cell::new(Value::Int(n)).sort_key()).collect();
        let numbers = [-1, 9, 10, 100].map(SortKey::Number);
        assert_eq!(sorted(&keys, false), numbers);
    }

    #[test]
    fn text_sorts_case_insensitively() {
        let keys: Vec<SortKey> =
            ["bob", "Ann", "ALF", "anna"].into_iter().map(|t| Cell::text(t).sort_key()).collect();
        let order: Vec<String> = sorted(&keys, false)
            .into_iter()
            .map(|k| match k {
                SortKey::Text(t) => t,
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(order, ["alf", "ann", "anna", "bob"]);
        let hostile = Cell::text("\u{1b}[31mZed\u{202e}").sort_key();
        assert_eq!(hostile, SortKey::Text("zed".into()), "as shown, not as sent");
    }

    #[test]
    fn empty_comes_last_in_either_direction() {
        let keys = [
            Cell::new(Value::OptInt(None)).sort_key(),
            SortKey::Number(2),
            Cell::text(" ").sort_key(),
            SortKey::Number(5),
        ];
        let up = sorted(&keys, false);
        let down = sorted(&keys, true);
        assert_eq!(&up[..2], [SortKey::Number(2), SortKey::Number(5)]);
        assert_eq!(&down[..2], [SortKey::Number(5), SortKey::Number(2)]);
        assert_eq!(&down[2..], [SortKey::Empty, SortKey::Empty]);
    }

    #[test]
    fn times_sort_as_times() {
        let at = |day| Some(Timestamp(Utc.with_ymd_and_hms(2026, 3, day, 9, 0, 0).unwrap()));
        let keys = [
            Cell::new(Value::Time(at(10))).sort_key(),
            Cell::new(Value::Time(None)).sort_key(),
            Cell::new(Value::Time(at(2))).sort_key(),
        ];
        let up = sorted(&keys, false);
        assert_eq!(up[0], SortKey::time(at(2)));
        assert_eq!(up[2], SortKey::Empty);
    }

    #[test]
    fn names_are_headers_in_lower_case_with_dashes() {
        assert_eq!(sort_name("Last activity").as_deref(), Some("last-activity"));
        assert_eq!(sort_name("E-mail").as_deref(), Some("e-mail"));
        assert_eq!(sort_name(""), None);
        assert_eq!(sort_name("⚠"), None);
        assert_eq!(SortBy::parse("Age:desc"), SortBy { name: "age".into(), descending: true });
        assert_eq!(SortBy::parse("age").words(), "age:asc");
    }

    #[test]
    fn an_unknown_name_lists_the_ones_there_are() {
        let columns = crate::present::columns::contacts::cli();
        let error = find(&columns, "colour").err().unwrap_or_default();
        assert!(error.contains("e-mail, name, dnc"), "{error}");
    }
}
