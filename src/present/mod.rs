//! Presentation shared by the CLI and the dashboard: what both show or read the same way.

pub mod days;
