//! The user's own programs: the pager, the editor, a browser, an HTML-to-text converter.
//! Each is a shell command line (as `$PAGER` and `$EDITOR` are commonly written, with
//! arguments); the text goes on stdin or in a private temporary file, never in argv.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::{Command, ExitStatus, Stdio};

/// `$PAGER`, or `less -R` (keeps colours, and quits on `q`).
pub fn pager() -> String {
    env_command(&["PAGER"]).unwrap_or_else(|| "less -R".into())
}

/// `$VISUAL`, else `$EDITOR`, else `vi`.
pub fn editor() -> String {
    env_command(&["VISUAL", "EDITOR"]).unwrap_or_else(|| "vi".into())
}

fn env_command(names: &[&str]) -> Option<String> {
    names.iter().find_map(|name| std::env::var(name).ok().filter(|v| !v.trim().is_empty()))
}

/// Whether this process runs over SSH (a browser started here would open on the server).
pub fn over_ssh() -> bool {
    ["SSH_CONNECTION", "SSH_TTY", "SSH_CLIENT"]
        .iter()
        .any(|name| std::env::var_os(name).is_some_and(|v| !v.is_empty()))
}

fn shell(command: &str) -> Command {
    let mut shell = Command::new("sh");
    shell.arg("-c").arg(command);
    shell
}

fn failed(what: &str, command: &str, status: ExitStatus) -> io::Error {
    io::Error::other(format!("{what} `{command}` ended with {status}"))
}

/// Shows `text` in the pager on this terminal and waits until the user leaves it.
pub fn page(command: &str, text: &str) -> io::Result<()> {
    let mut child = shell(command).stdin(Stdio::piped()).spawn()?;
    if let Some(mut stdin) = child.stdin.take() {
        // A pager quit before reading everything closes the pipe: not a failure.
        match stdin.write_all(text.as_bytes()) {
            Err(error) if error.kind() != io::ErrorKind::BrokenPipe => return Err(error),
            _ => {}
        }
    }
    let status = child.wait()?;
    if status.success() { Ok(()) } else { Err(failed("The pager", command, status)) }
}

/// Opens `text` in the editor and returns it as saved. The editor failing, or the file
/// being unreadable, is an error: the caller keeps the text it had.
pub fn edit(command: &str, text: &str) -> io::Result<String> {
    let path = private_temp_file(text)?;
    // The file's path is the editor's first argument: `$EDITOR "$1"`, whatever the command.
    let result =
        shell(&format!("{command} \"$1\"")).arg("outreach-edit").arg(&path).status().and_then(
            |status| {
                if status.success() {
                    std::fs::read_to_string(&path)
                } else {
                    Err(failed("The editor", command, status))
                }
            },
        );
    let _ = std::fs::remove_file(&path);
    // Editors end the file with a newline the field never had.
    result.map(|edited| edited.strip_suffix('\n').unwrap_or(&edited).to_string())
}

/// A new file only this user can read, holding `text`.
fn private_temp_file(text: &str) -> io::Result<PathBuf> {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    let path = std::env::temp_dir().join(format!("outreach-{}-{stamp}.txt", std::process::id()));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(&path)?.write_all(text.as_bytes())?;
    Ok(path)
}

/// How soon a browser command must fail for it to count as "no browser": a browser that
/// opened a window may run (and end, however it likes) long after.
const QUICK_FAILURE: std::time::Duration = std::time::Duration::from_secs(5);

/// Starts the local browser on `url` (checked by [`super::links::safe_url`]): `$BROWSER`,
/// else `xdg-open` (or `open` on macOS). Does not wait for it; `failed` hears why when it
/// cannot be started or ends in failure at once (no such program, no browser configured).
pub fn open_url(url: &str, failed: impl FnOnce(String) + Send + 'static) {
    let command = match env_command(&["BROWSER"]) {
        // $BROWSER may list several, separated by ':'; the first is used.
        Some(browser) => {
            let first = browser.split(':').next().unwrap_or_default().to_string();
            let mut command = shell(&format!("{first} \"$1\""));
            command.arg("outreach-open").arg(url);
            command
        }
        None => {
            let mut command =
                Command::new(if cfg!(target_os = "macos") { "open" } else { "xdg-open" });
            command.arg(url);
            command
        }
    };
    start_browser(command, failed);
}

/// Starts `command` and reaps it when it ends, so it never lingers as a zombie; a start that
/// fails, or an end in failure within [`QUICK_FAILURE`], goes to `failed`.
fn start_browser(mut command: Command, failed: impl FnOnce(String) + Send + 'static) {
    let started = std::time::Instant::now();
    match command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null()).spawn() {
        Err(error) => failed(error.to_string()),
        Ok(mut child) => {
            std::thread::spawn(move || match child.wait() {
                Ok(status) if !status.success() && started.elapsed() < QUICK_FAILURE => {
                    failed(format!("it ended with {status}"))
                }
                Err(error) => failed(error.to_string()),
                Ok(_) => {}
            });
        }
    }
}

/// The most text a converter's output may give.
const MAX_CONVERTED: u64 = 4 << 20;

/// Runs the HTML converter (`[viewer] html`) on `html` and returns its text.
pub fn convert_html(command: &str, html: &str) -> io::Result<String> {
    let mut child = shell(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let mut stdin = child.stdin.take();
    let html = html.to_string();
    let feeder = std::thread::spawn(move || {
        if let Some(stdin) = stdin.as_mut() {
            let _ = stdin.write_all(html.as_bytes());
        }
    });
    let mut out = String::new();
    if let Some(stdout) = child.stdout.take() {
        stdout.take(MAX_CONVERTED).read_to_string(&mut out)?;
    }
    let _ = feeder.join();
    let status = child.wait()?;
    if status.success() { Ok(out) } else { Err(failed("The HTML converter", command, status)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_browser_that_cannot_start_or_fails_at_once_is_reported() {
        let (tx, rx) = std::sync::mpsc::channel();
        let report = move |reason: String| tx.send(reason).unwrap();
        start_browser(Command::new("/nonexistent/browser"), report.clone());
        start_browser(shell("exit 3"), report);
        let mut reasons = [rx.recv().unwrap(), rx.recv().unwrap()];
        reasons.sort();
        assert!(reasons.iter().any(|r| r.contains("exit status: 3")), "{reasons:?}");
        assert!(reasons.iter().any(|r| r.contains("No such file")), "{reasons:?}");
    }

    #[test]
    fn the_editor_gets_a_file_and_its_text_comes_back() {
        let edited = edit("sed -i 's/old/new/'", "an old line").unwrap();
        assert_eq!(edited, "an new line");
    }

    #[test]
    fn a_failing_editor_is_an_error_not_an_empty_text() {
        let error = edit("false", "keep me").unwrap_err();
        assert!(error.to_string().contains("The editor `false` ended with"), "{error}");
    }

    #[test]
    fn the_converter_reads_stdin_and_writes_text() {
        assert_eq!(convert_html("tr a-z A-Z", "<p>hi</p>").unwrap(), "<P>HI</P>");
    }
}
