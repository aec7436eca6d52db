//! The lists of several organisations printed as one: every row led by its profile (an ORG
//! column, an `org` field), sorted across them when `--sort` asks, else organisation by
//! organisation in the order of the group.

use super::{Answer, sort_out};
use crate::api::Listed;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::format::OutputArgs;
use crate::cli::output::list_writer::ListWriter;
use crate::cli::output::sort::SortArg;
use crate::cli::output::streams::{stdout, warn};
use crate::cli::output::terminal::Term;
use crate::clock::Zone;
use crate::present::Column;
use crate::present::column::Context;
use crate::present::sort::{find, order_of};
use serde::Serialize;

/// Prints the lists that came (each failure said on stderr by its profile, and elements
/// left out said by profile) and returns the worst exit of the failures.
pub fn print_listed<T: Serialize>(
    answers: Vec<Answer<Listed<T>>>,
    what: &str,
    columns: &[Column<T>],
    output: &OutputArgs,
    sort: &SortArg,
    term: &Term,
) -> Result<Exit, CliError> {
    let (came, exit) = sort_out(answers, term);
    for (profile, listed) in &came {
        if let Some(warning) = listed.warning(what) {
            warn(term, &format!("{profile}: {warning}"));
        }
    }
    let rows = came.iter().flat_map(|(profile, listed)| {
        listed.items.iter().map(move |item| (profile.as_str(), item))
    });
    print_rows(rows.collect(), columns, output, sort, term)?;
    Ok(exit)
}

/// Prints rows of several organisations, each with its profile, in the order `sort` asks
/// for (across organisations), else as given.
pub fn print_rows<T: Serialize>(
    mut rows: Vec<(&str, &T)>,
    columns: &[Column<T>],
    output: &OutputArgs,
    sort: &SortArg,
    term: &Term,
) -> Result<(), CliError> {
    if let Some(sort) = sort.chosen(columns)? {
        let column = find(columns, &sort.name).map_err(CliError::usage)?;
        let context = Context::new(&Zone::Local, chrono::Utc::now());
        let sorted =
            order_of(column, rows.iter().map(|(_, item)| *item), sort.descending, &context);
        rows = sorted.iter().filter_map(|&at| rows.get(at as usize).copied()).collect();
    }
    let mut writer = ListWriter::new(stdout(), columns, output, term)?.with_org_column();
    for (org, item) in rows {
        writer.row_in(org, item)?;
        if !writer.is_open() {
            break;
        }
    }
    writer.finish()
}
