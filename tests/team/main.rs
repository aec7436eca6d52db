//! The team store against a real PostgreSQL server, which the tests start themselves from the
//! machine's binaries (`cluster.rs`): schema, two people at once, live changes, the outbox
//! through an outage, and that a password never shows. Without PostgreSQL they say SKIPPED.

#[path = "../common/mod.rs"]
mod common;

mod after_outage;
mod cli;
mod cluster;
mod dashboard;
mod group;
mod harness;
mod live;
mod one_look;
mod outage;
mod outbox;
mod pg;
mod queued_assign;
mod secrets;
mod store;
mod surfaces;
