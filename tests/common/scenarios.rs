//! Every screen worth a look, as the keys that reach it from a freshly connected dashboard.

use super::*;
use crossterm::event::KeyCode;
use outreach_tui::tui::action::Action;
use outreach_tui::tui::model::ConnectFailure;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::update::update;

pub type Scenario = (&'static str, fn(&mut AppState));

pub fn keys(state: &mut AppState, keys: &[Action]) {
    for key in keys {
        act(state, key.clone());
    }
}

pub const SCENARIOS: &[Scenario] = &[
    ("overview", |_| {}),
    ("campaigns", |s| keys(s, &[ch('2')])),
    ("campaign_detail", |s| keys(s, &[ch('2'), key(KeyCode::Enter)])),
    ("exchanges", |s| keys(s, &[ch('3')])),
    ("chain", |s| keys(s, &[ch('3'), key(KeyCode::Enter)])),
    // The chain opens at the contact's reply, its second message.
    ("chain_unfolded_second_message", |s| keys(s, &[ch('3'), key(KeyCode::Enter), ch('T')])),
    ("exchange_filters_form", |s| keys(s, &[ch('3'), ch('f')])),
    // A jump from the selected campaign to its replies: the breadcrumb in the title.
    ("campaign_replies", |s| keys(s, &[ch('2'), ch('J')])),
    ("meetings", |s| keys(s, &[ch('4')])),
    ("meeting_detail", |s| keys(s, &[ch('4'), ch('j'), key(KeyCode::Enter)])),
    ("bots", |s| keys(s, &[ch('5')])),
    // The third bot once sorted by health: the one with a hostile name and failing checks.
    ("bot_detail", |s| keys(s, &[ch('5'), ch('j'), ch('j'), key(KeyCode::Enter)])),
    ("contacts", |s| keys(s, &[ch('6')])),
    ("contact_detail", |s| keys(s, &[ch('6'), key(KeyCode::Enter)])),
    ("contacts_filtering", |s| {
        keys(s, &[ch('6'), ch('/')]);
        type_text(s, "asia");
    }),
    ("contacts_no_match", |s| {
        keys(s, &[ch('6'), ch('/')]);
        type_text(s, "zzzz");
        act(s, key(KeyCode::Enter));
    }),
    ("help", |s| keys(s, &[ch('3'), ch('?')])),
    ("palette", |s| {
        act(s, ch(':'));
        type_text(s, "c");
    }),
    ("login", |s| {
        let failure = ConnectFailure {
            profile: "default".into(),
            message: "No API key for profile 'default'. Run `outreach auth login` to store one in the OS keyring, or set OUTREACH_API_KEY.".into(),
            needs_key: true,
            base_url: Some("https://api.example.com".into()),
        };
        update(s, Action::Connected(Err(failure)));
    }),
];
