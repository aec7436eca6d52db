//! The one retry policy of the client and the import (through `backon`): exponential
//! backoff with jitter, replaced by the server's `Retry-After` (seconds or HTTP-date) when
//! it sends one. A wait above [`RetryPolicy::max_server_wait`] is not slept: the caller gets
//! the error, which says how long the server asked to wait. A server that took the request
//! and never began to answer is not asked again (a second wait as long rarely ends
//! otherwise); a connection never accepted, or a body that stopped coming, is tried once
//! more at most, and its error then says the whole time waited (both waits), as the user
//! lived it. So a blackholed server costs one wait of the configured limit, not four.

use super::error::{ApiError, TimeoutPhase};
use backon::{BackoffBuilder, ExponentialBuilder, Retryable};
use chrono::{DateTime, Utc};
use reqwest::header::HeaderMap;
use std::future::Future;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// How a request is retried after a transient failure.
#[derive(Debug, Clone)]
pub struct RetryPolicy {
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// The first backoff; each further one doubles (plus jitter).
    pub base_delay: Duration,
    /// No backoff of ours is longer.
    pub max_delay: Duration,
    /// The longest wait the server may ask for that is still slept; above it the request
    /// fails at once with the server's wait in its message.
    pub max_server_wait: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_retries: 3,
            base_delay: Duration::from_millis(250),
            max_delay: Duration::from_secs(4),
            max_server_wait: Duration::from_secs(10),
        }
    }
}

/// Connect and body timeouts retried at most this often: a server that stopped rarely starts again.
const TIMEOUT_RETRIES: u32 = 1;

impl RetryPolicy {
    /// No retry at all (writes).
    pub fn none() -> RetryPolicy {
        RetryPolicy { max_retries: 0, ..RetryPolicy::default() }
    }

    fn backoff(&self) -> ExponentialBuilder {
        ExponentialBuilder::default()
            .with_min_delay(self.base_delay)
            .with_max_delay(self.max_delay)
            .with_max_times(self.max_retries as usize)
            .with_jitter()
    }

    /// The wait before the next try: the server's wish if it said one (when it is short
    /// enough), else our backoff; `None` stops retrying.
    pub fn next_wait(&self, error: &ApiError, backoff: Option<Duration>) -> Option<Duration> {
        let backoff = backoff?;
        match error.retry_after() {
            Some(wish) if wish > self.max_server_wait => None,
            Some(wish) => Some(wish),
            None => Some(backoff),
        }
    }

    /// Runs `attempt` until it succeeds, fails in a way `retryable` refuses, or the policy
    /// is spent; returns the last result.
    pub async fn run<T, F, Fut>(
        &self,
        attempt: F,
        retryable: impl Fn(&ApiError) -> bool,
    ) -> Result<T, ApiError>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, ApiError>>,
    {
        let timeouts = AtomicU32::new(0);
        let result = attempt
            .retry(self.backoff().build())
            .sleep(tokio::time::sleep)
            .when(|error| match error {
                // Connected, sent, and no answer began: the server has the request, and
                // another wait as long would most likely end the same way.
                ApiError::Timeout { phase: TimeoutPhase::FirstByte, .. } => false,
                ApiError::Timeout { .. } => {
                    let tried = timeouts.fetch_add(1, Ordering::Relaxed) + 1;
                    tried <= TIMEOUT_RETRIES && retryable(error)
                }
                other => retryable(other),
            })
            .adjust(|error, backoff| self.next_wait(error, backoff))
            .notify(|error, wait| {
                tracing::info!(%error, wait_ms = wait.as_millis() as u64, "retrying");
                // The dashboard counts the wait down in the pane (a no-op for the CLI).
                super::waits::report(error, wait);
            })
            .await;
        // Each try that timed out waited as long: the error says the whole time, not the
        // last try's (a stall tried twice is "within 40 s", as the user waited).
        let tries = timeouts.load(Ordering::Relaxed);
        result.map_err(|error| match error {
            ApiError::Timeout { host, phase, after } if tries > 1 => {
                ApiError::Timeout { host, phase, after: after * tries }
            }
            other => other,
        })
    }
}

/// Reads `Retry-After` as seconds or as an HTTP-date.
pub fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let value = headers.get("retry-after")?.to_str().ok()?.trim();
    parse_retry_after(value, Utc::now())
}

/// Parses a `Retry-After` value relative to `now`; a date in the past means no wait.
pub fn parse_retry_after(value: &str, now: DateTime<Utc>) -> Option<Duration> {
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let when = DateTime::parse_from_rfc2822(value).ok()?.with_timezone(&Utc);
    Some((when - now).to_std().unwrap_or(Duration::ZERO))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn retry_after_reads_seconds_and_http_dates() {
        let now = DateTime::parse_from_rfc3339("2015-10-21T07:28:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(parse_retry_after("120", now), Some(Duration::from_secs(120)));
        assert_eq!(
            parse_retry_after("Wed, 21 Oct 2015 07:28:03 GMT", now),
            Some(Duration::from_secs(3))
        );
        assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:27:00 GMT", now), Some(Duration::ZERO));
        assert_eq!(parse_retry_after("soon", now), None);
    }

    fn rate_limited(seconds: u64) -> ApiError {
        ApiError::rate_limited(Some(Duration::from_secs(seconds)))
    }

    fn timeout(phase: TimeoutPhase) -> ApiError {
        ApiError::Timeout { host: "api.example".into(), phase, after: Duration::from_secs(20) }
    }

    /// Runs the policy over `errors` (then success), with tokio's clock paused; returns
    /// how many attempts were made and how much (virtual) time passed.
    async fn attempts(policy: &RetryPolicy, errors: Vec<ApiError>) -> (usize, Duration, bool) {
        let calls = Cell::new(0);
        let started = tokio::time::Instant::now();
        let result = policy
            .run(
                || {
                    let n = calls.get();
                    calls.set(n + 1);
                    let outcome = errors.get(n).cloned();
                    async move { outcome.map_or(Ok(()), Err) }
                },
                ApiError::is_transient,
            )
            .await;
        (calls.get(), started.elapsed(), result.is_ok())
    }

    #[tokio::test(start_paused = true)]
    async fn a_short_server_wait_is_slept_and_a_long_one_is_not() {
        let policy = RetryPolicy::default();
        let (calls, waited, ok) = attempts(&policy, vec![rate_limited(3)]).await;
        assert_eq!((calls, ok), (2, true));
        assert!(waited >= Duration::from_secs(3) && waited < Duration::from_secs(4), "{waited:?}");

        let (calls, waited, ok) = attempts(&policy, vec![rate_limited(3600)]).await;
        assert_eq!((calls, ok), (1, false), "an hour is not retried every 10 s");
        assert!(waited < Duration::from_millis(1), "{waited:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn backoff_grows_with_jitter_and_stops_after_the_last_retry() {
        let policy = RetryPolicy::default();
        let failures = vec![ApiError::unavailable(502, None); 10];
        let (calls, waited, ok) = attempts(&policy, failures).await;
        assert_eq!((calls, ok), (4, false));
        // 250 ms + 500 ms + 1 s, each with up to its own length of jitter.
        assert!(waited >= Duration::from_millis(1750), "{waited:?}");
        assert!(waited <= Duration::from_millis(3500), "{waited:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn a_connect_or_body_timeout_is_tried_again_once_and_says_both_waits() {
        let policy = RetryPolicy::default();
        for phase in [TimeoutPhase::Connect, TimeoutPhase::Body] {
            let errors = vec![timeout(phase), timeout(phase), timeout(phase)];
            assert_eq!(attempts(&policy, errors).await.0, 2, "{phase:?}");
            let (calls, _, ok) = attempts(&policy, vec![timeout(phase)]).await;
            assert_eq!((calls, ok), (2, true), "{phase:?}");
            let error = policy
                .run(|| async { Err::<(), _>(timeout(phase)) }, ApiError::is_transient)
                .await
                .unwrap_err();
            assert!(error.to_string().ends_with("within 40 s."), "{phase:?}: {error}");
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_server_that_took_the_request_and_never_answered_is_not_asked_again() {
        let policy = RetryPolicy::default();
        let (calls, waited, ok) = attempts(&policy, vec![timeout(TimeoutPhase::FirstByte)]).await;
        assert_eq!((calls, ok), (1, false));
        assert_eq!(waited, Duration::ZERO);
        let error = policy
            .run(
                || async { Err::<(), _>(timeout(TimeoutPhase::FirstByte)) },
                ApiError::is_transient,
            )
            .await
            .unwrap_err();
        assert!(error.to_string().ends_with("within 20 s."), "{error}");
    }

    #[tokio::test(start_paused = true)]
    async fn errors_that_are_not_transient_are_not_retried() {
        let policy = RetryPolicy::default();
        let errors = vec![ApiError::Unauthorized { detail: None }];
        assert_eq!(attempts(&policy, errors).await.0, 1);
        let errors = vec![rate_limited(1)];
        assert_eq!(attempts(&RetryPolicy::none(), errors).await.0, 1);
    }
}
