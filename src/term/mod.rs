//! The dashboard's dealings with the terminal and the user's own programs beyond drawing:
//! the clipboard (OSC 52), hyperlinks (OSC 8), opening a link, and handing text to the
//! pager or the editor. Below `tui`; knows nothing of its state.

pub mod clipboard;
pub mod colors;
pub mod links;
pub mod programs;
