//! The program's allocator: the system's, except that large blocks (the
//! solver's and the search's hash tables, the CGT memo maps) get a hint to
//! be backed by huge pages ([`advise_huge_pages_at`]). Random probes into
//! gigabytes of tables then miss the TLB far less often.

use std::alloc::{GlobalAlloc, Layout, System};
use warcaby::core::mem::advise_huge_pages_at;

/// The system allocator with a huge-page hint for large blocks.
pub(crate) struct HugePageHint;

// SAFETY: every call is passed on to the system allocator unchanged; the
// hint never touches the memory's contents.
unsafe impl GlobalAlloc for HugePageHint {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = System.alloc(layout);
        advise_huge_pages_at(ptr, layout.size());
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = System.alloc_zeroed(layout);
        advise_huge_pages_at(ptr, layout.size());
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let ptr = System.realloc(ptr, layout, new_size);
        advise_huge_pages_at(ptr, new_size);
        ptr
    }
}
