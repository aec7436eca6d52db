//! The word lists under `assets/sim/`, compiled in and parsed once: names (with wide,
//! combining and right-to-left scripts), companies, cities, job titles, subjects and
//! e-mail paragraphs.

use std::collections::HashMap;
use std::sync::OnceLock;

/// A name as shown, and the ASCII form used to build e-mail addresses.
#[derive(Debug, Clone)]
pub struct Name {
    pub display: String,
    pub ascii: String,
}

#[derive(Debug, Clone)]
pub struct Company {
    pub name: String,
    pub domain: String,
}

#[derive(Debug, Clone)]
pub struct City {
    pub name: String,
    pub country: String,
    pub timezone: String,
}

/// Every list the generator draws from. None is empty (checked by a test).
#[derive(Debug)]
pub struct Words {
    pub first_names: Vec<Name>,
    pub last_names: Vec<Name>,
    pub companies: Vec<Company>,
    pub cities: Vec<City>,
    pub titles: Vec<String>,
    pub subjects: Vec<String>,
    snippets: HashMap<String, Vec<String>>,
}

impl Words {
    /// Paragraphs of one category (`opener`, `pitch`, `decline` …); empty if unknown.
    pub fn snippets(&self, category: &str) -> &[String] {
        self.snippets.get(category).map(Vec::as_slice).unwrap_or(&[])
    }
}

/// The parsed lists, built on first use.
pub fn words() -> &'static Words {
    static WORDS: OnceLock<Words> = OnceLock::new();
    WORDS.get_or_init(|| Words {
        first_names: names(include_str!("../../assets/sim/first_names.txt")),
        last_names: names(include_str!("../../assets/sim/last_names.txt")),
        companies: fields(include_str!("../../assets/sim/companies.txt"))
            .map(|f| Company { name: f[0].to_string(), domain: field(&f, 1) })
            .collect(),
        cities: fields(include_str!("../../assets/sim/cities.txt"))
            .map(|f| City { name: f[0].to_string(), country: field(&f, 1), timezone: field(&f, 2) })
            .collect(),
        titles: fields(include_str!("../../assets/sim/titles.txt"))
            .map(|f| f[0].to_string())
            .collect(),
        subjects: fields(include_str!("../../assets/sim/subjects.txt"))
            .map(|f| f.join("|"))
            .collect(),
        snippets: snippets(include_str!("../../assets/sim/snippets.txt")),
    })
}

/// Lines split on `|`, without blank lines and `#` comments.
fn fields(text: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    text.lines()
        .map(str::trim_end)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.split('|').collect())
}

fn field(parts: &[&str], index: usize) -> String {
    parts.get(index).copied().unwrap_or_default().to_string()
}

fn names(text: &'static str) -> Vec<Name> {
    fields(text)
        .map(|f| {
            let display = f[0].to_string();
            let ascii = match f.get(1) {
                Some(ascii) => ascii.to_string(),
                None => display.to_lowercase().replace(['\'', ' '], ""),
            };
            Name { display, ascii }
        })
        .collect()
}

fn snippets(text: &'static str) -> HashMap<String, Vec<String>> {
    let mut by_category: HashMap<String, Vec<String>> = HashMap::new();
    for parts in fields(text) {
        if let [category, rest @ ..] = parts.as_slice() {
            by_category.entry(category.to_string()).or_default().push(rest.join("|"));
        }
    }
    by_category
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_list_is_filled_and_ascii_forms_are_ascii() {
        let w = words();
        assert!(w.first_names.len() > 50 && w.last_names.len() > 50);
        assert!(!w.companies.is_empty() && !w.cities.is_empty() && !w.titles.is_empty());
        assert!(!w.subjects.is_empty());
        for name in w.first_names.iter().chain(&w.last_names) {
            assert!(name.ascii.is_ascii() && !name.ascii.is_empty(), "{name:?}");
        }
        for company in &w.companies {
            assert!(company.domain.contains('.'), "{company:?}");
        }
        for category in ["opener", "pitch", "cta", "followup", "positive", "info", "later"] {
            assert!(!w.snippets(category).is_empty(), "{category}");
        }
        assert!(w.first_names.iter().any(|n| n.display.contains('\u{308}')), "combining");
        assert!(w.last_names.iter().any(|n| n.display.contains('כ')), "right-to-left");
    }
}
