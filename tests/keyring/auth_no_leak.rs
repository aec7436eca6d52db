//! The key never appears in stdout, stderr or the log file (at trace level), whatever the
//! auth commands and the client do with it, good or refused.
#![cfg(target_os = "linux")]

use crate::common;

use common::cli::outputs;
use common::home::Isolated;
use common::keyring::unique_profile;
use common::sim::BlockingSim;

#[test]
fn no_output_and_no_log_line_contains_the_key() {
    let sim = BlockingSim::start();
    let home = Isolated::new().log_everything();
    let profile = unique_profile("leak");
    let good = sim.admin_key();
    let bad = "sk-leakcheck-made-up-0123456789";
    let mut transcript = String::new();
    let mut run = |args: &[&str], stdin: Option<&str>, env: &[(&str, &str)]| {
        let mut command = home.outreach();
        command.arg("--profile").arg(&profile).args(args);
        for (name, value) in env {
            command.env(name, value);
        }
        if let Some(text) = stdin {
            command.write_stdin(text.to_string());
        }
        let output = command.output().unwrap();
        let (stdout, stderr) = outputs(&output);
        transcript.push_str(&format!("$ {args:?}\n{stdout}{stderr}"));
    };
    let base = sim.base_url().to_string();
    run(
        &["auth", "login", "--key-stdin", "--base-url", &base, "--store", "keyutils"],
        Some(&good),
        &[],
    );
    run(&["auth", "status"], None, &[]);
    run(
        &["auth", "login", "--key-stdin", "--base-url", &base, "--store", "keyutils"],
        Some(bad),
        &[],
    );
    run(&["auth", "status"], None, &[("OUTREACH_API_KEY", bad)]);
    run(&["auth", "status"], None, &[("OUTREACH_API_KEY", &good)]);
    run(
        &["auth", "login", "--key-stdin", "--base-url", "http://api.example.com"],
        Some(&good),
        &[],
    );
    // The automatic store: the Secret Service under `.ci/with-keyring`, keyutils elsewhere.
    run(&["auth", "login", "--key-stdin", "--base-url", &base], Some(&good), &[]);
    run(&["auth", "status"], None, &[]);
    run(&["auth", "logout"], None, &[]);
    let log = home.log_text();

    // The commands did run and log: an empty transcript would prove nothing.
    assert!(transcript.contains("API       accepts the key"), "{transcript}");
    assert!(transcript.contains("refused this key"), "{transcript}");
    assert!(!log.is_empty(), "OUTREACH_LOG=trace wrote nothing");
    for key in [good.as_str(), bad] {
        assert!(!transcript.contains(key), "the key leaked into the output:\n{transcript}");
        assert!(!log.contains(key), "the key leaked into the log:\n{log}");
        // Not even most of it: a masked key shows at most four characters.
        assert!(!transcript.contains(&key[..8]), "too much of the key shown:\n{transcript}");
    }
}
