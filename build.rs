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
        // unwind tables (`.eh_frame`, 0.8 MB) and the lookup table over them
        // (`.eh_frame_hdr`, 119 KB) serve only a `RUST_BACKTRACE` trace, which in a stripped
        // binary is bare addresses anyway. The compiler emits the tables (only a nightly flag
        // stops it, and the tests' `panic = "unwind"` needs them), so the linker leaves them
        // out: a script added to its own puts `.eh_frame` in `/DISCARD/`. A panic still
        // prints its message, runs the hook that gives the terminal back, and aborts; a
        // requested backtrace is empty.
        println!("cargo:rustc-link-arg-bins=-Wl,--no-eh-frame-hdr");
        // Identical functions folded into one (generic code instantiated for types of the
        // same layout, the same async state machines): 121 KB of the binary. Rust promises
        // no distinct address per function, and nothing here compares function pointers.
        // Only LLD has the option, and rustc links with it by default on x86-64 Linux from
        // 1.90 on; GNU ld (older compilers) would refuse it, so they link without folding.
        if std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "x86_64")
            && rustc_minor().is_some_and(|minor| minor >= 90)
        {
            println!("cargo:rustc-link-arg-bins=-Wl,--icf=all");
        }
        if let Some(script) = discard_script() {
            println!("cargo:rustc-link-arg-bins=-Wl,-T,{}", script.display());
        }
    }
}

/// The minor version of the compiler cargo runs (`rustc 1.95.0 (…)` gives 95).
fn rustc_minor() -> Option<u32> {
    let rustc = std::env::var_os("RUSTC")?;
    let output = std::process::Command::new(rustc).arg("--version").output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    text.split_whitespace().nth(1)?.split('.').nth(1)?.parse().ok()
}

/// Writes the linker script that drops the unwind tables into `OUT_DIR`; `None` (the tables
/// then stay) when it cannot be written.
fn discard_script() -> Option<std::path::PathBuf> {
    let script = std::path::Path::new(&std::env::var_os("OUT_DIR")?).join("discard-unwind.ld");
    let text = "SECTIONS { /DISCARD/ : { *(.eh_frame) } } INSERT AFTER .text;\n";
    std::fs::write(&script, text).ok()?;
    Some(script)
}
