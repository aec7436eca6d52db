//! The kinds of campaign the seeder plans; below both the seeder and its activity
//! generator, so neither imports the other's plan.

/// The five kinds of campaign a seeded organisation holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CampaignKind {
    Active,
    Completed,
    /// PENDING with contacts and a bot: starting it succeeds.
    PendingReady,
    /// PENDING with a bot but no contacts: starting it answers 400.
    PendingEmpty,
    /// PENDING with contacts but no bot: starting it answers 400.
    PendingNoBot,
}
