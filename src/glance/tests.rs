use super::*;
use crate::api::{ExchangeStatus, Party, Timestamp};
use crate::inbox::{Snippet, Writer};
use crate::local::Mark;
use std::collections::HashMap;

fn at(text: &str) -> DateTime<Utc> {
    Timestamp::parse(text).unwrap().0
}

fn reply(id: i64, status: ExchangeStatus, when: &str) -> Exchange {
    Exchange {
        id,
        status,
        updated_at: Timestamp::parse(when),
        contact: Party { id: id + 100, email: format!("c{id}@acme.tech"), ..Party::default() },
        ..Exchange::default()
    }
}

fn snippet(last: Writer) -> Snippet {
    Snippet { line: String::new(), last, at: None, referrals: Vec::new(), away: None, back: None }
}

fn glance(inbox: Inbox, taken: &str) -> Glance {
    Glance { profile: "acme".into(), taken_at: at(taken), every_seconds: Some(60), inbox }
}

#[test]
fn new_hot_and_waiting_follow_the_marks_and_who_spoke_last() {
    use ExchangeStatus::*;
    let exchanges = [
        reply(1, InfoInquiry, "2026-11-25T09:00:00Z"), // new, hot, waits
        reply(2, ProvidedReferral, "2026-11-25T08:00:00Z"), // seen as it stands, bot spoke last
        reply(3, InfoInquiry, "2026-11-25T07:00:00Z"), // handled
        reply(4, Declined, "2026-11-25T06:00:00Z"),    // new, not hot
        reply(5, SchedulingMeeting, "2026-11-20T06:00:00Z"), // before the first use, waits
        reply(6, InfoInquiry, "2026-11-25T05:00:00Z"), // snoozed
    ];
    let seen = |when: &str| Mark { seen_updated_at: Timestamp::parse(when), ..Mark::default() };
    let facts = MarkFacts {
        marks: HashMap::from([
            (2, seen("2026-11-25T08:00:00Z")),
            (3, Mark { handled: true, ..Mark::default() }),
            (
                6,
                Mark { snoozed_until: Timestamp::parse("2026-12-01T00:00:00Z"), ..Mark::default() },
            ),
        ]),
        first_use: Timestamp::parse("2026-11-21T00:00:00Z").unwrap(),
        snippets: HashMap::from([(1, snippet(Writer::Them)), (2, snippet(Writer::Bot))]),
        now: Timestamp::parse("2026-11-25T12:00:00Z").unwrap(),
    };
    let today = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
    let inbox = Inbox::of(&exchanges, &facts, &[], today);
    assert_eq!(inbox.new, 2, "1 and 4: 2 was seen, 3 handled, 5 older than the first use");
    assert_eq!(inbox.hot_waiting, 2, "1 and 5: 2's bot spoke last, 3 handled, 6 asleep");
    assert_eq!(inbox.oldest_hot_since, Some(at("2026-11-20T06:00:00Z")));
    assert_eq!((inbox.needs_you, inbox.due), (0, 0));
}

#[test]
fn the_segment_leaves_out_zeros_and_says_nothing_when_there_is_nothing() {
    let now = at("2026-11-25T12:00:00Z");
    let full = Inbox {
        new: 3,
        hot_waiting: 2,
        oldest_hot_since: Some(at("2026-11-25T11:18:00Z")),
        needs_you: 1,
        due: 0,
        ..Inbox::default()
    };
    let fresh = glance(full, "2026-11-25T11:59:00Z");
    assert_eq!(segment(Some(&fresh), now, Symbols::Unicode, false), "✉3 ⏱42m ⚠1");
    assert_eq!(segment(Some(&fresh), now, Symbols::Ascii, false), "m3 t42m !1");
    let due = glance(Inbox { due: 1, ..full }, "2026-11-25T11:59:00Z");
    assert_eq!(
        segment(Some(&due), now, Symbols::Unicode, true),
        "✉3 ⏱42m #[fg=red]⚠1#[fg=default]"
    );
    let quiet = glance(
        Inbox { new: 0, hot_waiting: 0, oldest_hot_since: None, ..full },
        "2026-11-25T11:59:00Z",
    );
    assert_eq!(segment(Some(&quiet), now, Symbols::Unicode, true), "⚠1");
    let nothing = glance(Inbox::default(), "2026-11-25T11:59:00Z");
    assert_eq!(segment(Some(&nothing), now, Symbols::Unicode, true), "");
    assert_eq!(segment(None, now, Symbols::Unicode, true), "");
}

#[test]
fn a_glance_older_than_three_intervals_is_marked() {
    let now = at("2026-11-25T12:00:00Z");
    let inbox = Inbox { new: 3, ..Inbox::default() };
    let at_limit = glance(inbox, "2026-11-25T11:57:00Z");
    assert!(!at_limit.is_stale(now), "three minutes at a minute's interval");
    let old = glance(inbox, "2026-11-25T11:56:59Z");
    assert!(old.is_stale(now));
    assert_eq!(segment(Some(&old), now, Symbols::Unicode, false), "?✉3");
    assert_eq!(segment(Some(&old), now, Symbols::Unicode, true), "#[dim]?✉3#[nodim]");
    let one_off = Glance { every_seconds: None, ..old };
    assert!(!one_off.is_stale(now), "a one-off is stale after 15 minutes");
    assert!(one_off.is_stale(at("2026-11-25T12:12:00Z")));
}

#[test]
fn a_saved_glance_loads_back_and_a_missing_one_is_none() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state").join("glance-acme.json");
    assert_eq!(load_from(&path).unwrap(), None);
    let saved = glance(Inbox { new: 4, ..Inbox::default() }, "2026-11-25T11:59:00Z");
    save_to(&path, &saved).unwrap();
    assert_eq!(load_from(&path).unwrap(), Some(saved.clone()));
    let again = Glance { inbox: Inbox { new: 5, ..saved.inbox }, ..saved };
    save_to(&path, &again).unwrap();
    assert_eq!(load_from(&path).unwrap(), Some(again));
    let left: Vec<_> = std::fs::read_dir(path.parent().unwrap()).unwrap().collect();
    assert_eq!(left.len(), 1, "no temporary file is left behind");
    std::fs::write(&path, b"{\"profile\": 3").unwrap();
    assert!(load_from(&path).is_err(), "half a file is an error, not a glance");
}

#[test]
fn the_numbers_in_words_say_what_the_overview_says() {
    let now = at("2026-11-25T12:00:00Z");
    let inbox = Inbox {
        new: 4,
        hot_waiting: 3,
        oldest_hot_since: Some(at("2026-11-25T11:18:00Z")),
        needs_you: 5,
        due: 1,
        ..Inbox::default()
    };
    assert_eq!(words(&inbox, now), "4 new · 3 hot replies wait, oldest 42m · needs you: 5 (1 due)");
    assert_eq!(words(&Inbox::default(), now), "0 new · no hot reply waits · nothing needs you");
    let counting = Inbox { hot_unread: 2, needs_unread: 2, ..inbox };
    assert_eq!(
        words(&counting, now),
        "4 new · ≥ 1 hot reply waits, oldest 42m · needs you: ≥ 3 (1 due) · 2 being read"
    );
    assert!(!counting.is_counted() && inbox.is_counted());
}

#[test]
fn a_group_sums_its_glances_waits_as_its_oldest_and_is_stale_when_one_is() {
    let one = |new, hot: Option<&str>, needs, taken| {
        let inbox = Inbox {
            new,
            hot_waiting: usize::from(hot.is_some()),
            oldest_hot_since: hot.map(at),
            needs_you: needs,
            due: needs,
            ..Inbox::default()
        };
        glance(inbox, taken)
    };
    let now = at("2026-11-25T10:00:00Z");
    let glances = [
        one(2, Some("2026-11-25T09:00:00Z"), 1, "2026-11-25T09:59:00Z"),
        one(1, Some("2026-11-25T08:00:00Z"), 0, "2026-11-25T09:58:00Z"),
        one(0, None, 3, "2026-11-25T09:59:30Z"),
    ];
    let sum = Glance::sum("clients", &glances, now).unwrap();
    assert_eq!(sum.profile, "clients");
    assert_eq!(
        (sum.inbox.new, sum.inbox.hot_waiting, sum.inbox.needs_you, sum.inbox.due),
        (3, 2, 4, 4)
    );
    assert_eq!(sum.inbox.oldest_hot_since, Some(at("2026-11-25T08:00:00Z")));
    assert!(!sum.is_stale(now));
    let mut old = glances.clone();
    old[2].taken_at = at("2026-11-25T08:00:00Z");
    assert!(
        Glance::sum("clients", &old, now).unwrap().is_stale(now),
        "one stale glance marks the sum"
    );
    assert!(Glance::sum("clients", &[], now).is_none());
}
