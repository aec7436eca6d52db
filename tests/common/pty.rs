//! The real `outreach` binary in a pseudo-terminal of a chosen size, its screen read with
//! vt100 and every byte it wrote kept; every wait has a deadline and reports the screen
//! when it runs out.

use super::home::{Isolated, SCRUBBED};
use portable_pty::{Child, CommandBuilder, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long a wait for the screen lasts before the test fails.
const WAIT: Duration = Duration::from_secs(20);

pub struct Pty {
    pub parser: vt100::Parser,
    output: Receiver<Vec<u8>>,
    /// `None` once the terminal was closed ([`Pty::close_master`]).
    writer: Option<Box<dyn Write + Send>>,
    child: Box<dyn Child + Send + Sync>,
    /// Every byte the program wrote, to search for what must never appear.
    pub transcript: Vec<u8>,
    /// The home of a run started without one; kept until the program has ended.
    _home: Option<Isolated>,
    /// Tells the reading thread to end and close the master.
    closing: Arc<AtomicBool>,
    reading: Option<std::thread::JoinHandle<()>>,
}

/// Whether `fd` has something to read within `within`.
fn readable(fd: std::os::fd::RawFd, within: Duration) -> bool {
    let mut poll = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
    let millis = libc::c_int::try_from(within.as_millis()).unwrap_or(libc::c_int::MAX);
    // SAFETY: one valid pollfd, for the duration of the call.
    unsafe { libc::poll(&mut poll, 1, millis) > 0 }
}

impl Pty {
    /// Starts `outreach ARGS` in a `cols`×`rows` terminal with a throw-away home.
    pub fn spawn(args: &[&str], cols: u16, rows: u16, env: &[(&str, &str)]) -> Pty {
        let home = Isolated::new();
        let mut pty = Pty::spawn_in(&home, args, cols, rows, env);
        pty._home = Some(home);
        pty
    }

    /// Starts `outreach ARGS` in a `cols`×`rows` terminal in `home`, with `env` added.
    pub fn spawn_in(
        home: &Isolated,
        args: &[&str],
        cols: u16,
        rows: u16,
        env: &[(&str, &str)],
    ) -> Pty {
        Pty::spawn_program(home, env!("CARGO_BIN_EXE_outreach"), args, cols, rows, env)
    }

    /// Runs `script` with `sh -c` in a terminal in `home`, `$OUTREACH` naming the binary:
    /// to see what the terminal is like for the next command after the dashboard ends.
    pub fn spawn_script(home: &Isolated, script: &str, env: &[(&str, &str)]) -> Pty {
        let mut env = env.to_vec();
        env.push(("OUTREACH", env!("CARGO_BIN_EXE_outreach")));
        Pty::spawn_program(home, "sh", &["-c", script], 100, 30, &env)
    }

    fn spawn_program(
        home: &Isolated,
        program: &str,
        args: &[&str],
        cols: u16,
        rows: u16,
        env: &[(&str, &str)],
    ) -> Pty {
        let pair = native_pty_system()
            .openpty(PtySize { rows, cols, pixel_width: 0, pixel_height: 0 })
            .unwrap();
        let mut command = CommandBuilder::new(program);
        command.args(args);
        command.cwd(home.path());
        for name in SCRUBBED {
            command.env_remove(name);
        }
        for (name, value) in home.env() {
            command.env(name, value);
        }
        command.env("TERM", "xterm-256color");
        for (name, value) in env {
            command.env(name, value);
        }
        let child = pair.slave.spawn_command(command).unwrap();
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let (sender, output) = channel();
        let closing = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&closing);
        let master_fd = pair.master.as_raw_fd().expect("a pty master has a descriptor");
        let reading = std::thread::spawn(move || {
            let _master = pair.master;
            let mut buffer = [0u8; 8192];
            // Reads only when there is something, so a hang-up can end the thread (and with
            // it the master's last descriptors) without waiting for the program to write.
            while !stop.load(Ordering::SeqCst) {
                if !readable(master_fd, Duration::from_millis(50)) {
                    continue;
                }
                match reader.read(&mut buffer) {
                    Ok(read) if read > 0 && sender.send(buffer[..read].to_vec()).is_ok() => {}
                    _ => break,
                }
            }
        });
        let size = |n: u16| std::num::NonZeroU16::new(n).expect("a terminal has at least one cell");
        let parser = vt100::Parser::new(size(rows), size(cols), 0);
        Pty {
            parser,
            output,
            writer: Some(writer),
            child,
            transcript: Vec::new(),
            _home: None,
            closing,
            reading: Some(reading),
        }
    }

    /// Closes the terminal as an SSH drop or `tmux kill-server` does: every descriptor of
    /// the master is closed, so the kernel hangs up the program's terminal (SIGHUP, and EIO
    /// on its reads and writes). The screen is not read any more.
    pub fn close_master(&mut self) {
        self.writer = None;
        self.closing.store(true, Ordering::SeqCst);
        if let Some(reading) = self.reading.take() {
            reading.join().unwrap();
        }
    }

    pub fn screen(&self) -> String {
        self.parser.screen().contents()
    }

    fn take(&mut self, bytes: &[u8]) {
        self.parser.process(bytes);
        self.transcript.extend_from_slice(bytes);
    }

    /// Waits until `ready(screen)` holds; panics with the screen after `within`.
    pub fn wait_until(
        &mut self,
        what: &str,
        within: Duration,
        ready: impl Fn(&str) -> bool,
    ) -> String {
        self.try_wait_until(within, ready)
            .unwrap_or_else(|screen| panic!("the screen never showed {what}; it shows:\n{screen}"))
    }

    /// Waits until `ready(screen)` holds: the screen then, or `Err` with the screen after
    /// `within` (or once the program ended).
    pub fn try_wait_until(
        &mut self,
        within: Duration,
        ready: impl Fn(&str) -> bool,
    ) -> Result<String, String> {
        let deadline = Instant::now() + within;
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return Ok(screen);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.take(&bytes),
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                    return Err(screen);
                }
            }
        }
    }

    /// Waits until the program has written `needle` somewhere after byte `from` of the
    /// transcript (the end of a frame, a control sequence the screen does not show).
    pub fn wait_for_bytes(&mut self, from: usize, needle: &[u8]) {
        let deadline = Instant::now() + WAIT;
        while !self
            .transcript
            .get(from..)
            .unwrap_or_default()
            .windows(needle.len())
            .any(|w| w == needle)
        {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.take(&bytes),
                Err(_) => {
                    panic!("the program never wrote {needle:?}; the screen:\n{}", self.screen())
                }
            }
        }
    }

    /// Waits until the screen shows `text`.
    pub fn wait_for(&mut self, text: &str) -> String {
        self.wait_until(&format!("{text:?}"), WAIT, |screen| screen.contains(text))
    }

    /// Types `keys` as a user would.
    pub fn send(&mut self, keys: &str) {
        let writer = self.writer.as_mut().expect("the terminal is open");
        writer.write_all(keys.as_bytes()).unwrap();
        writer.flush().unwrap();
    }

    pub fn process_id(&self) -> Option<u32> {
        self.child.process_id()
    }

    /// Waits for the program to end, reading what it still writes; its exit code.
    pub fn exit_code(&mut self, within: Duration) -> u32 {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(200)) {
                    self.take(&bytes);
                }
                return status.exit_code();
            }
            assert!(
                Instant::now() < deadline,
                "the program did not end; screen:\n{}",
                self.screen()
            );
            // Output is the only thing to wait on; a quiet program is polled again shortly.
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(50)) {
                self.take(&bytes);
            }
        }
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}
