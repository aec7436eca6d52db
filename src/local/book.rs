//! The one road to the marks, for the dashboard and the CLI alike. What is personal — which
//! replies I have seen, when my snippets were fetched, when I first used a profile — stays in
//! this machine's file. What a team may share — which replies are handled — goes to a
//! [`TriageStore`]: the same file for one person, a team's database once there is one. The
//! callers ask the book and never learn which.

use super::{LocalState, Mark, Scope, StateError};
use crate::api::Timestamp;
use std::collections::HashMap;

/// Where the marks a team shares are kept. Implemented by the local file; a team database
/// implements it next (handled and snoozed with who and when; assigned comes with it).
pub trait TriageStore: Send + Sync {
    /// Every reply of the scope marked handled, with the `updated_at` it stood at then
    /// (`None`: handled whatever moves later).
    fn handled(&self, scope: &Scope) -> Result<HashMap<i64, Option<Timestamp>>, StateError>;

    /// Marks these replies handled (or not) as they stand at the given `updated_at`s; gives
    /// back those not taken because someone else was first, each with why in words.
    fn set_handled(
        &self,
        scope: &Scope,
        flags: &[(i64, Option<Timestamp>)],
        handled: bool,
    ) -> Result<Vec<(i64, String)>, StateError>;

    /// Every reply of the scope that is snoozed, with the moment it comes back: a UTC
    /// instant, not a day, so that teammates in other zones agree when it wakes (the faces
    /// make it the start of the chosen day in the user's zone). Snoozes whose moment has
    /// passed may be listed too: the reader compares with its clock.
    fn snoozed(&self, scope: &Scope) -> Result<HashMap<i64, Timestamp>, StateError>;

    /// Snoozes these replies until `until` (a UTC instant), or wakes them (`None`).
    fn set_snoozed(
        &self,
        scope: &Scope,
        ids: &[i64],
        until: Option<Timestamp>,
    ) -> Result<(), StateError>;

    /// A number that moves when another writer changed the marks, so a reader knows when to
    /// read them again.
    fn version(&self) -> Result<i64, StateError>;
}

impl TriageStore for LocalState {
    fn handled(&self, scope: &Scope) -> Result<HashMap<i64, Option<Timestamp>>, StateError> {
        Ok(self
            .marks(scope)?
            .into_iter()
            .filter(|(_, mark)| mark.handled)
            .map(|(id, mark)| (id, mark.handled_updated_at))
            .collect())
    }

    fn set_handled(
        &self,
        scope: &Scope,
        flags: &[(i64, Option<Timestamp>)],
        handled: bool,
    ) -> Result<Vec<(i64, String)>, StateError> {
        // One person's file: nobody else can be first.
        self.set_handled_at(scope, flags, handled).map(|()| Vec::new())
    }

    fn snoozed(&self, scope: &Scope) -> Result<HashMap<i64, Timestamp>, StateError> {
        Ok(self
            .marks(scope)?
            .into_iter()
            .filter_map(|(id, mark)| Some((id, mark.snoozed_until?)))
            .collect())
    }

    fn set_snoozed(
        &self,
        scope: &Scope,
        ids: &[i64],
        until: Option<Timestamp>,
    ) -> Result<(), StateError> {
        self.set_snoozed_until(scope, ids, until)
    }

    fn version(&self) -> Result<i64, StateError> {
        self.data_version()
    }
}

/// Both versions the marks are read at: the local file's and the triage store's. Equal
/// versions mean nothing changed since.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarksVersion {
    local: i64,
    triage: i64,
}

/// The marks of every scope: personal ones in the local file, shared ones in the triage
/// store. A view over both, made where the marks are read or written.
#[derive(Clone, Copy)]
pub struct MarkBook<'a> {
    local: &'a LocalState,
    triage: &'a dyn TriageStore,
}

impl<'a> MarkBook<'a> {
    /// One person's book: everything in the local file.
    pub fn local(local: &'a LocalState) -> MarkBook<'a> {
        MarkBook { local, triage: local }
    }

    /// A book whose handled marks live in `triage` (a team's store).
    pub fn shared(local: &'a LocalState, triage: &'a dyn TriageStore) -> MarkBook<'a> {
        MarkBook { local, triage }
    }

    /// When this scope was first used on this machine (recorded on the first call).
    pub fn first_use(&self, scope: &Scope) -> Result<Timestamp, StateError> {
        self.local.first_use(scope)
    }

    /// Every exchange of the scope that has a mark: seen from the local file, handled and
    /// snoozed from the triage store.
    pub fn marks(&self, scope: &Scope) -> Result<HashMap<i64, Mark>, StateError> {
        let mut marks = self.local.marks(scope)?;
        let handled = self.triage.handled(scope)?;
        let snoozed = self.triage.snoozed(scope)?;
        for (id, mark) in marks.iter_mut() {
            mark.handled = handled.contains_key(id);
            mark.handled_updated_at = handled.get(id).copied().flatten();
            mark.snoozed_until = snoozed.get(id).copied();
        }
        for (id, at) in handled {
            marks.entry(id).or_insert(Mark {
                handled: true,
                handled_updated_at: at,
                ..Mark::default()
            });
        }
        for (id, until) in snoozed {
            marks.entry(id).or_default().snoozed_until = Some(until);
        }
        Ok(marks)
    }

    /// The versions the marks stand at now.
    pub fn version(&self) -> Result<MarksVersion, StateError> {
        Ok(MarksVersion { local: self.local.data_version()?, triage: self.triage.version()? })
    }

    /// Records that these exchanges were seen at these `updated_at`s (personal).
    pub fn mark_seen(&self, scope: &Scope, seen: &[(i64, Timestamp)]) -> Result<(), StateError> {
        self.local.mark_seen(scope, seen)
    }

    /// Marks these replies handled (or not) as they stand at their `updated_at`s (shared);
    /// gives back those a teammate was first to, with why.
    pub fn set_handled(
        &self,
        scope: &Scope,
        flags: &[(i64, Option<Timestamp>)],
        handled: bool,
    ) -> Result<Vec<(i64, String)>, StateError> {
        self.triage.set_handled(scope, flags, handled)
    }

    /// Snoozes these replies until `until` (a UTC instant), or wakes them (shared).
    pub fn set_snoozed(
        &self,
        scope: &Scope,
        ids: &[i64],
        until: Option<Timestamp>,
    ) -> Result<(), StateError> {
        self.triage.set_snoozed(scope, ids, until)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// A second store kept in memory, standing for a team's database.
    #[derive(Default)]
    struct Shared {
        handled: Mutex<HashMap<i64, Option<Timestamp>>>,
        snoozed: Mutex<HashMap<i64, Timestamp>>,
        version: Mutex<i64>,
    }

    impl TriageStore for Shared {
        fn handled(&self, _: &Scope) -> Result<HashMap<i64, Option<Timestamp>>, StateError> {
            Ok(self.handled.lock().map_err(|_| StateError::Unavailable)?.clone())
        }

        fn set_handled(
            &self,
            _: &Scope,
            flags: &[(i64, Option<Timestamp>)],
            handled: bool,
        ) -> Result<Vec<(i64, String)>, StateError> {
            let mut marks = self.handled.lock().map_err(|_| StateError::Unavailable)?;
            for (id, at) in flags {
                if handled {
                    marks.insert(*id, *at);
                } else {
                    marks.remove(id);
                }
            }
            *self.version.lock().map_err(|_| StateError::Unavailable)? += 1;
            Ok(Vec::new())
        }

        fn snoozed(&self, _: &Scope) -> Result<HashMap<i64, Timestamp>, StateError> {
            Ok(self.snoozed.lock().map_err(|_| StateError::Unavailable)?.clone())
        }

        fn set_snoozed(
            &self,
            _: &Scope,
            ids: &[i64],
            until: Option<Timestamp>,
        ) -> Result<(), StateError> {
            let mut marks = self.snoozed.lock().map_err(|_| StateError::Unavailable)?;
            for id in ids {
                match until {
                    Some(until) => marks.insert(*id, until),
                    None => marks.remove(id),
                };
            }
            *self.version.lock().map_err(|_| StateError::Unavailable)? += 1;
            Ok(())
        }

        fn version(&self) -> Result<i64, StateError> {
            Ok(*self.version.lock().map_err(|_| StateError::Unavailable)?)
        }
    }

    fn at(minute: u32) -> Timestamp {
        Timestamp::parse(&format!("2026-03-02T09:{minute:02}:00")).unwrap()
    }

    #[test]
    fn one_persons_book_keeps_both_kinds_of_mark_in_the_file() {
        let local = LocalState::in_memory();
        let book = MarkBook::local(&local);
        let scope = Scope::new("work", "https://api.example.com");
        book.mark_seen(&scope, &[(1, at(10))]).unwrap();
        book.set_handled(&scope, &[(1, Some(at(10))), (2, None)], true).unwrap();
        let marks = book.marks(&scope).unwrap();
        assert_eq!(marks, local.marks(&scope).unwrap());
        assert!(marks[&1].handled_at(Some(at(10))) && !marks[&1].handled_at(Some(at(11))));
        assert!(marks[&2].handled && marks[&2].seen_updated_at.is_none());
    }

    #[test]
    fn a_shared_book_sends_handled_marks_to_the_team_and_keeps_seen_ones_here() {
        let local = LocalState::in_memory();
        let team = Shared::default();
        let book = MarkBook::shared(&local, &team);
        let scope = Scope::new("work", "https://api.example.com");
        book.mark_seen(&scope, &[(1, at(10))]).unwrap();
        let before = book.version().unwrap();
        book.set_handled(&scope, &[(1, Some(at(10))), (3, None)], true).unwrap();
        assert_ne!(book.version().unwrap(), before, "a teammate's write is noticed");
        assert!(local.marks(&scope).unwrap().values().all(|mark| !mark.handled));
        let marks = book.marks(&scope).unwrap();
        assert_eq!(marks[&1].seen_updated_at, Some(at(10)));
        assert!(marks[&1].handled && marks[&3].handled);
        book.set_handled(&scope, &[(1, None)], false).unwrap();
        assert!(!book.marks(&scope).unwrap()[&1].handled);
    }

    #[test]
    fn a_snooze_is_a_shared_mark_and_waking_removes_it() {
        let local = LocalState::in_memory();
        let team = Shared::default();
        let scope = Scope::new("work", "https://api.example.com");
        for book in [MarkBook::local(&local), MarkBook::shared(&local, &team)] {
            book.mark_seen(&scope, &[(1, at(10))]).unwrap();
            book.set_snoozed(&scope, &[1, 4], Some(at(50))).unwrap();
            let marks = book.marks(&scope).unwrap();
            assert_eq!(marks[&1].snoozed_until, Some(at(50)));
            assert_eq!(marks[&1].seen_updated_at, Some(at(10)), "the seen mark kept");
            assert_eq!(marks[&4].snoozed_until, Some(at(50)), "a reply with no other mark");
            book.set_snoozed(&scope, &[1], None).unwrap();
            let marks = book.marks(&scope).unwrap();
            assert_eq!((marks[&1].snoozed_until, marks[&4].snoozed_until), (None, Some(at(50))));
        }
        assert!(team.snoozed.lock().unwrap().contains_key(&4), "the team's store has it");
    }
}
