//! Campaigns: a table (name, status, created, tracking) and a detail with every setting,
//! the ten auto-pilot flags read as "auto" or "review".

use super::super::rows::{CAMPAIGN_COLUMNS, campaign_cells};
use super::super::state::AppState;
use super::super::theme::Theme;
use super::super::widgets::detail::{field, heading, styled_field, yes_no};
use super::super::widgets::table::{Column, cell};
use super::{list_title, render_detail, render_list};
use crate::api::{Campaign, CampaignStatus};
use crate::text::sanitize;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;

const COLUMNS: [Column; 4] = [
    Column::new(CAMPAIGN_COLUMNS[0], 16, 48, 0),
    Column::new(CAMPAIGN_COLUMNS[1], 9, 12, 1),
    Column::new(CAMPAIGN_COLUMNS[2], 16, 16, 2),
    Column::new(CAMPAIGN_COLUMNS[3], 10, 10, 3),
];

pub fn status_style(status: &CampaignStatus, theme: &Theme) -> Style {
    match status {
        CampaignStatus::Active => theme.positive,
        CampaignStatus::Pending => theme.warning,
        CampaignStatus::Completed => theme.dim,
        CampaignStatus::Unknown(_) => theme.text,
    }
}

pub fn render(frame: &mut Frame, area: Rect, state: &AppState) {
    if state.campaigns.detail.is_some() {
        return render_detail(frame, area, state, "Campaign");
    }
    let theme = &state.theme;
    let remote = &state.store.campaigns;
    let list = &state.campaigns.list;
    let title = list_title(state, "Campaigns", remote, list, Vec::new());
    render_list(frame, area, state, "campaigns", remote, list, title, &COLUMNS, |campaign, _| {
        let [name, status, created, tracking] = campaign_cells(campaign, &state.zone);
        vec![
            cell(name, theme.text),
            cell(status, status_style(&campaign.status, theme)),
            cell(created, theme.dim),
            cell(tracking, theme.text),
        ]
    });
}

pub fn detail_lines(campaign: &Campaign, state: &AppState) -> Vec<Line<'static>> {
    let theme = &state.theme;
    let created =
        campaign.created_at.map(|t| state.zone.date_time(t.0)).unwrap_or_else(|| "unknown".into());
    let duration = campaign.meeting_duration.map_or("not set".to_string(), |d| d.to_string());
    let mut lines = vec![
        styled_field("Name", sanitize(&campaign.name), theme.title, theme),
        field("Id", campaign.id.to_string(), theme),
        styled_field(
            "Status",
            sanitize(campaign.status.as_str()),
            status_style(&campaign.status, theme),
            theme,
        ),
        field("Created", created, theme),
        field("Auto-enrich", yes_no(campaign.auto_enrich), theme),
        field("E-mail tracking", yes_no(campaign.email_tracking), theme),
        field("Link tracking", yes_no(campaign.link_tracking), theme),
        field("Disclaimer", yes_no(campaign.include_disclaimer), theme),
        field("Test mode", yes_no(campaign.test_mode), theme),
        field("Meeting duration", duration, theme),
        field("Unsubscribe", sanitize(campaign.unsubscribe_mode.as_str()), theme),
        Line::from(""),
        heading("Auto-pilot: auto = the assistant handles it, review = a person decides", theme),
    ];
    for (name, automatic) in campaign.auto_pilot_settings.flags() {
        let (word, style) =
            if automatic { ("auto", theme.positive) } else { ("review", theme.warning) };
        lines.push(styled_field(&format!("  {name}"), word, style, theme));
    }
    lines
}
