//! A campaign's settings in words a manager reads, for its detail and `campaigns show`.

use crate::api::UnsubscribeMode;
use crate::text::sanitize;

/// What an unsubscribe mode does for the contact.
pub(crate) fn unsubscribe_words(mode: &UnsubscribeMode) -> String {
    match mode.as_str() {
        "off" => "off: no unsubscribe link".to_string(),
        "one-click" => "one-click: a link in the e-mail's header".to_string(),
        "text" => "text: a line asking to reply to unsubscribe".to_string(),
        other => sanitize(other),
    }
}

/// An auto-pilot flag in words: the event it is about.
pub(crate) fn flag_words(name: &str) -> &'static str {
    match name {
        "cancel_meeting" => "Cancel a meeting",
        "create_meeting" => "Book a meeting",
        "do_not_contact" => "Do not contact",
        "do_not_respond" => "Leave unanswered",
        "move_meeting" => "Move a meeting",
        "put_on_hold" => "Put on hold",
        "send_email" => "Send an e-mail",
        "send_reconnect_email" => "Reconnect e-mail",
        "send_referral_email" => "E-mail a referral",
        "unsuccessful_delivery" => "Failed delivery",
        _ => "Other",
    }
}
