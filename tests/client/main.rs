//! The typed client against the simulator over loopback HTTP: every endpoint, faults,
//! retries, tolerance of odd answers, the list decoder, and the audit of writes.

#[path = "../common/mod.rs"]
mod common;

mod audit_writes;
mod auth;
mod endpoints;
mod faults;
mod list_decoder_chunks;
mod retry;
mod streamed;
mod tolerance;
