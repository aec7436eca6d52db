//! Who wants to know that a request waits before its next try: the dashboard shows the
//! wait as a countdown in its pane. The retry policy reports each wait it sleeps through
//! [`report`]; a caller that wants them runs its request inside [`observe`]. Without an
//! observer a report does nothing (the CLI).

use super::error::ApiError;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// Told the error that is retried and how long until the next try.
pub type Observer = Arc<dyn Fn(&ApiError, Duration) + Send + Sync>;

tokio::task_local! {
    static OBSERVER: Observer;
}

/// Runs `future` with `observer` told of every wait before a retry inside it.
pub async fn observe<F: Future>(observer: Observer, future: F) -> F::Output {
    OBSERVER.scope(observer, future).await
}

/// Tells the observer of the current task, if any, that `error` is retried after `wait`.
pub fn report(error: &ApiError, wait: Duration) {
    let _ = OBSERVER.try_with(|observer| observer(error, wait));
}
