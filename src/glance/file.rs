//! One small JSON file per profile in the state directory, written whole to a temporary
//! file and renamed over the old one, so a status line never reads half a glance.

use super::Glance;
use std::io;
use std::path::{Path, PathBuf};

/// The file of profile `P` is `glance-P.json` (profile names are plain words: letters,
/// digits, `-`, `_`, `.`; the prefix keeps `..` a file name).
pub const FILE_PREFIX: &str = "glance-";

/// The glance file of `profile` in [`crate::local::dir`]; `None` without a state directory.
pub fn path(profile: &str) -> Option<PathBuf> {
    Some(crate::local::dir()?.join(format!("{FILE_PREFIX}{profile}.json")))
}

/// Saves `glance` as its profile's file. The watcher, the dashboard, `status` and `todo`
/// call it after each read of the lists.
pub fn save(glance: &Glance) -> io::Result<()> {
    let path = path(&glance.profile)
        .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no state directory"))?;
    save_to(&path, glance)
}

/// Saves `glance` (or another small JSON file the dashboard keeps) at `path`: a temporary
/// file beside it, then a rename (atomic on one file system). The temporary name carries
/// the process id, so two writers never share one.
pub fn save_to(path: &Path, glance: &impl serde::Serialize) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let bytes = serde_json::to_vec(glance).map_err(io::Error::other)?;
    let temporary = path.with_extension(format!("json.{}.tmp", std::process::id()));
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}

/// The last glance of `profile`: `Ok(None)` when none was saved yet.
pub fn load(profile: &str) -> io::Result<Option<Glance>> {
    match path(profile) {
        Some(path) => load_from(&path),
        None => Ok(None),
    }
}

/// The glance saved at `path`: `Ok(None)` when there is no file; an error when it cannot
/// be read or is not a glance.
pub fn load_from(path: &Path) -> io::Result<Option<Glance>> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    serde_json::from_slice(&bytes).map(Some).map_err(|error| {
        io::Error::new(io::ErrorKind::InvalidData, format!("{}: {error}", path.display()))
    })
}
