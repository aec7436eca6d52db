//! When and how long to wait before retrying a GET: exponential backoff with jitter,
//! or the server's `Retry-After` (seconds or HTTP-date), capped.

use chrono::{DateTime, Utc};
use reqwest::header::HeaderMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How a GET is retried after a transient failure.
#[derive(Debug, Clone)]
pub struct RetryPolicy {
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// The first backoff; each further one doubles.
    pub base_delay: Duration,
    /// No wait is longer, whatever the server asks.
    pub max_delay: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_retries: 3,
            base_delay: Duration::from_millis(250),
            max_delay: Duration::from_secs(10),
        }
    }
}

impl RetryPolicy {
    /// The wait before retry number `attempt` (0-based): the server's wish if it said one,
    /// else backoff with up to 50 % jitter so that many clients do not retry in step.
    pub fn wait(&self, attempt: u32, server_wish: Option<Duration>) -> Duration {
        let wait = match server_wish {
            Some(wish) => wish,
            None => {
                let backoff = self.base_delay.saturating_mul(1 << attempt.min(16));
                let jitter_permille = jitter_source() % 500;
                backoff + backoff * jitter_permille as u32 / 1000
            }
        };
        wait.min(self.max_delay)
    }
}

/// A cheap varying number for jitter; needs no randomness of cryptographic quality.
fn jitter_source() -> u64 {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
    // splitmix64 finaliser spreads the low-entropy nanos over all bits.
    let mut x = u64::from(nanos).wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
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

    #[test]
    fn waits_grow_and_are_capped() {
        let policy = RetryPolicy::default();
        let first = policy.wait(0, None);
        assert!(first >= Duration::from_millis(250) && first < Duration::from_millis(375));
        assert!(policy.wait(3, None) >= Duration::from_secs(2));
        assert_eq!(policy.wait(0, Some(Duration::from_secs(3600))), Duration::from_secs(10));
    }
}
