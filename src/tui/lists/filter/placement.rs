//! Where a search's threads run. Woken by the thread that asks, a helper was put on the
//! asker's core even with the other one idle (the kernel's wake-up prefers the waker's core
//! when it cannot see a shared cache, as on this kind of virtual machine), and the two parts
//! took turns on one core: a letter at 100k contacts took the whole search's time. So the
//! asker stays on its core for its own part, and a helper keeps off that core for its part;
//! both may go anywhere after.
//!
//! Both for the whole part, not only where it starts: when one of them waited a moment (for
//! malloc's lock, which every thread shares) and the other woke it, the kernel moved it
//! beside its waker, and the two took turns on one core while the other stayed idle (a
//! letter took 9.5 ms more, one keystroke in three, under `perf sched`).

/// The core the calling thread runs on now, where it can be known.
pub fn current_core() -> Option<usize> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: sched_getcpu reads the calling thread's core and touches no memory.
        let core = unsafe { libc::sched_getcpu() };
        usize::try_from(core).ok()
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// Keeps the calling thread off a core, or on one, until dropped (nothing where that cannot
/// be done, or when it changes nothing).
pub struct Placed {
    #[cfg(target_os = "linux")]
    allowed: Option<libc::cpu_set_t>,
}

/// Keeps the calling thread off `core` (moving it when it is there).
pub fn away_from(core: Option<usize>) -> Placed {
    #[cfg(target_os = "linux")]
    {
        Placed { allowed: core.and_then(|core| change(core, Keep::AllBut)) }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = core;
        Placed {}
    }
}

/// Keeps the calling thread on the core it is on now.
pub fn stay() -> Placed {
    #[cfg(target_os = "linux")]
    {
        Placed { allowed: current_core().and_then(|core| change(core, Keep::Only)) }
    }
    #[cfg(not(target_os = "linux"))]
    Placed {}
}

/// What to do with a core among those allowed.
#[cfg(target_os = "linux")]
#[derive(Clone, Copy)]
enum Keep {
    AllBut,
    Only,
}

/// Allows the calling thread all its cores but `core`, or only `core`: the cores allowed
/// before, to allow again after; `None` when nothing changed (`core` was not allowed, or is
/// the only one).
#[cfg(target_os = "linux")]
fn change(core: usize, keep: Keep) -> Option<libc::cpu_set_t> {
    let size = std::mem::size_of::<libc::cpu_set_t>();
    // SAFETY: a cpu_set_t is plain bits, valid all zero; sched_getaffinity and
    // sched_setaffinity read and write only the set of the given size, for this thread (0).
    unsafe {
        let mut allowed: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, size, &mut allowed) != 0 || !libc::CPU_ISSET(core, &allowed) {
            return None;
        }
        let mut wanted = allowed;
        match keep {
            Keep::AllBut => libc::CPU_CLR(core, &mut wanted),
            Keep::Only => {
                libc::CPU_ZERO(&mut wanted);
                libc::CPU_SET(core, &mut wanted);
            }
        }
        let count = libc::CPU_COUNT(&wanted);
        if count == 0
            || count == libc::CPU_COUNT(&allowed)
            || libc::sched_setaffinity(0, size, &wanted) != 0
        {
            return None;
        }
        Some(allowed)
    }
}

impl Drop for Placed {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Some(allowed) = self.allowed.take() {
            let size = std::mem::size_of::<libc::cpu_set_t>();
            // SAFETY: as in `change`: the set as it was read, for this thread.
            unsafe { libc::sched_setaffinity(0, size, &allowed) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the calling thread may run on `core`.
    #[cfg(target_os = "linux")]
    fn allowed(core: usize) -> bool {
        // SAFETY: as in `change`.
        unsafe {
            let mut allowed: libc::cpu_set_t = std::mem::zeroed();
            libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut allowed);
            libc::CPU_ISSET(core, &allowed)
        }
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_thread_leaves_the_core_it_is_asked_to_leave_and_may_return_after() {
        let here = current_core().expect("sched_getcpu answers on Linux");
        let others = (0..libc::CPU_SETSIZE as usize).filter(|&core| core != here && allowed(core));
        let elsewhere = others.count() > 0;
        {
            let _placed = away_from(Some(here));
            // With one core allowed there is nowhere to go, and the thread stays.
            assert_eq!(current_core() != Some(here), elsewhere, "moved off its core at once");
            assert_eq!(allowed(here), !elsewhere);
        }
        assert!(allowed(here), "the core is allowed again once the part is done");
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_thread_keeps_off_a_core_it_is_not_on() {
        let here = current_core().expect("sched_getcpu answers on Linux");
        let mut cores = (0..libc::CPU_SETSIZE as usize).filter(|&core| allowed(core));
        let Some(other) = cores.find(|&core| core != here) else {
            eprintln!("SKIPPED: one core allowed, no other core to keep off");
            return;
        };
        {
            let _placed = away_from(Some(other));
            assert!(!allowed(other), "kept off the core for the part");
            assert!(allowed(here));
        }
        assert!(allowed(other), "the core is allowed again once the part is done");
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_thread_stays_on_its_core_and_may_leave_after() {
        let others = || {
            let here = current_core();
            (0..libc::CPU_SETSIZE as usize).filter(move |&core| Some(core) != here && allowed(core))
        };
        let elsewhere: Vec<usize> = others().collect();
        {
            let _placed = stay();
            let here = current_core().expect("sched_getcpu answers on Linux");
            assert!(allowed(here));
            assert_eq!(others().count(), 0, "no other core allowed while it stays");
        }
        if !elsewhere.is_empty() {
            assert!(elsewhere.iter().any(|&core| allowed(core)), "other cores allowed again after");
        }
    }
}
