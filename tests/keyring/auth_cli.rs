//! `outreach auth …` as a user meets it, on the real binary with its own config and log
//! directories: refusals that need no server, broken config files, missing keys.

use crate::common;

use common::cli::outputs;
use common::home::Isolated;
use common::keyring::unique_profile;

const KEY: &str = "sk-cli-4f1d2c3b5a697887";

#[test]
fn status_without_anything_says_what_is_missing_and_fails() {
    let home = Isolated::new();
    let output = home.outreach().args(["auth", "status"]).output().unwrap();
    let (stdout, stderr) = outputs(&output);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("Profile   default"), "{stdout}");
    assert!(stdout.contains("Base URL  none") && stdout.contains("Key       none"), "{stdout}");
    assert!(stderr.contains("outreach auth login --base-url URL"), "{stderr}");
    assert!(stderr.contains("OUTREACH_API_KEY"), "{stderr}");
}

#[test]
fn plain_http_to_another_machine_is_refused_before_the_key_is_read() {
    let home = Isolated::new();
    let output = home
        .outreach()
        .args(["auth", "login", "--key-stdin", "--base-url", "http://api.example.com"])
        .write_stdin(KEY)
        .output()
        .unwrap();
    let (stdout, stderr) = outputs(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr.contains("plain http") && stderr.contains("--allow-http"), "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert_eq!(home.config_text(), None, "nothing may be saved");
}

#[test]
fn a_script_must_pipe_the_key_and_name_a_base_url() {
    let home = Isolated::new();
    let output =
        home.outreach().args(["auth", "login", "--key-stdin"]).write_stdin(KEY).output().unwrap();
    let (_, stderr) = outputs(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr.contains("No base URL for profile 'default': pass --base-url URL"), "{stderr}");

    // Without --key-stdin and without a terminal, nothing can be asked.
    let output = home
        .outreach()
        .args(["auth", "login", "--base-url", "https://api.example.com"])
        .write_stdin(KEY)
        .output()
        .unwrap();
    let (_, stderr) = outputs(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr.contains("Pipe it in with --key-stdin"), "{stderr}");

    let output = home
        .outreach()
        .args(["auth", "login", "--key-stdin", "--base-url", "https://127.0.0.1:9"])
        .write_stdin("  \n")
        .output()
        .unwrap();
    assert!(outputs(&output).1.contains("The API key is empty"));
}

#[test]
fn a_broken_config_file_is_named_with_its_line() {
    let home = Isolated::new();
    home.write_config("default_profile = \"acme\"\n[profiles.acme]\nread_only = \"yes\"\n");
    for args in [&["auth", "status"][..], &["auth", "login", "--key-stdin"][..]] {
        let output = home.outreach().args(args).write_stdin(KEY).output().unwrap();
        let (_, stderr) = outputs(&output);
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let expected = format!("{}, line 3, column 13, is broken", home.config_path().display());
        assert!(stderr.contains(&expected), "{args:?}: {stderr}");
        assert!(stderr.contains("expected a boolean"), "{stderr}");
    }
}

#[test]
fn unknown_config_keys_warn_and_the_environment_key_is_used() {
    let home = Isolated::new();
    home.write_config(
        "colour = \"blue\"\n[profiles.default]\nbase_url = \"https://127.0.0.1:9\"\n",
    );
    let output =
        home.outreach().args(["auth", "status"]).env("OUTREACH_API_KEY", KEY).output().unwrap();
    let (stdout, stderr) = outputs(&output);
    assert!(stderr.contains("config.toml:1: unknown key `colour` ignored"), "{stderr}");
    assert!(
        stdout.contains("Key       sk-c… from the OUTREACH_API_KEY environment variable"),
        "{stdout}"
    );
    assert!(stdout.contains("API       cannot be reached"), "{stdout}");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn logging_out_a_profile_with_no_key_is_harmless() {
    let home = Isolated::new();
    let profile = unique_profile("logout");
    let output = home.outreach().args(["--profile", &profile, "auth", "logout"]).output().unwrap();
    let (stdout, stderr) = outputs(&output);
    assert_eq!(output.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains(&format!("No key of profile '{profile}' was stored")), "{stdout}");
}

#[test]
fn profile_names_that_cannot_be_keyring_users_are_refused() {
    let home = Isolated::new();
    let output = home.outreach().args(["--profile", "a b", "auth", "status"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(outputs(&output).1.contains("'a b' is not a usable profile name"));
}
