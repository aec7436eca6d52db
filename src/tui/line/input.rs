//! Standard input, line by line, on a thread of its own: the loop takes each line as it
//! comes, and learns that input ended when the channel closes. The thread reads the next
//! line only once the one before was dealt with ([`Next::read`]): an editor started for a
//! line then has the terminal's input to itself.

use std::sync::mpsc::{Sender, channel};
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

/// Lets the input thread read the next line.
pub struct Next(Sender<()>);

impl Next {
    /// The line before is dealt with: read the next.
    pub fn read(&self) {
        let _ = self.0.send(());
    }
}

/// The lines typed, one at a time (without their line ends), and how to ask for the next.
pub fn lines() -> (UnboundedReceiver<String>, Next) {
    let (tx, rx) = unbounded_channel();
    let (next, asked) = channel::<()>();
    let spawned = std::thread::Builder::new().name("line-input".into()).spawn(move || {
        let mut lines = std::io::stdin().lines();
        while asked.recv().is_ok() {
            let Some(Ok(line)) = lines.next() else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    if let Err(error) = spawned {
        tracing::warn!(%error, "standard input could not be read");
    }
    let next = Next(next);
    next.read();
    (rx, next)
}
