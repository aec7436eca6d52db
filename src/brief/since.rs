//! Which kept snapshot a brief starts from when asked for a moment (`outreach brief --since
//! 8h`): the observed state keeps only a few — the dashboard's last look, the observer's
//! latest, and the first of each of the last days — so the newest taken at or before the
//! moment is used (nothing after it is missed; the title says where it really starts), or,
//! when none is that old, the oldest kept, and the caller says it cannot go back further.

use chrono::{DateTime, Utc};

/// The snapshot to start from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pick {
    pub slot: String,
    pub taken_at: DateTime<Utc>,
    /// No snapshot is as old as the moment asked for: this is the oldest kept.
    pub later_than_asked: bool,
}

/// The newest of `kept` (slot, taken at) taken at or before `wanted`, else the oldest;
/// `None` when nothing is kept.
pub fn pick(wanted: DateTime<Utc>, kept: &[(String, DateTime<Utc>)]) -> Option<Pick> {
    let at_or_before = kept.iter().filter(|(_, at)| *at <= wanted).max_by_key(|(_, at)| *at);
    match at_or_before {
        Some((slot, at)) => {
            Some(Pick { slot: slot.clone(), taken_at: *at, later_than_asked: false })
        }
        None => kept.iter().min_by_key(|(_, at)| *at).map(|(slot, at)| Pick {
            slot: slot.clone(),
            taken_at: *at,
            later_than_asked: true,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hour: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_772_409_600 + hour * 3600, 0).unwrap()
    }

    #[test]
    fn the_newest_snapshot_at_or_before_the_moment_else_the_oldest_said_so() {
        let kept = vec![
            ("day:2026-03-02".to_string(), at(0)),
            ("last-look".to_string(), at(10)),
            ("latest".to_string(), at(20)),
        ];
        let pick_at = |hour| pick(at(hour), &kept).unwrap();
        assert_eq!(
            pick_at(12),
            Pick { slot: "last-look".into(), taken_at: at(10), later_than_asked: false }
        );
        assert_eq!(pick_at(10).slot, "last-look", "taken at the moment itself");
        assert_eq!(pick_at(5).slot, "day:2026-03-02");
        let too_far = pick_at(-30);
        assert_eq!((too_far.slot.as_str(), too_far.later_than_asked), ("day:2026-03-02", true));
        assert_eq!(pick(at(0), &[]), None);
    }
}
