//! Running the real `outreach` binary against the simulator over loopback, with its config
//! and state directories isolated, the key passed only through the environment.
#![allow(dead_code)]

use outreach_tui::api::{ApiKey, Client, ClientOptions};
use std::process::Output;
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// What one run of the binary produced.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    fn from_output(output: Output) -> Run {
        Run {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }

    /// Asserts the exit code, showing both streams when it differs.
    #[track_caller]
    pub fn expect(&self, code: i32) -> &Run {
        assert_eq!(
            self.code, code,
            "exit code\nstdout:\n{}\nstderr:\n{}",
            self.stdout, self.stderr
        );
        self
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|error| panic!("stdout is not JSON ({error}):\n{}", self.stdout))
    }
}

/// The binary pointed at one API with one key, in its own home.
pub struct Outreach {
    base_url: String,
    key: Option<String>,
    envs: Vec<(String, String)>,
    pub home: TempDir,
}

impl Outreach {
    pub fn new(base_url: &str, key: &ApiKey) -> Outreach {
        Outreach {
            base_url: base_url.to_string(),
            key: Some(key.expose().to_string()),
            envs: Vec::new(),
            home: tempfile::tempdir().unwrap(),
        }
    }

    /// Without any key in the environment, on a profile no keyring holds a key for.
    pub fn without_key(base_url: &str) -> Outreach {
        static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let profile = format!("t-cli-nokey-{}-{n}", std::process::id());
        Outreach { key: None, ..Outreach::new(base_url, &ApiKey::new("unused")) }
            .env("OUTREACH_PROFILE", &profile)
    }

    /// Writes the config file this run's binary reads.
    pub fn write_config(&self, text: &str) {
        let dir = self.home.path().join("config").join("outreach");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("config.toml"), text).unwrap();
    }

    pub fn env(mut self, key: &str, value: &str) -> Outreach {
        self.envs.push((key.into(), value.into()));
        self
    }

    fn command(&self, args: &[&str]) -> assert_cmd::Command {
        let mut command = assert_cmd::cargo::cargo_bin_cmd!("outreach");
        for name in [
            "OUTREACH_API_KEY",
            "OUTREACH_BASE_URL",
            "OUTREACH_PROFILE",
            "OUTREACH_LOG",
            "NO_COLOR",
            "COLUMNS",
        ] {
            command.env_remove(name);
        }
        command
            .env("HOME", self.home.path())
            .env("XDG_CONFIG_HOME", self.home.path().join("config"))
            .env("XDG_STATE_HOME", self.home.path().join("state"))
            .env("XDG_DATA_HOME", self.home.path().join("data"))
            .env("TZ", "UTC")
            .current_dir(self.home.path())
            .arg("--base-url")
            .arg(&self.base_url)
            .args(args);
        if let Some(key) = &self.key {
            command.env("OUTREACH_API_KEY", key);
        }
        for (key, value) in &self.envs {
            command.env(key, value);
        }
        command.timeout(Duration::from_secs(60));
        command
    }

    /// Runs the binary off the async workers, so the in-process simulator keeps serving.
    pub async fn run(&self, args: &[&str]) -> Run {
        let mut command = self.command(args);
        let output = tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap();
        Run::from_output(output)
    }

    /// Runs with extra environment variables for this run only.
    pub async fn run_env(&self, args: &[&str], envs: &[(&str, &str)]) -> Run {
        let mut command = self.command(args);
        for (key, value) in envs {
            command.env(key, value);
        }
        let output = tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap();
        Run::from_output(output)
    }

    pub async fn run_with_stdin(&self, args: &[&str], stdin: impl Into<Vec<u8>>) -> Run {
        let mut command = self.command(args);
        command.write_stdin(stdin.into());
        let output = tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap();
        Run::from_output(output)
    }

    /// A path inside this run's home.
    pub fn path(&self, name: &str) -> std::path::PathBuf {
        self.home.path().join(name)
    }

    pub fn write(&self, name: &str, bytes: impl AsRef<[u8]>) -> std::path::PathBuf {
        let path = self.path(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }
}

/// A client on the same API, to compare the binary's output with what the API holds.
pub fn client(base_url: &str, key: &ApiKey) -> Client {
    Client::new(base_url, key, ClientOptions::default()).unwrap()
}

/// Waits for `condition` to hold, checking every few milliseconds, failing after `limit`.
pub async fn eventually<F, Fut>(limit: Duration, what: &str, mut condition: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + limit;
    loop {
        if condition().await {
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A loopback address nothing listens on.
pub fn dead_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    format!("http://127.0.0.1:{port}")
}

/// A plain HTTP client for the simulator's admin routes.
fn http() -> reqwest::Client {
    // reqwest is built without a default TLS provider; the crate's client installs ring.
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::new()
}

/// A simulator admin route (`/_sim/...`) as JSON, read with the organisation's admin key.
pub async fn sim_admin(base_url: &str, key: &ApiKey, path: &str) -> serde_json::Value {
    http()
        .get(format!("{base_url}{path}"))
        .header("X-API-Key", key.expose())
        .send()
        .await
        .unwrap()
        .error_for_status()
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// How many requests the simulator received for `"METHOD /path"`.
pub async fn sim_requests(base_url: &str, key: &ApiKey, route: &str) -> u64 {
    sim_admin(base_url, key, "/_sim/requests").await["requests"][route].as_u64().unwrap_or(0)
}

/// The number of display columns of a line.
pub fn width(line: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(line)
}

/// Reads a CSV document into records.
pub fn csv_records(text: &str) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// Adds fault rules (JSON, as `POST /_sim/faults` takes them) to the simulator.
pub async fn sim_faults(base_url: &str, key: &ApiKey, rules: serde_json::Value) {
    http()
        .post(format!("{base_url}/_sim/faults"))
        .header("X-API-Key", key.expose())
        .json(&serde_json::json!({ "faults": rules }))
        .send()
        .await
        .unwrap()
        .error_for_status()
        .unwrap();
}
