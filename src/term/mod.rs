//! The dashboard's dealings with the terminal and the user's own programs beyond drawing:
//! the background colour it says it has (OSC 11), the clipboard (OSC 52), hyperlinks (OSC 8), opening a link, and handing text to the
//! pager or the editor. Below `tui`; knows nothing of its state.

pub mod background;
pub mod clipboard;
pub mod colors;
pub mod links;
pub mod programs;
