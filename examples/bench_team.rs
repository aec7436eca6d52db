//! The team store under a team's load (scripts/bench-team.sh; docs/PERFORMANCE.md "Team
//! store"): on one PostgreSQL database, N dashboards — each a connection of its own that
//! LISTENs through `team::listen` and keeps every mark it is told of, as the dashboard's
//! listener does — and M command-line loops making the marks between them. Each loop makes
//! most of its marks through the library's `TeamStore` (one binary start per mark would make
//! 10,000 marks a matter of tens of minutes on two cores) and a sample through the real
//! `outreach replies handle` / `assign` binary against the simulator.
//!
//! Reported: marks lost (checked against the database's history and against every
//! dashboard's marks), the time from a mark's commit to each dashboard having it
//! (p50/p95/p99/max), and marks per second. Each library mark is on an exchange of its own,
//! so it is one history row and one notification.
//!
//! Built only with `--features bench-team` (`required-features`), so `cargo test` never
//! compiles it. Environment: `OUTREACH_BENCH_PG` (a server URL; a fresh database is made
//! on it), `OUTREACH_BASE_URL` and `OUTREACH_API_KEY` (the simulator), `OUTREACH_BIN` (the
//! binary). Arguments: `--marks 10000 --dashboards 20 --loops 10 --sample 10` (binary marks
//! per loop).

use outreach_tui::config::TeamConfig;
use outreach_tui::credentials::Keyring;
use outreach_tui::team::{Action, MarkChange, OrgName, Outcome, Target, TeamStore, listen};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Library marks are on exchanges far from the simulator's ids.
const FIRST_EXCHANGE: i64 = 900_000_000;

struct Options {
    server: String,
    base_url: String,
    key: String,
    binary: PathBuf,
    marks: usize,
    dashboards: usize,
    loops: usize,
    sample: usize,
}

/// One mark made, and when.
struct Made {
    exchange: i64,
    what: &'static str,
    who: String,
    started: Instant,
    committed: Instant,
    by_binary: bool,
}

/// What one dashboard was told: exchange → (what, who, when it arrived).
type Told = HashMap<i64, (String, String, Instant)>;

#[tokio::main]
async fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(error) => {
            eprintln!("bench-team: {error}");
            return ExitCode::from(2);
        }
    };
    match run(&options).await {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("bench-team: {error}");
            ExitCode::from(2)
        }
    }
}

fn options() -> Result<Options, String> {
    let env = |name: &str| std::env::var(name).map_err(|_| format!("{name} is not set"));
    let mut options = Options {
        server: env("OUTREACH_BENCH_PG")?,
        base_url: env("OUTREACH_BASE_URL")?,
        key: env("OUTREACH_API_KEY")?,
        binary: PathBuf::from(env("OUTREACH_BIN")?),
        marks: 10_000,
        dashboards: 20,
        loops: 10,
        sample: 10,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).and_then(|value| value.parse().ok());
        let value = value.ok_or_else(|| format!("{} needs a number", pair[0]))?;
        match pair[0].as_str() {
            "--marks" => options.marks = value,
            "--dashboards" => options.dashboards = value,
            "--loops" => options.loops = value,
            "--sample" => options.sample = value,
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if options.loops == 0 || options.marks < options.loops {
        return Err("--loops must be at least 1 and at most --marks".into());
    }
    Ok(options)
}

fn target(url: &str, me: &str) -> Result<Target, String> {
    let team = TeamConfig { database: url.into(), me: me.into(), organisation: None };
    Target::new(&format!("{me}-profile"), &team).map_err(|error| error.to_string())
}

fn no_keyring() -> Keyring {
    Keyring::with_stores(Vec::new())
}

async fn run(options: &Options) -> Result<bool, String> {
    let url = fresh_database(&options.server).await?;
    TeamStore::init(&target(&url, "bench")?, &no_keyring()).await.map_err(|e| e.to_string())?;
    let scratch = std::env::temp_dir().join(format!("bench-team-{}", std::process::id()));
    let people: Vec<Person> =
        (0..options.loops).map(|i| Person::new(&scratch, &url, &format!("cli{i}"))).collect();
    for person in &people {
        person.configure().map_err(|error| format!("{}: {error}", scratch.display()))?;
    }
    // The team, named by the simulator's bots as every team command names it.
    let names: Vec<String> = people.iter().map(|person| person.me.clone()).collect();
    let mut init = vec!["team".to_string(), "init".to_string()];
    for name in &names {
        init.extend(["--member".to_string(), name.clone()]);
    }
    let said = people[0].run(options, &init.iter().map(String::as_str).collect::<Vec<_>>())?;
    let org = said
        .lines()
        .find_map(|line| line.strip_prefix("Team of ")?.split_once(':').map(|(org, _)| org))
        .and_then(OrgName::new)
        .ok_or_else(|| format!("team init did not name the organisation: {said}"))?;
    let listed = people[0].run(options, &["replies", "-o", "json"])?;
    let ids: Vec<i64> = serde_json::from_str::<Vec<serde_json::Value>>(&listed)
        .map_err(|error| error.to_string())?
        .iter()
        .filter_map(|reply| reply["id"].as_i64())
        .collect();
    let sample = options.sample.min(ids.len() / options.loops).min(options.marks / options.loops);
    if sample < options.sample {
        println!("binary sample cut to {sample} per loop: the inbox has {} replies", ids.len());
    }

    let (stop, stopped) = watch::channel(false);
    let mut dashboards = Vec::new();
    let mut counts = Vec::new();
    // Rung by a dashboard each time it hears a mark: the end waits on it, not on a clock.
    let heard = Arc::new(tokio::sync::Notify::new());
    for d in 0..options.dashboards {
        let changes = listen(&target(&url, &format!("dash{d}"))?, &no_keyring())
            .await
            .map_err(|error| error.to_string())?;
        let count = Arc::new(AtomicUsize::new(0));
        counts.push(Arc::clone(&count));
        let heard = Arc::clone(&heard);
        dashboards.push(tokio::spawn(dashboard(changes, count, heard, stopped.clone())));
    }

    let began = Instant::now();
    let ids = Arc::new(ids);
    let mut loops = Vec::new();
    for (i, person) in people.into_iter().enumerate() {
        let plan = Plan {
            index: i,
            marks: options.marks / options.loops + usize::from(i < options.marks % options.loops),
            sample,
            teammate: names[(i + 1) % names.len()].clone(),
            ids: Arc::clone(&ids),
            org: org.clone(),
            url: url.clone(),
            base_url: options.base_url.clone(),
            key: options.key.clone(),
            binary: options.binary.clone(),
        };
        loops.push(tokio::spawn(cli_loop(person, plan)));
    }
    let mut made = Vec::new();
    let mut failures = Vec::new();
    for handle in loops {
        let (marks, failed) = handle.await.map_err(|error| error.to_string())??;
        made.extend(marks);
        failures.extend(failed);
    }
    let wall = began.elapsed();
    // Every dashboard has every mark, or 30 s have passed since the last commit.
    let end = tokio::time::Instant::now() + Duration::from_secs(30);
    while counts.iter().any(|count| count.load(Ordering::SeqCst) < made.len()) {
        if tokio::time::timeout_at(end, heard.notified()).await.is_err() {
            break;
        }
    }
    let _ = stop.send(true);
    let mut told = Vec::new();
    for handle in dashboards {
        told.push(handle.await.map_err(|error| error.to_string())?);
    }
    let _ = std::fs::remove_dir_all(&scratch);
    report(options, &url, &made, &failures, &told, wall).await
}

/// A fresh database on the server; its URL.
async fn fresh_database(server: &str) -> Result<String, String> {
    let (client, connection) =
        tokio_postgres::connect(server, tokio_postgres::NoTls).await.map_err(|e| e.to_string())?;
    tokio::spawn(connection);
    let name = format!("bench_team_{}", std::process::id());
    client.batch_execute(&format!("CREATE DATABASE {name}")).await.map_err(|e| e.to_string())?;
    let (base, _) = server.rsplit_once('/').ok_or("the server URL names no database")?;
    Ok(format!("{base}/{name}"))
}

/// A dashboard's listener: keeps every mark it is told of, until told to stop.
async fn dashboard(
    mut changes: outreach_tui::team::Changes,
    count: Arc<AtomicUsize>,
    heard: Arc<tokio::sync::Notify>,
    mut stop: watch::Receiver<bool>,
) -> Told {
    let mut told = Told::new();
    loop {
        tokio::select! {
            change = changes.next() => match change {
                Some(change) => {
                    told.insert(change.exchange, (change.what, change.who, Instant::now()));
                    count.store(told.len(), Ordering::SeqCst);
                    // A permit is kept when nobody waits yet: no mark heard is missed.
                    heard.notify_one();
                }
                None => return told,
            },
            _ = stop.changed() => return told,
        }
    }
}

/// One command-line user: a home of their own with the team store configured.
struct Person {
    me: String,
    home: PathBuf,
    url: String,
}

impl Person {
    fn new(scratch: &Path, url: &str, me: &str) -> Person {
        Person { me: me.into(), home: scratch.join(me), url: url.into() }
    }

    fn configure(&self) -> std::io::Result<()> {
        let config = self.home.join("config/outreach");
        std::fs::create_dir_all(&config)?;
        std::fs::create_dir_all(self.home.join("state"))?;
        let text =
            format!("[profiles.default.team]\ndatabase = \"{}\"\nme = \"{}\"\n", self.url, self.me);
        std::fs::write(config.join("config.toml"), text)
    }

    fn command(
        &self,
        binary: &Path,
        base_url: &str,
        key: &str,
        args: &[&str],
    ) -> std::process::Command {
        let mut command = std::process::Command::new(binary);
        command
            .arg("--base-url")
            .arg(base_url)
            .args(args)
            .env("OUTREACH_API_KEY", key)
            .env("HOME", &self.home)
            .env("XDG_CONFIG_HOME", self.home.join("config"))
            .env("XDG_STATE_HOME", self.home.join("state"))
            .env_remove("OUTREACH_PROFILE");
        command
    }

    /// Runs the binary and gives its stdout; fails on a non-zero exit.
    fn run(&self, options: &Options, args: &[&str]) -> Result<String, String> {
        let output = self
            .command(&options.binary, &options.base_url, &options.key, args)
            .output()
            .map_err(|error| format!("{}: {error}", options.binary.display()))?;
        if !output.status.success() {
            return Err(format!(
                "outreach {} failed: {}",
                args.join(" "),
                String::from_utf8_lossy(&output.stderr)
            ));
        }
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    }
}

/// What one loop does.
struct Plan {
    index: usize,
    marks: usize,
    sample: usize,
    teammate: String,
    ids: Arc<Vec<i64>>,
    org: OrgName,
    url: String,
    base_url: String,
    key: String,
    binary: PathBuf,
}

/// Makes the loop's marks one after another, every `marks / sample`-th through the binary;
/// gives what it made and what failed.
async fn cli_loop(person: Person, plan: Plan) -> Result<(Vec<Made>, Vec<String>), String> {
    let store = TeamStore::connect(&target(&plan.url, &person.me)?, &no_keyring())
        .await
        .map_err(|error| error.to_string())?;
    let every = plan.marks.checked_div(plan.sample).unwrap_or(usize::MAX);
    let (mut made, mut failed, mut sampled) = (Vec::with_capacity(plan.marks), Vec::new(), 0);
    for j in 0..plan.marks {
        let handle = j % 2 == 0;
        let what = if handle { "handled" } else { "assigned" };
        let started = Instant::now();
        if j % every == 0 && sampled < plan.sample {
            let exchange = plan.ids[plan.index * plan.sample + sampled];
            sampled += 1;
            let id = exchange.to_string();
            let args: Vec<&str> = if handle {
                vec!["replies", "handle", &id]
            } else {
                vec!["replies", "assign", &id, "--to", &plan.teammate, "--yes"]
            };
            let mut command = person.command(&plan.binary, &plan.base_url, &plan.key, &args);
            let output = tokio::task::spawn_blocking(move || command.output())
                .await
                .map_err(|error| error.to_string())?
                .map_err(|error| error.to_string())?;
            if !output.status.success() {
                failed.push(format!(
                    "{} {}: {}",
                    person.me,
                    args.join(" "),
                    String::from_utf8_lossy(&output.stderr).trim()
                ));
                continue;
            }
            let committed = Instant::now();
            made.push(Made {
                exchange,
                what,
                who: person.me.clone(),
                started,
                committed,
                by_binary: true,
            });
            continue;
        }
        let exchange = FIRST_EXCHANGE + (plan.index * 1_000_000 + j) as i64;
        let action = if handle {
            Action::Handle { updated_at: None }
        } else {
            Action::Assign { to: Some(plan.teammate.clone()), seen: None, blind: false }
        };
        match store.apply(&plan.org, &MarkChange::new(exchange, &person.me, action)).await {
            Ok(Outcome::Applied) => {
                let committed = Instant::now();
                made.push(Made {
                    exchange,
                    what,
                    who: person.me.clone(),
                    started,
                    committed,
                    by_binary: false,
                });
            }
            Ok(other) => failed.push(format!("{} mark {exchange}: {other:?}", person.me)),
            Err(error) => failed.push(format!("{} mark {exchange}: {error}", person.me)),
        }
    }
    Ok((made, failed))
}

/// The `q`-th quantile of sorted durations, in milliseconds.
fn quantile(sorted: &[Duration], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let index = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[index].as_secs_f64() * 1000.0
}

fn spread(label: &str, mut times: Vec<Duration>) -> String {
    times.sort();
    format!(
        "{label}: p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} samples)",
        quantile(&times, 0.50),
        quantile(&times, 0.95),
        quantile(&times, 0.99),
        quantile(&times, 1.0),
        times.len()
    )
}

/// Checks the database and every dashboard against what was made, prints the figures;
/// `true` when nothing was lost and p99 is within a second.
async fn report(
    options: &Options,
    url: &str,
    made: &[Made],
    failures: &[String],
    told: &[Told],
    wall: Duration,
) -> Result<bool, String> {
    let (client, connection) =
        tokio_postgres::connect(url, tokio_postgres::NoTls).await.map_err(|e| e.to_string())?;
    tokio::spawn(connection);
    let rows = client
        .query("SELECT exchange, what, who FROM outreach.history", &[])
        .await
        .map_err(|e| e.to_string())?;
    let mut history: HashMap<i64, Vec<(String, String)>> = HashMap::new();
    for row in &rows {
        history.entry(row.get(0)).or_default().push((row.get(1), row.get(2)));
    }
    let in_store = |mark: &Made| {
        history.get(&mark.exchange).is_some_and(|rows| {
            rows.len() == 1 && rows[0] == (mark.what.to_string(), mark.who.clone())
        })
    };
    let lost_in_store = made.iter().filter(|mark| !in_store(mark)).count();
    let extra_in_store = rows.len().saturating_sub(made.len());
    let mut lost_on_dashboards = 0;
    let (mut from_commit, mut from_start, mut before_ack) = (Vec::new(), Vec::new(), 0usize);
    let mut binary_runs = Vec::new();
    for mark in made {
        if mark.by_binary {
            binary_runs.push(mark.committed - mark.started);
        }
        for dashboard in told {
            match dashboard.get(&mark.exchange) {
                Some((what, who, at)) if what == mark.what && *who == mark.who => {
                    if mark.by_binary {
                        continue;
                    }
                    // The notification can beat the commit's answer to the maker.
                    if *at < mark.committed {
                        before_ack += 1;
                    }
                    from_commit.push(at.saturating_duration_since(mark.committed));
                    from_start.push(at.saturating_duration_since(mark.started));
                }
                _ => lost_on_dashboards += 1,
            }
        }
    }
    let mut sorted = from_commit.clone();
    sorted.sort();
    let p99 = quantile(&sorted, 0.99);
    let binary_marks = made.iter().filter(|mark| mark.by_binary).count();
    println!(
        "{} marks by {} loops ({} through the library's TeamStore, {} through the outreach binary), {} dashboards listening",
        made.len(),
        options.loops,
        made.len() - binary_marks,
        binary_marks,
        told.len()
    );
    println!("failed to make: {}", failures.len());
    for failure in failures.iter().take(5) {
        println!("  {failure}");
    }
    println!(
        "lost: {lost_in_store} in the database (history rows: {}, {extra_in_store} more than made), {lost_on_dashboards} (mark, dashboard) pairs on the dashboards",
        rows.len()
    );
    println!("{}", spread("commit answered -> each dashboard has it", from_commit));
    println!(
        "  ({before_ack} of them arrived before the maker had the commit's answer: counted as 0)"
    );
    println!("{}", spread("mark begun -> each dashboard has it", from_start));
    println!("{}", spread("one outreach replies handle|assign run", binary_runs));
    println!(
        "throughput: {:.0} marks/s ({} marks in {:.2} s, all loops at once)",
        made.len() as f64 / wall.as_secs_f64(),
        made.len(),
        wall.as_secs_f64()
    );
    let held = failures.is_empty()
        && lost_in_store == 0
        && extra_in_store == 0
        && lost_on_dashboards == 0
        && made.len() == options.marks
        && p99 <= 1000.0;
    println!("{}", if held { "PASS: nothing lost, p99 within 1 s" } else { "FAIL" });
    Ok(held)
}
