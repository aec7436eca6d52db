//! Accounting for every row: the summary (text or JSON) and the `*.rejected.csv` file
//! listing each row that was not imported, with its line and reason.

use crate::text::sanitize;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Why a row whose address is already a contact was not sent: as far as the API tells.
/// It says a contact is "already associated with the organisation" (endpoints 3 and 4
/// answer 400) but not which campaigns it is in, so a contact an earlier run imported into
/// this campaign looks the same as one that came some other way (and the API cannot add an
/// existing contact to a campaign).
pub fn already_present(campaign: i64) -> String {
    format!(
        "already a contact of the organisation, so not sent again; the API does not say \
         whether it is in campaign {campaign}: it is if an earlier run of this import added \
         it, otherwise it cannot be added (the API answers 400 for an existing contact)"
    )
}

/// What became of one row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowOutcome {
    /// Dry run: the row would be sent.
    Valid,
    Imported {
        id: i64,
    },
    /// The address is already a contact of the organisation; nothing was sent or changed.
    AlreadyPresent,
    /// The row is wrong and will stay wrong: fix it in the file.
    Rejected(String),
    /// The row may be fine but its request failed: re-running retries it.
    Failed(String),
    /// The import stopped before this row was sent.
    NotAttempted,
}

impl RowOutcome {
    /// The reason written to the rejected file, for rows that were not imported or not
    /// added to the campaign. It may quote the server, so it is sanitised: the file is read
    /// on terminals too.
    fn reason(&self, campaign: i64) -> Option<String> {
        match self {
            RowOutcome::Rejected(reason) | RowOutcome::Failed(reason) => Some(sanitize(reason)),
            RowOutcome::AlreadyPresent => Some(already_present(campaign)),
            _ => None,
        }
    }
}

/// The counts of an import; they add up to `rows`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub file: String,
    /// The campaign the contacts were to be added to.
    pub campaign: i64,
    pub dry_run: bool,
    pub rows: usize,
    pub valid: usize,
    pub imported: usize,
    pub already_present: usize,
    pub rejected: usize,
    pub failed: usize,
    pub not_attempted: usize,
    /// Where the rejected and failed rows were written, if any.
    pub rejected_file: Option<String>,
    /// The rejected file was there before (an earlier run of the same input) and was replaced.
    pub rejected_file_replaced: bool,
}

impl Summary {
    pub fn count(file: &Path, campaign: i64, dry_run: bool, outcomes: &[RowOutcome]) -> Summary {
        let mut summary = Summary {
            file: file.display().to_string(),
            campaign,
            dry_run,
            rows: outcomes.len(),
            ..Summary::default()
        };
        for outcome in outcomes {
            match outcome {
                RowOutcome::Valid => summary.valid += 1,
                RowOutcome::Imported { .. } => summary.imported += 1,
                RowOutcome::AlreadyPresent => summary.already_present += 1,
                RowOutcome::Rejected(_) => summary.rejected += 1,
                RowOutcome::Failed(_) => summary.failed += 1,
                RowOutcome::NotAttempted => summary.not_attempted += 1,
            }
        }
        summary
    }

    /// Whether every row ended well (imported, already present, or valid in a dry run).
    pub fn all_good(&self) -> bool {
        self.rejected + self.failed + self.not_attempted == 0
    }

    /// The summary as text for stdout.
    pub fn text(&self) -> String {
        let rows = crate::text::noun(self.rows, "row", "rows");
        let mut out = if self.dry_run {
            format!("{}: {} {rows} (dry run: nothing was sent)\n", self.file, self.rows)
        } else {
            format!("{}: {} {rows}\n", self.file, self.rows)
        };
        let mut line = |label: &str, count: usize, always: bool| {
            if always || count > 0 {
                out.push_str(&format!("  {label:<16}{count:>7}\n"));
            }
        };
        if self.dry_run {
            line("valid", self.valid, true);
        } else {
            line("imported", self.imported, true);
            line("already present", self.already_present, true);
        }
        line("rejected", self.rejected, true);
        line("failed", self.failed, false);
        line("not attempted", self.not_attempted, false);
        if self.already_present > 0 {
            let (count, them, it) = match self.already_present {
                1 => ("1 address was already a contact".to_string(), "it", "it is"),
                n => (format!("{n} addresses were already contacts"), "them", "they are"),
            };
            out.push_str(&format!(
                "{count} of the organisation, so not sent again. The API does not say which \
                 campaigns a contact is in: if an earlier run of this import added {them}, {it} in \
                 campaign {}; otherwise {it} not (the API cannot add an existing contact to a \
                 campaign).\n",
                self.campaign
            ));
        }
        if let Some(path) = &self.rejected_file {
            let what = if self.dry_run {
                "Rows that would not be imported or are already contacts"
            } else {
                "Rows not imported or already contacts"
            };
            let replaced = if self.rejected_file_replaced {
                " (it replaces the file an earlier run of this input wrote there)"
            } else {
                ""
            };
            out.push_str(&format!("{what}, with line and reason, written to {path}{replaced}\n"));
        }
        out
    }
}

/// `contacts.csv` → `contacts.rejected.csv` next to the input: one name per input, so a real
/// run after its dry run (or a re-run) replaces the file it set aside before, and the file
/// on disk always accounts for the last run of that input.
pub fn default_rejected_path(input: &Path) -> PathBuf {
    let base = match input.extension() {
        Some(ext) if ext.eq_ignore_ascii_case("csv") => {
            input.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
        }
        _ => input.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
    };
    input.with_file_name(format!("{base}.rejected.csv"))
}

/// The rejected file's content: `line,reason,<original columns>` for each row not
/// imported, or `None` when every row went through.
pub fn rejected_csv(
    headers: &[String],
    rows: &[(u64, &[String], &RowOutcome)],
    campaign: i64,
) -> Result<Option<Vec<u8>>, csv::Error> {
    let mut writer = csv::WriterBuilder::new().flexible(true).from_writer(Vec::new());
    let mut any = false;
    let mut header = vec!["line".to_string(), "reason".to_string()];
    header.extend(headers.iter().cloned());
    writer.write_record(&header)?;
    for (line, cells, outcome) in rows {
        let Some(reason) = outcome.reason(campaign) else { continue };
        any = true;
        let mut record = vec![line.to_string(), reason];
        record.extend(cells.iter().cloned());
        // A short row is padded to the header; a long one keeps its extra cells.
        record.resize(header.len().max(record.len()), String::new());
        writer.write_record(&record)?;
    }
    if !any {
        return Ok(None);
    }
    writer.into_inner().map(Some).map_err(|error| csv::Error::from(error.into_error()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_up_and_text_names_each_group() {
        let outcomes = [
            RowOutcome::Imported { id: 1 },
            RowOutcome::AlreadyPresent,
            RowOutcome::Rejected("bad".into()),
            RowOutcome::Failed("500".into()),
        ];
        let summary = Summary::count(Path::new("c.csv"), 42, false, &outcomes);
        assert_eq!(
            (summary.imported, summary.already_present, summary.rejected, summary.failed),
            (1, 1, 1, 1)
        );
        assert!(!summary.all_good());
        let text = summary.text();
        assert!(text.starts_with("c.csv: 4 rows\n"), "{text}");
        assert!(text.contains("  already present       1\n"), "{text}");
        assert!(text.contains("  failed                1\n"), "{text}");
        assert!(!text.contains("not attempted"), "{text}");
        assert!(
            text.contains(
                "1 address was already a contact of the organisation, so not sent again. The API \
                 does not say which campaigns a contact is in: if an earlier run of this import \
                 added it, it is in campaign 42; otherwise it is not"
            ),
            "{text}"
        );
    }

    #[test]
    fn rejected_path_sits_next_to_the_input() {
        assert_eq!(
            default_rejected_path(Path::new("/tmp/in/contacts.csv")),
            PathBuf::from("/tmp/in/contacts.rejected.csv")
        );
        assert_eq!(
            default_rejected_path(Path::new("/tmp/in/contacts.CSV")),
            PathBuf::from("/tmp/in/contacts.rejected.csv")
        );
        assert_eq!(
            default_rejected_path(Path::new("list.txt")),
            PathBuf::from("list.txt.rejected.csv")
        );
    }

    #[test]
    fn the_rejected_file_lists_only_rows_not_imported() {
        let headers = vec!["email".to_string(), "notes".to_string()];
        let good = ["a@b.co".to_string(), "x".to_string()];
        let bad = ["nope".to_string(), "two\nlines".to_string(), "extra".to_string()];
        let short = ["".to_string()];
        let imported = RowOutcome::Imported { id: 1 };
        let rejected = RowOutcome::Rejected("email: no @".into());
        let failed = RowOutcome::Failed("timeout\u{1b}]0;x\u{7}".into());
        let known = ["ann@b.co".to_string()];
        let present = RowOutcome::AlreadyPresent;
        let rows = [
            (2, &good[..], &imported),
            (3, &bad[..], &rejected),
            (5, &short[..], &failed),
            (6, &known[..], &present),
        ];
        let bytes = rejected_csv(&headers, &rows, 42).unwrap().unwrap();
        let text = String::from_utf8(bytes).unwrap();
        assert_eq!(
            text,
            format!(
                "line,reason,email,notes\n3,email: no @,nope,\"two\nlines\",extra\n5,timeout,,\n\
                 6,\"{}\",ann@b.co,\n",
                already_present(42)
            )
        );
        assert!(rejected_csv(&headers, &rows[..1], 42).unwrap().is_none());
    }
}
