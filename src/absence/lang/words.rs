//! The shape of one language's table of words.

/// One language's words. Phrases match whole words (`lexicon::scan`).
pub struct Words {
    /// English is the one language whose numeric dates may be month first ("12/3").
    pub month_first: bool,
    /// Subject prefixes of an automatic reply of any kind (absence, receipt, ticket).
    pub subject_auto: &'static [&'static str],
    /// Subjects that say the writer is away.
    pub subject_away: &'static [&'static str],
    /// Subjects of bounces, delay warnings and read receipts: never an absence.
    pub subject_not_away: &'static [&'static str],
    /// The writer saying they are away ("i am out of the office"); people write it too.
    pub away: &'static [&'static str],
    /// What only a notice says: reading mail on return, limited access, who to call instead.
    pub notice: &'static [&'static str],
    /// A person answering despite being away: proposing, asking, agreeing.
    pub chat: &'static [&'static str],
    /// Automatic replies that are not absences: the person left, a request was received.
    pub not_away: &'static [&'static str],
    /// Month names and abbreviations, January first.
    pub months: [&'static [&'static str]; 12],
    /// Weekday names (full only: "mon", "sat", "sun" are words too), Monday first.
    pub weekdays: [&'static [&'static str]; 7],
    pub tomorrow: &'static [&'static str],
    /// "next week", read before a weekday ("next week monday"), as its words.
    pub next_week: &'static [&'static [&'static str]],
    /// Words before the date that ends an absence ("until", "bis", "jusqu'au", "t/m").
    pub until: &'static [&'static str],
    /// Words before the day of return ("back", "wieder", "retour").
    pub back: &'static [&'static str],
    /// Words right after the date that ends an absence, in a language that puts them there
    /// (Japanese "made").
    pub until_after: &'static [&'static str],
    /// Words right after the day of return (Japanese "yori").
    pub back_after: &'static [&'static str],
    /// "and" between the two days of a range ("zwischen dem 28.12. und dem 8.1.").
    pub and: &'static [&'static str],
    /// Words before a week's number ("KW 49", "week 49", "vecka 49").
    pub week: &'static [&'static str],
    /// Words that say a place is closed ("closed", "geschlossen", "fermes"): with one of
    /// `premises` on the same line, an office or company closed for a period.
    pub closed: &'static [&'static str],
    /// What closes: an office, a company, "we".
    pub premises: &'static [&'static str],
}
