//! The palette's history on disk, so earlier lines are there next time: one line per run
//! command, `profile<TAB>line`, in `$XDG_STATE_HOME/outreach/palette-history.tsv` (the
//! user's alone). Lines shaped like a key never reach it (`palette::may_keep`).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Lines kept: the file is cut back to this many when it grows past twice as many.
pub const KEPT: usize = 200;

pub fn path() -> Option<PathBuf> {
    Some(crate::logging::log_dir()?.join("palette-history.tsv"))
}

/// The last [`KEPT`] lines, oldest first; a missing or unreadable file is no history.
pub fn load(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let all: Vec<(String, String)> = text
        .lines()
        .filter_map(|row| row.split_once('\t'))
        .map(|(profile, line)| (profile.to_string(), line.to_string()))
        .collect();
    all[all.len().saturating_sub(KEPT)..].to_vec()
}

/// Appends a line run in `profile`; rewrites the file shorter when it has grown long.
pub fn append(path: &Path, profile: &str, line: &str) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let flat = |text: &str| text.replace(['\t', '\n', '\r'], " ");
    let mut options = std::fs::OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?.write_all(format!("{}\t{}\n", flat(profile), flat(line)).as_bytes())?;
    let text = std::fs::read_to_string(path)?;
    if text.lines().count() > 2 * KEPT {
        let kept: String =
            load(path).iter().map(|(profile, line)| format!("{profile}\t{line}\n")).collect();
        std::fs::write(path, kept)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_come_back_per_profile_and_the_file_stays_short() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("outreach").join("palette-history.tsv");
        append(&path, "acme", "filter a\tb").unwrap();
        append(&path, "beta", "bots").unwrap();
        assert_eq!(
            load(&path),
            [("acme".to_string(), "filter a b".to_string()), ("beta".into(), "bots".into())]
        );
        for n in 0..(2 * KEPT + 1) {
            append(&path, "acme", &format!("line {n}")).unwrap();
        }
        let kept = load(&path);
        assert_eq!(kept.len(), KEPT);
        assert_eq!(kept.last().map(|(_, l)| l.as_str()), Some(&*format!("line {}", 2 * KEPT)));
        assert!(std::fs::read_to_string(&path).unwrap().lines().count() <= 2 * KEPT);
    }
}
