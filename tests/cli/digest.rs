//! `outreach digest` against the simulator: a reply from a contact whose name is markup
//! comes out escaped in HTML and Markdown, the write that added the contact is listed from
//! the audit log, and bot changes are said to be unobserved rather than absent.

use crate::common;

use common::cli::Outreach;
use common::sim::{admin, user_client};
use outreach_tui::api::CampaignStatus;
use outreach_tui::sim::{self, SimOptions};
use serde_json::json;

const NAME: &str = "<script>alert('x')</script>";
const LAST: &str = "O'Brien & <b>Co</b>";

#[tokio::test(flavor = "multi_thread")]
async fn a_hostile_name_is_escaped_and_this_machines_write_is_listed() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let cli = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    let api = user_client(&sim, &sim.orgs[0].admin_key);
    let campaigns = api.list_campaigns().await.unwrap().items;
    let live = campaigns.iter().find(|c| c.status == CampaignStatus::Active).unwrap();
    let campaign = live.id.to_string();
    let email = "evil@example.org";
    let upload = [
        "contacts",
        "upload",
        "--campaign",
        &campaign,
        "--start",
        "--now",
        "--email",
        email,
        "--first-name",
        NAME,
        "--last-name",
        LAST,
    ];
    cli.run(&upload).await.expect(0);
    let all = admin(&sim, "GET", "/_sim/exchanges", None).await;
    let exchange = all
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["contact"]["email"] == email)
        .unwrap_or_else(|| panic!("the uploaded contact's exchange: {all}"));
    let id = exchange["id"].as_i64().unwrap();
    let body = json!({"exchange_id": id, "status": "INFO_INQUIRY"});
    admin(&sim, "POST", "/_sim/replies", Some(body)).await;

    let html = cli.run(&["digest", "--since", "today", "--format", "html"]).await;
    let html = html.expect(0).stdout.clone();
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    assert!(!html.contains("<script") && !html.contains("<b>Co"), "{html}");
    assert!(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"), "{html}");
    assert!(html.contains("O&#39;Brien &amp; &lt;b&gt;Co&lt;/b&gt;"), "{html}");
    for fetched in ["src=", "href=", "url(", "@import", "<link", "<img"] {
        assert!(!html.contains(fetched), "an external resource ({fetched}): {html}");
    }
    assert!(html.contains("contact.upload_and_start"), "this machine's write: {html}");
    assert!(html.contains(&format!("(#{})", live.id)), "its campaign's part: {html}");
    assert!(html.contains("Changes over the window: not observed"), "{html}");

    let md = cli.run(&["digest", "--since", "today", "--format", "md"]).await;
    let md = md.expect(0).stdout.clone();
    assert!(md.contains(r"\<script\>alert('x')\</script\>"), "{md}");
    assert!(!md.contains("<script>"), "{md}");
    // Only what would be markup is escaped: chat apps show every backslash.
    assert!(md.contains(&format!("<{email}>").replace('<', r"\<").replace('>', r"\>")), "{md}");
    assert!(!md.contains(r"\:") && !md.contains(r"\.") && !md.contains(r"\@"), "{md}");

    let text = cli.run(&["digest", "--since", "-7d"]).await;
    let text = text.expect(0).stdout.clone();
    assert!(text.contains("Hot replies:"), "{text}");
    assert!(text.contains(&format!("{NAME} {LAST} <{email}> (Interested")), "{text}");
    assert!(text.contains("Writes from this machine: 1 write"), "{text}");

    let later = cli.run(&["digest", "--since", "tomorrow"]).await;
    later.expect(2);
    assert!(later.stderr.contains("after today"), "{}", later.stderr);
    sim.shutdown().await;
}
