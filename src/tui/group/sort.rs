//! Sorting a merged list (`S`, `:sort`): by the single pane's own columns, each with the
//! key its pane and the CLI's `--sort` sort it by, or by `org`, the organisation's name.
//! The list's own order (newest first, soonest first, one organisation after the other)
//! breaks ties, so rows with the same key keep the order they had.

use crate::present::Column;
use crate::present::sort::{SortBy, SortKey};

/// The sort name of the ORG column.
pub const ORG: &str = "org";

/// The sort names of a merged list drawn with `columns`, in the order they are drawn: the
/// ORG column after the first.
pub fn names<T>(columns: &[Column<T>]) -> Vec<String> {
    let mut names = crate::present::sort::names(columns);
    let before = columns.iter().take(1).filter(|column| column.sort_name().is_some()).count();
    names.insert(before.min(names.len()), ORG.to_string());
    names
}

/// What a chosen sort orders the rows by.
pub enum By<'c, T> {
    Org,
    Column(&'c Column<T>),
}

/// What `sort` orders rows drawn with `columns` by; `None` for a name none of them has.
pub fn by<'c, T>(columns: &'c [Column<T>], sort: &SortBy) -> Option<By<'c, T>> {
    if sort.name == ORG {
        return Some(By::Org);
    }
    let column = columns.iter().find(|c| c.sort_name().as_deref() == Some(sort.name.as_str()));
    column.map(By::Column)
}

impl<T> By<'_, T> {
    /// The key of `item`, a row of the organisation `org` (its profile's name), as its cell
    /// is drawn in `context`.
    pub fn key(&self, org: &str, item: &T, context: &crate::present::Context) -> SortKey {
        match self {
            By::Org => SortKey::text(org),
            By::Column(column) => column.key(item, context),
        }
    }
}

/// `rows` put in the order of their keys (`key` asked once a row), descending when asked;
/// rows with the same key keep their order.
pub fn sorted<R>(rows: Vec<R>, descending: bool, key: impl Fn(&R) -> SortKey) -> Vec<R> {
    let mut keyed: Vec<(SortKey, R)> = rows.into_iter().map(|row| (key(&row), row)).collect();
    crate::sorting::sort_by(&mut keyed, |(a, _), (b, _)| a.compare(b, descending));
    keyed.into_iter().map(|(_, row)| row).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn org_comes_after_the_first_named_column_as_it_is_drawn() {
        let campaigns = crate::present::columns::campaigns::merged();
        assert_eq!(names(&campaigns)[..2], ["name".to_string(), ORG.to_string()]);
        // The inbox's first column is its marker, which sorts by nothing: ORG comes first.
        let inbox = crate::present::columns::exchanges::screen();
        assert_eq!(names(&inbox)[0], ORG);
    }

    #[test]
    fn equal_keys_keep_their_order_in_either_direction() {
        let rows = vec![("b", 1), ("a", 2), ("b", 3), ("a", 4)];
        let up = sorted(rows.clone(), false, |(name, _)| SortKey::text(name));
        assert_eq!(up, [("a", 2), ("a", 4), ("b", 1), ("b", 3)]);
        let down = sorted(rows, true, |(name, _)| SortKey::text(name));
        assert_eq!(down, [("b", 1), ("b", 3), ("a", 2), ("a", 4)]);
    }
}
