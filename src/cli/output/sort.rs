//! `--sort COLUMN[:asc|:desc]` of the list commands: the same column names and keys as the
//! dashboard's `S` and `:sort` ([`crate::present::sort`]), checked before anything is
//! fetched (an unknown name is a usage error listing the names there are). A sorted list is
//! read whole, then printed in its order, JSON too.

use crate::api::Listed;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::format::OutputArgs;
use crate::cli::output::list_writer::print_trended_rows;
use crate::cli::output::streams::warn_skipped;
use crate::cli::output::terminal::Term;
use crate::clock::Zone;
use crate::present::Column;
use crate::present::column::Context;
use crate::present::sort::{SortBy, find, order};
use crate::results::Trends;
use clap::Args;
use serde::Serialize;

/// `--sort`, flattened into each list command's arguments.
#[derive(Debug, Clone, Default, Args)]
pub struct SortArg {
    /// Sort by a column: its header in lower case, spaces as dashes (`name`, `last-activity`),
    /// then `:asc` (the default) or `:desc`; empty cells last. An unknown name lists them.
    #[arg(long, value_name = "COLUMN[:desc]")]
    pub sort: Option<String>,
}

/// A list command's output options with `--sort`.
#[derive(Debug, Clone, Args)]
pub struct SortedOutput {
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub sort: SortArg,
}

impl SortArg {
    /// The sort asked for, checked against `columns`; `None` when none is asked for.
    pub fn chosen<T>(&self, columns: &[Column<T>]) -> Result<Option<SortBy>, CliError> {
        let Some(words) = &self.sort else { return Ok(None) };
        let sort = SortBy::parse(words);
        let direction = words.rsplit_once(':').map(|(_, d)| d.trim());
        if direction.is_some_and(|d| !matches!(d, "asc" | "desc")) {
            return Err(CliError::usage(format!(
                "--sort {words}: a direction is :asc or :desc, as in --sort {}:desc",
                sort.name
            )));
        }
        find(columns, &sort.name)
            .map_err(|message| CliError::usage(format!("--sort: {message}")))?;
        Ok(Some(sort))
    }

    /// Whether a sort is asked for (the list is then read whole, not streamed).
    pub fn is_set(&self) -> bool {
        self.sort.is_some()
    }
}

/// Prints a fetched list in the order `sort` asks for (the server's without one), after a
/// warning when some of its `what` could not be read, with the trends its trend cells draw
/// (and sort by), if any.
pub fn print_sorted<T: Serialize>(
    listed: &Listed<T>,
    what: &str,
    columns: &[Column<T>],
    output: &OutputArgs,
    sort: &SortArg,
    term: &Term,
    trends: Option<&Trends>,
) -> Result<Exit, CliError> {
    warn_skipped(term, listed, what);
    print_trended_items(&listed.items, columns, output, sort, term, trends)?;
    Ok(Exit::Ok)
}

/// Prints `items` in the order `sort` asks for.
pub fn print_items<T: Serialize>(
    items: &[T],
    columns: &[Column<T>],
    output: &OutputArgs,
    sort: &SortArg,
    term: &Term,
) -> Result<(), CliError> {
    print_trended_items(items, columns, output, sort, term, None)
}

/// Prints `items` in the order `sort` asks for, with the trends their trend cells draw
/// (and sort by).
fn print_trended_items<T: Serialize>(
    items: &[T],
    columns: &[Column<T>],
    output: &OutputArgs,
    sort: &SortArg,
    term: &Term,
    trends: Option<&Trends>,
) -> Result<(), CliError> {
    let Some(sort) = sort.chosen(columns)? else {
        return print_trended_rows(items.iter(), columns, output, term, trends);
    };
    let column = find(columns, &sort.name).map_err(CliError::usage)?;
    let mut context = Context::new(&Zone::Local, chrono::Utc::now());
    context.trends = trends;
    let order = order(column, items, sort.descending, &context);
    print_trended_rows(
        order.iter().filter_map(|&row| items.get(row as usize)),
        columns,
        output,
        term,
        trends,
    )
}
