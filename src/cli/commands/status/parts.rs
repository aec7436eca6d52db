//! The four lists behind `outreach status`, and what could not be had of them. A summary
//! over part of the organisation must say so: a blind check is never "healthy".

use crate::api::{ApiError, Items, Listed};
use crate::cli::exit::{CliError, Exit};
use crate::text::sanitize;
use serde::Serialize;
use std::sync::Arc;

/// A part of the summary that could not be loaded, or lost elements that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Gap {
    /// `campaigns`, `bots`, `exchanges` or `meetings`.
    pub part: &'static str,
    /// In words, as on stderr.
    pub problem: String,
    /// Whether the whole part is missing (not only some of its elements).
    pub missing: bool,
}

/// What the loads left out, collected as each list is taken.
#[derive(Debug, Default)]
pub struct Gaps {
    pub gaps: Vec<Gap>,
    /// The loads that failed, as the errors a command would return.
    pub failures: Vec<CliError>,
}

impl Gaps {
    /// The items of a load, or none when it failed; either way what is missing is noted.
    pub fn take<T>(&mut self, part: &'static str, loaded: Result<Listed<T>, ApiError>) -> Items<T> {
        match loaded {
            Ok(listed) => {
                if let Some(warning) = listed.warning(part) {
                    self.gaps.push(Gap { part, problem: warning, missing: false });
                }
                listed.items
            }
            Err(error) => {
                let mut error = CliError::from(error);
                // Server text reaches the terminal only sanitised.
                error.message = format!("{part} could not be loaded: {}", sanitize(&error.message));
                self.gaps.push(Gap { part, problem: error.message.clone(), missing: true });
                self.failures.push(error);
                Arc::default()
            }
        }
    }

    /// Whether a part is missing altogether.
    pub fn missing(&self, part: &str) -> bool {
        self.gaps.iter().any(|gap| gap.missing && gap.part == part)
    }

    /// The error to stop with instead of a summary: a key the API refuses (nothing else will
    /// load either), or every part failing. A blind `--check` exits [`Exit::Incomplete`].
    pub fn fatal(&mut self, parts: usize, check: bool) -> Option<CliError> {
        let refused = |error: &CliError| matches!(error.exit, Exit::Auth | Exit::Permission);
        if let Some(index) = self.failures.iter().position(refused) {
            return Some(self.failures.swap_remove(index));
        }
        if self.failures.len() < parts || self.failures.is_empty() {
            return None;
        }
        let error = self.failures.swap_remove(0);
        Some(if check { error.blind_check() } else { error })
    }

    /// The exit code: a blind `--check` is [`Exit::Incomplete`], a part that failed to load
    /// fails the command with that failure's code, and with `--check` attention is a failure.
    pub fn exit(&self, check: bool, needs_attention: bool) -> Exit {
        if check && !self.gaps.is_empty() {
            Exit::Incomplete
        } else if let Some(failure) = self.failures.first() {
            failure.exit
        } else if check && needs_attention {
            Exit::Failure
        } else {
            Exit::Ok
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::decode_list;

    fn listed(body: &str) -> Result<Listed<crate::api::Bot>, ApiError> {
        Ok(decode_list(body.as_bytes()).unwrap())
    }

    fn down() -> ApiError {
        ApiError::Network { url: "http://127.0.0.1:9/".into(), reason: "refused".into() }
    }

    #[test]
    fn one_unreadable_element_is_named_in_the_singular_and_blinds_the_check() {
        let mut gaps = Gaps::default();
        let bots = gaps.take("bots", listed(r#"[{"id": 1}, "junk"]"#));
        assert_eq!(bots.len(), 1);
        assert_eq!(gaps.gaps[0].problem, "1 bot could not be read and was left out");
        assert!(!gaps.missing("bots"));
        assert_eq!(gaps.fatal(4, true), None);
        assert_eq!(gaps.exit(true, false), Exit::Incomplete);
        assert_eq!(gaps.exit(false, false), Exit::Ok);
    }

    #[test]
    fn a_part_that_cannot_be_loaded_is_missing_and_the_rest_still_counts() {
        let mut gaps = Gaps::default();
        assert!(gaps.take("bots", Err::<Listed<crate::api::Bot>, _>(down())).is_empty());
        gaps.take("campaigns", listed("[]"));
        assert!(gaps.missing("bots"));
        assert!(gaps.gaps[0].problem.starts_with("bots could not be loaded: "));
        assert_eq!(gaps.fatal(2, true), None);
        assert_eq!(gaps.exit(true, false), Exit::Incomplete);
        assert_eq!(gaps.exit(false, false), Exit::Failure);
    }

    #[test]
    fn nothing_loaded_or_a_refused_key_stops_with_the_error() {
        let mut gaps = Gaps::default();
        gaps.take("bots", Err::<Listed<crate::api::Bot>, _>(down()));
        assert_eq!(gaps.fatal(1, true).unwrap().exit, Exit::Incomplete);
        let mut gaps = Gaps::default();
        gaps.take("bots", Err::<Listed<crate::api::Bot>, _>(down()));
        assert_eq!(gaps.fatal(1, false).unwrap().exit, Exit::Failure);
        let mut gaps = Gaps::default();
        gaps.take("bots", listed("[]"));
        gaps.take(
            "campaigns",
            Err::<Listed<crate::api::Bot>, _>(ApiError::Unauthorized { detail: None }),
        );
        assert_eq!(gaps.fatal(2, true).unwrap().exit, Exit::Auth);
    }

    #[test]
    fn a_complete_summary_fails_the_check_only_for_attention() {
        let gaps = Gaps::default();
        assert_eq!(gaps.exit(true, true), Exit::Failure);
        assert_eq!(gaps.exit(true, false), Exit::Ok);
        assert_eq!(gaps.exit(false, true), Exit::Ok);
    }
}
