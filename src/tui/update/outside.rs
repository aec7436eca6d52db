//! `y` copy, `o` open a link, `|` page, `Ctrl-x Ctrl-e` edit a field, `P` / `:profile`
//! switch profile: what each takes from the screen in view, and what the runner is asked
//! to do. Only sanitised text is ever copied or handed on.

use crate::config::check_profile_name;
use crate::term::links::safe_url;
use crate::text::{sanitize, truncate};
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::form::FieldKind;
use crate::tui::intent::Intent;
use crate::tui::keymap::intents::Dialog;
use crate::tui::layout::text_rows;
use crate::tui::outside::history::KEPT;
use crate::tui::outside::{Armed, Done, Job};
use crate::tui::palette::may_keep;
use crate::tui::resource::in_view;
use crate::tui::resource::plain_text;
use crate::tui::state::{
    AppState, Connection, ExchangesPane, ListPane, MeetingsPane, Overlay, Store,
};
use crate::tui::submit::feedback::{TOAST_SECONDS, Toast, Tone};
use chrono::TimeDelta;

/// How much of a copied or opened text a toast quotes.
const QUOTED: usize = 60;

fn toast(state: &mut AppState, tone: Tone, text: impl Into<String>) {
    let until = state.env.now + TimeDelta::seconds(TOAST_SECONDS);
    state.transient.toast = Some(Toast { text: text.into(), tone, until });
}

fn notice(state: &mut AppState, text: impl Into<String>) {
    state.transient.notice = Some(text.into());
}

/// An answer to an armed link (after `y` or `o` in a chain): a pick is the link's number
/// (counted from 0); typed digits add to the number so far, which waits while another digit
/// could still make a link's number; a submit takes it as it stands; a cancel leaves it
/// unpicked. `None` lets the answer go its usual way.
pub(crate) fn before_intent(state: &mut AppState, intent: &Intent) -> Option<Vec<Effect>> {
    let (open, typed) = match state.outside.armed {
        Some(Armed::CopyLink { typed }) => (false, typed),
        Some(Armed::OpenLink { typed }) => (true, typed),
        Some(Armed::Editor) | None => return None,
    };
    state.outside.armed = None;
    match intent {
        Intent::Pick(link) => Some(link_number(state, open, link + 1)),
        Intent::Cancel | Intent::No => Some(Vec::new()),
        Intent::Submit if typed > 0 => Some(link_number(state, open, typed)),
        Intent::Type(digits) => {
            let so_far = if typed > 0 { typed.to_string() } else { String::new() };
            let number = format!("{so_far}{}", digits.trim()).parse::<usize>().ok()?;
            if number == 0 {
                return None;
            }
            // Another digit could still make a link's number: wait for it (or a submit).
            if number * 10 <= links_in_view(state).0.len() {
                state.outside.armed = Some(if open {
                    Armed::OpenLink { typed: number }
                } else {
                    Armed::CopyLink { typed: number }
                });
                let take = state.how_to_answer(Dialog::Link, &Intent::Submit);
                notice(state, format!("Link {number}… (another digit, or {take})"));
                return Some(Vec::new());
            }
            Some(link_number(state, open, number))
        }
        _ => None,
    }
}

/// `y`: copies what is selected, or the chain in view. In a chain the next key, if a digit,
/// is a link's number (never a pane's).
pub(crate) fn copy(state: &mut AppState) -> Vec<Effect> {
    if let Some(chain) = state.opened_chain() {
        let text = chain.layout.plain_text();
        let lines = chain.layout.lines.len();
        let links = links_in_view(state).0.len();
        state.outside.armed = Some(Armed::CopyLink { typed: 0 });
        let said = match links {
            0 => format!("Copied the e-mail chain ({lines} lines); this message has no links."),
            1 => format!(
                "Copied the e-mail chain ({lines} lines). Its link's number, 1, now copies the link instead."
            ),
            _ => format!(
                "Copied the e-mail chain ({lines} lines). A link's number, 1–{links}, now copies that link instead."
            ),
        };
        return copy_text(state, text, said);
    }
    match in_view::copied(state) {
        Some((what, text)) => {
            let said = format!("Copied {what} {}", quote(&text));
            copy_text(state, text, said)
        }
        None => {
            let copy = state.how(Command::Copy, "y");
            notice(
                state,
                format!("Nothing to copy here: {copy} copies the selected item or the open chain."),
            );
            Vec::new()
        }
    }
}

fn copy_text(state: &mut AppState, text: String, said: String) -> Vec<Effect> {
    if !state.outside.settings.copy {
        toast(
            state,
            Tone::Warning,
            "Nothing copied: OSC 52 is off ([clipboard] osc52 = \"never\", or TERM names a terminal without it). Set osc52 = \"always\" to copy anyway.",
        );
        return Vec::new();
    }
    toast(state, Tone::Success, said);
    vec![Effect::Outside(Job::Copy(text))]
}

fn quote(text: &str) -> String {
    truncate(&sanitize(text), QUOTED)
}

/// `o`: opens the meeting's link, or a link of the message in view (one, or the number
/// pressed next).
pub(crate) fn open(state: &mut AppState) -> Vec<Effect> {
    if state.chain_open() {
        let (links, _) = links_in_view(state);
        return match links.as_slice() {
            [] => {
                notice(state, "This message has no links.");
                Vec::new()
            }
            [one] => open_url(state, one.clone()),
            several => {
                state.outside.armed = Some(Armed::OpenLink { typed: 0 });
                notice(state, format!("Which link? Its number, 1–{}.", several.len()));
                Vec::new()
            }
        };
    }
    match in_view::link(state) {
        Some(url) => open_url(state, url),
        None => {
            let open = state.how(Command::OpenLink, "o");
            notice(
                state,
                format!("Nothing to open here: {open} opens a chain's links and meeting links."),
            );
            Vec::new()
        }
    }
}

fn open_url(state: &mut AppState, url: String) -> Vec<Effect> {
    let Some(url) = safe_url(&sanitize(&url)).map(str::to_string) else {
        toast(state, Tone::Warning, "Not opened: only http, https and mailto links open.");
        return Vec::new();
    };
    if state.outside.settings.over_ssh {
        // A browser started here would open on the server, not in front of the user.
        let said = format!("Over SSH: copied the link instead of opening it: {}", quote(&url));
        return copy_text(state, url, said);
    }
    toast(state, Tone::Success, format!("Opening {}", quote(&url)));
    vec![Effect::Outside(Job::Open(url))]
}

/// No browser could be started: the link goes to the clipboard, as over SSH.
fn copy_unopened(state: &mut AppState, url: &str, reason: &str) -> Vec<Effect> {
    let Some(url) = safe_url(&sanitize(url)).map(str::to_string) else { return Vec::new() };
    let said = format!(
        "{} — copied the link instead: {} (set $BROWSER to open links).",
        sanitize(reason.trim_end_matches('.')),
        quote(&url)
    );
    copy_text(state, url, said)
}

fn link_number(state: &mut AppState, open: bool, number: usize) -> Vec<Effect> {
    let (links, whose) = links_in_view(state);
    let Some(url) = links.get(number - 1).cloned() else {
        notice(state, format!("This message has no link [{number}]."));
        return Vec::new();
    };
    if open {
        open_url(state, url)
    } else {
        let said = format!("Copied link [{number}]{whose}: {}", quote(&url));
        copy_text(state, url, said)
    }
}

/// The links `y` and `o` pick from (`ChainView::links_shown`), with whose they are: "" for
/// the message the title names, " of message 3" when they are another's.
pub(crate) fn links_in_view(state: &AppState) -> (Vec<String>, String) {
    let Some(chain) = state.opened_chain() else { return (Vec::new(), String::new()) };
    match chain.links_shown(text_rows(state)) {
        Some((index, links)) if Some(index) != chain.current_message() => {
            (links.to_vec(), format!(" of message {}", index + 1))
        }
        Some((_, links)) => (links.to_vec(), String::new()),
        None => (Vec::new(), String::new()),
    }
}

/// `|`: the open chain, or the item open or selected, in the pager.
pub(crate) fn page(state: &mut AppState) -> Vec<Effect> {
    if let Some(chain) = state.opened_chain() {
        let job = match (&state.outside.settings.html_viewer, &chain.remote.data) {
            (Some(converter), Some(data)) => {
                Job::PageChain { messages: data.items.clone(), converter: converter.clone() }
            }
            _ => Job::Page(chain.layout.plain_text()),
        };
        return hand_over(job);
    }
    match item_text(state) {
        Some(text) => hand_over(Job::Page(text)),
        None => {
            notice(state, "Nothing to page here: | pages the open chain or the selected item.");
            Vec::new()
        }
    }
}

/// The item open (its detail as shown, wrapped) or selected, as plain text.
fn item_text(state: &AppState) -> Option<String> {
    match in_view::detail_lines(state) {
        Some(lines) => Some(plain_text(&lines)),
        None => in_view::paged(state),
    }
}

/// `Ctrl-x Ctrl-e` in a form: the focused text field in the editor.
pub(crate) fn edit_field(state: &mut AppState) -> Vec<Effect> {
    let Some(Overlay::Form(form)) = &state.transient.overlay else { return Vec::new() };
    let Some(field) = form.fields.list().get(form.focus).copied() else { return Vec::new() };
    if !matches!(field.kind, FieldKind::Text | FieldKind::Tags | FieldKind::Lines) {
        // A key never goes into a file, and a choice is not text.
        notice(state, "Only a text field can be edited in $EDITOR.");
        return Vec::new();
    }
    let text = field.value().to_string();
    let req_id = state.take_req_id();
    state.outside.editing = Some(req_id);
    hand_over(Job::Edit { req_id, text })
}

/// A job that gives the terminal to another program: the runner does it before this
/// frame is drawn, so the frame is drawn whole, over whatever that program left.
fn hand_over(job: Job) -> Vec<Effect> {
    vec![Effect::Outside(job), Effect::Repaint]
}

/// What came back from the pager, the editor or the browser.
pub(crate) fn on_done(state: &mut AppState, done: Done) -> Vec<Effect> {
    match done {
        Done::Paged(result) => {
            if let Err(error) = result {
                toast(state, Tone::Warning, format!("{} (set $PAGER).", sanitize(&error)));
            }
        }
        Done::Edited { req_id, result } => {
            if state.outside.editing != Some(req_id) {
                return Vec::new();
            }
            state.outside.editing = None;
            match result {
                Ok(text) => put_in_focused_field(state, &text),
                Err(error) => toast(
                    state,
                    Tone::Warning,
                    format!(
                        "{}; the field keeps what it had (set $VISUAL or $EDITOR).",
                        sanitize(&error)
                    ),
                ),
            }
        }
        Done::OpenFailed { url, reason } => return copy_unopened(state, &url, &reason),
    }
    Vec::new()
}

fn put_in_focused_field(state: &mut AppState, text: &str) {
    let Some(Overlay::Form(form)) = state.transient.overlay.as_mut() else { return };
    let focus = form.focus;
    let Some(field) = form.fields.list_mut().into_iter().nth(focus) else { return };
    field.input = crate::tui::input::TextInput::default();
    if field.kind == FieldKind::Lines {
        field.input.insert_lines(text);
    } else {
        field.input.insert(&text.replace(['\n', '\r'], " "));
    }
    crate::tui::update::forms::after_edit(form);
}

fn current_profile(state: &AppState) -> String {
    match &state.server.connection {
        Connection::Ready(info) => info.profile.clone(),
        Connection::NeedsKey { profile, .. } => profile.clone(),
        _ => String::new(),
    }
}

/// The palette lines run in this profile, oldest first.
pub(crate) fn history(state: &AppState) -> Vec<String> {
    let profile = current_profile(state);
    state.outside.history.iter().filter(|(p, _)| *p == profile).map(|(_, l)| l.clone()).collect()
}

/// Keeps a palette line run in this profile, here and for next time (not twice in a row,
/// never one with a key).
pub(crate) fn remember(state: &mut AppState, line: &str) -> Vec<Effect> {
    if !may_keep(line) || history(state).last().is_some_and(|last| last == line) {
        return Vec::new();
    }
    let profile = current_profile(state);
    state.outside.history.push((profile.clone(), line.to_string()));
    if state.outside.history.len() > KEPT {
        state.outside.history.remove(0);
    }
    vec![Effect::Outside(Job::Remember { profile, line: line.to_string() })]
}

/// `P`: the next profile of the config file.
pub(crate) fn next_profile(state: &mut AppState) -> Vec<Effect> {
    let profiles = state.outside.settings.profiles.clone();
    let current = match &state.server.connection {
        Connection::Ready(info) => Some(info.profile.clone()),
        _ => None,
    };
    let at = current.and_then(|c| profiles.iter().position(|p| *p == c));
    let next = match at {
        Some(at) => profiles.get((at + 1) % profiles.len()),
        None => profiles.first(),
    };
    match next.cloned() {
        Some(next) => switch_profile(state, &next),
        None => {
            notice(
                state,
                "No profiles in the config file to switch to: add [profiles.NAME], or run `outreach auth login --profile NAME`.",
            );
            Vec::new()
        }
    }
}

/// `:profile NAME`: leaves this organisation's data and connects as `name`.
pub(crate) fn switch_profile(state: &mut AppState, name: &str) -> Vec<Effect> {
    if let Err(error) = check_profile_name(name) {
        notice(state, error.to_string());
        return Vec::new();
    }
    // Nothing of the last organisation may show under the next one's name.
    crate::tui::update::jumps::forget(state);
    state.org.store = Store::default();
    state.org.observed = Default::default();
    state.org.read_chains = Default::default();
    state.panes.chain = None;
    state.panes.preview.resting = None;
    state.panes.campaigns = ListPane::default();
    state.panes.bots = ListPane::default();
    state.panes.contacts = ListPane::default();
    state.panes.exchanges =
        ExchangesPane { query: state.panes.exchanges.query.clone(), ..ExchangesPane::default() };
    state.panes.meetings =
        MeetingsPane { query: state.panes.meetings.query.clone(), ..MeetingsPane::default() };
    // Each profile has its own sorts: the next one's are read once it is connected.
    state.panes.sorts = Default::default();
    state.transient.overlay = None;
    state.transient.filtering = false;
    state.server.retries.clear();
    state.transient.last_error = None;
    state.server.connection = Connection::Connecting;
    let said = format!("Switching to profile {name} …");
    state.outside.switching = Some(said.clone());
    toast(state, Tone::Success, said);
    vec![Effect::SwitchProfile(name.to_string())]
}

/// A connection landed (or failed): the toast announcing a profile switch goes, its news
/// stale; the status bar names the profile now in use.
pub(crate) fn switch_landed(state: &mut AppState) {
    let Some(said) = state.outside.switching.take() else { return };
    if state.transient.toast.as_ref().is_some_and(|toast| toast.text == said) {
        state.transient.toast = None;
    }
}
