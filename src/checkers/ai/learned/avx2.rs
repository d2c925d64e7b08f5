//! The forward pass written with AVX2 intrinsics, for the shapes of
//! [`super::net`]'s fast pass (layer 1 a multiple of 16 wide, at most 128;
//! layer 2 a multiple of 8).
//!
//! Why by hand: the compiler vectorises layer 1 well but not layer 2. It
//! reduced each of layer 2's rows to one number on its own (a horizontal
//! sum per row) with 128-bit multiply-adds, and layer 2 was about four
//! fifths of the pass. Here eight rows are reduced together (`hadd`), and
//! their bias, shift, clamp and output weight are applied as one vector.
//! Integer sums are exact in any order, so the result is the scalar
//! pass's to the bit (the tests compare them on every shipped network).

use super::features::MoverBoard;
use super::net::{ONE, SHIFT};
use std::arch::x86_64::*;

/// Widest first layer this kernel takes, in 16-lane vectors.
const MAX_VECTORS: usize = 8;

/// The network's raw output for `board` (on `squares` playable squares):
/// layer 1 from `b1` plus the `w1` rows (each `h1` wide) of its inputs,
/// then `w2` (`[h2][h1]`), `b2`, `w3`, `b3`.
///
/// # Safety
/// The processor must support AVX2; `h1` must be a multiple of 16 of at
/// most 128, `h2` a multiple of 8; `b1` holds `h1` values, every input's
/// row lies inside `w1`, `w2` holds `h2 * h1`, `b2` and `w3` `h2`. Layer
/// 1's sums must fit i16 (the caller's [`super::net`] checked its biases).
#[target_feature(enable = "avx2")]
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn forward(
    board: &MoverBoard,
    squares: usize,
    h1: usize,
    b1: &[i16],
    w1: &[i16],
    w2: &[i16],
    b2: &[i32],
    w3: &[i16],
    b3: i32,
) -> i32 {
    let vectors = h1 / 16;
    // SAFETY: the caller's sizes.
    let hidden = unsafe { layer1(board, squares, vectors, b1, w1) };
    let h2 = b2.len();
    let mut out = _mm256_setzero_si256();
    for block in 0..h2 / 8 {
        let rows = &w2[block * 8 * h1..(block + 1) * 8 * h1];
        // SAFETY: the caller's sizes: 8 rows of h1 here, 8 biases and
        // weights at `block * 8`.
        let dots = unsafe { eight_dots(rows, h1, &hidden[..vectors]) };
        // SAFETY: b2 holds h2 biases, 8 of them from `block * 8`.
        let bias = unsafe { _mm256_loadu_si256(b2.as_ptr().add(block * 8).cast()) };
        let active = clamp_i32(_mm256_srai_epi32::<{ SHIFT as i32 }>(_mm256_add_epi32(
            dots, bias,
        )));
        // SAFETY: w3 holds h2 weights, 8 of them from `block * 8`.
        let weight =
            unsafe { _mm256_cvtepi16_epi32(_mm_loadu_si128(w3.as_ptr().add(block * 8).cast())) };
        out = _mm256_add_epi32(out, _mm256_mullo_epi32(active, weight));
    }
    b3.wrapping_add(sum_i32(out))
}

/// Layer 1's clipped activations as 16-lane vectors (the first `vectors`
/// are used).
#[target_feature(enable = "avx2")]
unsafe fn layer1(
    board: &MoverBoard,
    squares: usize,
    vectors: usize,
    b1: &[i16],
    w1: &[i16],
) -> [__m256i; MAX_VECTORS] {
    let h1 = vectors * 16;
    let mut acc = [_mm256_setzero_si256(); MAX_VECTORS];
    for (v, a) in acc[..vectors].iter_mut().enumerate() {
        // SAFETY: `b1` holds h1 = 16 * vectors values.
        *a = unsafe { _mm256_loadu_si256(b1.as_ptr().add(v * 16).cast()) };
    }
    board.for_each_input(squares, |i| {
        let row = &w1[i * h1..(i + 1) * h1];
        for (v, a) in acc[..vectors].iter_mut().enumerate() {
            // SAFETY: `row` is h1 long (the slice above is checked).
            let w = unsafe { _mm256_loadu_si256(row.as_ptr().add(v * 16).cast()) };
            *a = _mm256_add_epi16(*a, w);
        }
    });
    let (zero, one) = (_mm256_setzero_si256(), _mm256_set1_epi16(ONE as i16));
    for a in &mut acc[..vectors] {
        *a = _mm256_min_epi16(_mm256_max_epi16(*a, zero), one);
    }
    acc
}

/// The dot products of eight consecutive `h1`-wide rows with `hidden`, as
/// eight i32 lanes in row order.
#[target_feature(enable = "avx2")]
unsafe fn eight_dots(rows: &[i16], h1: usize, hidden: &[__m256i]) -> __m256i {
    let mut sums = [_mm256_setzero_si256(); 8];
    for (r, sum) in sums.iter_mut().enumerate() {
        for (v, &h) in hidden.iter().enumerate() {
            // SAFETY: row r spans rows[r * h1..(r + 1) * h1], and v < h1 / 16.
            let w = unsafe { _mm256_loadu_si256(rows.as_ptr().add(r * h1 + v * 16).cast()) };
            *sum = _mm256_add_epi32(*sum, _mm256_madd_epi16(w, h));
        }
    }
    let quad = |a: &[__m256i]| {
        _mm256_hadd_epi32(_mm256_hadd_epi32(a[0], a[1]), _mm256_hadd_epi32(a[2], a[3]))
    };
    // Each 128-bit half of `low` holds rows 0-3's partial sums, of `high`
    // rows 4-7's: adding the halves finishes them.
    let (low, high) = (quad(&sums[..4]), quad(&sums[4..]));
    _mm256_add_epi32(
        _mm256_permute2x128_si256::<0x20>(low, high),
        _mm256_permute2x128_si256::<0x31>(low, high),
    )
}

/// Lanes clamped to `0..=ONE`.
#[target_feature(enable = "avx2")]
fn clamp_i32(x: __m256i) -> __m256i {
    _mm256_min_epi32(
        _mm256_max_epi32(x, _mm256_setzero_si256()),
        _mm256_set1_epi32(ONE),
    )
}

/// The sum of the eight i32 lanes (wrapping, as the scalar pass's sum
/// would in release builds; no real network comes near).
#[target_feature(enable = "avx2")]
fn sum_i32(x: __m256i) -> i32 {
    let half = _mm_add_epi32(_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x));
    let quarter = _mm_add_epi32(half, _mm_unpackhi_epi64(half, half));
    let one = _mm_add_epi32(quarter, _mm_shuffle_epi32::<0b01>(quarter));
    _mm_cvtsi128_si32(one)
}
