//! A password reaches the server and nothing else: not an error, not `team status`.

use super::pg;
use outreach_tui::api::ApiKey;
use outreach_tui::config::TeamConfig;
use outreach_tui::credentials::{Keyring, StoreChoice, StoreKind};
use outreach_tui::team::{PasswordSource, Target, TeamError, TeamStore, keyring_user};
use std::sync::Arc;

const RIGHT: &str = "Right-Pass-4711";
const WRONG: &str = "Wrong-Pass-0815";

/// A role that must give a password (the test cluster asks members of `password_required`).
async fn role_with_password(url: &str) -> (String, String) {
    let role = format!("pw_{}_{}", std::process::id(), url.rsplit('_').next().unwrap());
    pg::admin(
        url,
        &format!(
            "CREATE ROLE {role} LOGIN PASSWORD '{RIGHT}' IN ROLE password_required;
         GRANT ALL ON DATABASE {db} TO {role};",
            db = url.rsplit('/').next().unwrap()
        ),
    )
    .await;
    let as_role = url.replacen("postgres@", &format!("{role}@"), 1);
    (role, as_role)
}

#[tokio::test]
async fn the_password_comes_from_the_keyring_and_never_shows_in_an_error() {
    let Some(url) = pg::database().await else { return };
    let (_, as_role) = role_with_password(&url).await;
    let team = TeamConfig { database: as_role.clone(), me: "ann".into(), organisation: None };
    let target = Target::new("acme", &team).unwrap();

    let store = keyring_core::mock::Store::new().unwrap();
    let keyring = Keyring::with_stores(vec![(
        StoreKind::Keyutils,
        store as Arc<keyring_core::CredentialStore>,
    )]);
    keyring.store(&keyring_user("acme"), &ApiKey::new(WRONG), StoreChoice::Auto).await.unwrap();
    let refused = TeamStore::init(&target, &keyring).await.unwrap_err();
    assert!(matches!(refused, TeamError::Refused { .. }), "{refused:?}");
    let text = format!("{refused} {refused:?}");
    assert!(!text.contains(WRONG), "{text}");
    assert!(text.contains("password authentication failed"), "{text}");

    keyring.store(&keyring_user("acme"), &ApiKey::new(RIGHT), StoreChoice::Auto).await.unwrap();
    let (store, _) = TeamStore::init(&target, &keyring).await.unwrap();
    assert_eq!(store.password_source(), &PasswordSource::Keyring("kernel keyutils store".into()));
    assert!(!format!("{store:?} {}", store.url()).contains(RIGHT));

    let none = TeamStore::connect(&target, &pg::no_keyring()).await.unwrap_err().to_string();
    assert!(none.contains("outreach auth team-login --profile acme"), "{none}");
}

#[tokio::test]
async fn team_status_names_the_store_and_never_the_password() {
    let Some(url) = pg::database().await else { return };
    let (_, as_role) = role_with_password(&url).await;
    let cli = crate::common::cli::Outreach::without_key("http://127.0.0.1:9");
    cli.write_config(&format!("[profiles.default.team]\ndatabase = \"{as_role}\"\nme = \"ann\"\n"));
    let status =
        cli.run_env(&["--profile", "default", "team", "status"], &[("PGPASSWORD", WRONG)]).await;
    status.expect(1);
    let all = format!("{}{}", status.stdout, status.stderr);
    assert!(!all.contains(WRONG), "{all}");
    assert!(all.contains(&as_role) && all.contains("refused the login"), "{all}");

    let leaky = format!(
        "[profiles.default.team]\ndatabase = \"{}\"\nme = \"ann\"\n",
        as_role.replacen('@', &format!(":{RIGHT}@"), 1)
    );
    cli.write_config(&leaky);
    let refused = cli.run(&["--profile", "default", "team", "status"]).await;
    refused.expect(2);
    let all = format!("{}{}", refused.stdout, refused.stderr);
    assert!(!all.contains(RIGHT) && all.contains("never kept in the config file"), "{all}");
}
