//! `TeamStore`: one connection to a team's PostgreSQL database and everything asked of it —
//! the marks of an organisation, a change under the two-people rule (`marks::decide`), the
//! history of an exchange, who is in the team, and a version that moves on any write.
//! Async; `blocking::BlockingTeam` wraps it for the dashboard's blocking mark jobs.

use super::error::{Secret, TeamError, from_driver};
use super::identity::OrgName;
use super::marks::{
    Action, Assigned, Conflict, Decision, Handled, MarkChange, Outcome, Snoozed, TeamMark, decide,
};
use super::schema::{self, Migrated};
use super::target::{PasswordSource, Target};
use crate::credentials::Keyring;
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::Mutex;
use tokio_postgres::{Client, Row};

/// The channel every change is announced on (`LISTEN outreach_team`).
pub const CHANNEL: &str = "outreach_team";

/// One change in the history of an exchange.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryEntry {
    /// When the store took it.
    pub at: DateTime<Utc>,
    /// When it was made (earlier when it waited in an outbox).
    pub made_at: DateTime<Utc>,
    pub who: String,
    /// handled, unhandled, assigned, unassigned, snoozed, unsnoozed.
    pub what: String,
    pub assigned_to: Option<String>,
    pub snoozed_until: Option<DateTime<Utc>>,
    /// The exchange's `updated_at` a handled mark was made at.
    pub updated_at: Option<DateTime<Utc>>,
}

/// An organisation in the store and the people in its team.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Team {
    pub organisation: String,
    pub members: Vec<String>,
}

/// A connection to a team store whose schema this build reads.
pub struct TeamStore {
    /// One connection; a change's transaction must not meet another call's statements on
    /// it, so calls take turns.
    client: tokio::sync::Mutex<Client>,
    url: String,
    me: String,
    secret: Secret,
    source: PasswordSource,
    organisations: Mutex<HashMap<OrgName, i32>>,
}

impl std::fmt::Debug for TeamStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TeamStore").field("url", &self.url).field("me", &self.me).finish()
    }
}

impl TeamStore {
    /// Connects and checks the schema is the one this build reads.
    pub async fn connect(target: &Target, keyring: &Keyring) -> Result<TeamStore, TeamError> {
        let store = TeamStore::open(target, keyring).await?;
        let found = store.schema_version().await?;
        let url = store.url.clone();
        match found {
            None => Err(TeamError::NotInitialised { url }),
            Some(found) if found < schema::CURRENT => {
                Err(TeamError::Outdated { url, found, wanted: schema::CURRENT })
            }
            Some(found) if found > schema::CURRENT => {
                Err(TeamError::Newer { url, found, wanted: schema::CURRENT })
            }
            Some(_) => Ok(store),
        }
    }

    /// Creates or migrates the schema (`outreach team init`), then connects as usual.
    pub async fn init(
        target: &Target,
        keyring: &Keyring,
    ) -> Result<(TeamStore, Migrated), TeamError> {
        let store = TeamStore::open(target, keyring).await?;
        let migrated =
            schema::migrate(&mut *store.client.lock().await).await.map_err(|e| store.error(&e))?;
        if let Migrated::Newer { found } = migrated {
            let url = store.url.clone();
            return Err(TeamError::Newer { url, found, wanted: schema::CURRENT });
        }
        Ok((store, migrated))
    }

    async fn open(target: &Target, keyring: &Keyring) -> Result<TeamStore, TeamError> {
        let opened = target.open(keyring).await?;
        let url = target.shown();
        let connection = opened.connection;
        // The connection ends with the client; its error shows in the next query.
        crate::tasks::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!("team store connection ended: {error}");
            }
        });
        Ok(TeamStore {
            client: tokio::sync::Mutex::new(opened.client),
            url,
            me: target.me.clone(),
            secret: opened.secret,
            source: opened.source,
            organisations: Mutex::new(HashMap::new()),
        })
    }

    /// The URL, without password.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Who I am in the team.
    pub fn me(&self) -> &str {
        &self.me
    }

    pub fn password_source(&self) -> &PasswordSource {
        &self.source
    }

    /// Whether the connection is gone (the server stopped, the network dropped).
    pub async fn is_closed(&self) -> bool {
        self.client.lock().await.is_closed()
    }

    fn error(&self, error: &tokio_postgres::Error) -> TeamError {
        from_driver(error, &self.url, &self.secret)
    }

    /// The schema's version now.
    pub async fn schema_version(&self) -> Result<Option<i32>, TeamError> {
        schema::version(&*self.client.lock().await).await.map_err(|e| self.error(&e))
    }

    /// The organisation's row id, made on first sight; I join its team then.
    async fn organisation(&self, org: &OrgName) -> Result<i32, TeamError> {
        if let Some(id) = self.known(org) {
            return Ok(id);
        }
        let client = self.client.lock().await;
        let mut made = None;
        // A teammate making the same organisation at this moment wins the insert; its row is
        // seen by the next statement (a new snapshot), not by this one.
        for _ in 0..2 {
            made = client
                .query_opt(
                    "WITH made AS (
                         INSERT INTO outreach.organisations (name) VALUES ($1)
                         ON CONFLICT (name) DO NOTHING RETURNING id)
                     SELECT id FROM made UNION ALL
                     SELECT id FROM outreach.organisations WHERE name = $1 LIMIT 1",
                    &[&org.as_str()],
                )
                .await
                .map_err(|e| self.error(&e))?;
            if made.is_some() {
                break;
            }
        }
        let row = made.ok_or_else(|| TeamError::Server {
            url: self.url.clone(),
            reason: "the organisation's row could not be made.".into(),
        })?;
        let id: i32 = row.get(0);
        client
            .execute(
                "INSERT INTO outreach.members (organisation, name) VALUES ($1, $2)
                 ON CONFLICT DO NOTHING",
                &[&id, &self.me],
            )
            .await
            .map_err(|e| self.error(&e))?;
        if let Ok(mut known) = self.organisations.lock() {
            known.insert(org.clone(), id);
        }
        Ok(id)
    }

    fn known(&self, org: &OrgName) -> Option<i32> {
        self.organisations.lock().ok().and_then(|known| known.get(org).copied())
    }

    /// Adds people to the organisation's team (`team init --member bob`).
    pub async fn add_members(&self, org: &OrgName, names: &[String]) -> Result<(), TeamError> {
        let id = self.organisation(org).await?;
        for name in names {
            crate::config::check_member_name(name).map_err(TeamError::Config)?;
            self.client
                .lock()
                .await
                .execute(
                    "INSERT INTO outreach.members (organisation, name) VALUES ($1, $2)
                     ON CONFLICT DO NOTHING",
                    &[&id, &name.trim()],
                )
                .await
                .map_err(|e| self.error(&e))?;
        }
        Ok(())
    }

    /// The organisation's team, by name.
    pub async fn members(&self, org: &OrgName) -> Result<Vec<String>, TeamError> {
        let id = self.organisation(org).await?;
        let rows = self
            .client
            .lock()
            .await
            .query(
                "SELECT name FROM outreach.members WHERE organisation = $1 ORDER BY name",
                &[&id],
            )
            .await
            .map_err(|e| self.error(&e))?;
        Ok(rows.iter().map(|row| row.get(0)).collect())
    }

    /// Every organisation in the store with its team (`team status`).
    pub async fn teams(&self) -> Result<Vec<Team>, TeamError> {
        let rows = self
            .client
            .lock()
            .await
            .query(
                "SELECT o.name, coalesce(array_agg(m.name ORDER BY m.name)
                     FILTER (WHERE m.name IS NOT NULL), '{}')
                 FROM outreach.organisations o
                 LEFT JOIN outreach.members m ON m.organisation = o.id
                 GROUP BY o.name ORDER BY o.name",
                &[],
            )
            .await
            .map_err(|e| self.error(&e))?;
        Ok(rows.iter().map(|row| Team { organisation: row.get(0), members: row.get(1) }).collect())
    }

    /// Every exchange of the organisation with a mark.
    pub async fn marks(&self, org: &OrgName) -> Result<HashMap<i64, TeamMark>, TeamError> {
        let id = self.organisation(org).await?;
        let rows = self
            .client
            .lock()
            .await
            .query(
                &format!(
                    "SELECT exchange, {MARK_COLUMNS} FROM outreach.marks WHERE organisation = $1
                     AND (handled_by IS NOT NULL OR assigned_to IS NOT NULL
                          OR snoozed_until IS NOT NULL)"
                ),
                &[&id],
            )
            .await
            .map_err(|e| self.error(&e))?;
        Ok(rows.iter().map(|row| (row.get::<_, i64>(0), mark(row, 1))).collect())
    }

    /// A number that moves on every change anyone makes.
    pub async fn version(&self) -> Result<i64, TeamError> {
        let row = self
            .client
            .lock()
            .await
            .query_one("SELECT coalesce(max(id), 0) FROM outreach.history", &[])
            .await
            .map_err(|e| self.error(&e))?;
        Ok(row.get(0))
    }

    /// Applies one change under the two-people rule, in one transaction that also writes
    /// its history row and announces it; a change whose id was taken before is not taken
    /// again.
    pub async fn apply(&self, org: &OrgName, change: &MarkChange) -> Result<Outcome, TeamError> {
        let id = self.organisation(org).await?;
        let (url, secret) = (self.url.clone(), self.secret.clone());
        let fail = |error: tokio_postgres::Error| from_driver(&error, &url, &secret);
        let who = change.who.trim();
        crate::config::check_member_name(who).map_err(TeamError::Config)?;
        let mut client = self.client.lock().await;
        if let Action::Assign { to: Some(to), .. } = &change.action {
            let known = client
                .query_opt(
                    "SELECT 1 FROM outreach.members WHERE organisation = $1 AND name = $2",
                    &[&id, &to.as_str()],
                )
                .await
                .map_err(fail)?;
            if known.is_none() {
                return Ok(Outcome::UnknownMember(to.clone()));
            }
        }
        let transaction = client.transaction().await.map_err(fail)?;
        let key: [&(dyn tokio_postgres::types::ToSql + Sync); 2] = [&id, &change.exchange];
        transaction
            .execute(
                "INSERT INTO outreach.marks (organisation, exchange) VALUES ($1, $2)
                 ON CONFLICT DO NOTHING",
                &key,
            )
            .await
            .map_err(fail)?;
        // The row lock makes two people's changes to one exchange take turns.
        let row = transaction
            .query_one(
                &format!(
                    "SELECT {MARK_COLUMNS} FROM outreach.marks
                     WHERE organisation = $1 AND exchange = $2 FOR UPDATE"
                ),
                &key,
            )
            .await
            .map_err(fail)?;
        let seen_before = transaction
            .query_opt("SELECT 1 FROM outreach.history WHERE client_id = $1", &[&change.id])
            .await
            .map_err(fail)?;
        if seen_before.is_some() {
            return Ok(Outcome::AlreadyApplied);
        }
        let current = mark(&row, 0);
        let mut action = change.action.clone();
        if let Action::Assign { seen, blind: blind @ true, .. } = &mut action {
            // Made without seeing the assignment: whatever stood when it was made is what it
            // replaces, unless a change made after it was taken first (its own outbox's
            // earlier marks were made before it). Making times are each maker's clock: a skew
            // between two machines only matters for changes made within it of each other.
            let since = transaction
                .query_opt(
                    "SELECT who, at, assigned_to FROM outreach.history
                     WHERE organisation = $1 AND exchange = $2
                       AND what IN ('assigned', 'unassigned') AND made_at > $3
                     ORDER BY id DESC LIMIT 1",
                    &[&id, &change.exchange, &change.made_at],
                )
                .await
                .map_err(fail)?;
            if let Some(row) = since {
                let (by, at) = (row.get(0), row.get(1));
                let assigned_to = Some(row.get(2));
                let conflict = Conflict { exchange: change.exchange, by, at, assigned_to };
                return Ok(Outcome::Refused(conflict));
            }
            *seen = current.assigned.as_ref().map(|assigned| assigned.to.clone());
            *blind = false;
        }
        match decide(&current, change.exchange, who, &action) {
            Decision::Unchanged => return Ok(Outcome::Unchanged),
            Decision::Refuse(conflict) => return Ok(Outcome::Refused(conflict)),
            Decision::Write => {}
        }
        let written = match &change.action {
            Action::Handle { updated_at } => {
                transaction
                    .execute(
                        "UPDATE outreach.marks SET handled_by = $3, handled_at = now(),
                             handled_updated_at = $4 WHERE organisation = $1 AND exchange = $2",
                        &[&id, &change.exchange, &who, updated_at],
                    )
                    .await
            }
            Action::Unhandle => {
                transaction
                    .execute(
                        "UPDATE outreach.marks SET handled_by = NULL, handled_at = NULL,
                             handled_updated_at = NULL WHERE organisation = $1 AND exchange = $2",
                        &key,
                    )
                    .await
            }
            Action::Assign { to, .. } => {
                transaction
                    .execute(
                        "UPDATE outreach.marks SET assigned_to = $4::text,
                             assigned_by = CASE WHEN $4::text IS NULL THEN NULL ELSE $3 END,
                             assigned_at = CASE WHEN $4::text IS NULL THEN NULL ELSE now() END
                         WHERE organisation = $1 AND exchange = $2",
                        &[&id, &change.exchange, &who, to],
                    )
                    .await
            }
            Action::Snooze { until } => {
                transaction
                    .execute(
                        "UPDATE outreach.marks SET snoozed_until = $4::timestamptz,
                             snoozed_by = CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE $3 END,
                             snoozed_at = CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE now() END
                         WHERE organisation = $1 AND exchange = $2",
                        &[&id, &change.exchange, &who, until],
                    )
                    .await
            }
        };
        written.map_err(fail)?;
        let (assigned_to, snoozed_until, updated_at) = match &change.action {
            Action::Handle { updated_at } => (None, None, *updated_at),
            Action::Assign { to, .. } => (to.clone(), None, None),
            Action::Snooze { until } => (None, *until, None),
            Action::Unhandle => (None, None, None),
        };
        let what = change.action.what();
        let row = transaction
            .query_one(
                "INSERT INTO outreach.history (organisation, exchange, who, what, assigned_to,
                     snoozed_until, updated_at, made_at, client_id)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
                &[
                    &id,
                    &change.exchange,
                    &who,
                    &what,
                    &assigned_to,
                    &snoozed_until,
                    &updated_at,
                    &change.made_at,
                    &change.id,
                ],
            )
            .await
            .map_err(fail)?;
        let history: i64 = row.get(0);
        let payload = serde_json::json!({
            "id": history,
            "organisation": org.as_str(),
            "exchange": change.exchange,
            "who": who,
            "what": what,
        });
        transaction
            .execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload.to_string().as_str()])
            .await
            .map_err(fail)?;
        match transaction.commit().await {
            Ok(()) => Ok(Outcome::Applied),
            // The same id taken by a twin sent at the same moment: it counts once.
            Err(error)
                if error.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) =>
            {
                Ok(Outcome::AlreadyApplied)
            }
            Err(error) => Err(fail(error)),
        }
    }

    /// Every change of one exchange, oldest first.
    pub async fn history(
        &self,
        org: &OrgName,
        exchange: i64,
    ) -> Result<Vec<HistoryEntry>, TeamError> {
        let id = self.organisation(org).await?;
        let rows = self
            .client
            .lock()
            .await
            .query(
                "SELECT at, made_at, who, what, assigned_to, snoozed_until, updated_at
                 FROM outreach.history WHERE organisation = $1 AND exchange = $2 ORDER BY id",
                &[&id, &exchange],
            )
            .await
            .map_err(|e| self.error(&e))?;
        Ok(rows
            .iter()
            .map(|row| HistoryEntry {
                at: row.get(0),
                made_at: row.get(1),
                who: row.get(2),
                what: row.get(3),
                assigned_to: row.get(4),
                snoozed_until: row.get(5),
                updated_at: row.get(6),
            })
            .collect())
    }
}

const MARK_COLUMNS: &str = "handled_by, handled_at, handled_updated_at, assigned_to, \
     assigned_by, assigned_at, snoozed_until, snoozed_by, snoozed_at";

/// The marks in [`MARK_COLUMNS`] from column `from` on.
fn mark(row: &Row, from: usize) -> TeamMark {
    let handled = row.get::<_, Option<String>>(from).map(|by| Handled {
        by,
        at: row.get::<_, Option<DateTime<Utc>>>(from + 1).unwrap_or_default(),
        updated_at: row.get(from + 2),
    });
    let assigned = row.get::<_, Option<String>>(from + 3).map(|to| Assigned {
        to,
        by: row.get::<_, Option<String>>(from + 4).unwrap_or_default(),
        at: row.get::<_, Option<DateTime<Utc>>>(from + 5).unwrap_or_default(),
    });
    let snoozed = row.get::<_, Option<DateTime<Utc>>>(from + 6).map(|until| Snoozed {
        until,
        by: row.get::<_, Option<String>>(from + 7).unwrap_or_default(),
        at: row.get::<_, Option<DateTime<Utc>>>(from + 8).unwrap_or_default(),
    });
    TeamMark { handled, assigned, snoozed }
}
