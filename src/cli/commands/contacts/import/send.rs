//! Sending the checked rows: a few uploads in flight at once, 429/503 retried after the
//! server's wait (when it is short), and a stop at the first failure that would fail every row (401, 403,
//! 404, an unreachable server) or at Ctrl-C, with every row's fate recorded.

use super::report::RowOutcome;
use crate::api::outcomes::is_duplicate_contact;
use crate::api::{ApiError, Client, ContactUpload, RetryPolicy, TimeoutPhase};
use crate::cli::output::progress::Progress;
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;

/// Where and how each contact is uploaded.
#[derive(Debug, Clone, Copy)]
pub struct Destination {
    pub campaign: i64,
    pub bot: Option<i64>,
    /// Upload-and-start instead of a plain upload.
    pub start: bool,
    /// With `start`: send the first e-mail right away.
    pub now: bool,
    /// Without `start`: notify the campaign's users.
    pub notify: bool,
}

/// What happened to the rows that were queued.
pub struct Sent {
    /// (row index, outcome) for every queued row, in completion order.
    pub outcomes: Vec<(usize, RowOutcome)>,
    /// The failure that stopped the import early, if any.
    pub stopped: Option<ApiError>,
    pub interrupted: bool,
}

/// Uploads `rows` (row index, contact) with at most `concurrency` requests in flight.
pub async fn send_all(
    client: &Client,
    destination: Destination,
    rows: Vec<(usize, ContactUpload)>,
    concurrency: usize,
    bar: &Progress,
) -> Sent {
    let mut queue = rows.into_iter();
    let mut in_flight = FuturesUnordered::new();
    let mut sent = Sent { outcomes: Vec::new(), stopped: None, interrupted: false };
    loop {
        if sent.stopped.is_none() && !sent.interrupted {
            while in_flight.len() < concurrency.max(1) {
                let Some((index, upload)) = queue.next() else { break };
                let client = client.clone();
                in_flight
                    .push(async move { (index, send_one(&client, destination, &upload).await) });
            }
        }
        if in_flight.is_empty() {
            break;
        }
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {
                if sent.interrupted {
                    // A second Ctrl-C means now, whatever is in flight.
                    bar.abandon();
                    eprintln!("Stopped at once: the rows in flight may or may not be imported; re-run the same command to see.");
                    std::process::exit(130);
                }
                sent.interrupted = true;
                bar.set_message("interrupted: finishing the requests in flight (Ctrl-C again to stop now)");
            }
            Some((index, result)) = in_flight.next() => {
                bar.inc(1);
                match result {
                    Ok(outcome) => sent.outcomes.push((index, outcome)),
                    Err(fatal) => {
                        sent.outcomes.push((index, RowOutcome::Failed(fatal.to_string())));
                        sent.stopped.get_or_insert(fatal);
                    }
                }
            }
        }
    }
    sent.outcomes.extend(queue.map(|(index, _)| (index, RowOutcome::NotAttempted)));
    sent
}

/// One upload, retried (by the client's one policy) while the server asks to slow down
/// for a short while: a 429 or 503 means the upload was not taken, so sending it again
/// cannot import it twice. `Err` is a failure that would fail every other row too.
async fn send_one(
    client: &Client,
    destination: Destination,
    upload: &ContactUpload,
) -> Result<RowOutcome, ApiError> {
    let slow_down = |error: &ApiError| {
        matches!(error, ApiError::RateLimited { .. } | ApiError::Unavailable { status: 503, .. })
    };
    let result = RetryPolicy::default()
        .run(
            || async {
                if destination.start {
                    client
                        .upload_and_start(
                            destination.campaign,
                            upload,
                            destination.bot,
                            destination.now,
                        )
                        .await
                } else {
                    client
                        .upload_contact(
                            destination.campaign,
                            upload,
                            destination.bot,
                            destination.notify,
                        )
                        .await
                }
            },
            slow_down,
        )
        .await;
    match result {
        Ok(item) => Ok(RowOutcome::Imported { id: item.id }),
        Err(error) => classify(error),
    }
}

/// A row's outcome for an error that concerns this row only; `Err` for the others.
fn classify(error: ApiError) -> Result<RowOutcome, ApiError> {
    if is_duplicate_contact(&error) {
        return Ok(RowOutcome::AlreadyPresent);
    }
    match error {
        ApiError::Validation(_) | ApiError::BadRequest { .. } => {
            Ok(RowOutcome::Rejected(error.to_string()))
        }
        ApiError::Unauthorized { .. }
        | ApiError::Forbidden { .. }
        | ApiError::NotFound { .. }
        | ApiError::Network { .. }
        | ApiError::Timeout { phase: TimeoutPhase::Connect, .. }
        | ApiError::Redirect { .. }
        | ApiError::InvalidUrl { .. }
        | ApiError::InsecureUrl { .. } => Err(error),
        other => Ok(RowOutcome::Failed(format!("{other} Re-run the import to retry this row."))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::FieldError;

    #[test]
    fn row_errors_and_fatal_errors_are_told_apart() {
        let duplicate =
            ApiError::BadRequest { detail: "Contact already associated with organisation".into() };
        assert_eq!(classify(duplicate).unwrap(), RowOutcome::AlreadyPresent);
        let invalid = ApiError::Validation(vec![FieldError::new("email", "bad")]);
        assert!(
            matches!(classify(invalid).unwrap(), RowOutcome::Rejected(r) if r.contains("email: bad"))
        );
        let server = ApiError::Server { status: 500, body_start: "boom".into() };
        assert!(matches!(classify(server).unwrap(), RowOutcome::Failed(r) if r.contains("Re-run")));
        assert!(classify(ApiError::Unauthorized { detail: None }).is_err());
        let missing = ApiError::NotFound { what: "campaign".into(), detail: None };
        assert!(classify(missing).is_err());
    }
}
