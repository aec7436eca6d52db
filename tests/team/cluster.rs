//! This test run's own PostgreSQL: private, throwaway clusters made with the machine's
//! binaries (`initdb` in a scratch folder), listening on loopback only on a free port, and
//! gone when the test process ends, however it ends. Nothing of the machine's own
//! PostgreSQL is touched. Run as root, the clusters belong to an unprivileged user:
//! PostgreSQL refuses to run as root.

use std::ffi::OsStr;
use std::io::Read;
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::OnceLock;

/// Loopback is trusted without a password, except for members of `password_required`, which
/// the tests use to see that a password never leaks into a message.
const PG_HBA: &str = "\
local all all                        trust
host  all +password_required 127.0.0.1/32 scram-sha-256
host  all +password_required ::1/128      scram-sha-256
host  all all                127.0.0.1/32 trust
host  all all                ::1/128      trust
";

/// Waits until the test process ends (its end of stdin closes, even on a panic or a kill),
/// then stops every cluster in the scratch folder and removes it.
/// Arguments: the scratch folder, then the command that runs `pg_ctl` as the clusters' owner.
const CLEANUP: &str = r#"scratch=$1; shift
cat >/dev/null
for data in "$scratch"/*/data; do
  [ -d "$data" ] && "$@" -D "$data" -m immediate stop >/dev/null 2>&1
done
rm -rf "$scratch"
"#;

/// The PostgreSQL binaries and the scratch folder this run's clusters live in.
struct Install {
    bin: PathBuf,
    /// `runuser -u USER --` when run as root; empty otherwise.
    as_owner: Vec<String>,
    scratch: PathBuf,
    /// Never waited for: it outlives this process. Its stdin, held until the process ends,
    /// closes then and starts the cleanup.
    _cleanup: Child,
}

/// One running cluster.
pub struct Cluster {
    /// `postgres://postgres@127.0.0.1:PORT/postgres`, the superuser on loopback.
    pub url: String,
    data: PathBuf,
    options: String,
    log: PathBuf,
}

/// The cluster every test shares (each test makes its own database), started on first use;
/// `Err` says why there is none here.
pub fn shared() -> Result<&'static Cluster, String> {
    static SHARED: OnceLock<Cluster> = OnceLock::new();
    let install = install()?;
    Ok(SHARED.get_or_init(|| install.start("shared")))
}

/// A second cluster, for the tests that stop and start the server: stopping the shared one
/// would fail the tests running beside them.
pub fn outage() -> Result<&'static Cluster, String> {
    static OUTAGE: OnceLock<Cluster> = OnceLock::new();
    let install = install()?;
    Ok(OUTAGE.get_or_init(|| install.start("outage")))
}

impl Cluster {
    /// Its data directory, inside this run's scratch folder.
    pub fn data(&self) -> &Path {
        &self.data
    }

    /// Stops the server as an administrator would (`pg_ctl stop -m fast`).
    pub fn stop(&self) -> Result<(), String> {
        let install = install()?;
        let mut stop = install.pg_ctl();
        stop.arg("-D").arg(&self.data).args(["-w", "-m", "fast", "stop"]);
        succeeded("pg_ctl stop", &stop.output().map_err(|e| e.to_string())?)
    }

    /// Starts it again, on the same port.
    pub fn start(&self) -> Result<(), String> {
        let install = install()?;
        succeeded("pg_ctl start", &install.pg_ctl_start(&self.data, &self.options, &self.log))
    }
}

/// Whether PostgreSQL's binaries are here, so the tests must run on a server.
pub fn installed() -> bool {
    binaries().is_ok()
}

fn install() -> Result<&'static Install, String> {
    static INSTALL: OnceLock<Result<Install, String>> = OnceLock::new();
    INSTALL.get_or_init(Install::find).as_ref().map_err(Clone::clone)
}

impl Install {
    /// `Err` only when PostgreSQL is not installed: with its binaries here, anything that
    /// stops the tests from running on a server fails them.
    fn find() -> Result<Install, String> {
        let bin = binaries()?;
        let as_owner = match unprivileged_user() {
            Some(user) => vec!["runuser".into(), "-u".into(), user, "--".into()],
            None => Vec::new(),
        };
        let made = owned(&as_owner, "mktemp")
            .args(["-d", "-t", "outreach-test-pg.XXXXXX"])
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", as_owner.first().map_or("mktemp", |r| r)));
        succeeded("mktemp", &made).unwrap();
        let scratch = PathBuf::from(String::from_utf8_lossy(&made.stdout).trim());
        let mut cleanup = Command::new("sh");
        cleanup
            .arg("-c")
            .arg(CLEANUP)
            .arg("cleanup")
            .arg(&scratch)
            .args(&as_owner)
            .arg(bin.join("pg_ctl"))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            // Its own process group: a Ctrl-C on the tests must not end it before it cleans up.
            .process_group(0);
        let cleanup = cleanup.spawn().unwrap();
        Ok(Install { bin, as_owner, scratch, _cleanup: cleanup })
    }

    /// `program` run as the clusters' owner.
    fn as_owner(&self, program: impl AsRef<OsStr>) -> Command {
        owned(&self.as_owner, program)
    }

    fn pg_ctl(&self) -> Command {
        let mut command = self.as_owner(self.bin.join("pg_ctl"));
        command.stdin(Stdio::null());
        command
    }

    fn pg_ctl_start(&self, data: &Path, options: &str, log: &Path) -> Output {
        let mut start = self.pg_ctl();
        start.arg("-D").arg(data).args(["-w", "-t", "30", "-o", options, "-l"]).arg(log);
        start.arg("start").output().unwrap_or_else(|e| panic!("pg_ctl start: {e}"))
    }

    /// initdb, our pg_hba.conf, a start on a free port, and the role the tests expect.
    fn start(&self, name: &str) -> Cluster {
        let data = self.scratch.join(name).join("data");
        let socket = self.scratch.join(name).join("socket");
        let log = self.scratch.join(format!("{name}.log"));
        let made = self.as_owner("mkdir").arg("-p").arg(&data).arg(&socket).output();
        succeeded("mkdir", &made.unwrap()).unwrap();
        let initdb = self
            .as_owner(self.bin.join("initdb"))
            .arg("-D")
            .arg(&data)
            .args(["-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"])
            .output()
            .unwrap();
        succeeded("initdb", &initdb).unwrap();
        // Written over initdb's file, so it keeps its owner.
        std::fs::write(data.join("pg_hba.conf"), PG_HBA).unwrap();

        // A port nobody listens on now; the server's own bind is the final word, so a start
        // that loses a race is tried again on another port.
        for _ in 0..5 {
            let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
            let options = format!(
                "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off \
                 -c synchronous_commit=off -c full_page_writes=off -c max_connections=300",
                socket.display()
            );
            if self.pg_ctl_start(&data, &options, &log).status.success() {
                let role = Command::new(self.bin.join("psql"))
                    .args(["-h", "127.0.0.1", "-p", &port.to_string(), "-U", "postgres"])
                    .args([
                        "-d",
                        "postgres",
                        "-X",
                        "-q",
                        "-c",
                        "CREATE ROLE password_required NOLOGIN",
                    ])
                    .output()
                    .unwrap();
                succeeded("psql", &role).unwrap();
                let url = format!("postgres://postgres@127.0.0.1:{port}/postgres");
                return Cluster { url, data, options, log };
            }
        }
        let mut said = String::new();
        let _ = std::fs::File::open(&log).and_then(|mut file| file.read_to_string(&mut said));
        panic!("the {name} test cluster did not start on any of 5 ports:\n{said}")
    }
}

/// PG_BIN, else the newest of Debian's versions, else what `pg_config` names, else PATH;
/// `Err` says what is missing and how to install it.
fn binaries() -> Result<PathBuf, String> {
    const INSTALL: &str = "so the team store's tests cannot run. Install PostgreSQL (Debian \
         and Ubuntu: `apt-get install postgresql`; macOS: `brew install postgresql`) or set \
         PG_BIN to the folder holding its initdb";
    if let Some(dir) = std::env::var_os("PG_BIN").map(PathBuf::from) {
        if has_initdb(&dir) {
            return Ok(dir);
        }
        return Err(format!("PG_BIN is {}, which holds no initdb, {INSTALL}", dir.display()));
    }
    search().ok_or_else(|| {
        format!(
            "PostgreSQL is not installed here (no initdb in /usr/lib/postgresql/*/bin, \
             `pg_config --bindir` or PATH), {INSTALL}"
        )
    })
}

fn has_initdb(dir: &Path) -> bool {
    dir.join("initdb").is_file()
}

fn search() -> Option<PathBuf> {
    let mut debian: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            Some((version, entry.path().join("bin")))
        })
        .filter(|(_, dir)| has_initdb(dir))
        .collect();
    debian.sort();
    if let Some((_, dir)) = debian.pop() {
        return Some(dir);
    }
    let configured = Command::new("pg_config").arg("--bindir").output().ok();
    if let Some(dir) = configured
        .filter(|out| out.status.success())
        .map(|out| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim().to_string()))
        && has_initdb(&dir)
    {
        return Some(dir);
    }
    std::env::split_paths(&std::env::var_os("PATH")?).find(|dir| has_initdb(dir))
}

/// Who runs the clusters when we are root: `postgres` (the packages make it), else `nobody`.
fn unprivileged_user() -> Option<String> {
    let uid = Command::new("id").arg("-u").output().ok()?;
    if String::from_utf8_lossy(&uid.stdout).trim() != "0" {
        return None;
    }
    ["postgres", "nobody"]
        .into_iter()
        .find(|user| Command::new("id").arg(user).output().is_ok_and(|out| out.status.success()))
        .map(String::from)
}

/// `program` run through `as_owner` (`runuser -u USER --`), or as it is when that is empty.
fn owned(as_owner: &[String], program: impl AsRef<OsStr>) -> Command {
    match as_owner.split_first() {
        Some((runner, args)) => {
            let mut command = Command::new(runner);
            command.args(args).arg(program);
            command
        }
        None => Command::new(program),
    }
}

fn succeeded(what: &str, output: &Output) -> Result<(), String> {
    if output.status.success() {
        return Ok(());
    }
    Err(format!(
        "{what} failed ({}): {}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    ))
}
