//! The real binary in a pseudo-terminal against a simulator started by the test: a reply
//! arrives during the session (`POST /_sim/replies`), and the auto-refresh brings it in —
//! a toast naming it, the marker and the count on the Exchanges tab, a terminal bell and a
//! desktop notification (OSC 9 and OSC 777) in the bytes the terminal got. Opening it makes
//! it seen.

use crate::common;

use common::home::Isolated;
use common::pty::Pty;
use common::sim::{admin, start};
use std::time::Duration;

const ENTER: &str = "\r";
const ESC: &str = "\u{1b}";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_arriving_during_a_session_is_marked_counted_and_announced() {
    let sim = start().await;
    let (base_url, key) = (sim.base_url.clone(), sim.orgs[0].admin_key.clone());
    let home = Isolated::new();
    // Reload every second so the test need not wait the default minute.
    home.write_config("[ui]\nrefresh_seconds = 1\n");
    let (arrived_tx, arrived_rx) = std::sync::mpsc::channel::<()>();
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel::<()>();
    // The pty is read with blocking waits: off the runtime's workers, which serve the simulator.
    let dashboard = tokio::task::spawn_blocking(move || {
        let env = [
            ("OUTREACH_BASE_URL", base_url.as_str()),
            ("OUTREACH_API_KEY", key.expose()),
            ("OUTREACH_PROFILE", "pty-inbox"),
        ];
        let mut pty = Pty::spawn_in(&home, &[], 100, 30, &env);
        pty.wait_for("campaigns in all");
        pty.send("3");
        pty.wait_for("│   Contact");
        let before = pty.screen();
        assert!(!before.contains(" new "), "nothing new at the first start:\n{before}");
        let _ = ready_tx.send(());
        arrived_rx.recv().expect("a reply was sent");

        let announced = pty.wait_until("the new reply", Duration::from_secs(20), |s| {
            s.contains("1 new reply:") && s.contains("3 Exchanges ·1 new")
        });
        let marked = announced.lines().filter(|line| line.contains('●')).count();
        assert_eq!(marked, 1, "one row marked new:\n{announced}");
        let bytes = String::from_utf8_lossy(&pty.transcript).to_string();
        assert!(bytes.contains('\u{7}'), "a bell");
        assert!(bytes.contains("\u{1b}]9;outreach: 1 new reply: "), "OSC 9");
        assert!(bytes.contains("\u{1b}]777;notify;outreach;1 new reply: "), "OSC 777");

        // Newest first: the reply is the top row; opening it makes it seen.
        pty.send("g");
        pty.send(ENTER);
        pty.wait_for("From:");
        pty.send(ESC);
        pty.wait_until("the count gone", Duration::from_secs(10), |s| {
            s.contains("│   Contact") && !s.contains("·1 new")
        });
        pty.send("q");
        assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
    });
    if ready_rx.await.is_err() {
        // The dashboard's side failed before the inbox showed: its panic says why.
        dashboard.await.unwrap();
        panic!("the dashboard ended before showing the inbox");
    }
    let arrival = admin(&sim, "POST", "/_sim/replies", None).await;
    assert!(arrival["exchange_id"].as_i64().is_some(), "{arrival}");
    arrived_tx.send(()).unwrap();
    dashboard.await.unwrap();
    sim.shutdown().await;
}
