//! `outreach digest --since yesterday|-7d|DATE [--format text|md|html]`: what happened over
//! the window (`crate::digest`), ready for cron to mail or post.

pub mod document;
pub mod render;

use super::standing::Standing;
use crate::api::ExchangeGroup;
use crate::audit::{self, Record};
use crate::cli::args::{DayRange, GlobalArgs, parse_day};
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::orgs::{Orgs, sort_out};
use crate::cli::output::streams::{warn, warn_left_out, warn_skipped, write_stdout};
use crate::clock::Zone;
use crate::digest::{BotChanges, Digest, Inputs};
use crate::inbox::Category;
use crate::inbox::snippet::{latest_reply_line, summarise};
use crate::results::{Basis, Window};
use chrono::{Local, NaiveDate, Utc};
use clap::{Args, ValueEnum};
use document::Block;
use std::collections::HashMap;

/// How the digest is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Plain text, for a terminal or a plain e-mail.
    Text,
    /// Markdown, for a chat channel or a wiki.
    Md,
    /// A self-contained HTML e-mail body (inline styles, no external resources).
    Html,
}

#[derive(Debug, Clone, Args)]
pub struct DigestArgs {
    /// From this day to today, in your local zone (YYYY-MM-DD, today, yesterday, -7d …);
    /// -7d: the last 7 days, today included.
    #[arg(long, value_name = "DATE", value_parser = parse_day, allow_hyphen_values = true, default_value = "yesterday")]
    pub since: NaiveDate,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

pub async fn run(global: &GlobalArgs, args: DigestArgs) -> Result<Exit, CliError> {
    let today = Local::now().date_naive();
    let window = Window::between(args.since, today).ok_or_else(|| {
        CliError::usage(format!(
            "--since {} is after today; the digest would be empty.",
            args.since
        ))
        .with_hint("e.g. --since yesterday, --since -7d or --since 2026-11-20")
    })?;
    if let Some(orgs) = Orgs::chosen(global)? {
        // One document: each organisation's part under its own title, in the group's order.
        let answers = orgs.read(global, |context| async move { read(&context, window).await });
        let (came, failed) = sort_out(answers.await, &global.term());
        let blocks: Vec<Block> = came.into_iter().flat_map(|(_, read)| read.blocks).collect();
        write_stdout(&render(args.format, &blocks))?;
        return Ok(failed);
    }
    let context = Context::connect(global).await?;
    let read = read(&context, window).await?;
    write_stdout(&render(args.format, &read.blocks))?;
    Ok(Exit::Ok)
}

/// The document in `format`.
pub fn render(format: Format, blocks: &[Block]) -> String {
    match format {
        Format::Text => render::text(blocks),
        Format::Md => render::markdown(blocks),
        Format::Html => render::html(blocks),
    }
}

/// One organisation's digest over a window, and its document.
pub struct Read {
    pub digest: Digest,
    pub blocks: Vec<Block>,
}

/// Reads one organisation's digest over `window`; says on stderr what could not be read.
pub async fn read(context: &Context, window: Window) -> Result<Read, CliError> {
    let today = Local::now().date_naive();
    let client = &context.client;
    let inbox_query = DayRange::default().exchanges(None, ExchangeGroup::Replied);
    let (_, meeting_query) = window.queries();
    let (inbox, meetings, campaigns, bots) = tokio::join!(
        crate::inbox::fetch(client, &inbox_query),
        client.list_meetings(&meeting_query),
        client.list_campaigns(),
        client.list_bots(),
    );
    let (inbox, meetings, campaigns, bots) = (inbox?, meetings?, campaigns?, bots?);
    warn_left_out(&context.term, inbox.skipped, "exchanges");
    warn_skipped(&context.term, &campaigns, "campaigns");
    warn_skipped(&context.term, &meetings, "meetings");
    warn_skipped(&context.term, &bots, "bots");

    let standing = Standing::read(context, &inbox.items, &campaigns.items, &bots.items).await;
    let now = standing.now();
    let zone = Zone::Local;
    let basis = Basis { window, zone: &zone, now };
    let snippets = hot_snippets(context, &inbox.items, &basis).await;
    let writes = writes(context, &window, &zone);
    let digest = Digest::of(Inputs {
        basis,
        exchanges: &inbox.items,
        meetings: &meetings.items,
        campaigns: &campaigns.items,
        bots: &bots.items,
        needs: &standing.needs,
        snippets: &snippets,
        writes: &writes,
        unsubscribe_days: context.session.needs.unsubscribe_days,
        // No bot history is kept on this machine yet: the changes were not observed.
        bot_changes: BotChanges::NotObserved,
    });
    let heading = document::Heading {
        profile: crate::text::sanitize(&context.session.profile),
        window: window.describe(today),
        zone: Local::now().format("%Z").to_string(),
    };
    let blocks = document::blocks(&digest, &heading, &zone);
    Ok(Read { digest, blocks })
}

/// The contact's latest line in each hot reply that came in over the window, from its
/// chain — for an automatic absence notice, until when they are away, as the dashboard's
/// inbox says it (a notice is no answer); a chain that cannot be read leaves the line out.
async fn hot_snippets(
    context: &Context,
    inbox: &[crate::api::Exchange],
    basis: &Basis<'_>,
) -> HashMap<i64, String> {
    let hot: Vec<&crate::api::Exchange> =
        basis.replies(inbox).filter(|e| Category::of(&e.status).is_hot()).collect();
    let contacts: HashMap<i64, &str> =
        hot.iter().map(|e| (e.id, e.contact.email.as_str())).collect();
    let chains = super::replies::snippets::chains(&context.client, hot.iter().map(|e| e.id)).await;
    chains
        .into_iter()
        .filter_map(|(id, chain)| {
            let contact = contacts.get(&id)?;
            let messages = &chain.ok()?.items;
            let away = summarise(messages, contact, &Zone::Local).and_then(|latest| latest.away);
            if let Some(away) = away {
                let words = crate::present::columns::exchanges::away_words(away.back);
                return Some((id, format!("{words} (an automatic reply)")));
            }
            Some((id, latest_reply_line(messages, contact)?))
        })
        .collect()
}

/// The audit log's writes of this profile and server since the window began; the log
/// unreadable is said, and the digest goes on without them.
pub(crate) fn writes(context: &Context, window: &Window, zone: &Zone) -> Vec<Record> {
    let Some(path) = audit::path() else { return Vec::new() };
    let since = crate::inbox::quiet::day_start(window.first, zone).0;
    let host = audit::host_of(&context.session.base_url);
    match audit::read_since(&path, Some(since.min(Utc::now()))) {
        Ok((records, _)) => records
            .into_iter()
            .filter(|r| r.profile == context.session.profile && r.host == host)
            .collect(),
        Err(error) => {
            warn(
                &context.term,
                &format!("The audit log could not be read ({error}): writes are left out."),
            );
            Vec::new()
        }
    }
}
