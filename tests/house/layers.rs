//! Arrows between files point one way: the import graph of every folder of `src/` has no
//! circle, the crate's rooms (`api`, `inbox`, `present`, `tui`, `cli` …) import each other
//! one way too, the keymap does not know the state, widgets know neither the state nor
//! `update` (they draw from plain data), `update` never calls into the views, and the
//! simulator's seeder, store and chains form a line. No path climbs with `super::super`:
//! a `crate::` path says where it lands.

use crate::common;

use common::layers::{graph, rooms};
use std::path::Path;

fn tui() -> common::layers::Graph {
    graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tui"), "tui")
}

fn module(path: &str) -> Vec<String> {
    path.split('/').filter(|s| !s.is_empty()).map(String::from).collect()
}

#[test]
fn the_registry_uses_every_resource_file() {
    let graph = tui();
    assert!(graph.files.len() > 40, "the whole tree is read: {:?}", graph.files.len());
    // The registry macro writes the resource files' `mod` lines: the file that expands it
    // still counts as using each of them, so a circle through it cannot hide.
    let registry = vec!["resource".to_string()];
    let campaigns = vec!["resource".to_string(), "campaigns".to_string()];
    assert!(graph.arrows[&registry].contains(&campaigns), "{:?}", graph.arrows[&registry]);
}

#[test]
fn lower_rooms_do_not_reach_up() {
    let graph = tui();
    for (from, to) in [
        ("keymap", "state"),
        // Widgets draw from plain data the views hand them.
        ("widgets", "update"),
        ("widgets", "state"),
        ("widgets", "resource"),
        ("widgets", "views"),
        ("update", "views"),
        ("model", ""),
        ("state", "update"),
        ("state", "action"),
    ] {
        let arrows = graph.imports_under(&module(from), &module(to));
        let arrows: Vec<_> = if to.is_empty() {
            // The bottom imports nothing of the dashboard but itself.
            arrows.into_iter().filter(|a| !a.ends_with("model.rs")).collect()
        } else {
            arrows
        };
        assert!(arrows.is_empty(), "{from} must not import {to:?}: {arrows:?}");
    }
}

/// Every folder of `src/` (each room, with the folders inside it): one graph per room holds
/// its nested folders too, and the rooms' own graph below holds the arrows between rooms, so
/// together no circle of files can hide anywhere in the crate.
#[test]
fn every_folders_files_import_each_other_in_one_direction() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut rooms: Vec<_> = std::fs::read_dir(&src)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .collect();
    rooms.sort();
    assert!(rooms.len() > 15, "every room is read: {rooms:?}");
    let mut problems = Vec::new();
    for dir in &rooms {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        if let Some(circle) = graph(dir, &name).cycle() {
            problems.push(circle.join(" -> "));
        }
    }
    assert!(problems.is_empty(), "import circles:\n{}", problems.join("\n"));
}

/// `super::super::x` makes a reader count levels; `crate::room::x` says where it lands.
#[test]
fn no_path_climbs_two_levels() {
    fn visit(dir: &Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                visit(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for (n, line) in text.lines().enumerate() {
                    if line.contains(concat!("super", "::", "super")) {
                        found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                    }
                }
            }
        }
    }
    let mut found = Vec::new();
    visit(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut found);
    assert!(found.is_empty(), "use a crate:: path instead:\n{}", found.join("\n"));
}

#[test]
fn the_simulators_seeder_store_and_chains_form_a_line() {
    let graph = graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/sim"), "sim");
    assert!(graph.files.len() > 20, "the whole tree is read: {:?}", graph.files.len());
    // seed → store → chain, a line: the seeder fills the store, the store builds chains.
    assert!(!graph.imports_under(&module("seed"), &module("store")).is_empty());
    assert!(!graph.imports_under(&module("store"), &module("chain")).is_empty());
    for (from, to) in
        [("chain", "seed"), ("chain", "store"), ("store", "seed"), ("seed_activity", "seed")]
    {
        let arrows = graph.imports_under(&module(from), &module(to));
        assert!(arrows.is_empty(), "{from} must not import {to}: {arrows:?}");
    }
}

#[test]
fn the_crates_rooms_import_each_other_in_one_direction() {
    let rooms = rooms(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(rooms.files.len() > 15, "every room is read: {:?}", rooms.files.keys());
    if let Some(circle) = rooms.cycle() {
        panic!("an import circle between rooms: {}", circle.join(" -> "));
    }
    // Nothing below the two faces reaches up into them.
    for face in ["tui", "cli"] {
        for (room, targets) in &rooms.arrows {
            assert!(!targets.contains(&module(face)), "{room:?} must not import {face}");
        }
    }
}

#[test]
fn the_checker_sees_a_circle() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
    write("mod.rs", "mod a;\nmod b;\n");
    write("a.rs", "use crate::x::b::Thing;\n");
    write("b.rs", "use super::{a::{self, Other}};\n// use crate::x::c;\n");
    write("c.rs", "pub struct C;\n#[cfg(test)]\nmod tests { use crate::x::a; }\n");
    let circle = graph(dir.path(), "x").cycle().expect("a and b import each other");
    assert_eq!(circle.len(), 3, "{circle:?}");
    write("b.rs", "use super::c::C;\n");
    assert_eq!(graph(dir.path(), "x").cycle(), None);
}

#[test]
fn the_checker_follows_reexports_and_inline_modules() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
    // A `mod.rs` that only gathers names: a child using another child's name through it
    // imports that child, not the `mod.rs`.
    write("mod.rs", "mod a;\nmod b;\npub use a::A;\npub use b::{B as Bee};\n");
    write("a.rs", "use super::Bee;\npub struct A;\n");
    // Braces in character and string literals do not end the inline module, whose `super`
    // is b (were it mod.rs, `Hidden`, which mod.rs does not re-export, would land there).
    let inner = "mod inner {\n    const C: char = '}';\n    const S: &str = \"}\";\n    use super::Hidden;\n}\n";
    write("b.rs", &format!("pub struct B;\npub struct Hidden;\n{inner}"));
    let read = graph(dir.path(), "x");
    assert_eq!(read.cycle(), None);
    assert_eq!(read.imports_under(&module("a"), &module("")).len(), 1, "a -> b only");
    assert!(read.imports_under(&module("b"), &module("")).is_empty(), "inner's super is b");
    // A `mod.rs` whose own code uses a child's name, while that child uses the `mod.rs`.
    write("mod.rs", "mod a;\npub use a::A;\npub struct Top;\npub fn make() -> A { A }\n");
    write("a.rs", "pub struct A(super::Top);\n");
    assert!(graph(dir.path(), "x").cycle().is_some());
}
