//! Memory hints for the big tables (transposition table, Clobber solver,
//! endgame databases): huge pages and prefetching.

/// Asks Linux to back a table with 2 MiB pages: random probes into a big
/// table otherwise spend most of their time on TLB misses.
pub(crate) fn advise_huge_pages<T>(entries: &Vec<T>) {
    let bytes = entries.capacity() * std::mem::size_of::<T>();
    advise_huge_pages_at(entries.as_ptr().cast(), bytes);
}

/// Asks Linux to back the `bytes` bytes at `start` (one allocation) with
/// huge pages when they span more than 4 MiB. The hint never touches the
/// contents; elsewhere it does nothing.
#[cfg(target_os = "linux")]
pub fn advise_huge_pages_at(start: *const u8, bytes: usize) {
    const PAGE: usize = 4096;
    let start = start as usize;
    let aligned = start.next_multiple_of(PAGE);
    if bytes > 4 << 20 && aligned < start + bytes {
        let len = (start + bytes - aligned) / PAGE * PAGE;
        // SAFETY: MADV_HUGEPAGE only changes how the kernel backs the
        // range; on memory that is not mapped the call just fails.
        unsafe { libc::madvise(aligned as *mut libc::c_void, len, libc::MADV_HUGEPAGE) };
    }
}

/// Elsewhere than Linux: does nothing.
#[cfg(not(target_os = "linux"))]
pub fn advise_huge_pages_at(_: *const u8, _: usize) {}

/// Asks the CPU to bring `item`'s cache line in ahead of a lookup (a hint
/// that never changes memory; a no-op off x86-64).
#[inline]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching is a hint and `item` is a live reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch(
            (item as *const T).cast::<i8>(),
            std::arch::x86_64::_MM_HINT_T0,
        )
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}
