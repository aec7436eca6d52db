//! The one table of endpoints (`api::endpoints`) is the spec's: the same 13 methods and
//! paths in the same order. The client and the simulator are both built from the table, so
//! checking it against the spec checks both.

use outreach_tui::api::endpoints::ALL;
use std::path::Path;

/// The spec lives beside the project (`../shared`), as on the CI machines.
const SPEC: &str = "../shared/spec/outreach-api.md";

#[test]
fn the_table_of_endpoints_is_the_specs() {
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join(SPEC);
    let Ok(text) = std::fs::read_to_string(&spec) else {
        // Without the spec beside the project (a lone clone) there is nothing to compare.
        eprintln!("{} is not here: the table is not compared", spec.display());
        return;
    };
    let in_spec: Vec<String> = text
        .lines()
        .filter_map(|line| line.strip_prefix("- "))
        .filter(|rest| {
            ["GET /", "POST /", "PUT /", "PATCH /", "DELETE /"].iter().any(|m| rest.starts_with(m))
        })
        .map(str::to_string)
        .collect();
    let in_table: Vec<String> =
        ALL.iter().map(|endpoint| format!("{} {}", endpoint.method(), endpoint.path)).collect();
    assert_eq!(in_table, in_spec);
}
