//! `d` / `D` on the merged inbox's marked rows, as the single inbox lists every marked
//! reply's address: each organisation's addresses (or domains) on its own do-not-contact
//! list, sent with its own key one organisation after another, after one question counting
//! how many of each. A read-only profile among them (or one not read) is refused by name
//! before anything is asked or written. Each organisation's replies are marked handled once
//! its write succeeded (`group_triage::handled_after_write`).

use crate::present::dnc::listed_as;
use crate::text::{count, sanitize};
use crate::tui::group::OrgId;
use crate::tui::state::{AppState, Overlay};
use crate::tui::submit::feedback::Confirm;
use crate::tui::submit::request::WriteRequest;
use crate::tui::update::group_marks::marked_by_org;
use crate::tui::update::group_rows::{org_name, refusals};

/// How many addresses (or domains) the question names.
const SHOWN: usize = 6;

/// The question for the marked rows (each organisation's addresses, or with `domain` their
/// domains); whether rows were marked (else the row under the cursor is the one asked of).
pub(crate) fn ask_marked(state: &mut AppState, domain: bool) -> bool {
    let marked = marked_by_org(state);
    if marked.is_empty() {
        return false;
    }
    if let Some(why) = refusals(state, marked.iter().map(|(org, _)| org)) {
        state.transient.notice = Some(why);
        return true;
    }
    let writes: Vec<(OrgId, Vec<String>)> = (marked.iter())
        .map(|(org, ids)| (org.clone(), entries(state, org, ids, domain)))
        .filter(|(_, entries)| !entries.is_empty())
        .collect();
    let total: usize = writes.iter().map(|(_, entries)| entries.len()).sum();
    let each = writes.iter().map(|(org, entries)| format!("{}: {}", org_name(org), entries.len()));
    let each = each.collect::<Vec<_>>().join(", ");
    let question = if domain {
        let domains = count(total, "domain", "domains");
        format!("Add every address at {domains} to do-not-contact? {each}")
    } else {
        format!("Add {} to do-not-contact? {each}", count(total, "address", "addresses"))
    };
    // The first few named, so a long marking still fits the dialog.
    let (mut named, mut left) = (Vec::new(), SHOWN);
    for (org, entries) in &writes {
        if left == 0 {
            break;
        }
        let shown = &entries[..entries.len().min(left)];
        left -= shown.len();
        named.push(format!("{}: {}", org_name(org), sanitize(&shown.join(", "))));
    }
    let mut listed = named.join("; ");
    if total > SHOWN {
        listed.push_str(&format!(" and {} more", total - SHOWN));
    }
    let mut writes = writes.into_iter().map(|(org, entries)| {
        let write = if domain {
            WriteRequest::DncDomains(entries)
        } else {
            WriteRequest::DncEmails(entries)
        };
        (org, write)
    });
    let Some((org, write)) = writes.next() else {
        state.transient.notice = Some("The marked replies name no domain.".into());
        return true;
    };
    state.transient.overlay = Some(Overlay::Confirm(Box::new(Confirm {
        title: "Do not contact".into(),
        lines: vec![question, listed, "Each sent with its organisation's key.".into()],
        write: Some(write),
        org: Some(org),
        more: writes.collect(),
        rows: marked,
        ..Confirm::default()
    })));
    true
}

/// The addresses of `org`'s replies `ids` (or with `domain` their domains), each once, as
/// the server sent them (what the write carries).
fn entries(state: &AppState, org: &OrgId, ids: &[i64], domain: bool) -> Vec<String> {
    let Some(entry) = state.group.entry(org) else { return Vec::new() };
    let mut entries: Vec<String> = Vec::new();
    for reply in entry.replies.iter().filter(|reply| ids.contains(&reply.id())) {
        let Some(entry) = listed_as(reply.email().trim(), domain) else { continue };
        if !entries.iter().any(|known| known == entry) {
            entries.push(entry.to_string());
        }
    }
    entries
}
