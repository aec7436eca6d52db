//! The real binary in a pseudo-terminal, its screen read with vt100.

use portable_pty::{Child, CommandBuilder, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

pub struct Terminal {
    parser: vt100::Parser,
    output: Receiver<Vec<u8>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    /// Every byte the program wrote, to search for what must never appear.
    pub transcript: Vec<u8>,
}

impl Terminal {
    /// Starts `outreach ARGS` in an 80×24 terminal with `home`'s directories and `env`.
    pub fn spawn(home: &super::Isolated, args: &[&str], env: &[(&str, &str)]) -> Terminal {
        let pair = native_pty_system()
            .openpty(PtySize { rows: 24, cols: 80, pixel_width: 0, pixel_height: 0 })
            .unwrap();
        let mut command = CommandBuilder::new(assert_cmd::cargo::cargo_bin!("outreach"));
        command.args(args);
        command.env("XDG_CONFIG_HOME", home.config_home.path());
        command.env("XDG_STATE_HOME", home.state_home.path());
        command.env("OUTREACH_LOG", "trace");
        for name in ["OUTREACH_API_KEY", "OUTREACH_PROFILE", "OUTREACH_BASE_URL"] {
            command.env_remove(name);
        }
        for (name, value) in env {
            command.env(name, value);
        }
        let child = pair.slave.spawn_command(command).unwrap();
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let (sender, output) = channel();
        std::thread::spawn(move || {
            let _master = pair.master;
            let mut buffer = [0u8; 4096];
            while let Ok(read) = reader.read(&mut buffer) {
                if read == 0 || sender.send(buffer[..read].to_vec()).is_err() {
                    break;
                }
            }
        });
        Terminal { parser: vt100::Parser::default(), output, writer, child, transcript: Vec::new() }
    }

    /// The screen as text.
    pub fn screen(&self) -> String {
        self.parser.screen().contents()
    }

    /// Waits until the screen shows `text`, at most `within`; panics with the screen if not.
    pub fn wait_for(&mut self, text: &str, within: Duration) -> String {
        let deadline = Instant::now() + within;
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => {
                    self.parser.process(&bytes);
                    self.transcript.extend_from_slice(&bytes);
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                    panic!("the screen never showed {text:?}; it shows:\n{screen}")
                }
            }
        }
    }

    pub fn type_text(&mut self, text: &str) {
        self.writer.write_all(text.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Waits for the program to end, reading what it still writes; its exit code.
    pub fn exit_code(&mut self, within: Duration) -> u32 {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(200)) {
                    self.parser.process(&bytes);
                    self.transcript.extend_from_slice(&bytes);
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
                self.parser.process(&bytes);
                self.transcript.extend_from_slice(&bytes);
            }
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}
