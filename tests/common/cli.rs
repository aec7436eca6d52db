//! Running the real `outreach` binary against an API (usually the simulator over loopback)
//! in an isolated home, the key passed only through the environment.

use super::home::Isolated;
use super::keyring::unique_profile;
use outreach_tui::api::ApiKey;
use std::process::Output;
use std::time::Duration;

/// Standard output and error of a finished command, as text.
pub fn outputs(output: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// What one run of the binary produced.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    fn from_output(output: Output) -> Run {
        let (stdout, stderr) = outputs(&output);
        Run { code: output.status.code().unwrap_or(-1), stdout, stderr }
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
    pub home: Isolated,
}

impl Outreach {
    pub fn new(base_url: &str, key: &ApiKey) -> Outreach {
        Outreach {
            base_url: base_url.to_string(),
            key: Some(key.expose().to_string()),
            envs: Vec::new(),
            home: Isolated::new(),
        }
    }

    /// Without any key in the environment, on a profile no keyring holds a key for.
    pub fn without_key(base_url: &str) -> Outreach {
        let profile = unique_profile("cli-nokey");
        Outreach { key: None, ..Outreach::new(base_url, &ApiKey::new("unused")) }
            .env("OUTREACH_PROFILE", &profile)
    }

    /// Writes the config file this run's binary reads.
    pub fn write_config(&self, text: &str) {
        self.home.write_config(text);
    }

    pub fn env(mut self, key: &str, value: &str) -> Outreach {
        self.envs.push((key.into(), value.into()));
        self
    }

    fn command(&self, args: &[&str]) -> assert_cmd::Command {
        let mut command = self.home.outreach();
        command.arg("--base-url").arg(&self.base_url).args(args);
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
        self.run_command(self.command(args)).await
    }

    /// Runs with extra environment variables for this run only.
    pub async fn run_env(&self, args: &[&str], envs: &[(&str, &str)]) -> Run {
        let mut command = self.command(args);
        for (key, value) in envs {
            command.env(key, value);
        }
        self.run_command(command).await
    }

    pub async fn run_with_stdin(&self, args: &[&str], stdin: impl Into<Vec<u8>>) -> Run {
        let mut command = self.command(args);
        command.write_stdin(stdin.into());
        self.run_command(command).await
    }

    async fn run_command(&self, mut command: assert_cmd::Command) -> Run {
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

/// A loopback address nothing listens on.
pub fn dead_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    format!("http://127.0.0.1:{port}")
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
