//! `status --group`: a line per organisation (its numbers read now, its glance kept as for
//! one), or with `--json` one object per organisation with its `org`; an organisation that
//! could not be read is said on stderr by its profile (and in the JSON as its `error`).

use super::read::{Asked, Read, read};
use crate::cli::args::GlobalArgs;
use crate::cli::exit::{CliError, Exit};
use crate::cli::orgs::lists::print_rows;
use crate::cli::orgs::{Answer, Orgs, sort_out};
use crate::cli::output::format::{OutputArgs, OutputFormat, json_document};
use crate::cli::output::sort::SortArg;
use crate::cli::output::streams::write_stdout;
use crate::present::columns::standing::{OrgLine, cli};
use serde_json::{Value, json};

pub(super) async fn run(global: &GlobalArgs, orgs: &Orgs, args: Asked) -> Result<Exit, CliError> {
    let answers = orgs.read(global, |context| async move { read(&context, args).await }).await;
    let term = global.term();
    let document = (args.json && !args.quiet).then(|| entries(&answers));
    let (came, failed) = sort_out(answers, &term);
    if let Some(entries) = document {
        write_stdout(&json_document(&entries?, &term)?)?;
    } else if !args.quiet {
        let lines: Vec<(&str, OrgLine)> =
            came.iter().map(|(org, read)| (org.as_str(), line(read))).collect();
        let format = if term.accessible { OutputFormat::List } else { OutputFormat::Table };
        let output = OutputArgs { output: Some(format), csv_raw: false };
        let rows = lines.iter().map(|(org, line)| (*org, line)).collect();
        print_rows(rows, &cli(), &output, &SortArg::default(), &term)?;
    }
    Ok(came.iter().fold(failed, |worst, (_, read)| worst.worst(read.exit)))
}

/// `--json`: each organisation's summary with its `org`, or its `error` and exit code.
fn entries(answers: &[Answer<Read>]) -> Result<Vec<Value>, CliError> {
    answers
        .iter()
        .map(|Answer { profile, result }| match result {
            Ok(read) => {
                let mut value = serde_json::to_value(read.report()).map_err(|error| {
                    CliError::failure(format!("Could not encode the output as JSON: {error}"))
                })?;
                if let Some(object) = value.as_object_mut() {
                    object.insert("org".into(), profile.as_str().into());
                }
                Ok(value)
            }
            Err(error) => {
                Ok(json!({"org": profile, "error": error.message, "exit": error.exit as u8}))
            }
        })
        .collect()
}

/// The line of an organisation: its inbox's numbers when they were read.
fn line(read: &Read) -> OrgLine {
    crate::glance::org_line(&read.summary, read.inbox.as_ref())
}
