//! `outreach brief`: what changed since the dashboard's last look (or since `--since`), the
//! same brief the dashboard opens on after an absence (`crate::brief`). It only reads,
//! unless `--mark-seen` moves the last look to now. No terminal needed: cron can mail it.

use crate::brief::since::pick;
use crate::brief::{Brief, lines, title};
use crate::cli::args::{GlobalArgs, parse_day};
use crate::cli::commands::standing::Standing;
use crate::cli::commands::watch::look::{Fetched, fetch};
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::streams::{note, warn, warn_left_out, write_stdout};
use crate::clock::Zone;
use crate::inbox::quiet::day_start;
use crate::local::{KEPT_SNAPSHOT_DAYS, LAST_LOOK, ObservedState, Scope, StateError};
use crate::look;
use crate::observe::{Lists, Snapshot};
use crate::text::sanitize;
use chrono::{DateTime, Duration, Local, NaiveDate, Utc};
use clap::{Args, ValueEnum};
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A title with the span, then one line per kind of change.
    Text,
    /// One JSON object: the profile, where the brief starts, the brief (null when there is
    /// nothing to start from) and a note.
    Json,
}

/// Where a brief starts, as `--since` says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Since {
    /// This long ago (`8h`, `30m`, `2d`).
    Ago(Duration),
    /// The start of this day in your zone (`yesterday`, `-7d`, `2026-11-20`).
    Day(NaiveDate),
}

impl Since {
    fn moment(self, now: DateTime<Utc>) -> DateTime<Utc> {
        match self {
            Since::Ago(ago) => now - ago,
            Since::Day(day) => day_start(day, &Zone::Local).0,
        }
    }
}

/// `8h`, `30m`, `2d`, or a day as `--since` takes it elsewhere.
pub fn parse_since(text: &str) -> Result<Since, String> {
    let text = text.trim();
    let unit = text.chars().last().unwrap_or(' ');
    let number = text[..text.len() - unit.len_utf8().min(text.len())].parse::<i64>().ok();
    let ago = match (number, unit) {
        (Some(n), 'm') if n > 0 => Some(Duration::minutes(n)),
        (Some(n), 'h') if n > 0 => Some(Duration::hours(n)),
        (Some(n), 'd') if n > 0 => Some(Duration::days(n)),
        _ => None,
    };
    match ago {
        Some(ago) => Ok(Since::Ago(ago)),
        None => parse_day(text).map(Since::Day).map_err(|_| {
            format!(
                "`{}` is not a moment: use 8h, 30m, 2d, yesterday, -7d or YYYY-MM-DD",
                sanitize(text)
            )
        }),
    }
}

#[derive(Debug, Clone, Args)]
pub struct BriefArgs {
    /// Start from the newest snapshot kept at or before this moment instead of the
    /// dashboard's last look: 8h, 30m, 2d (ago), or a day from its start in your zone
    /// (yesterday, -7d, 2026-11-20).
    #[arg(long, value_name = "WHEN", value_parser = parse_since, allow_hyphen_values = true)]
    pub since: Option<Since>,

    /// Move the dashboard's last look to now, so the next brief (here or in the dashboard)
    /// starts here. Without it, this command only reads.
    #[arg(long)]
    pub mark_seen: bool,

    #[arg(long, short = 'o', value_enum, default_value_t = Format::Text)]
    pub output: Format,
}

/// What `-o json` prints.
#[derive(Debug, Serialize)]
struct Document<'a> {
    profile: String,
    /// Which kept snapshot it starts from (`last-look`, `latest`, `day:2026-11-20`).
    from: Option<&'a str>,
    brief: Option<&'a Brief>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
}

pub async fn run(global: &GlobalArgs, args: BriefArgs) -> Result<Exit, CliError> {
    let context = Context::connect(global).await?;
    let scope = Scope::new(&context.session.profile, &context.session.base_url);
    // Blocking SQLite on the runtime's thread: this command does nothing else meanwhile.
    let (state, warning) = ObservedState::open_default();
    if let Some(warning) = warning {
        warn(&context.term, &warning);
    }
    let failed = |error: StateError| {
        CliError::failure(format!("The observed state could not be read: {error}"))
    };
    let now = Utc::now();
    let Start { slot: from, snapshot: start, mut said } =
        start(&state, &scope, args.since, now).map_err(failed)?;

    let Fetched { inbox, campaigns, bots, meetings } = fetch(&context.client).await?;
    warn_left_out(&context.term, inbox.skipped, "exchanges");
    // The same look as `todo` and `watch`: an absence notice is no new reply until the
    // contact is back, and a reply whose chain is not known is said as such.
    let look_lists =
        look::Lists { inbox: &inbox.items, campaigns: &campaigns.items, bots: &bots.items };
    let mut marks = crate::cli::commands::standing::MarkSources::open(&context);
    let standing = Standing::read_with(&context, &state, &mut marks, look_lists).await;
    let (new, brief) = standing.look.with_inputs(|inputs| {
        let lists = Lists { needs: inputs, meetings: &meetings.items };
        let new = Snapshot::take(inputs, &meetings.items);
        let brief = start.as_ref().map(|old| Brief::of(old, &new, &lists));
        (new, brief)
    });
    if start.is_none() && said.is_none() {
        said = Some(format!(
            "No last look yet for {}: the dashboard keeps one as it runs, and --mark-seen starts one now.",
            sanitize(&context.session.profile)
        ));
    }

    let profile = sanitize(&context.session.profile);
    match args.output {
        Format::Text => {
            if let Some(said) = &said {
                note(said);
            }
            if let Some(brief) = &brief {
                let mut text = format!("{profile} · {}\n", title(brief, &Zone::Local));
                for line in lines(brief, &Zone::Local) {
                    text.push_str(&line);
                    text.push('\n');
                }
                write_stdout(&text)?;
            }
        }
        Format::Json => {
            let document = Document {
                profile,
                from: from.as_deref(),
                brief: brief.as_ref(),
                note: said.as_deref(),
            };
            let text = serde_json::to_string_pretty(&document).map_err(|error| {
                CliError::failure(format!("The brief could not be written: {error}"))
            })?;
            write_stdout(&format!("{text}\n"))?;
        }
    }
    if args.mark_seen {
        state
            .save_snapshot(&scope, LAST_LOOK, new.taken_at, Some(&new.to_json()))
            .and_then(|()| state.keep_day(&scope, new.taken_at, || new.to_json()))
            .map_err(|error| {
                CliError::failure(format!("The last look could not be kept: {error}"))
            })?;
        if state.path().is_none() {
            warn(
                &context.term,
                "The last look lasts this run only: the state directory is not usable.",
            );
        } else {
            note("Last look moved to now: the next brief starts here.");
        }
    }
    Ok(Exit::Ok)
}

/// Where a brief starts: the kept snapshot's slot and the snapshot (none to start from on
/// a first run), and what to tell about it.
struct Start {
    slot: Option<String>,
    snapshot: Option<Snapshot>,
    said: Option<String>,
}

/// The snapshot the brief starts from: the last look, or the newest kept at or before
/// `--since`.
fn start(
    state: &ObservedState,
    scope: &Scope,
    since: Option<Since>,
    now: DateTime<Utc>,
) -> Result<Start, StateError> {
    let (slot, said) = match since {
        None => (LAST_LOOK.to_string(), None),
        Some(since) => {
            let wanted = since.moment(now);
            let kept = state.snapshots_kept(scope)?;
            let Some(picked) = pick(wanted, &kept) else {
                let said = format!(
                    "No snapshot is kept for {} yet: the dashboard, `outreach watch` and `outreach brief --mark-seen` keep them (the last look, the latest, and each day's first for {KEPT_SNAPSHOT_DAYS} days).",
                    sanitize(&scope.profile)
                );
                return Ok(Start { slot: None, snapshot: None, said: Some(said) });
            };
            let said = picked.later_than_asked.then(|| {
                format!(
                    "Nothing kept goes back to {}: the oldest snapshot is from {} (each day's first is kept {KEPT_SNAPSHOT_DAYS} days).",
                    local(wanted),
                    local(picked.taken_at)
                )
            });
            (picked.slot, said)
        }
    };
    let snapshot = state.snapshot(scope, &slot)?.and_then(|(taken_at, body)| {
        Snapshot::from_json(&body).map(|snapshot| Snapshot { taken_at, ..snapshot })
    });
    Ok(Start { slot: snapshot.is_some().then_some(slot), snapshot, said })
}

fn local(at: DateTime<Utc>) -> String {
    at.with_timezone(&Local).format("%a %Y-%m-%d %H:%M").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn since_takes_an_age_or_a_day_and_refuses_the_rest() {
        assert_eq!(parse_since("8h"), Ok(Since::Ago(Duration::hours(8))));
        assert_eq!(parse_since("30m"), Ok(Since::Ago(Duration::minutes(30))));
        assert_eq!(parse_since("2d"), Ok(Since::Ago(Duration::days(2))));
        assert_eq!(
            parse_since("2026-11-20"),
            Ok(Since::Day(NaiveDate::from_ymd_opt(2026, 11, 20).unwrap()))
        );
        assert!(matches!(parse_since("yesterday"), Ok(Since::Day(_))));
        assert!(matches!(parse_since("-7d"), Ok(Since::Day(_))));
        for bad in ["0h", "soon", "h", "", "8x"] {
            let error = parse_since(bad).unwrap_err();
            assert!(error.contains("use 8h, 30m, 2d"), "{bad}: {error}");
        }
    }
}
