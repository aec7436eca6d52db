//! The request bounds that are certain, checked before anything is sent; anything less
//! certain is left to the server's 422.
//! The simulator enforces the same rules, so the two agree by construction.

use super::error::FieldError;
use super::models::{ContactUpload, SubmitConversion};

/// Length bounds of the optional ContactUpload strings.
pub const NAME_MAX: usize = 63;
/// At most this many tags, each 1..=TAG_MAX characters.
pub const TAGS_MAX: usize = 16;
pub const TAG_MAX: usize = 31;
/// Domain strings are 1..=DOMAIN_MAX characters.
pub const DOMAIN_MAX: usize = 255;
/// conversion_type is at most this long.
pub const CONVERSION_TYPE_MAX: usize = 63;
/// Campaign names are 1..=CAMPAIGN_NAME_MAX characters.
pub const CAMPAIGN_NAME_MAX: usize = 63;

/// Why an address is not a valid e-mail address, in email-validator's words (the service's
/// pydantic `EmailStr`, see [`super::email`]); `None` if valid.
pub fn email_problem(address: &str) -> Option<String> {
    super::email::normalize(address).err()
}

/// A domain name as DNS counts it (letters, digits, hyphens and dots), after an
/// internationalised name is turned into its `xn--` form: at most this many characters.
pub const DNS_NAME_MAX: usize = 253;
/// Each label (the part between dots) has 1..=DNS_LABEL_MAX characters in that form.
pub const DNS_LABEL_MAX: usize = 63;

/// Why a string is not a domain for the DNC list; `None` if it is one. A domain name as DNS
/// has it: Unicode labels are fine (they are checked in their `xn--` form), wildcards and
/// anything shaped like a command-line option are not.
pub fn domain_problem(domain: &str) -> Option<String> {
    let length = domain.chars().count();
    if length == 0 {
        return Some("a domain cannot be empty".into());
    }
    if length > DOMAIN_MAX {
        return Some(format!("a domain has at most {DOMAIN_MAX} characters, this has {length}"));
    }
    if domain.contains('@') {
        return Some("this is an e-mail address, not a domain".into());
    }
    if domain.contains('*') {
        let bare = domain.trim_start_matches(['*', '.']);
        let example = if bare.is_empty() || bare.contains('*') { "example.com" } else { bare };
        return Some(format!(
            "wildcards are not supported: give the domain itself, e.g. {example}"
        ));
    }
    if domain.chars().any(|c| c.is_whitespace() || c.is_control() || c == '/') {
        return Some("a domain has no spaces or slashes".into());
    }
    // UTS 46 (as browsers do): maps the name to lower case and its `xn--` form, refusing
    // characters no domain may hold.
    let Ok(ascii) = idna::domain_to_ascii(domain) else {
        return Some("not a valid domain name: it holds characters no domain may have".into());
    };
    if let Some(bad) =
        ascii.chars().find(|c| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '.'))
    {
        return Some(format!(
            "a domain has only letters, digits, hyphens and dots: '{bad}' is not allowed"
        ));
    }
    let labels: Vec<&str> = ascii.split('.').collect();
    if labels.iter().any(|label| label.is_empty()) {
        return Some("a domain has no empty parts: no dot at either end, nor two in a row".into());
    }
    if let Some(label) = labels.iter().find(|label| label.starts_with('-') || label.ends_with('-'))
    {
        return Some(format!("a part of a domain cannot start or end with a hyphen: '{label}'"));
    }
    if let Some(label) = labels.iter().find(|label| label.len() > DNS_LABEL_MAX) {
        return Some(format!(
            "each part between dots has at most {DNS_LABEL_MAX} characters, one has {}",
            label.len()
        ));
    }
    if ascii.len() > DNS_NAME_MAX {
        return Some(format!(
            "a domain has at most {DNS_NAME_MAX} characters (counted as sent), this has {}",
            ascii.len()
        ));
    }
    if labels.len() < 2 {
        return Some("a domain has at least two parts, e.g. example.com".into());
    }
    if labels.last().is_some_and(|tld| tld.bytes().all(|b| b.is_ascii_digit())) {
        return Some("an IP address is not a domain: give the domain name".into());
    }
    None
}

/// Free-mail providers: blocking one of these domains blocks every contact who writes
/// from a personal address there. `gmx.*` stands for GMX under any top-level domain.
const FREE_MAIL: &[&str] = &[
    "gmail.com",
    "googlemail.com",
    "outlook.com",
    "hotmail.com",
    "live.com",
    "msn.com",
    "yahoo.com",
    "ymail.com",
    "icloud.com",
    "me.com",
    "mac.com",
    "aol.com",
    "proton.me",
    "protonmail.com",
    "pm.me",
    "gmx.*",
    "web.de",
    "mail.com",
    "mail.ru",
    "yandex.ru",
    "yandex.com",
    "zoho.com",
    "qq.com",
    "163.com",
    "126.com",
];

/// Whether a domain belongs to a free-mail provider (see [`FREE_MAIL`]).
pub fn is_free_mail(domain: &str) -> bool {
    let domain = domain.trim().trim_start_matches('@').to_lowercase();
    FREE_MAIL.iter().any(|entry| match entry.strip_suffix('*') {
        Some(prefix) => domain.starts_with(prefix) && !domain[prefix.len()..].contains('.'),
        None => domain == *entry,
    })
}

fn check_length(errors: &mut Vec<FieldError>, field: &str, value: &str, max: usize) {
    let length = value.chars().count();
    if length == 0 {
        errors.push(FieldError::new(field, "must not be empty (leave it out instead)"));
    } else if length > max {
        errors.push(FieldError::new(field, format!("at most {max} characters, this has {length}")));
    }
}

/// Everything certain about a contact upload; empty when it may be sent.
pub fn check_contact(contact: &ContactUpload) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if contact.email.trim().is_empty() {
        errors.push(FieldError::new("email", "an e-mail address is required"));
    } else if let Some(problem) = email_problem(&contact.email) {
        errors.push(FieldError::new("email", problem));
    }
    for (field, value) in [
        ("first_name", &contact.first_name),
        ("last_name", &contact.last_name),
        ("city", &contact.city),
        ("country", &contact.country),
    ] {
        if let Some(value) = value {
            check_length(&mut errors, field, value, NAME_MAX);
        }
    }
    if contact.tags.len() > TAGS_MAX {
        errors.push(FieldError::new(
            "tags",
            format!("at most {TAGS_MAX} tags, this has {}", contact.tags.len()),
        ));
    }
    for (index, tag) in contact.tags.iter().enumerate() {
        check_length(&mut errors, &format!("tags.{index}"), tag, TAG_MAX);
    }
    errors
}

/// Everything certain about a conversion; empty when it may be sent.
pub fn check_conversion(conversion: &SubmitConversion) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if conversion.email.trim().is_empty() {
        errors.push(FieldError::new("email", "an e-mail address is required"));
    } else if let Some(problem) = email_problem(&conversion.email) {
        errors.push(FieldError::new("email", problem));
    }
    if let Some(kind) = &conversion.conversion_type {
        let length = kind.chars().count();
        if length > CONVERSION_TYPE_MAX {
            errors.push(FieldError::new(
                "conversion_type",
                format!("at most {CONVERSION_TYPE_MAX} characters, this has {length}"),
            ));
        }
    }
    errors
}

/// Splits pasted text (lines, commas, spaces, semicolons) into distinct entries, in order.
pub fn split_entries(text: &str) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .filter(|entry| seen.insert(entry.to_lowercase()))
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_problems_use_the_servers_words() {
        assert_eq!(email_problem("ann@example.com"), None);
        assert_eq!(email_problem("ann@").unwrap(), "There must be something after the @-sign.");
        assert!(email_problem("ann").unwrap().contains("@-sign"));
        assert!(email_problem("ann@localhost").unwrap().contains("period"));
        assert!(email_problem("ann@b.localhost").unwrap().contains("special-use"));
        assert!(email_problem("a nn@example.com").is_some());
    }

    #[test]
    fn contact_bounds() {
        let mut contact = ContactUpload { email: "ann@example.com".into(), ..Default::default() };
        assert!(check_contact(&contact).is_empty());
        contact.city = Some(String::new());
        contact.country = Some("c".repeat(64));
        contact.tags = vec!["t".repeat(32); 17];
        let fields: Vec<String> = check_contact(&contact).into_iter().map(|e| e.field).collect();
        assert!(fields.contains(&"city".to_string()));
        assert!(fields.contains(&"country".to_string()));
        assert!(fields.contains(&"tags".to_string()));
        assert!(fields.contains(&"tags.16".to_string()));
    }

    #[test]
    fn entries_split_on_any_separator_and_dedupe() {
        assert_eq!(
            split_entries("a@b.com, c.com\nd.com;  A@B.com\t e.com"),
            vec!["a@b.com", "c.com", "d.com", "e.com"]
        );
    }

    #[test]
    fn domains_are_dns_names_unicode_allowed() {
        for good in ["example.com", "Sub.Example.CO.uk", "bücher.de", "xn--bcher-kva.de", "a-b.io"]
        {
            assert_eq!(domain_problem(good), None, "{good}");
        }
        let problem = |domain: &str| domain_problem(domain).unwrap_or_default();
        assert!(problem("").contains("empty"));
        assert!(problem(&"a".repeat(256)).contains("at most 255"));
        assert!(problem("a@b.com").contains("e-mail address"));
        assert_eq!(
            problem("*.evil.com"),
            "wildcards are not supported: give the domain itself, e.g. evil.com"
        );
        assert!(problem("-rf").contains("hyphen: '-rf'"), "{}", problem("-rf"));
        assert!(problem("evil-.com").contains("hyphen"));
        assert!(problem("domain!").contains("'!' is not allowed"), "{}", problem("domain!"));
        assert!(problem("bad").contains("at least two parts"));
        assert!(problem("a..com").contains("no empty parts"));
        assert!(problem("example.com.").contains("no empty parts"));
        assert!(problem(&format!("{}.com", "a".repeat(64))).contains("at most 63"));
        let long = format!("{}.abcd", vec!["abcdefghi"; 25].join("."));
        assert!(problem(&long).contains("at most 253"), "{}", problem(&long));
        assert!(problem("10.0.0.1").contains("IP address"));
        assert!(problem("a b.com").contains("no spaces"));
    }

    #[test]
    fn free_mail_domains_are_known_in_any_case() {
        assert!(is_free_mail("gmail.com"));
        assert!(is_free_mail("GMail.COM"));
        assert!(is_free_mail("gmx.de") && is_free_mail("gmx.net"));
        assert!(!is_free_mail("gmx.example.com"));
        assert!(!is_free_mail("acme.com") && !is_free_mail("notgmail.com"));
    }
}
