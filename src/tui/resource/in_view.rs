//! The current pane's item in view, asked of the pane's resource ([`PaneList`]): the one
//! place that goes from "the pane shown" to "what its item does", so no other file matches
//! on the pane to find out.

use crate::tui::detail_line::{DetailLine, said};
use crate::tui::form::Form;
use crate::tui::lists::filter::FilterEngine;
use crate::tui::lists::list::ListState;
use crate::tui::model::{Detail, Pane};
use crate::tui::resource::bots::Bots;
use crate::tui::resource::campaigns::Campaigns;
use crate::tui::resource::contacts::Contacts;
use crate::tui::resource::exchanges::Exchanges;
use crate::tui::resource::meetings::Meetings;
use crate::tui::resource::shape::PaneList;
use crate::tui::state::{AppState, Panes};
use crate::tui::widgets::detail::styled;
use ratatui::text::Line;

/// Something to do with a pane's resource, whichever pane it is.
pub(crate) trait PaneVisit {
    type Output;
    fn visit<R: PaneList>(self) -> Self::Output;
}

/// The resource of each pane with a list; `None` for the Overview.
pub(crate) fn visit_pane<V: PaneVisit>(pane: Pane, visitor: V) -> Option<V::Output> {
    match pane {
        Pane::Overview => None,
        Pane::Campaigns => Some(visitor.visit::<Campaigns>()),
        Pane::Exchanges => Some(visitor.visit::<Exchanges>()),
        Pane::Meetings => Some(visitor.visit::<Meetings>()),
        Pane::Bots => Some(visitor.visit::<Bots>()),
        Pane::Contacts => Some(visitor.visit::<Contacts>()),
    }
}

/// Defines a question to the current pane's resource `$r`, answered from the state.
macro_rules! ask_pane {
    ($(#[$doc:meta])* $name:ident -> $out:ty, |$state:ident, $r:ident| $body:expr) => {
        $(#[$doc])*
        pub(crate) fn $name($state: &AppState) -> Option<$out> {
            struct Ask<'a>(&'a AppState);
            impl PaneVisit for Ask<'_> {
                type Output = Option<$out>;
                fn visit<$r: PaneList>(self) -> Option<$out> {
                    let $state = self.0;
                    $body
                }
            }
            visit_pane($state.panes.pane, Ask($state)).flatten()
        }
    };
}

ask_pane!(
    /// The lines of the current pane's open detail (unwrapped).
    open_detail_lines -> Vec<DetailLine>,
    |state, R| R::detail_lines(R::open(state)?, state)
);

ask_pane!(
    /// The lines of the detail of the current pane's item in view (open, else selected),
    /// for the preview (unwrapped).
    in_view_detail_lines -> Vec<DetailLine>,
    |state, R| R::detail_lines(R::in_view(state)?, state)
);

/// The lines of the current pane's open detail, wrapped at the pane's inner width (its
/// scrolling counts these lines).
pub(crate) fn detail_lines(state: &AppState) -> Option<Vec<Line<'static>>> {
    let inner = usize::from(state.env.width.saturating_sub(2));
    let styled = |lines: Vec<DetailLine>| styled(&lines, &state.env.theme);
    open_detail_lines(state)
        .map(|lines| crate::tui::widgets::detail_wrap::wrap(styled(lines), inner))
}

/// How many lines the open detail has (for scrolling).
pub(crate) fn detail_line_count(state: &AppState) -> usize {
    detail_lines(state).map_or(0, |lines| lines.len())
}

ask_pane!(
    /// What `y` copies of the item in view: what it is, and the text.
    copied -> (&'static str, String),
    |state, R| R::in_view(state).map(R::copied)
);

ask_pane!(
    /// What `|` pages of the item in view.
    paged -> String,
    |state, R| R::paged(R::in_view(state)?, state)
);

ask_pane!(
    /// The contact's address of the item in view, for the DNC and conversion forms.
    contact_address -> String,
    |state, R| R::contact_address(R::in_view(state)?)
        .filter(|email| !email.trim().is_empty())
);

ask_pane!(
    /// The campaign of the item in view, for the contact forms.
    campaign_id -> i64,
    |state, R| R::campaign_id(R::in_view(state)?)
);

ask_pane!(
    /// The link of the item in view.
    link -> String,
    |state, R| R::link(R::in_view(state)?)
);

ask_pane!(
    /// The form of the current list's server-side filters.
    query_form -> Form,
    |state, R| R::query_form(state)
);

ask_pane!(
    /// Where the item in view leads (`J`).
    related -> crate::tui::jumps::Related,
    |state, R| R::related(R::in_view(state)?)
);

ask_pane!(
    /// What a jump from the current pane shows, for the hints.
    leads_to -> &'static str,
    |_state, R| R::LEADS_TO
);

ask_pane!(
    /// Whether the current pane's items carry links.
    linked -> bool,
    |_state, R| Some(R::LINKED)
);

/// The open detail of the current pane as plain lines (unwrapped: the reader's own device
/// wraps them), for the line mode.
pub(crate) fn open_detail_text(state: &AppState) -> Option<Vec<String>> {
    open_detail_lines(state).map(|lines| said(&lines))
}

/// A row's cells, each with its column's header, as plain text.
pub(crate) type RowText = Vec<(&'static str, String)>;

/// The rows `from..from + count` of the current pane's list, in its order (filtered and
/// sorted as the screen shows it): each row's cells as the screen draws them, plain.
pub(crate) fn row_texts(state: &AppState, from: usize, count: usize) -> Vec<RowText> {
    struct Rows<'a>(&'a AppState, usize, usize);
    impl PaneVisit for Rows<'_> {
        type Output = Vec<RowText>;
        fn visit<R: PaneList>(self) -> Vec<RowText> {
            let Rows(state, from, count) = self;
            let Some(items) = R::remote(state).and_then(|remote| remote.data.as_ref()) else {
                return Vec::new();
            };
            let columns = R::columns();
            let context = crate::tui::resource::context(state);
            let order = R::list(&state.panes).order();
            (order.iter().skip(from).take(count))
                .filter_map(|index| items.items.get(*index as usize))
                .map(|item| {
                    let texts = crate::present::columns::texts(&columns, item, &context);
                    columns.iter().map(|column| column.header).zip(texts).collect()
                })
                .collect()
        }
    }
    visit_pane(state.panes.pane, Rows(state, from, count)).unwrap_or_default()
}

/// What the state answers about a pane's list and open item, asked of the pane's resource
/// (kept here, beside the one match on the pane, rather than in `state.rs` below it).
impl AppState {
    /// The list of the current pane, when it shows one.
    pub fn current_list(&self) -> Option<&ListState> {
        self.list(self.panes.pane)
    }

    /// A pane's list, when it has one.
    pub(crate) fn list(&self, pane: Pane) -> Option<&ListState> {
        struct List<'a>(&'a Panes);
        impl<'a> PaneVisit for List<'a> {
            type Output = &'a ListState;
            fn visit<R: PaneList>(self) -> &'a ListState {
                R::list(self.0)
            }
        }
        visit_pane(pane, List(&self.panes))
    }

    pub(crate) fn current_list_mut(&mut self) -> Option<&mut ListState> {
        let pane = self.panes.pane;
        self.list_and_engine(pane).map(|(list, _)| list)
    }

    /// A pane's list with the filter engine, to change its rows or filter.
    pub(crate) fn list_and_engine(
        &mut self,
        pane: Pane,
    ) -> Option<(&mut ListState, &mut FilterEngine)> {
        struct Both<'a>(&'a mut Panes);
        impl<'a> PaneVisit for Both<'a> {
            type Output = (&'a mut ListState, &'a mut FilterEngine);
            fn visit<R: PaneList>(self) -> Self::Output {
                R::list_and_engine(self.0)
            }
        }
        visit_pane(pane, Both(&mut self.panes))
    }

    /// Where the user stands, as `Esc` sees it: the pane, its open chain or detail, its
    /// filter, the inbox's marked rows.
    pub(crate) fn spot(&self) -> crate::tui::jumps::Spot {
        let pane = self.panes.pane;
        let open = match self.opened_chain() {
            Some(chain) => Some(chain.exchange.id),
            None => self.current_detail().map(|detail| detail.id),
        };
        let filter = self.current_list().map(|list| list.filter().to_string()).unwrap_or_default();
        let marked = if self.on_inbox() { self.org.inbox.marked.len() } else { 0 };
        crate::tui::jumps::Spot { pane, open, filter, marked }
    }

    /// `Esc` returns from a jump here: the user is where the last jump or return left them.
    pub(crate) fn esc_returns(&self) -> bool {
        !self.panes.jumps.is_empty() && self.panes.jumps.here.as_ref() == Some(&self.spot())
    }

    /// The open item of the current pane (not the e-mail chain).
    pub(crate) fn current_detail(&self) -> Option<Detail> {
        struct Open<'a>(&'a Panes);
        impl PaneVisit for Open<'_> {
            type Output = Option<Detail>;
            fn visit<R: PaneList>(self) -> Option<Detail> {
                R::detail(self.0).copied().flatten()
            }
        }
        visit_pane(self.panes.pane, Open(&self.panes)).flatten()
    }

    pub(crate) fn current_detail_mut(&mut self) -> Option<&mut Option<Detail>> {
        struct Open<'a>(&'a mut Panes);
        impl<'a> PaneVisit for Open<'a> {
            type Output = Option<&'a mut Option<Detail>>;
            fn visit<R: PaneList>(self) -> Self::Output {
                R::detail_mut(self.0)
            }
        }
        let pane = self.panes.pane;
        visit_pane(pane, Open(&mut self.panes)).flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pane_is_served_by_the_resource_that_names_it() {
        struct PaneOf;
        impl PaneVisit for PaneOf {
            type Output = Pane;
            fn visit<R: PaneList>(self) -> Pane {
                R::PANE
            }
        }
        for pane in Pane::ALL {
            let served = visit_pane(pane, PaneOf);
            assert_eq!(served, (pane != Pane::Overview).then_some(pane), "{pane:?}");
        }
    }
}
