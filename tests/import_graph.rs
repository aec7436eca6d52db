//! Arrows between files point one way: the files of a module tree import each other
//! without a circle (issue 9). The graph is read from the source: every `super::`,
//! `self::`, `crate::` and child path in code (comments and `#[cfg(test)] mod tests`
//! blocks left out) becomes an edge to the file that holds the module it names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

/// `a::b` for `src/a/b.rs` and for `src/a/b/mod.rs`.
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> =
        relative.iter().map(|part| part.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    parts.join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without comments and without its inline test module.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]")
            && lines.peek().is_some_and(|next| next.trim_start().starts_with("mod tests"))
        {
            break;
        }
        let without_comment = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        code.push_str(without_comment);
        code.push('\n');
    }
    code
}

/// Every path written in `code` that starts at `super`, `self`, `crate` or a child module:
/// grouped imports (`use super::{a, b::C}`) give one path per member.
fn paths_in(code: &str, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let bytes: Vec<char> = code.chars().collect();
    let mut paths = Vec::new();
    let mut i = 0;
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < bytes.len() {
        if !is_ident(bytes[i]) || (i > 0 && (is_ident(bytes[i - 1]) || bytes[i - 1] == ':')) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && is_ident(bytes[i]) {
            i += 1;
        }
        let first: String = bytes[start..i].iter().collect();
        let followed_by_path = bytes.get(i) == Some(&':') && bytes.get(i + 1) == Some(&':');
        let roots = ["super", "self", "crate"];
        if !followed_by_path || !(roots.contains(&first.as_str()) || children.contains(&first)) {
            continue;
        }
        let (mut segments, end) = read_path(&bytes, start);
        i = end;
        if segments.is_empty() {
            continue;
        }
        if bytes.get(end) == Some(&'{') {
            for member in group_members(&bytes, end) {
                let mut full = segments.clone();
                full.extend(member);
                paths.push(full);
            }
        } else {
            segments.retain(|s| !s.is_empty());
            paths.push(segments);
        }
    }
    paths
}

/// The `a::b::c` segments starting at `start`, and where they stop (at a `{` for a group).
fn read_path(chars: &[char], start: usize) -> (Vec<String>, usize) {
    let mut segments = Vec::new();
    let mut i = start;
    loop {
        let begin = i;
        while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        segments.push(chars[begin..i].iter().collect::<String>());
        if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
            i += 2;
            if chars.get(i) == Some(&'{') || chars.get(i) == Some(&'*') {
                return (segments, i);
            }
        } else {
            return (segments, i);
        }
    }
}

/// The first path segments of each member of the group opening at `open`.
fn group_members(chars: &[char], open: usize) -> Vec<Vec<String>> {
    let mut depth = 0;
    let mut end = open;
    for (at, c) in chars.iter().enumerate().skip(open) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    end = at;
                    break;
                }
            }
            _ => {}
        }
    }
    let inner: String = chars[open + 1..end].iter().collect();
    let mut members = Vec::new();
    let mut depth = 0;
    let mut current = String::new();
    for c in inner.chars().chain([',']) {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                let member: Vec<String> = current
                    .split("::")
                    .map(|s| s.trim().split(' ').next().unwrap_or("").to_string())
                    .take_while(|s| !s.is_empty() && !s.starts_with('{'))
                    .collect();
                if !member.is_empty() {
                    members.push(member);
                }
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    members
}

/// The module a path names, resolved from the module `at`, cut to the deepest module that
/// is a file of the tree; `None` when it leaves the tree or names the file itself.
fn target(path: &[String], at: &str, files: &BTreeSet<String>) -> Option<String> {
    // `super` from `a/b.rs` and from `a/b/mod.rs` alike is `a`.
    let mut base: Vec<&str> = at.split("::").collect();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop();
                rest = &rest[1..];
            }
        }
        _ => {}
    }
    let mut full: Vec<&str> = base;
    full.extend(rest.iter().map(String::as_str));
    (1..=full.len())
        .rev()
        .map(|n| full[..n].join("::"))
        .find(|candidate| files.contains(candidate))
        .filter(|found| found != at)
}

/// The import graph of the files under `src/<tree>`.
fn graph(tree: &str) -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src.join(tree), &mut files);
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut graph = Graph::new();
    for file in &files {
        let module = module_of(&src, file);
        let children: BTreeSet<String> = modules
            .iter()
            .filter_map(|m| m.strip_prefix(&format!("{module}::")))
            .filter(|rest| !rest.contains("::"))
            .map(str::to_string)
            .collect();
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        let edges = graph.entry(module.clone()).or_default();
        for path in paths_in(&code, &children) {
            let path = if children.contains(&path[0]) {
                std::iter::once("self".to_string()).chain(path).collect()
            } else {
                path
            };
            if let Some(to) = target(&path, &module, &modules) {
                // A file declaring its children (`mod x;`, `pub use x::Y`) is their parent,
                // not an import: only a child pointing back up is a circle.
                if !to.starts_with(&format!("{module}::")) {
                    edges.insert(to);
                }
            }
        }
    }
    graph
}

/// One circle of `graph` (as the files on it), if there is any.
fn find_circle(graph: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &Graph,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let from = stack.iter().position(|n| n == node).unwrap();
                let mut circle = stack[from..].to_vec();
                circle.push(node.to_string());
                return Some(circle);
            }
            None => {}
        }
        marks.insert(node.to_string(), Mark::Open);
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(circle) = visit(next, graph, marks, stack) {
                return Some(circle);
            }
        }
        stack.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    graph.keys().find_map(|node| visit(node, graph, &mut marks, &mut Vec::new()))
}

#[test]
fn the_files_of_the_simulator_import_each_other_without_a_circle() {
    let graph = graph("sim");
    assert!(graph.len() > 20, "the sim tree was read: {:?}", graph.keys());
    // The line the issue asks for: the seeder builds the store, the store builds chains.
    assert!(graph["sim::seed"].contains("sim::store"), "{graph:?}");
    assert!(graph["sim::store"].contains("sim::chain"), "{graph:?}");
    if let Some(circle) = find_circle(&graph) {
        panic!("import circle in src/sim: {}", circle.join(" → "));
    }
}

#[test]
fn a_circle_is_found_and_named() {
    let mut graph = Graph::new();
    graph.entry("sim::seed".into()).or_default().insert("sim::store".into());
    graph.entry("sim::store".into()).or_default().insert("sim::chain".into());
    graph.entry("sim::chain".into()).or_default().insert("sim::seed".into());
    let circle = find_circle(&graph).expect("a circle");
    assert_eq!(circle.first(), circle.last());
    assert_eq!(circle.len(), 4);
}

#[test]
fn paths_are_read_from_grouped_and_nested_imports() {
    let children = BTreeSet::from(["state".to_string()]);
    let code = code_of(
        "use super::{rng::{Rng, salt}, store::World};\nuse state::X;\nlet y = super::reply::json();\n// super::ignored::x\n#[cfg(test)]\nmod tests {\n    use super::hidden;\n}\n",
    );
    let paths = paths_in(&code, &children);
    let firsts: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert!(firsts.contains(&"super::rng".to_string()), "{firsts:?}");
    assert!(firsts.contains(&"super::store::World".to_string()), "{firsts:?}");
    assert!(firsts.iter().any(|p| p.starts_with("state::X")), "{firsts:?}");
    assert!(firsts.iter().any(|p| p.starts_with("super::reply")), "{firsts:?}");
    assert!(!firsts.iter().any(|p| p.contains("ignored") || p.contains("hidden")), "{firsts:?}");
}
