//! Arrows between files point one way: the import graphs of `src/tui` and `src/sim` have
//! no circle, the keymap does not know the state, widgets know neither the state nor
//! `update` (they draw from plain data), `update` never calls into the views, and the
//! simulator's seeder, store and chains form a line; and the crate's rooms (`api`, `inbox`,
//! `present`, `tui`, `cli` …) import each other one way too.

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
fn tui_files_import_each_other_in_one_direction() {
    let graph = tui();
    assert!(graph.files.len() > 40, "the whole tree is read: {:?}", graph.files.len());
    if let Some(circle) = graph.cycle() {
        panic!("an import circle in src/tui: {}", circle.join(" -> "));
    }
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

#[test]
fn sim_files_import_each_other_in_one_direction() {
    let graph = graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/sim"), "sim");
    assert!(graph.files.len() > 20, "the whole tree is read: {:?}", graph.files.len());
    if let Some(circle) = graph.cycle() {
        panic!("an import circle in src/sim: {}", circle.join(" -> "));
    }
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
