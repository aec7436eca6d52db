//! glibc's malloc tuned for a dashboard that holds a large list (the budget: 100k contacts
//! within 60 MiB, docs/PERFORMANCE.md).
//!
//! By default glibc raises its mmap threshold each time a large block is freed (up to
//! 32 MiB), after which buffers of hundreds of KiB to MiBs — a list growing while it is
//! decoded, the search index's chunks, the response's pieces — are carved out of the
//! threads' heaps instead of mappings of their own. There they leave holes that keep the
//! memory resident after they are freed. Keeping the threshold at its initial 128 KiB gives
//! every large buffer its own mapping, returned whole when freed and resident only as far
//! as it is written: measured at 100k contacts, peak RSS 59–61 → 56 MiB
//! (docs/PERFORMANCE.md).
//!
//! And one arena for every thread: by default each thread that allocates while another
//! holds the arena gets one of its own (up to eight per core), and what a look, a decode or
//! an index build frees there stays resident for that arena alone. The dashboard's threads
//! allocate little at once (small blocks go through each thread's cache without the lock):
//! at 100k contacts with a team store, peak RSS 68 → 64 MiB, press 6 → shown unchanged
//! within the noise (docs/PERFORMANCE.md).
//!
//! And no fast bins: with one arena, the small blocks every thread freed waited there, and
//! the next request of a kilobyte or more — the drawing thread's, as often as not — first
//! merged all of them (`malloc_consolidate`, 8 % of the drawing thread's time while a first
//! look read its chains, and keys waiting 9–27 ms for their frame in one dashboard of two).
//! Small blocks still go through each thread's cache first.

/// Fixes the mmap threshold, the arenas and the fast bins for the rest of the process.
pub(crate) fn keep_large_blocks_mapped() {
    #[cfg(target_env = "gnu")]
    {
        const THRESHOLD: libc::c_int = 128 * 1024;
        // SAFETY: mallopt only changes malloc's tuning; it takes malloc's own locks and may
        // be called at any time from any thread.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, THRESHOLD);
            libc::mallopt(libc::M_ARENA_MAX, 1);
            libc::mallopt(libc::M_MXFAST, 0);
        }
    }
}

/// Gives the free memory inside malloc's heap back to the system. Freed blocks between
/// blocks still held stay resident until then: after a large list is read and indexed, the
/// reading's buffers and the index's building space are such holes.
pub(crate) fn give_back_free_memory() {
    #[cfg(target_env = "gnu")]
    // SAFETY: malloc_trim only returns malloc's free pages to the system, under its lock.
    unsafe {
        libc::malloc_trim(0);
    }
}
