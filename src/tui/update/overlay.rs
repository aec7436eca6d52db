//! Keys of what is drawn over the pane: the help, the command palette, forms (the
//! server-side filters of Exchanges and Meetings; write forms go to `forms`) and the
//! confirmation dialog.

use crate::clock::days;
use crate::tui::action::Effect;
use crate::tui::command::Command;
use crate::tui::form::{DayRange, Field, Fields, Form, FormOutcome};
use crate::tui::input::TextInput;
use crate::tui::intent::{Intent, Move};
use crate::tui::keymap::intents::Dialog;
use crate::tui::layout::state_areas;
use crate::tui::model::Slot;
use crate::tui::palette::{PaletteAction, parse, suggestions};
use crate::tui::state::{AppState, Overlay};
use crate::tui::update::commands::NO_LIST_TO_FILTER;
use crate::tui::update::fetch::fetch;
use crate::tui::update::forms;
use crate::tui::update::login::submit_login;
use crate::tui::update::navigate::apply_filter;
use crate::tui::update::{commands, navigate, outside, snooze};
use crate::tui::widgets::help;
use chrono::NaiveDate;

/// What is open, as far as its answers differ.
pub(crate) fn dialog(overlay: &Overlay) -> Dialog {
    match overlay {
        Overlay::Confirm(confirm) => Dialog::Confirm { force: confirm.force },
        Overlay::Snooze(prompt) => Dialog::Snooze { typed: !prompt.input.value().is_empty() },
        Overlay::Assign(_) => Dialog::Assign,
        Overlay::Brief(_) => Dialog::Brief,
        Overlay::Form(form) if form.discarding => Dialog::Discard,
        Overlay::Form(form) => Dialog::Form(form.focus_keys()),
        Overlay::Help { .. } => Dialog::Help,
        Overlay::Palette(_) => Dialog::Palette,
    }
}

/// An intent given to what is open (a dialog, the filter being typed); with nothing open,
/// a pick selects that row of the list in view (or the group's line, where they show).
pub(crate) fn on_intent(state: &mut AppState, intent: Intent) -> Vec<Effect> {
    match state.transient.overlay.take() {
        Some(overlay) => answer(state, overlay, intent),
        None if state.transient.filtering => super::filter::on_intent(state, intent),
        None => {
            if let Intent::Pick(position) = intent {
                if crate::tui::update::needs::is_open(state) {
                    state.panes.needs_row = position;
                } else if !super::group::pick(state, position) {
                    navigate::select_row(state, position);
                }
            }
            Vec::new()
        }
    }
}

fn answer(state: &mut AppState, overlay: Overlay, intent: Intent) -> Vec<Effect> {
    match overlay {
        // The editor takes the focused field and gives it back (`outside::on_done`).
        form @ Overlay::Form(_) if intent == Intent::OpenEditor => {
            state.transient.overlay = Some(form);
            outside::edit_field(state)
        }
        Overlay::Form(form) if form.is_write() => forms::on_form_intent(state, form, intent),
        Overlay::Form(form) => on_form_intent(state, form, intent),
        Overlay::Confirm(confirm) => forms::on_confirm(state, confirm, intent),
        Overlay::Snooze(prompt) => snooze::on_prompt(state, prompt, intent),
        Overlay::Assign(picker) => crate::tui::update::team::on_picker(state, picker, intent),
        Overlay::Brief(_) => crate::tui::update::brief::on_answer(state, &intent),
        Overlay::Help { scroll } => {
            on_help_intent(state, scroll, intent);
            Vec::new()
        }
        Overlay::Palette(palette) => on_palette_intent(state, palette, intent),
    }
}

/// The palette's line: edited, completed from the suggestion chosen, the suggestions or
/// the lines run before walked through, run, or closed.
fn on_palette_intent(
    state: &mut AppState,
    mut palette: crate::tui::state::Palette,
    intent: Intent,
) -> Vec<Effect> {
    let history = outside::history(state);
    let recalling = palette.recalls(&history);
    let count = suggestions(palette.input.value()).len();
    match intent {
        Intent::Cancel | Intent::No => return Vec::new(),
        Intent::Submit | Intent::Yes | Intent::YesDespiteChecks => {
            return run_palette(state, palette);
        }
        Intent::Complete => {
            if let Some(entry) = suggestions(palette.input.value()).get(palette.selected) {
                let space = if entry.args.is_empty() { "" } else { " " };
                palette.input = TextInput::new(&format!("{}{space}", entry.name));
            }
        }
        Intent::Next | Intent::Previous if recalling => {
            palette.recall(&history, intent == Intent::Previous);
        }
        Intent::Next => palette.selected = (palette.selected + 1).min(count.saturating_sub(1)),
        Intent::Previous => palette.selected = palette.selected.saturating_sub(1),
        Intent::Pick(choice) => palette.selected = choice,
        Intent::Type(text) => palette.input = TextInput::new(&text),
        Intent::Edit(key) => {
            palette.input.handle_key(&key);
        }
        Intent::Insert(text) => palette.input.insert(&text),
        Intent::Move(_) | Intent::Cycle { .. } | Intent::OpenEditor => {}
    }
    palette.error = None;
    let count = suggestions(palette.input.value()).len();
    palette.selected = palette.selected.min(count.saturating_sub(1));
    state.transient.overlay = Some(Overlay::Palette(palette));
    Vec::new()
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

/// The help scrolls as it is moved through; only a cancel (back, help or quit, as the
/// keymap binds them) closes it. Any other answer leaves it open.
fn on_help_intent(state: &mut AppState, scroll: usize, intent: Intent) {
    let most = help::max_scroll(&crate::tui::resource::help_view(state), state_areas(state).body);
    let page = usize::from(state_areas(state).body.height.saturating_sub(4)).max(1);
    let scroll = scroll.min(most);
    let scroll = match intent {
        Intent::Cancel | Intent::No => return,
        Intent::Move(Move::Down) | Intent::Next => scroll + 1,
        Intent::Move(Move::Up) | Intent::Previous => scroll.saturating_sub(1),
        Intent::Move(Move::PageDown) => scroll + page,
        Intent::Move(Move::PageUp) => scroll.saturating_sub(page),
        Intent::Move(Move::HalfPageDown) => scroll + page / 2,
        Intent::Move(Move::HalfPageUp) => scroll.saturating_sub(page / 2),
        Intent::Move(Move::Top) => 0,
        Intent::Move(Move::Bottom) => most,
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
                state.transient.notice = Some(NO_LIST_TO_FILTER.into());
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
        Ok(PaletteAction::Write(write)) if state.group.merges(state.panes.pane) => {
            let done = super::group_forms::from_palette(state, write);
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
    let mut effects: Vec<Effect> = fetch(state, slot).into_iter().collect();
    effects.extend(super::group_panes::range_changed(state, slot));
    effects
}
