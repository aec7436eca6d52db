//! The words of each language the detector reads, one file per language, all in folded form
//! (lower case, accents removed, a hyphen between letters read as a space: see `fold`).
//! The rules in `signals` and `dates` are the same for every language; only these tables
//! differ, so a new language is one more file.

mod de;
mod en;
mod es;
mod fr;
mod it;
mod ja;
mod nl;
mod pl;
mod pt;
mod sv;
mod words;

pub use words::Words;

/// Every language, English first.
pub static ALL: [&Words; 10] = [
    &en::WORDS,
    &de::WORDS,
    &fr::WORDS,
    &es::WORDS,
    &pt::WORDS,
    &it::WORDS,
    &nl::WORDS,
    &pl::WORDS,
    &sv::WORDS,
    &ja::WORDS,
];
