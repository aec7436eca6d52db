//! Link options of the release binary, for its budgets (docs/PERFORMANCE.md):
//! `outreach --version` within 1.5× of `jq --version`, the binary within 10 MiB.
//!
//! A position-independent executable spends most of a short command's run on its ~50,000
//! relocations: the loader writes a pointer into each of 1.4 MB of read-only data (vtables,
//! panic locations, string tables), a copy-on-write page fault per page, before `main`
//! (measured with `perf stat -r 500 outreach --version`: 588 page faults and 4.3 ms as PIE,
//! 212 and 2.0 ms linked at a fixed address; `jq --version` 89 and 1.2 ms), and the
//! relocation table is 1.2 MB of the file. Release binaries are therefore linked at a fixed
//! address: the main image loses address-space randomisation (the libraries, stack and heap
//! keep theirs), which matters for programs that parse hostile input in memory-unsafe code;
//! outreach is Rust, and the API key never sits at a known address (it is heap-allocated).
//! Debug and test builds keep the default.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let release = std::env::var("PROFILE").is_ok_and(|profile| profile == "release");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if release && os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
        // The release binary aborts on a panic (`panic = "abort"`): nothing unwinds, so the
        // lookup table over the unwind tables (`.eh_frame_hdr`, 119 KB) serves only a
        // `RUST_BACKTRACE` trace, which in a stripped binary is bare addresses anyway; without
        // it such a trace stops at its first frame. The tables themselves stay: the compiler
        // emits them and only a nightly flag drops them.
        println!("cargo:rustc-link-arg-bins=-Wl,--no-eh-frame-hdr");
    }
}
