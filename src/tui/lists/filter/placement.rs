//! Where a search's helper runs. Woken by the thread that asks, a helper was put on the
//! asker's core even with the other one idle (the kernel's wake-up prefers the waker's core
//! when it cannot see a shared cache, as on this kind of virtual machine), and the two parts
//! took turns on one core: a letter at 100k contacts took the whole search's time. A helper
//! that finds itself on the asker's core leaves it for the part, and may go anywhere after.

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

/// Keeps the calling thread off a core until dropped (nothing where that cannot be done, or
/// when it is the only core allowed).
pub struct Away {
    #[cfg(target_os = "linux")]
    allowed: Option<libc::cpu_set_t>,
}

/// Moves the calling thread off `core` when it is on it.
pub fn away_from(core: Option<usize>) -> Away {
    #[cfg(target_os = "linux")]
    {
        let allowed = core.filter(|&core| current_core() == Some(core)).and_then(leave);
        Away { allowed }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = core;
        Away {}
    }
}

/// Leaves `core`: the cores allowed before, to allow again after; `None` when nothing
/// changed.
#[cfg(target_os = "linux")]
fn leave(core: usize) -> Option<libc::cpu_set_t> {
    let size = std::mem::size_of::<libc::cpu_set_t>();
    // SAFETY: a cpu_set_t is plain bits, valid all zero; sched_getaffinity and
    // sched_setaffinity read and write only the set of the given size, for this thread (0).
    unsafe {
        let mut allowed: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, size, &mut allowed) != 0 || !libc::CPU_ISSET(core, &allowed) {
            return None;
        }
        let mut elsewhere = allowed;
        libc::CPU_CLR(core, &mut elsewhere);
        if libc::CPU_COUNT(&elsewhere) == 0 || libc::sched_setaffinity(0, size, &elsewhere) != 0 {
            return None;
        }
        Some(allowed)
    }
}

impl Drop for Away {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Some(allowed) = self.allowed.take() {
            let size = std::mem::size_of::<libc::cpu_set_t>();
            // SAFETY: as in `leave`: the set as it was read, for this thread.
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
        // SAFETY: as in `leave`.
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
            let _away = away_from(Some(here));
            // With one core allowed there is nowhere to go, and the thread stays.
            assert_eq!(current_core() != Some(here), elsewhere, "moved off its core at once");
            assert_eq!(allowed(here), !elsewhere);
        }
        assert!(allowed(here), "the core is allowed again once the part is done");
    }
}
