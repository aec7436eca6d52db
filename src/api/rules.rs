//! The request bounds that are certain (DESIGN §4), checked before anything is sent.
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

/// Why a string is not a domain for the DNC list; `None` if it is one.
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
    if domain.chars().any(|c| c.is_whitespace() || c.is_control() || c == '/') {
        return Some("a domain has no spaces or slashes".into());
    }
    None
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
    fn domains() {
        assert!(domain_problem("example.com").is_none());
        assert!(domain_problem("").is_some());
        assert!(domain_problem(&"a".repeat(256)).is_some());
        assert!(domain_problem("a@b.com").is_some());
    }
}
