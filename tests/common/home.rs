//! A home of its own for runs of the real binary: config, state (log) and data directories
//! in one temporary directory, UTC as the zone, and none of the caller's OUTREACH_* or
//! terminal-size variables, so a developer's own setup never leaks into a test.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Variables of the caller's environment a run must not see.
pub const SCRUBBED: &[&str] = &[
    "OUTREACH_API_KEY",
    "OUTREACH_BASE_URL",
    "OUTREACH_PROFILE",
    "OUTREACH_LOG",
    "NO_COLOR",
    "COLUMNS",
    // The user's own choice of the line mode.
    "ACCESSIBLE",
    // Where the dashboard runs (tmux, SSH) changes the bytes it writes.
    "TMUX",
    "SSH_CONNECTION",
    "SSH_CLIENT",
    "SSH_TTY",
    "PAGER",
    "VISUAL",
    "EDITOR",
    "BROWSER",
];

pub struct Isolated {
    dir: tempfile::TempDir,
    log_everything: bool,
}

impl Default for Isolated {
    fn default() -> Self {
        Isolated::new()
    }
}

impl Isolated {
    pub fn new() -> Self {
        Isolated { dir: tempfile::tempdir().unwrap(), log_everything: false }
    }

    /// Runs log at `trace`, so the log can be searched for what must never be written.
    pub fn log_everything(mut self) -> Self {
        self.log_everything = true;
        self
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The variables a run in this home gets (besides removing [`SCRUBBED`]).
    pub fn env(&self) -> Vec<(&'static str, OsString)> {
        let dir = |name: &str| self.path().join(name).into_os_string();
        let mut env = vec![
            ("HOME", self.path().as_os_str().to_owned()),
            ("XDG_CONFIG_HOME", dir("config")),
            ("XDG_STATE_HOME", dir("state")),
            ("XDG_DATA_HOME", dir("data")),
            ("TZ", "UTC".into()),
        ];
        if self.log_everything {
            env.push(("OUTREACH_LOG", "trace".into()));
        }
        env
    }

    /// The binary, run in this home.
    pub fn outreach(&self) -> assert_cmd::Command {
        let mut command = assert_cmd::cargo::cargo_bin_cmd!("outreach");
        for name in SCRUBBED {
            command.env_remove(name);
        }
        command.envs(self.env()).current_dir(self.path());
        command
    }

    pub fn config_path(&self) -> PathBuf {
        self.path().join("config").join("outreach").join("config.toml")
    }

    /// Writes the config file runs in this home read.
    pub fn write_config(&self, text: &str) {
        let path = self.config_path();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    pub fn config_text(&self) -> Option<String> {
        std::fs::read_to_string(self.config_path()).ok()
    }

    /// Every log file of this home (one per day), concatenated.
    pub fn log_text(&self) -> String {
        let dir = self.path().join("state").join("outreach");
        let Ok(entries) = std::fs::read_dir(dir) else { return String::new() };
        let mut files: Vec<_> = entries.filter_map(|entry| Some(entry.ok()?.path())).collect();
        files.sort();
        files.iter().filter_map(|file| std::fs::read_to_string(file).ok()).collect()
    }
}
