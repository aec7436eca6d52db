//! The dashboard on a group (`outreach --profiles a,b,c`), the real binary in a
//! pseudo-terminal against one simulator serving three organisations, each profile's key
//! in the keyring: a line per organisation with the numbers `outreach status --profiles`
//! prints for it, one whose key was rotated away saying so on its own line (by its
//! profile) while the others show theirs, `Enter` narrowing to one and `Esc` coming back.

use crate::common;

use common::agency::{Agency, counted, numbers, row_of};
use common::pty::Pty;
use common::sim::admin_as;
use outreach_tui::sim::{self, SimOptions};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread")]
async fn a_group_opens_on_a_line_per_organisation_as_status_counts_them_and_one_failing_says_so() {
    let sim = sim::spawn(SimOptions { seed: 7, orgs: 3, ..SimOptions::default() }).await.unwrap();
    let mut agency = Agency::new();
    let mut profiles = Vec::new();
    for (at, name) in ["north", "globex", "initech"].iter().enumerate() {
        profiles.push(agency.login(name, &sim.base_url, &sim.orgs[at].admin_key).await);
    }
    // Globex's key is rotated away after its login: the server now refuses it.
    admin_as(&sim, &sim.orgs[1].admin_key, "POST", "/_sim/rotate-key", None).await;
    let listed = profiles.join(",");
    let status = agency.run(&["status", "--profiles", &listed, "--json"]).await;
    let entries = status.json();
    let entries = entries.as_array().unwrap();

    let mut pty = Pty::spawn_in(&agency.home, &["--profiles", &listed], 100, 30, &[]);
    let screen = pty.wait_until("every organisation's line", Duration::from_secs(30), |s| {
        profiles.iter().all(|p| row_of(s, p).is_some_and(|row| !row.contains("reading")))
    });
    assert!(screen.contains("the group · 3 organisations"), "{screen}");
    for (at, profile) in profiles.iter().enumerate() {
        let row = row_of(&screen, profile).unwrap();
        if at == 1 {
            assert!(
                row.contains(&format!("✗ key refused (401) for profile {profile}")),
                "{screen}"
            );
            assert!(entries[at]["error"].is_string(), "status fails it too: {}", status.stdout);
        } else {
            assert_eq!(numbers(row), counted(&entries[at]), "{profile}:\n{screen}");
        }
    }

    // A line read again uses the session its first read made: no keyring asked, so a key
    // taken out of it meanwhile does not fail the line.
    let logout = agency.run(&["--profile", &profiles[0], "auth", "logout"]).await;
    logout.expect(0);
    // `j` after `r`: once the cursor is on the next line, the read was asked for.
    pty.send("rj");
    let screen = pty.wait_until("north read again", Duration::from_secs(20), |s| {
        row_of(s, &profiles[1]).is_some_and(|row| row.starts_with('›'))
            && row_of(s, &profiles[0]).is_some_and(|row| !row.contains(['↻', '✗']))
    });
    let north = row_of(&screen, &profiles[0]).unwrap();
    assert_eq!(numbers(north), counted(&entries[0]), "{screen}");

    // Enter on the third line: the whole dashboard of that organisation, on its profile.
    pty.send("j\r");
    pty.wait_until("initech's own dashboard", Duration::from_secs(20), |s| {
        s.contains("campaigns in all")
            && s.lines().last().is_some_and(|bar| bar.contains(&profiles[2][..12]))
    });
    pty.send("\x1b");
    pty.wait_until("the group's lines again", Duration::from_secs(20), |s| {
        s.contains("3 organisations") && row_of(s, &profiles[0]).is_some()
    });
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
}
