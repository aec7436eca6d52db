//! Helpers shared by the credentials and auth tests.
#![allow(dead_code)]

pub mod pty;

use std::io::Write;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// A profile name no other test (or earlier run) uses, so tests can share the real OS stores.
pub fn unique_profile(test: &str) -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().subsec_nanos();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("t-{test}-{}-{nanos}-{n}", std::process::id())
}

/// Whether the tests run in CI (`CI=true`), where a missing OS store is a failure.
pub fn in_ci() -> bool {
    std::env::var("CI").map(|v| v == "true" || v == "1").unwrap_or(false)
}

/// Says loudly that a test cannot run here: fails in CI, otherwise reports and lets it pass.
/// Returns `false` so callers can `if !available(..) { return; }`.
pub fn unavailable(what: &str, why: &str) -> bool {
    let message = format!(
        "{what} is not available here: {why}. Run the tests under `.ci/with-keyring` (as `.ci/run` does)."
    );
    if in_ci() {
        panic!("{message} (CI=true, so this is a failure)");
    }
    // Straight to stderr: libtest captures `eprintln!` of passing tests, and a skip must show.
    let _ = writeln!(std::io::stderr(), "SKIPPED: {message}");
    false
}

/// Whether a program is on PATH.
pub fn has_program(name: &str) -> bool {
    std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
        .unwrap_or(false)
}

/// A home of its own for one run of the binary: config and state (log) in temporary
/// directories, and none of the caller's OUTREACH_* variables.
pub struct Isolated {
    pub config_home: tempfile::TempDir,
    pub state_home: tempfile::TempDir,
}

impl Isolated {
    pub fn new() -> Self {
        Isolated {
            config_home: tempfile::tempdir().unwrap(),
            state_home: tempfile::tempdir().unwrap(),
        }
    }

    /// The binary with this home, logging everything (so the log can be searched for leaks).
    pub fn outreach(&self) -> assert_cmd::Command {
        let mut command = assert_cmd::Command::new(assert_cmd::cargo::cargo_bin!("outreach"));
        command
            .env("XDG_CONFIG_HOME", self.config_home.path())
            .env("XDG_STATE_HOME", self.state_home.path())
            .env("OUTREACH_LOG", "trace")
            .env_remove("OUTREACH_API_KEY")
            .env_remove("OUTREACH_PROFILE")
            .env_remove("OUTREACH_BASE_URL");
        command
    }

    pub fn config_path(&self) -> std::path::PathBuf {
        self.config_home.path().join("outreach").join("config.toml")
    }

    pub fn write_config(&self, text: &str) {
        let path = self.config_path();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    pub fn config_text(&self) -> Option<String> {
        std::fs::read_to_string(self.config_path()).ok()
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(self.state_home.path().join("outreach").join("outreach.log"))
            .unwrap_or_default()
    }
}

/// Standard output and error of a finished command, as text.
pub fn outputs(output: &std::process::Output) -> (String, String) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A simulator on its own runtime, so tests can block on the binary while it serves.
pub struct Sim {
    pub handle: outreach_tui::sim::SimHandle,
    runtime: tokio::runtime::Runtime,
}

impl Sim {
    pub fn start() -> Sim {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let handle = runtime
            .block_on(outreach_tui::sim::spawn(outreach_tui::sim::SimOptions::default()))
            .unwrap();
        Sim { handle, runtime }
    }

    pub fn base_url(&self) -> &str {
        &self.handle.base_url
    }

    /// The first organisation's admin key, as text.
    pub fn admin_key(&self) -> String {
        self.handle.orgs[0].admin_key.expose().to_string()
    }

    pub fn read_only_key(&self) -> String {
        self.handle.orgs[0].read_only_key.expose().to_string()
    }

    /// Generates a new key for the first organisation (spec: the old one stops working).
    pub fn rotate_key(&self) -> String {
        let url = format!("{}/_sim/rotate-key", self.base_url());
        let key = self.admin_key();
        // reqwest is built without a default TLS provider; our Client installs one, so here too.
        let _ = rustls::crypto::ring::default_provider().install_default();
        self.runtime.block_on(async move {
            let response =
                reqwest::Client::new().post(url).header("X-API-Key", key).send().await.unwrap();
            assert!(response.status().is_success(), "{}", response.status());
            let body: serde_json::Value = response.json().await.unwrap();
            body["api_key"].as_str().unwrap().to_string()
        })
    }

    /// Runs a future on the simulator's runtime (for library calls from a plain test).
    pub fn block_on<F: std::future::Future>(&self, future: F) -> F::Output {
        self.runtime.block_on(future)
    }
}
