//! Several organisations at once (`--group NAME` from `[groups]`, or `--profiles a,b`):
//! which profiles, a context for each (its own key, base URL and read-only flag, found as
//! for one profile by `session::resolve_with`), read a few at a time so that one slow or
//! failing organisation holds no other, each failure said on its own line naming its
//! profile, and the worst exit of them all.

pub mod lists;

use crate::cli::args::GlobalArgs;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit, render_error};
use crate::cli::output::streams::{note, warn};
use crate::cli::output::terminal::Term;
use crate::config::Loaded;
use crate::credentials::Keyring;
use crate::session::{self, Environment, SessionError, SessionRequest};
use futures_util::stream::{self, StreamExt};
use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

pub use crate::config::AT_ONCE;

/// The commands that take `--group` / `--profiles`, for the messages that point to them.
pub const COMMANDS: &str = "status, replies, todo, report, digest, watch and every list \
    (campaigns, bots, contacts, exchanges, meetings, dnc)";

/// The organisations a command reads: their profiles, in the order asked for.
pub struct Orgs {
    profiles: Vec<String>,
    loaded: Loaded,
    env: Environment,
}

/// One organisation's answer, by its profile.
pub struct Answer<T> {
    pub profile: String,
    pub result: Result<T, CliError>,
}

impl Orgs {
    /// The organisations `--group` or `--profiles` ask for; `None` when neither is given
    /// (the command reads its one profile as always).
    pub fn chosen(global: &GlobalArgs) -> Result<Option<Orgs>, CliError> {
        if !global.asks_group() {
            return Ok(None);
        }
        let loaded = crate::config::load().map_err(SessionError::Config)?;
        let Some(profiles) = named(global, &loaded)? else { return Ok(None) };
        let env = Environment::from_process();
        if env.api_key.is_some() {
            return Err(CliError::usage(
                "OUTREACH_API_KEY holds one key, and each organisation of a group has its own.",
            )
            .with_hint(
                "Unset OUTREACH_API_KEY; each profile's key comes from the OS keyring (`outreach --profile NAME auth login`).",
            ));
        }
        let term = global.term();
        for warning in &loaded.warnings {
            warn(&term, warning);
        }
        Ok(Some(Orgs { profiles, loaded, env }))
    }

    pub fn profiles(&self) -> &[String] {
        &self.profiles
    }

    /// Reads every organisation with `read`, each on a context of its own; the answers
    /// come in the order of the profiles.
    ///
    /// The contexts are made first (the keyring asked [`AT_ONCE`] profiles at a time). Then
    /// [`AT_ONCE`] threads take the organisations in turn, each with a small runtime of its
    /// own: an organisation's local work (its marks, its look, its glance) blocks only its
    /// thread, and its network waits hold no other.
    pub async fn read<T, F, Fut>(&self, global: &GlobalArgs, read: F) -> Vec<Answer<T>>
    where
        T: Send + 'static,
        F: Fn(Context) -> Fut + Sync,
        Fut: Future<Output = Result<T, CliError>>,
    {
        // The threads' work is made once for every command: each command's answer goes
        // through them as `Any` (twelve copies of the threads and their runtime were 150 KB
        // of the binary), and only the downcast below is made per kind of answer.
        let erased = |context| -> Reading<'_> {
            let reading = read(context);
            Box::pin(async move { Ok(Box::new(reading.await?) as Erased) })
        };
        let results = self.read_erased(global, &erased).await;
        self.profiles
            .iter()
            .zip(results)
            .map(|(profile, result)| {
                let result = result.and_then(|answer| {
                    answer.downcast::<T>().map(|answer| *answer).map_err(|_| {
                        CliError::failure("An organisation's answer was not of the kind asked for.")
                    })
                });
                Answer { profile: profile.clone(), result }
            })
            .collect()
    }

    /// Every organisation read with `read`, the answers' kinds erased: one copy of the
    /// contexts' making and the threads for every command, behind a pointer.
    fn read_erased<'a>(
        &'a self,
        global: &'a GlobalArgs,
        read: &'a (dyn Fn(Context) -> Reading<'a> + Sync),
    ) -> Gathering<'a> {
        Box::pin(async move {
            let contexts = self.contexts(global).await;
            tokio::task::block_in_place(|| apart(contexts, read))
        })
    }

    /// A context for each profile, in order (the keyring asked [`AT_ONCE`] profiles at a
    /// time).
    async fn contexts(&self, global: &GlobalArgs) -> Vec<Result<Context, CliError>> {
        let keyring = Keyring::system();
        stream::iter(&self.profiles)
            .map(|profile| self.connect(global, profile, &keyring))
            .buffered(AT_ONCE)
            .collect()
            .await
    }

    /// The context of one profile: its key and base URL found as for one profile; the
    /// config's own warnings were said once already.
    async fn connect(
        &self,
        global: &GlobalArgs,
        profile: &str,
        keyring: &Keyring,
    ) -> Result<Context, CliError> {
        let request = SessionRequest {
            profile: Some(profile.to_string()),
            base_url: global.base_url.clone(),
            allow_http: global.allow_http,
        };
        let mut session = session::resolve_with(&request, &self.env, &self.loaded, keyring).await?;
        session.warnings.retain(|warning| !self.loaded.warnings.contains(warning));
        let mut context = Context::of(session, global.term())?;
        context.grouped = true;
        Ok(context)
    }
}

/// Every organisation being read, the answers' kind erased.
type Gathering<'a> = Pin<Box<dyn Future<Output = Vec<Result<Erased, CliError>>> + 'a>>;

/// An organisation's answer of whatever kind its command reads.
type Erased = Box<dyn Any + Send>;

/// The reading of one organisation, its answer's kind erased.
type Reading<'a> = Pin<Box<dyn Future<Output = Result<Erased, CliError>> + 'a>>;

/// Each context's `read` on [`AT_ONCE`] threads with a current-thread runtime each, in
/// the order given.
fn apart<'a>(
    contexts: Vec<Result<Context, CliError>>,
    read: &(dyn Fn(Context) -> Reading<'a> + Sync),
) -> Vec<Result<Erased, CliError>> {
    let count = contexts.len();
    let waiting: Vec<Mutex<Option<Result<Context, CliError>>>> =
        contexts.into_iter().map(|context| Mutex::new(Some(context))).collect();
    let answered: Vec<Mutex<Option<Result<Erased, CliError>>>> =
        (0..count).map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|threads| {
        for _ in 0..AT_ONCE.min(count) {
            threads.spawn(|| {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build();
                let Ok(runtime) = runtime else { return };
                loop {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(slot) = waiting.get(at) else { break };
                    let taken = slot.lock().ok().and_then(|mut context| context.take());
                    let result = match taken {
                        Some(Ok(context)) => runtime.block_on(read(context)),
                        Some(Err(error)) => Err(error),
                        None => continue,
                    };
                    if let Some(Ok(mut answer)) = answered.get(at).map(Mutex::lock) {
                        *answer = Some(result);
                    }
                }
                // Blocking work still running gets the time a local-state write needs.
                runtime.shutdown_timeout(std::time::Duration::from_secs(3));
            });
        }
    });
    answered
        .into_iter()
        .map(|answer| {
            answer.into_inner().ok().flatten().unwrap_or_else(|| {
                Err(CliError::failure("The organisation could not be read: no thread or runtime could be started for it.")
                    .with_hint("The system may be out of threads or memory; try again."))
            })
        })
        .collect()
}

/// The answers that came, by profile; each failure said on stderr as `error: PROFILE: …`,
/// and the worst exit among the failures (`Exit::Ok` when none failed).
pub fn sort_out<T>(answers: Vec<Answer<T>>, term: &Term) -> (Vec<(String, T)>, Exit) {
    let mut came = Vec::with_capacity(answers.len());
    let mut exit = Exit::Ok;
    for Answer { profile, result } in answers {
        match result {
            Ok(value) => came.push((profile, value)),
            Err(error) => {
                exit = exit.worst(error.exit);
                note(&render_error(&named_error(&profile, error), term.stderr_color));
            }
        }
    }
    (came, exit)
}

/// The error with its profile first: "acme: The API refused the key …".
pub fn named_error(profile: &str, mut error: CliError) -> CliError {
    error.message = format!("{profile}: {}", error.message);
    error
}

/// The profiles `--group` or `--profiles` name, by name only (no key is looked for);
/// `None` when neither is given.
pub fn named(global: &GlobalArgs, loaded: &Loaded) -> Result<Option<Vec<String>>, CliError> {
    match &global.group {
        Some(group) => members(loaded, group).map(Some),
        None if global.profiles.is_empty() => Ok(None),
        None => listed(&global.profiles).map(Some),
    }
}

/// The profiles of `[groups] NAME`, or a message listing the groups there are.
fn members(loaded: &Loaded, group: &str) -> Result<Vec<String>, CliError> {
    if let Some(members) = loaded.config.groups.get(group) {
        return Ok(members.clone());
    }
    let file = loaded
        .path
        .as_ref()
        .map_or_else(|| "the config file".to_string(), |path| path.display().to_string());
    let group = crate::text::sanitize(group);
    let error = if loaded.config.groups.is_empty() {
        CliError::usage(format!("No group '{group}': {file} has no [groups]."))
            .with_hint("Add one, as `[groups]` then `clients = [\"acme\", \"globex\"]` (each a [profiles.NAME]), or name the profiles with --profiles acme,globex.")
    } else {
        let names: Vec<&str> = loaded.config.groups.keys().map(String::as_str).collect();
        CliError::usage(format!(
            "No group '{group}' in {file}; the groups are {}.",
            names.join(", ")
        ))
    };
    Err(error)
}

/// `--profiles a,b`: each a usable name, each once.
fn listed(profiles: &[String]) -> Result<Vec<String>, CliError> {
    let mut chosen: Vec<String> = Vec::new();
    for profile in profiles.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
        crate::config::check_profile_name(profile)
            .map_err(|error| CliError::usage(format!("--profiles: {error}")))?;
        if !chosen.iter().any(|seen| seen == profile) {
            chosen.push(profile.to_string());
        }
    }
    if chosen.is_empty() {
        return Err(CliError::usage(
            "--profiles names no profile: give them as --profiles acme,globex.",
        ));
    }
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_profiles_are_checked_and_kept_once_in_order() {
        let given = |list: &[&str]| listed(&list.iter().map(|p| p.to_string()).collect::<Vec<_>>());
        assert_eq!(given(&["globex", " acme", "globex"]).unwrap(), ["globex", "acme"]);
        assert!(given(&["", " "]).unwrap_err().message.contains("names no profile"));
        assert!(given(&["a b"]).unwrap_err().message.contains("not a usable profile name"));
    }

    #[test]
    fn an_unknown_group_lists_the_groups_there_are() {
        let mut loaded = Loaded::default();
        let none = members(&loaded, "clients").unwrap_err();
        assert!(none.message.contains("has no [groups]"), "{}", none.message);
        assert!(none.hint.unwrap_or_default().contains("--profiles"));
        loaded.config.groups.insert("eu".into(), vec!["acme".into()]);
        loaded.config.groups.insert("us".into(), vec!["globex".into()]);
        let other = members(&loaded, "clients").unwrap_err();
        assert!(other.message.contains("the groups are eu, us"), "{}", other.message);
        assert_eq!(members(&loaded, "us").unwrap(), ["globex"]);
    }
}
