//! The simulator's own routes under `/_sim/`, for tests and demos: key rotation, logged
//! conversions, state inspection, the endpoint-5 switch, faults, the request log and live
//! replies.
//! Every one needs an organisation's admin key.

use super::faults::{FaultRule, parse_spec};
use super::live;
use super::ops;
use super::params::{self, Checks, Query};
use super::reply::{Reject, json};
use super::state::{Caller, RequestLog, SimState};
use super::store::DuplicateContact;
use crate::api::ExchangeStatus;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{get, post, put};
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::{Value, json};

type Answer = Result<Response, Reject>;

pub fn routes() -> Router<SimState> {
    Router::new()
        .route("/_sim/rotate-key", post(rotate_key))
        .route("/_sim/conversions", get(conversions))
        .route("/_sim/state", get(state_summary))
        .route("/_sim/exchanges", get(all_exchanges))
        .route("/_sim/duplicate-contacts", put(duplicate_contacts))
        .route("/_sim/faults", get(list_faults).post(add_faults).delete(clear_faults))
        .route("/_sim/requests", get(requests).delete(clear_requests))
        .route("/_sim/replies", post(live_reply))
}

fn admin(state: &SimState, headers: &HeaderMap) -> Result<Caller, Reject> {
    let caller = state.caller(headers)?;
    caller.require_admin()?;
    Ok(caller)
}

fn bad(text: impl Into<String>) -> Reject {
    Reject::bad_request(text)
}

/// Replaces the organisation's admin key; the old key gets 401 from now on.
async fn rotate_key(State(state): State<SimState>, headers: HeaderMap) -> Answer {
    let caller = admin(&state, &headers)?;
    let key = ops::rotate_key(&mut state.world(), caller.org)
        .ok_or_else(|| bad("no such organisation"))?;
    Ok(json(StatusCode::OK, &json!({ "api_key": key })))
}

async fn conversions(State(state): State<SimState>, headers: HeaderMap) -> Answer {
    let caller = admin(&state, &headers)?;
    Ok(json(StatusCode::OK, &state.world().orgs[caller.org].conversions))
}

/// Counts and lists a test needs to see effects the API does not show.
async fn state_summary(State(state): State<SimState>, headers: HeaderMap) -> Answer {
    let caller = admin(&state, &headers)?;
    let world = state.world();
    let org = &world.orgs[caller.org];
    let mut dnc_emails: Vec<&String> = org.dnc_emails.iter().collect();
    crate::sorting::sort(&mut dnc_emails);
    let mut dnc_domains: Vec<&String> = org.dnc_domains.iter().collect();
    crate::sorting::sort(&mut dnc_domains);
    let campaigns: Vec<Value> = org
        .campaigns
        .iter()
        .map(|c| {
            json!({
                "id": c.campaign.id,
                "name": c.campaign.name,
                "status": c.campaign.status,
                "bot_ids": c.bot_ids,
                "contacts": c.contact_ids.len(),
            })
        })
        .collect();
    let mode = match world.duplicate_contact {
        DuplicateContact::Reject400 => "reject",
        DuplicateContact::ReturnExisting => "return-existing",
    };
    Ok(json(
        StatusCode::OK,
        &json!({
            "organisation": org.name,
            "contacts": org.contacts().len(),
            "exchanges": org.exchanges.len(),
            "meetings": org.meetings.len(),
            "conversions": org.conversions.len(),
            "live_replies": org.live_replies,
            "campaigns": campaigns,
            "dnc_emails": dnc_emails,
            "dnc_domains": dnc_domains,
            "duplicate_contacts": mode,
            "meeting_booked_apart": world.groups == super::store::Groups::MeetingBookedApart,
            "now": world.clock.now(),
        }),
    ))
}

/// Every exchange of the organisation in any status (endpoint 9 shows only two groups).
async fn all_exchanges(
    State(state): State<SimState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Answer {
    let caller = admin(&state, &headers)?;
    let query = Query::parse(query.as_deref());
    let mut checks = Checks::default();
    let campaign_id = checks.optional(&query, "campaign_id", params::int);
    checks.finish()?;
    let world = state.world();
    let org = &world.orgs[caller.org];
    let exchanges: Vec<_> = org
        .exchanges
        .iter()
        .filter(|e| campaign_id.is_none_or(|id| e.campaign_id == id))
        .map(|e| org.exchange_model(e))
        .collect();
    Ok(json(StatusCode::OK, &exchanges))
}

#[derive(Deserialize, Default)]
struct ReplyBody {
    #[serde(default)]
    exchange_id: Option<i64>,
    #[serde(default)]
    status: Option<String>,
    /// An out-of-office notice arrives rather than a reply.
    #[serde(default)]
    away: Option<bool>,
    /// The day the notice says its writer is back (`YYYY-MM-DD`, or `"today"` on the
    /// simulator's clock); only with `away`.
    #[serde(default)]
    back: Option<String>,
}

impl ReplyBody {
    fn away(&self, today: NaiveDate) -> Result<live::Away, Reject> {
        let back = match self.back.as_deref() {
            None => None,
            Some("today") => Some(today),
            Some(day) => Some(day.parse::<NaiveDate>().map_err(|_| {
                bad(format!("back: expected a day as 2026-12-24 or \"today\", got '{day}'"))
            })?),
        };
        match (self.away, back) {
            (Some(false) | None, Some(_)) => {
                Err(bad("back is the day an absence notice names: send it with \"away\": true"))
            }
            (Some(true), back) => Ok(live::Away::Yes(back)),
            (Some(false), None) => Ok(live::Away::No),
            (None, None) => Ok(live::Away::Maybe),
        }
    }
}

/// Makes a reply arrive at once (the live demo's, on demand): on `exchange_id` or one picked
/// at random, with `status` or one that follows. Answers the exchange it arrived on.
async fn live_reply(State(state): State<SimState>, headers: HeaderMap, body: Bytes) -> Answer {
    let caller = admin(&state, &headers)?;
    let body: ReplyBody = if body.iter().all(u8::is_ascii_whitespace) {
        ReplyBody::default()
    } else {
        serde_json::from_slice(&body).map_err(|e| {
            bad(format!(
                "expected nothing, or {{\"exchange_id\": 123, \"status\": \"INFO_INQUIRY\", \"away\": true, \"back\": \"today\"}} (each optional): {e}"
            ))
        })?
    };
    let status = body.status.as_deref().map(ExchangeStatus::from_wire);
    if let Some(ExchangeStatus::Unknown(name)) = &status {
        return Err(bad(format!("unknown exchange status '{name}'")));
    }
    let world = &mut state.world();
    let away = body.away(world.clock.today())?;
    let arrival =
        live::arrive_as(world, caller.org, body.exchange_id, status, away).map_err(|reason| {
            match reason {
                live::NoArrival::NoSuchExchange(_) => Reject::not_found(reason.to_string()),
                _ => bad(reason.to_string()),
            }
        })?;
    Ok(json(StatusCode::OK, &arrival))
}

#[derive(Deserialize)]
struct ModeBody {
    mode: String,
}

/// Switches endpoint 5 between 400 and "200 with the existing id" for every organisation.
async fn duplicate_contacts(
    State(state): State<SimState>,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    admin(&state, &headers)?;
    let body: ModeBody = serde_json::from_slice(&body).map_err(|e| {
        bad(format!("expected {{\"mode\": \"reject\" | \"return-existing\"}}: {e}"))
    })?;
    let mode = match body.mode.as_str() {
        "reject" => DuplicateContact::Reject400,
        "return-existing" => DuplicateContact::ReturnExisting,
        other => return Err(bad(format!("unknown mode '{other}': use reject or return-existing"))),
    };
    state.world().duplicate_contact = mode;
    Ok(json(StatusCode::OK, &json!({ "mode": body.mode })))
}

async fn list_faults(State(state): State<SimState>, headers: HeaderMap) -> Answer {
    admin(&state, &headers)?;
    Ok(json(StatusCode::OK, &json!({ "faults": state.faults().rules })))
}

#[derive(Deserialize)]
struct FaultsBody {
    #[serde(default)]
    spec: Option<String>,
    #[serde(default)]
    faults: Vec<FaultRule>,
}

/// Adds rules, from a SPEC string or as JSON rules; answers the rules now active.
async fn add_faults(State(state): State<SimState>, headers: HeaderMap, body: Bytes) -> Answer {
    admin(&state, &headers)?;
    let body: FaultsBody = serde_json::from_slice(&body).map_err(|e| {
        bad(format!("expected {{\"spec\": \"...\"}} or {{\"faults\": [{{\"kind\": ...}}]}}: {e}"))
    })?;
    let mut rules = match &body.spec {
        Some(spec) => parse_spec(spec).map_err(bad)?,
        None => Vec::new(),
    };
    rules.extend(body.faults);
    let mut book = state.faults();
    book.rules.extend(rules);
    Ok(json(StatusCode::OK, &json!({ "faults": book.rules })))
}

async fn clear_faults(State(state): State<SimState>, headers: HeaderMap) -> Answer {
    admin(&state, &headers)?;
    state.faults().rules.clear();
    Ok(json(StatusCode::OK, &json!({ "faults": [] })))
}

async fn requests(State(state): State<SimState>, headers: HeaderMap) -> Answer {
    admin(&state, &headers)?;
    let log = state.requests().clone();
    Ok(json(StatusCode::OK, &log))
}

async fn clear_requests(State(state): State<SimState>, headers: HeaderMap) -> Answer {
    admin(&state, &headers)?;
    *state.requests() = RequestLog::default();
    Ok(json(StatusCode::OK, &RequestLog::default()))
}
