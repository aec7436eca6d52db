//! `--help` shows examples for every command and the exit codes; completions cover them.

use std::process::Output;

fn outreach(args: &[&str]) -> Output {
    assert_cmd::cargo::cargo_bin_cmd!("outreach")
        .args(args)
        .env_remove("OUTREACH_API_KEY")
        .output()
        .unwrap()
}

const COMMANDS: &[&[&str]] = &[
    &["status"],
    &["brief"],
    &["campaigns", "list"],
    &["campaigns", "start"],
    &["bots", "list"],
    &["contacts", "list"],
    &["contacts", "add"],
    &["contacts", "upload"],
    &["contacts", "import"],
    &["exchanges", "list"],
    &["exchanges", "show"],
    &["meetings", "list"],
    &["dnc", "add-emails"],
    &["dnc", "add-domains"],
    &["conversions", "log"],
    &["completions"],
    &["team", "init"],
    &["team", "status"],
    &["replies", "assign"],
    &["replies", "history"],
];

#[test]
fn every_command_has_examples_in_its_help() {
    for command in COMMANDS {
        let mut args = command.to_vec();
        args.push("--help");
        let output = outreach(&args);
        assert!(output.status.success(), "{args:?}");
        let help = String::from_utf8(output.stdout).unwrap();
        let example = format!("outreach {}", command.join(" "));
        assert!(help.contains("Examples:") && help.contains(&example), "{args:?}:\n{help}");
    }
}

#[test]
fn top_level_help_documents_the_exit_codes() {
    let help = String::from_utf8(outreach(&["--help"]).stdout).unwrap();
    for line in [
        "0  success",
        "1  failure",
        "2  usage",
        "3  authentication",
        "4  permission",
        "5  not found",
    ] {
        assert!(help.contains(line), "{line}:\n{help}");
    }
}

#[test]
fn help_shows_the_log_file_and_debug_turns_on_a_debug_log() {
    let state = tempfile::tempdir().unwrap();
    let help = |args: &[&str]| {
        let output = assert_cmd::cargo::cargo_bin_cmd!("outreach")
            .args(args)
            .env("XDG_STATE_HOME", state.path())
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    let top = help(&["--help"]);
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let path = state.path().join("outreach").join(format!("outreach.{today}.log"));
    assert!(top.contains(&format!("Log file: {}", path.display())), "{top}");
    assert!(top.contains("--debug") && top.contains("-v, --debug"), "{top}");
    // --debug (and -v, anywhere on the line) write this run's requests to that file.
    let run = |args: &[&str]| {
        assert_cmd::cargo::cargo_bin_cmd!("outreach")
            .args(["--base-url", "http://127.0.0.1:9"])
            .args(args)
            .env("XDG_STATE_HOME", state.path())
            .env("XDG_CONFIG_HOME", state.path())
            .env("OUTREACH_API_KEY", "test-key")
            .env_remove("OUTREACH_LOG")
            .output()
            .unwrap();
        std::fs::read_to_string(&path).unwrap_or_default()
    };
    let quiet = run(&["campaigns", "list"]);
    assert!(!quiet.contains("api request"), "{quiet}");
    let debug = run(&["--debug", "campaigns", "list"]);
    assert!(debug.contains("DEBUG") && debug.contains("api request"), "{debug}");
    let before = debug.matches("api request").count();
    let verbose = run(&["bots", "list", "-v"]);
    assert!(verbose.matches("api request").count() > before, "{verbose}");
    assert!(!verbose.contains("test-key"), "the key is never logged");
}

#[test]
fn completions_cover_the_commands_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let output = outreach(&["completions", shell]);
        assert!(output.status.success(), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        for word in ["campaigns", "import", "add-domains", "output"] {
            assert!(script.contains(word), "{shell} completion lacks {word}");
        }
    }
    assert_eq!(outreach(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn version_is_answered_as_clap_would_and_only_when_asked_alone() {
    let clap_says = outreach_tui::cli::command().render_version();
    for flag in ["--version", "-V"] {
        let out = outreach(&[flag]);
        assert!(out.status.success(), "{flag}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), clap_says, "{flag}");
    }
    // With anything else, clap decides: `--version` is not an option of a subcommand.
    let out = outreach(&["status", "--version"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--version"));
    let only = |args: &[&str]| outreach_tui::cli::asks_only_version(args.iter().map(Into::into));
    assert!(only(&["--version"]) && only(&["-V"]));
    assert!(!only(&[]) && !only(&["--version", "status"]) && !only(&["--versions"]));
}
