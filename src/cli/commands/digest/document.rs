//! The digest as blocks of sanitised text — a title, headings, lines, lists — that each
//! format writes its own way (`render.rs`), so the three formats say the same things.

use crate::clock::Zone;
use crate::digest::{BotChanges, Digest, Section};
use crate::text::count;

/// One block of the document. Every string is sanitised text, not yet escaped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    Title(String),
    Heading(String),
    Line(String),
    Items(Vec<String>),
}

/// What the title says besides the window.
pub struct Heading {
    pub profile: String,
    /// `last 7 days`, `2026-11-20 – 2026-11-25`.
    pub window: String,
    /// The zone whose days are counted (`CET`).
    pub zone: String,
}

pub fn blocks(digest: &Digest, heading: &Heading, zone: &Zone) -> Vec<Block> {
    let window = &digest.window;
    let mut out = vec![Block::Title(format!(
        "Outreach digest · profile {} · {} ({} – {}, days in {})",
        heading.profile, heading.window, window.first, window.last, heading.zone
    ))];
    out.push(Block::Heading("The organisation".into()));
    section(&mut out, &digest.all, zone);
    out.push(Block::Heading("Bots".into()));
    if digest.bots.is_empty() {
        out.push(Block::Line("Every live bot is healthy now.".into()));
    } else {
        out.push(Block::Line(format!("Not healthy now: {}", digest.bots.len())));
        out.push(Block::Items(
            digest
                .bots
                .iter()
                .map(|bot| format!("#{} {}: {}", bot.id, bot.email, bot.state))
                .collect(),
        ));
    }
    match &digest.bot_changes {
        BotChanges::NotObserved => out.push(Block::Line(
            "Changes over the window: not observed (no bot history is kept on this machine for \
             these days; `outreach watch` records one)."
                .into(),
        )),
        BotChanges::Observed(changes) if changes.is_empty() => {
            out.push(Block::Line("Changes over the window: none.".into()))
        }
        BotChanges::Observed(changes) => {
            out.push(Block::Line(format!("Changes over the window: {}", changes.len())));
            out.push(Block::Items(
                changes
                    .iter()
                    .map(|c| {
                        format!(
                            "#{} {}: {} → {} at {}",
                            c.bot_id,
                            c.email,
                            c.from,
                            c.to,
                            zone.date_time(c.at)
                        )
                    })
                    .collect(),
            ));
        }
    }
    if digest.campaigns.is_empty() {
        return out;
    }
    for part in &digest.campaigns {
        out.push(Block::Heading(format!("Campaign {} (#{})", part.name, part.id)));
        section(&mut out, &part.section, zone);
    }
    out
}

fn section(out: &mut Vec<Block>, section: &Section, zone: &Zone) {
    let replies = if section.replies == 0 {
        "Replies: none came in.".to_string()
    } else {
        let by: Vec<String> =
            section.by_category.iter().map(|(name, n)| format!("{name} {n}")).collect();
        format!("Replies: {} came in — {}", section.replies, by.join(", "))
    };
    out.push(Block::Line(replies));
    if !section.hot.is_empty() {
        out.push(Block::Line(format!("Hot replies: {}", section.hot.len())));
        out.push(Block::Items(
            section
                .hot
                .iter()
                .map(|hot| {
                    let at =
                        hot.at.map(|at| format!(", {}", zone.date_time(at))).unwrap_or_default();
                    let said = if hot.snippet.is_empty() {
                        String::new()
                    } else {
                        format!(": “{}”", hot.snippet)
                    };
                    format!(
                        "{} <{}> ({}{at}, reply {}){said}",
                        hot.who, hot.email, hot.category, hot.exchange_id
                    )
                })
                .collect(),
        ));
    }
    out.push(Block::Line(format!("Meetings: {} booked, {} held", section.booked, section.held)));
    out.push(Block::Line(format!("Opt-outs asked: {}", section.opt_out_deadlines.describe())));
    let (unchecked, pending): (Vec<_>, Vec<_>) = section.opt_outs.iter().partition(|o| o.unchecked);
    for (title, opt_outs) in [
        ("Opt-outs pending", pending),
        ("Opt-outs not checked (the contact list could not be read)", unchecked),
    ] {
        if opt_outs.is_empty() {
            continue;
        }
        out.push(Block::Line(format!("{title}: {}", opt_outs.len())));
        out.push(Block::Items(
            opt_outs
                .iter()
                .map(|o| {
                    let who = o.who.as_str();
                    match o.due {
                        Some(due) if o.overdue => format!(
                            "{who}: {} (by {due}, past the deadline; reply {})",
                            o.task, o.exchange_id
                        ),
                        Some(due) => {
                            format!("{who}: {} (by {due}; reply {})", o.task, o.exchange_id)
                        }
                        None => format!("{who}: {} (reply {})", o.task, o.exchange_id),
                    }
                })
                .collect(),
        ));
    }
    if section.writes.is_empty() {
        out.push(Block::Line("Writes from this machine: none.".into()));
    } else {
        out.push(Block::Line(format!(
            "Writes from this machine: {}",
            count(section.writes.len(), "write", "writes")
        )));
        out.push(Block::Items(
            section
                .writes
                .iter()
                .map(|w| {
                    let outcome = if w.ok { "done" } else { "failed" };
                    let target =
                        if w.target.is_empty() { String::new() } else { format!(" {}", w.target) };
                    format!(
                        "{} {}{target}: {outcome} (from the {})",
                        zone.date_time(w.time),
                        w.operation,
                        w.source
                    )
                })
                .collect(),
        ));
    }
}
