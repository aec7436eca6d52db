//! The reply inbox is one list whichever face shows it: `outreach replies -o json` and the
//! dashboard's Exchanges pane count the same replies on the same data. On the simulator,
//! whose replied group holds the meeting-booked one, and behind a server that keeps the two
//! groups apart (the spec leaves open which statuses belong to which group).

use crate::common;

use axum::body::{Body, to_bytes};
use axum::extract::{Request, State};
use axum::response::Response;
use common::cli::Outreach;
use common::{ch, info, settings};
use outreach_tui::api::{
    ApiKey, Client, ClientOptions, ExchangeGroup, ExchangeQuery, ExchangeStatus,
};
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::model::{ConnectionInfo, Pane};
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use serde_json::Value;
use std::collections::VecDeque;

const EXCHANGES: &str = "/api/v1/campaigns/data/replies";

/// How many replies the dashboard's inbox holds once connected and on its Exchanges pane,
/// every fetch run with the real client as the runner runs it.
async fn dashboard_rows(base_url: &str, key: &ApiKey) -> usize {
    let client = Client::new(base_url, key, ClientOptions::default()).unwrap();
    let mut state = AppState::new(settings(Theme::default()), 100, 30, chrono::Utc::now());
    let info = ConnectionInfo { base_url: base_url.into(), ..info() };
    let mut queue: VecDeque<Effect> = update(&mut state, Action::Connected(Ok(info))).into();
    queue.extend(update(&mut state, ch('3')));
    while let Some(effect) = queue.pop_front() {
        if let Effect::Fetch(fetch) = effect {
            let answer = fetch.perform(client.clone()).await;
            queue.extend(update(&mut state, answer));
        }
    }
    assert_eq!(state.panes.pane, Pane::Exchanges);
    let inbox = &state.org.store.exchanges;
    assert!(inbox.error.is_none() && inbox.data.is_some(), "{:?}", inbox.error);
    inbox.items().len()
}

/// How many replies `outreach replies -o json` lists.
async fn cli_rows(base_url: &str, key: &ApiKey) -> usize {
    let run = Outreach::new(base_url, key).run(&["replies", "-o", "json"]).await;
    run.expect(0).json().as_array().unwrap().len()
}

/// A server in front of the simulator that reads the groups the other way: its replied
/// group leaves out the exchanges whose meeting is booked, which only the meeting-booked
/// group lists. Everything else passes through unchanged.
async fn groups_apart(simulator: String) -> String {
    let router = axum::Router::new().fallback(pass_through).with_state(simulator);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    url
}

async fn pass_through(State(simulator): State<String>, request: Request) -> Response {
    let uri = request.uri().clone();
    let target = format!("{simulator}{}", uri.path_and_query().map_or("/", |p| p.as_str()));
    let mut forward = common::sim::http().request(request.method().clone(), target);
    for (name, value) in request.headers() {
        if name != "host" {
            forward = forward.header(name, value);
        }
    }
    let body = to_bytes(request.into_body(), usize::MAX).await.unwrap();
    let answer = forward.body(body).send().await.unwrap();
    let status = answer.status();
    let content_type = answer.headers().get("content-type").cloned();
    let mut bytes = answer.bytes().await.unwrap().to_vec();
    let replied = !uri.query().unwrap_or_default().contains("exchange_group=meeting-booked");
    if uri.path() == EXCHANGES && replied && status.is_success() {
        let mut exchanges: Vec<Value> = serde_json::from_slice(&bytes).unwrap();
        exchanges.retain(|exchange| exchange["status"] != "MEETING_BOOKED");
        bytes = serde_json::to_vec(&exchanges).unwrap();
    }
    let mut response = Response::builder().status(status);
    if let Some(content_type) = content_type {
        response = response.header("content-type", content_type);
    }
    response.body(Body::from(bytes)).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_cli_and_the_dashboard_list_the_same_replies() {
    let sim = common::sim::start().await;
    let key = &sim.orgs[0].admin_key;
    let apart = groups_apart(sim.base_url.clone()).await;

    // The server in front really keeps the groups apart, or this would prove nothing.
    let api = Client::new(&apart, key, ClientOptions::default()).unwrap();
    let group = |group| ExchangeQuery { group: Some(group), ..ExchangeQuery::default() };
    let replied = api.list_exchanges(&group(ExchangeGroup::Replied)).await.unwrap();
    let booked = api.list_exchanges(&group(ExchangeGroup::MeetingBooked)).await.unwrap();
    assert!(replied.items.iter().all(|e| e.status != ExchangeStatus::MeetingBooked));
    assert!(!booked.items.is_empty(), "some meetings are booked");

    for (server, url) in
        [("the simulator", &sim.base_url), ("a server keeping the groups apart", &apart)]
    {
        let (cli, dashboard) = (cli_rows(url, key).await, dashboard_rows(url, key).await);
        assert!(cli > 20, "a full inbox on {server}: {cli}");
        assert_eq!(cli, dashboard, "replies listed on {server}: by the CLI, by the dashboard");
    }
}
