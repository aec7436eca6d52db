//! Reading a contacts CSV: byte-order mark, CRLF, quoted newlines and rows that are not
//! UTF-8 are all handled; each row keeps the line it starts on for the report.

use std::collections::HashMap;

/// Where a CSV column's values go.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Target {
    Email,
    FirstName,
    LastName,
    City,
    Country,
    /// Separated by `;`, `,` or `|` inside the cell.
    Tags,
    /// Any other column becomes a `custom_data` key.
    Custom(String),
}

impl Target {
    /// The target of a header, by its usual spellings (`E-mail`, `First Name`, `surname` …).
    pub fn for_header(header: &str, position: usize) -> Target {
        let key: String = header
            .trim()
            .to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("_");
        match key.as_str() {
            "email" | "e_mail" | "email_address" | "e_mail_address" | "mail" => Target::Email,
            "first_name" | "firstname" | "first" | "given_name" | "forename" => Target::FirstName,
            "last_name" | "lastname" | "last" | "surname" | "family_name" => Target::LastName,
            "city" | "town" => Target::City,
            "country" => Target::Country,
            "tags" | "tag" | "labels" => Target::Tags,
            "" => Target::Custom(format!("column_{}", position + 1)),
            _ => Target::Custom(header.trim().to_string()),
        }
    }

    fn describe(&self) -> String {
        match self {
            Target::Email => "email".into(),
            Target::FirstName => "first_name".into(),
            Target::LastName => "last_name".into(),
            Target::City => "city".into(),
            Target::Country => "country".into(),
            Target::Tags => "tags".into(),
            Target::Custom(key) => format!("custom_data.{key}"),
        }
    }
}

/// One data row as read: its first line, its cells, and why it cannot be used, if so.
#[derive(Debug, Clone, PartialEq)]
pub struct RawRow {
    pub line: u64,
    /// The cells as text (invalid UTF-8 replaced by U+FFFD, for the report only).
    pub cells: Vec<String>,
    /// Set when the row cannot be read at all (bad UTF-8, too many cells).
    pub unreadable: Option<String>,
}

/// A parsed file: its header, where each column goes, and every data row.
#[derive(Debug, Clone)]
pub struct CsvFile {
    pub headers: Vec<String>,
    pub targets: Vec<Target>,
    pub rows: Vec<RawRow>,
}

/// Parses a whole file. Fails only when the file as a whole is unusable (no header, no
/// e-mail column, two columns for one field); a bad row is kept and marked.
pub fn parse(bytes: &[u8]) -> Result<CsvFile, String> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(bytes);
    let mut records = reader.byte_records();
    let header = match records.next() {
        Some(Ok(record)) => record,
        Some(Err(error)) => return Err(format!("the header cannot be read: {error}")),
        None => {
            return Err("the file is empty; it needs a header row such as email,first_name".into());
        }
    };
    let headers: Vec<String> = header
        .iter()
        .enumerate()
        .map(|(index, cell)| {
            std::str::from_utf8(cell).map(|text| text.trim().to_string()).map_err(|_| {
                format!(
                    "the header's column {} is not UTF-8; save the file as CSV UTF-8",
                    index + 1
                )
            })
        })
        .collect::<Result<_, _>>()?;
    let targets = map_headers(&headers)?;

    let mut rows = Vec::new();
    let mut lines = LineCounter::default();
    for record in records {
        let record = record.map_err(|error| format!("the file cannot be read further: {error}"))?;
        let line = lines.line_at(bytes, record.position().map_or(0, |p| p.byte()));
        let cells: Vec<String> =
            record.iter().map(|cell| String::from_utf8_lossy(cell).into_owned()).collect();
        let unreadable = if let Some(column) =
            record.iter().position(|c| std::str::from_utf8(c).is_err())
        {
            let name =
                headers.get(column).map_or_else(|| format!("{}", column + 1), |h| format!("'{h}'"));
            Some(format!("not valid UTF-8 (column {name}); save the file as CSV UTF-8"))
        } else if cells.len() > headers.len()
            && cells[headers.len()..].iter().any(|c| !c.trim().is_empty())
        {
            Some(format!("has {} cells but the header has {} columns", cells.len(), headers.len()))
        } else {
            None
        };
        rows.push(RawRow { line, cells, unreadable });
    }
    Ok(CsvFile { headers, targets, rows })
}

/// Line numbers of record starts. The reader's own line count lags behind after CRLF
/// and blank lines, so the line is counted here from the record's byte offset, skipping
/// the line breaks the reader reports as part of the record's start.
#[derive(Default)]
struct LineCounter {
    offset: usize,
    line: u64,
}

impl LineCounter {
    fn line_at(&mut self, bytes: &[u8], offset: u64) -> u64 {
        let mut start = usize::try_from(offset).unwrap_or(usize::MAX).min(bytes.len());
        while start < bytes.len() && matches!(bytes[start], b'\r' | b'\n') {
            start += 1;
        }
        let from = self.offset.min(start);
        self.line += bytes[from..start].iter().filter(|b| **b == b'\n').count() as u64;
        self.offset = start;
        self.line + 1
    }
}

/// Where each column goes; an error when there is no e-mail column or two go to one place.
pub fn map_headers(headers: &[String]) -> Result<Vec<Target>, String> {
    let targets: Vec<Target> = headers
        .iter()
        .enumerate()
        .map(|(index, header)| Target::for_header(header, index))
        .collect();
    let mut seen: HashMap<&Target, usize> = HashMap::new();
    for (index, target) in targets.iter().enumerate() {
        if let Some(first) = seen.insert(target, index) {
            return Err(format!(
                "columns {} ('{}') and {} ('{}') both fill {}; rename or remove one",
                first + 1,
                headers[first],
                index + 1,
                headers[index],
                target.describe()
            ));
        }
    }
    if !targets.contains(&Target::Email) {
        return Err(format!(
            "there is no e-mail column (the columns are: {}); name one `email`",
            headers.join(", ")
        ));
    }
    Ok(targets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_map_by_their_usual_spellings() {
        let headers: Vec<String> =
            ["E-mail", "First Name", "surname", "Town", "COUNTRY", "Tags", "Plan", ""]
                .map(String::from)
                .to_vec();
        let targets = map_headers(&headers).unwrap();
        assert_eq!(
            targets,
            vec![
                Target::Email,
                Target::FirstName,
                Target::LastName,
                Target::City,
                Target::Country,
                Target::Tags,
                Target::Custom("Plan".into()),
                Target::Custom("column_8".into()),
            ]
        );
    }

    #[test]
    fn a_file_without_email_or_with_two_name_columns_is_refused() {
        let error = map_headers(&["name".into(), "company".into()]).unwrap_err();
        assert!(error.contains("no e-mail column") && error.contains("name, company"), "{error}");
        let error =
            map_headers(&["email".into(), "first".into(), "First Name".into()]).unwrap_err();
        assert!(error.contains("both fill first_name"), "{error}");
    }

    #[test]
    fn bom_crlf_quoted_newlines_and_bad_utf8_rows() {
        let mut file = b"\xef\xbb\xbfemail,first_name,notes\r\n".to_vec();
        file.extend_from_slice(b"ann@example.com,Ann,\"two\r\nlines\"\r\n");
        file.extend_from_slice(b"bo@example.com,B\xf6rje,x\r\n");
        file.extend_from_slice(b"\r\n");
        file.extend_from_slice(b"cy@example.com,Cy,x,extra\r\n");
        file.extend_from_slice(b"di@example.com,Di\r\n");
        let parsed = parse(&file).unwrap();
        assert_eq!(parsed.headers, vec!["email", "first_name", "notes"]);
        let lines: Vec<u64> = parsed.rows.iter().map(|r| r.line).collect();
        assert_eq!(lines, vec![2, 4, 6, 7]);
        assert_eq!(parsed.rows[0].cells[2], "two\r\nlines");
        assert_eq!(parsed.rows[0].unreadable, None);
        assert!(
            parsed.rows[1]
                .unreadable
                .as_deref()
                .unwrap()
                .contains("not valid UTF-8 (column 'first_name')")
        );
        assert_eq!(parsed.rows[1].cells[1], "B\u{fffd}rje");
        assert!(parsed.rows[2].unreadable.as_deref().unwrap().contains("4 cells"));
        assert_eq!(parsed.rows[3].unreadable, None, "a short row is fine");

        let lf = parse(b"email\n\"a@b.co\"\n\n\nc@d.co\n\"e\n@f.co\"\ng@h.co").unwrap();
        let lines: Vec<u64> = lf.rows.iter().map(|r| r.line).collect();
        assert_eq!(lines, vec![2, 5, 6, 8]);
    }

    #[test]
    fn an_empty_file_or_bad_header_is_refused() {
        assert!(parse(b"").unwrap_err().contains("empty"));
        assert!(parse(b"em\xffail\nx\n").unwrap_err().contains("not UTF-8"));
    }
}
