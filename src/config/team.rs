//! `[profiles.NAME.team]`: where a team shares its triage marks, and who I am in it. Checked
//! when the file is read, so a typo is told with its line; the password rule above all: a
//! password is never kept in the config file.

use std::fmt;

/// `[profiles.NAME.team]`: a PostgreSQL database a team shares handled, assigned and snoozed
/// marks through (`crate::team`). Never a password: that comes from the OS keyring
/// (`outreach auth team-login`) or libpq's `PGPASSWORD` / `PGPASSFILE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamConfig {
    /// `postgres://[user@]host[:port]/database[?sslmode=disable|prefer|require]`.
    pub database: String,
    /// Who I am in the team, as my teammates know me ("ann").
    pub me: String,
    /// The organisation's name in the team store when the bots' `organisation` cannot say it
    /// (an organisation without bots, or bots that disagree).
    pub organisation: Option<String>,
}

/// The longest member name: it is shown in a column of the inbox.
const MAX_MEMBER_NAME: usize = 40;

/// Why a database URL cannot be used. Never holds the password.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UrlProblem {
    Scheme,
    Password,
    Host,
}

impl fmt::Display for UrlProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UrlProblem::Scheme => {
                "not a PostgreSQL URL: write it as postgres://[user@]host[:port]/database"
            }
            UrlProblem::Password => {
                "the URL holds a password, and a password is never kept in the config file: remove it from the URL and keep it with `outreach auth team-login` (or PGPASSWORD / PGPASSFILE)"
            }
            UrlProblem::Host => "the URL names no host: write it as postgres://host/database",
        })
    }
}

/// A team database URL as given, known to hold no password.
#[derive(Clone, PartialEq, Eq)]
pub struct DatabaseUrl(String);

impl DatabaseUrl {
    /// The URL itself: safe to show, it holds no password.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Display for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::text::sanitize(&self.0))
    }
}

/// Checks a team database URL: `postgres://` or `postgresql://`, a host, no password (in the
/// user part or as `?password=`). The message never repeats the URL, which may hold one.
pub fn check_database_url(url: &str) -> Result<DatabaseUrl, UrlProblem> {
    let url = url.trim();
    let rest = ["postgres://", "postgresql://"]
        .iter()
        .find_map(|scheme| {
            url.get(..scheme.len())
                .filter(|head| head.eq_ignore_ascii_case(scheme))
                .map(|_| &url[scheme.len()..])
        })
        .ok_or(UrlProblem::Scheme)?;
    let authority = rest.split(['/', '?']).next().unwrap_or_default();
    let (user_info, host) = authority.rsplit_once('@').unwrap_or(("", authority));
    if user_info.contains(':') {
        return Err(UrlProblem::Password);
    }
    let query = rest.split_once('?').map(|(_, query)| query).unwrap_or_default();
    let names = query.split('&').filter_map(|pair| pair.split('=').next());
    let names: Vec<&str> = names.collect();
    if names.iter().any(|name| name.eq_ignore_ascii_case("password")) {
        return Err(UrlProblem::Password);
    }
    // A socket directory given as `?host=/run/postgresql` stands for the host.
    if host.is_empty() && !names.iter().any(|name| name.eq_ignore_ascii_case("host")) {
        return Err(UrlProblem::Host);
    }
    Ok(DatabaseUrl(url.to_string()))
}

/// Checks a team member's name (`me = "ann"`, `--to bob`): 1 to 40 letters, digits, spaces,
/// `-`, `_` or `.`, as teammates will read it in the inbox.
pub fn check_member_name(name: &str) -> Result<(), String> {
    let name = name.trim();
    let fine = !name.is_empty()
        && name.chars().count() <= MAX_MEMBER_NAME
        && name.chars().all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.'));
    if fine {
        Ok(())
    } else {
        Err(format!(
            "'{}' is not a usable member name: use 1 to {MAX_MEMBER_NAME} letters, digits, spaces, '-', '_' or '.'",
            crate::text::sanitize(name)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_with_a_password_is_refused_without_repeating_it() {
        for url in [
            "postgres://ann:s3cret@db.example/team",
            "postgresql://ann:@db.example/team",
            "postgres://db.example/team?sslmode=require&password=s3cret",
        ] {
            let problem = check_database_url(url).unwrap_err();
            assert_eq!(problem, UrlProblem::Password, "{url}");
            assert!(!problem.to_string().contains("s3cret"));
        }
        let fine = check_database_url(" postgres://ann@db.example:5433/team?sslmode=require ");
        assert_eq!(fine.unwrap().as_str(), "postgres://ann@db.example:5433/team?sslmode=require");
        assert!(check_database_url("postgres:///team?host=/run/postgresql").is_ok());
        assert_eq!(check_database_url("mysql://db/team"), Err(UrlProblem::Scheme));
        assert_eq!(check_database_url("postgres:///team"), Err(UrlProblem::Host));
    }

    #[test]
    fn member_names_are_what_teammates_read() {
        for good in ["ann", "Bob Smith", "jürgen.k", "a_b-c"] {
            assert!(check_member_name(good).is_ok(), "{good}");
        }
        for bad in ["", "  ", "ann|bob", "x\u{1b}[31m", &"n".repeat(41)] {
            assert!(check_member_name(bad).is_err(), "{bad:?}");
        }
    }
}
