//! Reading what was typed into write forms: free-form data and DNC lists.

use crate::api::{JsonObject, rules};
use serde_json::Value;

/// Free-form data: a JSON object, or `key = value` lines (values are strings); `None` when
/// nothing was typed. The error says which line is wrong and what would do.
pub(crate) fn data(text: &str) -> Result<Option<JsonObject>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if text.starts_with('{') {
        return match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(map)) => Ok(Some(map)),
            Ok(_) => Err("a JSON object is needed, e.g. {\"plan\": \"pro\"}".into()),
            Err(error) => Err(format!("not valid JSON: {error}")),
        };
    }
    let mut map = JsonObject::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        match line.split_once('=') {
            Some((key, value)) if !key.trim().is_empty() => {
                map.insert(key.trim().to_string(), Value::String(value.trim().to_string()));
            }
            _ => {
                return Err(format!(
                    "line {}: '{line}' is not key = value (e.g. plan = pro); or write a JSON object",
                    number + 1
                ));
            }
        }
    }
    Ok(Some(map))
}

/// A pasted do-not-contact list, sorted by which endpoint takes each entry.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct DncEntries {
    pub emails: Vec<String>,
    pub domains: Vec<String>,
    /// Entries that are neither, each with why.
    pub problems: Vec<String>,
}

/// Splits a list (lines, commas, spaces) into addresses (with an `@` inside) and domains
/// (`@example.com` counts as the domain), each once, and what is neither.
pub(crate) fn dnc_entries(text: &str) -> DncEntries {
    let mut entries = DncEntries::default();
    for entry in rules::split_entries(text) {
        let (is_email, value) = match entry.strip_prefix('@') {
            Some(bare) => (false, bare.to_string()),
            None => (entry.contains('@'), entry),
        };
        let problem =
            if is_email { rules::email_problem(&value) } else { rules::domain_problem(&value) };
        match problem {
            Some(problem) => entries.problems.push(format!("'{value}': {problem}")),
            None if is_email => entries.emails.push(value),
            None => entries.domains.push(value),
        }
    }
    entries
}

pub(crate) use crate::text::count;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_reads_lines_or_json_and_says_which_line_is_wrong() {
        assert_eq!(data("  \n").unwrap(), None);
        let lines = data("plan = pro\n\n seats=12 \nnote = a = b").unwrap().unwrap();
        assert_eq!(lines["plan"], "pro");
        assert_eq!(lines["seats"], "12");
        assert_eq!(lines["note"], "a = b");
        let json = data(r#"{"seats": 12, "vip": true}"#).unwrap().unwrap();
        assert_eq!(json["seats"], 12);
        assert!(data("plan = pro\nnonsense").unwrap_err().starts_with("line 2: 'nonsense'"));
        assert!(data("{\"a\": ").unwrap_err().contains("not valid JSON"));
        assert!(data("= x").is_err());
    }

    #[test]
    fn dnc_lists_are_sorted_by_endpoint() {
        let entries =
            dnc_entries("ann@example.com, @competitor.com\nother.org  ann@EXAMPLE.com bad@");
        assert_eq!(entries.emails, ["ann@example.com"]);
        assert_eq!(entries.domains, ["competitor.com", "other.org"]);
        assert_eq!(entries.problems.len(), 1);
        assert!(entries.problems[0].starts_with("'bad@'"), "{:?}", entries.problems);
    }
}
