//! The tests build as a few binaries (each links the whole crate, and linking is most of a
//! rebuild on two cores): every `.rs` file under `tests/` is a module reached from one
//! binary's `main.rs`, so a file dropped beside them can neither become a binary of its own
//! nor sit there compiled by nobody.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

const MOST_BINARIES: usize = 9;

fn tests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, out: &mut BTreeSet<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.insert(path);
        }
    }
}

/// The file a `mod` line names, from the file that declares it: `#[path = "…"]` relative to
/// the declaring file's folder, else `name.rs` or `name/mod.rs` beside a `main.rs` or
/// `mod.rs`, or in the folder named after any other file.
fn declared(file: &Path) -> Vec<PathBuf> {
    let text = fs::read_to_string(file).unwrap();
    let folder = file.parent().unwrap();
    let owner = match file.file_name().and_then(|n| n.to_str()) {
        Some("main.rs" | "mod.rs") => folder.to_path_buf(),
        _ => folder.join(file.file_stem().unwrap()),
    };
    let mut found = Vec::new();
    let mut path_attr: Option<String> = None;
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("#[path = \"") {
            path_attr = rest.strip_suffix("\"]").map(String::from);
            continue;
        }
        let name = line
            .strip_prefix("pub mod ")
            .or_else(|| line.strip_prefix("mod "))
            .and_then(|rest| rest.strip_suffix(';'));
        if let Some(name) = name {
            match path_attr.take() {
                Some(path) => found.push(folder.join(path)),
                None => {
                    let flat = owner.join(format!("{name}.rs"));
                    found.push(if flat.exists() { flat } else { owner.join(name).join("mod.rs") });
                }
            }
        } else if !line.starts_with("#[") {
            path_attr = None;
        }
    }
    found
}

#[test]
fn every_file_under_tests_belongs_to_one_of_a_few_binaries() {
    let dir = tests_dir();
    let mut binaries = Vec::new();
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            binaries.push(path);
        } else if path.join("main.rs").exists() {
            binaries.push(path.join("main.rs"));
        }
    }
    assert!(
        binaries.len() <= MOST_BINARIES,
        "{} test binaries (at most {MOST_BINARIES}): {binaries:?}; add the file as a module of one",
        binaries.len()
    );

    let mut reached = BTreeSet::new();
    let mut todo = binaries.clone();
    while let Some(file) = todo.pop() {
        let file = fs::canonicalize(&file).unwrap();
        if reached.insert(file.clone()) {
            todo.extend(declared(&file).into_iter().filter(|f| f.exists()));
        }
    }
    let mut all = BTreeSet::new();
    rust_files(&dir, &mut all);
    let orphans: Vec<_> = all
        .iter()
        .filter(|f| !reached.contains(&fs::canonicalize(f).unwrap()))
        .map(|f| f.strip_prefix(&dir).unwrap().display().to_string())
        .collect();
    assert!(orphans.is_empty(), "files under tests/ that no test binary compiles: {orphans:?}");
}
