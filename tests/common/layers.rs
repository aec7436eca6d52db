//! The import graph between the files of one module tree (`src/tui`, `src/sim` …), read
//! from the source: every `crate::…`, `super::…`, `self::…` or child-module path in a
//! file's non-test code is an arrow to the file that defines it (`super` inside an inline
//! `mod name { … }` first leaves that module). `mod x;` declarations are not arrows (a
//! parent declares its children; it does not use them unless it names them), and neither
//! are `pub use` lines: a path is followed through a re-export to where the name is defined.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Files by module path (`["update", "fetch"]`), with the files each one imports.
pub struct Graph {
    pub files: BTreeMap<Vec<String>, PathBuf>,
    pub arrows: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

/// One file as read: its module path, its non-test code, the inline modules in it and the
/// names it re-exports.
struct Read {
    path: Vec<String>,
    code: String,
    children: BTreeSet<String>,
    inline: Vec<Inline>,
    /// `pub use a::b::{C, D as E};`: `C` and `E`, each with the path it names.
    reexports: BTreeMap<String, Vec<String>>,
    /// `pub use a::*;`: the module paths.
    globs: Vec<Vec<String>>,
    /// The names the file itself defines (`struct X`, `fn y` …), for `pub use a::*`.
    defines: BTreeSet<String>,
}

/// The graph of the module tree in `dir`, named `crate::<module>` (e.g. `tui`).
///
/// A `pub use` line is not an arrow by itself (as `mod x;` is not): a path that lands on a
/// name re-exported there is followed to the file that defines it, and the re-exporting
/// file imports that file only when its own code uses the name. So a `mod.rs` that gathers
/// its children's names for the rest of the crate is no circle with a child that uses
/// another child's name through it; a `mod.rs` whose own code uses a child's name, while
/// the child uses the `mod.rs`, is one.
pub fn graph(dir: &Path, module: &str) -> Graph {
    let mut files = BTreeMap::new();
    collect(dir, dir, &mut files);
    let read: BTreeMap<Vec<String>, Read> =
        files.iter().map(|(path, file)| (path.clone(), read(path, file, module))).collect();
    let mut arrows = BTreeMap::new();
    for (path, file) in &read {
        let mut targets = BTreeSet::new();
        let mut add = |absolute: Vec<String>| {
            if let Some(target) = resolve(&read, absolute, 0).filter(|target| target != path) {
                targets.insert(target);
            }
        };
        for (at, segments) in paths(&file.code) {
            if let Some(absolute) = absolute(file, at, &segments, module) {
                add(absolute);
            }
        }
        // A re-exported name the file's own code uses is an import of where it is defined
        // (`mod name;` declares a child and uses nothing).
        let declared = file.code.lines().filter(|line| declares_child(line).is_none());
        let used = declared.collect::<Vec<_>>().join("\n");
        let words = words(&used);
        for (name, target) in &file.reexports {
            if words.contains(name.as_str()) {
                add(target.clone());
            }
        }
        for glob in &file.globs {
            let defined = resolve(&read, glob.clone(), 0).map(|target| &read[&target].defines);
            for name in defined.into_iter().flatten().filter(|n| words.contains(n.as_str())) {
                add(glob.iter().cloned().chain([name.clone()]).collect());
            }
        }
        // A file that expands the list-resource registry (`list_resources!`) declares and uses
        // every resource file beside it, though their names are written in `model.rs`: count
        // it as importing each of them, so a circle through the registry is still seen.
        if file.code.contains("list_resources!(") {
            for child in files.keys().filter(|m| m.len() == path.len() + 1 && m.starts_with(path)) {
                targets.insert(child.clone());
            }
        }
        arrows.insert(path.clone(), targets);
    }
    Graph { files, arrows }
}

fn read(path: &[String], file: &Path, module: &str) -> Read {
    let source = std::fs::read_to_string(file).unwrap();
    let all = non_test_code(&source);
    let (code, reexported) = split_reexports(&all);
    let mut read = Read {
        path: path.to_vec(),
        children: child_modules(&all),
        inline: inline_modules(&code),
        defines: defined_names(&all),
        code,
        reexports: BTreeMap::new(),
        globs: Vec::new(),
    };
    for (_, segments) in paths(&reexported) {
        // `pub use a::*;` gathers every name `a` defines; `C as D` is read below.
        let Some(absolute) = absolute(&read, 0, &segments, module) else { continue };
        match segments.last().map(String::as_str) {
            Some("*") => read.globs.push(absolute[..absolute.len() - 1].to_vec()),
            Some("as") | None => {}
            Some(name) => drop(read.reexports.insert(name.to_string(), absolute)),
        }
    }
    for (name, alias) in aliases(&reexported) {
        if let Some(target) = read.reexports.get(&name).cloned() {
            read.reexports.insert(alias, target);
        }
    }
    read
}

/// A path written in `file` at byte `at`, as a module path from the tree's root; `None` when
/// it leaves the tree (another room, a dependency, std).
fn absolute(file: &Read, at: usize, segments: &[String], module: &str) -> Option<Vec<String>> {
    match segments[0].as_str() {
        "crate" if segments.get(1).map(String::as_str) == Some(module) => {
            Some(segments[2..].to_vec())
        }
        "super" | "self" => {
            // Inside `mod name { … }` written in the file, `super` first leaves that module.
            let mut here = file.path.clone();
            here.extend(file.inline.iter().filter(|m| m.contains(at)).map(|m| m.name.clone()));
            let mut rest = segments;
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => drop(here.pop()),
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
            here.extend(rest.iter().cloned());
            Some(here)
        }
        first if file.children.contains(first) => {
            Some(file.path.iter().cloned().chain(segments.iter().cloned()).collect())
        }
        _ => None,
    }
}

/// The file a module path lands in: the longest prefix that is a file, followed through
/// that file's re-exports when the next segment is a name it re-exports.
fn resolve(
    read: &BTreeMap<Vec<String>, Read>,
    absolute: Vec<String>,
    depth: usize,
) -> Option<Vec<String>> {
    let file = (0..=absolute.len())
        .rev()
        .map(|n| absolute[..n].to_vec())
        .find(|prefix| read.contains_key(prefix))?;
    let Some(name) = absolute.get(file.len()) else { return Some(file) };
    let tail = || absolute[file.len() + 1..].iter().cloned();
    let via = &read[&file];
    if depth < 8 {
        if let Some(target) = via.reexports.get(name) {
            return resolve(read, target.iter().cloned().chain(tail()).collect(), depth + 1);
        }
        for glob in &via.globs {
            let defining = resolve(read, glob.clone(), depth + 1);
            if defining.is_some_and(|d| read[&d].defines.contains(name)) {
                let named = glob.iter().cloned().chain([name.clone()]).chain(tail());
                return resolve(read, named.collect(), depth + 1);
            }
        }
    }
    Some(file)
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
        for (_, segments) in paths(&code) {
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
    code.lines().filter_map(declares_child).collect()
}

/// The child a `mod name;` line declares.
fn declares_child(line: &str) -> Option<String> {
    let line = line.trim();
    let rest = line
        .strip_prefix("pub ")
        .or_else(|| line.strip_prefix("pub(crate) ").or_else(|| line.strip_prefix("pub(super) ")));
    let rest = rest.unwrap_or(line).strip_prefix("mod ")?;
    rest.strip_suffix(';').map(|name| name.trim().to_string())
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Every path of two or more segments with the byte it starts at, `use` groups expanded
/// (a glob ends in a `*` segment).
fn paths(code: &str) -> Vec<(usize, Vec<String>)> {
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
                    found.push((before, path));
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
            Some(b'*') => {
                *at = look + 1;
                prefix.push("*".to_string());
                return vec![prefix];
            }
            _ => return vec![prefix],
        }
    }
}

/// An inline module written in a file (`mod name { … }`): its name and the bytes of its body.
struct Inline {
    name: String,
    body: std::ops::Range<usize>,
}

impl Inline {
    fn contains(&self, at: usize) -> bool {
        self.body.contains(&at)
    }
}

/// The inline modules of `code`, found by matching braces outside string and character
/// literals.
fn inline_modules(code: &str) -> Vec<Inline> {
    let bytes = code.as_bytes();
    let mut open: Vec<Option<(String, usize)>> = Vec::new();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'"' => at = string_end(bytes, at + 1, 0),
            b'r' if (at == 0 || !is_ident(bytes[at - 1])) && raw_string(bytes, at).is_some() => {
                let (hashes, quote) = raw_string(bytes, at).unwrap_or_default();
                at = string_end(bytes, quote + 1, hashes);
            }
            b'\'' => at = char_end(code, at),
            b'{' => {
                open.push(module_before(code, at).map(|name| (name, at + 1)));
                at += 1;
            }
            b'}' => {
                if let Some(Some((name, start))) = open.pop() {
                    found.push(Inline { name, body: start..at });
                }
                at += 1;
            }
            _ => at += 1,
        }
    }
    found
}

/// `r"`, `r#"` …: the number of `#` and where the quote is.
fn raw_string(bytes: &[u8], at: usize) -> Option<(usize, usize)> {
    let hashes = bytes[at + 1..].iter().take_while(|&&b| b == b'#').count();
    (bytes.get(at + 1 + hashes) == Some(&b'"')).then_some((hashes, at + 1 + hashes))
}

/// Just after the string whose text starts at `at`, closed by `"` and `hashes` `#`s.
fn string_end(bytes: &[u8], mut at: usize, hashes: usize) -> usize {
    while at < bytes.len() {
        if hashes == 0 && bytes[at] == b'\\' {
            at += 2;
            continue;
        }
        if bytes[at] == b'"'
            && bytes[at + 1..].iter().take(hashes).filter(|&&b| b == b'#').count() == hashes
        {
            return at + 1 + hashes;
        }
        at += 1;
    }
    at
}

/// Just after a character literal at `at`, or just after the `'` of a lifetime.
fn char_end(code: &str, at: usize) -> usize {
    let bytes = code.as_bytes();
    if bytes.get(at + 1) == Some(&b'\\') {
        // An escape: the quote that closes it comes after the escaped character.
        let rest = bytes.get(at + 3..).unwrap_or_default();
        return rest.iter().position(|&b| b == b'\'').map_or(bytes.len(), |p| at + 4 + p);
    }
    let len = code[at + 1..].chars().next().map_or(1, char::len_utf8);
    if bytes.get(at + 1 + len) == Some(&b'\'') { at + 2 + len } else { at + 1 }
}

/// The name in `mod name` just before the `{` at `at`, if that is what precedes it.
fn module_before(code: &str, at: usize) -> Option<String> {
    let before = code[..at].trim_end();
    let name_start =
        before.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |p| p + 1);
    let name = &before[name_start..];
    let keyword = before[..name_start].trim_end();
    let is_mod = keyword.ends_with("mod")
        && !keyword[..keyword.len() - 3].ends_with(|c: char| c.is_alphanumeric() || c == '_');
    (is_mod && !name.is_empty()).then(|| name.to_string())
}

/// The code without its `pub use …;` statements, and those statements.
fn split_reexports(code: &str) -> (String, String) {
    let mut rest = String::new();
    let mut reexports = String::new();
    let mut at = 0;
    while let Some(found) = code[at..].find("pub") {
        let start = at + found;
        let after_pub = &code[start + 3..];
        let visibility = after_pub.strip_prefix('(').and_then(|v| v.find(')').map(|p| p + 2));
        let after = after_pub[visibility.unwrap_or(0)..].trim_start();
        let word_start = start == 0 || !is_ident(code.as_bytes()[start - 1]);
        if word_start && after.starts_with("use ") {
            let end = code[start..].find(';').map_or(code.len(), |p| start + p + 1);
            rest.push_str(&code[at..start]);
            reexports.push_str(&code[start..end]);
            reexports.push('\n');
            at = end;
        } else {
            rest.push_str(&code[at..start + 3]);
            at = start + 3;
        }
    }
    rest.push_str(&code[at..]);
    (rest, reexports)
}

/// `C as D` in `use` statements: (C, D).
fn aliases(code: &str) -> Vec<(String, String)> {
    let tokens: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|t| !t.is_empty())
        .collect();
    tokens
        .windows(3)
        .filter(|w| w[1] == "as")
        .map(|w| (w[0].to_string(), w[2].to_string()))
        .collect()
}

/// Every identifier in `code`.
fn words(code: &str) -> BTreeSet<&str> {
    code.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|t| !t.is_empty()).collect()
}

/// The names `code` defines: `struct X`, `enum X`, `fn x`, `const X`, `static X`, `type X`,
/// `trait X`, `union X`, `mod x`, `macro_rules! x`.
fn defined_names(code: &str) -> BTreeSet<String> {
    let tokens: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '!'))
        .filter(|t| !t.is_empty())
        .collect();
    const KEYWORDS: [&str; 10] = [
        "struct",
        "enum",
        "fn",
        "const",
        "static",
        "type",
        "trait",
        "union",
        "mod",
        "macro_rules!",
    ];
    tokens
        .windows(2)
        .filter(|w| KEYWORDS.contains(&w[0]))
        .map(|w| w[1].trim_end_matches('!').to_string())
        .collect()
}
