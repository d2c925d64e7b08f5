//! The program's allocator: the system's, except that large blocks (the
//! solver's and the search's hash tables) are backed by huge pages where the
//! kernel offers them on request. Random probes into gigabytes of tables
//! then miss the TLB far less often.

use std::alloc::{GlobalAlloc, Layout, System};

/// The system allocator with a huge-page hint for large blocks.
pub struct HugePageHint;

/// Blocks at least this large get the hint (a few huge pages' worth).
const LARGE: usize = 8 << 20;

impl HugePageHint {
    #[cfg(target_os = "linux")]
    fn advise(ptr: *mut u8, size: usize) {
        const HUGE_PAGE: usize = 2 << 20;
        if ptr.is_null() || size < LARGE {
            return;
        }
        let start = (ptr as usize).next_multiple_of(HUGE_PAGE);
        let end = (ptr as usize + size) / HUGE_PAGE * HUGE_PAGE;
        if start < end {
            // SAFETY: the range lies inside the block just allocated, and
            // MADV_HUGEPAGE only changes how the kernel backs it.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }

    #[cfg(not(target_os = "linux"))]
    fn advise(_: *mut u8, _: usize) {}
}

// SAFETY: every call is passed on to the system allocator unchanged; the
// hint never touches the memory's contents.
unsafe impl GlobalAlloc for HugePageHint {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = System.alloc(layout);
        HugePageHint::advise(ptr, layout.size());
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = System.alloc_zeroed(layout);
        HugePageHint::advise(ptr, layout.size());
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let ptr = System.realloc(ptr, layout, new_size);
        HugePageHint::advise(ptr, new_size);
        ptr
    }
}
