//! The simulator: a faithful in-process server of the whole API (DESIGN §5).

pub mod chain;
mod chain_body;
pub mod clock;
mod hostile;
pub mod rng;
pub mod seed;
mod seed_activity;
mod seed_bots;
#[cfg(test)]
mod seed_tests;
pub mod store;
pub mod words;
