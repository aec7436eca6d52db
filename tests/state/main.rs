//! The local state file (SQLite): marks, migrations, several processes at once.

#[path = "../common/mod.rs"]
mod common;

mod state_local;
