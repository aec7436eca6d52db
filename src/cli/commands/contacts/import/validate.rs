//! Checking every row before anything is sent: readable, a valid contact (the certain
//! rules of `api::rules`), and not a repeat of an earlier row of the same file.

use super::parse::{CsvFile, RawRow, Target};
use crate::api::{ContactUpload, JsonObject, rules};
use serde_json::Value;
use std::collections::HashMap;

/// What the check decided for one row.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// May be sent.
    Ready(ContactUpload),
    /// Will not be sent, for this reason.
    Rejected(String),
}

/// A row with its verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedRow {
    pub line: u64,
    pub cells: Vec<String>,
    pub verdict: Verdict,
}

/// Checks every row of the file, in order.
pub fn check_rows(file: &CsvFile) -> Vec<CheckedRow> {
    let mut first_line_of: HashMap<String, u64> = HashMap::new();
    file.rows
        .iter()
        .map(|row| {
            let verdict = match verdict(&file.targets, row) {
                Verdict::Ready(upload) => {
                    let key = upload.email.to_lowercase();
                    match first_line_of.get(&key) {
                        Some(first) => Verdict::Rejected(format!(
                            "duplicate: the same e-mail address is on line {first}"
                        )),
                        None => {
                            first_line_of.insert(key, row.line);
                            Verdict::Ready(upload)
                        }
                    }
                }
                rejected => rejected,
            };
            CheckedRow { line: row.line, cells: row.cells.clone(), verdict }
        })
        .collect()
}

fn verdict(targets: &[Target], row: &RawRow) -> Verdict {
    if let Some(reason) = &row.unreadable {
        return Verdict::Rejected(reason.clone());
    }
    let upload = to_upload(targets, &row.cells);
    let problems = rules::check_contact(&upload);
    if problems.is_empty() {
        Verdict::Ready(upload)
    } else {
        Verdict::Rejected(problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))
    }
}

/// The contact a row describes; empty cells are left out rather than sent empty.
pub fn to_upload(targets: &[Target], cells: &[String]) -> ContactUpload {
    let mut upload = ContactUpload::default();
    let mut custom = JsonObject::new();
    for (target, cell) in targets.iter().zip(cells) {
        let value = cell.trim();
        if value.is_empty() {
            continue;
        }
        let text = Some(value.to_string());
        match target {
            Target::Email => upload.email = value.to_string(),
            Target::FirstName => upload.first_name = text,
            Target::LastName => upload.last_name = text,
            Target::City => upload.city = text,
            Target::Country => upload.country = text,
            Target::Tags => upload.tags = split_tags(value),
            Target::Custom(key) => {
                custom.insert(key.clone(), Value::String(value.to_string()));
            }
        }
    }
    if !custom.is_empty() {
        upload.custom_data = Some(custom);
    }
    upload
}

/// Tags in one cell, separated by `;`, `,` or `|`; each once, in order.
fn split_tags(cell: &str) -> Vec<String> {
    let mut tags: Vec<String> = Vec::new();
    for tag in cell.split([';', ',', '|']).map(str::trim).filter(|t| !t.is_empty()) {
        if !tags.iter().any(|seen| seen == tag) {
            tags.push(tag.to_string());
        }
    }
    tags
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::commands::contacts::import::parse::parse;

    fn verdicts(csv: &str) -> Vec<(u64, Verdict)> {
        check_rows(&parse(csv.as_bytes()).unwrap())
            .into_iter()
            .map(|r| (r.line, r.verdict))
            .collect()
    }

    #[test]
    fn a_row_becomes_a_contact_with_tags_and_custom_data() {
        let rows =
            verdicts("email,First Name,tags,Plan,city\n ann@example.com ,Ann,vip; q3 |vip,pro,\n");
        let Verdict::Ready(upload) = &rows[0].1 else { panic!("{rows:?}") };
        assert_eq!(upload.email, "ann@example.com");
        assert_eq!(upload.first_name.as_deref(), Some("Ann"));
        assert_eq!(upload.city, None, "an empty cell is left out");
        assert_eq!(upload.tags, vec!["vip", "q3"]);
        assert_eq!(upload.custom_data.as_ref().unwrap()["Plan"], "pro");
    }

    #[test]
    fn bad_rows_are_rejected_with_reasons_and_duplicates_point_at_the_first() {
        let long = "x".repeat(64);
        let csv = format!(
            "email,first_name\nann@example.com,Ann\nnot-an-address,Bo\nANN@example.com,Again\n,Nobody\ncy@example.com,{long}\n"
        );
        let rows = verdicts(&csv);
        assert!(matches!(rows[0].1, Verdict::Ready(_)));
        assert_eq!(
            rows[1].1,
            Verdict::Rejected("email: An email address must have an @-sign.".into())
        );
        assert_eq!(
            rows[2].1,
            Verdict::Rejected("duplicate: the same e-mail address is on line 2".into())
        );
        assert_eq!(rows[3].1, Verdict::Rejected("email: an e-mail address is required".into()));
        assert_eq!(
            rows[4].1,
            Verdict::Rejected("first_name: at most 63 characters, this has 64".into())
        );
    }

    #[test]
    fn an_invalid_first_occurrence_does_not_make_a_later_row_a_duplicate() {
        let rows = verdicts(&format!(
            "email,first_name\nann@example.com,{}\nann@example.com,Ann\n",
            "y".repeat(70)
        ));
        assert!(matches!(rows[0].1, Verdict::Rejected(_)));
        assert!(matches!(rows[1].1, Verdict::Ready(_)));
    }
}
