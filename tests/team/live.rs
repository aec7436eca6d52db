//! LISTEN/NOTIFY: a change one person makes reaches another's stream.

use super::pg::{self, northwind, person};
use outreach_tui::team::{Action, MarkChange, TeamStore, listen};
use std::time::Duration;

#[tokio::test]
async fn a_change_reaches_every_listener_as_it_is_made() {
    let Some(url) = pg::database().await else { return };
    TeamStore::init(&pg::target(&url, "ann"), &pg::no_keyring()).await.unwrap();
    let mut bobs_screen = listen(&pg::target(&url, "bob"), &pg::no_keyring()).await.unwrap();
    let ann = person(&url, "ann").await;
    let assign = Action::Assign { to: Some("ann".into()), seen: None, blind: false };
    ann.apply(&northwind(), &MarkChange::new(300, "ann", assign)).await.unwrap();
    // Awaited, not slept for: the limit only keeps a broken build from hanging.
    let change = tokio::time::timeout(Duration::from_secs(10), bobs_screen.next())
        .await
        .expect("the change arrives")
        .expect("the stream is open");
    assert_eq!(
        (change.organisation.as_str(), change.exchange, change.who.as_str(), change.what.as_str()),
        ("northwind", 300, "ann", "assigned")
    );
    // A change that was not taken is not announced; the next one is.
    ann.apply(
        &northwind(),
        &MarkChange::new(
            300,
            "ann",
            Action::Assign { to: Some("ann".into()), seen: None, blind: false },
        ),
    )
    .await
    .unwrap();
    ann.apply(&northwind(), &MarkChange::new(301, "ann", Action::Unhandle)).await.unwrap();
    ann.apply(&northwind(), &MarkChange::new(302, "ann", Action::Handle { updated_at: None }))
        .await
        .unwrap();
    let next =
        tokio::time::timeout(Duration::from_secs(10), bobs_screen.next()).await.unwrap().unwrap();
    assert_eq!((next.exchange, next.what.as_str()), (302, "handled"));
    assert!(next.id > change.id);
}
