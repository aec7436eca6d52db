//! `outreach dnc`: large lists go out in requests of 10 000 and contacts' dnc flags follow.

use crate::common;

use common::cli::Outreach;
use common::sim::{eventually, requests_to, user_client};
use outreach_tui::sim::{self, SimOptions};
use std::collections::BTreeSet;

fn domain_of(email: &str) -> String {
    email.rsplit_once('@').unwrap().1.to_lowercase()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_file_of_25000_domains_goes_out_in_3_requests_and_flags_flip() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let api = user_client(&sim, key);
    let cli = Outreach::new(&sim.base_url, key);

    let contacts = api.list_contacts().await.unwrap();
    let targets: BTreeSet<String> =
        contacts.items.iter().filter(|c| !c.dnc).map(|c| domain_of(c.email())).take(3).collect();
    assert_eq!(targets.len(), 3, "three domains of contacts not yet on the DNC list");
    let mut lines: Vec<String> = (0..24_997).map(|i| format!("blocked-{i}.example")).collect();
    lines.extend(targets.iter().map(|d| format!("@{d}")));
    lines.insert(0, "# blocked domains".into());
    let file = cli.write("domains.txt", lines.join("\r\n"));

    let run = cli.run(&["dnc", "add-domains", "--file", file.to_str().unwrap()]).await;
    run.expect(0);
    assert_eq!(
        run.stdout,
        "25000 domains blocked in 3 requests; the service applies them in the background, so contacts' do-not-contact flags follow shortly.\n"
    );
    assert_eq!(requests_to(&sim, "POST /api/v1/dnc-domains/json").await, 3);

    let flagged = |contacts: &[outreach_tui::api::Contact]| {
        contacts.iter().filter(|c| targets.contains(&domain_of(c.email()))).all(|c| c.dnc)
    };
    eventually("the dnc flags of the listed domains", || {
        let api = api.clone();
        let flagged = &flagged;
        async move { flagged(&api.list_contacts().await.unwrap().items) }
    })
    .await;
    let after = api.list_contacts().await.unwrap();
    let others_flipped =
        contacts.items.iter().zip(after.items.iter()).any(|(before, now)| {
            !targets.contains(&domain_of(now.email())) && before.dnc != now.dnc
        });
    assert!(!others_flipped, "only contacts of the listed domains change");
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn addresses_from_stdin_and_arguments_flag_their_contacts() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let api = user_client(&sim, key);
    let cli = Outreach::new(&sim.base_url, key);
    let contacts = api.list_contacts().await.unwrap();
    let clean: Vec<&str> =
        contacts.items.iter().filter(|c| !c.dnc).map(|c| c.email()).take(3).collect();

    let stdin = format!("{}\n{}, {}\n", clean[0], clean[1], clean[0]);
    let run = cli.run_with_stdin(&["dnc", "add-emails", clean[2], "-"], stdin).await;
    run.expect(0);
    assert_eq!(run.stdout, "3 addresses blocked; all are contacts, now marked do not contact.\n");
    assert!(!run.stderr.contains("The server said"), "one statement: {}", run.stderr);
    eventually("the dnc flags of the listed addresses", || {
        let api = api.clone();
        let clean = clean.clone();
        async move {
            let now = api.list_contacts().await.unwrap();
            clean.iter().all(|email| now.items.iter().any(|c| c.email() == *email && c.dnc))
        }
    })
    .await;

    let strangers = cli.run(&["dnc", "add-emails", "nobody@example.org", "none@example.org"]).await;
    strangers.expect(0);
    assert_eq!(strangers.stdout, "2 addresses blocked; none is a contact yet.\n");
    assert!(!strangers.stderr.contains("0 contacts"), "{}", strangers.stderr);

    let invalid = cli.run(&["dnc", "add-emails", "ok@example.org", "not-an-address"]).await;
    invalid.expect(2);
    assert!(
        invalid.stderr.contains("not-an-address: An email address must have an @-sign."),
        "{}",
        invalid.stderr
    );
    assert!(invalid.stderr.contains("--skip-invalid"), "{}", invalid.stderr);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn domains_are_checked_free_mail_needs_force_and_the_contacts_covered_are_counted() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let sent = || requests_to(&sim, "POST /api/v1/dnc-domains/json");

    let bad = cli.run(&["dnc", "add-domains", "bad domain!", "ok.example"]).await;
    bad.expect(2);
    // Two arguments are two entries, the space inside one a mistake in it.
    assert!(bad.stderr.contains("1 of 2 domains is not valid"), "{}", bad.stderr);
    assert!(bad.stderr.contains("bad domain!: a domain has no spaces"), "{}", bad.stderr);
    let bad = cli.run(&["dnc", "add-domains", "bad", "ok.example"]).await;
    bad.expect(2);
    assert!(bad.stderr.contains("bad: a domain has at least two parts"), "{}", bad.stderr);
    let bad = cli.run(&["dnc", "add-domains", "--", "-rf", "*.evil.com"]).await;
    bad.expect(2);
    assert!(bad.stderr.contains("-rf: a part of a domain cannot start or end with a hyphen"));
    assert!(
        bad.stderr.contains(
            "*.evil.com: wildcards are not supported: give the domain itself, e.g. evil.com"
        ),
        "{}",
        bad.stderr
    );
    assert_eq!(sent().await, 0, "nothing was sent");

    // The domain most of the organisation's contacts are at, said before sending.
    let contacts = user_client(&sim, key).list_contacts().await.unwrap();
    let mut per_domain = std::collections::BTreeMap::<String, usize>::new();
    for contact in contacts.items.iter() {
        *per_domain.entry(domain_of(contact.email())).or_default() += 1;
    }
    let (busiest, covered) = per_domain.iter().max_by_key(|(_, n)| **n).unwrap();
    let run = cli.run(&["dnc", "add-domains", busiest, "bücher.example"]).await;
    run.expect(0);
    let said = format!("These 2 domains cover {covered} contact");
    assert!(run.stderr.contains(&said), "{said} in {}", run.stderr);
    assert!(run.stdout.starts_with("2 domains blocked; the service applies"), "{}", run.stdout);

    let free = cli.run(&["dnc", "add-domains", "gmail.com"]).await;
    free.expect(2);
    assert!(
        free.stderr.contains("gmail.com is a free-mail provider: blocking it blocks every contact"),
        "{}",
        free.stderr
    );
    assert!(free.stderr.contains("Nothing was sent") && free.stderr.contains("--force"));
    assert_eq!(sent().await, 1);
    let forced = cli.run(&["dnc", "add-domains", "gmail.com", "--force"]).await;
    forced.expect(0);
    assert!(forced.stderr.contains("gmail.com covers "), "{}", forced.stderr);
    assert!(forced.stdout.starts_with("1 domain blocked; "), "{}", forced.stdout);
    sim.shutdown().await;
}
