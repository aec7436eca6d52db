//! The store itself: schema versions, marks shared between two people, the two-people rule,
//! the history.

use super::pg::{self, northwind, person};
use chrono::{DateTime, Utc};
use outreach_tui::team::{Action, MarkChange, Migrated, Outcome, TeamError, TeamStore, schema};

fn at(minute: u32) -> Option<DateTime<Utc>> {
    Some(DateTime::parse_from_rfc3339(&format!("2026-03-02T09:{minute:02}:00Z")).unwrap().into())
}

/// A fresh database with the team schema, or `None` when there is no server.
async fn initialised() -> Option<String> {
    let url = pg::database().await?;
    TeamStore::init(&pg::target(&url, "ann"), &pg::no_keyring()).await.unwrap();
    Some(url)
}

#[tokio::test]
async fn init_creates_the_schema_once_and_a_second_init_changes_nothing() {
    let Some(url) = pg::database().await else { return };
    let before = TeamStore::connect(&pg::target(&url, "ann"), &pg::no_keyring()).await;
    assert!(matches!(before, Err(TeamError::NotInitialised { .. })), "{before:?}");
    let target = pg::target(&url, "ann");
    let (store, first) = TeamStore::init(&target, &pg::no_keyring()).await.unwrap();
    assert_eq!(first, Migrated::UpTo { from: 0 });
    store.apply(&northwind(), &MarkChange::new(1, "ann", Action::Unhandle)).await.unwrap();
    let handled = MarkChange::new(1, "ann", Action::Handle { updated_at: at(1) });
    assert_eq!(store.apply(&northwind(), &handled).await.unwrap(), Outcome::Applied);
    let (store, second) = TeamStore::init(&target, &pg::no_keyring()).await.unwrap();
    assert_eq!(second, Migrated::UpTo { from: schema::CURRENT });
    assert_eq!(store.schema_version().await.unwrap(), Some(schema::CURRENT));
    assert!(store.marks(&northwind()).await.unwrap()[&1].handled.is_some(), "marks kept");
}

#[tokio::test]
async fn two_people_see_each_others_marks() {
    let Some(url) = initialised().await else { return };
    let (ann, bob) = (person(&url, "ann").await, person(&url, "bob").await);
    let org = northwind();
    let before = bob.version().await.unwrap();
    let handle = MarkChange::new(200_123, "ann", Action::Handle { updated_at: at(5) });
    assert_eq!(ann.apply(&org, &handle).await.unwrap(), Outcome::Applied);
    assert!(bob.version().await.unwrap() > before, "Bob's version moves on Ann's write");
    let marks = bob.marks(&org).await.unwrap();
    let handled = marks[&200_123].handled.as_ref().unwrap();
    assert_eq!((handled.by.as_str(), handled.updated_at), ("ann", at(5)));

    let assign = Action::Assign { to: Some("ann".into()), seen: None, blind: false };
    assert_eq!(
        bob.apply(&org, &MarkChange::new(200_456, "bob", assign)).await.unwrap(),
        Outcome::Applied
    );
    let snooze = Action::Snooze { until: at(50) };
    assert_eq!(
        bob.apply(&org, &MarkChange::new(200_456, "bob", snooze)).await.unwrap(),
        Outcome::Applied
    );
    let marks = ann.marks(&org).await.unwrap();
    let mark = &marks[&200_456];
    assert_eq!(
        mark.assigned.as_ref().map(|a| (a.to.as_str(), a.by.as_str())),
        Some(("ann", "bob"))
    );
    assert_eq!(mark.snoozed.as_ref().map(|s| s.until), at(50));
    assert_eq!(ann.members(&org).await.unwrap(), vec!["ann", "bob"]);

    let other = outreach_tui::team::OrgName::new("Globex").unwrap();
    assert!(ann.marks(&other).await.unwrap().is_empty(), "another organisation's inbox is apart");
}

#[tokio::test]
async fn the_first_handler_wins_and_the_second_is_told_who() {
    let Some(url) = initialised().await else { return };
    let (ann, bob) = (person(&url, "ann").await, person(&url, "bob").await);
    let org = northwind();
    let handle =
        |who: &str, minute| MarkChange::new(7, who, Action::Handle { updated_at: at(minute) });
    // Both at once: exactly one is taken.
    let (anns, bobs) = (handle("ann", 5), handle("bob", 5));
    let (first, second) = tokio::join!(ann.apply(&org, &anns), bob.apply(&org, &bobs));
    let outcomes = [first.unwrap(), second.unwrap()];
    let applied = outcomes.iter().filter(|o| **o == Outcome::Applied).count();
    assert_eq!(applied, 1, "{outcomes:?}");
    let refused = outcomes.iter().find_map(|o| match o {
        Outcome::Refused(conflict) => Some(conflict.clone()),
        _ => None,
    });
    let conflict = refused.expect("the other is refused");
    let winner = bob.marks(&org).await.unwrap()[&7].handled.clone().unwrap().by;
    assert_eq!(conflict.by, winner);
    assert_eq!(conflict.sentence(Utc::now()), format!("{winner} handled this a moment ago"));
    // The reply moved since (the contact wrote again): open for anyone.
    let loser = if winner == "ann" { "bob" } else { "ann" };
    let store = if loser == "ann" { &ann } else { &bob };
    assert_eq!(store.apply(&org, &handle(loser, 9)).await.unwrap(), Outcome::Applied);
    assert_eq!(ann.history(&org, 7).await.unwrap().len(), 2, "one row per change taken");

    // An assignment made on an old view is refused with what happened meanwhile.
    let assign = |who: &str, to: &str, seen: Option<&str>| {
        MarkChange::new(
            8,
            who,
            Action::Assign { to: Some(to.into()), seen: seen.map(String::from), blind: false },
        )
    };
    assert_eq!(ann.apply(&org, &assign("ann", "bob", None)).await.unwrap(), Outcome::Applied);
    let Outcome::Refused(conflict) = bob.apply(&org, &assign("bob", "ann", None)).await.unwrap()
    else {
        panic!("an assignment on a stale view must be refused")
    };
    assert_eq!(conflict.sentence(Utc::now()), "ann assigned this to bob a moment ago");
    assert_eq!(
        bob.apply(&org, &assign("bob", "ann", Some("bob"))).await.unwrap(),
        Outcome::Applied
    );
    let stranger = assign("bob", "zed", Some("ann"));
    assert_eq!(bob.apply(&org, &stranger).await.unwrap(), Outcome::UnknownMember("zed".into()));
}

#[tokio::test]
async fn history_keeps_every_change_and_a_change_sent_twice_counts_once() {
    let Some(url) = initialised().await else { return };
    let (ann, bob) = (person(&url, "ann").await, person(&url, "bob").await);
    let org = northwind();
    let handle = MarkChange::new(42, "ann", Action::Handle { updated_at: at(1) });
    assert_eq!(ann.apply(&org, &handle).await.unwrap(), Outcome::Applied);
    assert_eq!(ann.apply(&org, &handle).await.unwrap(), Outcome::AlreadyApplied);
    let unhandle = MarkChange::new(42, "bob", Action::Unhandle);
    assert_eq!(bob.apply(&org, &unhandle).await.unwrap(), Outcome::Applied);
    let assign = MarkChange::new(
        42,
        "bob",
        Action::Assign { to: Some("bob".into()), seen: None, blind: false },
    );
    assert_eq!(bob.apply(&org, &assign).await.unwrap(), Outcome::Applied);
    let history = ann.history(&org, 42).await.unwrap();
    let said: Vec<(&str, &str)> =
        history.iter().map(|h| (h.who.as_str(), h.what.as_str())).collect();
    assert_eq!(said, [("ann", "handled"), ("bob", "unhandled"), ("bob", "assigned")]);
    assert_eq!(history[0].updated_at, at(1));
    assert_eq!(history[2].assigned_to.as_deref(), Some("bob"));
    assert!(ann.history(&org, 43).await.unwrap().is_empty());
}
