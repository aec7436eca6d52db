//! What a bot's fields mean for the person running the organisation: whether it can send
//! well ([`health`]) and where its warm-up stands ([`warmup`]). Below the TUI and the CLI so
//! both say the same about each bot.

pub(crate) mod checks;
pub(crate) mod doubt;
pub(crate) mod health;
pub(crate) mod warmup;

pub use checks::{Check, CheckKind, checks};
pub use doubt::doubt;
pub use health::{Standing, problems, standing, verdict};
pub(crate) use warmup::{Ramp, warmup};
