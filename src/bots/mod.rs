//! What a bot's fields mean for the person running the organisation: whether it can send
//! well ([`health`]) and where its warm-up stands ([`warmup`]). Below the TUI and the CLI so
//! both say the same about each bot.

pub mod health;
pub mod warmup;

pub use health::{Standing, problems, standing, verdict};
pub use warmup::{Warmup, warmup};
