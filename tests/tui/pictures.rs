//! Pictures on a large screen: the 14-day trends of the Campaigns and Bots lists, the
//! Bots list's results of the range, the funnel and "when do they answer" of a campaign,
//! the warm-up curve of a bot — in each `[ui] graph` style, readable without colour.

use crate::common;

use common::*;
use crossterm::event::KeyCode;
use outreach_tui::config::Graph;
use outreach_tui::tui::state::AppState;
use outreach_tui::tui::theme::Theme;

fn large(graph: Graph, theme: Theme) -> AppState {
    let settings = outreach_tui::tui::state::UiSettings { graph, ..settings(theme) };
    let mut state = AppState::new(settings, 200, 50, now());
    act(&mut state, outreach_tui::tui::action::Action::Connected(Ok(info())));
    state
}

/// The line of the screen that holds `text`.
fn line_with(screen: &str, text: &str) -> String {
    screen.lines().find(|l| l.contains(text)).unwrap_or_else(|| panic!("{text}:\n{screen}")).into()
}

/// Scrolls the open detail down until `text` is on screen.
fn scroll_to(state: &mut AppState, text: &str) -> String {
    for _ in 0..120 {
        let shown = screen(state);
        if shown.contains(text) {
            return shown;
        }
        act(state, ch('j'));
    }
    panic!("never shown: {text}\n{}", screen(state));
}

#[test]
fn at_200_columns_campaigns_show_a_14_day_trend_with_gaps_before_a_campaign_existed() {
    let mut state = large(Graph::Block, Theme::default());
    act(&mut state, ch('2'));
    let shown = screen(&state);
    assert!(line_with(&shown, "Name").contains("Trend 14d"), "{shown}");
    // Spring launch: replies on 4 May (one), 8 May (two) and 9 May... a day a cell, today last.
    assert!(line_with(&shown, "Spring launch").contains("········█···██"), "{shown}");
    // Q2 enterprise was created on 2 May: the days before are blank, not zeros.
    assert!(line_with(&shown, "Q2 enterprise").contains("PENDING          ···█···"), "{shown}");
}

#[test]
fn the_bots_list_shows_each_bots_replies_meetings_and_trend_as_the_results_count_them() {
    let mut state = large(Graph::Ascii, Theme::monochrome());
    act(&mut state, ch('5'));
    let shown = screen(&state);
    let header = line_with(&shown, "E-mail");
    for column in ["Replies", "Meetings", "Trend 14d"] {
        assert!(header.contains(column), "{header}");
    }
    // The same tally as `bots show` (one definition: crate::results).
    let store = &state.org.store;
    let today = state.env.zone.date(state.env.now);
    let basis = outreach_tui::results::Basis {
        window: outreach_tui::results::Window::last_days(today, 30),
        zone: &state.env.zone,
        now: state.env.now,
    };
    let ada = outreach_tui::results::Tally::of(
        store.range_replies.items(),
        store.range_meetings.items(),
        &basis,
        outreach_tui::results::Who::Bot(1),
    );
    assert!(ada.replies > 0 && ada.meetings.booked > 0, "{ada:?}");
    let row = line_with(&shown, "ada@northwind.test");
    let numbers = format!(" {:>7} {:>8} ", ada.replies, ada.meetings.booked);
    assert!(row.contains(&numbers), "{numbers:?} in {row}");
    // ASCII: a gap is blank, a day without replies `_`, replies `.:|#`.
    assert!(row.contains("___"), "{row}");
    assert!(row.chars().all(|c| c.is_ascii() || "│✓✗".contains(c)), "{row}");
    // The upload form's bot picker shows the same numbers (`writes_forms`).
    assert_eq!((ada.replies, ada.meetings.booked), (7, 6));
}

#[test]
fn the_campaign_detail_draws_the_funnel_and_when_they_answer_in_every_style() {
    for (graph, most) in [(Graph::Block, '█'), (Graph::Braille, '⣿'), (Graph::Ascii, '#')] {
        let mut state = large(graph, Theme::monochrome());
        act(&mut state, ch('2'));
        act(&mut state, key(KeyCode::Enter));
        let shown = scroll_to(&mut state, "own time zone");
        // Bars with their numbers: meaning in shape and words, not colour.
        let replied = line_with(&shown, "Replied");
        assert!(replied.contains(most) && replied.contains("100%"), "{graph:?}: {replied}");
        assert!(line_with(&shown, "Meeting booked").contains('%'), "{shown}");
        assert!(shown.contains("When do they answer"), "{shown}");
        for day in ["Mon ", "Sun "] {
            assert!(shown.contains(day), "{shown}");
        }
        assert!(line_with(&shown, "18  hour").contains("00"), "{shown}");
        assert!(shown.contains("in each contact's own time zone"), "{shown}");
    }
}

#[test]
fn the_bot_detail_draws_the_warmup_curve_with_today_marked() {
    for (graph, mark) in [(Graph::Block, '▲'), (Graph::Braille, '▲'), (Graph::Ascii, '^')] {
        let mut state = large(graph, Theme::monochrome());
        // Lee's warm-up: 20 a day from 4 May, +5 a day, 50 from day 6; now is day 4.
        act(&mut state, ch('5'));
        act(&mut state, ch('/'));
        type_text(&mut state, "lee@");
        act(&mut state, key(KeyCode::Enter));
        act(&mut state, key(KeyCode::Enter));
        let shown = scroll_to(&mut state, "today: day");
        let tick = if graph == Graph::Ascii { "50 a day +" } else { "50 a day ┤" };
        assert!(shown.contains(tick), "{shown}");
        assert!(line_with(&shown, "today: day 4, 40/50 a day").contains(mark), "{shown}");
        assert!(shown.contains("at its limit from day 6"), "{shown}");
        assert!(line_with(&shown, "day 0").contains("day 6"), "{shown}");
    }
}

/// The per-day chart of a detail's results and the warm-up gauge follow `[ui] graph`: in
/// ASCII, no block or braille character is left in them.
#[test]
fn the_per_day_chart_and_the_warmup_gauge_are_drawn_in_the_graph_style() {
    let ascii = |line: &str| line.chars().all(|c| c.is_ascii() || c == '│');
    for graph in [Graph::Block, Graph::Braille, Graph::Ascii] {
        let mut state = large(graph, Theme::monochrome());
        act(&mut state, ch('2'));
        act(&mut state, key(KeyCode::Enter));
        let shown = scroll_to(&mut state, "Per day");
        let heading = line_with(&shown, "Per day");
        let replies = shown.lines().skip_while(|l| !l.contains("Per day")).nth(1).unwrap_or("");
        assert!(replies.contains("Replies"), "{shown}");
        assert_eq!(ascii(replies), graph == Graph::Ascii, "{graph:?}: {replies}");
        if graph == Graph::Braille {
            assert!(replies.chars().any(|c| ('⠀'..='⣿').contains(&c)), "{replies}");
            assert!(heading.contains("a cell per 2 days"), "{heading}");
        }
        act(&mut state, ch('5'));
        act(&mut state, ch('/'));
        type_text(&mut state, "lee@");
        act(&mut state, key(KeyCode::Enter));
        act(&mut state, key(KeyCode::Enter));
        let line = line_with(&screen(&state), "Warm-up today");
        let gauge = line.split("Warm-up today").nth(1).unwrap_or("").split_whitespace().next();
        assert_eq!(gauge.map(ascii), Some(graph == Graph::Ascii), "{graph:?}: {line}");
    }
}

/// The Overview's bars of counts are drawn in the `[ui] graph` style too.
#[test]
fn the_overviews_bars_follow_the_graph_style() {
    for (graph, mark) in [(Graph::Block, "■■"), (Graph::Ascii, "##")] {
        let mut state = large(graph, Theme::monochrome());
        act(&mut state, ch('1'));
        let shown = screen(&state);
        assert!(shown.contains(mark), "{graph:?}:\n{shown}");
        assert_eq!(shown.contains('■'), graph == Graph::Block, "{graph:?}:\n{shown}");
    }
}

#[test]
fn trends_are_counted_by_a_worker_for_the_rows_in_view_only() {
    // A short screen: two of the five campaigns in view.
    let settings = settings(Theme::default());
    let mut state = AppState::new(settings, 200, 7, now());
    act(&mut state, outreach_tui::tui::action::Action::Connected(Ok(info())));
    let effects = outreach_tui::tui::update::update(&mut state, ch('2'));
    let asked = |effects: &[outreach_tui::tui::action::Effect]| {
        effects
            .iter()
            .filter(|e| matches!(e, outreach_tui::tui::action::Effect::CountTrends(_)))
            .count()
    };
    assert_eq!(asked(&effects), 1, "the count is an effect for a worker: {effects:?}");
    assert!(state.org.trends.trends.campaigns.is_empty(), "nothing counted on the UI thread");
    answer(&mut state, effects);
    let shown = screen(&state);
    let in_view = ["Q2 enterprise", "Spring launch"].map(|name| shown.contains(name));
    assert_eq!(in_view, [true, true], "{shown}");
    let counted = |state: &AppState| state.org.trends.trends.campaigns.len();
    assert_eq!(counted(&state), 2, "the two rows in view");
    // Moving within the rows already counted asks nothing; scrolling on asks for the new.
    let effects = outreach_tui::tui::update::update(&mut state, ch('j'));
    assert_eq!(asked(&effects), 0);
    answer(&mut state, effects);
    for _ in 0..4 {
        act(&mut state, ch('j'));
    }
    assert_eq!(counted(&state), 5, "every row has come into view");
}

#[test]
fn a_long_range_is_counted_by_a_worker_as_the_commands_count_it() {
    use outreach_tui::api::Exchange;
    use outreach_tui::tui::action::{Action, Effect};
    use outreach_tui::tui::model::Slot;
    use outreach_tui::tui::resource::{RangeMeetings, RangeReplies, loaded};
    use outreach_tui::tui::update::update;
    let mut state = large(Graph::Ascii, Theme::monochrome());
    act(&mut state, ch('2'));
    // The fixture's replies and as many more as a worker counts, in the range.
    let mut replies = fixtures::exchanges();
    let filler = replies[0].clone();
    replies.extend(
        (0..outreach_tui::tui::census::CENSUS_ROWS)
            .map(|i| Exchange { id: 5_000_000 + i as i64, ..filler.clone() }),
    );
    let mut effects = update(&mut state, ch('t'));
    let mut counted = None;
    while let Some(effect) = effects.pop() {
        let next = match effect {
            Effect::Fetch(fetch) if fetch.slot == Slot::RangeReplies => update(
                &mut state,
                loaded::<RangeReplies>(fetch.req_id, Ok(listed(replies.clone()))),
            ),
            Effect::Fetch(fetch) if fetch.slot == Slot::RangeMeetings => {
                update(&mut state, loaded::<RangeMeetings>(fetch.req_id, Ok(listed(meetings()))))
            }
            Effect::CountResults(job) => {
                counted = Some(job);
                Vec::new()
            }
            _ => Vec::new(),
        };
        effects.extend(next);
    }
    let job = counted.expect("a long range is counted off the UI thread");
    let basis = outreach_tui::results::Basis {
        window: state.range_window(),
        zone: &state.env.zone,
        now: state.env.now,
    };
    let expected = outreach_tui::results::Results::compute(&replies, &meetings(), &basis);
    assert_ne!(state.org.results, expected, "not counted on this thread");
    let took = update(&mut state, Action::ResultsCounted(std::sync::Arc::new(job.perform())));
    answer(&mut state, took);
    assert_eq!(state.org.results, expected);
}
