//! What every list of the dashboard shares, whichever resource it shows: the virtual list
//! (`list`: filtered order, selection, scroll), the fuzzy filter (`filter`), the search and
//! index work kept off the UI thread (`search`), and values made once from a whole list
//! (`memo`).

pub mod filter;
pub mod list;
pub mod memo;
pub mod search;
