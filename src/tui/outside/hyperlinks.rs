//! OSC 8 over a drawn frame: the cells of each visible link drawn again inside a link
//! (see [`crate::term::links`] for why after the frame and not in it).

use crate::term::links::{self, LinkSpan};
use crate::tui::state::AppState;
use crossterm::cursor::{RestorePosition, SavePosition};
use crossterm::queue;
use ratatui::backend::Backend;
use ratatui::buffer::{Buffer, Cell};
use std::io::{self, Write};

/// A link found on screen with the cells it covers.
pub struct Drawn {
    span: LinkSpan,
    cells: Vec<(u16, u16, Cell)>,
}

/// The URLs the screen may show cut or wrapped: every link of the open chain, and the
/// meetings' links.
fn known_urls(state: &AppState) -> Vec<String> {
    let mut known = Vec::new();
    if let Some(chain) = &state.panes.chain {
        known.extend(chain.layout.links.iter().flatten().cloned());
    }
    known.extend(state.org.store.meetings.items().iter().filter_map(|m| m.meeting_link.clone()));
    known
}

/// The links in `buffer` on a chain, or on a pane whose items carry links (`items_linked`:
/// the Meetings pane); nothing when `[ui] hyperlinks = false`.
pub fn find(buffer: &Buffer, state: &AppState, items_linked: bool) -> Vec<Drawn> {
    // Links of chains and meetings only: a URL-looking name in a table stays text.
    let chain = state.opened_chain().or(state.previewed_chain()).is_some();
    if !state.outside.settings.hyperlinks || !(chain || items_linked) {
        return Vec::new();
    }
    links::find(buffer, &known_urls(state))
        .into_iter()
        .map(|span| {
            let cells = (span.x..span.x + span.width)
                .map(|x| (x, span.y, buffer[(x, span.y)].clone()))
                .collect();
            Drawn { span, cells }
        })
        .collect()
}

/// Draws each link's cells again inside OSC 8, and puts the cursor back where it was.
pub fn emit<B: Backend + Write>(backend: &mut B, drawn: &[Drawn]) -> io::Result<()>
where
    B::Error: Into<io::Error>,
{
    if drawn.is_empty() {
        return Ok(());
    }
    queue!(backend, SavePosition)?;
    for link in drawn {
        backend.write_all(links::open(&link.span.url).as_bytes())?;
        backend.draw(link.cells.iter().map(|(x, y, cell)| (*x, *y, cell))).map_err(Into::into)?;
        backend.write_all(links::close().as_bytes())?;
    }
    queue!(backend, RestorePosition)
}
