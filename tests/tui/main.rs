//! The dashboard without a terminal: `update`, screens on a test backend, the event loop
//! in process, the filter, the inbox and the write forms.

#[path = "../common/mod.rs"]
mod common;
#[path = "writes_support/mod.rs"]
mod tui_writes_support;

mod brief;
mod bytes;
mod event_loop;
mod faults;
mod filter;
mod group;
mod group_forms;
mod group_inbox;
mod group_marked;
mod group_panes;
mod group_sort;
mod group_triage;
mod hostile;
mod inbox;
mod intents;
mod jumps;
mod narrow;
mod needs;
mod observe;
mod overlays;
mod overview;
mod pictures;
mod plain_meaning;
mod preview;
mod rebinding;
mod reliability;
mod remembered;
mod runner;
mod screens;
mod snooze;
mod sort;
mod ssh_keys;
mod update;
mod update_props;
mod views;
mod vt100;
mod writes;
mod writes_forms;
mod writes_screens;
mod writes_sim;
