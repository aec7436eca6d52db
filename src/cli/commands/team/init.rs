//! `outreach team init`: creates or migrates the team store's tables.

use super::open::{configured, failed, target};
use crate::api::{ExchangeGroup, ExchangeQuery};
use crate::cli::args::GlobalArgs;
use crate::cli::context::Context;
use crate::cli::exit::{CliError, Exit};
use crate::cli::output::streams::{note, write_stdout};
use crate::credentials::Keyring;
use crate::team::{Migrated, OrgName, TeamStore, schema};
use clap::Args;

#[derive(Debug, Args)]
pub struct InitArgs {
    /// A teammate to add to the team of the organisation (repeat for several); everyone is
    /// added anyway the first time they use the store.
    #[arg(long = "member", value_name = "NAME")]
    pub members: Vec<String>,
}

pub(super) async fn run(global: &GlobalArgs, args: InitArgs) -> Result<Exit, CliError> {
    let (profile, team) = configured(global)?;
    for name in &args.members {
        crate::config::check_member_name(name).map_err(CliError::usage)?;
    }
    let target = target(&profile, &team)?;
    // Members join an organisation's team: named by the config, else by the bots of the
    // inbox, as every other team command names it.
    let organisation = match target.organisation.as_deref().and_then(OrgName::new) {
        Some(name) => Some(name),
        None if !args.members.is_empty() => {
            let context = Context::connect(global).await?;
            let inbox = ExchangeQuery { group: Some(ExchangeGroup::Replied), ..Default::default() };
            let inbox = crate::inbox::fetch(&context.client, &inbox).await?.items;
            Some(super::open::organisation(&target, &inbox)?)
        }
        None => None,
    };
    let (store, migrated) = TeamStore::init(&target, &Keyring::system()).await.map_err(failed)?;
    let said = match migrated {
        Migrated::UpTo { from: 0 } => format!("created at schema version {}", schema::CURRENT),
        Migrated::UpTo { from } if from == schema::CURRENT => {
            format!("already at schema version {from}; nothing to do")
        }
        Migrated::UpTo { from } => format!("migrated from version {from} to {}", schema::CURRENT),
        Migrated::Newer { found } => format!("at version {found}, newer than this outreach"),
    };
    write_stdout(&format!("Team store {}: {said}.\n", target.shown()))?;
    if let Some(name) = organisation {
        let mut members = args.members.clone();
        members.push(target.me.clone());
        store.add_members(&name, &members).await.map_err(failed)?;
        let team = store.members(&name).await.map_err(failed)?;
        write_stdout(&format!("Team of {name}: {}.\n", crate::text::sanitize(&team.join(", "))))?;
    }
    note(&format!(
        "The store holds ids, times, flags and names only; profile '{}' works in it as '{}'.",
        profile, target.me
    ));
    Ok(Exit::Ok)
}
