//! The cells of a referee board read in place from its numpy array.
//!
//! A bot calls `contest.legal_moves(plansza)` between its own Python work,
//! and there the generic read (`tolist()`: nine new lists, 64 references
//! taken and dropped, then each list walked) was most of a call's time.
//! An object array's cells are a block of object pointers; reading those
//! pointers through numpy's array struct takes no Python call, allocates
//! nothing and touches no reference count. The layout read here is
//! `PyArrayObject_fields` and the head of `PyArray_Descr` from numpy's
//! `ndarraytypes.h`, the same in numpy 1.x and 2.x (rust-numpy relies on
//! it too; the tests pass with numpy 1.26 and 2.0-2.5); only the exact
//! `numpy.ndarray` type is read this way, and everything else goes the
//! generic way.

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use std::os::raw::{c_char, c_int};

/// The head of numpy's `PyArrayObject_fields`.
#[repr(C)]
struct ArrayHead {
    _ob_base: ffi::PyObject,
    data: *const u8,
    nd: c_int,
    dimensions: *const ffi::Py_ssize_t,
    strides: *const ffi::Py_ssize_t,
    _base: *mut ffi::PyObject,
    descr: *const DescrHead,
}

/// The head of numpy's `PyArray_Descr` (numpy 2 renamed the char after
/// `byteorder` to `_former_flags`; `type_num` stays where it was).
#[repr(C)]
struct DescrHead {
    _ob_base: ffi::PyObject,
    _typeobj: *mut ffi::PyTypeObject,
    kind: c_char,
    _type_char: c_char,
    _byteorder: c_char,
    _flags: c_char,
    type_num: c_int,
}

/// numpy's type number of dtype object (`NPY_OBJECT`).
const NPY_OBJECT: c_int = 17;

/// `numpy.ndarray`, or None when numpy cannot be imported (then no object
/// is an array, and every board is read the generic way).
fn ndarray_type(py: Python<'_>) -> Option<&Py<PyAny>> {
    static NDARRAY: PyOnceLock<Option<Py<PyAny>>> = PyOnceLock::new();
    NDARRAY
        .get_or_init(py, || {
            let numpy = py.import("numpy").ok()?;
            Some(numpy.getattr("ndarray").ok()?.unbind())
        })
        .as_ref()
}

/// The 64 cell pointers of `obj`, row by row, if `obj` is exactly a
/// `numpy.ndarray` of dtype object and shape (8, 8) (any strides: views
/// and transposes too); None for anything else. A pointer may be null (a
/// cell numpy has not filled); the pointers are borrowed from the array
/// and valid only while nothing can change it: use them before any Python
/// code runs.
pub(crate) fn object_cells(obj: &Bound<'_, PyAny>) -> Option<[*mut ffi::PyObject; 64]> {
    let ndarray = ndarray_type(obj.py())?;
    if !obj.get_type().is(ndarray) {
        return None;
    }
    let array = obj.as_ptr().cast::<ArrayHead>();
    // SAFETY: `obj` is exactly numpy.ndarray (checked above), whose
    // instances begin with `PyArrayObject_fields`, of which `ArrayHead` is
    // the head; `descr` of an array is never null; `dimensions` and
    // `strides` hold `nd` entries. Strides and shape come from numpy, so
    // every `data + r*s0 + c*s1` for r, c < 8 lies within the array's
    // memory; it is read unaligned to make no assumption about alignment.
    // The GIL is held and no Python code runs while reading.
    unsafe {
        let head = &*array;
        let descr = &*head.descr;
        if head.nd != 2 || descr.type_num != NPY_OBJECT || descr.kind != b'O' as c_char {
            return None;
        }
        let dims = std::slice::from_raw_parts(head.dimensions, 2);
        if dims != [8, 8] {
            return None;
        }
        let strides = std::slice::from_raw_parts(head.strides, 2);
        let mut cells = [std::ptr::null_mut(); 64];
        for (i, cell) in cells.iter_mut().enumerate() {
            let offset = (i / 8) as isize * strides[0] + (i % 8) as isize * strides[1];
            *cell = head
                .data
                .offset(offset)
                .cast::<*mut ffi::PyObject>()
                .read_unaligned();
        }
        Some(cells)
    }
}
