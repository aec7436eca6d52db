//! `outreach team status`: where the store is (never the password), its schema version, who
//! is in it, whether it answers, and the marks waiting in this machine's outbox — which it
//! sends when the store answers. Exit 1 when it does not answer or cannot be used, for cron.

use super::open::{configured, connect, outbox, target};
use crate::cli::args::GlobalArgs;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::streams::write_stdout;
use crate::team::workload::shares;
use crate::team::{OrgName, flush, schema};
use crate::text::count;
use chrono::Utc;

/// Each person's share, as the dashboard's Overview counts it: "  bob: 1 handled today ·
/// 2 assigned waiting, oldest 4h".
fn share_lines(
    marks: &std::collections::HashMap<i64, crate::team::TeamMark>,
    members: &[String],
) -> Vec<String> {
    let now = Utc::now();
    let zone = crate::clock::Zone::Local;
    let began = crate::inbox::quiet::day_start(zone.date(now), &zone).0;
    shares(marks, members, began)
        .into_iter()
        .map(|share| {
            let oldest = share
                .oldest
                .map(|at| format!(", oldest {}", crate::clock::short_age(at, now)))
                .unwrap_or_default();
            format!(
                "  {}: {} handled today · {} assigned waiting{oldest}",
                crate::text::sanitize(&share.person),
                share.handled_today,
                share.waiting
            )
        })
        .collect()
}

pub(super) async fn run(global: &GlobalArgs) -> Result<Exit, CliError> {
    let (profile, team) = configured(global)?;
    let target = target(&profile, &team)?;
    let outbox = outbox()?;
    let url = target.url.as_str().to_string();
    let mut lines = vec![
        format!("Team store:   {} (sslmode {})", target.shown(), target.ssl_mode()),
        format!("Me:           {}", crate::text::sanitize(&target.me)),
    ];
    let exit = match connect(&target).await {
        Ok(store) => {
            let version = store.schema_version().await.ok().flatten().unwrap_or_default();
            lines.push(format!("Password:     {}", store.password_source()));
            lines.push(format!(
                "Schema:       version {version} (this outreach writes {})",
                schema::CURRENT
            ));
            for team in store.teams().await.unwrap_or_default() {
                let members: Vec<String> =
                    team.members.iter().map(|name| crate::text::sanitize(name)).collect();
                lines.push(format!(
                    "Organisation: {} — {}",
                    crate::text::sanitize(&team.organisation),
                    members.join(", ")
                ));
                if let Some(org) = OrgName::new(&team.organisation)
                    && let Ok(marks) = store.marks(&org).await
                {
                    lines.extend(share_lines(&marks, &team.members));
                }
            }
            match flush(&store, &outbox, &url).await {
                Ok(flushed) => {
                    let not_taken = flushed.not_taken(Utc::now());
                    if flushed.sent + not_taken.len() == 0 {
                        lines.push("Outbox:       nothing waiting".into());
                    } else {
                        lines.push(format!(
                            "Outbox:       sent {} that waited{}",
                            count(flushed.sent, "mark", "marks"),
                            match not_taken.len() {
                                0 => String::new(),
                                refused => format!(", {refused} not taken:"),
                            }
                        ));
                    }
                    // Each said, since the person who made it was not there when it was sent.
                    lines.extend(
                        not_taken.iter().map(|sentence| format!("              {sentence}")),
                    );
                }
                Err(error) => lines.push(format!("Outbox:       {error}")),
            }
            lines.push("Answers:      yes".into());
            Exit::Ok
        }
        Err(error) => {
            let waiting = outbox.count(&url);
            lines.push(format!("Outbox:       {} waiting", count(waiting, "mark", "marks")));
            lines.push(format!("Answers:      no — {error}"));
            Exit::Failure
        }
    };
    write_stdout(&format!("{}\n", lines.join("\n")))?;
    Ok(exit)
}
