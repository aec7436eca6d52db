//! What every `outreach auth` command starts from, and the store a `--store` names.

use crate::cli::args::GlobalArgs;
use crate::config::{self, Loaded};
use crate::credentials::{StoreChoice, StoreKind};
use crate::session::{self, Environment};

/// The config, the environment and the profile every auth command starts from; config
/// warnings go to stderr.
pub(super) struct Context {
    pub(super) loaded: Loaded,
    pub(super) env: Environment,
    pub(super) profile: String,
}

impl Context {
    pub(super) fn load(global: &GlobalArgs) -> Result<Context, String> {
        let loaded = config::load().map_err(|error| error.to_string())?;
        for warning in &loaded.warnings {
            eprintln!("warning: {warning}");
        }
        let env = Environment::from_process();
        let profile = session::profile_name(&global.session_request(), &env, &loaded.config)
            .map_err(|error| error.to_string())?;
        Ok(Context { loaded, env, profile })
    }
}

/// A `--store` by its name (`secret-service`, `keyutils` …).
pub(super) fn parse_store(text: &str) -> Result<StoreKind, String> {
    text.parse()
}

/// The stores a command tries: the one `--store` names, else every store of this platform.
pub(super) fn choice(store: Option<StoreKind>) -> StoreChoice {
    store.map_or(StoreChoice::Auto, StoreChoice::Only)
}
