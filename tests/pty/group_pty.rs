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

/// The organisation's do-not-contact addresses, as the simulator keeps them.
async fn dnc_of(
    sim: &outreach_tui::sim::SimHandle,
    key: &outreach_tui::api::ApiKey,
) -> Vec<String> {
    let state = admin_as(sim, key, "GET", "/_sim/state", None).await;
    let listed = state["dnc_emails"].as_array().unwrap();
    listed.iter().map(|email| email.as_str().unwrap().to_string()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_merged_inbox_lists_every_organisation_and_a_rows_write_goes_with_its_own_key() {
    let sim = sim::spawn(SimOptions { seed: 7, orgs: 3, ..SimOptions::default() }).await.unwrap();
    let mut agency = Agency::new();
    let mut profiles = Vec::new();
    for (at, name) in ["north", "globex", "initech"].iter().enumerate() {
        profiles.push(agency.login(name, &sim.base_url, &sim.orgs[at].admin_key).await);
    }
    let before =
        [dnc_of(&sim, &sim.orgs[0].admin_key).await, dnc_of(&sim, &sim.orgs[1].admin_key).await];
    let listed = profiles.join(",");
    let mut pty = Pty::spawn_in(&agency.home, &["--profiles", &listed], 120, 30, &[]);
    pty.wait_until("every organisation's line", Duration::from_secs(30), |s| {
        profiles.iter().all(|p| row_of(s, p).is_some_and(|row| !row.contains("reading")))
    });
    pty.send("3");
    // Whether a row of `org` shows: its ORG cell (the title names it only in its filter,
    // the status bar last names the profile connected).
    let has_row = |s: &str, org: &str| {
        let lines: Vec<&str> = s.lines().collect();
        let above_the_bar = &lines[..lines.len().saturating_sub(1)];
        above_the_bar.iter().any(|line| line.contains(org) && !line.contains("filter:"))
    };
    let screen = pty.wait_until("the merged inbox", Duration::from_secs(20), |s| {
        s.contains("Replies of the group") && has_row(s, "t-north-") && has_row(s, "t-globex-")
    });
    assert!(screen.contains("Org"), "the ORG column: {screen}");

    // Globex's rows only; a do-not-contact on its first, asked naming it first.
    pty.send(&format!("/org:{}\r", profiles[1]));
    pty.wait_until("globex's rows only", Duration::from_secs(20), |s| {
        s.contains(&format!("filter: org:{}", &profiles[1][..12])) && !has_row(s, "t-north-")
    });
    pty.send("d");
    let asked = pty
        .wait_until("the question", Duration::from_secs(20), |s| s.contains("to do-not-contact?"));
    let named = format!("{}: add ", profiles[1]);
    assert!(asked.contains(&named), "the organisation named first: {asked}");
    pty.send("y");
    // The toast comes once the server answered: the write is there by then.
    pty.wait_until("the toast", Duration::from_secs(20), |s| s.contains("Do not contact:"));
    let now = dnc_of(&sim, &sim.orgs[1].admin_key).await;
    let added: Vec<String> = now.into_iter().filter(|e| !before[1].contains(e)).collect();
    assert_eq!(added.len(), 1, "one address added to globex's list: {added:?}");
    assert!(asked.contains(&added[0]), "the address asked about: {asked}");
    assert_eq!(dnc_of(&sim, &sim.orgs[0].admin_key).await, before[0], "north's list untouched");
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
}

/// Whether the organisation's do-not-contact list, as the simulator keeps it, has `contact`.
async fn listed_dnc(
    sim: &outreach_tui::sim::SimHandle,
    key: &outreach_tui::api::ApiKey,
    contact: &str,
) -> bool {
    dnc_of(sim, key).await.iter().any(|email| email == contact)
}

#[tokio::test(flavor = "multi_thread")]
async fn merged_meetings_and_contacts_list_every_organisation_and_a_contacts_write_goes_to_its_own()
{
    let sim = sim::spawn(SimOptions { seed: 7, orgs: 3, ..SimOptions::default() }).await.unwrap();
    let mut agency = Agency::new();
    let mut profiles = Vec::new();
    for (at, name) in ["north", "globex", "initech"].iter().enumerate() {
        profiles.push(agency.login(name, &sim.base_url, &sim.orgs[at].admin_key).await);
    }
    let faults_as = |sim, key, spec: &str| {
        let body = serde_json::json!({ "spec": spec });
        admin_as(sim, key, "POST", "/_sim/faults", Some(body))
    };
    // Initech's key is rotated away after its login: its lists fail, the others show.
    admin_as(&sim, &sim.orgs[2].admin_key, "POST", "/_sim/rotate-key", None).await;
    // A fourth organisation on a server whose contact list never answers: the others'
    // contacts show meanwhile.
    let far_sim = sim::spawn(SimOptions { seed: 8, ..SimOptions::default() }).await.unwrap();
    profiles.push(agency.login("far", &far_sim.base_url, &far_sim.orgs[0].admin_key).await);
    let listed = profiles.join(",");
    let mut pty = Pty::spawn_in(&agency.home, &["--profiles", &listed], 140, 30, &[]);
    pty.wait_until("every organisation's line", Duration::from_secs(30), |s| {
        profiles.iter().all(|p| row_of(s, p).is_some_and(|row| !row.contains("reading")))
    });
    let (north, globex, initech) = (&profiles[0][..12], &profiles[1][..12], &profiles[2]);
    let far = &profiles[3];
    faults_as(&far_sim, &far_sim.orgs[0].admin_key, "blackhole@GET:/api/v1/contacts").await;
    pty.send("4");
    let screen = pty.wait_until("the merged meetings", Duration::from_secs(20), |s| {
        s.contains("Meetings")
            && s.contains("of the group")
            && s.contains(&format!("{initech}: could not be read"))
    });
    assert!(screen.lines().any(|line| line.contains(north) && line.contains(':')), "{screen}");

    pty.send("6");
    let screen = pty.wait_until("the merged contacts", Duration::from_secs(20), |s| {
        s.contains("Contacts of the group")
            && s.contains(&format!("{initech}: could not be read — r to retry"))
            && s.contains(&format!("{far}: being read…"))
            && s.lines().any(|line| line.contains(north) && line.contains('@'))
    });
    assert!(screen.contains("Org"), "the ORG column: {screen}");

    // Globex's contacts only; a do-not-contact on its first, asked naming it first.
    pty.send(&format!("/org:{}\r", profiles[1]));
    let screen = pty.wait_until("globex's contacts only", Duration::from_secs(20), |s| {
        s.lines().any(|line| line.starts_with('›') && line.contains(globex))
            && !s.lines().any(|line| line.contains(north) && line.contains('@'))
    });
    assert!(screen.contains(&format!("filter: org:{globex}")), "{screen}");
    pty.send("d");
    let asked = pty
        .wait_until("the question", Duration::from_secs(20), |s| s.contains("to do-not-contact?"));
    assert!(asked.contains(&format!("{}: add ", profiles[1])), "named first: {asked}");
    let contact = asked
        .split(['<', '>'])
        .nth(1)
        .unwrap_or_else(|| panic!("the address asked about: {asked}"))
        .to_string();
    assert!(!listed_dnc(&sim, &sim.orgs[1].admin_key, &contact).await);
    pty.send("y");
    pty.wait_until("the toast", Duration::from_secs(20), |s| s.contains("Do not contact:"));
    assert!(listed_dnc(&sim, &sim.orgs[1].admin_key, &contact).await, "on globex's list");
    assert!(!listed_dnc(&sim, &sim.orgs[0].admin_key, &contact).await, "north's untouched");
    // Its row says so once globex's contacts are read again.
    pty.wait_until("the row marked", Duration::from_secs(20), |s| {
        s.lines().any(|line| line.starts_with('›') && line.contains("DNC"))
    });
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
}

/// On a server that keeps the meeting-booked group apart from the replied one, the merged
/// inbox lists each organisation's replies of both groups: the same rows as that
/// organisation's own inbox (`replies`, which reads both), its booked meetings among them.
#[tokio::test(flavor = "multi_thread")]
async fn the_merged_inbox_lists_both_reply_groups_as_each_single_inbox_does() {
    let options =
        SimOptions { seed: 7, orgs: 2, meeting_booked_apart: true, ..SimOptions::default() };
    let sim = sim::spawn(options).await.unwrap();
    let mut agency = Agency::new();
    let mut profiles = Vec::new();
    for (at, name) in ["north", "globex"].iter().enumerate() {
        profiles.push(agency.login(name, &sim.base_url, &sim.orgs[at].admin_key).await);
    }
    let single = |profile: &str| {
        let profile = profile.to_string();
        let agency = &agency;
        async move {
            let run = agency.run(&["--profile", &profile, "replies", "-o", "json"]).await;
            run.expect(0).json().as_array().unwrap().clone()
        }
    };
    // A meeting booked in each organisation: in the meeting-booked group only.
    for (at, profile) in profiles.iter().enumerate() {
        let first = single(profile).await[0]["id"].clone();
        let booked = serde_json::json!({"exchange_id": first, "status": "MEETING_BOOKED"});
        admin_as(&sim, &sim.orgs[at].admin_key, "POST", "/_sim/replies", Some(booked)).await;
    }
    let listed = profiles.join(",");
    let mut pty = Pty::spawn_in(&agency.home, &["--profiles", &listed], 120, 30, &[]);
    pty.wait_until("every organisation's line", Duration::from_secs(30), |s| {
        profiles.iter().all(|p| row_of(s, p).is_some_and(|row| !row.contains("reading")))
    });
    pty.send("3");
    for profile in &profiles {
        let rows = single(profile).await;
        let booked = rows.iter().filter(|row| row["status"] == "MEETING_BOOKED").count();
        assert!(booked > 0, "{profile} has booked meetings in its own inbox");
        pty.send(&format!("/org:{profile}\r"));
        let title = format!(
            "· {} · filter: org:",
            outreach_tui::text::count(rows.len(), "reply", "replies")
        );
        pty.wait_until(&format!("{profile}'s {} rows", rows.len()), Duration::from_secs(20), |s| {
            s.contains(&title) && s.contains(&profile[..12])
        });
        pty.send("\x1b");
        pty.wait_until("the filter cleared", Duration::from_secs(20), |s| !s.contains("filter:"));
    }
    pty.send("q");
    assert_eq!(pty.exit_code(Duration::from_secs(10)), 0);
}
