//! Server text through the real CLI against the simulator: a 500 whose plain-text body, or a
//! 403 whose `detail`, carries terminal escapes (title, clipboard, clear screen), a C1 CSI,
//! a bidi override and invisible characters (its `hostile-error` fault), and a chain full of
//! them (served by its `raw` fault) — none of it reaches stdout or stderr, on a pipe as on a
//! terminal.

use crate::common;

use common::cli::{Outreach, Run};
use common::sim::{faults, serve_raw_once, start, user_client};
use outreach_tui::api::{ExchangeGroup, ExchangeQuery};

/// Every kind of character that must not reach a terminal from the server (for the chain;
/// the simulator's `hostile-error` carries the same kinds).
const HOSTILE: &str = "Ann\u{1b}]0;pwned\u{7} \u{1b}]52;c;Y3VybCBldmlsIHwgc2g=\u{7} \u{1b}[2J\u{9b}31m \
    \u{202e}evil\u{202c} a\u{34f}b c\u{e0041}\u{e007f}d \u{fff9}e\u{fffb} \u{3164}f\u{115f}\u{1160} \
    g\u{2062}h \u{2028}i\u{2029} \u{ad}\u{200b}\u{feff}end";

/// Characters any of which in the output means server text got through raw.
fn forbidden(c: char) -> bool {
    (c.is_control() && c != '\n')
        || matches!(c,
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200b}' | '\u{200e}' | '\u{200f}'
            | '\u{34f}' | '\u{e0000}'..='\u{e00ff}' | '\u{fff9}'..='\u{fffb}' | '\u{3164}'
            | '\u{115f}' | '\u{1160}' | '\u{2060}'..='\u{2064}' | '\u{2028}' | '\u{2029}'
            | '\u{ad}' | '\u{feff}')
}

/// What is left of a sequence when only its control characters are dropped: the parts of
/// the hostile corpus a whole-sequence sanitiser never lets through.
const DEBRIS: &[&str] =
    &["]52;c;", "]0;pwned", "]8;;file://", "[31m", "[0m", "1$r", "_apc", "0;c1"];

fn assert_clean(run: &Run, what: &str) {
    for (stream, text) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
        let found: Vec<String> =
            text.chars().filter(|c| forbidden(*c)).map(|c| format!("U+{:04X}", c as u32)).collect();
        assert!(found.is_empty(), "{what}: {stream} carries {found:?}:\n{text:?}");
    }
}

/// A chain of one e-mail whose every field is hostile.
fn hostile_chain() -> serde_json::Value {
    serde_json::json!([{
        "subject": HOSTILE,
        "from_": {"address": "ann@example.org", "name": HOSTILE},
        "to": [{"address": HOSTILE, "name": ""}],
        "cc": [HOSTILE],
        "date": "2024-05-01T09:30:00Z",
        "body": {"text": format!("{HOSTILE}\n\u{301}\u{301}second line\n> {HOSTILE}"), "html": null},
        "attachments": [{"filename": HOSTILE}],
        "labels": [HOSTILE],
    }])
}

#[tokio::test(flavor = "multi_thread")]
async fn server_errors_reach_stderr_sanitised() {
    let sim = start().await;
    let cli = Outreach::new(&sim.base_url, &sim.admin_key());
    // Lists of campaigns fail with a 500 in plain text; bots and contacts are refused with
    // a 403 whose `detail` is hostile.
    faults(&sim, "hostile-error@/api/v1/campaigns,hostile-error:403@/api/v1/bots,hostile-error:403@/api/v1/contacts")
        .await;

    let campaigns = cli.run(&["campaigns", "list"]).await;
    campaigns.expect(1);
    assert!(campaigns.stderr.contains("500"), "{}", campaigns.stderr);
    assert!(campaigns.stderr.contains("Denied by policy now"), "{}", campaigns.stderr);
    assert_clean(&campaigns, "campaigns list (500)");

    for args in [
        &["bots", "list"][..],
        &["contacts", "add", "--email", "new@example.org"],
        &["--color", "always", "bots", "list", "-o", "table"],
    ] {
        let run = cli.run(args).await;
        run.expect(4);
        let stderr = run.stderr.replace("\u{1b}[1;31merror:\u{1b}[0m", "error:");
        assert!(stderr.contains("403"), "{args:?}: {stderr}");
        assert!(stderr.contains("policy now gnirts ab cd e f gh  i  end"), "{args:?}: {stderr}");
        assert_clean(&Run { stderr, ..run }, &format!("{args:?} (403)"));
    }
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_hostile_chain_is_shown_sanitised() {
    let sim = start().await;
    let cli = Outreach::new(&sim.base_url, &sim.admin_key());
    serve_raw_once(&sim, "/api/v1/exchanges/7/emails", hostile_chain()).await;
    let show = cli.run(&["exchanges", "show", "7"]).await;
    show.expect(0);
    assert!(show.stdout.contains("Subject: Ann "), "{}", show.stdout);
    assert!(show.stdout.contains("\nsecond line\n"), "{}", show.stdout);
    assert_clean(&show, "exchanges show");
    sim.shutdown().await;
}

/// Every command that prints text, against a server whose every string (names, addresses,
/// subjects, bodies, statuses: unknown ones then) ends in the hostile corpus: nothing of it
/// reaches stdout or stderr raw, and no sequence leaves debris. Output goes to a pipe, as a
/// `watch >> events.log` or a cron mail takes it.
#[tokio::test(flavor = "multi_thread")]
async fn every_command_prints_a_hostile_servers_text_sanitised() {
    let sim = start().await;
    let key = sim.admin_key();
    let cli = Outreach::new(&sim.base_url, &key);
    let api = user_client(&sim, &key);
    let query = ExchangeQuery { group: Some(ExchangeGroup::Replied), ..ExchangeQuery::default() };
    let exchange = api.list_exchanges(&query).await.unwrap().items[0].id.to_string();
    let campaign = api.list_campaigns().await.unwrap().items[0].id.to_string();
    let bot = api.list_bots().await.unwrap().items[0].id.to_string();
    // A first look remembers the organisation: the next one announces every status that
    // the hostile server then changes.
    cli.run(&["watch", "--once"]).await.expect(0);
    faults(&sim, "hostile-text").await;

    let commands: &[&[&str]] = &[
        &["watch", "--once"],
        &["status"],
        &["todo", "-o", "table"],
        &["brief"],
        &["digest", "--since", "-7d"],
        &["digest", "--since", "-7d", "--format", "md"],
        &["report", "--since", "-30d", "-o", "table"],
        &["campaigns", "list", "-o", "table"],
        &["campaigns", "show", &campaign],
        &["campaigns", "start", &campaign],
        &["bots", "list", "-o", "table"],
        &["bots", "show", &bot],
        &["contacts", "list", "-o", "table"],
        &["exchanges", "list", "-o", "table"],
        &["exchanges", "show", &exchange],
        &["replies", "-o", "table"],
        &["meetings", "list", "-o", "table"],
        &["dnc", "add-domains", "blocked.example"],
    ];
    let mut reached = 0;
    for args in commands {
        let run = cli.run(args).await;
        assert_clean(&run, &format!("{args:?} (exit {})", run.code));
        for debris in DEBRIS {
            let found = run.stdout.contains(debris) || run.stderr.contains(debris);
            assert!(!found, "{args:?}: debris {debris:?}:\n{}\n{}", run.stdout, run.stderr);
        }
        if run.stdout.contains("evil") || run.stderr.contains("evil") {
            reached += 1;
        }
    }
    // The hostile text did reach the commands (they printed it, cleaned), not only errors.
    assert!(reached >= commands.len() / 2, "only {reached} commands showed the server's text");
    sim.shutdown().await;
}
