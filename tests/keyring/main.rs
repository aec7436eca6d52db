//! The real OS key stores (kernel keyutils, the Secret Service) and the commands that use
//! them. Apart: they need the D-Bus session with an unlocked Secret Service that
//! `.ci/with-keyring` starts, and they write entries in this user's keyrings, which no other
//! test may see or race.

#[path = "../common/mod.rs"]
mod common;

mod auth_cli;
mod auth_no_leak;
mod auth_prompt;
mod auth_secret_service;
mod auth_sim;
mod keyutils;
mod mock;
mod secret_service;
