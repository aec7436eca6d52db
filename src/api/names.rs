//! How a person of the API is named: "First Last", or the address when there is no name.

/// "First Last", each part trimmed; empty when both are.
pub fn full_name(first: &str, last: &str) -> String {
    format!("{} {}", first.trim(), last.trim()).trim().to_string()
}

/// The full name, or the address when there is no name.
pub fn name_or_email(first: &str, last: &str, email: &str) -> String {
    let name = full_name(first, last);
    if name.is_empty() { email.to_string() } else { name }
}
