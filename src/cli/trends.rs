//! The fortnight's replies a day for the trend column of `campaigns list` and `bots list`:
//! read only for a table (CSV and JSON have no trend column), counted as the dashboard
//! counts them ([`crate::results::trends`]).

use crate::api::Timestamp;
use crate::cli::context::Context;
use crate::cli::output::format::{OutputArgs, OutputFormat};
use crate::cli::output::streams::warn;
use crate::clock::Zone;
use crate::results::{Basis, Group, Trends, trend_window, trends};

/// The trends of `rows` (each id with the moment it started to exist, when known) for a
/// table; `None` for other formats, and when the replies could not be read (said on
/// stderr: the column stays empty rather than showing zeros).
pub async fn for_table(
    context: &Context,
    output: &OutputArgs,
    group: Group,
    rows: impl Iterator<Item = (i64, Option<Timestamp>)>,
) -> Option<Trends> {
    if output.format(&context.term) != OutputFormat::Table {
        return None;
    }
    let (zone, now) = (Zone::Local, chrono::Utc::now());
    let window = trend_window(zone.date(now));
    let replies = match crate::inbox::fetch(&context.client, &window.queries().0).await {
        Ok(listed) => listed.items,
        Err(error) => {
            let error = crate::text::sanitize(&error.to_string());
            warn(
                &context.term,
                &format!("the trend column is empty: replies could not be read ({error})"),
            );
            return None;
        }
    };
    let wanted = rows.map(|(id, since)| (id, since.map(|at| zone.date(at.0)))).collect();
    let basis = Basis { window, zone: &zone, now };
    let mut all = Trends::default();
    *all.group_mut(group) = trends(&replies, &basis, group, &wanted);
    Some(all)
}
