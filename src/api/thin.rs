//! A shared text or list behind a one-word pointer: a contact holds two shared values (its
//! tags and its time zone), and as `Arc<str>` and `Arc<[_]>` each costs two words. At 100k
//! contacts the second words are 1.6 MB of the dashboard's peak; the extra box behind the
//! pointer costs once per distinct value, as the values are shared (`api::intern`).

use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::Arc;

/// An `Arc<T>` of an unsized `T` in one word; reads as a `&T`.
pub struct Thin<T: ?Sized>(Arc<Box<T>>);

impl<T: ?Sized> Thin<T> {
    /// Whether the two share one value (not merely equal ones).
    pub fn ptr_eq(a: &Thin<T>, b: &Thin<T>) -> bool {
        Arc::ptr_eq(&a.0, &b.0)
    }
}

impl<T: ?Sized> Clone for Thin<T> {
    fn clone(&self) -> Self {
        Thin(Arc::clone(&self.0))
    }
}

impl<T: ?Sized> Deref for Thin<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: ?Sized> Borrow<T> for Thin<T> {
    fn borrow(&self) -> &T {
        self
    }
}

impl<T: ?Sized + PartialEq> PartialEq for Thin<T> {
    fn eq(&self, other: &Thin<T>) -> bool {
        **self == **other
    }
}

impl<T: ?Sized + Eq> Eq for Thin<T> {}

/// Hashed as the value is, so that a set of them is looked up by a `&T`.
impl<T: ?Sized + Hash> Hash for Thin<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl<T: ?Sized + fmt::Debug> fmt::Debug for Thin<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).fmt(f)
    }
}

impl<T: ?Sized> From<Box<T>> for Thin<T> {
    fn from(value: Box<T>) -> Self {
        Thin(Arc::new(value))
    }
}

impl From<&str> for Thin<str> {
    fn from(text: &str) -> Self {
        Thin::from(Box::<str>::from(text))
    }
}

impl<T: Clone> From<&[T]> for Thin<[T]> {
    fn from(items: &[T]) -> Self {
        Thin::from(Box::<[T]>::from(items))
    }
}

impl<T> From<Vec<T>> for Thin<[T]> {
    fn from(items: Vec<T>) -> Self {
        Thin::from(items.into_boxed_slice())
    }
}

impl<T, const N: usize> From<[T; N]> for Thin<[T]> {
    fn from(items: [T; N]) -> Self {
        Thin::from(Box::<[T]>::from(items))
    }
}

impl<T> FromIterator<T> for Thin<[T]> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        Thin::from(items.into_iter().collect::<Box<[T]>>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn it_is_one_word_and_reads_as_its_value() {
        assert_eq!(std::mem::size_of::<Thin<str>>(), std::mem::size_of::<usize>());
        assert_eq!(std::mem::size_of::<Option<Thin<[u8]>>>(), std::mem::size_of::<usize>());
        let zone = Thin::<str>::from("Europe/Berlin");
        assert_eq!(&*zone, "Europe/Berlin");
        assert!(Thin::ptr_eq(&zone, &zone.clone()));
        assert!(!Thin::ptr_eq(&zone, &Thin::from("Europe/Berlin")));
        let set: HashSet<Thin<str>> = [zone].into_iter().collect();
        assert!(set.contains("Europe/Berlin"));
        let tags: Thin<[i32]> = [1, 2].into();
        assert_eq!(&*tags, [1, 2]);
    }
}
