//! Contacts: a table (e-mail, name, tags, time zone, DNC) and a detail with custom data.

use super::super::rows::{CONTACT_COLUMNS, contact_cells};
use super::super::state::AppState;
use super::super::widgets::detail::{field, heading, styled_field};
use super::super::widgets::table::{Column, cell};
use super::{list_title, render_detail, render_list};
use crate::api::{Contact, JsonObject};
use crate::text::sanitize;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use serde_json::Value;

const COLUMNS: [Column; 5] = [
    Column::new(CONTACT_COLUMNS[0], 18, 32, 0),
    Column::new(CONTACT_COLUMNS[1], 14, 28, 2),
    Column::new(CONTACT_COLUMNS[2], 10, 48, 4),
    Column::new(CONTACT_COLUMNS[3], 16, 24, 3),
    Column::new(CONTACT_COLUMNS[4], 3, 3, 1),
];

pub fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.contacts.detail.is_some() {
        return render_detail(frame, area, state, "Contact");
    }
    let theme = &state.theme;
    let remote = &state.store.contacts;
    let list = &state.contacts.list;
    let title = list_title(state, "Contacts", remote, list, Vec::new());
    render_list(frame, area, state, "contacts", remote, list, title, &COLUMNS, |contact, _| {
        let [email, name, tags, zone, dnc] = contact_cells(contact);
        vec![
            cell(email, theme.text),
            cell(name, theme.text),
            cell(tags, theme.accent),
            cell(zone, theme.dim),
            cell(dnc, theme.negative),
        ]
    });
}

/// A JSON value on one line: strings bare, everything else as compact JSON.
pub fn value_text(value: &Value) -> String {
    match value {
        Value::String(text) => sanitize(text),
        Value::Null => "—".into(),
        other => sanitize(&other.to_string()),
    }
}

/// `custom_data` as indented `key  value` lines, keys in order.
pub fn custom_data_lines(data: &JsonObject, state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.theme;
    if data.is_empty() {
        return vec![field("  (none)", "", theme)];
    }
    data.iter()
        .map(|(key, value)| field(&format!("  {}", sanitize(key)), value_text(value), theme))
        .collect()
}

pub fn detail_lines(contact: &Contact, state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.theme;
    let name = format!("{} {}", contact.first_name, contact.last_name);
    let dnc = if contact.dnc {
        styled_field(
            "Do not contact",
            "yes — on a DNC list (address or domain)",
            theme.negative,
            theme,
        )
    } else {
        field("Do not contact", "no", theme)
    };
    let mut lines = vec![
        styled_field("E-mail", sanitize(&contact.email), theme.title, theme),
        field("Name", sanitize(name.trim()), theme),
        field("Id", contact.id.to_string(), theme),
        dnc,
        field("Tags", sanitize(&contact.tags.join(", ")), theme),
        field("Time zone", contact.timezone.as_deref().map(sanitize).unwrap_or_default(), theme),
        Line::from(""),
        heading("Custom data", theme),
    ];
    lines.extend(custom_data_lines(&contact.custom_data, state));
    lines
}
