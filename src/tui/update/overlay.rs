//! Keys of what is drawn over the pane: the help, the command palette, forms (the
//! server-side filters of Exchanges and Meetings; write forms go to `forms`) and the
//! confirmation dialog.

use crate::clock::days;
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::form::{DayRange, Field, Fields, Form, FormOutcome};
use crate::tui::input::TextInput;
use crate::tui::intent::Intent;
use crate::tui::keymap::Scope;
use crate::tui::keymap::intents::{Dialog, intent};
use crate::tui::layout::state_areas;
use crate::tui::model::Slot;
use crate::tui::palette::{PaletteAction, parse, suggestions};
use crate::tui::state::{AppState, Overlay};
use crate::tui::update::fetch::fetch;
use crate::tui::update::forms;
use crate::tui::update::login::submit_login;
use crate::tui::update::navigate::apply_filter;
use crate::tui::update::{commands, navigate, outside, snooze};
use crate::tui::widgets::help;
use chrono::NaiveDate;
use crossterm::event::{KeyCode, KeyEvent};

pub(crate) fn on_key(state: &mut AppState, key: KeyEvent) -> Vec<Effect> {
    match state.transient.overlay.take() {
        Some(Overlay::Help { scroll }) => {
            on_help_key(state, scroll, key);
            Vec::new()
        }
        Some(Overlay::Palette(mut palette)) => {
            let history = outside::history(state);
            let recalling = palette.recalls(&history);
            let input = &mut palette.input;
            let count = suggestions(input.value()).len();
            match key.code {
                KeyCode::Esc => return Vec::new(),
                KeyCode::Enter => return run_palette(state, palette),
                KeyCode::Tab => {
                    if let Some(entry) = suggestions(input.value()).get(palette.selected) {
                        let space = if entry.args.is_empty() { "" } else { " " };
                        *input = TextInput::new(&format!("{}{space}", entry.name));
                    }
                }
                KeyCode::Up | KeyCode::Down if recalling => {
                    palette.recall(&history, key.code == KeyCode::Up);
                }
                KeyCode::Down => {
                    palette.selected = (palette.selected + 1).min(count.saturating_sub(1))
                }
                KeyCode::Up => palette.selected = palette.selected.saturating_sub(1),
                _ => {
                    input.handle_key(&key);
                }
            }
            palette.error = None;
            let count = suggestions(palette.input.value()).len();
            palette.selected = palette.selected.min(count.saturating_sub(1));
            state.transient.overlay = Some(Overlay::Palette(palette));
            Vec::new()
        }
        Some(
            overlay @ (Overlay::Form(_)
            | Overlay::Confirm(_)
            | Overlay::Snooze(_)
            | Overlay::Assign(_)
            | Overlay::Brief(_)),
        ) => answer_key(state, overlay, &key),
        None => Vec::new(),
    }
}

/// What is open, as far as it takes intents rather than keys of its own (the help and the
/// palette read keys).
fn dialog(overlay: &Overlay) -> Option<Dialog> {
    Some(match overlay {
        Overlay::Confirm(confirm) => Dialog::Confirm { force: confirm.force },
        Overlay::Snooze(prompt) => Dialog::Snooze { typed: !prompt.input.value().is_empty() },
        Overlay::Assign(_) => Dialog::Assign,
        Overlay::Brief(_) => Dialog::Brief,
        Overlay::Form(form) if form.discarding => Dialog::Discard,
        Overlay::Form(_) => Dialog::Form,
        Overlay::Help { .. } | Overlay::Palette(_) => return None,
    })
}

/// A key on a dialog: translated to its intent, then answered as any front end's would be;
/// a key that means nothing there leaves it as it is.
fn answer_key(state: &mut AppState, overlay: Overlay, key: &KeyEvent) -> Vec<Effect> {
    match dialog(&overlay).and_then(|dialog| intent(dialog, key)) {
        Some(intent) => answer(state, overlay, intent),
        None => {
            state.transient.overlay = Some(overlay);
            Vec::new()
        }
    }
}

/// An intent given to what is open; with nothing open that takes one, a pick selects that
/// row of the list in view.
pub(crate) fn on_intent(state: &mut AppState, intent: Intent) -> Vec<Effect> {
    match state.transient.overlay.take() {
        Some(overlay) if dialog(&overlay).is_some() => answer(state, overlay, intent),
        other => {
            state.transient.overlay = other;
            match intent {
                Intent::Pick(position) if state.transient.overlay.is_none() => {
                    if crate::tui::update::needs::is_open(state) {
                        state.panes.needs_row = position;
                    } else {
                        navigate::select_row(state, position);
                    }
                }
                _ => {}
            }
            Vec::new()
        }
    }
}

fn answer(state: &mut AppState, overlay: Overlay, intent: Intent) -> Vec<Effect> {
    match overlay {
        Overlay::Form(form) if form.is_write() => forms::on_form_intent(state, form, intent),
        Overlay::Form(form) => on_form_intent(state, form, intent),
        Overlay::Confirm(confirm) => forms::on_confirm(state, confirm, intent),
        Overlay::Snooze(prompt) => snooze::on_prompt(state, prompt, intent),
        Overlay::Assign(picker) => crate::tui::update::team::on_picker(state, picker, intent),
        Overlay::Brief(_) => crate::tui::update::brief::on_answer(state, &intent),
        overlay @ (Overlay::Help { .. } | Overlay::Palette(_)) => {
            state.transient.overlay = Some(overlay);
            Vec::new()
        }
    }
}

/// An answer to a form that does not write (the login, a list's server-side filters).
fn on_form_intent(state: &mut AppState, mut form: Form, intent: Intent) -> Vec<Effect> {
    match form.answer(intent) {
        FormOutcome::Cancel => Vec::new(),
        FormOutcome::Submit => submit_form(state, form),
        FormOutcome::Edited | FormOutcome::Ignored => {
            state.transient.overlay = Some(Overlay::Form(form));
            Vec::new()
        }
    }
}

/// Help scrolls with the movement keys; only back (Esc), help (`?`) and quit (`q`) close it,
/// as bound in the keymap. Any other key leaves it open.
fn on_help_key(state: &mut AppState, scroll: usize, key: KeyEvent) {
    let most = help::max_scroll(&crate::tui::resource::help_view(state), state_areas(state).body);
    let page = usize::from(state_areas(state).body.height.saturating_sub(4)).max(1);
    let scroll = scroll.min(most);
    let scroll = match state.env.keymap.lookup(&key, &[Scope::Movement, Scope::Global]) {
        Some(Command::Back | Command::Help | Command::Quit) => return,
        Some(Command::Down) => scroll + 1,
        Some(Command::Up) => scroll.saturating_sub(1),
        Some(Command::PageDown) => scroll + page,
        Some(Command::PageUp) => scroll.saturating_sub(page),
        Some(Command::HalfPageDown) => scroll + page / 2,
        Some(Command::HalfPageUp) => scroll.saturating_sub(page / 2),
        Some(Command::Top) => 0,
        Some(Command::Bottom) => most,
        _ => scroll,
    };
    state.transient.overlay = Some(Overlay::Help { scroll: scroll.min(most) });
}

pub(crate) fn on_paste(state: &mut AppState, text: &str) {
    if matches!(&state.transient.overlay, Some(Overlay::Form(form)) if form.is_write()) {
        return forms::on_paste(state, text);
    }
    match state.transient.overlay.as_mut() {
        Some(Overlay::Palette(palette)) => palette.input.insert(text),
        Some(Overlay::Form(form)) => form.paste(text),
        _ => {}
    }
}

/// A palette line given whole by another front end: run as Enter runs it, and why it could
/// not run left as the notice rather than in a palette reopened.
pub(crate) fn run_line(state: &mut AppState, line: &str) -> Vec<Effect> {
    let palette = crate::tui::state::Palette { input: TextInput::new(line), ..Default::default() };
    let effects = run_palette(state, palette);
    if let Some(Overlay::Palette(palette)) = &state.transient.overlay {
        state.transient.notice = palette.error.clone();
        state.transient.overlay = None;
    }
    effects
}

fn run_palette(state: &mut AppState, palette: crate::tui::state::Palette) -> Vec<Effect> {
    let typed = palette.input.value().trim().to_string();
    let line = if typed.is_empty() {
        suggestions("").get(palette.selected).map(|e| e.name.to_string()).unwrap_or_default()
    } else {
        typed
    };
    let parsed = parse(&line);
    let kept = if parsed.is_ok() { outside::remember(state, &line) } else { Vec::new() };
    let mut effects = run_parsed(state, palette, parsed);
    effects.extend(kept);
    effects
}

fn run_parsed(
    state: &mut AppState,
    palette: crate::tui::state::Palette,
    parsed: Result<PaletteAction, String>,
) -> Vec<Effect> {
    match parsed {
        Ok(PaletteAction::Run(command)) => commands::run(state, command),
        Ok(PaletteAction::Profile(Some(name))) => outside::switch_profile(state, &name),
        Ok(PaletteAction::Profile(None)) => outside::next_profile(state),
        Ok(PaletteAction::Filter(text)) => {
            if !state.showing_list() {
                state.transient.notice = Some("This pane has no list to filter.".into());
                return Vec::new();
            }
            state.transient.filter_input = TextInput::new(&text);
            apply_filter(state).into_iter().collect()
        }
        Ok(PaletteAction::Group(group)) => {
            state.panes.exchanges.query.group = Some(group);
            state.panes.chain = None;
            let mut effects = navigate::go_to_inbox(state);
            if !state.org.store.exchanges.is_loading() {
                effects.extend(fetch(state, Slot::Exchanges));
            }
            effects
        }
        Ok(PaletteAction::Orgs(name)) => {
            let done = super::group::from_palette(state, &name);
            reopen_on_error(state, palette, done)
        }
        Ok(PaletteAction::Write(write)) => forms::palette::from_palette(state, write),
        Ok(PaletteAction::Assign(to)) => {
            let done = crate::tui::update::team::from_palette(state, &to);
            reopen_on_error(state, palette, done)
        }
        Ok(PaletteAction::Sort(words)) => {
            let done = super::sort::from_palette(state, &words);
            reopen_on_error(state, palette, done)
        }
        Ok(PaletteAction::View(name)) => {
            let done = super::saved_view::from_palette(state, &name);
            reopen_on_error(state, palette, done)
        }
        Ok(PaletteAction::Snooze(when)) => {
            let done = snooze::from_palette(state, when.as_deref());
            reopen_on_error(state, palette, done)
        }
        Err(message) => reopen_on_error(state, palette, Err(message)),
    }
}

/// The effects of a palette line that ran, or the palette open again with why it could not.
fn reopen_on_error(
    state: &mut AppState,
    mut palette: crate::tui::state::Palette,
    done: Result<Vec<Effect>, String>,
) -> Vec<Effect> {
    match done {
        Ok(effects) => effects,
        Err(message) => {
            palette.error = Some(message);
            state.transient.overlay = Some(Overlay::Palette(palette));
            Vec::new()
        }
    }
}

/// Reads a date field as the CLI reads `--since`: empty is `None`, else a day in any of
/// the forms of [`days::ACCEPTED`], relative to today in the dashboard's zone.
fn date_field(field: &mut Field, today: NaiveDate) -> Result<Option<NaiveDate>, ()> {
    let Some(value) = field.optional() else { return Ok(None) };
    days::parse_day(&value, today).map(Some).map_err(|problem| field.add_error(&problem))
}

/// Reads a range of days; each wrong day, or an end before the start, is marked.
fn day_range(
    days: &mut DayRange,
    today: NaiveDate,
) -> Option<(Option<NaiveDate>, Option<NaiveDate>)> {
    let start = date_field(&mut days.start, today);
    let end = date_field(&mut days.end, today);
    let (Ok(start), Ok(end)) = (start, end) else { return None };
    if let (Some(s), Some(e)) = (start, end)
        && e < s
    {
        days.end.add_error("The end is before the start.");
        return None;
    }
    Some((start, end))
}

fn submit_form(state: &mut AppState, mut form: Form) -> Vec<Effect> {
    form.clear_errors();
    if form.is_login() {
        return submit_login(state, form);
    }
    let today = state.env.zone.date(state.env.now);
    let slot = match &mut form.fields {
        Fields::ExchangeQuery(fields) => day_range(&mut fields.days, today).map(|(start, end)| {
            let query = &mut state.panes.exchanges.query;
            query.group = Some(fields.group.value().clone());
            query.campaign_id = *fields.campaign.value();
            query.start_date = start;
            query.end_date = end;
            Slot::Exchanges
        }),
        Fields::MeetingQuery(days) => day_range(days, today).map(|(start, end)| {
            state.panes.meetings.query.start_date = start;
            state.panes.meetings.query.end_date = end;
            Slot::Meetings
        }),
        Fields::Login(_) | Fields::Contact(_) | Fields::Dnc(_) | Fields::Conversion(_) => {
            return Vec::new();
        }
    };
    let Some(slot) = slot else {
        form.focus_first_error();
        state.transient.overlay = Some(Overlay::Form(form));
        return Vec::new();
    };
    let _ = commands::run(state, Command::Top);
    fetch(state, slot).into_iter().collect()
}
