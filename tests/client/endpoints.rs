//! Every endpoint through the real `Client` against the simulator over loopback: the
//! success path with its effect on the simulator's state, and each error status the spec
//! lists for it. Authentication, isolation and retries have their own files.

use crate::common;

use common::sim::{admin, admin_as, anchor, client, eventually, northwind, start};
use outreach_tui::api::{
    AddContactOutcome, ApiError, BotStatus, CampaignStatus, ContactUpload, ConversionOutcome,
    ExchangeGroup, ExchangeQuery, ExchangeStatus, MeetingQuery, SubmitConversion,
};
use outreach_tui::bots::problems;
use serde_json::{Value, json};

fn upload(email: &str) -> ContactUpload {
    ContactUpload {
        email: email.into(),
        first_name: Some("Zoë".into()),
        last_name: Some("Ångström".into()),
        city: Some("Berlin".into()),
        custom_data: Some(serde_json::from_value(json!({"company": "Tidewater"})).unwrap()),
        tags: vec!["vip".into()],
        ..ContactUpload::default()
    }
}

/// The id of the first campaign in `/_sim/state` that satisfies `pick`.
async fn campaign_where(sim: &outreach_tui::sim::SimHandle, pick: impl Fn(&Value) -> bool) -> i64 {
    let state = admin(sim, "GET", "/_sim/state", None).await;
    let campaigns = state["campaigns"].as_array().unwrap();
    campaigns.iter().find(|c| pick(c)).unwrap()["id"].as_i64().unwrap()
}

fn pending_ready(c: &Value) -> bool {
    c["status"] == "PENDING"
        && c["contacts"].as_u64() > Some(0)
        && !c["bot_ids"].as_array().unwrap().is_empty()
}

#[tokio::test]
async fn lists_campaigns_bots_contacts_and_meetings() {
    let sim = start().await;
    let api = northwind(&sim);
    let campaigns = api.list_campaigns().await.unwrap();
    assert_eq!(campaigns.skipped, 0);
    for status in CampaignStatus::ALL {
        assert!(campaigns.items.iter().any(|c| &c.status == status), "no {status} campaign");
    }
    let bots = api.list_bots().await.unwrap();
    assert!(bots.items.iter().any(|b| !problems(b).is_empty()), "some bots need attention");
    assert!(bots.items.iter().any(|b| b.status == BotStatus::PaymentFailed));
    let contacts = api.list_contacts().await.unwrap();
    assert_eq!(contacts.items.len(), 1000);
    assert!(contacts.items.iter().any(|c| c.dnc));
    assert!(
        contacts.items.iter().any(|c| c.first_name().chars().any(|ch| ch.is_control())),
        "hostile names"
    );
    let today = anchor().date_naive();
    let today_only = MeetingQuery { start_date: Some(today), end_date: Some(today) };
    let meetings = api.list_meetings(&today_only).await.unwrap();
    assert!(!meetings.items.is_empty(), "meetings today");
    assert!(meetings.items.iter().all(|m| m.start.unwrap().date() == today));
    let all = api.list_meetings(&MeetingQuery::default()).await.unwrap();
    assert!(all.items.len() > meetings.items.len());
    assert!(all.items.iter().any(|m| m.cancelled));
    let globex = client(&sim, &sim.orgs[1].admin_key).list_bots().await.unwrap();
    assert!(globex.items.iter().all(|b| problems(b).is_empty()), "Globex's bots are healthy");
}

#[tokio::test]
async fn lists_exchanges_by_group_campaign_and_date() {
    let sim = start().await;
    let api = northwind(&sim);
    let replied = api.list_exchanges(&ExchangeQuery::default()).await.unwrap();
    assert!(!replied.items.is_empty());
    assert!(replied.items.iter().all(|e| e.status.in_group(&ExchangeGroup::Replied)));
    let booked = api
        .list_exchanges(&ExchangeQuery {
            group: Some(ExchangeGroup::MeetingBooked),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(!booked.items.is_empty());
    assert!(booked.items.iter().all(|e| e.status == ExchangeStatus::MeetingBooked));
    let campaign_id = replied.items[0].campaign_id;
    let one = api
        .list_exchanges(&ExchangeQuery { campaign_id: Some(campaign_id), ..Default::default() })
        .await
        .unwrap();
    assert!(one.items.iter().all(|e| e.campaign_id == campaign_id));
    assert!(one.items.len() < replied.items.len());
    let today = anchor().date_naive();
    let week = ExchangeQuery {
        start_date: Some(today - chrono::TimeDelta::days(7)),
        end_date: Some(today),
        ..Default::default()
    };
    let recent = api.list_exchanges(&week).await.unwrap();
    assert!(!recent.items.is_empty() && recent.items.len() < replied.items.len());
    for exchange in recent.items.iter() {
        let day = exchange.updated_at.unwrap().date();
        assert!(day >= today - chrono::TimeDelta::days(7) && day <= today);
    }
}

#[tokio::test]
async fn email_chains_and_their_404() {
    let sim = start().await;
    let api = northwind(&sim);
    let replied = api.list_exchanges(&ExchangeQuery::default()).await.unwrap();
    let exchange = &replied.items[0];
    let chain = api.email_chain(exchange.id).await.unwrap();
    assert!((2..=8).contains(&chain.items.len()), "a reply has at least two messages");
    assert!(
        chain.items.iter().any(|m| m.from_.as_ref().unwrap().address == exchange.contact.email)
    );
    assert_eq!(
        chain.items.last().unwrap().date,
        exchange.updated_at.map(|t| {
            // The e-mail date is sent with millisecond precision.
            outreach_tui::api::Timestamp::parse(&t.to_zulu_string()).unwrap()
        })
    );
    let missing = api.email_chain(999_999_999).await.unwrap_err();
    assert!(matches!(missing, ApiError::NotFound { .. }), "{missing}");
    let other_org =
        client(&sim, &sim.orgs[1].admin_key).email_chain(exchange.id).await.unwrap_err();
    assert!(matches!(other_org, ApiError::NotFound { .. }), "{other_org}");
}

#[tokio::test]
async fn add_contact_adds_rejects_duplicates_and_can_return_the_existing_id() {
    let sim = start().await;
    let api = northwind(&sim);
    let added = api.add_contact(&upload("new.person@example.org")).await.unwrap();
    let AddContactOutcome::Added { id } = added else { panic!("{added:?}") };
    let contacts = api.list_contacts().await.unwrap();
    let stored = contacts.items.iter().find(|c| c.id == id).expect("listed");
    assert_eq!(stored.email(), "new.person@example.org");
    assert_eq!(stored.first_name(), "Zoë");
    assert_eq!(stored.timezone.as_deref(), Some("Europe/Berlin"));
    // Default: 400 whose detail says "already".
    let again = api.add_contact(&upload("NEW.PERSON@example.org")).await.unwrap();
    assert!(
        matches!(&again, AddContactOutcome::AlreadyPresent { id: None, detail } if detail.contains("already")),
        "{again:?}"
    );
    // Switched: 200 with the existing id, which the client can tell apart with the list.
    admin(&sim, "PUT", "/_sim/duplicate-contacts", Some(json!({"mode": "return-existing"}))).await;
    let existing = api.add_contact(&upload("new.person@example.org")).await.unwrap();
    assert_eq!(existing, AddContactOutcome::Added { id });
    let reconciled = existing.reconcile("new.person@example.org", &contacts.items);
    assert!(
        matches!(reconciled, AddContactOutcome::AlreadyPresent { id: Some(found), .. } if found == id)
    );
    let invalid = ContactUpload { tags: vec!["t".repeat(40)], ..upload("x@example.org") };
    let error = api.add_contact(&invalid).await.unwrap_err();
    let fields: Vec<&str> = error.field_errors().iter().map(|f| f.field.as_str()).collect();
    assert_eq!(fields, ["tags.0"], "{error}");
}

#[tokio::test]
async fn duplicate_mode_set_at_start_returns_the_existing_id() {
    let options = outreach_tui::sim::SimOptions {
        duplicate_contact: outreach_tui::sim::DuplicateContact::ReturnExisting,
        ..common::sim::options()
    };
    let sim = outreach_tui::sim::spawn(options).await.unwrap();
    let api = northwind(&sim);
    let first = api.list_contacts().await.unwrap().items[0].clone();
    let outcome = api.add_contact(&upload(first.email())).await.unwrap();
    assert_eq!(outcome, AddContactOutcome::Added { id: first.id });
}

#[tokio::test]
async fn upload_puts_the_contact_in_the_campaign_with_an_exchange() {
    let sim = start().await;
    let api = northwind(&sim);
    let campaign = campaign_where(&sim, |c| c["status"] == "ACTIVE").await;
    let item =
        api.upload_contact(campaign, &upload("fresh@example.org"), None, true).await.unwrap();
    assert!(api.list_contacts().await.unwrap().items.iter().any(|c| c.id == item.id));
    let exchanges =
        admin(&sim, "GET", &format!("/_sim/exchanges?campaign_id={campaign}"), None).await;
    let mine = exchanges
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["contact"]["id"] == item.id)
        .expect("exchange");
    assert_eq!(mine["status"], "OUTREACH_PENDING");
    let duplicate =
        api.upload_contact(campaign, &upload("fresh@example.org"), None, true).await.unwrap_err();
    assert!(
        matches!(&duplicate, ApiError::BadRequest { detail } if detail.contains("already")),
        "{duplicate}"
    );
    let missing =
        api.upload_contact(424_242, &upload("x1@example.org"), None, false).await.unwrap_err();
    assert!(matches!(missing, ApiError::NotFound { .. }), "{missing}");
    let globex_campaign =
        client(&sim, &sim.orgs[1].admin_key).list_campaigns().await.unwrap().items[0].id;
    let foreign = api
        .upload_contact(globex_campaign, &upload("x2@example.org"), None, false)
        .await
        .unwrap_err();
    assert!(matches!(foreign, ApiError::NotFound { .. }), "{foreign}");
    let invalid =
        api.upload_contact(campaign, &upload("not-an-address"), None, false).await.unwrap_err();
    assert_eq!(invalid.field_errors()[0].field, "email", "{invalid}");
    assert_eq!(invalid.field_errors()[0].kind, "value_error");
}

#[tokio::test]
async fn upload_and_start_starts_a_pending_campaign() {
    let sim = start().await;
    let api = northwind(&sim);
    let campaign = campaign_where(&sim, pending_ready).await;
    let bot = api.list_bots().await.unwrap().items[1].id;
    let item = api
        .upload_and_start(campaign, &upload("starter@example.org"), Some(bot), true)
        .await
        .unwrap();
    let listed = api.list_campaigns().await.unwrap();
    assert_eq!(
        listed.items.iter().find(|c| c.id == campaign).unwrap().status,
        CampaignStatus::Active
    );
    let exchanges =
        admin(&sim, "GET", &format!("/_sim/exchanges?campaign_id={campaign}"), None).await;
    let mine =
        exchanges.as_array().unwrap().iter().find(|e| e["contact"]["id"] == item.id).unwrap();
    assert_eq!(mine["status"], "OUTREACH_ACTIVE");
    assert_eq!(mine["bot"]["id"], bot);
    let queued =
        api.upload_and_start(campaign, &upload("later@example.org"), None, false).await.unwrap();
    let exchanges =
        admin(&sim, "GET", &format!("/_sim/exchanges?campaign_id={campaign}"), None).await;
    let theirs =
        exchanges.as_array().unwrap().iter().find(|e| e["contact"]["id"] == queued.id).unwrap();
    assert_eq!(theirs["status"], "OUTREACH_QUEUED");
    let duplicate = api
        .upload_and_start(campaign, &upload("later@example.org"), None, false)
        .await
        .unwrap_err();
    assert!(
        matches!(&duplicate, ApiError::BadRequest { detail } if detail.contains("already")),
        "{duplicate}"
    );
    let invalid = ContactUpload { country: Some(String::new()), ..upload("valid@example.org") };
    let error = api.upload_and_start(campaign, &invalid, None, false).await.unwrap_err();
    assert_eq!(error.field_errors()[0].kind, "string_too_short", "{error}");
    // An organisation without bots cannot take contacts.
    let vandelay = client(&sim, &sim.orgs[3].admin_key);
    let campaign = vandelay.list_campaigns().await.unwrap().items[0].id;
    let no_bots = vandelay
        .upload_and_start(campaign, &upload("a@example.org"), None, false)
        .await
        .unwrap_err();
    assert!(
        matches!(&no_bots, ApiError::BadRequest { detail } if detail.contains("no bots")),
        "{no_bots}"
    );
}

#[tokio::test]
async fn start_campaign_moves_pending_to_active_or_says_why_not() {
    let sim = start().await;
    let api = northwind(&sim);
    let ready = campaign_where(&sim, pending_ready).await;
    let reply = api.start_campaign(ready).await.unwrap();
    assert_eq!(reply.message.as_deref(), Some("Campaign started"));
    let campaigns = api.list_campaigns().await.unwrap();
    assert_eq!(
        campaigns.items.iter().find(|c| c.id == ready).unwrap().status,
        CampaignStatus::Active
    );
    let exchanges = admin(&sim, "GET", &format!("/_sim/exchanges?campaign_id={ready}"), None).await;
    assert!(exchanges.as_array().unwrap().iter().all(|e| e["status"] == "OUTREACH_QUEUED"));
    let again = api.start_campaign(ready).await.unwrap_err();
    assert!(
        matches!(&again, ApiError::BadRequest { detail } if detail.contains("PENDING")),
        "{again}"
    );
    let empty = campaign_where(&sim, |c| c["status"] == "PENDING" && c["contacts"] == 0).await;
    let no_contacts = api.start_campaign(empty).await.unwrap_err();
    assert!(
        matches!(&no_contacts, ApiError::BadRequest { detail } if detail.contains("no contacts"))
    );
    let botless =
        campaign_where(&sim, |c| c["status"] == "PENDING" && c["bot_ids"] == json!([])).await;
    let no_bot = api.start_campaign(botless).await.unwrap_err();
    assert!(matches!(&no_bot, ApiError::BadRequest { detail } if detail.contains("no bot")));
    // Uploading a contact gives the bot-less campaign a bot, after which it starts.
    api.upload_contact(botless, &upload("unblocker@example.org"), None, false).await.unwrap();
    api.start_campaign(botless).await.unwrap();
    let missing = api.start_campaign(777_777).await.unwrap_err();
    assert!(matches!(missing, ApiError::NotFound { .. }), "{missing}");
}

#[tokio::test]
async fn dnc_emails_flip_contacts_and_count_them() {
    let sim = start().await;
    let api = northwind(&sim);
    let contacts = api.list_contacts().await.unwrap();
    let targets: Vec<String> =
        contacts.items.iter().filter(|c| !c.dnc).take(3).map(|c| c.email().to_string()).collect();
    let mut emails = targets.clone();
    emails.push("stranger@nowhere.example".into());
    let reply = api.add_dnc_emails(&emails).await.unwrap();
    assert_eq!(reply.message.as_deref(), Some("3 contacts added to the DNC list"));
    let after = api.list_contacts().await.unwrap();
    for email in &targets {
        assert!(after.items.iter().find(|c| c.email() == email).unwrap().dnc, "{email}");
    }
    let invalid =
        api.add_dnc_emails(&["good@example.org".into(), "bad@".into()]).await.unwrap_err();
    assert!(
        matches!(&invalid, ApiError::BadRequest { detail } if detail.contains("bad@")),
        "{invalid}"
    );
}

#[tokio::test]
async fn dnc_domains_are_applied_in_the_background() {
    let sim = start().await;
    let api = northwind(&sim);
    let contacts = api.list_contacts().await.unwrap();
    let victim = contacts.items.iter().find(|c| !c.dnc).unwrap().clone();
    let domain = victim.email().split('@').nth(1).unwrap().to_uppercase();
    let reply = api.add_dnc_domains(std::slice::from_ref(&domain)).await.unwrap();
    assert_eq!(reply.status, 202);
    assert!(reply.message.unwrap().contains("1 domain"));
    eventually("the domain's contacts are flagged", || async {
        let now = api.list_contacts().await.unwrap();
        now.items.iter().find(|c| c.id == victim.id).unwrap().dnc
    })
    .await;
    let state = admin(&sim, "GET", "/_sim/state", None).await;
    assert!(state["dnc_domains"].as_array().unwrap().contains(&json!(domain.to_lowercase())));
    // A full batch of the longest domains (~2.6 MB) is accepted.
    let longest: Vec<String> = (0..10_000).map(|n| format!("{n:05}{}", "d".repeat(250))).collect();
    assert_eq!(api.add_dnc_domains(&longest).await.unwrap().status, 202);
    let empty = api.add_dnc_domains(&[]).await.unwrap_err();
    assert_eq!(empty.field_errors()[0].kind, "too_short", "{empty}");
    let too_long = api.add_dnc_domains(&["d".repeat(256)]).await.unwrap_err();
    assert_eq!(too_long.field_errors()[0].field, "domains.0", "{too_long}");
}

#[tokio::test]
async fn conversions_are_logged_only_for_contacts() {
    let sim = start().await;
    let api = northwind(&sim);
    let before = admin(&sim, "GET", "/_sim/conversions", None).await.as_array().unwrap().len();
    let stranger =
        SubmitConversion { email: "nobody@nowhere.example".into(), ..Default::default() };
    assert_eq!(api.log_conversion(&stranger).await.unwrap(), ConversionOutcome::NotAContact);
    let contact = api.list_contacts().await.unwrap().items[5].clone();
    let conversion = SubmitConversion {
        email: contact.email().to_string(),
        conversion_type: Some("signup".into()),
        conversion_data: Some(serde_json::from_value(json!({"plan": "growth"})).unwrap()),
    };
    assert_eq!(api.log_conversion(&conversion).await.unwrap(), ConversionOutcome::Logged);
    eventually("the conversion is logged", || async {
        let logged = admin(&sim, "GET", "/_sim/conversions", None).await;
        logged.as_array().unwrap().iter().any(|c| c["email"] == contact.email())
    })
    .await;
    let logged = admin(&sim, "GET", "/_sim/conversions", None).await;
    let logged = logged.as_array().unwrap();
    assert_eq!(logged.len(), before + 1, "the stranger's conversion was not logged");
    let mine = logged.iter().find(|c| c["email"] == contact.email()).unwrap();
    assert_eq!(
        (mine["contact_id"].as_i64(), &mine["conversion_type"]),
        (Some(contact.id), &json!("signup"))
    );
    // Conversions are per organisation.
    let globex = admin_as(&sim, &sim.orgs[1].admin_key, "GET", "/_sim/conversions", None).await;
    assert!(!globex.as_array().unwrap().iter().any(|c| c["email"] == contact.email()));
    let no_email = SubmitConversion { email: String::new(), ..Default::default() };
    let invalid = api.log_conversion(&no_email).await.unwrap_err();
    assert_eq!(invalid.field_errors()[0].field, "email", "{invalid}");
}
