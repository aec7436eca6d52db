//! A part of the dashboard's state that the screen shows. Reading it is free; every write —
//! any `&mut` taken through it — moves its generation on. Whether a frame must be drawn is
//! then a comparison (`update::needs_frame`), made in one place: a change cannot forget to
//! ask for its frame, because asking is what writing does. What it costs is, now and then, a
//! frame for a write that changed nothing, which the terminal's diff makes a few bytes;
//! the paths that run while the dashboard is idle (the clock, answers that are stale or
//! change nothing) read first and write only what changed, or write `quietly`.

use std::ops::{Deref, DerefMut};

#[derive(Debug, Clone, Default)]
pub struct Watched<T> {
    value: T,
    generation: u64,
}

impl<T> Watched<T> {
    pub fn new(value: T) -> Watched<T> {
        Watched { value, generation: 0 }
    }

    /// How many writes there have been.
    pub fn generation(this: &Watched<T>) -> u64 {
        this.generation
    }

    /// A write the screen does not show (the time of a tick, request ids, work in flight,
    /// a file's version): the generation stays. Nothing written through it may be drawn.
    pub fn quietly(this: &mut Watched<T>) -> &mut T {
        &mut this.value
    }

    /// A write that may find nothing to change (an answer no longer awaited, marks read
    /// again unchanged): the generation moves only when `write` says it changed something.
    pub fn write_if(this: &mut Watched<T>, write: impl FnOnce(&mut T) -> bool) -> bool {
        let changed = write(&mut this.value);
        if changed {
            this.generation = this.generation.wrapping_add(1);
        }
        changed
    }
}

impl<T> Deref for Watched<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> DerefMut for Watched<T> {
    fn deref_mut(&mut self) -> &mut T {
        self.generation = self.generation.wrapping_add(1);
        &mut self.value
    }
}

#[cfg(test)]
mod tests {
    use super::Watched;

    #[test]
    fn a_write_moves_the_generation_and_a_read_or_a_quiet_write_does_not() {
        let mut shown = Watched::new(vec![1]);
        assert_eq!(shown.len(), 1);
        assert_eq!(Watched::generation(&shown), 0, "reading");
        Watched::quietly(&mut shown).push(2);
        assert_eq!(Watched::generation(&shown), 0, "a quiet write");
        shown.push(3);
        assert_eq!(Watched::generation(&shown), 1, "a write");
        assert!(!Watched::write_if(&mut shown, |v| v.contains(&9)));
        assert_eq!(Watched::generation(&shown), 1, "a write that changed nothing");
        assert!(Watched::write_if(&mut shown, |v| v.pop().is_some()));
        assert_eq!(Watched::generation(&shown), 2);
    }
}
