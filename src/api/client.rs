//! `Client`: one async method per endpoint of the API (13), with timeouts, no redirects,
//! the key header marked sensitive, and retries for GET only.

use super::body::{BodyReader, ListBody, MAX_BODY_BYTES, RawBody};
use super::enums::ExchangeGroup;
use super::error::{ApiError, body_start, field_errors};
use super::key::ApiKey;
use super::listed::Listed;
use super::models::{
    BaseItem, Bot, Campaign, Contact, ContactUpload, DncEmails, DomainList, EmailMessage, Exchange,
    Meeting, SubmitConversion, ValidationErrorBody,
};
use super::retry::{RetryPolicy, retry_after};
use super::url::check_base_url;
use chrono::NaiveDate;
use reqwest::header::{HeaderMap, HeaderValue};
use reqwest::{Method, StatusCode, Url};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most items one DNC request may carry (the spec's bound for domains).
pub const MAX_DNC_BATCH: usize = 10_000;

/// How the client connects; the defaults suit both the TUI and the CLI.
#[derive(Debug, Clone)]
pub struct ClientOptions {
    /// Allow `http://` to a host that is not loopback (the key then travels in clear).
    pub allow_http: bool,
    pub connect_timeout: Duration,
    /// Limit for one whole request, body included.
    pub timeout: Duration,
    pub retry: RetryPolicy,
}

impl Default for ClientOptions {
    fn default() -> Self {
        ClientOptions {
            allow_http: false,
            connect_timeout: Duration::from_secs(5),
            timeout: Duration::from_secs(30),
            retry: RetryPolicy::default(),
        }
    }
}

/// Filters of endpoint 9 (list exchanges by group). `None` leaves the server's default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExchangeQuery {
    pub campaign_id: Option<i64>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub group: Option<ExchangeGroup>,
}

/// Date range of endpoint 12 (list meetings), both ends inclusive.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MeetingQuery {
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
}

/// A confirmation whose layout the spec does not fix: its `message` or `detail`, or its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerMessage {
    pub status: u16,
    pub message: Option<String>,
}

impl ServerMessage {
    fn from_body(status: StatusCode, body: &[u8]) -> Self {
        let message = match serde_json::from_slice::<serde_json::Value>(body) {
            Ok(serde_json::Value::String(text)) => Some(text),
            Ok(serde_json::Value::Object(map)) => ["message", "detail", "status"]
                .iter()
                .find_map(|key| map.get(*key).and_then(|v| v.as_str()).map(str::to_string)),
            Ok(_) => None,
            Err(_) => Some(body_start(body)).filter(|text| text != "(empty body)"),
        };
        ServerMessage { status: status.as_u16(), message }
    }
}

/// What endpoint 2 did with a conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConversionOutcome {
    /// 202: the contact belongs to the organisation; the conversion is being logged.
    Logged,
    /// 200: the address is not a contact of this organisation; nothing was logged.
    NotAContact,
}

/// What endpoint 5 did with a contact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AddContactOutcome {
    /// The server answered with an id. It may be a contact that already existed: the spec
    /// allows a server to answer a duplicate with its id ([`AddContactOutcome::reconcile`]).
    Added { id: i64 },
    /// The server answered 400 because the address is already a contact.
    AlreadyPresent { id: Option<i64>, detail: String },
}

impl AddContactOutcome {
    /// Uses contacts already known to say plainly when an "added" id was an existing one,
    /// and to find the id of a duplicate the server only described.
    pub fn reconcile(self, email: &str, known: &[Contact]) -> Self {
        match self {
            AddContactOutcome::Added { id } => match known.iter().find(|c| c.id == id) {
                Some(_) => AddContactOutcome::AlreadyPresent {
                    id: Some(id),
                    detail: "already a contact".into(),
                },
                None => AddContactOutcome::Added { id },
            },
            AddContactOutcome::AlreadyPresent { id: None, detail } => {
                let id = known.iter().find(|c| c.email.eq_ignore_ascii_case(email)).map(|c| c.id);
                AddContactOutcome::AlreadyPresent { id, detail }
            }
            other => other,
        }
    }
}

/// Whether a 400's detail says the contact already exists.
pub fn is_duplicate_contact(error: &ApiError) -> bool {
    matches!(error, ApiError::BadRequest { detail } if detail.to_lowercase().contains("already"))
}

struct Inner {
    http: reqwest::Client,
    base: Url,
    retry: RetryPolicy,
}

/// The typed client. Cheap to clone: clones share one connection pool.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client").field("base", &self.inner.base.as_str()).finish()
    }
}

impl Client {
    /// Builds a client for `base_url` acting with `key`.
    pub fn new(base_url: &str, key: &ApiKey, options: ClientOptions) -> Result<Client, ApiError> {
        let base = check_base_url(base_url, options.allow_http)?;
        // reqwest is built without a default crypto provider (ring is lighter to build than
        // aws-lc); installing twice is harmless, so the error is ignored.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut header = HeaderValue::from_str(key.expose()).map_err(|_| ApiError::InvalidUrl {
            url: base.to_string(),
            reason: "the API key contains characters a header cannot carry".into(),
        })?;
        header.set_sensitive(true);
        let mut headers = HeaderMap::new();
        headers.insert("X-API-Key", header);
        let http = reqwest::Client::builder()
            .default_headers(headers)
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(options.connect_timeout)
            .timeout(options.timeout)
            .user_agent(concat!("outreach/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|error| ApiError::InvalidUrl {
                url: base.to_string(),
                reason: error.to_string(),
            })?;
        Ok(Client { inner: Arc::new(Inner { http, base, retry: options.retry }) })
    }

    /// The base URL every path is appended to.
    pub fn base_url(&self) -> &Url {
        &self.inner.base
    }

    // ---- the 13 endpoints, numbered as in the spec ----

    /// 1. Queues domains for the DNC list (one request, at most [`MAX_DNC_BATCH`]).
    pub async fn add_dnc_domains(&self, domains: &[String]) -> Result<ServerMessage, ApiError> {
        let body = DomainList { domains: domains.to_vec() };
        self.send_for_message(Method::POST, "/api/v1/dnc-domains/json", &[], Some(&body)).await
    }

    /// 2. Logs a conversion about a contact.
    pub async fn log_conversion(
        &self,
        conversion: &SubmitConversion,
    ) -> Result<ConversionOutcome, ApiError> {
        let reply = self
            .send_for_message(Method::POST, "/api/v2/conversions", &[], Some(conversion))
            .await?;
        Ok(if reply.status == 200 {
            ConversionOutcome::NotAContact
        } else {
            ConversionOutcome::Logged
        })
    }

    /// 3. Uploads a contact into a campaign and starts its outreach.
    pub async fn upload_and_start(
        &self,
        campaign_id: i64,
        contact: &ContactUpload,
        bot_id: Option<i64>,
        start_immediately: bool,
    ) -> Result<BaseItem, ApiError> {
        let path = format!("/api/v1/campaigns/{campaign_id}/contacts/upload-and-start");
        let mut query = vec![("start_immediately", start_immediately.to_string())];
        if let Some(bot) = bot_id {
            query.push(("bot_id", bot.to_string()));
        }
        self.send_json(Method::POST, &path, &query, Some(contact), "campaign").await
    }

    /// 4. Uploads a contact into a campaign.
    pub async fn upload_contact(
        &self,
        campaign_id: i64,
        contact: &ContactUpload,
        bot_id: Option<i64>,
        notify: bool,
    ) -> Result<BaseItem, ApiError> {
        let path = format!("/api/v1/campaigns/{campaign_id}/contacts/upload");
        let mut query = vec![("notify", notify.to_string())];
        if let Some(bot) = bot_id {
            query.push(("bot_id", bot.to_string()));
        }
        self.send_json(Method::POST, &path, &query, Some(contact), "campaign").await
    }

    /// 5. Adds a contact to the organisation.
    pub async fn add_contact(
        &self,
        contact: &ContactUpload,
    ) -> Result<AddContactOutcome, ApiError> {
        match self
            .send_json::<BaseItem, _>(
                Method::POST,
                "/api/v1/contacts/add",
                &[],
                Some(contact),
                "contact",
            )
            .await
        {
            Ok(item) => Ok(AddContactOutcome::Added { id: item.id }),
            Err(error) if is_duplicate_contact(&error) => {
                let detail = match error {
                    ApiError::BadRequest { detail } => detail,
                    other => other.to_string(),
                };
                Ok(AddContactOutcome::AlreadyPresent { id: None, detail })
            }
            Err(error) => Err(error),
        }
    }

    /// 6. Adds e-mail addresses to the DNC list (one request).
    pub async fn add_dnc_emails(&self, emails: &[String]) -> Result<ServerMessage, ApiError> {
        let body = DncEmails { emails: emails.to_vec() };
        self.send_for_message(Method::POST, "/api/v1/contacts/dnc/add", &[], Some(&body)).await
    }

    /// 7. Lists the organisation's campaigns.
    pub async fn list_campaigns(&self) -> Result<Listed<Campaign>, ApiError> {
        self.get_list("/api/v1/campaigns", &[], "the campaign list").await
    }

    /// 8. Lists the organisation's bots.
    pub async fn list_bots(&self) -> Result<Listed<Bot>, ApiError> {
        self.get_list("/api/v1/bots", &[], "the organisation").await
    }

    /// 9. Lists exchanges of a group, optionally of one campaign and a date range.
    pub async fn list_exchanges(
        &self,
        query: &ExchangeQuery,
    ) -> Result<Listed<Exchange>, ApiError> {
        let mut params = Vec::new();
        if let Some(id) = query.campaign_id {
            params.push(("campaign_id", id.to_string()));
        }
        if let Some(date) = query.start_date {
            params.push(("start_date", date.format("%Y-%m-%d").to_string()));
        }
        if let Some(date) = query.end_date {
            params.push(("end_date", date.format("%Y-%m-%d").to_string()));
        }
        if let Some(group) = &query.group {
            params.push(("exchange_group", group.as_str().to_string()));
        }
        self.get_list("/api/v1/campaigns/data/replies", &params, "the campaign").await
    }

    /// 10. Lists the organisation's contacts.
    pub async fn list_contacts(&self) -> Result<Listed<Contact>, ApiError> {
        self.get_list("/api/v1/contacts", &[], "the contact list").await
    }

    /// 11. The e-mail chain of one exchange.
    pub async fn email_chain(&self, exchange_id: i64) -> Result<Listed<EmailMessage>, ApiError> {
        let path = format!("/api/v1/exchanges/{exchange_id}/emails");
        self.get_list(&path, &[], &format!("exchange {exchange_id}")).await
    }

    /// 12. Lists meetings in a date range.
    pub async fn list_meetings(&self, query: &MeetingQuery) -> Result<Listed<Meeting>, ApiError> {
        let mut params = Vec::new();
        if let Some(date) = query.start_date {
            params.push(("start_date", date.format("%Y-%m-%d").to_string()));
        }
        if let Some(date) = query.end_date {
            params.push(("end_date", date.format("%Y-%m-%d").to_string()));
        }
        self.get_list("/api/v1/meetings", &params, "the meeting list").await
    }

    /// 13. Starts a campaign (PENDING → ACTIVE).
    pub async fn start_campaign(&self, campaign_id: i64) -> Result<ServerMessage, ApiError> {
        let path = format!("/api/v1/campaigns/{campaign_id}/start");
        self.send::<(), RawBody>(Method::PUT, &path, &[], None, &format!("campaign {campaign_id}"))
            .await
            .map(|(status, body)| ServerMessage::from_body(status, &body))
    }

    // ---- chunked DNC writes, for lists larger than one request may carry ----

    /// Adds any number of domains in requests of [`MAX_DNC_BATCH`], reporting progress
    /// (items sent so far, total) after each. Stops at the first failure.
    pub async fn add_dnc_domains_chunked(
        &self,
        domains: &[String],
        progress: impl FnMut(usize, usize),
    ) -> Result<Vec<ServerMessage>, ApiError> {
        in_chunks(domains, |chunk| self.add_dnc_domains(chunk), progress).await
    }

    /// Adds any number of e-mail addresses in requests of [`MAX_DNC_BATCH`].
    pub async fn add_dnc_emails_chunked(
        &self,
        emails: &[String],
        progress: impl FnMut(usize, usize),
    ) -> Result<Vec<ServerMessage>, ApiError> {
        in_chunks(emails, |chunk| self.add_dnc_emails(chunk), progress).await
    }

    // ---- plumbing ----

    async fn get_list<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, String)],
        what: &str,
    ) -> Result<Listed<T>, ApiError> {
        // Decoded as it arrives: the body is never held whole (DESIGN §8 memory budget).
        let (_, listed) =
            self.send::<(), ListBody<T>>(Method::GET, path, query, None, what).await?;
        Ok(listed)
    }

    async fn send_json<T: DeserializeOwned, B: Serialize>(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&B>,
        what: &str,
    ) -> Result<T, ApiError> {
        let (_, bytes) = self.send::<B, RawBody>(method, path, query, body, what).await?;
        serde_json::from_slice(&bytes).map_err(|error| ApiError::Decode {
            reason: error.to_string(),
            body_start: body_start(&bytes),
        })
    }

    async fn send_for_message<B: Serialize>(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&B>,
    ) -> Result<ServerMessage, ApiError> {
        let (status, bytes) =
            self.send::<B, RawBody>(method, path, query, body, "the organisation").await?;
        Ok(ServerMessage::from_body(status, &bytes))
    }

    /// Sends one request and reads a successful answer with `R`; GETs are retried on
    /// transient failures, writes never.
    async fn send<B: Serialize, R: BodyReader>(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&B>,
        what: &str,
    ) -> Result<(StatusCode, R::Output), ApiError> {
        let mut url = self.inner.base.clone();
        url.set_path(&format!("{}{}", self.inner.base.path().trim_end_matches('/'), path));
        if !query.is_empty() {
            url.query_pairs_mut().extend_pairs(query.iter().map(|(k, v)| (*k, v.as_str())));
        }
        let retries = if method == Method::GET { self.inner.retry.max_retries } else { 0 };
        let mut attempt = 0;
        loop {
            let started = Instant::now();
            let result = self.attempt::<B, R>(method.clone(), url.clone(), body, what).await;
            tracing::debug!(
                method = %method,
                path,
                attempt,
                elapsed_ms = started.elapsed().as_millis() as u64,
                ok = result.is_ok(),
                "api request"
            );
            match result {
                Err(error) if attempt < retries && error.is_transient() => {
                    let wait = self.inner.retry.wait(attempt, error.retry_after());
                    tracing::info!(%error, wait_ms = wait.as_millis() as u64, "retrying GET");
                    tokio::time::sleep(wait).await;
                    attempt += 1;
                }
                other => return other,
            }
        }
    }

    async fn attempt<B: Serialize, R: BodyReader>(
        &self,
        method: Method,
        url: Url,
        body: Option<&B>,
        what: &str,
    ) -> Result<(StatusCode, R::Output), ApiError> {
        let mut request = self.inner.http.request(method, url.clone());
        if let Some(body) = body {
            request = request.json(body);
        }
        let shown_url = without_query(&url);
        let mut response = request.send().await.map_err(|e| transport_error(e, &shown_url))?;
        let status = response.status();
        let retry_wait = retry_after(response.headers());
        let location = response
            .headers()
            .get("location")
            .and_then(|value| value.to_str().ok())
            .unwrap_or("another address")
            .to_string();
        if status.is_success() {
            return Ok((status, read_body::<R>(&mut response, &shown_url).await?));
        }
        let bytes = read_body::<RawBody>(&mut response, &shown_url).await?;
        Err(status_error(status, &bytes, retry_wait, location, what))
    }
}

/// Sends `items` in requests of [`MAX_DNC_BATCH`], one after the other, so a failure
/// leaves a clear line between what was sent and what was not.
async fn in_chunks<'a, Send, Reply>(
    items: &'a [String],
    mut send: Send,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<ServerMessage>, ApiError>
where
    Send: FnMut(&'a [String]) -> Reply,
    Reply: std::future::Future<Output = Result<ServerMessage, ApiError>>,
{
    let mut replies = Vec::new();
    let mut sent = 0;
    for chunk in items.chunks(MAX_DNC_BATCH) {
        replies.push(send(chunk).await?);
        sent += chunk.len();
        progress(sent, items.len());
    }
    Ok(replies)
}

/// Reads a body chunk by chunk into `R`, refusing one larger than [`MAX_BODY_BYTES`].
async fn read_body<R: BodyReader>(
    response: &mut reqwest::Response,
    url: &str,
) -> Result<R::Output, ApiError> {
    let mut reader = R::announced(response.content_length());
    let mut total = 0;
    while let Some(chunk) = response.chunk().await.map_err(|e| transport_error(e, url))? {
        total += chunk.len();
        if total > MAX_BODY_BYTES {
            return Err(ApiError::Decode {
                reason: format!("the answer is larger than {} MiB", MAX_BODY_BYTES >> 20),
                body_start: body_start(reader.head()),
            });
        }
        reader.chunk(&chunk)?;
    }
    reader.finish()
}

fn without_query(url: &Url) -> String {
    let mut shown = url.clone();
    shown.set_query(None);
    shown.to_string()
}

fn transport_error(error: reqwest::Error, url: &str) -> ApiError {
    if error.is_timeout() {
        return ApiError::Timeout { url: url.to_string() };
    }
    // The innermost cause says what really happened ("Connection refused").
    let mut reason = error.to_string();
    let mut source = std::error::Error::source(&error);
    while let Some(cause) = source {
        reason = cause.to_string();
        source = cause.source();
    }
    ApiError::Network { url: url.to_string(), reason }
}

/// The `detail` text of an error body, or the body's start when it has none.
fn detail_text(body: &[u8]) -> Option<String> {
    match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(serde_json::Value::Object(map)) => match map.get("detail") {
            Some(serde_json::Value::String(text)) => Some(text.clone()),
            Some(other) => Some(other.to_string()),
            None => map.get("message").and_then(|m| m.as_str()).map(str::to_string),
        },
        _ if body.is_empty() => None,
        _ => Some(body_start(body)),
    }
}

fn status_error(
    status: StatusCode,
    body: &[u8],
    retry_wait: Option<Duration>,
    location: String,
    what: &str,
) -> ApiError {
    match status.as_u16() {
        300..=399 => ApiError::Redirect { location },
        400 => ApiError::BadRequest {
            detail: detail_text(body).unwrap_or_else(|| "no reason given".into()),
        },
        401 => ApiError::Unauthorized { detail: detail_text(body) },
        403 => ApiError::Forbidden { detail: detail_text(body) },
        404 => ApiError::NotFound { what: what.to_string(), detail: detail_text(body) },
        422 => match serde_json::from_slice::<ValidationErrorBody>(body) {
            Ok(parsed) => ApiError::Validation(field_errors(&parsed)),
            Err(_) => ApiError::BadRequest {
                detail: detail_text(body).unwrap_or_else(|| "the request did not validate".into()),
            },
        },
        429 => ApiError::RateLimited { retry_after: retry_wait },
        502..=504 => ApiError::Unavailable { status: status.as_u16(), retry_after: retry_wait },
        500..=599 => ApiError::Server { status: status.as_u16(), body_start: body_start(body) },
        other => ApiError::Unexpected { status: other, body_start: body_start(body) },
    }
}
