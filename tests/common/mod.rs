//! Support shared by the integration tests: the simulator on loopback (`sim`), the real
//! binary in an isolated home (`home`, `cli`) or a pseudo-terminal (`pty`), the real OS
//! key stores (`keyring`), and the TUI's fixture data and pure-update helpers (at the root).
#![expect(dead_code)]

pub mod agency;
pub mod cli;
pub mod fixtures;
pub mod home;
pub mod keyring;
pub mod layers;
pub mod pty;
pub mod scenarios;
pub mod sim;
pub mod skip;
pub mod truth;
mod tui;

// The TUI tests read these from the root; the other tests leave them unused. This module
// is compiled into every test binary and each uses a different part of it, so no
// `#[expect]` holds in all of them: an `allow` is the one honest word here.
#[allow(clippy::allow_attributes, unused_imports)]
pub use fixtures::*;
#[allow(clippy::allow_attributes, unused_imports)]
pub use tui::*;
