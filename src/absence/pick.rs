//! Which named date ends the absence. A notice names the day it ends ("until", "bis",
//! "jusqu'au", a range's end) or the day the writer is back ("back on", "ab … wieder",
//! "de retour le"); when it names both, the end wins, being what "Away until …" says. A date
//! with neither word before it counts only when nothing better is named ("out of office on
//! Friday 4 December"); a bare number counts only as an ordinal or after such a word, so a
//! phone number or "24 hours" is not a date.

use super::dates::{Named, Shape};
use super::lexicon::{self, Table};
use super::tokens::Token;
use chrono::NaiveDate;

/// What stands before a date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Anchor {
    None,
    Back,
    Until,
}

/// How many tokens before a date an anchor may stand ("back in the office on Monday").
const REACH: usize = 5;

/// The date that ends the absence among `named` (from `tokens`).
pub fn end(tokens: &[Token<'_>], named: &[Named]) -> Option<NaiveDate> {
    let mut best: Option<(Anchor, &Named)> = None;
    for n in named {
        let anchor = anchor(tokens, n);
        let usable = match n.shape {
            Shape::Full => true,
            Shape::Relative => !beside_a_full_date(named, n),
            Shape::Day { ordinal } => ordinal || anchor != Anchor::None,
        };
        // The first of the strongest: a later "until" is in a signature or a second thought.
        if usable && best.is_none_or(|(b, _)| anchor > b) {
            best = Some((anchor, n));
        }
    }
    best.map(|(_, n)| n.date)
}

/// "Thursday 3 December", "Montag, 30.11.": the weekday only names the date beside it.
fn beside_a_full_date(named: &[Named], weekday: &Named) -> bool {
    named.iter().any(|n| {
        n.shape != Shape::Relative && n.start <= weekday.end + 2 && weekday.start <= n.end + 2
    })
}

fn anchor(tokens: &[Token<'_>], named: &Named) -> Anchor {
    let bare = matches!(named.shape, Shape::Day { .. });
    for (steps, token) in tokens[..named.start].iter().rev().take(REACH).enumerate() {
        match token {
            Token::Break => break,
            // "Dec 21 - Jan 1": the end of a range.
            Token::Dash if steps == 0 => return Anchor::Until,
            Token::Word(word) => {
                let listed = |table| lexicon::word(word).any(|e| e.table == table);
                // "to", "al", "a": a range's end before a full date, but "up to 3 people".
                let weak = word.len() <= 2 || *word == "to" || *word == "met";
                if listed(Table::Until) && !(bare && weak) {
                    return Anchor::Until;
                }
                if listed(Table::Back) {
                    return Anchor::Back;
                }
            }
            _ => {}
        }
    }
    Anchor::None
}
