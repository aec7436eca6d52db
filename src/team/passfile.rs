//! libpq's password file (`PGPASSFILE`, else `~/.pgpass`; `%APPDATA%\postgresql\pgpass.conf`
//! on Windows): `host:port:database:user:password` lines, `*` for any, `\:` and `\\`
//! escaped. As libpq does, a file others may read is ignored on Unix.

use std::path::{Path, PathBuf};

/// What a connection is matched on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Wanted<'a> {
    pub host: &'a str,
    pub port: u16,
    pub database: &'a str,
    pub user: &'a str,
}

/// Where the password file is looked for.
pub(super) fn path() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("PGPASSFILE").filter(|path| !path.is_empty()) {
        return Some(PathBuf::from(path));
    }
    if cfg!(windows) {
        std::env::var_os("APPDATA").map(|dir| Path::new(&dir).join("postgresql/pgpass.conf"))
    } else {
        dirs::home_dir().map(|home| home.join(".pgpass"))
    }
}

/// The password of the first line that matches, if the file is there and private.
pub(super) fn lookup(path: &Path, wanted: &Wanted<'_>) -> Result<Option<String>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(format!("{} cannot be read: {error}", path.display())),
    };
    if !private(path) {
        return Err(format!(
            "{} is ignored: others may read it (chmod 600 it, as libpq asks)",
            path.display()
        ));
    }
    Ok(text.lines().find_map(|line| matching(line, wanted)))
}

#[cfg(unix)]
fn private(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|meta| meta.permissions().mode() & 0o077 == 0)
}

#[cfg(not(unix))]
fn private(_: &Path) -> bool {
    true
}

fn matching(line: &str, wanted: &Wanted<'_>) -> Option<String> {
    if line.trim_start().starts_with('#') {
        return None;
    }
    let fields = split(line);
    let [host, port, database, user, password] = fields.as_slice() else { return None };
    let port_text = wanted.port.to_string();
    let fits = |field: &str, value: &str| field == "*" || field == value;
    (fits(host, wanted.host)
        && fits(port, &port_text)
        && fits(database, wanted.database)
        && fits(user, wanted.user))
    .then(|| password.clone())
}

/// The five fields of a line, `\:` and `\\` read as themselves.
fn split(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = line.trim_end_matches(['\r', '\n']).chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => field.extend(chars.next()),
            ':' if fields.len() < 4 => fields.push(std::mem::take(&mut field)),
            c => field.push(c),
        }
    }
    fields.push(field);
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_matching_line_gives_the_password() {
        let wanted = Wanted { host: "db.example", port: 5432, database: "team", user: "ann" };
        assert_eq!(matching("db.example:5432:team:ann:s3cret", &wanted).as_deref(), Some("s3cret"));
        assert_eq!(matching("*:*:*:ann:pa\\:ss:word", &wanted).as_deref(), Some("pa:ss:word"));
        assert_eq!(matching("other:5432:team:ann:x", &wanted), None);
        assert_eq!(matching("# db.example:5432:team:ann:x", &wanted), None);
        assert_eq!(matching("db.example:5432:team", &wanted), None);
    }

    #[cfg(unix)]
    #[test]
    fn a_file_others_may_read_is_ignored() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pgpass");
        std::fs::write(&path, "*:*:*:*:s3cret\n").unwrap();
        let wanted = Wanted { host: "h", port: 1, database: "d", user: "u" };
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        let error = lookup(&path, &wanted).unwrap_err();
        assert!(error.contains("chmod 600") && !error.contains("s3cret"), "{error}");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(lookup(&path, &wanted).unwrap().as_deref(), Some("s3cret"));
        assert_eq!(lookup(&dir.path().join("none"), &wanted), Ok(None));
    }
}
