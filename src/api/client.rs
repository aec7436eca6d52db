//! `Client`: one async method per endpoint of the API (13), with timeouts (connect, first
//! byte, idle gap in a body), no redirects, the key header marked sensitive, and retries for
//! GET only ([`RetryPolicy`]).

use super::as_sent::Sent;
use super::body::{AnyBody, BodyReader, ContactListBody, ListBody, MAX_BODY_BYTES, RawBody};
use super::contact_check::ContactCheck;
use super::endpoints::*;
use super::enums::CampaignStatus;
use super::error::{ApiError, body_start};
use super::key::ApiKey;
use super::listed::Listed;
use super::models::{
    BaseItem, Bot, Campaign, Contact, ContactUpload, DncEmails, DomainList, EmailMessage, Exchange,
    Meeting, SubmitConversion,
};
use super::outcomes::{AddContactOutcome, ConversionOutcome, ServerMessage, is_duplicate_contact};
use super::query::{ExchangeQuery, MeetingQuery};
use super::retry::{RetryPolicy, retry_after};
use super::status::{Stage, status_error, transport_error, without_query};
use super::url::check_base_url;
use super::writes::{Write, WriteEvent, WriteObserver, WriteTarget, status_of};
use bytes::Bytes;
use reqwest::header::{CONTENT_TYPE, HeaderMap, HeaderValue};
use reqwest::{Method, StatusCode, Url};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The content type of every body sent, as reqwest's `json()` set it.
const JSON: HeaderValue = HeaderValue::from_static("application/json");

/// A list being read as it arrives, as [`Client::stream_list`] reads it whatever its kind:
/// the chunks go in, what they completed goes out.
trait Streaming {
    fn chunk(&mut self, bytes: &[u8]) -> Result<(), ApiError>;
    /// The first bytes read, for an error message.
    fn head(&self) -> &[u8];
    /// Hands over what the chunks so far completed; false stops the reading.
    fn hand_over(&mut self) -> bool;
}

/// A list body of `T` and what takes its elements as they come.
struct Streamed<'h, T, H: ?Sized> {
    body: ListBody<T>,
    hand_over: &'h mut H,
}

impl<T, H> Streaming for Streamed<'_, T, H>
where
    T: DeserializeOwned,
    H: FnMut(&mut ListBody<T>) -> bool + ?Sized,
{
    fn chunk(&mut self, bytes: &[u8]) -> Result<(), ApiError> {
        self.body.chunk(bytes)
    }

    fn head(&self) -> &[u8] {
        BodyReader::head(&self.body)
    }

    fn hand_over(&mut self) -> bool {
        (self.hand_over)(&mut self.body)
    }
}

/// The most items one DNC request may carry (the spec's bound for domains).
pub const MAX_DNC_BATCH: usize = 10_000;

/// How the client connects; the defaults suit both the TUI and the CLI.
#[derive(Debug, Clone)]
pub struct ClientOptions {
    /// Allow `http://` to a host that is not loopback (the key then travels in clear).
    pub allow_http: bool,
    /// How long a connection may take to be accepted.
    pub connect_timeout: Duration,
    /// How long the server may keep silent: before the answer begins, and between two
    /// pieces of a body (so a large list that keeps arriving is never cut off).
    /// `[net] timeout_seconds` in the config file.
    pub timeout: Duration,
    pub retry: RetryPolicy,
    /// Told about every write request, success or failure (the audit log).
    pub on_write: Option<WriteObserver>,
}

/// The default of `[net] timeout_seconds`.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(20);

impl Default for ClientOptions {
    fn default() -> Self {
        ClientOptions {
            allow_http: false,
            connect_timeout: Duration::from_secs(5),
            timeout: DEFAULT_TIMEOUT,
            retry: RetryPolicy::default(),
            on_write: None,
        }
    }
}

struct Inner {
    http: reqwest::Client,
    base: Url,
    retry: RetryPolicy,
    connect_timeout: Duration,
    timeout: Duration,
    on_write: Option<WriteObserver>,
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
        let builder = reqwest::Client::builder()
            .default_headers(headers)
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(options.connect_timeout)
            .read_timeout(options.timeout)
            .user_agent(concat!("outreach/", env!("CARGO_PKG_VERSION")));
        // Every request goes to the base URL and no redirect is followed, so a plain-http
        // base (the simulator, a server on this machine) never opens a TLS connection: the
        // system's certificates are not read for it (parsing them was a millisecond of
        // every command's start-up).
        let builder =
            if base.scheme() == "http" { builder.tls_certs_only(Vec::new()) } else { builder };
        let http = builder.build().map_err(|error| ApiError::InvalidUrl {
            url: base.to_string(),
            reason: error.to_string(),
        })?;
        let inner = Inner {
            http,
            base,
            retry: options.retry,
            connect_timeout: options.connect_timeout,
            timeout: options.timeout,
            on_write: options.on_write,
        };
        Ok(Client { inner: Arc::new(inner) })
    }

    /// The base URL every path is appended to.
    pub fn base_url(&self) -> &Url {
        &self.inner.base
    }

    // ---- the 13 endpoints, numbered as in the spec ----

    /// 1. Queues domains for the DNC list (one request, at most [`MAX_DNC_BATCH`]).
    pub async fn add_dnc_domains(&self, domains: &[String]) -> Result<ServerMessage, ApiError> {
        let body = DomainList { domains: domains.to_vec() };
        let target = WriteTarget { domain_count: Some(domains.len()), ..WriteTarget::default() };
        let write = Write::new(&ADD_DNC_DOMAINS, target);
        self.send_for_message(&[], &body, write).await
    }

    /// 2. Logs a conversion about a contact.
    pub async fn log_conversion(
        &self,
        conversion: &SubmitConversion,
    ) -> Result<ConversionOutcome, ApiError> {
        let write = Write::new(&LOG_CONVERSION, addressed(&conversion.email));
        let reply = self.send_for_message(&[], conversion, write).await?;
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
        self.upload_and_start_from(campaign_id, contact, bot_id, start_immediately, None).await
    }

    /// 3, into a campaign whose status the caller read as `was`: a PENDING one becomes
    /// ACTIVE, and the write's report (the audit log) says so.
    pub async fn upload_and_start_from(
        &self,
        campaign_id: i64,
        contact: &ContactUpload,
        bot_id: Option<i64>,
        start_immediately: bool,
        was: Option<CampaignStatus>,
    ) -> Result<BaseItem, ApiError> {
        let flag = ("start_immediately", start_immediately);
        let mut write = upload_write(&UPLOAD_AND_START, campaign_id, contact, bot_id);
        write.target.campaign_was = was;
        self.upload(campaign_id, contact, write, flag).await
    }

    /// 4. Uploads a contact into a campaign.
    pub async fn upload_contact(
        &self,
        campaign_id: i64,
        contact: &ContactUpload,
        bot_id: Option<i64>,
        notify: bool,
    ) -> Result<BaseItem, ApiError> {
        let write = upload_write(&UPLOAD_CONTACT, campaign_id, contact, bot_id);
        self.upload(campaign_id, contact, write, ("notify", notify)).await
    }

    /// 5. Adds a contact to the organisation.
    pub async fn add_contact(
        &self,
        contact: &ContactUpload,
    ) -> Result<AddContactOutcome, ApiError> {
        let write = Write::new(&ADD_CONTACT, addressed(&contact.email));
        let path = ADD_CONTACT.path;
        match self.send_json::<BaseItem, _>(path, &[], contact, "contact", write).await {
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
        let target = WriteTarget { addresses: emails.to_vec(), ..WriteTarget::default() };
        let write = Write::new(&ADD_DNC_EMAILS, target);
        self.send_for_message(&[], &body, write).await
    }

    /// 7. Lists the organisation's campaigns.
    pub async fn list_campaigns(&self) -> Result<Listed<Campaign>, ApiError> {
        self.get_list(LIST_CAMPAIGNS.path, &[], "the campaign list").await
    }

    /// 8. Lists the organisation's bots.
    pub async fn list_bots(&self) -> Result<Listed<Bot>, ApiError> {
        self.get_list(LIST_BOTS.path, &[], "the organisation").await
    }

    /// 9. Lists exchanges of a group, optionally of one campaign and a date range.
    pub async fn list_exchanges(
        &self,
        query: &ExchangeQuery,
    ) -> Result<Listed<Exchange>, ApiError> {
        self.get_list(LIST_EXCHANGES.path, &query.params(), "the campaign").await
    }

    /// 10. Lists the organisation's contacts.
    pub async fn list_contacts(&self) -> Result<Listed<Contact>, ApiError> {
        let (path, what) = (LIST_CONTACTS.path, "the contact list");
        let (_, listed) =
            self.send::<ContactListBody>(Method::GET, path, &[], None, what, None).await?;
        Ok(listed)
    }

    /// 10, streamed: each contact goes to `sink` as soon as its last byte is in, so the
    /// list is never held. `sink` returning `false` stops the reading (its reader went
    /// away). Returns how many elements could not be read and were left out.
    pub async fn stream_contacts(
        &self,
        mut sink: impl FnMut(&Contact) -> bool,
    ) -> Result<usize, ApiError> {
        let body = ContactListBody::streamed();
        let mut hand_over =
            |body: &mut ListBody<Contact>| body.drain().all(|contact| sink(&contact));
        let what = "the contact list";
        let mut streamed = Streamed { body, hand_over: &mut hand_over };
        // Not erased: a dashboard's sink goes to another thread, the CLI's does not.
        if !self.stream_list(LIST_CONTACTS.path, &[], what, &mut streamed).await? {
            return Ok(streamed.body.skipped());
        }
        // Whatever only the end of the body completed (nothing, for a list that ends well:
        // see `ListDecoder::drain_sent`).
        let rest = streamed.body.finish()?;
        rest.items.iter().all(sink);
        Ok(rest.skipped)
    }

    /// 10, streamed as the server sent it: each contact's own JSON text, checked to read as
    /// a [`Contact`] without building one ([`ContactCheck`]), so passing the list on costs
    /// little more than its transfer. `sink` is given the texts of each chunk's contacts at
    /// once ([`Sent`]). Otherwise as [`Client::stream_contacts`].
    pub async fn stream_contacts_as_sent(
        &self,
        mut sink: impl FnMut(Sent<'_>) -> bool,
    ) -> Result<usize, ApiError> {
        let body = ListBody::keeping_text().reading_quickly(ContactCheck::scanned);
        self.stream_body_as_sent(LIST_CONTACTS.path, &[], "the contact list", body, &mut sink).await
    }

    /// 7, streamed as the server sent it: each campaign's own JSON text, every field kept
    /// and timestamps as written, for the elements that read as a [`Campaign`] (the others
    /// are counted as left out, as a table leaves them out). Otherwise as
    /// [`Client::stream_contacts_as_sent`].
    pub async fn campaigns_as_sent(
        &self,
        mut sink: impl FnMut(Sent<'_>) -> bool,
    ) -> Result<usize, ApiError> {
        self.stream_as_sent::<Campaign>(LIST_CAMPAIGNS.path, &[], "the campaign list", &mut sink)
            .await
    }

    /// 8, streamed as the server sent it (see [`Client::campaigns_as_sent`]).
    pub async fn bots_as_sent(
        &self,
        mut sink: impl FnMut(Sent<'_>) -> bool,
    ) -> Result<usize, ApiError> {
        self.stream_as_sent::<Bot>(LIST_BOTS.path, &[], "the organisation", &mut sink).await
    }

    /// 9, streamed as the server sent it (see [`Client::campaigns_as_sent`]).
    pub async fn exchanges_as_sent(
        &self,
        query: &ExchangeQuery,
        mut sink: impl FnMut(Sent<'_>) -> bool,
    ) -> Result<usize, ApiError> {
        let path = LIST_EXCHANGES.path;
        self.stream_as_sent::<Exchange>(path, &query.params(), "the campaign", &mut sink).await
    }

    /// 11, streamed as the server sent it (see [`Client::campaigns_as_sent`]).
    pub async fn email_chain_as_sent(
        &self,
        exchange_id: i64,
        mut sink: impl FnMut(Sent<'_>) -> bool,
    ) -> Result<usize, ApiError> {
        let path = EMAIL_CHAIN.path_with(exchange_id);
        let what = format!("exchange {exchange_id}");
        self.stream_as_sent::<EmailMessage>(&path, &[], &what, &mut sink).await
    }

    /// 12, streamed as the server sent it (see [`Client::campaigns_as_sent`]).
    pub async fn meetings_as_sent(
        &self,
        query: &MeetingQuery,
        mut sink: impl FnMut(Sent<'_>) -> bool,
    ) -> Result<usize, ApiError> {
        let path = LIST_MEETINGS.path;
        self.stream_as_sent::<Meeting>(path, &query.params(), "the meeting list", &mut sink).await
    }

    /// 11. The e-mail chain of one exchange.
    pub async fn email_chain(&self, exchange_id: i64) -> Result<Listed<EmailMessage>, ApiError> {
        let path = EMAIL_CHAIN.path_with(exchange_id);
        self.get_list(&path, &[], &format!("exchange {exchange_id}")).await
    }

    /// 12. Lists meetings in a date range.
    pub async fn list_meetings(&self, query: &MeetingQuery) -> Result<Listed<Meeting>, ApiError> {
        self.get_list(LIST_MEETINGS.path, &query.params(), "the meeting list").await
    }

    /// 13. Starts a campaign (PENDING → ACTIVE).
    pub async fn start_campaign(&self, campaign_id: i64) -> Result<ServerMessage, ApiError> {
        let path = START_CAMPAIGN.path_with(campaign_id);
        let target = WriteTarget { campaign_id: Some(campaign_id), ..WriteTarget::default() };
        let write = Write::new(&START_CAMPAIGN, target);
        let what = format!("campaign {campaign_id}");
        self.send::<RawBody>(START_CAMPAIGN.method(), &path, &[], None, &what, Some(&write))
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

    /// Endpoints 3 and 4 (the write's endpoint): the same upload, told apart by their flag
    /// (`start_immediately` or `notify`).
    async fn upload(
        &self,
        campaign_id: i64,
        contact: &ContactUpload,
        write: Write,
        (flag, value): (&'static str, bool),
    ) -> Result<BaseItem, ApiError> {
        let path = write.endpoint.path_with(campaign_id);
        let mut query = vec![(flag, value.to_string())];
        if let Some(bot) = write.target.bot_id {
            query.push(("bot_id", bot.to_string()));
        }
        self.send_json(&path, &query, contact, "campaign", write).await
    }

    async fn get_list<T: DeserializeOwned + Send + Sync + 'static>(
        &self,
        path: &str,
        query: &[(&str, String)],
        what: &str,
    ) -> Result<Listed<T>, ApiError> {
        // Decoded as it arrives: the body is never held whole (100k contacts are 23 MB).
        let (_, listed) =
            self.send::<ListBody<T>>(Method::GET, path, query, None, what, None).await?;
        Ok(listed)
    }

    /// A list handed to `sink` element by element as the server sent it, each checked to
    /// read as a `T`; returns how many could not be read and were left out.
    async fn stream_as_sent<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, String)],
        what: &str,
        sink: &mut dyn FnMut(Sent<'_>) -> bool,
    ) -> Result<usize, ApiError> {
        self.stream_body_as_sent(path, query, what, ListBody::<T>::keeping_text(), sink).await
    }

    /// [`Client::stream_as_sent`] into `body`, a body that keeps the text
    /// ([`ListBody::keeping_text`]), maybe with a quick reader.
    async fn stream_body_as_sent<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, String)],
        what: &str,
        body: ListBody<T>,
        sink: &mut dyn FnMut(Sent<'_>) -> bool,
    ) -> Result<usize, ApiError> {
        // Behind a pointer: one reading of a kind of list for every sink it goes to, and one
        // call through it for each chunk's elements, not for each element.
        let mut hand_over = |body: &mut ListBody<T>| sink(body.drain_sent());
        let mut streamed = Streamed { body, hand_over: &mut hand_over };
        let erased: &mut dyn Streaming = &mut streamed;
        if !self.stream_list(path, query, what, erased).await? {
            return Ok(streamed.body.skipped());
        }
        Ok(streamed.body.finish()?.skipped)
    }

    /// A list read into `body` as it arrives, handing over what each chunk completed (see
    /// [`Client::stream_contacts`]) until that says stop; true when the body ended, false when
    /// it was stopped. Retried like any GET until the answer begins, never after: elements
    /// already handed on would come twice. Lists passed on as sent give a `dyn` for `S`: one
    /// copy of the reading for every kind.
    async fn stream_list<S: Streaming + ?Sized>(
        &self,
        path: &str,
        query: &[(&str, String)],
        what: &str,
        body: &mut S,
    ) -> Result<bool, ApiError> {
        let url = self.url(path, query);
        let mut response = self.respond_retried(path, &url, what).await?;
        let broken = |error| self.transport_error(error, &url, Stage::Body);
        let mut total = 0;
        while let Some(chunk) = next_chunk(&mut response, &mut total, body.head(), &broken).await? {
            body.chunk(&chunk)?;
            if !body.hand_over() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    async fn send_json<T: DeserializeOwned, B: Serialize>(
        &self,
        path: &str,
        query: &[(&str, String)],
        body: &B,
        what: &str,
        write: Write,
    ) -> Result<T, ApiError> {
        let method = write.endpoint.method();
        let body = self.json_body(path, body)?;
        let (_, bytes) =
            self.send::<RawBody>(method, path, query, Some(body), what, Some(&write)).await?;
        serde_json::from_slice(&bytes).map_err(|error| ApiError::Decode {
            reason: error.to_string(),
            body_start: body_start(&bytes),
        })
    }

    /// A write to a path without parameters, answered with a message.
    async fn send_for_message<B: Serialize>(
        &self,
        query: &[(&str, String)],
        body: &B,
        write: Write,
    ) -> Result<ServerMessage, ApiError> {
        let what = "the organisation";
        let (method, path) = (write.endpoint.method(), write.endpoint.path);
        let body = self.json_body(path, body)?;
        let (status, bytes) =
            self.send::<RawBody>(method, path, query, Some(body), what, Some(&write)).await?;
        Ok(ServerMessage::from_body(status, &bytes))
    }

    /// Sends one request and reads a successful answer with `R`; GETs are retried on
    /// transient failures, writes never. A `write` is reported to the write observer.
    async fn send<R>(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<Bytes>,
        what: &str,
        write: Option<&Write>,
    ) -> Result<(StatusCode, R::Output), ApiError>
    where
        R: BodyReader + Send + 'static,
        R::Output: Send + 'static,
    {
        let reader = |length| Box::new(R::announced(length)) as Box<dyn AnyBody>;
        let (status, output) =
            self.send_any(Request { method, path, query, body, what }, write, &reader).await?;
        match output.downcast::<R::Output>() {
            Ok(output) => Ok((status, *output)),
            Err(_) => Err(ApiError::Decode {
                reason: "the answer was not read as the kind asked for".into(),
                body_start: String::new(),
            }),
        }
    }

    /// [`Client::send`] with the answer's kind erased, behind a pointer: one copy of the
    /// retries, the reading of the body and the write's report serves every endpoint,
    /// where each kind of answer (six lists at 11.6 KiB apiece) carried its own.
    fn send_any<'a>(
        &'a self,
        request: Request<'a>,
        write: Option<&'a Write>,
        reader: &'a (dyn Fn(Option<u64>) -> Box<dyn AnyBody> + Sync),
    ) -> Sending<'a> {
        Box::pin(async move {
            let Request { method, path, query, body, what } = request;
            let url = self.url(path, query);
            let result = self
                .retried(&method, path, || {
                    self.attempt(method.clone(), url.clone(), body.clone(), what, reader)
                })
                .await;
            if let (Some(write), Some(observer)) = (write, &self.inner.on_write) {
                let (status, error) = match &result {
                    Ok((status, _)) => (Some(status.as_u16()), None),
                    Err(error) => (status_of(error), Some(error)),
                };
                observer.tell(&WriteEvent {
                    endpoint: write.endpoint,
                    target: &write.target,
                    status,
                    error,
                });
            }
            result
        })
    }

    /// `body` as the JSON a write sends. It cannot fail for the API's models; were it to,
    /// it is the error reqwest's own `json()` gave: a request that could not be built,
    /// nothing sent.
    fn json_body(&self, path: &str, body: &impl Serialize) -> Result<Bytes, ApiError> {
        serde_json::to_vec(body).map(Bytes::from).map_err(|error| ApiError::Network {
            url: without_query(&self.url(path, &[])),
            reason: error.to_string(),
        })
    }

    /// The base URL with `path` appended and `query` added.
    fn url(&self, path: &str, query: &[(&str, String)]) -> Url {
        let mut url = self.inner.base.clone();
        url.set_path(&format!("{}{}", self.inner.base.path().trim_end_matches('/'), path));
        if !query.is_empty() {
            url.query_pairs_mut().extend_pairs(query.iter().map(|(k, v)| (*k, v.as_str())));
        }
        url
    }

    /// Runs `attempt` under the retry policy of `method` (GETs only), logging each try.
    async fn retried<T, F, Fut>(
        &self,
        method: &Method,
        path: &str,
        mut attempt: F,
    ) -> Result<T, ApiError>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<T, ApiError>>,
    {
        // A write is sent once: whether a failed one was applied cannot be known.
        let none = RetryPolicy::none();
        let policy = if *method == Method::GET { &self.inner.retry } else { &none };
        let mut number = 0;
        policy
            .run(
                || {
                    number += 1;
                    let (method, attempt_number) = (method.clone(), number);
                    let started = Instant::now();
                    let result = attempt();
                    async move {
                        let result = result.await;
                        tracing::debug!(
                            method = %method,
                            path,
                            attempt = attempt_number,
                            elapsed_ms = started.elapsed().as_millis() as u64,
                            ok = result.is_ok(),
                            "api request"
                        );
                        result
                    }
                },
                ApiError::is_transient,
            )
            .await
    }

    /// One try: the request sent and its body read into a reader `reader` makes.
    async fn attempt(
        &self,
        method: Method,
        url: Url,
        body: Option<Bytes>,
        what: &str,
        reader: &(dyn Fn(Option<u64>) -> Box<dyn AnyBody> + Sync),
    ) -> Result<(StatusCode, Box<dyn Any + Send>), ApiError> {
        let mut response = self.respond(method, url.clone(), body, what).await?;
        let broken = |error| self.transport_error(error, &url, Stage::Body);
        let mut reader = reader(response.content_length());
        let mut total = 0;
        while let Some(chunk) =
            next_chunk(&mut response, &mut total, reader.any_head(), &broken).await?
        {
            reader.any_chunk(&chunk)?;
        }
        Ok((response.status(), reader.any_finish()?))
    }

    /// A GET sent under the retry policy until its answer begins: behind a pointer, one
    /// copy for every list that streams.
    fn respond_retried<'a>(
        &'a self,
        path: &'a str,
        url: &'a Url,
        what: &'a str,
    ) -> Pin<Box<dyn Future<Output = Result<reqwest::Response, ApiError>> + Send + 'a>> {
        Box::pin(async move {
            let method = Method::GET;
            self.retried(&method, path, || self.respond(method.clone(), url.clone(), None, what))
                .await
        })
    }

    /// Sends one request: a successful answer with its body still to read, or the error
    /// its status (and body) make. Boxed, and the body already JSON: one copy of sending
    /// (reqwest's and hyper's futures, the error's reading) serves every endpoint, where
    /// each endpoint's future (11–19 KiB of the binary apiece) inlined a copy of its own;
    /// a request is far slower than the allocation.
    fn respond<'a>(
        &'a self,
        method: Method,
        url: Url,
        body: Option<Bytes>,
        what: &'a str,
    ) -> Pin<Box<dyn Future<Output = Result<reqwest::Response, ApiError>> + Send + 'a>> {
        Box::pin(self.respond_unboxed(method, url, body, what))
    }

    async fn respond_unboxed(
        &self,
        method: Method,
        url: Url,
        body: Option<Bytes>,
        what: &str,
    ) -> Result<reqwest::Response, ApiError> {
        let mut request = self.inner.http.request(method, url.clone());
        if let Some(body) = body {
            request = request.header(CONTENT_TYPE, JSON).body(body);
        }
        let mut response = request
            .send()
            .await
            .map_err(|error| self.transport_error(error, &url, Stage::Request))?;
        let status = response.status();
        if status.is_success() {
            return Ok(response);
        }
        let retry_wait = retry_after(response.headers());
        let location = response
            .headers()
            .get("location")
            .and_then(|value| value.to_str().ok())
            .unwrap_or("another address")
            .to_string();
        let broken = |error| self.transport_error(error, &url, Stage::Body);
        let bytes = read_body::<RawBody>(&mut response, broken).await?;
        Err(status_error(status, &bytes, retry_wait, location, what))
    }

    fn transport_error(&self, error: reqwest::Error, url: &Url, stage: Stage) -> ApiError {
        let waited =
            if error.is_connect() { self.inner.connect_timeout } else { self.inner.timeout };
        transport_error(error, url, stage, waited)
    }
}

/// A request under way whose answer's kind is erased ([`Client::send_any`]).
type Sending<'a> =
    Pin<Box<dyn Future<Output = Result<(StatusCode, Box<dyn Any + Send>), ApiError>> + Send + 'a>>;

/// One request to send: what [`Client::send_any`] takes.
struct Request<'a> {
    method: Method,
    path: &'a str,
    query: &'a [(&'a str, String)],
    body: Option<Bytes>,
    what: &'a str,
}

/// A write naming one address.
fn addressed(email: &str) -> WriteTarget {
    WriteTarget { addresses: vec![email.to_string()], ..WriteTarget::default() }
}

/// Endpoints 3 and 4 name the campaign, the contact and the bot chosen, if any.
fn upload_write(
    endpoint: &'static Endpoint,
    campaign_id: i64,
    contact: &ContactUpload,
    bot_id: Option<i64>,
) -> Write {
    let target = WriteTarget {
        campaign_id: Some(campaign_id),
        bot_id,
        addresses: vec![contact.email.clone()],
        ..WriteTarget::default()
    };
    Write::new(endpoint, target)
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
    broken: impl Fn(reqwest::Error) -> ApiError,
) -> Result<R::Output, ApiError> {
    let mut reader = R::announced(response.content_length());
    let mut total = 0;
    while let Some(chunk) =
        next_chunk(response, &mut total, BodyReader::head(&reader), &broken).await?
    {
        reader.chunk(&chunk)?;
    }
    reader.finish()
}

/// The next piece of a body, counted into `total`; past [`MAX_BODY_BYTES`] an error
/// quoting the start `reader` has kept.
async fn next_chunk(
    response: &mut reqwest::Response,
    total: &mut usize,
    head: &[u8],
    broken: impl Fn(reqwest::Error) -> ApiError,
) -> Result<Option<bytes::Bytes>, ApiError> {
    let Some(chunk) = response.chunk().await.map_err(broken)? else { return Ok(None) };
    *total += chunk.len();
    if *total > MAX_BODY_BYTES {
        return Err(ApiError::Decode {
            reason: format!("the answer is larger than {} MiB", MAX_BODY_BYTES >> 20),
            body_start: body_start(head),
        });
    }
    Ok(Some(chunk))
}
