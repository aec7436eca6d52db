//! Writes to the API: what is sent and how (`request`), and what the dashboard shows about
//! it (`feedback`: the question before, the spinner during, the toast after).

pub mod feedback;
pub mod request;
