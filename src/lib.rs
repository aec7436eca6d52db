//! outreach: a terminal dashboard, CLI and simulator for the Outreach Automation Service API.
//! The crate is a library so that `tests/` and `benches/` use the same code as the binary.
#![deny(clippy::unwrap_used, clippy::expect_used)]
#![cfg_attr(test, expect(clippy::unwrap_used, clippy::expect_used))]

pub mod absence;
pub mod api;
pub mod audit;
pub mod bots;
pub mod brief;
pub mod chain;
pub mod cli;
pub mod clock;
pub mod config;
pub mod credentials;
pub mod digest;
pub mod glance;
pub mod hooks;
pub mod ids;
pub mod inbox;
pub mod local;
pub mod logging;
pub mod look;
pub mod needs;
pub mod observe;
pub mod present;
pub mod results;
pub mod session;
pub mod sim;
pub mod sorting;
pub mod summary;
pub mod tasks;
pub mod team;
pub mod term;
pub mod text;
pub mod tui;
