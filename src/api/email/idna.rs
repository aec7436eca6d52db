//! IDNA 2008 as the Python `idna` package checks a label (RFC 5891 §4, RFC 5892, RFC 5893),
//! which email-validator asks about every internationalised domain: which code points a
//! label may hold (derived from Unicode properties by RFC 5892's rules), the joiner and
//! other context rules, the Bidi rule, and A-labels (`xn--…`) that must decode to a valid
//! label and encode back to themselves. UTS 46 (the `idna` crate) is broader: it lets
//! symbols such as ☃ through, which IDNA 2008 does not.

use icu_normalizer::ComposingNormalizerBorrowed;
use icu_properties::props::{
    BidiClass, CanonicalCombiningClass, ChangesWhenNfkcCasefolded, DefaultIgnorableCodePoint,
    GeneralCategory, HangulSyllableType, JoiningType, NoncharacterCodePoint, Script, WhiteSpace,
};
use icu_properties::{CodePointMapData, CodePointSetData};

/// What RFC 5892 derives for a code point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Valid,
    ContextJ,
    ContextO,
    Disallowed,
}

fn category(c: char) -> GeneralCategory {
    CodePointMapData::<GeneralCategory>::new().get(c)
}

/// RFC 5892 §3's rules in their order: exceptions, unassigned, LDH, join controls,
/// unstable, ignorable properties and blocks, old Hangul jamo, letters and digits.
fn class(c: char) -> Class {
    let code = c as u32;
    match code {
        0xdf | 0x3c2 | 0x6fd | 0x6fe | 0xf0b | 0x3007 => return Class::Valid,
        0xb7 | 0x375 | 0x5f3 | 0x5f4 | 0x30fb | 0x660..=0x669 | 0x6f0..=0x6f9 => {
            return Class::ContextO;
        }
        0x640 | 0x7fa | 0x302e | 0x302f | 0x3031..=0x3035 | 0x303b => return Class::Disallowed,
        _ => {}
    }
    let category = category(c);
    let has = |set: icu_properties::CodePointSetDataBorrowed<'static>| set.contains(c);
    if category == GeneralCategory::Unassigned
        && !has(CodePointSetData::new::<NoncharacterCodePoint>())
    {
        return Class::Disallowed;
    }
    if matches!(c, 'a'..='z' | '0'..='9' | '-') {
        return Class::Valid;
    }
    if matches!(c, '\u{200c}' | '\u{200d}') {
        return Class::ContextJ;
    }
    if has(CodePointSetData::new::<ChangesWhenNfkcCasefolded>())
        || has(CodePointSetData::new::<DefaultIgnorableCodePoint>())
        || has(CodePointSetData::new::<WhiteSpace>())
        || has(CodePointSetData::new::<NoncharacterCodePoint>())
        || matches!(code, 0x20d0..=0x20ff | 0x1d100..=0x1d1ff | 0x1d200..=0x1d24f)
    {
        return Class::Disallowed;
    }
    let jamo = CodePointMapData::<HangulSyllableType>::new().get(c);
    if matches!(
        jamo,
        HangulSyllableType::LeadingJamo
            | HangulSyllableType::VowelJamo
            | HangulSyllableType::TrailingJamo
    ) {
        return Class::Disallowed;
    }
    match category {
        GeneralCategory::LowercaseLetter
        | GeneralCategory::UppercaseLetter
        | GeneralCategory::OtherLetter
        | GeneralCategory::DecimalNumber
        | GeneralCategory::ModifierLetter
        | GeneralCategory::NonspacingMark
        | GeneralCategory::SpacingMark => Class::Valid,
        _ => Class::Disallowed,
    }
}

fn is_virama(c: char) -> bool {
    CodePointMapData::<CanonicalCombiningClass>::new().get(c) == CanonicalCombiningClass::Virama
}

fn script(c: char) -> Script {
    CodePointMapData::<Script>::new().get(c)
}

/// RFC 5892 Appendix A.1 and A.2: a joiner after a virama, or a ZWNJ between joining letters.
fn joins(label: &[char], at: usize) -> bool {
    if at > 0 && is_virama(label[at - 1]) {
        return true;
    }
    if label[at] != '\u{200c}' {
        return false;
    }
    let joining = |c: char| CodePointMapData::<JoiningType>::new().get(c);
    let side = |chars: &mut dyn Iterator<Item = &char>, wanted: JoiningType| {
        chars
            .map(|c| joining(*c))
            .find(|kind| *kind != JoiningType::Transparent)
            .is_some_and(|kind| kind == wanted || kind == JoiningType::DualJoining)
    };
    side(&mut label[..at].iter().rev(), JoiningType::LeftJoining)
        && side(&mut label[at + 1..].iter(), JoiningType::RightJoining)
}

/// RFC 5892 Appendix A.3 to A.9.
fn context_ok(label: &[char], at: usize) -> bool {
    let c = label[at];
    match c {
        '\u{b7}' => at > 0 && label.get(at + 1) == Some(&'l') && label[at - 1] == 'l',
        '\u{375}' => label.get(at + 1).is_some_and(|next| script(*next) == Script::Greek),
        '\u{5f3}' | '\u{5f4}' => at > 0 && script(label[at - 1]) == Script::Hebrew,
        '\u{30fb}' => label.iter().any(|c| {
            *c != '\u{30fb}'
                && matches!(script(*c), Script::Hiragana | Script::Katakana | Script::Han)
        }),
        '\u{660}'..='\u{669}' => !label.iter().any(|c| ('\u{6f0}'..='\u{6f9}').contains(c)),
        '\u{6f0}'..='\u{6f9}' => !label.iter().any(|c| ('\u{660}'..='\u{669}').contains(c)),
        _ => false,
    }
}

fn bidi(c: char) -> BidiClass {
    CodePointMapData::<BidiClass>::new().get(c)
}

/// Whether any character is written right to left (Bidi classes R, AL, AN).
pub fn has_right_to_left(text: &str) -> bool {
    text.chars().any(|c| matches!(bidi(c), BidiClass::R | BidiClass::AL | BidiClass::AN))
}

/// The Bidi rule of RFC 5893 §2 for one label; `always`: also for a left-to-right label.
pub fn check_bidi(label: &str, always: bool) -> Result<(), String> {
    use BidiClass as B;
    if !always && !has_right_to_left(label) {
        return Ok(());
    }
    let Some(first) = label.chars().next() else { return Ok(()) };
    let rtl = match bidi(first) {
        B::R | B::AL => true,
        B::L => false,
        _ => {
            return Err(format!(
                "First codepoint in label '{label}' must be directionality L, R or AL"
            ));
        }
    };
    let (mut valid_ending, mut number) = (false, None);
    for (at, c) in label.chars().enumerate() {
        let direction = bidi(c);
        let (allowed, ending) = if rtl {
            (
                matches!(
                    direction,
                    B::R | B::AL | B::AN | B::EN | B::ES | B::CS | B::ET | B::ON | B::BN | B::NSM
                ),
                matches!(direction, B::R | B::AL | B::EN | B::AN),
            )
        } else {
            (
                matches!(direction, B::L | B::EN | B::ES | B::CS | B::ET | B::ON | B::BN | B::NSM),
                matches!(direction, B::L | B::EN),
            )
        };
        let written = if rtl { "right-to-left" } else { "left-to-right" };
        if !allowed {
            return Err(format!(
                "Invalid direction for codepoint at position {} in a {written} label",
                at + 1
            ));
        }
        if ending {
            valid_ending = true;
        } else if direction != B::NSM {
            valid_ending = false;
        }
        if rtl && matches!(direction, B::AN | B::EN) {
            match number {
                None => number = Some(direction),
                Some(kind) if kind != direction => {
                    return Err("Can not mix numeral types in a right-to-left label".into());
                }
                Some(_) => {}
            }
        }
    }
    if valid_ending {
        Ok(())
    } else {
        Err("Label ends with illegal codepoint directionality".into())
    }
}

/// RFC 5891 §4.2's checks of a U-label, as `idna.check_label` makes them.
pub fn check_label(label: &str) -> Result<(), String> {
    if label.is_empty() {
        return Err("Empty Label".into());
    }
    if ComposingNormalizerBorrowed::new_nfc().normalize(label) != label {
        return Err("Label must be in Normalization Form C".into());
    }
    let chars: Vec<char> = label.chars().collect();
    if chars.get(2..4) == Some(&['-', '-']) {
        return Err("Label has disallowed hyphens in 3rd and 4th position".into());
    }
    if label.starts_with('-') || label.ends_with('-') {
        return Err("Label must not start or end with a hyphen".into());
    }
    if matches!(
        category(chars[0]),
        GeneralCategory::NonspacingMark
            | GeneralCategory::SpacingMark
            | GeneralCategory::EnclosingMark
    ) {
        return Err("Label begins with an illegal combining character".into());
    }
    for (at, &c) in chars.iter().enumerate() {
        let ok = match class(c) {
            Class::Valid => true,
            Class::ContextJ => joins(&chars, at),
            Class::ContextO => context_ok(&chars, at),
            Class::Disallowed => {
                return Err(format!(
                    "Codepoint U+{:04X} at position {} of '{label}' not allowed",
                    c as u32,
                    at + 1
                ));
            }
        };
        if !ok {
            return Err(format!(
                "Codepoint U+{:04X} at position {} of '{label}' not allowed in this context",
                c as u32,
                at + 1
            ));
        }
    }
    check_bidi(label, false)
}

/// The U-label of an ASCII label: an A-label decoded (and checked to encode back to
/// itself), any other label checked as it is (`idna.ulabel`).
pub fn ulabel(label: &str) -> Result<String, String> {
    let Some(encoded) = label.strip_prefix("xn--") else {
        check_label(label)?;
        return Ok(label.to_string());
    };
    if encoded.is_empty() {
        return Err("Malformed A-label, no Punycode eligible content found".into());
    }
    if encoded.ends_with('-') {
        return Err("A-label must not end with a hyphen".into());
    }
    let decoded = ::idna::punycode::decode_to_string(encoded).ok_or("Invalid A-label")?;
    if ::idna::punycode::encode_str(&decoded).as_deref() != Some(encoded) {
        return Err("A-label is not the canonical Punycode encoding of its U-label".into());
    }
    check_label(&decoded)?;
    Ok(decoded)
}

/// The A-label of a label (`idna.alabel`): an ASCII label checked and kept, any other
/// checked and Punycode-encoded; at most 63 octets.
pub fn alabel(label: &str) -> Result<String, String> {
    let ascii = if label.is_ascii() {
        ulabel(label)?;
        label.to_string()
    } else {
        check_label(label)?;
        format!("xn--{}", ::idna::punycode::encode_str(label).ok_or("Invalid label")?)
    };
    if ascii.len() > 63 {
        return Err("Label too long".into());
    }
    Ok(ascii)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_digits_pass_symbols_and_capitals_do_not() {
        for label in ["abc", "münchen", "例え", "xn--mnchen-3ya", "a-b", "ا١٢"] {
            assert_eq!(ulabel(label).map(|_| ()), Ok(()), "{label}");
        }
        for label in ["☃", "ABC", "a\u{200d}b", "ab--c", "-a", "xn--n3h", "xn---bbk", "xn--"] {
            assert!(ulabel(label).is_err() || check_label(label).is_err(), "{label}");
        }
        assert_eq!(ulabel("xn--mnchen-3ya").unwrap(), "münchen");
        assert_eq!(alabel("münchen").unwrap(), "xn--mnchen-3ya");
    }

    #[test]
    fn joiners_need_their_context() {
        assert!(check_label("क्\u{200d}ष").is_ok());
        assert!(check_label("ی\u{200c}خ").is_ok());
        assert!(check_label("a\u{200c}b").is_err());
        assert!(check_label("l\u{b7}l").is_ok());
        assert!(check_label("a\u{b7}b").is_err());
    }
}
