//! The house: the arrows between the crate's files, the shape of `tests/` itself, and the
//! documents a newcomer reads, and generic machinery the release binary carries once.

#[path = "../common/mod.rs"]
mod common;

mod binaries;
mod docs;
mod endpoints;
mod generics;
mod layers;
