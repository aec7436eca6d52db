//! The line mode: the dashboard's core — the same state, `update` and runner — told what
//! to do by lines typed on standard input, and saying what happens in lines on standard
//! output, for screen readers, braille displays, slow links and `TERM=dumb`. No alternate
//! screen, no box drawing, no spinner, nothing redrawn in place: numbered rows, one line
//! for each change, a progress line at most every few seconds.

mod act;
mod heard;
mod input;
mod show;

use crate::tui::action::{Action, Effect};
use crate::tui::clocks::{next_refresh, refreshing, ticking};
use crate::tui::connect::Launch;
use crate::tui::intent::Intent;
use crate::tui::keymap::words::Then;
use crate::tui::outside::{Done, Job};
use crate::tui::state::{AppState, Overlay, UiSettings};
use crate::tui::{stores, update};
use chrono::Utc;
use heard::Heard;
use std::io::{self, Write};
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedReceiver;

/// The width e-mail chains and details are laid out for: the reader's device wraps lines,
/// so only very long ones are broken.
const WIDTH: u16 = 160;
/// The page the core moves by (page down, half a page): a screenful of a plain terminal.
const HEIGHT: u16 = 30;
/// At most one progress line this often while something is read.
const PROGRESS_EVERY: Duration = Duration::from_secs(3);
/// How long a line waits for what the one before it asked to be printed (rows loading, a
/// write in flight) before it is taken anyway.
const WAIT_AT_MOST: Duration = Duration::from_secs(60);

/// Whether the line mode opens rather than the dashboard: asked for (`--accessible`,
/// `ACCESSIBLE=1`, `[ui] accessible`), or a terminal that cannot show the dashboard.
pub fn chosen(asked: bool, configured: bool, term: Option<&str>) -> bool {
    asked || configured || term == Some("dumb")
}

/// Runs the line mode until `quit` or the end of input.
pub async fn run(launch: Launch, mut settings: UiSettings) -> io::Result<()> {
    // Bells and desktop notifications travel as bytes in the output: here the line says it.
    settings.alerts.bell = false;
    settings.alerts.desktop = false;
    settings.outside.hyperlinks = false;
    // The clipboard's sequence only means something to a terminal: into a pipe or a file
    // it would be a line of noise.
    settings.outside.copy &= std::io::IsTerminal::is_terminal(&io::stdout());
    settings.preview = crate::config::Preview::Off;
    // Pictures in the plainest characters: no box drawing, no blocks.
    settings.graph = crate::config::Graph::Ascii;
    settings.ask_background = None;
    let refresh = settings.refresh_every;
    let mut state = AppState::new(settings, WIDTH, HEIGHT, Utc::now());
    // What the core asks of the user it names by this front end's words, not keys.
    state.env.front = crate::tui::keymap::Front::Words;
    let (tx, answers) = tokio::sync::mpsc::unbounded_channel();
    let mut runner = stores::runner(tx, launch);
    // Ctrl-C, a closed terminal, `kill`: the conversation ends as `quit` ends it.
    let mut signals = crate::tui::terminal::Signals::new()?;
    let signal = async move {
        let which = signals.recv().await;
        tracing::warn!("{which}: the line mode ends");
    };
    let talk = Talk::new(io::stdout());
    let perform = |effect| runner.run(effect);
    let (lines, next) = input::lines();
    let state = talk.run(state, (lines, next), answers, perform, signal, refresh).await?;
    stores::keep_last_look(update::last_look_to_keep(&state)).await;
    Ok(())
}

/// The conversation: what was said last, what the user waits for, where the rows stand.
struct Talk<W: Write> {
    out: W,
    heard: Heard,
    /// What the last line asked to print, and since when it waits.
    wants: Option<(Then, Instant)>,
    /// Where `more` goes on in the list printed last.
    next_row: usize,
    /// When the last progress line was said.
    progress: Option<Instant>,
    /// A key entered is being checked against the API: the next line waits for the answer.
    checking_key: bool,
}

impl<W: Write> Talk<W> {
    fn new(out: W) -> Talk<W> {
        Talk {
            out,
            heard: Heard::default(),
            wants: None,
            next_row: 0,
            progress: None,
            checking_key: false,
        }
    }

    async fn run(
        mut self,
        mut state: AppState,
        (mut lines, next): (UnboundedReceiver<String>, input::Next),
        mut answers: UnboundedReceiver<Action>,
        mut perform: impl FnMut(Effect) -> bool,
        signal: impl std::future::Future<Output = ()>,
        refresh: Option<Duration>,
    ) -> io::Result<AppState> {
        let mut signal = std::pin::pin!(signal);
        self.say(&["outreach, line mode. Type help for the words, quit to leave.".to_string()])?;
        let mut quit = false;
        for effect in update::start(&mut state) {
            quit |= self.effect(&mut state, effect, &mut perform)?;
        }
        // Opened on a group: its lines are what is said first, once read.
        if state.group.is_group() {
            self.wants = Some((Then::Rows, Instant::now()));
        }
        self.after(&mut state, &mut perform)?;
        let mut clock = ticking(Duration::from_secs(1));
        let mut refresh = refreshing(refresh);
        let mut input_ended = false;
        while !quit {
            let listening = !input_ended && !self.waits(&state);
            let mut actions = Vec::new();
            let mut heard_line = false;
            tokio::select! {
                biased;
                Some(action) = answers.recv() => actions.push(action),
                line = lines.recv(), if listening => match line {
                    Some(line) => {
                        heard_line = true;
                        let reply = act::reply(&state, &line);
                        if !reply.actions.is_empty() {
                            self.heard.forget_notice();
                        }
                        self.say(&reply.lines)?;
                        if reply.more {
                            self.more(&state)?;
                        }
                        quit |= reply.quit;
                        if let Some(then) = reply.then {
                            self.wants = Some((then, Instant::now()));
                        }
                        actions.extend(reply.actions);
                    }
                    None => input_ended = true,
                },
                _ = &mut signal => break,
                _ = clock.tick() => actions.push(Action::Tick(Utc::now())),
                _ = next_refresh(&mut refresh) => actions.push(Action::AutoRefresh),
            }
            while let Ok(more) = answers.try_recv() {
                actions.push(more);
            }
            for action in actions {
                if matches!(action, Action::LoggedIn(_)) {
                    self.checking_key = false;
                }
                for effect in update::update(&mut state, action) {
                    quit |= self.effect(&mut state, effect, &mut perform)?;
                }
            }
            self.after(&mut state, &mut perform)?;
            if heard_line {
                next.read();
            }
            // Input ended: what the last line asked is printed, then the conversation ends.
            if input_ended && !self.waits(&state) {
                break;
            }
        }
        Ok(state)
    }

    /// Hands an effect to the runner, but what this front end does itself: paging prints,
    /// the terminal's bytes are not written. Says whether to quit.
    fn effect(
        &mut self,
        state: &mut AppState,
        effect: Effect,
        perform: &mut impl FnMut(Effect) -> bool,
    ) -> io::Result<bool> {
        match effect {
            Effect::Announce(_) | Effect::Repaint => Ok(false),
            effect @ Effect::Login(_) => {
                self.checking_key = true;
                Ok(perform(effect))
            }
            Effect::Outside(Job::Page(text)) => {
                self.say(&text.lines().map(str::to_string).collect::<Vec<_>>())?;
                self.paged(state, perform)
            }
            Effect::Outside(Job::PageChain { .. }) => {
                let lines = show::item(state).unwrap_or_default();
                self.say(&lines)?;
                self.paged(state, perform)
            }
            // The editor gets the terminal as it is (no screen to leave and come back to);
            // no line is read meanwhile.
            Effect::Outside(Job::Edit { req_id, text }) => {
                self.out.flush()?;
                let command = crate::term::programs::editor();
                let result = crate::term::programs::edit(&command, &text);
                let done = Done::Edited { req_id, result: result.map_err(|e| e.to_string()) };
                let mut quit = false;
                for effect in update::update(state, Action::Outside(done)) {
                    quit |= self.effect(state, effect, perform)?;
                }
                Ok(quit)
            }
            effect => Ok(perform(effect)),
        }
    }

    /// Tells the core the "pager" is done, as the runner would after it.
    fn paged(
        &mut self,
        state: &mut AppState,
        perform: &mut impl FnMut(Effect) -> bool,
    ) -> io::Result<bool> {
        let mut quit = false;
        for effect in update::update(state, Action::Outside(Done::Paged(Ok(())))) {
            quit |= self.effect(state, effect, perform)?;
        }
        Ok(quit)
    }

    /// After a batch: what changed is said, a brief is said and closed, what the user asked
    /// for is printed once it is there, and a progress line while it is read.
    fn after(
        &mut self,
        state: &mut AppState,
        perform: &mut impl FnMut(Effect) -> bool,
    ) -> io::Result<()> {
        let now = Heard::of(state);
        let news = now.news(&self.heard);
        self.heard = now;
        self.say(&news)?;
        if matches!(state.transient.overlay, Some(Overlay::Brief(_))) {
            for effect in update::update(state, Action::Intent(Intent::Cancel)) {
                self.effect(state, effect, perform)?;
            }
            self.heard = Heard::of(state);
        }
        let Some((then, since)) = self.wants else { return Ok(()) };
        let printed = match then {
            Then::Said => !self.writing(state),
            Then::Selected => {
                self.say(&show::selected(state))?;
                true
            }
            Then::Rows if show::loading(state) => false,
            Then::Rows => {
                let (lines, next) = show::rows(state, 0);
                self.next_row = next;
                self.say(&lines)?;
                true
            }
            Then::Item => match show::item(state) {
                Some(lines) => {
                    self.say(&lines)?;
                    true
                }
                // Nothing opened (an empty list, a remark said why): nothing to wait for.
                None => {
                    state.opened_chain().is_none()
                        && state.current_detail().is_none()
                        && !show::loading(state)
                }
            },
        };
        if printed || since.elapsed() > WAIT_AT_MOST {
            self.wants = None;
            self.progress = None;
        } else if self.progress.is_none_or(|at| at.elapsed() >= PROGRESS_EVERY)
            && then != Then::Said
        {
            let waited = since.elapsed().as_secs();
            let words = show::loading_words(state);
            let line = if waited == 0 {
                format!("Reading {words}…")
            } else {
                format!("Still reading {words}, {waited} s…")
            };
            self.progress = Some(Instant::now());
            self.say(&[line])?;
        }
        Ok(())
    }

    /// A write is in flight, or a key is being checked.
    fn writing(&self, state: &AppState) -> bool {
        state.transient.submission.is_some() || self.checking_key
    }

    /// Whether the next line waits: still connecting, or what the last asked is not
    /// printed yet.
    fn waits(&self, state: &AppState) -> bool {
        let connecting =
            matches!(state.server.connection, crate::tui::model::Connection::Connecting);
        connecting || self.wants.is_some() || self.writing(state)
    }

    /// `more`: the next rows of the list printed last.
    fn more(&mut self, state: &AppState) -> io::Result<()> {
        let (lines, next) = show::rows(state, self.next_row);
        if next == self.next_row || lines.is_empty() {
            return self.say(&["No more rows.".to_string()]);
        }
        self.next_row = next;
        self.say(&lines)
    }

    /// Writes lines, each sanitised (API text is in most of them).
    fn say(&mut self, lines: &[String]) -> io::Result<()> {
        for line in lines {
            writeln!(self.out, "{}", crate::text::sanitize(line).trim_end())?;
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn asked_configured_or_a_dumb_terminal_chooses_the_line_mode() {
        let xterm = Some("xterm-256color");
        assert!(!super::chosen(false, false, xterm));
        assert!(!super::chosen(false, false, None), "no TERM at all is not dumb");
        assert!(super::chosen(true, false, xterm));
        assert!(super::chosen(false, true, xterm));
        assert!(super::chosen(false, false, Some("dumb")));
    }
}
