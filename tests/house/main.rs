//! The house: the arrows between the crate's files, and the shape of `tests/` itself.

#[path = "../common/mod.rs"]
mod common;

mod binaries;
mod endpoints;
mod layers;
