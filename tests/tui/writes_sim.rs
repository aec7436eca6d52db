//! Every write through the dashboard's loop against the simulator over real HTTP: keys go
//! to `update`, its effects are run with the real client exactly as the runner runs them,
//! and the results come back as actions. What happened is checked on the dashboard and in
//! the simulator's own state; background work is awaited with a deadline.

use crate::common;
use crate::tui_writes_support;

use common::sim::{admin, eventually, requests_to, start};
use common::{ch, key, settings};
use crossterm::event::KeyCode;
use outreach_tui::api::{ApiKey, CampaignStatus, Client, Contact};
use outreach_tui::sim::SimHandle;
use outreach_tui::tui::action::{Action, Effect};
use outreach_tui::tui::model::ConnectionInfo;
use outreach_tui::tui::state::{AppState, Overlay};
use outreach_tui::tui::submit::request;
use outreach_tui::tui::theme::Theme;
use outreach_tui::tui::update::update;
use serde_json::{Value, json};
use std::collections::VecDeque;
use tui_writes_support::{confirm, ctrl, form, toast};

/// The dashboard with the loop's effects run for real.
struct Dashboard {
    state: AppState,
    client: Client,
}

impl Dashboard {
    async fn open(sim: &SimHandle, key: &ApiKey) -> Dashboard {
        let state = AppState::new(settings(Theme::default()), 100, 30, chrono::Utc::now());
        let client = common::sim::client(sim, key);
        let mut dashboard = Dashboard { state, client };
        let info = ConnectionInfo { base_url: sim.base_url.clone(), ..common::info() };
        dashboard.act(Action::Connected(Ok(info))).await;
        dashboard
    }

    /// One action, then every effect it causes, until nothing is left to do.
    async fn act(&mut self, action: Action) {
        let mut queue: VecDeque<Effect> = update(&mut self.state, action).into();
        while let Some(effect) = queue.pop_front() {
            let answers = match effect {
                Effect::Fetch(fetch) => vec![fetch.perform(self.client.clone()).await],
                Effect::Submit { req_id, write } => {
                    let mut answers = Vec::new();
                    let progress = |sent, total| {
                        answers.push(Action::WriteProgress { req_id, sent, total });
                    };
                    let result = request::perform(&self.client, write, progress).await;
                    answers.push(Action::Written { req_id, result });
                    answers
                }
                _ => Vec::new(),
            };
            for answer in answers {
                queue.extend(update(&mut self.state, answer));
            }
        }
    }

    async fn press(&mut self, keys: &[Action]) {
        for action in keys {
            self.act(action.clone()).await;
        }
    }

    async fn type_text(&mut self, text: &str) {
        for c in text.chars() {
            self.act(ch(c)).await;
        }
    }

    fn contact(&self, email: &str) -> Option<Contact> {
        self.state.org.store.contacts.items().iter().find(|c| c.email() == email).cloned()
    }
}

async fn sim_state(sim: &SimHandle) -> Value {
    admin(sim, "GET", "/_sim/state", None).await
}

/// The first campaign of the simulator's state that `wanted` accepts.
async fn campaign_where(sim: &SimHandle, wanted: impl Fn(&Value) -> bool) -> i64 {
    let state = sim_state(sim).await;
    let campaigns = state["campaigns"].as_array().unwrap();
    campaigns.iter().find(|c| wanted(c)).and_then(|c| c["id"].as_i64()).unwrap()
}

#[tokio::test]
async fn starting_a_pending_campaign_makes_it_active_and_a_refusal_is_said() {
    let sim = start().await;
    let mut ui = Dashboard::open(&sim, &sim.orgs[0].admin_key).await;
    let ready = campaign_where(&sim, |c| {
        c["status"] == "PENDING" && c["contacts"].as_u64() > Some(0) && c["bot_ids"] != json!([])
    })
    .await;
    ui.press(&[ch('2')]).await;
    assert!(ui.state.panes.campaigns.list.select_id(ready));
    ui.press(&[ch('s')]).await;
    assert!(confirm(&ui.state).lines.join(" ").contains("PENDING"));
    ui.press(&[ch('F')]).await;
    let status = |ui: &Dashboard, id| {
        ui.state.org.store.campaigns.items().iter().find(|c| c.id == id).map(|c| c.status.clone())
    };
    assert_eq!(status(&ui, ready), Some(CampaignStatus::Active), "the list reloaded: ACTIVE");
    assert!(toast(&ui.state).contains("it is ACTIVE now"), "{}", toast(&ui.state));

    let empty = campaign_where(&sim, |c| c["status"] == "PENDING" && c["contacts"] == 0).await;
    assert!(ui.state.panes.campaigns.list.select_id(empty));
    ui.press(&[ch('s'), ch('F')]).await;
    let error = confirm(&ui.state).error.clone().unwrap_or_default();
    assert!(error.contains("(400): Campaign has no contacts"), "{error}");
    assert_eq!(status(&ui, empty), Some(CampaignStatus::Pending));
    sim.shutdown().await;
}

#[tokio::test]
async fn an_added_contact_shows_in_contacts_and_a_duplicate_is_said_both_ways() {
    let sim = start().await;
    let mut ui = Dashboard::open(&sim, &sim.orgs[0].admin_key).await;
    ui.press(&[ch('6'), ch('a')]).await;
    ui.type_text("zoe.new@example.com").await;
    ui.press(&[key(KeyCode::Tab)]).await;
    ui.type_text("Zoë").await;
    ui.press(&[ctrl('s'), ch('y')]).await;
    let added = ui.contact("zoe.new@example.com").expect("the new contact is listed");
    assert_eq!(added.first_name(), "Zoë");
    assert_eq!(ui.state.panes.contacts.list.selected_id(), Some(added.id), "and selected");
    let expected = format!("zoe.new@example.com is already a contact: #{}.", added.id);

    for mode in ["reject", "return-existing"] {
        admin(&sim, "PUT", "/_sim/duplicate-contacts", Some(json!({ "mode": mode }))).await;
        ui.press(&[ch('a')]).await;
        ui.type_text("zoe.new@example.com").await;
        ui.press(&[ctrl('s'), ch('y')]).await;
        assert!(toast(&ui.state).starts_with(&expected), "{mode}: {}", toast(&ui.state));
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn a_422_the_client_cannot_foresee_lands_on_its_field_and_the_retry_works() {
    let sim = start().await;
    let mut ui = Dashboard::open(&sim, &sim.orgs[0].admin_key).await;
    let detail = json!({"detail": [{"type": "string_too_long", "loc": ["body", "city"],
        "msg": "String should have at most 40 characters", "input": "x", "ctx": {"max_length": 40}}]});
    let rule = json!({"faults": [{"kind": "raw", "path": "/api/v1/contacts/add", "times": 1,
        "status": 422, "json": detail}]});
    admin(&sim, "POST", "/_sim/faults", Some(rule)).await;
    ui.press(&[ch('6'), ch('a')]).await;
    ui.type_text("city@example.com").await;
    for _ in 0..3 {
        ui.press(&[key(KeyCode::Tab)]).await;
    }
    ui.type_text("Llanfairpwllgwyngyll").await;
    let typed = tui_writes_support::values(&ui.state);
    ui.press(&[ctrl('s'), ch('y')]).await;
    assert_eq!(
        tui_writes_support::error(&tui_writes_support::contact_fields(&ui.state).city),
        "String should have at most 40 characters"
    );
    assert_eq!(tui_writes_support::values(&ui.state), typed);
    ui.press(&[ctrl('s'), ch('y')]).await;
    assert!(ui.contact("city@example.com").is_some(), "sent again, added");
    sim.shutdown().await;
}

#[tokio::test]
async fn upload_and_start_puts_the_contact_into_the_campaign_with_outreach_running() {
    let sim = start().await;
    let mut ui = Dashboard::open(&sim, &sim.orgs[0].admin_key).await;
    let campaign = campaign_where(&sim, |c| c["status"] == "ACTIVE").await;
    ui.press(&[ch('2')]).await;
    assert!(ui.state.panes.campaigns.list.select_id(campaign));
    ui.press(&[ch('u')]).await;
    ui.type_text("upload.start@example.com").await;
    while form(&ui.state).field_list()[form(&ui.state).focus].label != "Then" {
        ui.press(&[key(KeyCode::Tab)]).await;
    }
    ui.press(&[key(KeyCode::Left), key(KeyCode::Enter)]).await;
    let lines = confirm(&ui.state).lines.join("\n");
    assert!(!lines.contains("This also starts"), "an ACTIVE campaign is not started: {lines}");
    ui.press(&[ch('y')]).await;
    assert!(ui.state.transient.overlay.is_none(), "sent and closed: {}", toast(&ui.state));
    assert!(toast(&ui.state).contains("outreach starts right away"), "{}", toast(&ui.state));
    let path = format!("/_sim/exchanges?campaign_id={campaign}");
    let exchanges = admin(&sim, "GET", &path, None).await;
    let exchange = exchanges
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["contact"]["email"] == "upload.start@example.com")
        .expect("an exchange for the contact");
    assert_eq!(exchange["status"], "OUTREACH_ACTIVE");
    sim.shutdown().await;
}

#[tokio::test]
async fn dnc_by_address_and_by_domain_flips_the_contacts_flag() {
    let sim = start().await;
    let mut ui = Dashboard::open(&sim, &sim.orgs[0].admin_key).await;
    ui.press(&[ch('6')]).await;
    let items = ui.state.org.store.contacts.items().to_vec();
    let clear: Vec<&Contact> = items.iter().filter(|c| !c.dnc).collect();
    let by_address = clear[0].clone();
    let domain_of = |c: &Contact| c.email().rsplit_once('@').unwrap().1.to_string();
    let by_domain = clear.iter().find(|c| domain_of(c) != domain_of(&by_address)).unwrap();

    assert!(ui.state.panes.contacts.list.select_id(by_address.id));
    ui.press(&[ch('d'), key(KeyCode::Enter), ch('y')]).await;
    assert!(toast(&ui.state).contains("1 address sent"), "{}", toast(&ui.state));
    assert!(ui.contact(by_address.email()).unwrap().dnc, "the address is on the list at once");

    assert!(ui.state.panes.contacts.list.select_id(by_domain.id));
    ui.press(&[ch('D'), ctrl('s')]).await;
    let asked = tui_writes_support::asked(&ui.state);
    let at_domain = items.iter().filter(|c| domain_of(c) == domain_of(by_domain)).count();
    let covers = format!("{} covers {at_domain} contact", domain_of(by_domain));
    assert!(asked.contains(&covers), "a domain asks, counting: {asked}");
    ui.press(&[ch('y')]).await;
    assert!(toast(&ui.state).contains("1 domain queued"), "{}", toast(&ui.state));
    let email = by_domain.email().to_string();
    let dashboard = std::sync::Arc::new(tokio::sync::Mutex::new(ui));
    eventually("the domain's contact is flagged in the dashboard", || {
        let dashboard = dashboard.clone();
        let email = email.clone();
        async move {
            let mut ui = dashboard.lock().await;
            ui.press(&[ch('r')]).await;
            ui.contact(&email).is_some_and(|c| c.dnc)
        }
    })
    .await;
    sim.shutdown().await;
}

#[tokio::test]
async fn a_long_domain_list_goes_in_chunks_of_ten_thousand() {
    let sim = start().await;
    let mut ui = Dashboard::open(&sim, &sim.orgs[0].admin_key).await;
    let domains: Vec<String> = (0..10_001).map(|i| format!("chunk{i}.example")).collect();
    ui.press(&[ch('d'), Action::Paste(domains.join("\n")), ctrl('s'), ch('y')]).await;
    assert!(toast(&ui.state).contains("10001 domains queued"), "{}", toast(&ui.state));
    assert_eq!(requests_to(&sim, "POST /api/v1/dnc-domains/json").await, 2);
    eventually("every domain is on the list", || async {
        sim_state(&sim).await["dnc_domains"].as_array().is_some_and(|d| d.len() >= 10_001)
    })
    .await;
    sim.shutdown().await;
}

#[tokio::test]
async fn conversions_are_logged_for_a_contact_and_not_for_a_stranger() {
    let sim = start().await;
    let mut ui = Dashboard::open(&sim, &sim.orgs[0].admin_key).await;
    ui.press(&[ch('6')]).await;
    let known = ui.state.org.store.contacts.items()[0].email().to_string();
    ui.press(&[ch('c')]).await;
    ui.type_text("signup").await;
    ui.press(&[key(KeyCode::Tab), Action::Paste("plan = pro".into()), key(KeyCode::Enter)]).await;
    ui.press(&[ch('y')]).await;
    assert!(toast(&ui.state).contains("logged"), "{}", toast(&ui.state));
    eventually("the conversion is logged", || async {
        let logged = admin(&sim, "GET", "/_sim/conversions", None).await;
        logged.as_array().unwrap().iter().any(|c| {
            c["email"] == known.as_str()
                && c["conversion_type"] == "signup"
                && c["conversion_data"]["plan"] == "pro"
        })
    })
    .await;

    ui.press(&[ch(':')]).await;
    ui.type_text("conversion nobody@nowhere.example signup").await;
    ui.press(&[key(KeyCode::Enter)]).await;
    let asked = tui_writes_support::asked(&ui.state);
    assert!(asked.starts_with("Log a conversion 'signup' of nobody@nowhere.example"), "{asked}");
    ui.press(&[key(KeyCode::Enter)]).await;
    let note = form(&ui.state).note.clone().unwrap_or_default();
    assert!(note.contains("not a contact of this organisation: nothing was logged"), "{note}");
    let logged = admin(&sim, "GET", "/_sim/conversions", None).await;
    assert!(!logged.to_string().contains("nobody@nowhere.example"));
    sim.shutdown().await;
}

#[tokio::test]
async fn a_read_only_key_is_refused_by_the_server_and_the_403_is_said_in_words() {
    let sim = start().await;
    let mut ui = Dashboard::open(&sim, &sim.orgs[0].read_only_key).await;
    ui.press(&[ch('2'), ch('s'), ch('F')]).await;
    let error = confirm(&ui.state).error.clone().unwrap_or_default();
    assert!(error.contains("This key lacks the rights for that (403)"), "{error}");
    assert!(error.contains("read-only"), "{error}");
    ui.press(&[key(KeyCode::Esc), ch('6'), ch('d'), key(KeyCode::Enter), ch('y')]).await;
    assert!(matches!(ui.state.transient.overlay, Some(Overlay::Form(_))), "the form stays");
    let above = form(&ui.state).error.clone().unwrap_or_default();
    assert!(above.contains("(403)"), "{above}");
    sim.shutdown().await;
}
