//! What a newcomer reads: a README short enough for five minutes that starts with the two
//! commands and says where the rest is, and documents whose links all lead somewhere.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every page of docs/.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    for entry in fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    pages.sort();
    pages
}

/// The lines outside fenced code blocks.
fn prose(text: &str) -> Vec<&str> {
    let mut fenced = false;
    text.lines()
        .filter(|line| {
            if line.starts_with("```") {
                fenced = !fenced;
                return false;
            }
            !fenced
        })
        .collect()
}

/// The anchor a heading gets on GitHub: lower case, spaces as `-`, other punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

fn anchors(page: &Path) -> Vec<String> {
    let text = fs::read_to_string(page).unwrap();
    prose(&text)
        .into_iter()
        .filter(|line| line.starts_with('#'))
        .map(|line| anchor(line.trim_start_matches('#')))
        .collect()
}

/// The targets of `[text](target)` links in the prose of `text`.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in prose(text) {
        let mut rest = line;
        while let Some(start) = rest.find("](") {
            rest = &rest[start + 2..];
            if let Some(end) = rest.find(')') {
                found.push(rest[..end].to_string());
                rest = &rest[end..];
            }
        }
    }
    found
}

#[test]
fn the_readme_starts_with_the_two_commands_and_fits_in_250_lines() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let lines: Vec<&str> = readme.lines().collect();
    assert!(lines.len() <= 250, "README.md has {} lines; move the rest into docs/", lines.len());
    let top = lines[..lines.len().min(15)].join("\n");
    for command in ["cargo run --release -- --demo", "cargo test"] {
        assert!(top.contains(&format!("\n{command} ")), "`{command}` is not at the top:\n{top}");
    }
}

#[test]
fn the_readme_links_every_document() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let linked = links(&readme);
    for page in pages().iter().filter(|page| !page.ends_with("README.md")) {
        let name = format!("docs/{}", page.file_name().unwrap().to_str().unwrap());
        assert!(linked.contains(&name), "README.md does not link {name}");
    }
}

#[test]
fn every_link_of_the_documents_leads_to_a_file_and_a_heading_that_exist() {
    for page in pages() {
        let text = fs::read_to_string(&page).unwrap();
        let folder = page.parent().unwrap();
        for link in links(&text) {
            if link.starts_with("http://") || link.starts_with("https://") {
                continue;
            }
            let (file, heading) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() { page.clone() } else { folder.join(file) };
            assert!(target.exists(), "{}: {link} leads nowhere", page.display());
            if !heading.is_empty() {
                let known = anchors(&target);
                assert!(
                    known.iter().any(|a| a == heading),
                    "{}: no heading #{heading} in {file}",
                    page.display()
                );
            }
        }
    }
}

/// Pages that still cite the design's budget section and tracker numbers; they are being
/// rewritten on their own, and leave this list when they are.
const STILL_CITING: &[&str] = &["PERFORMANCE.md"];

#[test]
fn the_documents_name_what_they_mean_not_a_tracker_number() {
    let cited = |page: &PathBuf| STILL_CITING.iter().any(|name| page.ends_with(name));
    for page in pages().into_iter().filter(|page| !cited(page)) {
        let text = fs::read_to_string(&page).unwrap();
        for (number, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            let tracker = lower.match_indices("issue ").any(|(at, word)| {
                lower[at + word.len()..].starts_with(|c: char| c.is_ascii_digit())
            });
            assert!(
                !tracker && !line.contains("DESIGN §") && !line.contains("DESIGN.md"),
                "{}:{}: {line}",
                page.display(),
                number + 1
            );
        }
    }
}
