//! Fault injection rules: what goes wrong, for which requests, how many times. Set with
//! `--faults SPEC` or `POST /_sim/faults`; applied by `fault_apply.rs`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What goes wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FaultKind {
    /// 500 with a plain-text body.
    #[serde(rename = "500")]
    ServerError,
    /// 502 with a proxy's HTML page.
    #[serde(rename = "502")]
    BadGateway,
    /// 503 with `Retry-After`.
    #[serde(rename = "503")]
    Unavailable,
    /// 429 with `Retry-After`.
    #[serde(rename = "429")]
    RateLimited,
    /// The normal answer, `ms` later.
    #[serde(rename = "latency")]
    Latency,
    /// Headers at once, then nothing for `ms`, then the body.
    #[serde(rename = "stall")]
    Stall,
    /// The connection is dropped before an answer arrives.
    #[serde(rename = "reset")]
    Reset,
    /// The normal answer cut in half (a well-formed response of broken JSON).
    #[serde(rename = "truncate")]
    Truncate,
    /// The normal answer with a syntax error in it.
    #[serde(rename = "malformed")]
    Malformed,
    /// A 200 whose JSON body is `bytes` long (mostly white space).
    #[serde(rename = "huge")]
    Huge,
    /// The request is read and never answered (the connection stays open).
    #[serde(rename = "blackhole")]
    Blackhole,
    /// An error (`status`, default 500) whose body carries terminal escapes, C1 controls
    /// and a bidi override: as plain text for a 500, in `detail` otherwise.
    #[serde(rename = "hostile-error")]
    HostileError,
    /// The real answer with the hostile corpus (`hostile::TEXT`) appended to every string
    /// that is not a date or a time, so every name, address, subject, body and status
    /// (an unknown status, then) a command prints carries escapes, C1 and bidi controls.
    #[serde(rename = "hostile-text")]
    HostileText,
    /// The real list answer with one element of the wrong type (a string, not an object).
    #[serde(rename = "bad-element")]
    BadElement,
    /// A 200 whose JSON is nested 100,000 levels deep.
    #[serde(rename = "nested")]
    Nested,
    /// Exactly `status`, `content_type` and `body` (or `json`), e.g. to serve data with
    /// unknown enum values, nulls or a bad element.
    #[serde(rename = "raw")]
    Raw,
}

/// One rule. Fields a kind does not use are ignored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FaultRule {
    pub kind: FaultKind,
    /// Only requests whose path starts with this (default: every API request).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// Only requests with this method.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// For the next N matching requests only (default: until cleared).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times: Option<u32>,
    /// 503/429: seconds to ask the client to wait (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
    /// 503/429: send `Retry-After` as an HTTP-date instead of seconds.
    #[serde(default)]
    pub retry_after_date: bool,
    /// latency/stall: milliseconds (default 500 / 60000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<u64>,
    /// huge: body size in bytes (default 300 MiB, above the client's limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
    /// raw: status code (default 200); hostile-error: status code (default 500).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// raw: content type (default application/json).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    /// raw: the body as text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    /// raw: the body as JSON (used when `body` is absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub json: Option<Value>,
}

impl FaultRule {
    pub fn new(kind: FaultKind) -> FaultRule {
        FaultRule {
            kind,
            path: None,
            method: None,
            times: None,
            retry_after: None,
            retry_after_date: false,
            ms: None,
            bytes: None,
            status: None,
            content_type: None,
            body: None,
            json: None,
        }
    }

    fn matches(&self, method: &str, path: &str) -> bool {
        self.times != Some(0)
            && self.method.as_deref().is_none_or(|m| m.eq_ignore_ascii_case(method))
            && self.path.as_deref().is_none_or(|prefix| path.starts_with(prefix))
    }
}

/// The active rules, first match wins.
#[derive(Debug, Default, Clone)]
pub struct FaultBook {
    pub rules: Vec<FaultRule>,
}

impl FaultBook {
    /// The fault for a request, if any; counts it against the rule's `times`.
    pub fn take(&mut self, method: &str, path: &str) -> Option<FaultRule> {
        let index = self.rules.iter().position(|rule| rule.matches(method, path))?;
        let rule = self.rules[index].clone();
        if let Some(times) = &mut self.rules[index].times {
            *times -= 1;
            if *times == 0 {
                self.rules.remove(index);
            }
        }
        Some(rule)
    }
}

/// The `--faults` syntax, shown by `outreach sim --help`.
pub const SPEC_HELP: &str = "\
Fault SPEC: comma-separated rules KIND[:ARG][@[METHOD:]PATH_PREFIX][#COUNT]
  KIND   500          plain-text 500
         502          502 with a proxy's HTML page
         503[:S]      503 with Retry-After: S seconds (default 1)
         429[:S]      429 with Retry-After: S seconds (default 1)
         503-date[:S] / 429-date[:S]   Retry-After as an HTTP-date S seconds ahead
         latency:MS   answer normally after MS milliseconds
         stall[:MS]   send headers, then nothing for MS ms (default 60000), then the body
         reset        drop the connection without an answer
         blackhole    read the request, never answer (the connection stays open)
         truncate     the real answer cut in half
         malformed    the real answer with a JSON syntax error
         huge[:SIZE]  a 200 JSON body of SIZE bytes (K/M/G suffixes; default 300M)
         hostile-error[:STATUS]  an error (default 500: plain text; else JSON detail)
                      carrying terminal escapes (title, clipboard, clear), C1 and U+202E
         hostile-text the real answer with such text appended to every string value
                      but dates and times (names, subjects, bodies, statuses)
         bad-element  the real list with one element of the wrong type
         nested       a 200 JSON body nested 100000 levels deep
  @PATH_PREFIX  only requests whose path starts with it (default: every /api request),
                optionally with a method: @GET:/api/v1/contacts
  #COUNT        only the next COUNT matching requests (default: until cleared)
Examples: --faults 503:2@/api/v1/contacts#1   --faults latency:300,reset@POST:/api/v2#1
At run time: POST /_sim/faults {\"spec\": \"...\"} or {\"faults\": [{\"kind\": \"503\", ...}]},
GET /_sim/faults lists, DELETE /_sim/faults clears (admin key required).";

/// Parses a `--faults` SPEC into rules.
pub fn parse_spec(spec: &str) -> Result<Vec<FaultRule>, String> {
    spec.split(',').map(str::trim).filter(|part| !part.is_empty()).map(parse_rule).collect()
}

fn parse_rule(text: &str) -> Result<FaultRule, String> {
    let bad = |why: &str| format!("fault rule '{text}': {why}. See `outreach sim --help`.");
    let (rest, times) = match text.rsplit_once('#') {
        Some((rest, count)) => {
            let count: u32 = count.parse().map_err(|_| bad("COUNT after # must be a number"))?;
            if count == 0 {
                return Err(bad("COUNT must be at least 1"));
            }
            (rest, Some(count))
        }
        None => (text, None),
    };
    let (head, target) = match rest.split_once('@') {
        Some((head, target)) => (head, Some(target)),
        None => (rest, None),
    };
    let (kind_text, arg) = match head.split_once(':') {
        Some((kind, arg)) => (kind, Some(arg)),
        None => (head, None),
    };
    let number =
        |arg: &str| arg.parse::<u64>().map_err(|_| bad("the argument must be a whole number"));
    let (kind, date) = match kind_text.to_ascii_lowercase().as_str() {
        "500" => (FaultKind::ServerError, false),
        "502" => (FaultKind::BadGateway, false),
        "503" => (FaultKind::Unavailable, false),
        "429" => (FaultKind::RateLimited, false),
        "503-date" => (FaultKind::Unavailable, true),
        "429-date" => (FaultKind::RateLimited, true),
        "latency" => (FaultKind::Latency, false),
        "stall" => (FaultKind::Stall, false),
        "reset" => (FaultKind::Reset, false),
        "truncate" => (FaultKind::Truncate, false),
        "malformed" => (FaultKind::Malformed, false),
        "huge" => (FaultKind::Huge, false),
        "blackhole" => (FaultKind::Blackhole, false),
        "hostile-error" => (FaultKind::HostileError, false),
        "hostile-text" => (FaultKind::HostileText, false),
        "bad-element" => (FaultKind::BadElement, false),
        "nested" => (FaultKind::Nested, false),
        _ => return Err(bad("unknown kind")),
    };
    let mut rule = FaultRule::new(kind);
    rule.times = times;
    rule.retry_after_date = date;
    if let Some(arg) = arg {
        match kind {
            FaultKind::Unavailable | FaultKind::RateLimited => {
                rule.retry_after = Some(number(arg)?)
            }
            FaultKind::Latency | FaultKind::Stall => rule.ms = Some(number(arg)?),
            FaultKind::Huge => {
                rule.bytes =
                    Some(size(arg).ok_or_else(|| bad("SIZE must be like 500K, 20M or 1G"))?)
            }
            FaultKind::HostileError => {
                let status = arg.parse::<u16>().ok().filter(|s| (400..=599).contains(s));
                rule.status = Some(status.ok_or_else(|| bad("STATUS must be 400 to 599"))?)
            }
            _ => return Err(bad("this kind takes no argument")),
        }
    } else if kind == FaultKind::Latency {
        return Err(bad("latency needs milliseconds, e.g. latency:300"));
    }
    if let Some(target) = target {
        match target.split_once(':') {
            Some((method, path)) => {
                rule.method = Some(method.to_ascii_uppercase());
                rule.path = Some(path.to_string());
            }
            None => rule.path = Some(target.to_string()),
        }
        if !rule.path.as_deref().is_some_and(|p| p.starts_with('/')) {
            return Err(bad("the path prefix must start with /"));
        }
    }
    Ok(rule)
}

fn size(text: &str) -> Option<u64> {
    let upper = text.to_ascii_uppercase();
    let (digits, factor) = match upper.chars().last()? {
        'K' => (&upper[..upper.len() - 1], 1 << 10),
        'M' => (&upper[..upper.len() - 1], 1 << 20),
        'G' => (&upper[..upper.len() - 1], 1 << 30),
        _ => (upper.as_str(), 1),
    };
    digits.parse::<u64>().ok().map(|n| n * factor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_rules_parse_with_arguments_targets_and_counts() {
        let rules =
            parse_spec("503:2@GET:/api/v1/contacts#1, latency:300, huge:2M@/api/v1/bots, 429-date")
                .unwrap();
        assert_eq!(rules.len(), 4);
        assert_eq!(rules[0].kind, FaultKind::Unavailable);
        assert_eq!(rules[0].retry_after, Some(2));
        assert_eq!(rules[0].method.as_deref(), Some("GET"));
        assert_eq!(rules[0].path.as_deref(), Some("/api/v1/contacts"));
        assert_eq!(rules[0].times, Some(1));
        assert_eq!(rules[1].ms, Some(300));
        assert_eq!(rules[2].bytes, Some(2 << 20));
        assert!(rules[3].retry_after_date);
        let more = parse_spec(
            "blackhole#1, hostile-error:403@/api/v1/bots, bad-element, nested, hostile-text",
        )
        .unwrap();
        let kinds: Vec<FaultKind> = more.iter().map(|rule| rule.kind).collect();
        assert_eq!(
            kinds,
            [
                FaultKind::Blackhole,
                FaultKind::HostileError,
                FaultKind::BadElement,
                FaultKind::Nested,
                FaultKind::HostileText
            ]
        );
        assert_eq!(more[1].status, Some(403));
        for bad in [
            "boom",
            "reset:3",
            "503:x",
            "500#0",
            "latency",
            "500@api",
            "hostile-error:200",
            "nested:3",
        ] {
            assert!(parse_spec(bad).is_err(), "{bad}");
        }
        assert!(parse_spec("").unwrap().is_empty());
    }

    #[test]
    fn rules_match_by_method_and_prefix_and_run_out() {
        let mut book = FaultBook { rules: parse_spec("500@POST:/api/v1/contacts#2").unwrap() };
        assert!(book.take("GET", "/api/v1/contacts").is_none());
        assert!(book.take("POST", "/api/v1/contacts/add").is_some());
        assert!(book.take("POST", "/api/v1/contacts/add").is_some());
        assert!(book.take("POST", "/api/v1/contacts/add").is_none());
        assert!(book.rules.is_empty());
    }
}
