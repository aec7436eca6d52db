//! The merged Contacts of a group: every organisation's contacts, one organisation after
//! the other in the group's order and each in its server's order, as one organisation's
//! pane lists them. An organisation may hold 100k+ contacts and a group 25 organisations,
//! so no list of the rows is made: without a filter a row is found by its place among the
//! organisations' lists, and the rows a filter keeps (`org:acme`, or words of the address,
//! the name, the tags or the zone) are found once per filter, off the UI thread when many,
//! a newer filter stopping an older search.

pub use super::held::{ContactAt, FoundContacts};
use super::{MergedList, OrgEntry, OrgId, OrgRow};
use crate::api::Contact;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// A row of the merged Contacts: the contact and the organisation it belongs to.
pub type ContactRow<'a> = OrgRow<'a, Contact>;

/// Searches over at most this many contacts run at once on the UI thread (a few ms).
pub const INLINE_CONTACTS: usize = crate::tui::lists::list::INLINE_ROWS;

/// How many rows a search looks at between two looks at whether it is still wanted.
const CHECK_EVERY: usize = 4096;

/// The contacts listed: every organisation's, or those the filter kept.
pub struct ContactsListed<'a> {
    orgs: &'a [OrgEntry],
    found: Option<&'a [ContactAt]>,
}

impl<'a> ContactsListed<'a> {
    /// The contacts of `list` among `orgs`, as `found` last kept them for its filter.
    pub fn of(list: &MergedList, found: &'a FoundContacts, orgs: &'a [OrgEntry]) -> Self {
        let filtered = !list.filter.trim().is_empty();
        ContactsListed { orgs, found: filtered.then_some(&found.rows[..]) }
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
        let (org, at) = match self.found {
            Some(found) => {
                let &(org, at) = found.get(position)?;
                (self.orgs.get(org as usize)?, at as usize)
            }
            None => {
                let mut left = position;
                let org = self.orgs.iter().find(|org| {
                    let len = org.contacts.rows.len();
                    let here = left < len;
                    if !here {
                        left -= len;
                    }
                    here
                })?;
                (org, left)
            }
        };
        Some(OrgRow { org, item: org.contacts.rows.get(at)? })
    }

    /// The row under `list`'s cursor.
    pub fn selected(&self, list: &MergedList) -> Option<ContactRow<'a>> {
        self.get(list.cursor.min(self.len().saturating_sub(1)))
    }
}

/// A search of the merged contacts for a filter, to run off the UI thread when many.
pub struct ContactSearch {
    pub generation: u64,
    filter: String,
    orgs: Vec<(OrgId, Arc<[Contact]>)>,
    latest: Arc<AtomicU64>,
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
    pub rows: Arc<[ContactAt]>,
}

impl ContactSearch {
    /// The rows the filter keeps; `None` when a newer search made this one useless.
    pub fn perform(&self) -> Option<ContactsFound> {
        let rows = search(&self.filter, &self.orgs, &|| {
            self.latest.load(Ordering::Relaxed) != self.generation
        })?;
        let (generation, filter) = (self.generation, self.filter.clone());
        Some(ContactsFound { generation, filter, rows: rows.into() })
    }
}

impl FoundContacts {
    /// The search the filter of `list` asks for: none when the filter is empty (every row
    /// is listed) or the rows are few (searched here at once); else the search to run
    /// off the UI thread, the rows found last shown until it answers.
    pub fn search(&mut self, list: &MergedList, orgs: &[OrgEntry]) -> Option<ContactSearch> {
        let generation = self.latest.fetch_add(1, Ordering::Relaxed) + 1;
        if list.filter.trim().is_empty() {
            *self = FoundContacts { latest: Arc::clone(&self.latest), ..FoundContacts::default() };
            return None;
        }
        let lists: Vec<(OrgId, Arc<[Contact]>)> =
            orgs.iter().map(|org| (org.org.clone(), Arc::clone(&org.contacts.rows))).collect();
        let total: usize = lists.iter().map(|(_, rows)| rows.len()).sum();
        if total <= INLINE_CONTACTS {
            let rows = search(&list.filter, &lists, &|| false).unwrap_or_default();
            (self.filter, self.rows, self.searching) = (list.filter.clone(), rows.into(), false);
            return None;
        }
        self.searching = true;
        let (filter, latest) = (list.filter.clone(), Arc::clone(&self.latest));
        Some(ContactSearch { generation, filter, orgs: lists, latest })
    }

    /// A search answered: kept when it is the one wanted. Whether it was.
    pub fn accept(&mut self, found: ContactsFound) -> bool {
        if found.generation != self.latest.load(Ordering::Relaxed) {
            return false;
        }
        (self.filter, self.rows, self.searching) = (found.filter, found.rows, false);
        true
    }
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
