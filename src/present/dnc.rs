//! What a do-not-contact list of domains means for the organisation, said the same way by
//! the dashboard's confirmation and `outreach dnc add-domains`: how many of its contacts
//! each domain covers, and which domains are free-mail providers.

use crate::api::rules::is_free_mail;
use crate::text::count;
use std::collections::HashMap;

/// What a do-not-contact write names for an address: the address itself, or with `domain`
/// its domain (after its last `@`; `None` when it has none).
pub(crate) fn listed_as(email: &str, domain: bool) -> Option<&str> {
    if !domain {
        return Some(email);
    }
    email.rsplit_once('@').map(|(_, host)| host).filter(|host| !host.is_empty())
}

/// How many domains a sentence names before "and N more".
const NAMED: usize = 5;

/// Contacts per domain, in the order of `domains`: a contact is covered when its address
/// is at that domain (compared as DNS does: case aside, a Unicode name as its `xn--` form).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Coverage {
    per_domain: Vec<(String, usize)>,
    index: HashMap<String, usize>,
}

impl Coverage {
    pub(crate) fn new(domains: &[String]) -> Self {
        let mut coverage = Coverage::default();
        for domain in domains {
            let place = coverage.per_domain.len();
            coverage.per_domain.push((domain.clone(), 0));
            coverage.index.entry(dns_form(domain)).or_insert(place);
        }
        coverage
    }

    /// Counts one contact by its address.
    pub(crate) fn add(&mut self, email: &str) {
        let Some((_, host)) = email.rsplit_once('@') else { return };
        let place = self.index.get(&host.to_ascii_lowercase()).copied().or_else(|| {
            // Only a Unicode host needs the (slower) conversion.
            (!host.is_ascii()).then(|| self.index.get(&dns_form(host)).copied()).flatten()
        });
        if let Some(place) = place {
            self.per_domain[place].1 += 1;
        }
    }

    /// Every contact covered.
    pub(crate) fn total(&self) -> usize {
        self.per_domain.iter().map(|(_, n)| n).sum()
    }

    /// "gmail.com covers 412 contacts", or for several "these 3 domains cover 415 contacts
    /// (gmail.com 412, acme.com 3)"; the server's text unsanitised, as names are.
    pub(crate) fn text(&self) -> String {
        let contacts = |n| count(n, "contact", "contacts");
        match self.per_domain.as_slice() {
            [] => String::new(),
            [(domain, n)] if *n == 0 => format!("{domain} covers no contact of the organisation"),
            [(domain, n)] => format!("{domain} covers {}", contacts(*n)),
            many if self.total() == 0 => format!(
                "these {} cover no contact of the organisation",
                count(many.len(), "domain", "domains")
            ),
            many => {
                let mut covering: Vec<&(String, usize)> =
                    many.iter().filter(|(_, n)| *n > 0).collect();
                crate::sorting::sort_by_key(&mut covering, |entry| std::cmp::Reverse(entry.1));
                let mut named: Vec<String> =
                    covering.iter().take(NAMED).map(|(d, n)| format!("{d} {n}")).collect();
                if covering.len() > NAMED {
                    named.push(format!("{} more", covering.len() - NAMED));
                }
                format!(
                    "these {} cover {} ({})",
                    count(many.len(), "domain", "domains"),
                    contacts(self.total()),
                    named.join(", ")
                )
            }
        }
    }
}

/// A domain as DNS compares it: lower case, a Unicode name in its `xn--` form.
fn dns_form(domain: &str) -> String {
    let domain = domain.trim().to_lowercase();
    idna::domain_to_ascii(&domain).unwrap_or(domain)
}

/// "gmail.com is a free-mail provider: blocking it blocks every contact with an address
/// there", when the list holds such domains.
pub(crate) fn free_mail_warning(domains: &[String]) -> Option<String> {
    let free: Vec<&str> =
        domains.iter().map(String::as_str).filter(|domain| is_free_mail(domain)).collect();
    match free.as_slice() {
        [] => None,
        [one] => Some(format!(
            "{one} is a free-mail provider: blocking it blocks every contact with an address there"
        )),
        many => Some(format!(
            "{} are free-mail providers: blocking them blocks every contact with an address there",
            many.join(", ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_names_the_address_or_its_domain() {
        assert_eq!(listed_as("ann@acme.test", false), Some("ann@acme.test"));
        assert_eq!(listed_as("ann@acme.test", true), Some("acme.test"));
        assert_eq!(listed_as("\"a@b\"@acme.test", true), Some("acme.test"), "after the last @");
        assert_eq!(listed_as("ann", true), None);
        assert_eq!(listed_as("ann@", true), None);
    }

    fn list(domains: &[&str]) -> Vec<String> {
        domains.iter().map(|d| d.to_string()).collect()
    }

    #[test]
    fn contacts_are_counted_at_their_domain_in_any_case_or_script() {
        let mut coverage = Coverage::new(&list(&["gmail.com", "bücher.de", "none.org"]));
        for email in ["a@gmail.com", "b@GMAIL.com", "c@mail.gmail.com", "d@xn--bcher-kva.de"] {
            coverage.add(email);
        }
        coverage.add("e@Bücher.de");
        coverage.add("not an address");
        assert_eq!(coverage.total(), 4);
        assert_eq!(coverage.text(), "these 3 domains cover 4 contacts (gmail.com 2, bücher.de 2)");
        let mut one = Coverage::new(&list(&["gmail.com"]));
        one.add("a@gmail.com");
        assert_eq!(one.text(), "gmail.com covers 1 contact");
        assert_eq!(
            Coverage::new(&list(&["x.org"])).text(),
            "x.org covers no contact of the organisation"
        );
    }

    #[test]
    fn free_mail_is_named() {
        assert_eq!(free_mail_warning(&list(&["acme.com"])), None);
        let warning = free_mail_warning(&list(&["acme.com", "gmail.com"])).unwrap();
        assert!(warning.starts_with("gmail.com is a free-mail provider"), "{warning}");
        let two = free_mail_warning(&list(&["gmail.com", "gmx.de"])).unwrap();
        assert!(two.starts_with("gmail.com, gmx.de are free-mail providers"), "{two}");
    }
}
