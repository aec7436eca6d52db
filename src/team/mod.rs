//! The team store: handled, assigned and snoozed marks a team shares through a PostgreSQL
//! database, per organisation, live across every dashboard (LISTEN/NOTIFY), with a history
//! of every change. A profile names it in `[profiles.NAME.team]`; without that nothing
//! here runs and the marks stay in this machine's file (`crate::local`).
//!
//! What it holds: organisation names, team member names, exchange ids, timestamps and flags.
//! Never message text, addresses or keys; "seen" stays personal, in the local file.
//!
//! - `target`: where the store is and how to log in (the password from `PGPASSWORD`, the
//!   OS keyring or libpq's password file; never from the config), `tls` the rustls adapter,
//!   `passfile` libpq's password file.
//! - `schema`: the versioned tables; `store`: `TeamStore`, the async calls; `marks`: what is
//!   shared and the two-people rule; `identity`: which organisation (how it is chosen is
//!   said there); `listen`: the stream of changes.
//! - `workload`: each person's share (handled today, assigned and waiting), for the
//!   dashboard's Overview and `team status` alike.
//! - `outbox`: marks made while the store is away, sent in order when it is back;
//!   `blocking`: the store for the dashboard's blocking mark jobs (`crate::local::TriageStore`).

pub mod blocking;
mod error;
pub mod identity;
mod listen;
pub mod marks;
pub mod outbox;
mod passfile;
pub mod schema;
mod store;
mod target;
mod tls;
pub mod workload;

pub use blocking::{BlockingTeam, Health};
pub use error::TeamError;
pub use identity::OrgName;
pub use listen::{Change, Changes, listen};
pub use marks::{Action, Conflict, MarkChange, Outcome, TeamMark};
pub use outbox::{Flushed, Outbox, flush};
pub use schema::Migrated;
pub use store::{CHANNEL, HistoryEntry, Team, TeamStore};
pub use target::{PasswordSource, Target, keyring_user};
