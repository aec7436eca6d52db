//! The line mode (`--accessible`, `ACCESSIBLE=1`, `[ui] accessible`, `TERM=dumb`) driven as a
//! screen reader's user drives it: lines on standard input, lines read back. Each line
//! waits until what the one before it asked is printed, so a whole script is given at once.

use crate::common;

use common::home::Isolated;
use std::time::Duration;

/// The demo in the line mode, given `script`; its standard output.
fn line_mode(home: &Isolated, args: &[&str], envs: &[(&str, &str)], script: &str) -> String {
    let mut command = home.outreach();
    command.args(args).env("TERM", "xterm-256color").timeout(Duration::from_secs(90));
    for (key, value) in envs {
        command.env(key, value);
    }
    let output = command.write_stdin(script.to_string()).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "exit {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        output.status
    );
    stdout
}

/// Nothing a screen reader would read as noise: no escape sequence (alternate screen,
/// colours, cursor moves), no box drawing, no spinner frame.
#[track_caller]
fn plain(stdout: &str) {
    assert!(!stdout.contains('\u{1b}'), "an escape sequence:\n{stdout}");
    for drawn in ['─', '│', '┌', '└', '⠋', '⠙', '▸', '\r'] {
        assert!(!stdout.contains(drawn), "{drawn:?} drawn:\n{stdout}");
    }
}

#[test]
fn the_inbox_is_listed_read_handled_and_a_write_asked_and_confirmed() {
    let home = Isolated::new();
    let script = "inbox\nopen 1\nback\nhandle 2\ndnc 3\nsend\nyes\nfrobnicate 4\nquit\n";
    let out = line_mode(&home, &["--accessible", "--demo"], &[], script);
    plain(&out);
    assert!(out.starts_with("outreach, line mode."), "{out}");
    let rows: Vec<&str> = out.lines().filter(|line| line.starts_with("2. ")).collect();
    assert!(out.contains("\nExchanges: ") && !rows.is_empty(), "numbered rows:\n{out}");
    assert!(
        rows[0].contains(" — Interested — ") || rows[0].split(" — ").count() >= 4,
        "a row says who, category, age, in words: {}",
        rows[0]
    );
    assert!(
        out.contains("\nMessage 1/"),
        "the opened reply's chain, messages said in words:\n{out}"
    );
    assert!(out.contains("reply marked handled"), "the handle announced:\n{out}");
    assert!(out.contains("(undo undoes)"), "what to do next is named by its word:\n{out}");
    assert!(out.contains("quoted lines (quotes shows them)"), "the fold's word:\n{out}");
    let asked = out.find("Add 1 address to do-not-contact").expect("the write is asked first");
    let sent = out.find("Do not contact: 1 address sent").expect("and sent on yes");
    assert!(asked < sent && out[asked..sent].contains("yes or no?"), "{out}");
    assert!(
        out.contains("No word 'frobnicate'. Type help for the words"),
        "an unknown word says what to do:\n{out}"
    );
}

#[test]
fn a_no_sends_nothing_and_help_lists_the_words() {
    let home = Isolated::new();
    let out = line_mode(
        &home,
        &["--demo"],
        &[("ACCESSIBLE", "1")],
        "campaigns\nstart 1\nno\noverview\nhelp\n",
    );
    plain(&out);
    assert!(out.contains("\nCampaigns: "), "{out}");
    assert!(out.contains("Start '"), "the start is asked, naming the campaign:\n{out}");
    assert!(!out.contains("Sending…"), "no is no:\n{out}");
    assert!(out.contains("\nMeetings: ") && out.contains(" healthy, "), "the Overview:\n{out}");
    for word in ["inbox — ", "open N — ", "handle [N] — ", "snooze N [WHEN] — ", "quit — "]
    {
        assert!(out.contains(&format!("\n{word}")), "help lists {word:?}:\n{out}");
    }
}

#[test]
fn term_dumb_and_the_config_choose_the_line_mode() {
    let home = Isolated::new();
    let mut command = home.outreach();
    command.arg("--demo").env("TERM", "dumb").timeout(Duration::from_secs(90));
    let output = command.write_stdin("quit\n").output().unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success() && out.starts_with("outreach, line mode."), "{out}");
    plain(&out);

    home.write_config("[ui]\naccessible = true\n");
    let out = line_mode(&home, &["--demo"], &[], "quit\n");
    assert!(out.starts_with("outreach, line mode."), "{out}");
}

#[test]
fn a_slow_list_says_it_is_being_read_at_most_every_few_seconds() {
    let home = Isolated::new();
    let started = std::time::Instant::now();
    let args = ["--accessible", "--demo", "--faults", "latency:4000"];
    let out = line_mode(&home, &args, &[], "inbox\nquit\n");
    let seconds = started.elapsed().as_secs();
    plain(&out);
    let progress = out.lines().filter(|line| line.contains("eading ")).count();
    assert!(out.contains("\nReading ") && out.contains("\nStill reading "), "{out}");
    assert!(progress as u64 <= seconds / 3 + 1, "{progress} lines in {seconds} s:\n{out}");
    assert!(out.contains("\nExchanges: "), "and then the rows:\n{out}");
}

/// The filter, the detail and a form's field in the editor, driven by words: the filter is
/// typed and kept as the dashboard's is, a detail says each value by its label, and `edit
/// N` hands field N to `$VISUAL` and takes back what it saved.
#[test]
fn the_filter_a_detail_and_the_editor_are_driven_by_words() {
    let home = Isolated::new();
    let script =
        "contacts\nfilter zzzz-nobody\nfilter\nopen 1\nback\ndnc 1\nedit 1\nsend\nno\nquit\n";
    let editor = [("VISUAL", "sed -i s/.*/zed@acme.tech/"), ("EDITOR", "false")];
    let out = line_mode(&home, &["--accessible", "--demo"], &editor, script);
    plain(&out);
    assert!(out.contains("\nContacts: 0 rows matching 'zzzz-nobody'."), "filtered:\n{out}");
    assert!(out.contains("\nContacts: ") && out.matches("\nContacts: ").count() >= 3, "{out}");
    assert!(
        out.contains("\nE-mail: ") && out.contains("\nDo not contact: "),
        "label: value:\n{out}"
    );
    assert!(!out.contains("E-mail                "), "no padding read aloud:\n{out}");
    let asked = out.find("Add 1 address to do-not-contact").expect("the write is asked");
    assert!(out[asked..].contains("zed@acme.tech"), "the editor's text was sent for:\n{out}");
}
