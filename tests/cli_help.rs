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
