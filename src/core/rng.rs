//! A small, fast, seedable random generator (SplitMix64), the
//! same on every platform so that a seed reproduces a game exactly.

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// Scrambles a 64-bit value (SplitMix64's step and finaliser).
#[inline]
pub const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `N` well-mixed keys from `seed`: the Zobrist tables of both games and the
/// Clobber solver's region keys, built at compile time.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = mix(seed.wrapping_add((i as u64).wrapping_mul(GOLDEN)));
        i += 1;
    }
    out
}

/// A seeded random number generator (SplitMix64).
///
/// ```
/// use warcaby::core::rng::Rng;
///
/// let (mut a, mut b) = (Rng::new(42), Rng::new(42));
/// let rolls: Vec<u64> = (0..5).map(|_| a.below(6)).collect();
/// // The same seed gives the same numbers, on every platform.
/// assert_eq!(rolls, (0..5).map(|_| b.below(6)).collect::<Vec<_>>());
/// assert!(rolls.iter().all(|&r| r < 6));
/// assert!((3..=7).contains(&a.between(3, 7)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator from a seed: the same seed gives the same numbers.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.state.wrapping_sub(0x9E37_79B9_7F4A_7C15))
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// An index in `0..len` (len > 0), e.g. to pick from a list.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn between(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.index(hi - lo + 1)
    }
}

/// 64 bits from the platform's entropy source; falls back to the clock.
pub fn entropy_seed() -> u64 {
    let mut bytes = [0u8; 8];
    match getrandom::fill(&mut bytes) {
        Ok(()) => u64::from_le_bytes(bytes),
        Err(_) => mix(std::ptr::addr_of!(bytes) as u64),
    }
}
