//! The base URL rule: `https://`, or `http://` only to this machine, since every request
//! carries the API key and plain HTTP would show it to the network.

use super::error::ApiError;
use reqwest::Url;
use std::net::IpAddr;

/// Whether a host is this machine: `localhost`, 127.0.0.0/8 or ::1.
pub fn is_loopback_host(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    bare.eq_ignore_ascii_case("localhost")
        || bare.parse::<IpAddr>().map(|ip| ip.is_loopback()).unwrap_or(false)
}

/// Parses and checks a base URL; `allow_http` lifts the loopback rule.
pub fn check_base_url(text: &str, allow_http: bool) -> Result<Url, ApiError> {
    let url = Url::parse(text.trim()).map_err(|error| ApiError::InvalidUrl {
        url: text.to_string(),
        reason: format!("{error} (expected something like https://api.example.com)"),
    })?;
    let host = url.host_str().unwrap_or_default().to_string();
    match url.scheme() {
        "https" => {}
        "http" if allow_http || is_loopback_host(&host) => {}
        "http" => return Err(ApiError::InsecureUrl { url: url.to_string() }),
        other => {
            return Err(ApiError::InvalidUrl {
                url: url.to_string(),
                reason: format!("the scheme must be https, not {other}"),
            });
        }
    }
    if host.is_empty() {
        return Err(ApiError::InvalidUrl { url: url.to_string(), reason: "it has no host".into() });
    }
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn http_only_to_loopback_unless_allowed() {
        assert!(check_base_url("https://api.example.com", false).is_ok());
        assert!(check_base_url("http://127.0.0.1:8080", false).is_ok());
        assert!(check_base_url("http://127.8.9.10", false).is_ok());
        assert!(check_base_url("http://[::1]:9000/", false).is_ok());
        assert!(check_base_url("http://localhost:9000/", false).is_ok());
        assert!(matches!(
            check_base_url("http://api.example.com", false),
            Err(ApiError::InsecureUrl { .. })
        ));
        assert!(check_base_url("http://api.example.com", true).is_ok());
        assert!(matches!(check_base_url("ftp://x", false), Err(ApiError::InvalidUrl { .. })));
        assert!(matches!(check_base_url("not a url", false), Err(ApiError::InvalidUrl { .. })));
    }
}
