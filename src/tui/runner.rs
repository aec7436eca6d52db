//! Runs the effects `update` asks for: connecting, and API reads and writes as spawned tasks
//! that send their result back as an action, tagged with the request's id.

use super::action::{Action, Effect, Fetched, ReqId, Request, Slot};
use super::connect::{Connected, Launch, connect, login};
use super::write::{self, Write};
use crate::api::{ApiError, Client};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc::UnboundedSender;

/// What a connection leaves behind for the fetches: the client, and whatever must live as
/// long as the dashboard (the demo's simulator).
#[derive(Default)]
struct Link {
    client: Option<Client>,
    _keep_alive: Option<Box<dyn std::any::Any + Send>>,
}

pub struct Runner {
    tx: UnboundedSender<Action>,
    launch: Launch,
    link: Arc<Mutex<Link>>,
}

impl Runner {
    pub fn new(tx: UnboundedSender<Action>, launch: Launch) -> Runner {
        Runner { tx, launch, link: Arc::default() }
    }

    /// Starts an effect; `true` when it is the end of the program.
    pub fn run(&mut self, effect: Effect) -> bool {
        match effect {
            Effect::Quit => return true,
            Effect::Connect => self.connect(),
            Effect::Fetch { req_id, slot, request } => self.fetch(req_id, slot, request),
            Effect::Submit { req_id, write } => self.submit(req_id, write),
            Effect::Login(attempt) => {
                let tx = self.tx.clone();
                let launch = self.launch.clone();
                tokio::spawn(async move {
                    let _ = tx.send(Action::LoggedIn(login(&launch, attempt).await));
                });
            }
        }
        false
    }

    fn connect(&self) {
        let tx = self.tx.clone();
        let launch = self.launch.clone();
        let link = Arc::clone(&self.link);
        tokio::spawn(async move {
            let result = connect(&launch).await.map(|Connected { info, client, keep_alive }| {
                if let Ok(mut link) = link.lock() {
                    *link = Link { client: Some(client), _keep_alive: keep_alive };
                }
                info
            });
            let _ = tx.send(Action::Connected(result));
        });
    }

    fn client(&self) -> Option<Client> {
        self.link.lock().ok().and_then(|link| link.client.clone())
    }

    /// Sends a write; a chunked one reports its progress on the way.
    fn submit(&self, req_id: ReqId, write: Write) {
        let client = self.client();
        let tx = self.tx.clone();
        tokio::spawn(async move {
            let progress = |sent, total| {
                let _ = tx.send(Action::WriteProgress { req_id, sent, total });
            };
            let result = match client {
                Some(client) => write::perform(&client, write, progress).await,
                None => Err(not_connected()),
            };
            let _ = tx.send(Action::Written { req_id, result });
        });
    }

    fn fetch(&self, req_id: ReqId, slot: Slot, request: Request) {
        let client = self.client();
        let tx = self.tx.clone();
        tokio::spawn(async move {
            let result = match client {
                Some(client) => perform(&client, request).await,
                None => Err(not_connected()),
            };
            let _ = tx.send(Action::Loaded { req_id, slot, result });
        });
    }
}

fn not_connected() -> ApiError {
    ApiError::Network { url: String::new(), reason: "not connected yet".into() }
}

/// Performs a read with the real client.
pub async fn perform(client: &Client, request: Request) -> Result<Fetched, ApiError> {
    Ok(match request {
        Request::Campaigns => Fetched::Campaigns(client.list_campaigns().await?),
        Request::Bots => Fetched::Bots(client.list_bots().await?),
        Request::Exchanges(query) => Fetched::Exchanges(client.list_exchanges(&query).await?),
        Request::Contacts => Fetched::Contacts(client.list_contacts().await?),
        Request::Meetings(query) => Fetched::Meetings(client.list_meetings(&query).await?),
        Request::Chain { exchange_id } => Fetched::Chain(client.email_chain(exchange_id).await?),
    })
}
