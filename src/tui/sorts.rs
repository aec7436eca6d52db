//! The column each pane's list is sorted by, and its keeping across restarts: one small
//! JSON file per profile in the state directory, beside the glance (`sorts-work.json`:
//! `{"contacts": "e-mail:desc"}`), read once connected and written at each change (off the
//! UI thread: [`SortsJob`]). A file that cannot be read is as none: the lists come in the
//! server's order. The demo keeps nothing.

use crate::present::sort::SortBy;
use crate::tui::model::Pane;
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

/// The sort chosen per pane; a pane not named is in the server's order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sorts(BTreeMap<String, SortBy>);

impl Sorts {
    pub fn get(&self, pane: Pane) -> Option<&SortBy> {
        self.0.get(&key(pane))
    }

    pub fn set(&mut self, pane: Pane, sort: Option<SortBy>) {
        match sort {
            Some(sort) => self.0.insert(key(pane), sort),
            None => self.0.remove(&key(pane)),
        };
    }

    /// As kept: pane → `name:direction`.
    fn words(&self) -> BTreeMap<&str, String> {
        self.0.iter().map(|(pane, sort)| (pane.as_str(), sort.words())).collect()
    }

    /// The panes named, with their sorts.
    pub fn iter(&self) -> impl Iterator<Item = (Pane, &SortBy)> {
        Pane::ALL.into_iter().filter_map(|pane| Some((pane, self.get(pane)?)))
    }

    /// Read back; panes and names that no longer exist are dropped where they are used.
    fn from_words(words: BTreeMap<String, String>) -> Sorts {
        Sorts(words.into_iter().map(|(pane, sort)| (pane, SortBy::parse(&sort))).collect())
    }
}

fn key(pane: Pane) -> String {
    pane.title().to_lowercase()
}

/// Reading or keeping a profile's sorts, blocking (the runner runs it on a worker).
#[derive(Debug, Clone, PartialEq)]
pub enum SortsJob {
    /// Answers with what was kept.
    Read {
        profile: String,
    },
    Keep {
        profile: String,
        sorts: Sorts,
    },
}

impl SortsJob {
    /// Does the job on the profile's file; a read answers the profile and its sorts.
    pub fn perform(&self) -> Option<(String, Sorts)> {
        let profile = match self {
            SortsJob::Read { profile } | SortsJob::Keep { profile, .. } => profile,
        };
        let path = path(profile)?;
        self.perform_at(&path)
    }

    /// Does the job on the file at `path` (tests choose it).
    pub fn perform_at(&self, path: &Path) -> Option<(String, Sorts)> {
        match self {
            SortsJob::Read { profile } => {
                let sorts = load_from(path).unwrap_or_else(|error| {
                    tracing::warn!(%error, "the lists' sort could not be read; server's order");
                    Sorts::default()
                });
                Some((profile.clone(), sorts))
            }
            SortsJob::Keep { sorts, .. } => {
                if let Err(error) = save_to(path, sorts) {
                    tracing::warn!(%error, "the lists' sort could not be kept");
                }
                None
            }
        }
    }
}

/// The file of `profile`.
pub fn path(profile: &str) -> Option<PathBuf> {
    Some(crate::local::dir()?.join(format!("sorts-{profile}.json")))
}

/// The sorts kept at `path`; none when there is no file.
pub fn load_from(path: &Path) -> io::Result<Sorts> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Sorts::default()),
        Err(error) => return Err(error),
    };
    let words = serde_json::from_slice(&bytes).map_err(io::Error::other)?;
    Ok(Sorts::from_words(words))
}

/// Keeps `sorts` at `path`, as the glance is kept (a reader never sees half of it).
pub fn save_to(path: &Path, sorts: &Sorts) -> io::Result<()> {
    crate::glance::save_to(path, &sorts.words())
}

/// After `current`: its other direction, else the next column ascending; `None` after the
/// last column descending (the server's order).
pub(crate) fn next(names: &[String], current: Option<&SortBy>) -> Option<SortBy> {
    let at = current.and_then(|sort| names.iter().position(|name| *name == sort.name));
    let ascending = |name: &String| SortBy { name: name.clone(), descending: false };
    match (current, at) {
        (Some(sort), Some(_)) if !sort.descending => {
            Some(SortBy { name: sort.name.clone(), descending: true })
        }
        (_, Some(at)) => names.get(at + 1).map(ascending),
        (_, None) => names.first().map(ascending),
    }
}

/// The sort `words` name among `names` (`None`: the list's own order), or why not.
pub(crate) fn parse(words: &str, names: &[String]) -> Result<Option<SortBy>, String> {
    if names.is_empty() {
        return Err("This pane has no list to sort.".into());
    }
    let sort = match words.split_whitespace().collect::<Vec<_>>().as_slice() {
        [] | ["off"] => None,
        [name] => Some(SortBy::parse(name)),
        [name, direction @ ("asc" | "desc")] => Some(SortBy::parse(&format!("{name}:{direction}"))),
        _ => return Err(format!("sort NAME [asc|desc]; NAME one of: {}", names.join(", "))),
    };
    if let Some(sort) = &sort
        && !names.contains(&sort.name)
    {
        return Err(format!("No column '{}' here; one of: {}", sort.name, names.join(", ")));
    }
    Ok(sort)
}

/// What a list is sorted by, for the status bar: "Sorted by name ▲", else `none`.
pub(crate) fn said(sort: Option<&SortBy>, none: &str) -> String {
    match sort {
        Some(sort) => format!("Sorted by {} {}", sort.name, sort.arrow()),
        None => none.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_are_kept_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sorts-work.json");
        assert_eq!(load_from(&path).unwrap(), Sorts::default(), "no file: no sort");
        let mut sorts = Sorts::default();
        sorts.set(Pane::Contacts, Some(SortBy::parse("e-mail:desc")));
        sorts.set(Pane::Bots, Some(SortBy::parse("name")));
        sorts.set(Pane::Bots, None);
        save_to(&path, &sorts).unwrap();
        assert_eq!(load_from(&path).unwrap(), sorts);
        std::fs::write(&path, "not json").unwrap();
        assert!(load_from(&path).is_err());
    }

    #[test]
    fn the_cycle_goes_up_down_then_on_and_back_to_none() {
        let names = ["name".to_string(), "age".to_string()];
        let mut seen = Vec::new();
        let mut sort = None;
        for _ in 0..5 {
            sort = next(&names, sort.as_ref());
            seen.push(sort.as_ref().map(SortBy::words));
        }
        let words = ["name:asc", "name:desc", "age:asc", "age:desc"].map(|w| Some(w.to_string()));
        assert_eq!(seen[..4], words);
        assert_eq!(seen[4], None, "after the last: the server's order");
    }
}
