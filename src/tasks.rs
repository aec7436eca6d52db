//! Starting tasks on the async runtime, boxed. tokio builds a task's machinery (its poll,
//! completion, shutdown and join-handle code, ~1.5 KiB) once per future or closure type it
//! is given: 81 types were 185 KiB of the release binary. Given a boxed future or closure,
//! the machinery exists once per output type, and what each caller adds is its own body.
//! The cost is an allocation per task and a pointer call per poll, nothing beside the
//! network reads, files and searches the tasks do.

use std::future::Future;
use std::pin::Pin;
use tokio::task::JoinHandle;

/// A task's future, boxed: the one type of future the runtime's machinery is built for.
pub type Boxed<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

/// `future`, boxed for a runtime's `spawn` (`Runtime::spawn` of a runtime held apart).
pub fn boxed<T: 'static>(future: impl Future<Output = T> + Send + 'static) -> Boxed<T> {
    Box::pin(future)
}

/// `tokio::spawn` of `future`, boxed.
pub fn spawn<T: Send + 'static>(future: impl Future<Output = T> + Send + 'static) -> JoinHandle<T> {
    tokio::spawn(boxed(future))
}

/// `tokio::task::spawn_blocking` of `work`, boxed.
pub fn spawn_blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> JoinHandle<T> {
    let work: Box<dyn FnOnce() -> T + Send> = Box::new(work);
    tokio::task::spawn_blocking(work)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn tasks_run_and_answer() {
        assert_eq!(spawn(async { 6 * 7 }).await.unwrap(), 42);
        assert_eq!(spawn_blocking(|| "off the workers").await.unwrap(), "off the workers");
        let on_the_runtime = tokio::runtime::Handle::current().spawn(boxed(async { 1 }));
        assert_eq!(on_the_runtime.await.unwrap(), 1);
    }
}
