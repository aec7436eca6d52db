//! Running one hook command: `sh -c` in a process group of its own, the event on stdin, its
//! stdout thrown away (it would mix with watch's own lines), its stderr kept (bounded), and
//! the whole group killed when it runs past the timeout. Blocking: the caller's thread
//! waits for the hook.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The most of a hook's stderr kept for the log and the note.
pub const MAX_STDERR: usize = 4096;

/// How long to wait for the rest of stderr once the hook is gone: a process it left behind
/// may hold the pipe open for ever.
const STDERR_GRACE: Duration = Duration::from_millis(200);

/// How a run ended.
#[derive(Debug)]
pub struct Ended {
    /// `None`: it could not be waited for (it was killed by a signal, or waiting failed).
    pub status: Option<ExitStatus>,
    pub timed_out: bool,
    pub stderr: Vec<u8>,
    pub elapsed: Duration,
}

/// Runs `command` with `sh -c` in the environment given, `stdin` written to it. `Err` when
/// it could not be started.
pub fn run(
    command: &str,
    environment: &[(OsString, OsString)],
    stdin: &[u8],
    timeout: Duration,
) -> std::io::Result<Ended> {
    let started = Instant::now();
    let mut shell = Command::new("sh");
    shell.arg("-c").arg(command).env_clear();
    shell.envs(environment.iter().map(|(name, value)| (name, value)));
    shell.stdin(Stdio::piped()).stdout(Stdio::null()).stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // Its own group, so a timeout kills what the shell started too.
        shell.process_group(0);
    }
    let mut child = shell.spawn()?;
    let stderr = collect_stderr(&mut child);
    if let Some(mut input) = child.stdin.take() {
        // A hook that does not read its stdin closes the pipe: not a failure of the hook.
        let _ = input.write_all(stdin);
    }
    let pid = child.id();
    let (done, waited) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait());
    });
    let (status, timed_out) = match waited.recv_timeout(timeout) {
        Ok(status) => (status.ok(), false),
        Err(_) => {
            kill_group(pid);
            (waited.recv().ok().and_then(Result::ok), true)
        }
    };
    let elapsed = started.elapsed();
    let stderr = stderr.recv_timeout(STDERR_GRACE).ok().map_or_else(Vec::new, |bytes| {
        Arc::try_unwrap(bytes)
            .map(|m| m.into_inner().unwrap_or_else(PoisonError::into_inner))
            .unwrap_or_else(|shared| shared.lock().unwrap_or_else(PoisonError::into_inner).clone())
    });
    Ok(Ended { status, timed_out, stderr, elapsed })
}

/// Reads the child's stderr on a thread of its own, the first [`MAX_STDERR`] bytes kept;
/// the channel yields them when the pipe closes.
fn collect_stderr(child: &mut Child) -> mpsc::Receiver<Arc<Mutex<Vec<u8>>>> {
    let (done, finished) = mpsc::channel();
    let Some(mut pipe) = child.stderr.take() else {
        let _ = done.send(Arc::new(Mutex::new(Vec::new())));
        return finished;
    };
    std::thread::spawn(move || {
        let kept = Arc::new(Mutex::new(Vec::new()));
        let mut buffer = [0u8; 1024];
        while let Ok(read) = pipe.read(&mut buffer) {
            if read == 0 {
                break;
            }
            let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
            let room = MAX_STDERR.saturating_sub(kept.len());
            kept.extend_from_slice(&buffer[..read.min(room)]);
        }
        let _ = done.send(kept);
    });
    finished
}

/// SIGKILL to the hook's whole process group (the shell and what it started). The group
/// still exists: its leader is not reaped until the waiting thread sees it die.
#[cfg(unix)]
fn kill_group(pid: u32) {
    if let Ok(group) = libc::pid_t::try_from(pid) {
        // SAFETY: killpg only sends a signal; the group is the child's own (process_group(0)).
        unsafe {
            libc::killpg(group, libc::SIGKILL);
        }
    }
}

#[cfg(not(unix))]
fn kill_group(_pid: u32) {}
