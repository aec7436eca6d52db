//! How things look, for the CLI and the dashboard alike: one column definition per list
//! resource, the tone of every status, the advice for each API error, how names read and
//! how days are written. Below both `cli` and `tui`: it imports neither, and both render
//! from it, so the two cannot drift apart again.

pub(crate) mod advice;
pub(crate) mod cause;
pub(crate) mod column;
pub(crate) mod columns;
pub(crate) mod dnc;
pub(crate) mod fit;
pub(crate) mod graph;
pub(crate) mod names;
pub(crate) mod organisation;
pub(crate) mod settings;
pub(crate) mod sort;
pub(crate) mod sort_key;
pub(crate) mod tone;
pub(crate) mod width;

pub(crate) use column::{Align, CampaignNames, Column, Context, Shown};
pub(crate) use tone::Tone;
