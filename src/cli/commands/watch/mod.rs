//! `outreach watch`: a headless poller for a systemd user unit, cron (`--once`) or a tmux
//! window. Every interval it looks at each profile's organisation, announces what changed
//! (one line per event on stdout, the `[hooks]` command run for it), and remembers what it
//! announced in the observed state, so a restart never announces an event twice and a
//! dashboard open beside it never runs the same hook. A failed look is said once on stderr,
//! tried again less and less often (to a cap), and its end is said too; only SIGTERM or
//! Ctrl-C stops it (exit 0).

mod line;
pub(crate) mod look;

use crate::cli::args::GlobalArgs;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit, render_error};
use crate::cli::orgs::{Orgs, sort_out};
use crate::cli::output::streams::{note, warn, write_stdout};
use crate::clock::Zone;
use crate::hooks::HookOutcome;
use crate::observe::{Event, Observation, Observer};
use clap::{Args, ValueEnum};
use look::{LookError, Watched};
use std::collections::HashSet;
use std::time::Duration;
use tokio::time::Instant;

/// The longest wait between two tries while a profile's looks fail.
const MAX_BACKOFF: Duration = Duration::from_secs(15 * 60);

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line of words per event.
    Text,
    /// One JSON object per event per line (what a hook reads on stdin).
    Json,
}

#[derive(Debug, Clone, Args)]
pub struct WatchArgs {
    /// Seconds between two looks at each profile (5 at least: a look is four requests or more).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(5..=86_400))]
    pub interval: u64,

    /// Look once, announce, and exit (for cron). The first look at an organisation
    /// announces nothing: it remembers what is there.
    #[arg(long)]
    pub once: bool,

    /// How each event is printed on stdout.
    #[arg(long, short = 'o', value_enum, default_value_t = Format::Text)]
    pub output: Format,
}

/// One profile's place in the loop: when it looks next, and how its looks have gone.
struct Pace {
    next: Instant,
    failures: u32,
    failing_since: Option<Instant>,
    /// Hooks whose last run failed: said once on stderr until one runs well again.
    failing_hooks: HashSet<&'static str>,
}

impl Pace {
    /// The wait before the next look: the interval, doubled for each failure in a row, to
    /// [`MAX_BACKOFF`] (or the interval, if that is longer).
    fn wait(&self, interval: Duration) -> Duration {
        let doubled = interval.saturating_mul(1 << self.failures.min(16));
        doubled.min(MAX_BACKOFF.max(interval))
    }
}

pub async fn run(global: &GlobalArgs, args: WatchArgs) -> Result<Exit, CliError> {
    let interval = Duration::from_secs(args.interval);
    let loaded = crate::config::load().map_err(crate::session::SessionError::Config)?;
    let (contexts, mut worst) = contexts(global).await?;
    let grouped = global.asks_group();
    let mut watched = Vec::new();
    for context in contexts {
        let hooks = loaded.config.hooks_for(&context.session.profile);
        watched.push(Watched::new(context, hooks));
    }
    let Some(first) = watched.first() else {
        if worst != Exit::Ok {
            return Err(CliError::new(worst, "No organisation of the group could be read."));
        }
        return Err(CliError::usage("No profile to watch."));
    };
    let state = std::sync::Arc::new(look::open_observed(&first.context));
    let zone = Zone::Local;
    let observers: Vec<Observer> = watched
        .iter()
        .map(|w| Observer::new(std::sync::Arc::clone(&state), w.scope().clone(), "watch", interval))
        .collect();
    let mut paces: Vec<Pace> = watched
        .iter()
        .map(|_| Pace {
            next: Instant::now(),
            failures: 0,
            failing_since: None,
            failing_hooks: HashSet::new(),
        })
        .collect();

    if args.once {
        for ((one, observer), pace) in watched.iter_mut().zip(&observers).zip(&mut paces) {
            let looked = one.look(observer).await.map_err(|error| match error {
                LookError::Api(error) => CliError::from(error),
                LookError::State(error) => CliError::failure(error.to_string()),
            });
            match looked {
                Ok(observation) => announce(one, observation, &args, &zone, pace).await,
                // In a group, one organisation that cannot be read holds no other.
                Err(error) if grouped => {
                    worst = worst.worst(error.exit);
                    let error = crate::cli::orgs::named_error(one.profile(), error);
                    note(&render_error(&error, one.context.term.stderr_color));
                }
                Err(error) => return Err(error),
            }
        }
        return Ok(worst);
    }
    let stop = stopped();
    tokio::pin!(stop);
    loop {
        let Some(due) = (0..paces.len()).min_by_key(|&i| paces[i].next) else {
            return Ok(Exit::Ok);
        };
        tokio::select! {
            () = &mut stop => return Ok(Exit::Ok),
            () = tokio::time::sleep_until(paces[due].next) => {}
        }
        let (one, pace) = (&mut watched[due], &mut paces[due]);
        let result = tokio::select! {
            () = &mut stop => return Ok(Exit::Ok),
            result = one.look(&observers[due]) => result,
        };
        match result {
            Ok(observation) => {
                recovered(one.profile(), pace);
                let announced = announce(one, observation, &args, &zone, pace);
                tokio::select! {
                    () = &mut stop => return Ok(Exit::Ok),
                    () = announced => {}
                }
            }
            Err(error) => failed(&one.context, &error, pace, interval),
        }
        pace.next = Instant::now() + pace.wait(interval);
    }
}

/// A context for each profile to watch: the group's (those that cannot be resolved said by
/// their profile, with the worst exit among them), else each `--profile`'s.
async fn contexts(global: &GlobalArgs) -> Result<(Vec<Context>, Exit), CliError> {
    if let Some(orgs) = Orgs::chosen(global)? {
        let answers = orgs.read(global, |context| async move { Ok(context) }).await;
        let (came, worst) = sort_out(answers, &global.term());
        return Ok((came.into_iter().map(|(_, context)| context).collect(), worst));
    }
    let mut contexts = Vec::new();
    for profile in profiles(global) {
        let one = GlobalArgs { profile: profile.into_iter().collect(), ..global.clone() };
        contexts.push(Context::connect(&one).await?);
    }
    Ok((contexts, Exit::Ok))
}

/// The profiles to watch: each `--profile` given, or the one the environment and the
/// config choose.
fn profiles(global: &GlobalArgs) -> Vec<Option<String>> {
    if global.profile.is_empty() {
        vec![None]
    } else {
        let mut seen = HashSet::new();
        global.profile.iter().filter(|p| seen.insert(p.as_str())).map(|p| Some(p.clone())).collect()
    }
}

/// Prints each event, runs its hook (on a blocking thread: a hook may take its whole
/// timeout), and says a failing hook once on stderr.
async fn announce(
    one: &Watched,
    observation: Observation,
    args: &WatchArgs,
    zone: &Zone,
    pace: &mut Pace,
) {
    if observation.first {
        note(&format!(
            "{}: a first look at this organisation; nothing announced, watching from now.",
            one.profile()
        ));
    }
    for event in observation.events {
        print(&event, args.output, one.hooks.include_text, zone);
        let hooks = one.hooks.clone();
        let ran = crate::tasks::spawn_blocking(move || crate::hooks::run(&event, &hooks)).await;
        if let Ok(Some(outcome)) = ran {
            hook_said(&one.context, &outcome, pace);
        }
    }
}

fn print(event: &Event, format: Format, include_text: bool, zone: &Zone) {
    let line = match format {
        Format::Text => line::text(event, zone),
        Format::Json => crate::hooks::env::json(event, include_text).to_string(),
    };
    // A closed stdout (`| head`) leaves watch running its hooks: they are the point.
    let _ = write_stdout(&format!("{line}\n"));
}

fn hook_said(context: &Context, outcome: &HookOutcome, pace: &mut Pace) {
    if outcome.ok() {
        if pace.failing_hooks.remove(outcome.hook) {
            note(&format!("The {} hook runs again.", outcome.hook));
        }
    } else if pace.failing_hooks.insert(outcome.hook) {
        warn(
            &context.term,
            &format!(
                "{} (Said once until it runs again; every failure is in the log.)",
                outcome.note()
            ),
        );
    }
}

fn failed(context: &Context, error: &LookError, pace: &mut Pace, interval: Duration) {
    pace.failures = pace.failures.saturating_add(1);
    if pace.failures == 1 {
        pace.failing_since = Some(Instant::now());
        warn(
            &context.term,
            &format!(
                "{}: the look failed ({error}). Trying again in {} s, then less often while it fails (at most every {} min); watch goes on.",
                context.session.profile,
                pace.wait(interval).as_secs(),
                MAX_BACKOFF.max(interval).as_secs() / 60
            ),
        );
    }
    tracing::warn!(profile = %context.session.profile, failures = pace.failures, "look failed: {error}");
}

fn recovered(profile: &str, pace: &mut Pace) {
    if pace.failures > 0 {
        let down = pace.failing_since.map_or(0, |since| since.elapsed().as_secs());
        note(&format!(
            "{profile}: looking again after {} ({down} s).",
            crate::text::count(pace.failures as usize, "failed look", "failed looks")
        ));
    }
    pace.failures = 0;
    pace.failing_since = None;
}

/// Resolves on SIGTERM (systemd stopping the unit) or SIGINT (Ctrl-C).
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
