//! The import graph between the files of one module tree (`src/tui`, `src/sim` …), read
//! from the source: every `crate::…`, `super::…`, `self::…` or child-module path in a
//! file's non-test code is an arrow to the file that defines it. `mod x;` declarations are
//! not arrows (a parent declares its children; it does not use them unless it names them).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Files by module path (`["update", "fetch"]`), with the files each one imports.
pub struct Graph {
    pub files: BTreeMap<Vec<String>, PathBuf>,
    pub arrows: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

/// The graph of the module tree in `dir`, named `crate::<module>` (e.g. `tui`).
pub fn graph(dir: &Path, module: &str) -> Graph {
    let mut files = BTreeMap::new();
    collect(dir, dir, &mut files);
    let mut arrows = BTreeMap::new();
    for (path, file) in &files {
        let source = std::fs::read_to_string(file).unwrap();
        let code = non_test_code(&source);
        let children = child_modules(&code);
        let mut targets = BTreeSet::new();
        for segments in paths(&code) {
            let absolute = match segments[0].as_str() {
                "crate" if segments.get(1).map(String::as_str) == Some(module) => {
                    segments[2..].to_vec()
                }
                "super" | "self" => {
                    let mut at = path.clone();
                    let mut rest = &segments[..];
                    while let Some(first) = rest.first() {
                        match first.as_str() {
                            "super" => drop(at.pop()),
                            "self" => {}
                            _ => break,
                        }
                        rest = &rest[1..];
                    }
                    at.extend(rest.iter().cloned());
                    at
                }
                first if children.contains(first) => {
                    path.iter().cloned().chain(segments.iter().cloned()).collect()
                }
                _ => continue,
            };
            // The longest prefix that is a file is the module the path lands in.
            let target = (0..=absolute.len())
                .rev()
                .map(|n| absolute[..n].to_vec())
                .find(|prefix| files.contains_key(prefix));
            if let Some(target) = target.filter(|target| target != path) {
                targets.insert(target);
            }
        }
        // A file that expands the list-resource registry (`list_resources!`) declares and uses
        // every resource file beside it, though their names are written in `model.rs`: count
        // it as importing each of them, so a circle through the registry is still seen.
        if code.contains("list_resources!(") {
            for child in files.keys().filter(|m| m.len() == path.len() + 1 && m.starts_with(path)) {
                targets.insert(child.clone());
            }
        }
        arrows.insert(path.clone(), targets);
    }
    Graph { files, arrows }
}

/// The graph of the crate's rooms (the top-level modules under `src/`): room A has an arrow
/// to room B when any non-test code under A names `crate::B`. One node per room, so the
/// graph's file names are the rooms' names.
pub fn rooms(src: &Path) -> Graph {
    let mut all = BTreeMap::new();
    collect(src, src, &mut all);
    let room = |path: &Vec<String>| path.first().cloned().unwrap_or_default();
    let mut files = BTreeMap::new();
    let mut arrows: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (path, file) in &all {
        let from = room(path);
        if from.is_empty() || from == "main" || from == "lib" {
            continue;
        }
        files.insert(vec![from.clone()], src.join(&from));
        let code = non_test_code(&std::fs::read_to_string(file).unwrap());
        let targets = arrows.entry(vec![from.clone()]).or_default();
        for segments in paths(&code) {
            if segments[0] == "crate" && segments.len() > 1 && segments[1] != from {
                targets.insert(vec![segments[1].clone()]);
            }
        }
    }
    Graph { files, arrows }
}

impl Graph {
    /// A circle of imports, as file names, if there is one.
    pub fn cycle(&self) -> Option<Vec<String>> {
        #[derive(Clone, Copy, PartialEq)]
        enum Mark {
            New,
            Open,
            Done,
        }
        fn visit(
            graph: &Graph,
            node: &Vec<String>,
            marks: &mut BTreeMap<Vec<String>, Mark>,
            stack: &mut Vec<Vec<String>>,
        ) -> Option<Vec<Vec<String>>> {
            marks.insert(node.clone(), Mark::Open);
            stack.push(node.clone());
            for next in &graph.arrows[node] {
                match marks[next] {
                    Mark::Open => {
                        let start = stack.iter().position(|n| n == next).unwrap();
                        let mut circle = stack[start..].to_vec();
                        circle.push(next.clone());
                        return Some(circle);
                    }
                    Mark::New => {
                        if let Some(circle) = visit(graph, next, marks, stack) {
                            return Some(circle);
                        }
                    }
                    Mark::Done => {}
                }
            }
            stack.pop();
            marks.insert(node.clone(), Mark::Done);
            None
        }
        let mut marks: BTreeMap<_, _> = self.files.keys().map(|k| (k.clone(), Mark::New)).collect();
        for node in self.files.keys() {
            if marks[node] == Mark::New {
                let mut stack = Vec::new();
                if let Some(circle) = visit(self, node, &mut marks, &mut stack) {
                    return Some(circle.iter().map(|n| self.name(n)).collect());
                }
            }
        }
        None
    }

    pub fn name(&self, node: &[String]) -> String {
        self.files[node].display().to_string()
    }

    /// Whether `from` imports anything under `to` (a module path prefix).
    pub fn imports_under(&self, from: &[String], to: &[String]) -> Vec<String> {
        self.arrows
            .iter()
            .filter(|(file, _)| file.starts_with(from))
            .flat_map(|(file, targets)| {
                targets
                    .iter()
                    .filter(|t| t.starts_with(to))
                    .map(move |t| format!("{} -> {}", self.name(file), self.name(t)))
            })
            .collect()
    }
}

fn collect(root: &Path, dir: &Path, files: &mut BTreeMap<Vec<String>, PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(root, &path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root).unwrap().with_extension("");
            let mut module: Vec<String> =
                relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            if module.last().is_some_and(|last| last == "mod") {
                module.pop();
            }
            files.insert(module, path);
        }
    }
}

/// The code before the test module, without comments.
fn non_test_code(source: &str) -> String {
    let code = source.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines()
        .map(|line| match line.find("//") {
            Some(at) if line[..at].matches('"').count() % 2 == 0 => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn child_modules(code: &str) -> BTreeSet<String> {
    code.lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line.strip_prefix("pub ").or_else(|| {
                line.strip_prefix("pub(crate) ").or_else(|| line.strip_prefix("pub(super) "))
            });
            let rest = rest.unwrap_or(line).strip_prefix("mod ")?;
            rest.strip_suffix(';').map(|name| name.trim().to_string())
        })
        .collect()
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Every path of two or more segments, `use` groups expanded.
fn paths(code: &str) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let starts = is_ident(bytes[at])
            && !bytes[at].is_ascii_digit()
            && (at == 0 || !(is_ident(bytes[at - 1]) || bytes[at - 1] == b':'));
        if starts {
            let before = at;
            for path in path_at(bytes, &mut at) {
                if path.len() > 1 {
                    found.push(path);
                }
            }
            at = at.max(before + 1);
        } else {
            at += 1;
        }
    }
    found
}

fn skip_space(bytes: &[u8], at: &mut usize) {
    while *at < bytes.len() && bytes[*at].is_ascii_whitespace() {
        *at += 1;
    }
}

fn ident(bytes: &[u8], at: &mut usize) -> String {
    let start = *at;
    while *at < bytes.len() && is_ident(bytes[*at]) {
        *at += 1;
    }
    String::from_utf8_lossy(&bytes[start..*at]).into_owned()
}

/// The path starting at `at`: one, or several when it ends in a `{…}` group.
fn path_at(bytes: &[u8], at: &mut usize) -> Vec<Vec<String>> {
    let mut prefix = vec![ident(bytes, at)];
    loop {
        let mut look = *at;
        skip_space(bytes, &mut look);
        if !bytes[look..].starts_with(b"::") {
            return vec![prefix];
        }
        look += 2;
        skip_space(bytes, &mut look);
        match bytes.get(look) {
            Some(b'{') => {
                *at = look + 1;
                let mut all = Vec::new();
                loop {
                    skip_space(bytes, at);
                    match bytes.get(*at) {
                        None => return all,
                        Some(b'}') => {
                            *at += 1;
                            return all;
                        }
                        Some(&c) if is_ident(c) => {
                            for tail in path_at(bytes, at) {
                                let mut path = prefix.clone();
                                path.extend(tail.into_iter().filter(|s| s != "self"));
                                all.push(path);
                            }
                        }
                        Some(_) => *at += 1,
                    }
                }
            }
            Some(&c) if is_ident(c) => {
                *at = look;
                prefix.push(ident(bytes, at));
            }
            _ => return vec![prefix],
        }
    }
}
