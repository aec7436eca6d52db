//! The reply inbox's domain: which exchanges make it (`groups`), how a reply is categorised
//! as sales teams name it, what a row says about its conversation (the snippet), speed to
//! lead, and what the columns may ask of the inbox. Shared by the dashboard's Exchanges
//! pane, `outreach replies`, the campaign and bot results and the report, so every count of
//! "Interested" means the same thing everywhere.

mod category;
mod chains;
mod facts;
mod groups;
pub mod quiet;
pub mod snippet;
pub mod snooze;
pub mod speed;

pub use category::Category;
pub use chains::chains;
pub use facts::Facts;
pub use groups::{GROUPS, fetch};
pub use snippet::{Snippet, Writer};
pub use speed::{SpeedToLead, speed_to_lead, waits_on_us};
