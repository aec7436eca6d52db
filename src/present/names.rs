//! How people read: "First Last", the address when there is no name, "First Last <email>".
//! These return the server's text as it came; whoever shows it sanitises it (tables and
//! screens do), so CSV piped to a file stays faithful.

use crate::api::{Party, Person};

// How a person is named lives with the API's types, so rooms below this one name people the
// same way.
pub(crate) use crate::api::names::{full_name, name_or_email};

/// A bot or contact of an exchange by name, else by address.
pub(crate) fn party_name(party: &Party) -> String {
    name_or_email(&party.first_name, &party.last_name, &party.email)
}

/// A meeting's contact, bot or user by name, else by address; empty when absent.
pub(crate) fn person_name(person: Option<&Person>) -> String {
    person.map(|p| name_or_email(&p.first_name, &p.last_name, &p.email)).unwrap_or_default()
}

/// "First Last <email>", or whichever of the two there is.
pub(crate) fn name_and_address(first: &str, last: &str, email: &str) -> String {
    let name = full_name(first, last);
    match (name.is_empty(), email.trim().is_empty()) {
        (false, false) => format!("{name} <{}>", email.trim()),
        (false, true) => name,
        (true, _) => email.trim().to_string(),
    }
}

/// A meeting's person as "First Last <email>"; empty when absent.
pub(crate) fn person_with_address(person: Option<&Person>) -> String {
    person.map(|p| name_and_address(&p.first_name, &p.last_name, &p.email)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fall_back_to_the_address() {
        assert_eq!(full_name(" Ann ", "Lee"), "Ann Lee");
        assert_eq!(full_name("", "Lee"), "Lee");
        assert_eq!(name_or_email(" ", "", "a@b.c"), "a@b.c");
        assert_eq!(name_and_address("Ann", "Lee", "ann@b.c"), "Ann Lee <ann@b.c>");
        assert_eq!(name_and_address("", "", "ann@b.c"), "ann@b.c");
        assert_eq!(name_and_address("Ann", "", ""), "Ann");
        assert_eq!(person_with_address(None), "");
    }
}
