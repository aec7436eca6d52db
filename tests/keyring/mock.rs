//! The credential logic on keyring-core's mock store: order of stores, fallbacks, injected
//! store errors, time limits, and the precedence rules of `session::resolve_with`.

use keyring_core::mock;
use keyring_core::{CredentialStore, Error as StoreError};
use outreach_tui::api::ApiKey;
use outreach_tui::config::{self, Loaded};
use outreach_tui::credentials::{
    Keyring, LoginError, LoginRequest, Problem, StoreChoice, StoreKind, login_with,
};
use outreach_tui::session::{Environment, KeySource, SessionError, SessionRequest, resolve_with};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

const KEY: &str = "sk-mock-0123456789abcdef";

fn mock_store() -> Arc<mock::Store> {
    mock::Store::new().unwrap()
}

/// A Secret Service and a keyutils store, both mocks.
fn two_stores() -> (Keyring, Arc<mock::Store>, Arc<mock::Store>) {
    let (secret_service, keyutils) = (mock_store(), mock_store());
    let keyring = Keyring::with_stores(vec![
        (StoreKind::SecretService, secret_service.clone() as Arc<CredentialStore>),
        (StoreKind::Keyutils, keyutils.clone() as Arc<CredentialStore>),
    ]);
    (keyring, secret_service, keyutils)
}

/// The password a mock store holds for a profile, read behind the keyring's back.
fn held(store: &mock::Store, profile: &str) -> Option<String> {
    use keyring_core::api::CredentialStoreApi;
    store.build("outreach", profile, None).unwrap().get_password().ok()
}

/// Makes the next call on the profile's entry in `store` fail with `error`.
fn fail_next(store: &mock::Store, profile: &str, error: StoreError) {
    use keyring_core::api::CredentialStoreApi;
    let entry = store.build("outreach", profile, None).unwrap();
    entry.as_any().downcast_ref::<mock::Cred>().unwrap().set_error(error);
}

fn locked() -> StoreError {
    StoreError::NoStorageAccess("the collection is locked".into())
}

#[tokio::test]
async fn a_stored_key_is_read_back_from_the_first_store() {
    let (keyring, secret_service, keyutils) = two_stores();
    let stored = keyring.store("acme", &ApiKey::new(KEY), StoreChoice::Auto).await.unwrap();
    assert_eq!(stored.store, StoreKind::SecretService);
    assert!(stored.passed_over.is_empty());
    assert_eq!(held(&secret_service, "acme").as_deref(), Some(KEY));
    assert_eq!(held(&keyutils, "acme"), None);

    let lookup = keyring.read("acme", StoreChoice::Auto).await;
    let found = lookup.found.unwrap();
    assert_eq!((found.key.expose(), found.store), (KEY, StoreKind::SecretService));
    assert!(keyring.read("other", StoreChoice::Auto).await.found.is_none());
}

#[tokio::test]
async fn a_failing_first_store_passes_the_key_to_the_next_and_says_why() {
    let (keyring, secret_service, keyutils) = two_stores();
    fail_next(&secret_service, "acme", locked());
    let stored = keyring.store("acme", &ApiKey::new(KEY), StoreChoice::Auto).await.unwrap();
    assert_eq!(stored.store, StoreKind::Keyutils);
    assert_eq!(held(&keyutils, "acme").as_deref(), Some(KEY));
    assert_eq!(held(&secret_service, "acme"), None);
    let [reason] = stored.passed_over.as_slice() else { panic!("{:?}", stored.passed_over) };
    assert_eq!((reason.store, &reason.problem), (StoreKind::SecretService, &Problem::Locked));
    let text = reason.to_string();
    assert!(text.contains("Secret Service is locked: the collection is locked"), "{text}");
}

#[tokio::test]
async fn an_explicit_store_never_falls_back() {
    let (keyring, secret_service, keyutils) = two_stores();
    fail_next(&secret_service, "acme", StoreError::PlatformFailure("D-Bus said no".into()));
    let only = StoreChoice::Only(StoreKind::SecretService);
    let error = keyring.store("acme", &ApiKey::new(KEY), only).await.unwrap_err();
    assert_eq!(held(&keyutils, "acme"), None);
    let text = error.to_string();
    assert!(text.starts_with("The Secret Service failed: D-Bus said no."), "{text}");
    assert!(text.contains("--store keyutils") && text.contains("OUTREACH_API_KEY"), "{text}");
}

#[tokio::test]
async fn a_new_login_removes_an_older_key_from_the_other_store() {
    let (keyring, secret_service, keyutils) = two_stores();
    let old = ApiKey::new("sk-old-key-111111");
    keyring.store("acme", &old, StoreChoice::Only(StoreKind::SecretService)).await.unwrap();
    let stored = keyring
        .store("acme", &ApiKey::new(KEY), StoreChoice::Only(StoreKind::Keyutils))
        .await
        .unwrap();
    assert_eq!(stored.replaced_in, vec![StoreKind::SecretService]);
    assert_eq!(held(&secret_service, "acme"), None);
    assert_eq!(held(&keyutils, "acme").as_deref(), Some(KEY));
    let found = keyring.read("acme", StoreChoice::Auto).await.found.unwrap();
    assert_eq!((found.key.expose(), found.store), (KEY, StoreKind::Keyutils));
}

#[tokio::test]
async fn reading_past_a_broken_store_finds_the_key_and_keeps_the_reason() {
    let (keyring, secret_service, keyutils) = two_stores();
    keyring.store("acme", &ApiKey::new(KEY), StoreChoice::Only(StoreKind::Keyutils)).await.unwrap();
    fail_next(&secret_service, "acme", locked());
    let lookup = keyring.read("acme", StoreChoice::Auto).await;
    assert_eq!(lookup.found.unwrap().store, StoreKind::Keyutils);
    assert_eq!(lookup.problems.len(), 1);

    fail_next(&keyutils, "acme", StoreError::PlatformFailure("keyctl: permission denied".into()));
    let lookup = keyring.read("acme", StoreChoice::Only(StoreKind::Keyutils)).await;
    assert!(lookup.found.is_none());
    assert!(lookup.problems[0].to_string().contains("keyctl: permission denied"));
}

#[tokio::test]
async fn removing_clears_every_store_and_is_quiet_when_nothing_is_there() {
    let (keyring, secret_service, _keyutils) = two_stores();
    keyring.store("acme", &ApiKey::new(KEY), StoreChoice::Auto).await.unwrap();
    let removal = keyring.remove("acme", StoreChoice::Auto).await;
    assert_eq!(removal.removed_from, vec![StoreKind::SecretService]);
    assert!(removal.problems.is_empty());
    assert_eq!(held(&secret_service, "acme"), None);
    let again = keyring.remove("acme", StoreChoice::Auto).await;
    assert!(again.removed_from.is_empty() && again.problems.is_empty());

    keyring.store("acme", &ApiKey::new(KEY), StoreChoice::Auto).await.unwrap();
    fail_next(&secret_service, "acme", locked());
    let failed = keyring.remove("acme", StoreChoice::Auto).await;
    assert!(failed.removed_from.is_empty());
    assert_eq!(failed.problems[0].problem, Problem::Locked);
}

/// A store whose every call blocks until the test ends, like a Secret Service waiting for an
/// unlock prompt nobody will answer.
#[derive(Debug)]
struct StuckStore {
    release: std::sync::Mutex<std::sync::mpsc::Receiver<()>>,
}

impl keyring_core::api::CredentialStoreApi for StuckStore {
    fn vendor(&self) -> String {
        "stuck".into()
    }
    fn id(&self) -> String {
        "stuck".into()
    }
    fn build(
        &self,
        _: &str,
        _: &str,
        _: Option<&std::collections::HashMap<&str, &str>>,
    ) -> keyring_core::Result<keyring_core::Entry> {
        let _ = self.release.lock().unwrap().recv();
        Err(StoreError::NoStorageAccess("released".into()))
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

#[tokio::test]
async fn a_store_that_hangs_is_abandoned_after_the_time_limit() {
    let (release, receiver) = std::sync::mpsc::channel();
    let stuck = Arc::new(StuckStore { release: std::sync::Mutex::new(receiver) });
    let keyutils = mock_store();
    let keyring = Keyring::with_stores(vec![
        (StoreKind::SecretService, stuck as Arc<CredentialStore>),
        (StoreKind::Keyutils, keyutils.clone() as Arc<CredentialStore>),
    ])
    .with_timeout(Duration::from_millis(200));
    let started = Instant::now();
    let stored = keyring.store("acme", &ApiKey::new(KEY), StoreChoice::Auto).await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    assert_eq!(stored.store, StoreKind::Keyutils);
    let text = stored.passed_over[0].to_string();
    assert!(text.contains("The Secret Service did not answer within 0.2 s"), "{text}");
    drop(release);
}

// ---- session::resolve_with: where each part of a session comes from ----

fn loaded(text: &str) -> Loaded {
    let path = Path::new("/cfg/outreach/config.toml");
    let (config, warnings) = config::parse(text, path).unwrap();
    Loaded { config, path: Some(path.to_path_buf()), warnings }
}

const CONFIG: &str = r#"
default_profile = "acme"
colour = "blue"
[profiles.acme]
base_url = "https://api.acme.example"
read_only = true
[profiles.globex]
base_url = "https://api.globex.example"
[profiles.plain]
base_url = "http://api.plain.example"
"#;

async fn keyring_with(profile: &str, key: &str) -> Keyring {
    let keyring =
        Keyring::with_stores(vec![(StoreKind::Keyutils, mock_store() as Arc<CredentialStore>)]);
    keyring.store(profile, &ApiKey::new(key), StoreChoice::Auto).await.unwrap();
    keyring
}

#[tokio::test]
async fn the_default_profile_comes_from_config_with_its_url_key_and_read_only() {
    let keyring = keyring_with("acme", KEY).await;
    let session = resolve_with(
        &SessionRequest::default(),
        &Environment::default(),
        &loaded(CONFIG),
        &keyring,
    )
    .await
    .unwrap();
    assert_eq!(session.profile, "acme");
    assert_eq!(session.base_url, "https://api.acme.example");
    assert_eq!(session.key.expose(), KEY);
    assert_eq!(session.key_source, KeySource::Keyring("kernel keyutils store".into()));
    assert!(session.read_only);
    assert_eq!(session.warnings.len(), 1, "the unknown key `colour`: {:?}", session.warnings);
}

#[tokio::test]
async fn flag_beats_environment_beats_config_beats_default() {
    let keyring = keyring_with("globex", KEY).await;
    let env = Environment {
        profile: Some("globex".into()),
        base_url: Some("https://env.example".into()),
        api_key: None,
    };
    let session =
        resolve_with(&SessionRequest::default(), &env, &loaded(CONFIG), &keyring).await.unwrap();
    assert_eq!(
        (session.profile.as_str(), session.base_url.as_str()),
        ("globex", "https://env.example")
    );
    assert!(!session.read_only);

    let request = SessionRequest {
        profile: Some("acme".into()),
        base_url: Some("https://flag.example".into()),
        allow_http: false,
    };
    let error = resolve_with(&request, &env, &loaded(CONFIG), &keyring).await.unwrap_err();
    assert!(matches!(&error, SessionError::NoKey { profile, .. } if profile == "acme"), "{error}");

    let no_config =
        resolve_with(&SessionRequest::default(), &Environment::default(), &loaded(""), &keyring)
            .await
            .unwrap_err();
    assert!(matches!(&no_config, SessionError::NoBaseUrl { profile } if profile == "default"));
    assert!(no_config.to_string().contains("outreach auth login --base-url URL"));
}

#[tokio::test]
async fn the_environment_key_wins_over_the_keyring() {
    let keyring = keyring_with("acme", KEY).await;
    let env =
        Environment { api_key: Some(ApiKey::new("sk-from-env-999")), ..Environment::default() };
    let session =
        resolve_with(&SessionRequest::default(), &env, &loaded(CONFIG), &keyring).await.unwrap();
    assert_eq!(session.key.expose(), "sk-from-env-999");
    assert_eq!(session.key_source, KeySource::Env);
}

#[tokio::test]
async fn plain_http_to_another_machine_is_refused_unless_allowed_loudly() {
    let keyring = keyring_with("plain", KEY).await;
    let request = SessionRequest { profile: Some("plain".into()), ..SessionRequest::default() };
    let error = resolve_with(&request, &Environment::default(), &loaded(CONFIG), &keyring)
        .await
        .unwrap_err();
    let text = error.to_string();
    assert!(
        text.contains("profile 'plain' (from [profiles.plain] in /cfg/outreach/config.toml)"),
        "{text}"
    );

    let allowed = SessionRequest { allow_http: true, ..request };
    let session =
        resolve_with(&allowed, &Environment::default(), &loaded(CONFIG), &keyring).await.unwrap();
    assert!(
        session.warnings.iter().any(|w| w.contains("travels unencrypted to api.plain.example"))
    );

    let loopback = SessionRequest {
        base_url: Some("http://127.0.0.1:8900".into()),
        ..SessionRequest { profile: Some("plain".into()), ..SessionRequest::default() }
    };
    let session =
        resolve_with(&loopback, &Environment::default(), &loaded(CONFIG), &keyring).await.unwrap();
    assert!(session.warnings.iter().all(|w| !w.contains("unencrypted")));
}

/// The Secret Service locked, keyutils asked and holding no key: the key is missing from the
/// store that was asked (named), and the locked one is said beside it.
#[tokio::test]
async fn no_key_because_a_store_failed_says_which_and_why() {
    let (secret_service, keyutils) = (mock_store(), mock_store());
    let keyring = Keyring::with_stores(vec![
        (StoreKind::SecretService, secret_service.clone() as Arc<CredentialStore>),
        (StoreKind::Keyutils, keyutils.clone() as Arc<CredentialStore>),
    ]);
    let (request, env, config) =
        (SessionRequest::default(), Environment::default(), loaded(CONFIG));
    let resolve = || resolve_with(&request, &env, &config, &keyring);
    fail_next(&secret_service, "acme", locked());
    let error = resolve().await.unwrap_err();
    assert!(matches!(error, SessionError::NoKey { .. }), "keyutils answered: {error:?}");
    let text = error.to_string();
    assert!(text.contains("No API key for profile 'acme' in the kernel keyutils store."), "{text}");
    assert!(text.contains("The Secret Service is locked: the collection is locked"), "{text}");
    assert!(text.contains("OUTREACH_API_KEY"), "{text}");
    let brief = error.brief();
    assert!(
        brief.contains("in the kernel keyutils store (the Secret Service is locked)"),
        "{brief}"
    );
    assert!(!brief.contains("--store keyutils"), "keyutils was asked already: {brief}");

    // No store answered at all: then the key may be there, and the stores are named.
    fail_next(&secret_service, "acme", locked());
    fail_next(&keyutils, "acme", StoreError::PlatformFailure("keyctl: denied".into()));
    let text = resolve().await.unwrap_err().to_string();
    assert!(text.contains("No API key for profile 'acme' was found"), "{text}");
    assert!(text.contains("The kernel keyutils store failed: keyctl: denied"), "{text}");
}

#[tokio::test]
async fn bad_profile_names_are_refused_before_any_store_is_asked() {
    let keyring = keyring_with("acme", KEY).await;
    let request = SessionRequest { profile: Some("acme/../x".into()), ..SessionRequest::default() };
    let error = resolve_with(&request, &Environment::default(), &loaded(CONFIG), &keyring)
        .await
        .unwrap_err();
    assert!(error.to_string().contains("not a usable profile name"), "{error}");
}

#[tokio::test]
async fn login_refuses_plain_http_to_another_machine_before_sending_the_key() {
    let store = mock_store();
    let keyring =
        Keyring::with_stores(vec![(StoreKind::Keyutils, store.clone() as Arc<CredentialStore>)]);
    let dir = tempfile::tempdir().unwrap();
    let mut request = LoginRequest::new("acme", "http://api.acme.example", ApiKey::new(KEY));
    request.config_path = Some(dir.path().join("config.toml"));
    let error = login_with(&keyring, &request).await.unwrap_err();
    assert!(matches!(error, LoginError::BaseUrl(_)), "{error:?}");
    assert!(error.to_string().contains("http"), "{error}");
    assert_eq!(held(&store, "acme"), None);
    assert!(!dir.path().join("config.toml").exists());
}
