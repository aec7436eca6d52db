//! The real binary's commands (assert_cmd) against the simulator over loopback.

#[path = "../common/mod.rs"]
mod common;

mod agency;
mod brief;
mod digest;
mod dnc;
mod errors;
mod faults;
mod glance;
mod groups_apart;
mod help;
mod hostile;
mod import;
mod inbox_faces;
mod line_mode;
mod lists;
mod one_look;
mod replies;
mod report;
mod sort;
mod status;
mod stream;
mod tables;
mod todo;
mod trends;
mod watch;
mod writes;
