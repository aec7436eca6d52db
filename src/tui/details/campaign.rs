//! A campaign's every setting, the ten auto-pilot flags read as "auto" or "review".

use crate::api::{Campaign, CampaignStatus};
use crate::present::tone;
use crate::text::sanitize;
use crate::tui::state::AppState;
use crate::tui::theme::Theme;
use crate::tui::widgets::detail::{field, heading, styled_field, yes_no};
use ratatui::style::Style;
use ratatui::text::Line;

pub fn status_style(status: &CampaignStatus, theme: &Theme) -> Style {
    theme.tone(tone::campaign_status(status))
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
