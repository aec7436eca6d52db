//! The simulator: its seeded data, validation, live changes, `outreach sim`, and the
//! results it lets us compute.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod data;
mod groups;
mod live;
mod results_sim;
mod validation;
