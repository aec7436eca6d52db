//! Standard input, line by line, on a thread of its own: the loop takes each line as it
//! comes, and learns that input ended when the channel closes.

use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

/// The lines typed, as they come (without their line ends).
pub fn lines() -> UnboundedReceiver<String> {
    let (tx, rx) = unbounded_channel();
    let spawned = std::thread::Builder::new().name("line-input".into()).spawn(move || {
        for line in std::io::stdin().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    if let Err(error) = spawned {
        tracing::warn!(%error, "standard input could not be read");
    }
    rx
}
