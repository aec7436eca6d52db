//! English.

use super::Words;

pub static WORDS: Words = Words {
    month_first: true,
    subject_auto: &["automatic reply", "auto reply", "autoreply", "auto response", "automatic response", "auto:", "automated reply"],
    subject_away: &["out of office", "out of the office", "ooo", "away", "on leave", "vacation", "on holiday", "absence", "annual leave", "pto"],
    subject_not_away: &[
        "undeliverable", "undelivered", "delivery status notification", "mail delivery failed",
        "delivery failure", "returned mail", "delivery delayed", "delivery has failed", "read:",
        "failure notice", "not delivered",
    ],
    away: &[
        "out of the office", "out of office", "ooo", "on annual leave", "on leave", "on vacation",
        "on holiday", "on holidays", "away from my desk", "away from the office", "parental leave",
        "maternity leave", "paternity leave", "on sabbatical", "out sick", "travelling", "traveling",
        "on business travel", "i'm away", "i am away", "i will be away", "i'll be away",
        "i'm off until", "i am off until", "office is closed", "not in the office",
        "out of the country", "at a conference", "pto", "time off", "back in the office",
        "medical leave", "sick leave", "offsite",
    ],
    notice: &[
        "upon my return", "on my return", "when i return", "when i'm back", "when i am back",
        "after my return", "until my return", "when i get back", "limited access",
        "intermittent access", "sporadic access", "no access to", "not be forwarded",
        "will not be read", "won't be checking", "not be checking", "not checking",
        "no longer checking", "won't be reading", "will have no access", "in my absence",
        "during my absence", "for urgent", "if urgent", "if this is urgent", "is urgent",
        "urgent matters", "immediate assistance", "this is an automated", "automated reply",
        "this is an automatic", "i will respond", "i'll respond", "i will reply", "i'll reply",
        "i will get back to you", "i'll get back to you", "responses will be delayed",
        "will be answered", "will be responding", "i'll be responding", "i will be responding",
        "will read it when", "not be responding", "anything urgent", "delayed response",
    ],
    chat: &[
        "let's", "lets", "how about", "would be ideal", "works for me", "does that work",
        "send me", "could you", "can you", "happy to", "sounds good", "interested", "no rush",
        "keep it short", "i can answer", "answer now", "yes", "sure", "thanks for following up",
        "sorry for the delay",
    ],
    not_away: &[
        "have left", "has left", "no longer with", "no longer work", "no longer employed",
        "no longer monitored", "received your request", "have received your", "ticket",
        "your application", "applying", "automatic replies are turned on",
        "turn off automatic replies",
    ],
    months: [
        &["january", "jan"], &["february", "feb"], &["march", "mar"], &["april", "apr"],
        &["may"], &["june", "jun"], &["july", "jul"], &["august", "aug"],
        &["september", "sep", "sept"], &["october", "oct"], &["november", "nov"],
        &["december", "dec"],
    ],
    weekdays: [
        &["monday"], &["tuesday"], &["wednesday"], &["thursday"], &["friday"], &["saturday"],
        &["sunday"],
    ],
    tomorrow: &["tomorrow"],
    next_week: &[&["next", "week"]],
    until: &["until", "till", "til", "through", "thru", "to", "untill"],
    back: &["back", "return", "returning", "returns", "reopens", "reopen"],
};
