//! The reply inbox's domain: how a reply is categorised as sales teams name it. Shared by the
//! dashboard's Exchanges pane, `outreach replies`, the campaign and bot results and the report,
//! so every count of "Interested" means the same thing everywhere.

mod category;
pub mod snippet;

pub use category::Category;
