//! `outreach sim` as a user runs it: the real binary prints its URL, every
//! organisation's keys and a curl line that works; bad options get a clear message.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Kills the simulator even when an assertion fails.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn outreach() -> Command {
    Command::new(env!("CARGO_BIN_EXE_outreach"))
}

#[test]
fn prints_url_keys_and_a_working_curl_line() {
    let child = outreach()
        .args(["sim", "--addr", "127.0.0.1:0", "--seed", "9", "--anchor", "2025-03-14T15:00:00Z"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut running = Running(child);
    let stdout = running.0.stdout.take().unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut lines = Vec::new();
    for line in BufReader::new(stdout).lines() {
        let line = line.unwrap();
        let done = line.contains("Ctrl-C");
        lines.push(line);
        if done || Instant::now() > deadline {
            break;
        }
    }
    let banner = lines.join("\n");
    assert!(banner.contains("seed 9"), "{banner}");
    for org in ["Northwind", "Globex", "Initech", "Vandelay"] {
        let row =
            lines.iter().find(|l| l.starts_with(org)).unwrap_or_else(|| panic!("{org}: {banner}"));
        assert_eq!(row.split_whitespace().count(), 3, "name, admin key, read-only key: {row}");
    }
    let curl = lines.iter().find(|l| l.trim_start().starts_with("curl ")).expect("a curl line");
    let key = curl.split("X-API-Key: ").nth(1).unwrap().split('\'').next().unwrap();
    let url = curl.split_whitespace().last().unwrap();
    assert!(url.starts_with("http://127.0.0.1:") && url.ends_with("/api/v1/campaigns"), "{url}");
    // What the curl line does, done over plain HTTP with std only.
    let authority = url.trim_start_matches("http://").split('/').next().unwrap();
    let mut stream = std::net::TcpStream::connect(authority).unwrap();
    use std::io::{Read, Write};
    write!(stream, "GET /api/v1/campaigns HTTP/1.1\r\nHost: {authority}\r\nX-API-Key: {key}\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"status\":\"PENDING\""), "{answer}");
}

#[test]
fn live_says_so_and_names_the_route_that_brings_a_reply_at_once() {
    let child = outreach()
        .args(["sim", "--addr", "127.0.0.1:0", "--live"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut running = Running(child);
    let stdout = running.0.stdout.take().unwrap();
    let mut banner = String::new();
    for line in BufReader::new(stdout).lines() {
        let line = line.unwrap();
        banner.push_str(&line);
        banner.push('\n');
        if line.contains("Ctrl-C") {
            break;
        }
    }
    assert!(banner.contains("(seed 1, scale 1, a reply every 30-90 s)"), "{banner}");
    assert!(banner.contains("/_sim/replies (POST: a reply arrives now)"), "{banner}");
}

#[test]
fn bad_options_say_what_is_wrong() {
    let output = outreach()
        .args(["sim", "--addr", "127.0.0.1:0", "--faults", "explode@/api"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("fault rule 'explode@/api': unknown kind"), "{stderr}");
    let help = outreach().args(["sim", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("Fault SPEC") && help.contains("503-date"), "{help}");
    let scale = outreach().args(["sim", "--scale", "0"]).output().unwrap();
    assert_eq!(scale.status.code(), Some(2));
}
