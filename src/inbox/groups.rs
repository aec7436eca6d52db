//! Which exchanges make the reply inbox, for both faces: the dashboard's Exchanges pane and
//! `outreach replies` ask for them here, so the two list the same replies.

use crate::api::{ApiError, Client, Exchange, ExchangeGroup, ExchangeQuery, Items, Listed};
use std::collections::HashSet;
use std::sync::Arc;

/// The exchange groups (endpoint 9's `exchange_group`) whose exchanges make the inbox,
/// each exchange once.
///
/// The endpoint filters by group, and the spec leaves open which statuses belong to which.
/// "Replied" means the contact answered, and a meeting is booked after an answer, so the
/// replied group should hold the meeting-booked one (the simulator reads it so); but a
/// server that keeps them apart would leave the inbox's Meeting category empty if only the
/// replied group were asked for. Asking for both, and keeping each exchange once, lists the
/// same replies whichever way a server reads the groups, for a second request.
pub const GROUPS: [ExchangeGroup; 2] = [ExchangeGroup::Replied, ExchangeGroup::MeetingBooked];

/// The inbox under `query`'s campaign and days: each of [`GROUPS`] asked for at once, each
/// exchange once, newest activity first (the higher id first on a tie), the elements that
/// could not be read counted together. The replied group, the endpoint's default, stands for
/// the whole inbox; a query narrowed to another group (meeting-booked alone, as the
/// dashboard's filters allow) asks for that group only.
pub async fn fetch(client: &Client, query: &ExchangeQuery) -> Result<Listed<Exchange>, ApiError> {
    if !matches!(query.group, None | Some(ExchangeGroup::Replied)) {
        return client.list_exchanges(query).await;
    }
    let asked =
        |group: &ExchangeGroup| ExchangeQuery { group: Some(group.clone()), ..query.clone() };
    let [replied, booked] = [asked(&GROUPS[0]), asked(&GROUPS[1])];
    let (replied, booked) =
        tokio::join!(client.list_exchanges(&replied), client.list_exchanges(&booked));
    let (replied, booked) = (replied?, booked?);
    let skipped = replied.skipped + booked.skipped;
    // The lists are moved, not copied: an inbox of tens of thousands held twice would double
    // the dashboard's peak memory for a moment.
    let owned =
        |items: Items<Exchange>| Arc::try_unwrap(items).unwrap_or_else(|shared| (*shared).clone());
    let mut ids = HashSet::new();
    let mut exchanges = owned(replied.items);
    exchanges.retain(|exchange| ids.insert(exchange.id));
    exchanges.extend(owned(booked.items).into_iter().filter(|exchange| ids.insert(exchange.id)));
    crate::sorting::sort_by(&mut exchanges, |a, b| {
        b.updated_at.cmp(&a.updated_at).then(b.id.cmp(&a.id))
    });
    Ok(Listed { items: Arc::new(exchanges), skipped })
}
