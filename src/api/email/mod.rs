//! E-mail addresses as the service takes them: pydantic's `EmailStr`, which is
//! python-email-validator 2 (`validate_email` without its DNS checks) after pydantic
//! strips the white space around the address and takes it out of `Name <address>`. The
//! client checks with it before sending and the simulator answers with it, so a fixture
//! that passes on the simulator passes on the service. `tests/data/email_validator.json`
//! holds the library's own verdicts on awkward addresses; `tests/sim/validation.rs` holds
//! this port to them.
//!
//! Messages are email-validator's; a character it would name ("ZERO WIDTH SPACE") is named
//! by its code point here (`U+200B`), as Unicode's names are not built in.

mod idna;

use icu_normalizer::{ComposingNormalizerBorrowed, DecomposingNormalizerBorrowed};
use icu_properties::CodePointMapData;
use icu_properties::props::GeneralCategory;

/// pydantic's bound on the text given, before anything else is looked at.
pub const INPUT_MAX: usize = 2048;
/// The longest address in UTF-8 bytes (RFC 5321 §4.5.3.1.3 with RFC 3696's errata).
const ADDRESS_MAX: usize = 254;
/// The longest domain and label, in octets as sent (RFC 1035).
const DOMAIN_MAX: usize = 253;
const LABEL_MAX: usize = 63;

/// Domains that cannot have a deliverable address (IANA's special-use names, as
/// email-validator lists them), nor can any name under them.
pub const SPECIAL_USE_DOMAINS: &[&str] =
    &["arpa", "invalid", "local", "localhost", "onion", "test"];

/// Mailbox names that are case-insensitive (RFC 2142): written in lower case.
const CASE_INSENSITIVE: &[&str] = &[
    "info",
    "marketing",
    "sales",
    "support",
    "abuse",
    "noc",
    "security",
    "postmaster",
    "hostmaster",
    "usenet",
    "news",
    "webmaster",
    "www",
    "uucp",
    "ftp",
];

/// The address as the service stores it (normalised: domain in lower case and Unicode,
/// local part in NFC), or why it is not a valid address, in email-validator's words.
pub fn normalize(input: &str) -> Result<String, String> {
    if input.chars().count() > INPUT_MAX {
        return Err(format!("Length must not exceed {INPUT_MAX} characters"));
    }
    // A line break belongs to a folded header, never to one address.
    if input.contains(['\r', '\n']) {
        return Err("Carriage return and line feed characters are not allowed".into());
    }
    let address = named_address(input).unwrap_or(input);
    validate(address.trim_matches(is_python_space))
}

/// What Python's `str.strip()` removes: Unicode white space and the four separators.
fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// pydantic's `Name <address>` form: the address in brackets when the whole text is one,
/// the name (a run of words, or anything quoted) optional.
fn named_address(input: &str) -> Option<&str> {
    let text = input.trim_start_matches(is_python_space);
    let end = text.trim_end_matches(is_python_space);
    let inner = end.strip_suffix('>')?;
    text.char_indices().filter(|(_, c)| *c == '<').find_map(|(at, _)| {
        let address = inner.get(at + 1..)?;
        let name = text[..at].trim_end_matches(is_python_space);
        let valid = !address.is_empty() && display_name(name);
        valid.then_some(address)
    })
}

/// Whether `name` reads as pydantic's display name: empty, `"…"`, or words of name
/// characters separated by white space.
fn display_name(name: &str) -> bool {
    if name.is_empty() {
        return true;
    }
    if let Some(quoted) = name.strip_prefix('"').and_then(|rest| rest.strip_suffix('"')) {
        return !quoted.is_empty();
    }
    let word = |c: char| c.is_alphanumeric() || "_.!#$%&'*+-/=?^`{|}~".contains(c);
    !name.starts_with(is_python_space)
        && name.split(is_python_space).filter(|w| !w.is_empty()).all(|w| w.chars().all(word))
}

/// email-validator's `validate_email` with pydantic's options: Unicode allowed, no quoted
/// local part, no IP literal, no display name, the domain globally deliverable.
fn validate(email: &str) -> Result<String, String> {
    let parts = split(email)?;
    let mut local = local_part(&parts.local, parts.quoted)?;
    let nfc = ComposingNormalizerBorrowed::new_nfc().normalize(&parts.local).into_owned();
    if nfc != parts.local {
        local = local_part(&nfc, parts.quoted)
            .map_err(|e| format!("After Unicode normalization: {e}"))?;
    }
    if parts.quoted {
        return Err("Quoting the part before the @-sign is not allowed here.".into());
    }
    if CASE_INSENSITIVE.contains(&local.to_ascii_lowercase().as_str()) && local.is_ascii() {
        local = local.to_ascii_lowercase();
    }
    if parts.domain.is_empty() {
        return Err("There must be something after the @-sign.".into());
    }
    if parts.domain.starts_with('[') && parts.domain.ends_with(']') {
        return Err("A bracketed IP address after the @-sign is not allowed here.".into());
    }
    let (ascii_domain, domain) = domain_name(&parts.domain)?;
    let normalized = format!("{local}@{domain}");
    for (address, after) in [
        (format!("{}@{}", parts.original_local, parts.domain), ""),
        (normalized.clone(), "after normalization "),
        (
            format!("{local}@{ascii_domain}"),
            "when the part after the @-sign is converted to IDNA ASCII ",
        ),
    ] {
        let over = address.len().saturating_sub(ADDRESS_MAX);
        if over > 0 {
            let unit = if after.is_empty() && address.is_ascii() { "character" } else { "byte" };
            return Err(format!(
                "The email address is too long {after}({over} {}).",
                plural(over, unit)
            ));
        }
    }
    if parts.named {
        return Err(
            "A display name and angle brackets around the email address are not permitted here."
                .into(),
        );
    }
    Ok(normalized)
}

fn plural(n: usize, unit: &str) -> String {
    if n > 1 { format!("{unit}s too many") } else { format!("{unit} too many") }
}

/// An address taken apart.
struct Parts {
    /// Written as `… <address>`.
    named: bool,
    original_local: String,
    /// The local part without its quotes and escapes.
    local: String,
    quoted: bool,
    domain: String,
}

/// email-validator's `split_email`: at the first `@` (or `<`) outside quotes that nothing
/// combines with.
fn split(email: &str) -> Result<Parts, String> {
    let (left, right) = split_at_special(email, &['@', '<'])?;
    let (named, local, domain) = match right.strip_prefix('<') {
        Some(_) => {
            let right = right.trim_end_matches(' ');
            if !right.contains('>') {
                return Err("An open angle bracket at the start of the email address has to be followed by a close angle bracket at the end.".into());
            }
            if !right.ends_with('>') {
                return Err("There can't be anything after the email address.".into());
            }
            let address = &right[1..right.len() - 1];
            let (local, domain) = split_at_special(address, &['@'])?;
            (true, local, domain)
        }
        None => (false, left, right),
    };
    let domain = domain.strip_prefix('@').unwrap_or(domain);
    let (unquoted, quoted) = unquote(local)?;
    Ok(Parts {
        named,
        original_local: local.to_string(),
        local: unquoted,
        quoted,
        domain: domain.to_string(),
    })
}

/// `text` split before its first unquoted special character; an error when there is none.
fn split_at_special<'a>(text: &'a str, specials: &[char]) -> Result<(&'a str, &'a str), String> {
    let nfc = ComposingNormalizerBorrowed::new_nfc();
    let (mut inside_quote, mut escaped) = (false, false);
    for (at, c) in text.char_indices() {
        let window: String = text[at..].chars().take(32).collect();
        if !nfc.normalize(&window).starts_with(c) {
            continue;
        }
        if inside_quote {
            if c == '\\' && !escaped {
                escaped = true;
            } else {
                if c == '"' && !escaped {
                    inside_quote = false;
                }
                escaped = false;
            }
        } else if c == '"' {
            inside_quote = true;
        } else if specials.contains(&c) {
            return Ok((&text[..at], &text[at..]));
        }
    }
    if text.contains('＠') {
        return Err("The email address has the \"full-width\" at-sign (@) character instead of a regular at-sign.".into());
    }
    if text.contains('﹫') {
        return Err("The email address has the \"small commercial at\" character instead of a regular at-sign.".into());
    }
    Err("An email address must have an @-sign.".into())
}

/// The text without its surrounding quotes and backslash escapes, and whether it was quoted.
fn unquote(text: &str) -> Result<(String, bool), String> {
    let Some(rest) = text.strip_prefix('"') else { return Ok((text.to_string(), false)) };
    let (mut value, mut escaped) = (String::new(), false);
    for (at, c) in rest.char_indices() {
        if escaped {
            value.push(c);
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '"' {
            let after = &rest[at + 1..];
            if !after.is_empty() {
                let shown: Vec<String> = after.chars().map(shown).collect();
                return Err(format!(
                    "Extra character(s) found after close quote: {}",
                    shown.join(", ")
                ));
            }
            break;
        } else {
            value.push(c);
        }
    }
    Ok((value, true))
}

/// A character as email-validator names it in a message.
fn shown(c: char) -> String {
    if c == '\\' {
        return "\"\\\"".into();
    }
    match category_group(c) {
        'L' | 'N' | 'P' | 'S' if c == '\'' => "\"'\"".into(),
        'L' | 'N' | 'P' | 'S' => format!("'{c}'"),
        _ => format!("U+{:04X}", c as u32),
    }
}

/// The sorted, distinct characters of `text` that `bad` picks, as a message lists them.
fn listed(text: &str, bad: impl Fn(char) -> bool) -> Option<String> {
    let mut chars: Vec<String> = text.chars().filter(|c| bad(*c)).map(shown).collect();
    crate::sorting::sort(&mut chars);
    chars.dedup();
    (!chars.is_empty()).then(|| chars.join(", "))
}

fn category(c: char) -> GeneralCategory {
    CodePointMapData::<GeneralCategory>::new().get(c)
}

/// The first letter of the character's general category (L, M, N, P, S, Z, C).
fn category_group(c: char) -> char {
    use GeneralCategory as G;
    match category(c) {
        G::UppercaseLetter
        | G::LowercaseLetter
        | G::TitlecaseLetter
        | G::ModifierLetter
        | G::OtherLetter => 'L',
        G::NonspacingMark | G::EnclosingMark | G::SpacingMark => 'M',
        G::DecimalNumber | G::LetterNumber | G::OtherNumber => 'N',
        G::DashPunctuation
        | G::OpenPunctuation
        | G::ClosePunctuation
        | G::ConnectorPunctuation
        | G::OtherPunctuation
        | G::InitialPunctuation
        | G::FinalPunctuation => 'P',
        G::MathSymbol | G::CurrencySymbol | G::ModifierSymbol | G::OtherSymbol => 'S',
        G::SpaceSeparator | G::LineSeparator | G::ParagraphSeparator => 'Z',
        _ => 'C',
    }
}

/// RFC 5322's atext: letters, digits and the printable specials a local part may hold.
fn atext(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_!#$%&'*+-/=?^`{|}~".contains(c)
}

/// With RFC 6531: any character past ASCII too.
fn atext_intl(c: char) -> bool {
    atext(c) || c >= '\u{80}'
}

/// Dot-separated runs of `allowed`, none empty.
fn dot_atom(text: &str, allowed: impl Fn(char) -> bool) -> bool {
    text.split('.').all(|run| !run.is_empty() && run.chars().all(&allowed))
}

/// email-validator's `check_unsafe_chars`: letters, numbers, punctuation and symbols, a
/// combining mark only after something, spaces only where quoted.
fn check_unsafe(text: &str, allow_space: bool) -> Result<(), String> {
    let unsafe_at = |(at, c): (usize, char)| match category_group(c) {
        'L' | 'N' | 'P' | 'S' => false,
        'M' => at == 0,
        'Z' => !(allow_space && category(c) == GeneralCategory::SpaceSeparator),
        _ => true,
    };
    let mut bad: Vec<char> =
        text.chars().enumerate().filter(|&(at, c)| unsafe_at((at, c))).map(|(_, c)| c).collect();
    if bad.is_empty() {
        return Ok(());
    }
    crate::sorting::sort(&mut bad);
    bad.dedup();
    let shown: Vec<String> = bad.into_iter().map(shown).collect();
    Err(format!("The email address contains unsafe characters: {}.", shown.join(", ")))
}

/// RFC 5322 §3.2.3's dots (and RFC 952's hyphens in a host name).
fn check_dot_atom(label: &str, start: &str, end: &str, hostname: bool) -> Result<(), String> {
    let say = |template: &str, what: &str| Err(template.replace("{}", what));
    if label.ends_with('.') {
        return say(end, "period");
    }
    if label.starts_with('.') {
        return say(start, "period");
    }
    if label.contains("..") {
        return Err("An email address cannot have two periods in a row.".into());
    }
    if hostname {
        if label.ends_with('-') {
            return say(end, "hyphen");
        }
        if label.starts_with('-') {
            return say(start, "hyphen");
        }
        if label.contains(".-") || label.contains("-.") {
            return Err(
                "An email address cannot have a period and a hyphen next to each other.".into()
            );
        }
    }
    Ok(())
}

/// email-validator's `validate_email_local_part`: the local part as it is normalised.
fn local_part(local: &str, quoted: bool) -> Result<String, String> {
    if local.is_empty() {
        return Err("There must be something before the @-sign.".into());
    }
    if dot_atom(local, atext) {
        return Ok(local.to_string());
    }
    let valid = if dot_atom(local, atext_intl) {
        Some(false)
    } else if quoted {
        if let Some(bad) =
            listed(local, |c| !(c == ' ' || ('\u{20}'..='\u{7e}').contains(&c) || c >= '\u{80}'))
        {
            return Err(format!(
                "The email address contains invalid characters in quotes before the @-sign: {bad}."
            ));
        }
        Some(true)
    } else {
        None
    };
    if let Some(quoted) = valid {
        check_unsafe(local, quoted)?;
        if quoted {
            return Ok(format!("\"{}\"", local.replace('\\', "\\\\").replace('"', "\\\"")));
        }
        return Ok(local.to_string());
    }
    if let Some(bad) = listed(local, |c| !(atext_intl(c) || c == '.')) {
        return Err(format!(
            "The email address contains invalid characters before the @-sign: {bad}."
        ));
    }
    check_dot_atom(
        local,
        "An email address cannot start with a {}.",
        "An email address cannot have a {} immediately before the @-sign.",
        false,
    )?;
    Err("The email address contains invalid characters before the @-sign.".into())
}

/// A host name's characters: ASCII letters, digits, hyphens, dots, and past ASCII.
fn hostname_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '.' || c >= '\u{80}'
}

/// RFC 952 labels: ASCII letters and digits, hyphens inside.
fn ascii_hostname(domain: &str) -> bool {
    domain.split('.').all(|label| {
        !label.is_empty()
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    })
}

/// email-validator's `uts46_valid_char`: what UTS 46 mapping would refuse, refused first
/// with a message of its own.
fn uts46_valid(c: char) -> bool {
    let code = c as u32;
    if (0x80..=0x9f).contains(&code) {
        return false;
    }
    if ((0x2010..=0x2060).contains(&code)
        && !(0x2024..=0x2026).contains(&code)
        && !(0x2028..=0x202e).contains(&code))
        || matches!(code, 0xad | 0x2064 | 0xff0e | 0x200b..=0x200d | 0x1bca0..=0x1bca3)
    {
        return true;
    }
    use GeneralCategory as G;
    if matches!(
        category(c),
        G::Format
            | G::Unassigned
            | G::PrivateUse
            | G::Surrogate
            | G::SpaceSeparator
            | G::LineSeparator
            | G::ParagraphSeparator
    ) {
        return false;
    }
    // A character that decomposes into something with a dot (⒈).
    let mut one = [0u8; 4];
    let c = &*c.encode_utf8(&mut one);
    let decomposed = DecomposingNormalizerBorrowed::new_nfkd().normalize(c);
    decomposed == c || !decomposed.contains('.')
}

/// UTS 46 mapping of a domain (lower case, NFC, the other full stops made dots), as
/// `idna.uts46_remap` does it without the STD3 rules and without transitional mapping.
fn uts46_remap(domain: &str) -> Result<String, String> {
    let dotted = domain.replace(['\u{3002}', '\u{ff0e}', '\u{ff61}'], ".");
    let mapped: Result<Vec<String>, String> = dotted
        .split('.')
        .map(|label| {
            if label.is_ascii() {
                return Ok(label.to_ascii_lowercase());
            }
            let uts46 = ::idna::uts46::Uts46::new();
            let (mapped, result) = uts46.to_unicode(
                label.as_bytes(),
                ::idna::uts46::AsciiDenyList::EMPTY,
                ::idna::uts46::Hyphens::Allow,
            );
            match result {
                Ok(()) => Ok(mapped.into_owned()),
                Err(_) => Err(format!(
                    "The part after the @-sign contains invalid characters (Codepoint not allowed in {label:?})."
                )),
            }
        })
        .collect();
    Ok(mapped?.join("."))
}

/// email-validator's `validate_email_domain_name` (globally deliverable): the domain in
/// IDNA ASCII and as it is normalised (Unicode).
fn domain_name(domain: &str) -> Result<(String, String), String> {
    let characters = domain.chars().count();
    if characters > DOMAIN_MAX {
        let over = characters - DOMAIN_MAX;
        return Err(format!(
            "The email address is too long after the @-sign ({over} {}).",
            plural(over, "character")
        ));
    }
    if let Some(bad) = listed(domain, |c| !hostname_char(c)) {
        return Err(format!("The part after the @-sign contains invalid characters: {bad}."));
    }
    check_unsafe(domain, false)?;
    if let Some(bad) = listed(domain, |c| !uts46_valid(c)) {
        return Err(format!("The part after the @-sign contains invalid characters: {bad}."));
    }
    let mapped = uts46_remap(domain)?;
    if let Some(bad) = listed(&mapped, |c| !hostname_char(c)) {
        return Err(format!(
            "The part after the @-sign contains invalid characters after Unicode normalization: {bad}."
        ));
    }
    check_dot_atom(
        &mapped,
        "An email address cannot have a {} immediately after the @-sign.",
        "An email address cannot end with a {}.",
        true,
    )?;
    for label in mapped.split('.') {
        let chars: Vec<char> = label.chars().collect();
        let punycode =
            chars.len() >= 2 && chars[..2].iter().collect::<String>().eq_ignore_ascii_case("xn");
        if chars.get(2..4) == Some(&['-', '-']) && !punycode {
            return Err("An email address cannot have two letters followed by two dashes immediately after the @-sign or after a period, except Punycode.".into());
        }
    }
    let ascii = if ascii_hostname(&mapped) {
        mapped.clone()
    } else {
        let labels: Result<Vec<String>, String> = mapped.split('.').map(idna::alabel).collect();
        let ascii =
            labels.map_err(|e| format!("The part after the @-sign is invalid ({e})."))?.join(".");
        if !ascii_hostname(&ascii) {
            return Err("The email address contains invalid characters after the @-sign after IDNA encoding.".into());
        }
        ascii
    };
    if ascii.len() > DOMAIN_MAX {
        let over = ascii.len() - DOMAIN_MAX;
        return Err(if ascii == domain {
            format!(
                "The email address is too long after the @-sign ({over} {}).",
                plural(over, "character")
            )
        } else {
            format!(
                "The email address is too long after the @-sign ({over} {} after IDNA encoding).",
                plural(over, "byte")
            )
        });
    }
    if let Some(label) = ascii.split('.').find(|label| label.len() > LABEL_MAX) {
        let over = label.len() - LABEL_MAX;
        return Err(format!(
            "After the @-sign, periods cannot be separated by so many characters ({over} {}).",
            plural(over, "character")
        ));
    }
    if !ascii.contains('.') {
        return Err("The part after the @-sign is not valid. It should have a period.".into());
    }
    if !ascii.ends_with(|c: char| c.is_ascii_alphabetic()) {
        return Err(
            "The part after the @-sign is not valid. It is not within a valid top-level domain."
                .into(),
        );
    }
    if SPECIAL_USE_DOMAINS
        .iter()
        .any(|special| ascii == *special || ascii.ends_with(&format!(".{special}")))
    {
        return Err("The part after the @-sign is a special-use or reserved name that cannot be used with email.".into());
    }
    if !ascii.contains("xn--") {
        return Ok((ascii.clone(), ascii));
    }
    let labels: Result<Vec<String>, String> = ascii.split('.').map(idna::ulabel).collect();
    let unicode = labels
        .map_err(|e| format!("The part after the @-sign is not valid IDNA ({e})."))?
        .join(".");
    if let Some(bad) = listed(&unicode, |c| !hostname_char(c)) {
        return Err(format!("The part after the @-sign contains invalid characters: {bad}."));
    }
    check_unsafe(&unicode, false)?;
    if idna::has_right_to_left(&unicode) {
        for label in unicode.split('.') {
            idna::check_bidi(label, true)
                .map_err(|e| format!("The part after the @-sign is not valid IDNA ({e})."))?;
        }
    }
    Ok((ascii, unicode))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_form_and_surrounding_white_space_are_taken_off() {
        assert_eq!(named_address("Ann Lee <a@x.com>"), Some("a@x.com"));
        assert_eq!(named_address("<a@x.com> "), Some("a@x.com"));
        assert_eq!(named_address("\"Lee, Ann\" <a@x.com>"), Some("a@x.com"));
        assert_eq!(named_address("a@x.com"), None);
        assert_eq!(normalize(" a@x.com\t").as_deref(), Ok("a@x.com"));
        assert_eq!(normalize("Ann <a@X.com>").as_deref(), Ok("a@x.com"));
    }
}
