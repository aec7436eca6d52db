//! The team store's tables, in their own schema `outreach`, and their migrations, versioned
//! by the one row of `outreach.schema_version`.
//!
//! Each entry of [`MIGRATIONS`] takes the schema from version `i` to `i + 1`; a new version is
//! a new entry at the end, never an edit of an old one. Only ids, timestamps, flags, the
//! organisation's name and team members' names are kept: never message text, addresses or
//! keys.

use tokio_postgres::Client;

/// Version 1: organisations (by their folded name), members, the marks of each exchange
/// (handled with who, when and at which `updated_at`; assigned to whom, by whom; snoozed
/// until when, by whom), and the history of every change, each with the client-made id that
/// makes a mark sent twice (from an outbox) count once.
pub(crate) const MIGRATIONS: &[&str] = &["
    CREATE TABLE outreach.organisations (
        id SERIAL PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE outreach.members (
        organisation INTEGER NOT NULL REFERENCES outreach.organisations (id),
        name TEXT NOT NULL,
        joined_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        PRIMARY KEY (organisation, name)
    );
    CREATE TABLE outreach.marks (
        organisation INTEGER NOT NULL REFERENCES outreach.organisations (id),
        exchange BIGINT NOT NULL,
        handled_by TEXT,
        handled_at TIMESTAMPTZ,
        handled_updated_at TIMESTAMPTZ,
        assigned_to TEXT,
        assigned_by TEXT,
        assigned_at TIMESTAMPTZ,
        snoozed_until TIMESTAMPTZ,
        snoozed_by TEXT,
        snoozed_at TIMESTAMPTZ,
        PRIMARY KEY (organisation, exchange)
    );
    CREATE TABLE outreach.history (
        id BIGSERIAL PRIMARY KEY,
        organisation INTEGER NOT NULL REFERENCES outreach.organisations (id),
        exchange BIGINT NOT NULL,
        who TEXT NOT NULL,
        what TEXT NOT NULL
            CHECK (what IN ('handled', 'unhandled', 'assigned', 'unassigned', 'snoozed', 'unsnoozed')),
        assigned_to TEXT,
        snoozed_until TIMESTAMPTZ,
        updated_at TIMESTAMPTZ,
        at TIMESTAMPTZ NOT NULL DEFAULT now(),
        made_at TIMESTAMPTZ NOT NULL,
        client_id TEXT NOT NULL UNIQUE
    );
    CREATE INDEX history_by_exchange ON outreach.history (organisation, exchange, id);
"];

/// The version this build writes.
pub const CURRENT: i32 = MIGRATIONS.len() as i32;

/// One number for every outreach that migrates at once: the second waits for the first.
const MIGRATION_LOCK: i64 = 0x6f75_7472_6561_6368;

/// Where the store stood against this build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Migrated {
    /// At [`CURRENT`], having been at `from` (0: created now).
    UpTo { from: i32 },
    /// Written by a newer outreach: left untouched.
    Newer { found: i32 },
}

/// Creates or migrates the schema in one transaction, under a lock so that two `team init`
/// at once do it once.
pub(crate) async fn migrate(client: &mut Client) -> Result<Migrated, tokio_postgres::Error> {
    let transaction = client.transaction().await?;
    transaction.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK]).await?;
    transaction
        .batch_execute(
            "CREATE SCHEMA IF NOT EXISTS outreach;
             CREATE TABLE IF NOT EXISTS outreach.schema_version (version INTEGER NOT NULL);",
        )
        .await?;
    let found: Option<i32> = transaction
        .query_opt("SELECT version FROM outreach.schema_version", &[])
        .await?
        .map(|row| row.get(0));
    let from = found.unwrap_or(0);
    if from > CURRENT {
        return Ok(Migrated::Newer { found: from });
    }
    for step in MIGRATIONS.iter().skip(from.max(0) as usize) {
        transaction.batch_execute(step).await?;
    }
    match found {
        Some(_) => {
            transaction.execute("UPDATE outreach.schema_version SET version = $1", &[&CURRENT])
        }
        None => transaction.execute("INSERT INTO outreach.schema_version VALUES ($1)", &[&CURRENT]),
    }
    .await?;
    transaction.commit().await?;
    Ok(Migrated::UpTo { from })
}

/// The schema's version now; `None` when it was never created.
pub(crate) async fn version(client: &Client) -> Result<Option<i32>, tokio_postgres::Error> {
    let exists: bool = client
        .query_one("SELECT to_regclass('outreach.schema_version') IS NOT NULL", &[])
        .await?
        .get(0);
    if !exists {
        return Ok(None);
    }
    let row = client.query_opt("SELECT version FROM outreach.schema_version", &[]).await?;
    Ok(row.map(|row| row.get(0)))
}
