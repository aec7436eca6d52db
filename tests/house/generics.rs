//! Generic machinery the release binary carries once, not once per caller (its size budget,
//! docs/PERFORMANCE.md): a slice sort is ~8 KB of machine code per element type and
//! comparison closure, a tokio task ~1.5 KB per future or closure type. Lists sort through
//! `crate::sorting` and tasks start through `crate::tasks`, except where a measured path
//! keeps its own, named below with why.

use std::fs;
use std::path::{Path, PathBuf};

/// Files that keep the standard sort, each on a measured path.
const OWN_SORTS: [(&str, &str); 3] = [
    ("src/sorting.rs", "the one instantiation everyone else uses"),
    ("src/tui/lists/filter/order.rs", "ranks the matches at every keystroke"),
    ("src/clock/by_id.rs", "orders 100k contacts' zones as the contacts pane fills"),
];

/// Files that start tasks themselves.
const OWN_SPAWNS: [(&str, &str); 1] = [("src/tasks.rs", "boxes the tasks for everyone else")];

/// Every `.rs` file below `dir` but the test modules kept in files of their own.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs")
            && !path.file_stem().is_some_and(|stem| stem.to_string_lossy().ends_with("tests"))
        {
            out.push(path);
        }
    }
}

/// The lines of `text` before its inline test module.
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let end = lines
        .windows(2)
        .position(|pair| {
            pair[0].trim() == "#[cfg(test)]"
                && pair[1].trim_start().starts_with("mod ")
                && pair[1].trim_end().ends_with('{')
        })
        .unwrap_or(lines.len());
    lines[..end].iter().enumerate().map(|(n, line)| (n + 1, *line)).collect()
}

/// `file:line: text` of each line of the crate's code (outside the `allowed` files) that
/// `found` picks.
fn offenders(allowed: &[(&str, &str)], found: impl Fn(&str) -> bool) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    assert!(files.len() > 100, "the whole crate is read: {}", files.len());
    let mut offenders = Vec::new();
    for file in files {
        let name = file.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        if allowed.iter().any(|(allowed, _)| *allowed == name) {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        for (number, line) in code_lines(&text) {
            let code = line.split("//").next().unwrap_or_default();
            if found(code) {
                offenders.push(format!("{name}:{number}: {}", line.trim()));
            }
        }
    }
    offenders
}

/// A slice sort in `code`. A column's `.sort_by(…)` (its own sort key) is a builder call
/// on a line of its own; a slice's follows its name.
fn sorts_a_slice(code: &str) -> bool {
    let slice_sort = [".sort(", ".sort_by_key(", ".sort_unstable", ".sort_by_cached_key("]
        .iter()
        .any(|call| code.contains(call));
    let named_sort_by = code.find(".sort_by(").is_some_and(|at| {
        code[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ')')
    });
    slice_sort || named_sort_by
}

#[test]
fn lists_sort_through_the_one_sort() {
    let found = offenders(&OWN_SORTS, sorts_a_slice);
    assert!(
        found.is_empty(),
        "sort with crate::sorting::{{sort, sort_by, sort_by_key}} (one copy of the sort in the \
         binary), or name the file in OWN_SORTS with the measured path it is on:\n{}",
        found.join("\n")
    );
}

#[test]
fn tasks_start_through_the_boxed_spawn() {
    let spawns = |code: &str| {
        code.contains("tokio::spawn(")
            || (code.contains("spawn_blocking(") && !code.contains("crate::tasks::spawn_blocking("))
            || (code.contains("runtime.spawn(") && !code.contains("crate::tasks::boxed("))
    };
    let found = offenders(&OWN_SPAWNS, spawns);
    assert!(
        found.is_empty(),
        "start tasks with crate::tasks::{{spawn, spawn_blocking, boxed}} (one copy of tokio's \
         task machinery per output type):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checks_see_what_they_look_for() {
    assert!(sorts_a_slice("    found.sort_by(|a, b| a.cmp(b));"));
    assert!(sorts_a_slice("    Arc::make_mut(&mut items).sort_by(compare);"));
    assert!(sorts_a_slice("    names.sort();"));
    assert!(sorts_a_slice("        .sort_by_key(|share| share.id);"));
    assert!(!sorts_a_slice("        .sort_by(|m, _| SortKey::time(m.start))"));
    assert!(!sorts_a_slice("    crate::sorting::sort_by(&mut found, |a, b| a.cmp(b));"));
    let text = "fn a() { x.sort(); }\n#[cfg(test)]\nmod tests {\n    y.sort();\n}\n";
    assert_eq!(code_lines(text).len(), 1, "the test module is not the binary's");
}

/// The functions carried once for every kind of item, and where they are: a type parameter
/// on one would bring back a copy of it per kind (a list writer's rows, a request's retries
/// and body, a group's reading were each 10–20 KiB per kind).
const SHARED_PATHS: [(&str, &str); 8] = [
    ("src/cli/output/lines.rs", "row"),
    ("src/cli/output/lines.rs", "sent_text"),
    ("src/cli/output/lines.rs", "sent_all"),
    ("src/cli/output/lines.rs", "finish"),
    ("src/api/client.rs", "send_any"),
    ("src/api/client.rs", "attempt"),
    ("src/api/client.rs", "respond_retried"),
    ("src/cli/orgs/mod.rs", "read_erased"),
];

/// The generic parameters `fn name` declares in `text` (`'a`, `T: Serialize`), or `None`
/// when there is no such function.
fn parameters_of(text: &str, name: &str) -> Option<Vec<String>> {
    let declared = format!("fn {name}");
    let at = text
        .match_indices(&declared)
        .map(|(at, _)| at + declared.len())
        .find(|&end| text[end..].starts_with('<') || text[end..].starts_with('('))?;
    let rest = &text[at..];
    let Some(inner) = rest.strip_prefix('<') else { return Some(Vec::new()) };
    let end = inner.find(">(")?;
    Some(inner[..end].split(',').map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect())
}

#[test]
fn the_paths_shared_by_every_kind_take_no_type_parameter() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (file, function) in SHARED_PATHS {
        let text = fs::read_to_string(root.join(file)).unwrap_or_default();
        let parameters = parameters_of(&text, function);
        assert!(parameters.is_some(), "{file} has no fn {function}");
        let types: Vec<String> =
            parameters.unwrap().into_iter().filter(|p| !p.starts_with('\'')).collect();
        assert!(types.is_empty(), "{file}: fn {function} is generic over {types:?}");
    }
    let text = fs::read_to_string(root.join("src/cli/output/lines.rs")).unwrap();
    let generic_impl = text.match_indices("impl<").any(|(at, _)| !text[at + 5..].starts_with('\''));
    assert!(!generic_impl, "the list writer's writing is one copy for every item type");
}

#[test]
fn the_parameters_are_read_as_declared() {
    let text = "fn a<'x, T: Into<u8>>(t: T) {}\nasync fn b(x: u8) {}\nfn c<'a>(x: &'a u8) {}";
    assert_eq!(parameters_of(text, "a").unwrap(), ["'x", "T: Into<u8>"]);
    assert!(parameters_of(text, "b").unwrap().is_empty());
    assert_eq!(parameters_of(text, "c").unwrap(), ["'a"]);
    assert!(parameters_of(text, "d").is_none());
}
