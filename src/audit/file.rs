//! Where the audit log lives, appending a line, rotating by size and reading it back.

use super::Record;
use chrono::{DateTime, Utc};
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The file is rotated when it reaches this size: `audit.jsonl` becomes `audit.1.jsonl`,
/// which becomes `audit.2.jsonl`, and so on up to [`KEPT_ROTATED`].
pub const ROTATE_AT_BYTES: u64 = 4 << 20;
/// Rotated files kept besides the current one.
const KEPT_ROTATED: usize = 3;

/// `$XDG_STATE_HOME/outreach/audit.jsonl`, beside the log files.
pub fn path() -> Option<PathBuf> {
    Some(crate::logging::log_dir()?.join("audit.jsonl"))
}

/// Appends `record` as one line, rotating first when the file is full. The line is written
/// with one call on a file opened for appending, so two processes never interleave lines.
pub fn append(path: &Path, record: &Record) -> io::Result<()> {
    append_rotating(path, record, ROTATE_AT_BYTES)
}

fn append_rotating(path: &Path, record: &Record, limit: u64) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    if fs::metadata(path).map(|m| m.len() >= limit).unwrap_or(false) {
        rotate(path)?;
    }
    let mut line = serde_json::to_string(record).map_err(io::Error::other)?;
    line.push('\n');
    let mut options = OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    {
        // Addresses are personal data: the file is the user's alone.
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?.write_all(line.as_bytes())
}

/// `audit.N.jsonl`, the N-th oldest rotation.
fn rotated(path: &Path, n: usize) -> PathBuf {
    path.with_extension(format!("{n}.jsonl"))
}

fn rotate(path: &Path) -> io::Result<()> {
    for n in (1..KEPT_ROTATED).rev() {
        let from = rotated(path, n);
        if from.exists() {
            fs::rename(&from, rotated(path, n + 1))?;
        }
    }
    fs::rename(path, rotated(path, 1))
}

/// The records written at or after `since` (all of them with `None`), oldest first, from
/// the rotated files and the current one; and how many lines could not be read.
pub fn read_since(path: &Path, since: Option<DateTime<Utc>>) -> io::Result<(Vec<Record>, usize)> {
    let mut records = Vec::new();
    let mut unreadable = 0;
    let files = (1..=KEPT_ROTATED).rev().map(|n| rotated(path, n)).chain([path.to_path_buf()]);
    for file in files {
        let text = match fs::read_to_string(&file) {
            Ok(text) => text,
            Err(error) if error.kind() == io::ErrorKind::NotFound => continue,
            Err(error) => return Err(error),
        };
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            match serde_json::from_str::<Record>(line) {
                Ok(record) if since.is_none_or(|since| record.time >= since) => {
                    records.push(record)
                }
                Ok(_) => {}
                Err(_) => unreadable += 1,
            }
        }
    }
    crate::sorting::sort_by_key(&mut records, |record| record.time);
    Ok((records, unreadable))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::Source;

    fn record(operation: &str) -> Record {
        Record {
            time: Utc::now(),
            profile: "p".into(),
            host: "h".into(),
            operation: operation.into(),
            campaign_id: None,
            bot_id: None,
            addresses: Vec::new(),
            domain_count: Some(1),
            campaign_status: None,
            status: Some(200),
            ok: true,
            error: None,
            source: Source::Cli,
        }
    }

    #[test]
    fn a_full_file_is_rotated_and_still_read_back_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("outreach").join("audit.jsonl");
        for n in 0..10 {
            append_rotating(&path, &record(&format!("op{n}")), 300).unwrap();
        }
        assert!(rotated(&path, 1).exists(), "rotated at 300 bytes");
        assert!(!rotated(&path, KEPT_ROTATED + 1).exists(), "at most {KEPT_ROTATED} kept");
        let (records, unreadable) = read_since(&path, None).unwrap();
        assert_eq!(unreadable, 0);
        let names: Vec<_> = records.iter().map(|r| r.operation.as_str()).collect();
        assert_eq!(names.last(), Some(&"op9"));
        assert!(names.windows(2).all(|w| w[0] < w[1]), "{names:?}");
    }
}
