//! What of a server's text may reach a terminal: one table of character classes and what
//! becomes of each, so every place that prints server text drops the same characters.
//!
//! Dropped: anything that moves the cursor, recolours, retitles or writes the clipboard
//! (C0 and C1 controls), reorders what is shown (bidi controls), or is invisible and so
//! hides or spoofs text (Unicode's Default_Ignorable_Code_Point, interlinear annotation).
//! Kept from those: the variation selectors that shape emoji and scripts, and the joiners
//! (ZWJ, ZWNJ) only where they join: emoji to emoji, or letters of a script that shapes
//! with them (Arabic, Persian, the Indic scripts …). Between Latin letters a joiner does
//! nothing visible, so there it only hides a difference between two names.
//! A combining mark with nothing before it on its line is dropped too: a terminal would
//! put it on whatever cell is to its left (a table border, the previous column).
//! An escape sequence goes whole (`escapes.rs`), so what remains reads as text.

use super::escapes::skip_sequence;
use unicode_width::UnicodeWidthChar;

/// What the sanitiser does with a character of a class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Treatment {
    /// Removed: the terminal must never receive it.
    Drop,
    /// Shown as a space: it separates words but must not break the line.
    Space,
    /// Kept: invisible, but it shapes what is around it and hides nothing.
    Keep,
    /// Kept only between two characters it joins ([`joins`]), dropped elsewhere.
    Join,
}

/// A class of characters that are not plain printable text.
#[derive(Debug)]
pub struct Class {
    pub name: &'static str,
    pub ranges: &'static [(char, char)],
    pub treatment: Treatment,
}

/// Every character that is not shown as it came, by class; the first class that holds a
/// character decides. Line breaks and tabs are C0 controls: [`sanitize_multiline`] keeps
/// `\n` and `\t` before this table is asked.
pub const CLASSES: &[Class] = &[
    Class {
        name: "C0 controls and DEL (escape sequences, BEL, backspace, line breaks)",
        ranges: &[('\u{0}', '\u{1f}'), ('\u{7f}', '\u{7f}')],
        treatment: Treatment::Drop,
    },
    Class {
        name: "C1 controls (CSI, OSC, DCS)",
        ranges: &[('\u{80}', '\u{9f}')],
        treatment: Treatment::Drop,
    },
    Class {
        name: "bidi controls",
        ranges: &[
            ('\u{61c}', '\u{61c}'),
            ('\u{200e}', '\u{200f}'),
            ('\u{202a}', '\u{202e}'),
            ('\u{2066}', '\u{2069}'),
        ],
        treatment: Treatment::Drop,
    },
    Class {
        name: "line and paragraph separators",
        ranges: &[('\u{2028}', '\u{2029}')],
        treatment: Treatment::Space,
    },
    Class {
        name: "zero-width joiner and non-joiner (emoji sequences, Arabic and Indic shaping)",
        ranges: &[('\u{200c}', '\u{200d}')],
        treatment: Treatment::Join,
    },
    Class {
        name: "variation selectors (emoji and script shaping)",
        ranges: &[
            ('\u{180b}', '\u{180d}'),
            ('\u{180f}', '\u{180f}'),
            ('\u{fe00}', '\u{fe0f}'),
            ('\u{e0100}', '\u{e01ef}'),
        ],
        treatment: Treatment::Keep,
    },
    Class {
        name: "Hangul fillers",
        ranges: &[('\u{115f}', '\u{1160}'), ('\u{3164}', '\u{3164}'), ('\u{ffa0}', '\u{ffa0}')],
        treatment: Treatment::Drop,
    },
    Class {
        name: "tag characters",
        ranges: &[('\u{e0000}', '\u{e00ff}')],
        treatment: Treatment::Drop,
    },
    Class {
        name: "interlinear annotation",
        ranges: &[('\u{fff9}', '\u{fffb}')],
        treatment: Treatment::Drop,
    },
    Class {
        name: "invisible operators and joiners (word joiner, function application, …)",
        ranges: &[('\u{2060}', '\u{2065}'), ('\u{206a}', '\u{206f}')],
        treatment: Treatment::Drop,
    },
    Class {
        name: "other default-ignorable characters",
        ranges: &[
            ('\u{ad}', '\u{ad}'),
            ('\u{34f}', '\u{34f}'),
            ('\u{17b4}', '\u{17b5}'),
            ('\u{180e}', '\u{180e}'),
            ('\u{200b}', '\u{200b}'),
            ('\u{feff}', '\u{feff}'),
            ('\u{fff0}', '\u{fff8}'),
            ('\u{1bca0}', '\u{1bca3}'),
            ('\u{1d173}', '\u{1d17a}'),
            ('\u{e01f0}', '\u{e0fff}'),
        ],
        treatment: Treatment::Drop,
    },
];

/// What becomes of `c`: the class that holds it, or kept as printable text.
pub fn treatment(c: char) -> Treatment {
    // Printable ASCII is nearly all of the text: answered without the table.
    if (' '..='~').contains(&c) {
        return Treatment::Keep;
    }
    CLASSES
        .iter()
        .find(|class| class.ranges.iter().any(|(low, high)| (*low..=*high).contains(&c)))
        .map_or(Treatment::Keep, |class| class.treatment)
}

/// A character with no width of its own, drawn on the cell before it (combining marks,
/// joiners, variation selectors).
fn needs_base(c: char) -> bool {
    c.width() == Some(0)
}

/// Scripts whose letters take a joiner between them: Arabic, Syriac, Thaana, N'Ko (joining
/// forms; Persian's ZWNJ), the Indic scripts from Devanagari to Sinhala, Tibetan, Myanmar,
/// Khmer and Mongolian (conjuncts and half forms), with their extensions.
const SHAPING_SCRIPTS: &[(char, char)] = &[
    ('\u{600}', '\u{7ff}'),
    ('\u{860}', '\u{dff}'),
    ('\u{f00}', '\u{109f}'),
    ('\u{1780}', '\u{18af}'),
    ('\u{1cd0}', '\u{1cff}'),
    ('\u{a8e0}', '\u{a8ff}'),
    ('\u{fb50}', '\u{fdff}'),
    ('\u{fe70}', '\u{feff}'),
];

/// Pictographs that join into one emoji (👩‍💻, 🏳️‍🌈, ❤️‍🔥): the emoji blocks and the
/// older symbols emoji sequences use.
const EMOJI: &[(char, char)] = &[
    ('\u{2190}', '\u{21ff}'),
    ('\u{2300}', '\u{23ff}'),
    ('\u{2600}', '\u{27bf}'),
    ('\u{2b00}', '\u{2bff}'),
    ('\u{1f000}', '\u{1faff}'),
];

fn within(ranges: &[(char, char)], c: char) -> bool {
    ranges.iter().any(|(low, high)| (*low..=*high).contains(&c))
}

/// Whether a joiner between `before` and `after` joins them: two emoji, or two characters
/// of a script that shapes with joiners. `before` is the last character shown that is not
/// a variation selector (the 🏳 of 🏳️‍🌈).
pub fn joins(before: char, after: char) -> bool {
    (within(EMOJI, before) && within(EMOJI, after))
        || (within(SHAPING_SCRIPTS, before) && within(SHAPING_SCRIPTS, after))
}

/// A variation selector: it picks a form of the character before it, so a joiner after it
/// joins that character.
fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{180b}'..='\u{180d}' | '\u{180f}' | '\u{fe00}'..='\u{fe0f}' | '\u{e0100}'..='\u{e01ef}')
}

/// One-line text (names, subjects, statuses): every dangerous character removed, and line
/// breaks, tabs and separators turned into spaces so a value cannot break a table row.
pub fn sanitize(text: &str) -> String {
    clean(text, false)
}

/// Multi-line text (e-mail bodies, messages on stderr): like [`sanitize`] but keeps `\n`
/// and `\t`; `\r\n` and lone `\r` become `\n`.
pub fn sanitize_multiline(text: &str) -> String {
    clean(&text.replace("\r\n", "\n").replace('\r', "\n"), true)
}

fn clean(text: &str, multiline: bool) -> String {
    // Nearly every name and status is printable ASCII: copied without a look at each char.
    if text.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    // Whether the next character has something to its left on its line to combine with.
    let mut has_base = false;
    // The last character shown that a joiner would join to (not a variation selector).
    let mut before: Option<char> = None;
    // A joiner waiting for the next character shown, which decides whether it joins.
    let mut joiner: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        // A whole escape sequence goes, not only its control character.
        if skip_sequence(c, &mut chars) {
            continue;
        }
        let kept = match c {
            '\n' | '\t' if multiline => Some(c),
            '\n' | '\r' | '\t' => Some(' '),
            c => match treatment(c) {
                Treatment::Drop => None,
                Treatment::Space => Some(' '),
                Treatment::Keep => Some(c),
                Treatment::Join => {
                    joiner = before.map(|_| c);
                    None
                }
            },
        };
        let Some(kept) = kept else { continue };
        if needs_base(kept) && !has_base {
            continue;
        }
        if let (Some(joiner), Some(before)) = (joiner.take(), before)
            && joins(before, kept)
        {
            out.push(joiner);
        }
        has_base = !matches!(kept, '\n' | '\t');
        if !is_variation_selector(kept) {
            before = has_base.then_some(kept);
        }
        out.push(kept);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character of `ranges` is removed from the middle of a word.
    fn all_dropped(ranges: &[(char, char)]) {
        for &(low, high) in ranges {
            for c in low..=high {
                let text = format!("a{c}b");
                assert_eq!(sanitize(&text), "ab", "U+{:04X}", c as u32);
                assert_eq!(sanitize_multiline(&text), "ab", "U+{:04X}", c as u32);
            }
        }
    }

    #[test]
    fn escapes_and_bidi_controls_are_removed() {
        let hostile = "Ann\u{1b}[31m Red\u{1b}]0;pwned\u{7}\u{202e}evil\u{200b}\u{9b}2J";
        assert_eq!(sanitize(hostile), "Ann Redevil");
        // ESC and the C1 introducers (CSI, OSC, DCS, SOS, PM, APC) take what follows with
        // them: `escapes.rs` holds those to their sequences.
        all_dropped(&[('\u{0}', '\u{8}'), ('\u{b}', '\u{c}'), ('\u{e}', '\u{1a}')]);
        all_dropped(&[('\u{1c}', '\u{1f}'), ('\u{7f}', '\u{8f}'), ('\u{91}', '\u{97}')]);
        all_dropped(&[('\u{99}', '\u{9a}'), ('\u{9c}', '\u{9c}')]);
        all_dropped(&[('\u{61c}', '\u{61c}'), ('\u{200e}', '\u{200f}'), ('\u{202a}', '\u{202e}')]);
        all_dropped(&[('\u{2066}', '\u{2069}')]);
    }

    #[test]
    fn escape_sequences_leave_no_debris() {
        for (text, shown) in [
            ("\u{1b}[31mRed\u{1b}[0m Alert", "Red Alert"),
            ("Denied \u{1b}]0;pwned\u{7}by \u{1b}]52;c;ZWNobw==\u{7}policy", "Denied by policy"),
            ("a\u{1b}]8;;file:///etc/passwd\u{1b}\\link\u{1b}]8;;\u{1b}\\b", "alinkb"),
            ("x\u{1b}P1$r\u{1b}\\y\u{1b}_apc\u{9c}z\u{9d}0;t\u{7}!", "xyz!"),
        ] {
            assert_eq!(sanitize(text), shown, "{text:?}");
            assert_eq!(sanitize_multiline(text), shown, "{text:?}");
        }
        assert_eq!(sanitize_multiline("a\u{1b}]0;open\nb"), "a\nb");
    }

    #[test]
    fn combining_grapheme_joiner_is_dropped() {
        all_dropped(&[('\u{34f}', '\u{34f}')]);
    }

    #[test]
    fn tag_characters_are_dropped() {
        all_dropped(&[('\u{e0001}', '\u{e0001}'), ('\u{e0020}', '\u{e007f}')]);
    }

    #[test]
    fn interlinear_annotation_is_dropped() {
        all_dropped(&[('\u{fff9}', '\u{fffb}')]);
    }

    #[test]
    fn hangul_fillers_are_dropped() {
        all_dropped(&[
            ('\u{115f}', '\u{1160}'),
            ('\u{3164}', '\u{3164}'),
            ('\u{ffa0}', '\u{ffa0}'),
        ]);
    }

    #[test]
    fn invisible_operators_are_dropped() {
        all_dropped(&[('\u{2060}', '\u{2064}')]);
    }

    #[test]
    fn other_invisible_characters_are_dropped() {
        all_dropped(&[('\u{ad}', '\u{ad}'), ('\u{200b}', '\u{200b}'), ('\u{feff}', '\u{feff}')]);
        all_dropped(&[('\u{17b4}', '\u{17b5}'), ('\u{1bca0}', '\u{1bca3}')]);
        all_dropped(&[('\u{1d173}', '\u{1d17a}')]);
    }

    #[test]
    fn line_and_paragraph_separators_become_spaces() {
        assert_eq!(sanitize("a\u{2028}b\u{2029}c"), "a b c");
        assert_eq!(sanitize_multiline("a\u{2028}b"), "a b");
    }

    #[test]
    fn joiners_and_variation_selectors_that_shape_text_are_kept() {
        for text in [
            "👩\u{200d}💻",
            "❤\u{fe0f}",
            "می\u{200c}خواهم",
            "क्\u{200d}ष",
            "葛\u{e0100}",
            "ᠠ\u{180b}",
        ] {
            assert_eq!(sanitize(text), text);
        }
    }

    #[test]
    fn joiners_between_latin_letters_or_at_an_edge_are_dropped() {
        for (text, shown) in [
            ("Ann\u{200d}Marie", "AnnMarie"),
            ("Jo\u{200c}hn", "John"),
            ("Meeting\u{200b}\u{200c}\u{200d} notes", "Meeting notes"),
            ("\u{200d}👩", "👩"),
            ("👩\u{200d}", "👩"),
            ("a\u{200d}💻", "a💻"),
            ("👩\u{200d}b", "👩b"),
            ("می\u{200c}abc", "میabc"),
            // A Mongolian variation selector is not what the joiner joins: the letter is.
            ("ሀ\u{180b}\u{200c}ی", "ሀ\u{180b}ی"),
            ("a\u{200d}\u{7}b", "ab"),
        ] {
            assert_eq!(sanitize(text), shown, "{text:?}");
            assert_eq!(sanitize_multiline(text), shown, "{text:?}");
        }
    }

    #[test]
    fn joiners_that_join_emoji_or_shape_a_script_are_kept() {
        for text in [
            "👩\u{200d}💻",
            "🏳\u{fe0f}\u{200d}🌈",
            "❤\u{fe0f}\u{200d}🔥",
            "👩\u{1f3fd}\u{200d}🚀",
            "می\u{200c}خواهم",
            "क्\u{200d}ष",
            "ক্\u{200c}ষ",
            "ـ\u{200d}ع",
        ] {
            assert_eq!(sanitize(text), text, "{text:?}");
        }
        // A dropped character between does not stop the join.
        assert_eq!(sanitize("👩\u{200d}\u{1b}💻"), "👩\u{200d}💻");
    }

    #[test]
    fn a_leading_combining_mark_is_dropped() {
        assert_eq!(sanitize("\u{301}\u{301}ada"), "ada");
        assert_eq!(sanitize("\u{200d}\u{fe0f}x"), "x");
        assert_eq!(sanitize("\u{1b}\u{301}ada"), "ada");
        assert_eq!(sanitize_multiline("a\n\u{301}b\n\t\u{301}c"), "a\nb\n\tc");
        // After a space it has a base (the space), as it has after a letter.
        assert_eq!(sanitize("a \u{301}b"), "a \u{301}b");
        assert_eq!(sanitize("e\u{301}"), "e\u{301}");
    }

    #[test]
    fn one_line_text_cannot_break_a_row_but_bodies_keep_lines() {
        assert_eq!(sanitize("a\nb\tc"), "a b c");
        assert_eq!(sanitize_multiline("a\r\nb\rc\t\u{7}d"), "a\nb\nc\td");
    }

    #[test]
    fn plain_text_is_unchanged() {
        for text in ["Zoë Ångström", "李小龙", "שלום", "e\u{301}", "ñ", "ﾊﾝｶｸ"] {
            assert_eq!(sanitize(text), text);
        }
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), written out
    /// apart from the table above so the property does not check the table against itself.
    const DEFAULT_IGNORABLE: &[(char, char)] = &[
        ('\u{ad}', '\u{ad}'),
        ('\u{34f}', '\u{34f}'),
        ('\u{61c}', '\u{61c}'),
        ('\u{115f}', '\u{1160}'),
        ('\u{17b4}', '\u{17b5}'),
        ('\u{180b}', '\u{180f}'),
        ('\u{200b}', '\u{200f}'),
        ('\u{202a}', '\u{202e}'),
        ('\u{2060}', '\u{206f}'),
        ('\u{3164}', '\u{3164}'),
        ('\u{fe00}', '\u{fe0f}'),
        ('\u{feff}', '\u{feff}'),
        ('\u{ffa0}', '\u{ffa0}'),
        ('\u{fff0}', '\u{fff8}'),
        ('\u{1bca0}', '\u{1bca3}'),
        ('\u{1d173}', '\u{1d17a}'),
        ('\u{e0000}', '\u{e0fff}'),
    ];

    /// The default-ignorables that shape emoji and scripts, and so are kept (the joiners
    /// only where they join, checked apart).
    fn shaping(c: char) -> bool {
        matches!(c, '\u{180b}'..='\u{180d}' | '\u{180f}'
            | '\u{fe00}'..='\u{fe0f}' | '\u{e0100}'..='\u{e01ef}')
    }

    fn is_joiner(c: char) -> bool {
        matches!(c, '\u{200c}' | '\u{200d}')
    }

    fn must_go(c: char) -> bool {
        let ignorable = DEFAULT_IGNORABLE.iter().any(|(low, high)| (*low..=*high).contains(&c));
        c.is_control()
            || (ignorable && !shaping(c) && !is_joiner(c))
            || matches!(c, '\u{2028}' | '\u{2029}' | '\u{fff9}'..='\u{fffb}')
    }

    /// Every joiner in `shown` stands between two characters it joins (the one before
    /// looked for past variation selectors).
    fn joiners_join(shown: &str) -> bool {
        let chars: Vec<char> = shown.chars().collect();
        chars.iter().enumerate().filter(|(_, c)| is_joiner(**c)).all(|(at, _)| {
            let before = chars[..at].iter().rev().find(|c| !shaping(**c));
            match (before, chars.get(at + 1)) {
                (Some(&before), Some(&after)) => joins(before, after),
                _ => false,
            }
        })
    }

    /// Any character, often one of the troublesome ones.
    fn any_text() -> impl Strategy<Value = String> {
        let troublesome = prop_oneof![
            (0u32..0xa0).prop_map(|n| char::from_u32(n).unwrap_or('?')),
            prop::sample::select(DEFAULT_IGNORABLE.to_vec())
                .prop_flat_map(|(low, high)| low as u32..=high as u32)
                .prop_map(|n| char::from_u32(n).unwrap_or('?')),
            prop::sample::select(vec![
                '\u{301}', '\u{2028}', '\u{2029}', '\u{fffa}', 'é', '李', 'a', '👩', '💻',
                '\u{fe0f}', 'ی', 'خ', 'क', '\u{94d}', '\u{200c}', '\u{200d}',
            ]),
        ];
        prop::collection::vec(prop_oneof![any::<char>(), troublesome], 0..40)
            .prop_map(|chars| chars.into_iter().collect())
    }

    proptest! {
        #[test]
        fn no_control_bidi_or_invisible_character_comes_out(text in any_text()) {
            let one_line = sanitize(&text);
            prop_assert!(!one_line.chars().any(must_go), "{:?} → {:?}", text, one_line);
            let lines = sanitize_multiline(&text);
            prop_assert!(
                !lines.chars().any(|c| must_go(c) && c != '\n' && c != '\t'),
                "{:?} → {:?}", text, lines
            );
            for line in lines.split(['\n', '\t']).chain([one_line.as_str()]) {
                prop_assert!(line.chars().next().is_none_or(|c| c.width() != Some(0)), "{:?}", line);
            }
            prop_assert!(joiners_join(&one_line), "{:?} → {:?}", text, one_line);
            prop_assert!(joiners_join(&lines), "{:?} → {:?}", text, lines);
            prop_assert_eq!(sanitize(&one_line), one_line.clone());
        }

        #[test]
        fn printable_text_is_unchanged(text in any_text()) {
            let printable: String =
                text.chars().filter(|c| !must_go(*c) && !is_joiner(*c)).collect();
            let printable = printable.trim_start_matches(|c: char| c.width() == Some(0));
            prop_assert_eq!(sanitize(printable), printable);
            prop_assert_eq!(sanitize_multiline(printable), printable);
        }
    }
}
