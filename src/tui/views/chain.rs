//! The e-mail chain of an exchange: the laid-out lines of the visible window, styled.

use crate::clock::in_named_zone;
use crate::present::names::party_name;
use crate::text::sanitize;
use crate::tui::chain::{ChainLine, LineKind};
use crate::tui::state::{AppState, ChainView};
use crate::tui::theme::Theme;
use crate::tui::views::pane::{capitalised, fit_spans, pane_block};
use crate::tui::views::waiting;
use crate::tui::widgets::problem;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

pub(crate) fn render(frame: &mut Frame, area: Rect, state: &AppState, view: &ChainView) {
    let theme = &state.env.theme;
    let exchange = &view.exchange;
    let count = view.layout.starts.len();
    let current = view.current_message().map_or(0, |index| index + 1);
    let contact = Span::styled(sanitize(&party_name(&exchange.contact)), theme.title);
    let bot = Span::styled(format!(" ↔ {}", sanitize(&party_name(&exchange.bot))), theme.title);
    let status = Span::styled(
        format!(" · {}", sanitize(exchange.status.as_str())),
        theme.status_kind(exchange.status.kind()),
    );
    let mut kept = vec![Span::styled(format!("#{} ", exchange.id), theme.dim), contact];
    if let Some(org) = &view.org {
        // A merged row's chain: whose organisation it belongs to comes first.
        kept.insert(0, Span::styled(format!("{} · ", sanitize(org.profile())), theme.accent));
    }
    // The organisation, the id and the contact: what the bot and the status follow.
    let named = kept.len();
    if count > 0 {
        kept.push(Span::styled(format!(" · message {current}/{count}"), theme.dim));
        // The numbered links on screen are another message's: say whose, so `y 2` is read
        // against the right list.
        let links = view.links_shown(usize::from(area.height.saturating_sub(2)));
        if let Some((index, _)) = links.filter(|(index, _)| Some(*index) != view.current_message())
        {
            kept.push(Span::styled(format!(" · links of message {}", index + 1), theme.dim));
        }
    }
    if view.remote.is_loading() {
        let words = waiting::words(state, &view.remote, "the e-mail chain");
        let text = words.map_or_else(|| " ⟳ loading".to_string(), |words| format!(" ⟳ {words}"));
        kept.push(Span::styled(text, theme.warning));
    }
    let time = their_time(state, view)
        .map(|time| Span::styled(format!(" · their time {time}"), theme.accent))
        .unwrap_or_default();
    let hint = match view.is_opened() {
        true => crate::tui::views::trail::esc_hint(state),
        false => {
            format!(" · {} opens", state.key_label(crate::tui::command::Command::Open, "Enter"))
        }
    };
    let hint = Span::styled(hint, theme.dim);
    // On a narrow pane the hint goes first, then the bot's name, then the status, then the
    // contact's time: the id, the contact and where the reader is stay.
    let room = usize::from(area.width.saturating_sub(4));
    let width = |spans: &[&Span]| spans.iter().map(|span| span.width()).sum::<usize>();
    let base: Vec<&Span> = kept.iter().collect();
    let fits = |extra: &[&Span]| width(&base) + width(extra) <= room;
    let with_time = fits(&[&time]);
    let (with_status, with_bot) = (fits(&[&time, &status]), fits(&[&time, &bot, &status]));
    let with_hint = fits(&[&time, &bot, &status, &hint]);
    let mut rest = kept.split_off(named);
    let mut title = kept;
    if with_bot {
        title.push(bot);
    }
    if with_status {
        title.push(status);
    }
    // Where the reader is, then their time, then whether it loads.
    let message = if count > 0 { 1 } else { 0 };
    let mut tail = rest.split_off(message.min(rest.len()));
    title.append(&mut rest);
    if with_time && time.width() > 0 {
        title.push(time);
    }
    title.append(&mut tail);
    if with_hint {
        title.push(hint);
    }
    // What is left too long (a long wait in words) is cut at its end, not by the border.
    let block = pane_block(state, fit_spans(title, Vec::new(), Vec::new(), room));
    match (&view.remote.data, &view.remote.error) {
        (None, Some(error)) => {
            let advice = state.advice(error);
            problem::render(frame, area, block, "the e-mail chain", (error, &advice), theme)
        }
        (None, None) => {
            let text = match waiting::words(state, &view.remote, "the e-mail chain") {
                Some(words) => format!("{}…", capitalised(&words)),
                None => "Loading the e-mail chain…".to_string(),
            };
            problem::message(frame, area, block, &text, theme.dim)
        }
        (Some(data), _) if data.items.is_empty() => {
            problem::message(frame, area, block, "This exchange has no e-mails yet.", theme.dim)
        }
        (Some(_), _) if view.layout.lines.is_empty() => {
            problem::message(frame, area, block, "Laying out the e-mail chain…", theme.dim)
        }
        (Some(_), _) => {
            let inner = block.inner(area);
            let rows = usize::from(inner.height);
            let end = (view.scroll + rows).min(view.layout.lines.len());
            let start = view.scroll.min(end);
            let lines: Vec<Line> = view.layout.lines[start..end]
                .iter()
                .map(|line| styled(line, inner.width, theme))
                .collect();
            frame.render_widget(Paragraph::new(lines).block(block), area);
        }
    }
}

/// The contact's local time now ("09:14, Tue") when their time zone is known (the
/// contacts are loaded and theirs has one): a merged row's from its own organisation's
/// contacts, as the merged Contacts read them.
fn their_time(state: &AppState, view: &ChainView) -> Option<String> {
    let id = view.exchange.contact.id;
    let zone = match &view.org {
        Some(org) => {
            let contacts = &state.group.entry(org)?.contacts.rows;
            contacts.iter().find(|c| c.id == id)?.timezone.clone()?
        }
        None => {
            let contacts = state.org.store.contacts.data.as_ref().map(|data| &data.items);
            view.contact_zone.get(contacts, id, || {
                let contact = contacts?.iter().find(|c| c.id == id)?;
                contact.timezone.clone()
            })?
        }
    };
    in_named_zone(state.env.now, zone.trim(), "%H:%M, %a").map(|time| sanitize(&time))
}

/// One laid-out line in its style. Only the visible window is styled.
fn styled(line: &ChainLine, columns: u16, theme: &Theme) -> Line<'static> {
    match line.kind {
        LineKind::Rule => {
            let (head, fill) = line.rule(columns);
            Line::from(vec![Span::styled(head, theme.accent), Span::styled(fill, theme.border)])
        }
        LineKind::Header | LineKind::Subject => {
            let value_style = if line.kind == LineKind::Subject {
                theme.text.add_modifier(Modifier::BOLD)
            } else {
                theme.text
            };
            Line::from(vec![
                Span::styled(line.label_cell(), theme.dim),
                Span::styled(line.text.clone(), value_style),
            ])
        }
        LineKind::Body => Line::from(line.text.clone()),
        LineKind::Quote => Line::from(Span::styled(line.text.clone(), theme.quote)),
        LineKind::Folded => {
            Line::from(Span::styled(line.text.clone(), theme.dim.add_modifier(Modifier::ITALIC)))
        }
        LineKind::Link => Line::from(Span::styled(line.text.clone(), theme.link)),
        LineKind::Note => Line::from(Span::styled(line.text.clone(), theme.dim)),
        LineKind::Blank => Line::from(""),
    }
}
