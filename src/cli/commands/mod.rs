//! One module per noun of the command line: its clap arguments and its `run`. A command
//! reaches the API through `cli::context`, prints through `cli::output`, and fails with a
//! `cli::exit::CliError`; the tree that names them all is `cli::Command`.

pub mod audit;
pub mod auth;
pub mod bots;
pub mod brief;
pub mod campaigns;
pub mod completions;
pub mod contacts;
pub mod conversions;
pub mod digest;
pub mod dnc;
pub mod exchanges;
pub mod meetings;
pub mod preflight;
pub mod replies;
pub mod report;
pub mod sim;
pub(crate) mod standing;
pub mod status;
pub mod team;
pub mod todo;
pub mod watch;
