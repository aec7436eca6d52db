//! The text of an item opened from a list. Built from the state alone, so `update` can
//! count its lines for scrolling and the views can draw it.

mod answers;
pub mod bot;
pub mod campaign;
pub mod contact;
pub mod meeting;
mod results;
mod warmup_curve;
