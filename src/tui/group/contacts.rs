//! The merged Contacts of a group: every organisation's contacts, one organisation after
//! the other in the group's order and each in its server's order, as one organisation's
//! pane lists them. An organisation may hold 100k+ contacts and a group 25 organisations,
//! so no list of the rows is made: without a filter or a sort a row is found by its place
//! among the organisations' lists, and the rows a filter keeps (`org:acme`, or words of the
//! address, the name, the tags or the zone) in the order a sort asks (a column of the
//! single pane's, or `org`) are found once per filter and sort, off the UI thread when
//! many, a newer search stopping an older one.

pub use super::held::{ContactAt, FoundContacts};
use super::{MergedList, OrgEntry, OrgId, OrgRow};
use crate::api::Contact;
use crate::present::sort::SortBy;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// A row of the merged Contacts: the contact and the organisation it belongs to.
pub type ContactRow<'a> = OrgRow<'a, Contact>;

/// Searches over at most this many contacts run at once on the UI thread (a few ms).
pub const INLINE_CONTACTS: usize = crate::tui::lists::list::INLINE_ROWS;

/// How many rows a search looks at between two looks at whether it is still wanted.
const CHECK_EVERY: usize = 4096;

/// The contacts listed: every organisation's, or those a filter kept in a sort's order.
pub struct ContactsListed<'a> {
    orgs: &'a [OrgEntry],
    found: Option<&'a [ContactAt]>,
}

impl<'a> ContactsListed<'a> {
    /// The contacts among `orgs`, as `found` last kept them for a filter or a sort (every
    /// one in place while none was found yet).
    pub fn of(found: &'a FoundContacts, orgs: &'a [OrgEntry]) -> Self {
        let answers = !found.filter.trim().is_empty() || found.sort.is_some();
        ContactsListed { orgs, found: answers.then_some(&found.rows[..]) }
    }

    pub fn len(&self) -> usize {
        match self.found {
            Some(found) => found.len(),
            None => self.orgs.iter().map(|org| org.contacts.rows.len()).sum(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The row at `position`, in the order listed.
    pub fn get(&self, position: usize) -> Option<ContactRow<'a>> {
        let (org, at) = self.place(position)?;
        let org = self.orgs.get(org as usize)?;
        Some(OrgRow { org, item: org.contacts.rows.get(at as usize)? })
    }

    /// Where the row at `position` is: its organisation's place, its place in that list.
    pub fn place(&self, position: usize) -> Option<ContactAt> {
        if let Some(found) = self.found {
            return found.get(position).copied();
        }
        let mut left = position;
        let org = self.orgs.iter().position(|org| {
            let len = org.contacts.rows.len();
            let here = left < len;
            if !here {
                left -= len;
            }
            here
        })?;
        Some((u32::try_from(org).ok()?, u32::try_from(left).ok()?))
    }

    /// The row under `list`'s cursor.
    pub fn selected(&self, list: &MergedList) -> Option<ContactRow<'a>> {
        self.get(list.cursor.min(self.len().saturating_sub(1)))
    }
}

/// A search of the merged contacts for a filter and a sort, to run off the UI thread when
/// many.
pub struct ContactSearch {
    pub generation: u64,
    filter: String,
    sort: Option<SortBy>,
    /// The row under the cursor when it was asked: its place in the rows found is told.
    keep: Option<ContactAt>,
    orgs: Vec<(OrgId, Arc<[Contact]>)>,
    latest: Arc<AtomicU64>,
    /// What the sort's keys are made in, as the cells are drawn.
    zone: crate::clock::Zone,
    now: chrono::DateTime<chrono::Utc>,
}

impl std::fmt::Debug for ContactSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ContactSearch #{} over {} organisations", self.generation, self.orgs.len())
    }
}

/// Two searches are the same one when they are of the same generation.
impl PartialEq for ContactSearch {
    fn eq(&self, other: &ContactSearch) -> bool {
        self.generation == other.generation && Arc::ptr_eq(&self.latest, &other.latest)
    }
}

/// What a [`ContactSearch`] found.
#[derive(Debug, Clone)]
pub struct ContactsFound {
    pub generation: u64,
    pub filter: String,
    pub sort: Option<SortBy>,
    pub rows: Arc<[ContactAt]>,
    /// Where the row under the cursor when it was asked is now, if it is kept.
    pub at: Option<usize>,
}

impl ContactSearch {
    /// Whether it is few enough rows to search at once on the UI thread (a few ms).
    pub fn is_small(&self) -> bool {
        self.orgs.iter().map(|(_, rows)| rows.len()).sum::<usize>() <= INLINE_CONTACTS
    }

    /// The rows the filter keeps in the sort's order; `None` when a newer search made this
    /// one useless.
    pub fn perform(&self) -> Option<ContactsFound> {
        let stop = || self.latest.load(Ordering::Relaxed) != self.generation;
        let kept = search(&self.filter, &self.orgs, &stop)?;
        let context = crate::present::Context::new(&self.zone, self.now);
        let rows = match &self.sort {
            Some(sort) => sorted(kept, &self.orgs, sort, &context, &stop)?,
            None => kept,
        };
        let at = self.keep.and_then(|keep| rows.iter().position(|&row| row == keep));
        let (generation, filter, sort) = (self.generation, self.filter.clone(), self.sort.clone());
        Some(ContactsFound { generation, filter, sort, rows: rows.into(), at })
    }
}

impl FoundContacts {
    /// The search `list`'s filter and sort ask for: none when neither is chosen (every row
    /// is listed in place); else the search, to run at once when the rows are few
    /// ([`ContactSearch::is_small`]) and off the UI thread otherwise, the rows found last
    /// shown until it answers. `keep`: the row under the cursor, whose new place is told.
    pub fn search(
        &mut self,
        list: &MergedList,
        orgs: &[OrgEntry],
        keep: Option<ContactAt>,
        context: &crate::present::Context,
    ) -> Option<ContactSearch> {
        let generation = self.latest.fetch_add(1, Ordering::Relaxed) + 1;
        if list.filter.trim().is_empty() && list.sort.is_none() {
            *self = FoundContacts { latest: Arc::clone(&self.latest), ..FoundContacts::default() };
            return None;
        }
        let lists: Vec<(OrgId, Arc<[Contact]>)> =
            orgs.iter().map(|org| (org.org.clone(), Arc::clone(&org.contacts.rows))).collect();
        self.searching = true;
        let (filter, latest) = (list.filter.clone(), Arc::clone(&self.latest));
        let (zone, now, sort) = (*context.zone, context.now, list.sort.clone());
        Some(ContactSearch { generation, filter, sort, keep, orgs: lists, latest, zone, now })
    }

    /// A search answered: kept when it is the one wanted. Whether it was.
    pub fn accept(&mut self, found: ContactsFound) -> bool {
        if found.generation != self.latest.load(Ordering::Relaxed) {
            return false;
        }
        (self.filter, self.sort, self.rows, self.searching) =
            (found.filter, found.sort, found.rows, false);
        true
    }
}

/// `kept` rows of `orgs` in `sort`'s order (ties in the order kept); `None` once `stop`
/// says the search is no longer wanted.
fn sorted(
    kept: Vec<ContactAt>,
    orgs: &[(OrgId, Arc<[Contact]>)],
    sort: &SortBy,
    context: &crate::present::Context,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<ContactAt>> {
    let columns = crate::present::columns::contacts::screen();
    let Some(by) = super::sort::by(&columns, sort) else { return Some(kept) };
    let mut keys = Vec::with_capacity(kept.len());
    for (checked, &(org, at)) in kept.iter().enumerate() {
        if checked % CHECK_EVERY == 0 && stop() {
            return None;
        }
        let (id, rows) = orgs.get(org as usize)?;
        keys.push(by.key(id.profile(), rows.get(at as usize)?, context));
    }
    let compare = &mut |a: usize, b: usize| keys[a].compare(&keys[b], sort.descending);
    let order = crate::sorting::positions(kept.len(), compare);
    Some(order.into_iter().map(|at| kept[at]).collect())
}

/// The rows of `orgs` that `filter` keeps, as every merged list's filter keeps them
/// ([`MergedList::keeps`]); `None` once `stop` says the search is no longer wanted.
fn search(
    filter: &str,
    orgs: &[(OrgId, Arc<[Contact]>)],
    stop: &dyn Fn() -> bool,
) -> Option<Vec<ContactAt>> {
    let words: Vec<String> = filter.split_whitespace().map(str::to_lowercase).collect();
    let mut kept = Vec::new();
    for (place, (org, rows)) in orgs.iter().enumerate() {
        let name = org.profile().to_lowercase();
        let org_words = words.iter().filter_map(|word| word.strip_prefix("org:"));
        if !org_words.clone().all(|wanted| name.contains(wanted)) {
            continue;
        }
        // Words the organisation's name holds keep all its rows; the others are looked for.
        let sought: Vec<&str> = (words.iter())
            .filter(|word| !word.starts_with("org:") && !name.contains(word.as_str()))
            .map(String::as_str)
            .collect();
        let place = u32::try_from(place).unwrap_or(u32::MAX);
        for (at, contact) in rows.iter().enumerate() {
            if at % CHECK_EVERY == 0 && stop() {
                return None;
            }
            if sought.iter().all(|word| has(contact, word)) {
                kept.push((place, u32::try_from(at).unwrap_or(u32::MAX)));
            }
        }
    }
    Some(kept)
}

/// Whether a text of the contact holds `word` (lowercased), case aside.
fn has(contact: &Contact, word: &str) -> bool {
    let texts = [contact.email(), contact.first_name(), contact.last_name()];
    texts.into_iter().any(|text| holds(text, word))
        || contact.tags.iter().any(|tag| holds(tag, word))
        || contact.timezone.as_deref().is_some_and(|zone| holds(zone, word))
}

/// Whether `text` holds `word` (lowercased), case aside; without a copy when both are ASCII.
fn holds(text: &str, word: &str) -> bool {
    if text.is_ascii() && word.is_ascii() {
        let (text, word) = (text.as_bytes(), word.as_bytes());
        return word.is_empty()
            || text.windows(word.len()).any(|window| window.eq_ignore_ascii_case(word));
    }
    text.to_lowercase().contains(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_is_found_case_aside_in_ascii_and_beyond() {
        assert!(holds("Ann.Lee@Acme.example", "acme"));
        assert!(!holds("ann@x.example", "bob"));
        assert!(holds("Zoë Ångström", "ångström"));
        assert!(holds("anything", ""));
    }
}
