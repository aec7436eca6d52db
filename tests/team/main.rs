//! The team store against a real PostgreSQL server (`bash .ci/with-postgres cargo test --test
//! team`): schema, two people at once, live changes, the outbox through an outage, and
//! that a password never shows.

#[path = "../common/mod.rs"]
mod common;

mod after_outage;
mod cli;
mod dashboard;
mod live;
mod outage;
mod outbox;
mod pg;
mod queued_assign;
mod secrets;
mod store;
