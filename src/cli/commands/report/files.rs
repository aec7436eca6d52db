//! `report --out DIR --format md,csv,html`: a report per organisation, ready to send —
//! campaign results (the rows of `report`), then the digest's replies by category,
//! meetings booked and held, bots not healthy, the opt-outs asked against their deadline and
//! those pending (past the deadline by name), for the organisation and per campaign — in
//! each format asked, and an index across them. File names come from the
//! profile names; every server text is sanitised (and escaped for Markdown and HTML).
//! Nothing is written while a file of the same name is there, unless `--clobber`.

use super::rows::{By, rows};
use crate::cli::args::GlobalArgs;
use crate::cli::commands::digest::document::Block;
use crate::cli::commands::digest::render::{escape, md};
use crate::cli::commands::digest::{self, Format};
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::orgs::{Answer, Orgs, sort_out};
use crate::cli::output::format::{OutputArgs, OutputFormat};
use crate::cli::output::list_writer::ListWriter;
use crate::cli::output::streams::write_stdout;
use crate::cli::output::terminal::Term;
use crate::present::columns::results::{self, ResultRow};
use crate::results::Window;
use crate::text::sanitize;
use chrono::Local;
use clap::ValueEnum;
use std::path::{Path, PathBuf};

/// The format of a report file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FileFormat {
    /// Markdown, for a wiki, a chat or a mail that renders it.
    Md,
    /// The campaign results as a spreadsheet (the columns of `report -o csv`).
    Csv,
    /// A self-contained HTML page (inline styles, nothing fetched, every value escaped).
    Html,
}

impl FileFormat {
    fn extension(self) -> &'static str {
        match self {
            FileFormat::Md => "md",
            FileFormat::Csv => "csv",
            FileFormat::Html => "html",
        }
    }
}

/// One organisation's report as read.
struct Client {
    rows: Vec<ResultRow>,
    digest: digest::Read,
}

pub(super) async fn write(
    global: &GlobalArgs,
    orgs: Option<&Orgs>,
    (formats, clobber): (&[FileFormat], bool),
    out: &Path,
    window: Window,
) -> Result<Exit, CliError> {
    let mut formats = formats.to_vec();
    formats.dedup();
    let answers = match orgs {
        Some(orgs) => {
            refuse_existing(out, orgs.profiles(), &formats, clobber)?;
            orgs.read(global, |context| async move { client(&context, window).await }).await
        }
        None => {
            let context = Context::connect(global).await?;
            let profile = context.session.profile.clone();
            refuse_existing(out, std::slice::from_ref(&profile), &formats, clobber)?;
            vec![Answer { profile, result: client(&context, window).await }]
        }
    };
    let term = global.term();
    let stems = stems(answers.iter().map(|answer| answer.profile.as_str()));
    let lines: Vec<IndexLine> =
        answers.iter().zip(&stems).map(|(answer, stem)| IndexLine::of(answer, stem)).collect();
    let (came, failed) = sort_out(answers, &term);
    std::fs::create_dir_all(out).map_err(|error| cannot_write(out, &error))?;
    let mut written = Vec::new();
    for (profile, client) in &came {
        let Some(line) = lines.iter().find(|line| &line.profile == profile) else { continue };
        for format in &formats {
            let path = out.join(format!("{}.{}", line.stem, format.extension()));
            save(&path, &client_file(client, *format, profile, window)?)?;
            written.push(path);
        }
    }
    for format in &formats {
        let path = out.join(format!("index.{}", format.extension()));
        save(&path, &index_file(&lines, &formats, *format, window)?)?;
        written.push(path);
    }
    let listed: String = written.iter().map(|path| format!("{}\n", path.display())).collect();
    write_stdout(&listed)?;
    Ok(failed)
}

/// Campaign results and the digest of one organisation, read at once.
async fn client(context: &Context, window: Window) -> Result<Client, CliError> {
    let (rows, digest) =
        tokio::join!(rows(context, window, By::Campaign), digest::read(context, window));
    Ok(Client { rows: rows?, digest: digest? })
}

/// Refuses, before anything is read, to replace files that are there (unless `clobber`).
fn refuse_existing(
    out: &Path,
    profiles: &[String],
    formats: &[FileFormat],
    clobber: bool,
) -> Result<(), CliError> {
    if clobber {
        return Ok(());
    }
    let names = stems(profiles.iter().map(String::as_str)).into_iter().chain(["index".to_string()]);
    let there: Vec<PathBuf> = names
        .flat_map(|stem| formats.iter().map(move |f| out.join(format!("{stem}.{}", f.extension()))))
        .filter(|path| path.exists())
        .collect();
    if there.is_empty() {
        return Ok(());
    }
    let shown: Vec<String> = there.iter().take(5).map(|p| p.display().to_string()).collect();
    let more = there.len().saturating_sub(shown.len());
    let more = if more > 0 { format!(" and {more} more") } else { String::new() };
    Err(CliError::usage(format!("Not replacing {}{more}; nothing was written.", shown.join(", ")))
        .with_hint("Pass --clobber to replace them, or choose another --out directory."))
}

/// A file name for each profile: letters, digits, `-`, `_` and inner dots kept, anything
/// else `_`, never hidden or `index`, each distinct.
fn stems<'a>(profiles: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut stems: Vec<String> = Vec::new();
    for profile in profiles {
        let mut stem: String = profile
            .chars()
            .map(
                |c| if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') { c } else { '_' },
            )
            .collect();
        if stem.starts_with('.') || stem.is_empty() {
            stem.insert(0, '_');
        }
        if stem.eq_ignore_ascii_case("index") {
            stem.push_str("-profile");
        }
        let base = stem.clone();
        let mut n = 2;
        while stems.contains(&stem) {
            stem = format!("{base}-{n}");
            n += 1;
        }
        stems.push(stem);
    }
    stems
}

fn save(path: &Path, text: &str) -> Result<(), CliError> {
    std::fs::write(path, text).map_err(|error| cannot_write(path, &error))
}

fn cannot_write(path: &Path, error: &std::io::Error) -> CliError {
    CliError::failure(format!("Cannot write {}: {error}.", path.display()))
        .with_hint("Check that the directory exists and is writable, or choose another --out.")
}

/// One organisation's file in `format`.
fn client_file(
    client: &Client,
    format: FileFormat,
    profile: &str,
    window: Window,
) -> Result<String, CliError> {
    if format == FileFormat::Csv {
        return results_csv(&client.rows);
    }
    let mut blocks = client.digest.blocks.clone();
    let title = format!(
        "Outreach report · {} · {} ({} – {})",
        sanitize(profile),
        window.describe(Local::now().date_naive()),
        window.first,
        window.last
    );
    match blocks.first_mut() {
        Some(first @ Block::Title(_)) => *first = Block::Title(title),
        _ => blocks.insert(0, Block::Title(title)),
    }
    blocks.splice(1..1, results_blocks(&client.rows));
    Ok(match format {
        FileFormat::Html => digest::render(Format::Html, &blocks),
        _ => digest::render(Format::Md, &blocks),
    })
}

/// The campaign results as the report's lines: a campaign with replies or meetings each.
fn results_blocks(rows: &[ResultRow]) -> Vec<Block> {
    let busy: Vec<String> = rows
        .iter()
        .filter(|row| row.tally.replies > 0 || row.tally.meetings.booked > 0)
        .map(|row| {
            let t = &row.tally;
            let name =
                if row.name.is_empty() { format!("#{}", row.id) } else { sanitize(&row.name) };
            format!(
                "{name} (#{}): {}, {} Interested; {} booked, {} held; reply → meeting {}",
                row.id,
                crate::text::count(t.replies, "reply", "replies"),
                t.interested(),
                crate::text::count(t.meetings.booked, "meeting", "meetings"),
                t.meetings.held,
                t.rate_text()
            )
        })
        .collect();
    let mut blocks = vec![Block::Heading("Campaign results".into())];
    if busy.is_empty() {
        blocks.push(Block::Line("No campaign had replies or meetings in the range.".into()));
    } else {
        blocks.push(Block::Items(busy));
    }
    blocks
}

/// The rows as `report -o csv` writes them, sanitised as for a terminal: the file goes to
/// people, not back to a program.
fn results_csv(rows: &[ResultRow]) -> Result<String, CliError> {
    let term = Term {
        stdin_tty: false,
        stdout_tty: true,
        stderr_tty: false,
        color: false,
        stderr_color: false,
        width: None,
        accessible: false,
    };
    let output = OutputArgs { output: Some(OutputFormat::Csv), csv_raw: false };
    let columns = results::cli();
    let mut bytes = Vec::new();
    let mut writer = ListWriter::new(&mut bytes, &columns, &output, &term)?;
    for row in rows {
        writer.row(row)?;
    }
    writer.finish()?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// An organisation's line in the index: its numbers, or why it could not be read.
struct IndexLine {
    profile: String,
    stem: String,
    numbers: Result<[usize; 10], String>,
}

const INDEX_HEADERS: [&str; 10] = [
    "Replies",
    "Hot",
    "Meetings booked",
    "Held",
    "Bots not healthy",
    "Opt-outs asked",
    "Honoured in time",
    "Honoured late",
    "Opt-outs pending",
    "Pending past the deadline",
];

impl IndexLine {
    fn of(answer: &Answer<Client>, stem: &str) -> IndexLine {
        let numbers = match &answer.result {
            Ok(client) => {
                let (all, bots) = (&client.digest.digest.all, client.digest.digest.bots.len());
                let asked = &all.opt_out_deadlines;
                Ok([
                    all.replies,
                    all.hot.len(),
                    all.booked,
                    all.held,
                    bots,
                    asked.asked,
                    asked.honoured_in_time,
                    asked.honoured_late,
                    all.opt_outs.len(),
                    all.opt_outs.iter().filter(|o| o.overdue).count(),
                ])
            }
            Err(error) => Err(sanitize(&error.message)),
        };
        IndexLine { profile: sanitize(&answer.profile), stem: stem.to_string(), numbers }
    }
}

/// The index in `format`: a line per organisation with its numbers and its files.
fn index_file(
    lines: &[IndexLine],
    formats: &[FileFormat],
    format: FileFormat,
    window: Window,
) -> Result<String, CliError> {
    let title = format!(
        "Outreach report · {} · {} ({} – {})",
        crate::text::count(lines.len(), "organisation", "organisations"),
        window.describe(Local::now().date_naive()),
        window.first,
        window.last
    );
    let files = |line: &IndexLine| -> Vec<(String, &'static str)> {
        formats
            .iter()
            .map(|f| (format!("{}.{}", line.stem, f.extension()), f.extension()))
            .collect()
    };
    Ok(match format {
        FileFormat::Csv => {
            let mut csv = csv::Writer::from_writer(Vec::new());
            let header = ["Organisation"].into_iter().chain(INDEX_HEADERS).chain(["Error"]);
            let mut records = vec![header.map(str::to_string).collect::<Vec<_>>()];
            for line in lines {
                let mut record = vec![line.profile.clone()];
                match &line.numbers {
                    Ok(numbers) => {
                        record.extend(numbers.iter().map(usize::to_string));
                        record.push(String::new());
                    }
                    Err(error) => {
                        record.extend(INDEX_HEADERS.iter().map(|_| String::new()));
                        record.push(error.clone());
                    }
                }
                records.push(record);
            }
            for record in records {
                csv.write_record(&record)
                    .map_err(|error| CliError::failure(format!("Could not write CSV: {error}")))?;
            }
            let bytes = csv
                .into_inner()
                .map_err(|error| CliError::failure(format!("Could not write CSV: {error}")))?;
            String::from_utf8_lossy(&bytes).into_owned()
        }
        FileFormat::Md => {
            let mut text = format!(
                "# {}\n\n| Organisation | {} | Files |\n",
                md(&title),
                INDEX_HEADERS.join(" | ")
            );
            text.push_str(&format!("|{}\n", "---|".repeat(INDEX_HEADERS.len() + 2)));
            for line in lines {
                let cells = match &line.numbers {
                    Ok(numbers) => {
                        numbers.iter().map(usize::to_string).collect::<Vec<_>>().join(" | ")
                    }
                    Err(error) => format!(
                        "could not be read: {}{}",
                        md(error),
                        " |".repeat(INDEX_HEADERS.len() - 1)
                    ),
                };
                let links: Vec<String> = match line.numbers {
                    Ok(_) => {
                        files(line).iter().map(|(file, ext)| format!("[{ext}]({file})")).collect()
                    }
                    Err(_) => Vec::new(),
                };
                text.push_str(&format!(
                    "| {} | {cells} | {} |\n",
                    md(&line.profile),
                    links.join(" ")
                ));
            }
            text
        }
        FileFormat::Html => {
            let head: String = ["Organisation"]
                .into_iter()
                .chain(INDEX_HEADERS)
                .chain(["Files"])
                .map(|h| {
                    format!("<th style=\"text-align:left;padding:2px 8px\">{}</th>", escape(h))
                })
                .collect();
            let mut body = String::new();
            for line in lines {
                let cells = match &line.numbers {
                    Ok(numbers) => numbers
                        .iter()
                        .map(|n| format!("<td style=\"padding:2px 8px;text-align:right\">{n}</td>"))
                        .collect::<String>(),
                    Err(error) => format!(
                        "<td colspan=\"{}\" style=\"padding:2px 8px\">could not be read: {}</td>",
                        INDEX_HEADERS.len(),
                        escape(error)
                    ),
                };
                let links: Vec<String> = match line.numbers {
                    Ok(_) => files(line)
                        .iter()
                        .map(|(file, ext)| format!("<a href=\"{}\">{ext}</a>", escape(file)))
                        .collect(),
                    Err(_) => Vec::new(),
                };
                body.push_str(&format!(
                    "<tr><td style=\"padding:2px 8px\">{}</td>{cells}<td style=\"padding:2px 8px\">{}</td></tr>\n",
                    escape(&line.profile),
                    links.join(" ")
                ));
            }
            format!(
                "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title></head>\n\
                 <body style=\"font-family:sans-serif;font-size:14px;color:#222\">\n\
                 <h1 style=\"font-size:18px\">{title}</h1>\n<table style=\"border-collapse:collapse\">\n\
                 <tr>{head}</tr>\n{body}</table>\n</body></html>\n",
                title = escape(&title)
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_come_from_the_profiles_never_hidden_nor_the_index_nor_twice() {
        let names = ["acme", "..", ".env", "index", "a b", "a_b", ""];
        assert_eq!(
            stems(names.into_iter()),
            ["acme", "_..", "_.env", "index-profile", "a_b", "a_b-2", "_"]
        );
    }
}
