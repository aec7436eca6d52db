//! Running a blocking keyring call away from the async workers, with a time limit.
//!
//! A plain thread, not `spawn_blocking`: a Secret Service stuck on an unlock prompt would
//! keep a blocking-pool thread forever and the runtime would wait for it at exit. A stuck
//! plain thread is abandoned and ends with the process.

use std::time::Duration;

/// Why the call gave no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NoAnswer {
    TimedOut,
    /// The thread could not start or panicked.
    Crashed(String),
}

/// Runs `call` on its own thread and waits for it at most `limit`.
pub(crate) async fn run<T, F>(limit: Duration, call: F) -> Result<T, NoAnswer>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let (sender, receiver) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("outreach-keyring".into())
        .spawn(move || {
            // The receiver is gone when the caller timed out; the answer is then unwanted.
            let _ = sender.send(call());
        })
        .map_err(|error| NoAnswer::Crashed(format!("cannot start a thread: {error}")))?;
    match tokio::time::timeout(limit, receiver).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(_)) => Err(NoAnswer::Crashed("the keyring call panicked".into())),
        Err(_) => Err(NoAnswer::TimedOut),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn answers_pass_and_stuck_calls_time_out() {
        assert_eq!(run(Duration::from_secs(5), || 42).await, Ok(42));
        let (_keep_open, never) = std::sync::mpsc::channel::<()>();
        let stuck = run(Duration::from_millis(50), move || never.recv().is_ok()).await;
        assert_eq!(stuck, Err(NoAnswer::TimedOut));
        let crashed = run(Duration::from_secs(5), || -> u8 { panic!("store bug") }).await;
        assert!(matches!(crashed, Err(NoAnswer::Crashed(_))));
    }
}
