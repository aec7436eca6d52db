//! Fetches and answers typed by their resource: the read runs `R::fetch`, and its answer
//! can only be stored in `R`'s remote.

use crate::api::{ApiError, Client, Listed};
use crate::tui::action::{Action, Answer, Effect, Read};
use crate::tui::lists::list::INLINE_ROWS;
use crate::tui::lists::search::ListJob;
use crate::tui::model::{ReqId, Slot};
use crate::tui::resource::shape::{ListResource, MadeOnArrival};
use crate::tui::state::AppState;
use futures_util::future::BoxFuture;
use std::any::Any;
use std::fmt::Debug;
use std::marker::PhantomData;
use std::sync::Arc;

/// The answer to a fetch of `R`, as the loop hands it to `update`.
pub fn loaded<R: ListResource>(req_id: ReqId, result: Result<Listed<R::Item>, ApiError>) -> Action {
    Action::Loaded(Arc::new(LoadedList::<R> { req_id, result, made: None, _resource: PhantomData }))
}

/// The read of `R` with its query.
pub(super) struct ReadList<R: ListResource> {
    pub(super) query: R::Query,
}

impl<R: ListResource> Debug for ReadList<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} {:?}", R::SLOT, self.query)
    }
}

impl<R: ListResource> Read for ReadList<R> {
    fn perform(&self, client: Client, req_id: ReqId) -> BoxFuture<'static, Action> {
        let query = self.query.clone();
        Box::pin(async move {
            // Ordered here, off the UI thread and in place while nothing else holds the
            // list; storing it then finds it in order and copies nothing.
            let result = R::fetch(&client, &query).await;
            let result = result.map(|listed| Listed { items: R::order(listed.items), ..listed });
            let made = result.as_ref().ok().and_then(|listed| R::made_on_arrival(&listed.items));
            Action::Loaded(Arc::new(LoadedList::<R> {
                req_id,
                result,
                made,
                _resource: PhantomData,
            }))
        })
    }

    fn fail(&self, req_id: ReqId, error: ApiError) -> Action {
        loaded::<R>(req_id, Err(error))
    }

    fn query(&self) -> &dyn Any {
        &self.query
    }

    fn same(&self, other: &dyn Read) -> bool {
        other.query().downcast_ref::<R::Query>() == Some(&self.query)
    }
}

/// A loaded list of `R`: it can only be stored in `R`'s remote.
struct LoadedList<R: ListResource> {
    req_id: ReqId,
    result: Result<Listed<R::Item>, ApiError>,
    /// What [`ListResource::made_on_arrival`] made on the worker that read the list.
    made: Option<MadeOnArrival>,
    _resource: PhantomData<R>,
}

impl<R: ListResource> Debug for LoadedList<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.result {
            Ok(listed) => write!(f, "{:?} #{}: {} items", R::SLOT, self.req_id, listed.items.len()),
            Err(error) => write!(f, "{:?} #{}: {error}", R::SLOT, self.req_id),
        }
    }
}

impl<R: ListResource> Answer for LoadedList<R> {
    fn slot(&self) -> Slot {
        R::SLOT
    }

    fn result(&self) -> Result<usize, &ApiError> {
        self.result.as_ref().map(|listed| listed.skipped)
    }

    fn awaited(&self, state: &AppState) -> bool {
        R::remote(state).is_some_and(|remote| remote.awaits_answer(self.req_id))
    }

    fn rows(&self) -> Option<&dyn Any> {
        self.result.as_ref().ok().map(|listed| &listed.items as &dyn Any)
    }

    fn store(&self, state: &mut AppState) -> Option<Vec<Effect>> {
        // Read first: a stale answer writes nothing (and so draws nothing).
        if !R::remote(state)?.awaits_answer(self.req_id) {
            return None;
        }
        let now = state.env.now;
        let result = self.result.clone();
        let remote = R::remote_mut(state)?;
        let before = remote.data.as_ref().map(|data| Arc::clone(&data.items));
        if !remote.finish(self.req_id, result, now, R::order) {
            return None;
        }
        // Rows a reload replaced are freed by a worker: a million of them take longer than
        // a frame to free one by one.
        let replaced = before.filter(|old| {
            old.len() > INLINE_ROWS
                && !remote.data.as_ref().is_some_and(|data| Arc::ptr_eq(&data.items, old))
        });
        let stored = remote.data.as_ref().map(|data| Arc::clone(&data.items));
        if let (Some(made), Some(items)) = (&self.made, stored) {
            R::take_made(state, &items, Arc::clone(made));
        }
        Some(
            replaced
                .map(|old| Effect::Search(ListJob::Discard(Arc::new(old))))
                .into_iter()
                .collect(),
        )
    }
}
