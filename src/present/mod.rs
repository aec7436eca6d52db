//! How things look, for the CLI and the dashboard alike: one column definition per list
//! resource, the tone of every status, the advice for each API error, how names read and
//! how days are written. Below both `cli` and `tui`: it imports neither, and both render
//! from it, so the two cannot drift apart again.

pub mod advice;
pub mod column;
pub mod columns;
pub mod days;
pub mod fit;
pub mod names;
pub mod tone;
pub mod width;

pub use column::{ANY, Align, CampaignNames, Cell, Column, Context, Shown, Surface, Value};
pub use tone::Tone;
