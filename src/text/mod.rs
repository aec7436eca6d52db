//! Untrusted text from the API made safe for a terminal (no control, escape, bidi or
//! invisible character from a server reaches it: they can rewrite the title or clipboard,
//! or hide and spoof text), and e-mail bodies made readable: HTML to text at a width,
//! quoted history, link footnotes, wrapping.

mod body;
mod bounds;
mod escapes;
mod osc;
mod plural;
mod quotes;
mod sanitize;
mod urls;
mod wrap;

pub use body::{BodyLine, BodySource, RenderedBody, render_body, render_body_showing};
pub use bounds::{MAX_BODY_BYTES, MAX_HTML_DEPTH, cut_bytes};
pub use osc::{Wrap, osc};
pub use plural::{count, noun};
pub use quotes::quoted_lines;
pub use sanitize::{CLASSES, Class, Treatment, sanitize, sanitize_multiline, treatment};
pub use urls::{ends_url, safe_url, starts_with_scheme, trim_url, urls_in};
pub use wrap::{quote_prefix, truncate, width, wrap_line};
