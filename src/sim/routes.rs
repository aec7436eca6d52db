//! The 13 endpoints of the API on the spec's paths, methods, query names and status
//! codes. Each handler follows FastAPI's order: malformed JSON (422), the key (401),
//! the key's rights (403), parameters and body (422), then the endpoint's own rules.

use super::chain::email_chain;
use super::ops::{self, Upload};
use super::params::{self, Checks, Query};
use super::reply::{Reject, json, message, raw_json};
use super::state::{Caller, SimState};
use super::validate::{self, read_body};
use crate::api::endpoints::*;
use crate::api::{ExchangeGroup, ValidationDetail};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::handler::Handler;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{MethodFilter, on};
use chrono::NaiveDate;
use serde_json::Value;

type Answer = Result<Response, Reject>;

/// The API's routes, mounted from the client's own table of endpoints.
pub fn api() -> Router<SimState> {
    let router = Router::new();
    let router = mount(router, &ADD_DNC_DOMAINS, add_dnc_domains);
    let router = mount(router, &LOG_CONVERSION, log_conversion);
    let router = mount(router, &UPLOAD_AND_START, upload::<true>);
    let router = mount(router, &UPLOAD_CONTACT, upload::<false>);
    let router = mount(router, &ADD_CONTACT, add_contact);
    let router = mount(router, &ADD_DNC_EMAILS, add_dnc_emails);
    let router = mount(router, &LIST_CAMPAIGNS, list_campaigns);
    let router = mount(router, &LIST_BOTS, list_bots);
    let router = mount(router, &LIST_EXCHANGES, list_exchanges);
    let router = mount(router, &LIST_CONTACTS, list_contacts);
    let router = mount(router, &EMAIL_CHAIN, email_chain_of);
    let router = mount(router, &LIST_MEETINGS, list_meetings);
    mount(router, &START_CAMPAIGN, start_campaign)
}

/// One endpoint's route: its path and method from the table.
fn mount<H, T>(
    router: Router<SimState>,
    endpoint: &'static Endpoint,
    handler: H,
) -> Router<SimState>
where
    H: Handler<T, SimState>,
    T: 'static,
{
    let method = match endpoint.verb {
        Verb::Get => MethodFilter::GET,
        Verb::Post => MethodFilter::POST,
        Verb::Put => MethodFilter::PUT,
    };
    router.route(endpoint.path, on(method, handler))
}

/// A write's first steps: its body read, then its caller, who must hold the admin key.
fn writer(
    state: &SimState,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<(Caller, Option<Value>), Reject> {
    let body = read_body(headers, body)?;
    let caller = state.caller(headers)?;
    caller.require_admin()?;
    Ok((caller, body))
}

/// Validates a body after the parameters, keeping every error.
fn with_body<T>(
    mut checks: Checks,
    body: &Option<Value>,
    validate: fn(&Option<Value>, &mut Vec<ValidationDetail>) -> Option<T>,
) -> Result<T, Reject> {
    let parsed = validate(body, &mut checks.errors);
    match parsed {
        Some(value) if checks.errors.is_empty() => Ok(value),
        _ => Err(Reject::Invalid(checks.errors)),
    }
}

/// A path parameter that must be an integer (endpoints 11 and 13), checked as FastAPI does.
fn path_id(name: &'static str, raw: &str) -> Result<i64, Reject> {
    let mut checks = Checks::default();
    let id = checks.take(params::int("path", name, raw));
    checks.finish()?;
    Ok(id.unwrap_or_default())
}

/// The optional `start_date` and `end_date` query parameters (endpoints 9 and 12).
fn date_range(checks: &mut Checks, query: &Query) -> (Option<NaiveDate>, Option<NaiveDate>) {
    let start = checks.optional(query, "start_date", params::date);
    let end = checks.optional(query, "end_date", params::date);
    (start, end)
}

// 1.
async fn add_dnc_domains(State(state): State<SimState>, headers: HeaderMap, body: Bytes) -> Answer {
    let (caller, body) = writer(&state, &headers, &body)?;
    let domains = with_body(Checks::default(), &body, validate::domain_list)?;
    let count = domains.len();
    state.in_background(move |world| ops::add_dnc_domains(world, caller.org, &domains));
    Ok(message(
        StatusCode::ACCEPTED,
        format!(
            "Adding {} to the DNC list in the background",
            crate::text::count(count, "domain", "domains")
        ),
    ))
}

// 2.
async fn log_conversion(State(state): State<SimState>, headers: HeaderMap, body: Bytes) -> Answer {
    let (caller, body) = writer(&state, &headers, &body)?;
    let conversion = with_body(Checks::default(), &body, validate::conversion)?;
    let contact = ops::conversion_contact(&state.world(), caller.org, &conversion.email);
    match contact {
        Some(contact_id) => {
            state.in_background(move |world| {
                ops::log_conversion(world, caller.org, contact_id, conversion)
            });
            Ok(message(StatusCode::ACCEPTED, "Conversion queued for logging"))
        }
        None => Ok(message(
            StatusCode::OK,
            "Contact is not associated with the organisation; nothing was logged",
        )),
    }
}

/// Endpoints 3 (`START`) and 4 differ in their flag (`start_immediately` or `notify`) and
/// effect.
async fn upload<const START: bool>(
    State(state): State<SimState>,
    Path(raw_id): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    let (caller, body) = writer(&state, &headers, &body)?;
    let query = Query::parse(query.as_deref());
    let mut checks = Checks::default();
    let campaign_id = checks.take(params::int("path", "campaign_id", &raw_id));
    let bot_id = checks.optional(&query, "bot_id", params::int);
    let flag = if START { "start_immediately" } else { "notify" };
    let flag_value = checks.optional(&query, flag, params::boolean);
    let upload = with_body(checks, &body, validate::contact_upload)?;
    let how = if START {
        Upload::AndStart { immediately: flag_value.unwrap_or(false) }
    } else {
        Upload::Add
    };
    let campaign_id = campaign_id.unwrap_or_default();
    let id =
        ops::upload_contact(&mut state.world(), caller.org, campaign_id, &upload, bot_id, how)?;
    Ok(json(StatusCode::OK, &crate::api::BaseItem { id }))
}

// 5.
async fn add_contact(State(state): State<SimState>, headers: HeaderMap, body: Bytes) -> Answer {
    let (caller, body) = writer(&state, &headers, &body)?;
    let upload = with_body(Checks::default(), &body, validate::contact_upload)?;
    let id = ops::add_contact(&mut state.world(), caller.org, &upload)?;
    Ok(json(StatusCode::OK, &crate::api::BaseItem { id }))
}

// 6.
async fn add_dnc_emails(State(state): State<SimState>, headers: HeaderMap, body: Bytes) -> Answer {
    let (caller, body) = writer(&state, &headers, &body)?;
    let emails = with_body(Checks::default(), &body, validate::dnc_emails)?;
    let added = ops::add_dnc_emails(&mut state.world(), caller.org, &emails)?;
    Ok(message(StatusCode::OK, format!("{added} contacts added to the DNC list")))
}

// 7.
async fn list_campaigns(State(state): State<SimState>, headers: HeaderMap) -> Answer {
    let caller = state.caller(&headers)?;
    let world = state.world();
    let campaigns: Vec<_> = world.orgs[caller.org].campaigns.iter().map(|c| &c.campaign).collect();
    Ok(json(StatusCode::OK, &campaigns))
}

// 8.
async fn list_bots(State(state): State<SimState>, headers: HeaderMap) -> Answer {
    let caller = state.caller(&headers)?;
    Ok(json(StatusCode::OK, &state.world().orgs[caller.org].bots))
}

/// The default start of endpoint 9's range.
fn default_start() -> NaiveDate {
    NaiveDate::from_ymd_opt(2023, 1, 1).unwrap_or_default()
}

// 9.
async fn list_exchanges(
    State(state): State<SimState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Answer {
    let caller = state.caller(&headers)?;
    let query = Query::parse(query.as_deref());
    let mut checks = Checks::default();
    let campaign_id = checks.optional(&query, "campaign_id", params::int);
    let (start, end) = date_range(&mut checks, &query);
    let group = checks.optional(&query, "exchange_group", params::group);
    checks.finish()?;
    let world = state.world();
    let start = start.unwrap_or_else(default_start);
    let end = end.unwrap_or_else(|| world.clock.today());
    let group = group.unwrap_or(ExchangeGroup::Replied);
    let exchanges =
        world.orgs[caller.org].exchanges_in((world.groups, &group), campaign_id, start, end);
    Ok(json(StatusCode::OK, &exchanges))
}

// 10.
async fn list_contacts(State(state): State<SimState>, headers: HeaderMap) -> Answer {
    let caller = state.caller(&headers)?;
    let body = state.world().orgs[caller.org].contacts_json();
    Ok(raw_json(StatusCode::OK, body))
}

// 11.
async fn email_chain_of(
    State(state): State<SimState>,
    Path(raw_id): Path<String>,
    headers: HeaderMap,
) -> Answer {
    let caller = state.caller(&headers)?;
    let exchange_id = path_id("exchange_id", &raw_id)?;
    let context = state
        .world()
        .chain_context(caller.org, exchange_id)
        .ok_or_else(|| Reject::not_found("Exchange not found"))?;
    // Generated outside the lock: a long chain must not hold up other requests.
    Ok(json(StatusCode::OK, &email_chain(&context)))
}

// 12.
async fn list_meetings(
    State(state): State<SimState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Answer {
    let caller = state.caller(&headers)?;
    let query = Query::parse(query.as_deref());
    let mut checks = Checks::default();
    let (start, end) = date_range(&mut checks, &query);
    checks.finish()?;
    let meetings = state.world().orgs[caller.org].meetings_in(start, end);
    Ok(json(StatusCode::OK, &meetings))
}

// 13.
async fn start_campaign(
    State(state): State<SimState>,
    Path(raw_id): Path<String>,
    headers: HeaderMap,
) -> Answer {
    let caller = state.caller(&headers)?;
    caller.require_admin()?;
    let campaign_id = path_id("campaign_id", &raw_id)?;
    ops::start_campaign(&mut state.world(), caller.org, campaign_id)?;
    Ok(message(StatusCode::OK, "Campaign started"))
}
