//! The CLI's tables and CSV through the real binary against the simulator: statuses that
//! stay distinct when narrow, a problem marker that survives narrowing, tables of a sane
//! width off a terminal, and CSV a spreadsheet cannot run.

use crate::common;

use common::cli::{Outreach, csv_records, width};
use common::sim::user_client;
use outreach_tui::api::{Bot, BotStatus, MailboxStatus};
use outreach_tui::bots::{Standing, standing};
use outreach_tui::sim::{self, SimOptions};

/// The table line of the item with this id (ids lead every line).
fn line_of(table: &str, id: i64) -> &str {
    table
        .lines()
        .find(|line| line.split_whitespace().next() == Some(&id.to_string()))
        .unwrap_or_else(|| panic!("no line for {id} in\n{table}"))
}

/// The text of a line from the display column where `header` starts in the header line to
/// the next gap of two spaces: one cell of a fitted table.
fn cell_at(table: &str, header: &str, line: &str) -> Option<String> {
    let header_line = table.lines().next()?;
    let start = width(&header_line[..header_line.find(header)?]);
    let mut column = 0;
    let mut text = String::new();
    for c in line.chars() {
        if column >= start {
            text.push(c);
        }
        column += unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
    }
    Some(text.split("  ").next().unwrap_or_default().trim().to_string())
}

fn bot_with(bots: &[Bot], wanted: impl Fn(&Bot) -> bool) -> &Bot {
    bots.iter().find(|bot| wanted(bot)).expect("the seeded organisation has this kind of bot")
}

#[tokio::test(flavor = "multi_thread")]
async fn bot_statuses_stay_distinct_and_problems_marked_when_narrow() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    // The organisation whose bots show every status the rich one lacks.
    let org = sim.orgs.iter().position(|org| org.name == "Initech").unwrap();
    let key = &sim.orgs[org].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let bots = user_client(&sim, key).list_bots().await.unwrap().items.to_vec();
    let provisioning = bot_with(&bots, |b| b.status == BotStatus::Provisioning).id;
    let failed = bot_with(&bots, |b| b.status == BotStatus::ProvisioningFailed).id;
    let pending = bot_with(&bots, |b| b.status == BotStatus::ConnectionPending).id;
    let paused = bot_with(&bots, |b| {
        b.mailbox_status == MailboxStatus::Paused && standing(b) == Standing::Attention
    })
    .id;
    let healthy = bot_with(&bots, |b| standing(b) == Standing::Healthy).id;

    for columns in ["80", "50"] {
        let run = cli.run_env(&["bots", "list", "-o", "table"], &[("COLUMNS", columns)]).await;
        run.expect(0);
        let table = &run.stdout;
        let limit: usize = columns.parse().unwrap();
        assert!(table.lines().all(|line| width(line) <= limit), "{columns}:\n{table}");
        assert!(table.lines().next().unwrap().contains('!'), "the marker column stays:\n{table}");

        let status = |id| cell_at(table, "STATUS", line_of(table, id)).unwrap();
        assert_ne!(status(provisioning), status(failed), "{columns}:\n{table}");
        assert!(!status(provisioning).is_empty(), "{table}");
        assert!(!status(provisioning).contains('…'), "a short label, not a cut: {table}");
        assert!(!status(failed).contains('…'), "a short label, not a cut: {table}");
        assert_ne!(status(pending), status(failed), "{columns}:\n{table}");

        let marked = |id| line_of(table, id).split_whitespace().nth(1) == Some("!");
        assert!(marked(paused), "a PAUSED mailbox is marked at {columns} columns:\n{table}");
        assert!(marked(failed), "{table}");
        assert!(!marked(healthy), "{table}");
    }
    let wide = cli.run_env(&["bots", "list", "-o", "table"], &[("COLUMNS", "200")]).await;
    assert!(line_of(&wide.stdout, failed).contains("PROVISIONING_FAILED"), "{}", wide.stdout);
    assert!(line_of(&wide.stdout, pending).contains("CONNECTION_PENDING"), "{}", wide.stdout);
    sim.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn off_a_terminal_tables_are_80_wide_and_csv_cannot_run_formulas() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let cli = Outreach::new(&sim.base_url, &sim.orgs[0].admin_key);
    let long_name = "Maximiliana".repeat(5);
    let formula = "=HYPERLINK(\"https://evil.example\",\"click\")";
    for (email, first, tag) in [
        ("long@example.com", long_name.as_str(), "vip"),
        ("formula@example.com", formula, "@SUM(A1)"),
        ("plus@example.com", "+49 30 1234", "-minus"),
    ] {
        let (first, tag) = (format!("--first-name={first}"), format!("--tag={tag}"));
        cli.run(&["contacts", "add", "--email", email, &first, &tag]).await.expect(0);
    }

    // An empty COLUMNS is as good as none: the table is 80 wide, long cells cut with `…`.
    let piped = cli.run_env(&["contacts", "list", "-o", "table"], &[("COLUMNS", "")]).await;
    piped.expect(0);
    let lines: Vec<&str> = piped.stdout.lines().collect();
    assert!(lines.len() > 3);
    assert!(lines.iter().all(|line| width(line) <= 80), "{}", piped.stdout);
    let long = lines.iter().find(|line| line.contains("long@example.com")).unwrap();
    assert!(long.contains("Maximiliana") && long.contains('…'), "{long}");
    assert!(!piped.stdout.contains(&long_name), "the long name is cut");
    let wider = cli.run_env(&["contacts", "list", "-o", "table"], &[("COLUMNS", "120")]).await;
    assert!(wider.stdout.lines().all(|line| width(line) <= 120));
    assert!(wider.stdout.lines().any(|line| width(line) > 80), "COLUMNS is honoured");

    let csv = cli.run(&["contacts", "list", "-o", "csv"]).await;
    csv.expect(0);
    let records = csv_records(&csv.stdout);
    let row = |email: &str| records.iter().find(|r| r[1] == email).unwrap().clone();
    let header = &records[0];
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (name, tags) = (column("NAME"), column("TAGS"));
    assert_eq!(row("formula@example.com")[name], format!("'{formula}"));
    assert_eq!(row("formula@example.com")[tags], "'@SUM(A1)");
    assert_eq!(row("plus@example.com")[name], "'+49 30 1234");
    assert_eq!(row("plus@example.com")[tags], "'-minus");
    assert_eq!(row("long@example.com")[name], long_name, "CSV cells are never cut");
    assert!(row("long@example.com")[0].parse::<i64>().is_ok(), "ids stay numbers");

    let raw = cli.run(&["contacts", "list", "-o", "csv", "--csv-raw"]).await;
    let records = csv_records(&raw.stdout);
    let formula_row = records.iter().find(|r| r[1] == "formula@example.com").unwrap();
    assert_eq!(formula_row[name], formula, "--csv-raw writes cells as they are");
    sim.shutdown().await;
}

/// From 150 columns a bot's name is whole: the columns are fitted by their content, and a
/// name a few cells short of whole gets them before a status or a problem grows.
#[tokio::test(flavor = "multi_thread")]
async fn wide_bot_tables_show_whole_names_and_warm_ups() {
    let sim = sim::spawn(SimOptions::default()).await.unwrap();
    let key = &sim.orgs[0].admin_key;
    let cli = Outreach::new(&sim.base_url, key);
    let bots = user_client(&sim, key).list_bots().await.unwrap().items.to_vec();
    for columns in ["150", "160"] {
        let run = cli.run_env(&["bots", "list", "-o", "table"], &[("COLUMNS", columns)]).await;
        run.expect(0);
        let table = &run.stdout;
        assert!(table.lines().next().unwrap().contains("NAME"), "{columns}:\n{table}");
        for bot in &bots {
            let line = line_of(table, bot.id);
            let name = format!("{} {}", bot.first_name, bot.last_name);
            assert_eq!(cell_at(table, "NAME", line).unwrap(), name, "{columns}:\n{table}");
            let warm_up = cell_at(table, "WARM-UP", line).unwrap();
            assert!(!warm_up.contains('…'), "{columns}: {warm_up:?}\n{table}");
        }
    }
    sim.shutdown().await;
}
