//! The plumbing every command prints through: the `--output` format and JSON documents
//! (`format`), stdout and stderr (`streams`), a list written row by row (`list_writer`) or
//! as it streams in (`streamed`), tables fitted to a width (`table`), progress bars
//! (`progress`), records as `field: value` lines (`records`), `--sort` (`sort`), and what the terminal can take (`terminal`). Nothing here knows a
//! command.

pub mod format;
pub mod lines;
pub mod list_writer;
pub mod progress;
pub mod records;
pub mod sort;
pub mod streamed;
pub mod streams;
pub mod table;
pub mod terminal;
