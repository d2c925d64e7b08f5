//! Values of short partizan games in canonical form (combinatorial game
//! theory, Conway's *On Numbers and Games*).
//!
//! A game is `{ left options | right options }`. Every short game has one
//! canonical form: no dominated options, no reversible options. Canonical
//! forms are interned in a [`Values`] arena, so two games are equal exactly
//! when their [`GameId`]s are equal, and sums, negatives and comparisons are
//! memoised. Left is the player called Black in Clobber.
//!
//! The Clobber solver uses this to replace small regions of a board by
//! their values: a sum of values is one small game, and a sum whose value is
//! known decides the winner without any search.
//!
//! ```
//! use warcaby::cgt::{OutcomeClass, Values};
//!
//! let mut values = Values::new();
//! let zero = values.game(vec![], vec![]); // { | }: whoever must move loses
//! let star = values.game(vec![zero], vec![zero]); // { 0 | 0 }
//! assert_eq!(values.display(star).to_string(), "*");
//! assert_eq!(values.outcome(zero), OutcomeClass::Second);
//! assert_eq!(values.outcome(star), OutcomeClass::First);
//! assert_eq!(values.sum(star, star), zero); // * + * = 0: the second player wins
//!
//! let (one, minus_one) = (values.integer(1), values.integer(-1));
//! assert_eq!(values.negative(one), minus_one);
//! assert_eq!(values.sum(one, minus_one), zero);
//! assert_eq!(values.outcome(one), OutcomeClass::Left);
//!
//! // ↑ = { 0 | * } is positive but smaller than every positive number;
//! // ↑ + * is fuzzy: the first player wins.
//! let up = values.up();
//! assert_eq!(values.display(up).to_string(), "↑");
//! assert_eq!(values.outcome(up), OutcomeClass::Left);
//! let up_star = values.sum(up, star);
//! assert_eq!(values.outcome(up_star), OutcomeClass::First);
//! ```

use crate::core::rng::mix;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// A canonical game in a [`Values`] arena.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct GameId(u32);

impl GameId {
    /// The game `0 = { | }`: whoever moves first loses.
    pub(crate) const ZERO: GameId = GameId(0);

    /// A small number naming this game in its arena (for hashing).
    pub fn index(self) -> u32 {
        self.0
    }
}

/// Who wins a game, by who moves first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OutcomeClass {
    /// Left wins whoever starts (G > 0).
    Left,
    /// Right wins whoever starts (G < 0).
    Right,
    /// The first player wins (G || 0, fuzzy).
    First,
    /// The second player wins (G = 0).
    Second,
}

/// A multiplicative hasher for small integer keys (the std hasher is slow).
#[derive(Default)]
pub(crate) struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

/// A hash map for keys that are already well mixed or small integers.
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;

/// A form's left and right options, sorted: the key of the interning map.
type Options = (Box<[GameId]>, Box<[GameId]>);

/// One canonical form.
struct Form {
    left: Box<[GameId]>,
    right: Box<[GameId]>,
    negative: GameId,
    /// A hash of the canonical form itself, the same in every arena.
    hash: u64,
}

/// The arena of canonical forms, with memoised arithmetic.
pub struct Values {
    forms: Vec<Form>,
    index: HashMap<Options, GameId>,
    less_equal: FastMap<(GameId, GameId), bool>,
    sums: FastMap<(GameId, GameId), GameId>,
    /// `left_wins_first` by game, [`UNKNOWN`] until asked.
    left_first: Vec<u8>,
    /// A form being simplified, and the comparisons made with it.
    scratch: Form,
    scratch_less_equal: FastMap<(GameId, GameId), bool>,
}

/// The id of [`Values::scratch`].
const SCRATCH: GameId = GameId(u32::MAX);

/// Not computed yet, in [`Values::left_first`].
const UNKNOWN: u8 = 2;

impl Default for Values {
    fn default() -> Self {
        Values::new()
    }
}

impl Values {
    /// An arena holding only 0.
    pub fn new() -> Values {
        let mut values = Values {
            forms: Vec::new(),
            index: HashMap::new(),
            less_equal: FastMap::default(),
            sums: FastMap::default(),
            left_first: Vec::new(),
            scratch: Form {
                left: Box::new([]),
                right: Box::new([]),
                negative: SCRATCH,
                hash: 0,
            },
            scratch_less_equal: FastMap::default(),
        };
        values.intern(Vec::new(), Vec::new());
        values
    }

    /// How many distinct canonical forms the arena holds.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Always false: the arena holds 0 from the start.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// Left's options of a canonical game.
    pub fn left(&self, g: GameId) -> &[GameId] {
        &self.form(g).left
    }

    /// Right's options of a canonical game.
    pub fn right(&self, g: GameId) -> &[GameId] {
        &self.form(g).right
    }

    #[inline]
    fn form(&self, g: GameId) -> &Form {
        if g == SCRATCH {
            &self.scratch
        } else {
            &self.forms[g.0 as usize]
        }
    }

    /// The options of `g` for Left (`left = true`) or Right.
    pub fn options(&self, g: GameId, left: bool) -> &[GameId] {
        if left {
            self.left(g)
        } else {
            self.right(g)
        }
    }

    /// A hash of `g`'s value that does not depend on the arena: equal
    /// values in two arenas hash alike.
    pub fn hash(&self, g: GameId) -> u64 {
        self.forms[g.0 as usize].hash
    }

    /// The structural hash of a form from its options' hashes.
    fn form_hash(&self, left: &[GameId], right: &[GameId]) -> u64 {
        let side = |opts: &[GameId], salt: u64| {
            opts.iter()
                .fold(salt, |h, &o| h.wrapping_add(mix(self.hash(o) ^ salt)))
        };
        mix(side(left, 0x4C45_4654) ^ mix(side(right, 0x5249_4748)))
    }

    /// `-g`: the roles of Left and Right swapped.
    pub fn negative(&self, g: GameId) -> GameId {
        self.forms[g.0 as usize].negative
    }

    /// `*` = { 0 | 0 }.
    pub(crate) fn star(&mut self) -> GameId {
        self.game(vec![GameId::ZERO], vec![GameId::ZERO])
    }

    /// `↑` = { 0 | * }.
    pub fn up(&mut self) -> GameId {
        let star = self.star();
        self.game(vec![GameId::ZERO], vec![star])
    }

    /// The integer `n` (`n` free moves for Left, or `-n` for Right).
    pub fn integer(&mut self, n: i32) -> GameId {
        let mut g = GameId::ZERO;
        for _ in 0..n.unsigned_abs() {
            g = self.game(vec![g], Vec::new());
        }
        if n < 0 {
            self.negative(g)
        } else {
            g
        }
    }

    /// Stores a form whose options are canonical and which has no dominated
    /// or reversible options, together with its negative.
    fn intern(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> GameId {
        left.sort_unstable();
        right.sort_unstable();
        let key = (left.into_boxed_slice(), right.into_boxed_slice());
        if let Some(&id) = self.index.get(&key) {
            return id;
        }
        let id = GameId(self.forms.len() as u32);
        let mut neg_left: Vec<GameId> = key.1.iter().map(|&g| self.negative(g)).collect();
        let mut neg_right: Vec<GameId> = key.0.iter().map(|&g| self.negative(g)).collect();
        neg_left.sort_unstable();
        neg_right.sort_unstable();
        let neg_key = (neg_left.into_boxed_slice(), neg_right.into_boxed_slice());
        let self_negative = neg_key == key;
        let negative = if self_negative { id } else { GameId(id.0 + 1) };
        let hash = self.form_hash(&key.0, &key.1);
        let neg_hash = self.form_hash(&neg_key.0, &neg_key.1);
        self.forms.push(Form {
            left: key.0.clone(),
            right: key.1.clone(),
            negative,
            hash,
        });
        self.index.insert(key, id);
        if !self_negative {
            self.forms.push(Form {
                left: neg_key.0.clone(),
                right: neg_key.1.clone(),
                negative: id,
                hash: neg_hash,
            });
            self.index.insert(neg_key, negative);
        }
        id
    }

    /// `g <= h`.
    pub(crate) fn le(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        let scratch = g == SCRATCH || h == SCRATCH;
        let memo = if scratch {
            &self.scratch_less_equal
        } else {
            &self.less_equal
        };
        if let Some(&known) = memo.get(&(g, h)) {
            return known;
        }
        // g <= h unless some g^L >= h or some h^R <= g.
        let result = !(0..self.left(g).len()).any(|i| {
            let gl = self.left(g)[i];
            self.le(h, gl)
        }) && !(0..self.right(h).len()).any(|i| {
            let hr = self.right(h)[i];
            self.le(hr, g)
        });
        if scratch {
            self.scratch_less_equal.insert((g, h), result);
        } else {
            self.less_equal.insert((g, h), result);
        }
        result
    }

    /// Holds `{ left | right }` as it is (not canonical) in the one scratch
    /// slot, so that comparisons with it recurse like any other; their memo
    /// starts afresh with each scratch form.
    fn scratch(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        self.scratch.left = left.into();
        self.scratch.right = right.into();
        if !self.scratch_less_equal.is_empty() {
            self.scratch_less_equal.clear();
        }
        SCRATCH
    }

    /// Keeps only the options that no other option beats for their player.
    fn drop_dominated(&mut self, options: &mut Vec<GameId>, left: bool) {
        options.sort_unstable();
        options.dedup();
        let all = options.clone();
        options.retain(|&a| {
            !all.iter()
                .any(|&b| b != a && if left { self.le(a, b) } else { self.le(b, a) })
        });
    }

    /// Replaces one reversible option, if any, by the options it reverses
    /// through. Returns whether it changed anything.
    fn bypass_one(&mut self, left: &mut Vec<GameId>, right: &mut Vec<GameId>) -> bool {
        let g = self.scratch(left, right);
        for i in 0..left.len() {
            let gl = left[i];
            for j in 0..self.right(gl).len() {
                let glr = self.right(gl)[j];
                if self.le(glr, g) {
                    left.swap_remove(i);
                    left.extend_from_slice(&self.forms[glr.0 as usize].left.clone());
                    return true;
                }
            }
        }
        for i in 0..right.len() {
            let gr = right[i];
            for j in 0..self.left(gr).len() {
                let grl = self.left(gr)[j];
                if self.le(g, grl) {
                    right.swap_remove(i);
                    right.extend_from_slice(&self.forms[grl.0 as usize].right.clone());
                    return true;
                }
            }
        }
        false
    }

    /// The canonical form of `{ left | right }` (options already canonical).
    ///
    /// Equal games get the same id, whatever form they were given in:
    ///
    /// ```
    /// use warcaby::cgt::Values;
    ///
    /// let mut values = Values::new();
    /// let (zero, one, two) = (values.integer(0), values.integer(1), values.integer(2));
    /// // { 0, 1 | } = 2: the option 0 is dominated by 1 and dropped.
    /// assert_eq!(values.game(vec![zero, one], vec![]), two);
    /// // { 1 | } = 2 as well, and 1 + 1 = 2.
    /// assert_eq!(values.game(vec![one], vec![]), two);
    /// assert_eq!(values.sum(one, one), two);
    /// // { 0 | 1 } = 1/2, which is no integer.
    /// let half = values.game(vec![zero], vec![one]);
    /// assert_eq!(values.display(half).to_string(), "{0|{0|}}");
    /// assert_eq!(values.sum(half, half), one);
    /// ```
    pub fn game(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> GameId {
        loop {
            self.drop_dominated(&mut left, true);
            self.drop_dominated(&mut right, false);
            if !self.bypass_one(&mut left, &mut right) {
                return self.intern(left, right);
            }
        }
    }

    /// `g + h`.
    pub fn sum(&mut self, g: GameId, h: GameId) -> GameId {
        if g == GameId::ZERO {
            return h;
        }
        if h == GameId::ZERO {
            return g;
        }
        if self.negative(g) == h {
            return GameId::ZERO;
        }
        let key = (g.min(h), g.max(h));
        if let Some(&known) = self.sums.get(&key) {
            return known;
        }
        let mut options = [Vec::new(), Vec::new()];
        for (side, opts) in options.iter_mut().enumerate() {
            let left = side == 0;
            for i in 0..self.options(g, left).len() {
                let gx = self.options(g, left)[i];
                opts.push(self.sum(gx, h));
            }
            for i in 0..self.options(h, left).len() {
                let hx = self.options(h, left)[i];
                opts.push(self.sum(g, hx));
            }
        }
        let [left, right] = options;
        let result = self.game(left, right);
        self.sums.insert(key, result);
        result
    }

    /// True when Left, moving first in `g`, wins (some `g^L >= 0`).
    pub(crate) fn left_wins_first(&mut self, g: GameId) -> bool {
        let i = g.0 as usize;
        if self.left_first.len() <= i {
            self.left_first.resize(self.forms.len().max(i + 1), UNKNOWN);
        }
        if self.left_first[i] == UNKNOWN {
            self.left_first[i] = !self.le(g, GameId::ZERO) as u8;
        }
        self.left_first[i] == 1
    }

    /// True when Right, moving first in `g`, wins (some `g^R <= 0`).
    pub(crate) fn right_wins_first(&mut self, g: GameId) -> bool {
        !self.le(GameId::ZERO, g)
    }

    /// The outcome class of `g`.
    pub fn outcome(&mut self, g: GameId) -> OutcomeClass {
        match (self.left_wins_first(g), self.right_wins_first(g)) {
            (true, true) => OutcomeClass::First,
            (true, false) => OutcomeClass::Left,
            (false, true) => OutcomeClass::Right,
            (false, false) => OutcomeClass::Second,
        }
    }

    /// A printable view of `g`.
    pub fn display(&self, g: GameId) -> Display<'_> {
        Display { values: self, g }
    }

    /// A short name for the commonest small values.
    fn name(&self, g: GameId) -> Option<&'static str> {
        let (l, r) = (self.left(g), self.right(g));
        let is = |opts: &[GameId], want: &[GameId]| opts == want;
        let z = GameId::ZERO;
        if l.is_empty() && r.is_empty() {
            return Some("0");
        }
        if is(l, &[z]) && is(r, &[z]) {
            return Some("*");
        }
        let star = self.index.get(&(vec![z].into(), vec![z].into())).copied()?;
        match (l, r) {
            ([a], [b]) if *a == z && *b == star => Some("↑"),
            ([a], [b]) if *a == star && *b == z => Some("↓"),
            _ => None,
        }
    }
}

/// Writes a game as `{L|R}` with 0, *, ↑ and ↓ named.
pub struct Display<'a> {
    values: &'a Values,
    g: GameId,
}

impl fmt::Display for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = self.values.name(self.g) {
            return f.write_str(name);
        }
        let list = |f: &mut fmt::Formatter<'_>, opts: &[GameId]| -> fmt::Result {
            for (i, &o) in opts.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{}", self.values.display(o))?;
            }
            Ok(())
        };
        f.write_str("{")?;
        list(f, self.values.left(self.g))?;
        f.write_str("|")?;
        list(f, self.values.right(self.g))?;
        f.write_str("}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_plus_star_is_zero() {
        let mut v = Values::new();
        let star = v.star();
        assert_eq!(v.negative(star), star);
        assert_eq!(v.sum(star, star), GameId::ZERO);
        assert_eq!(v.outcome(star), OutcomeClass::First);
    }

    #[test]
    fn integers_add_and_compare() {
        let mut v = Values::new();
        let (one, two, minus_one) = (v.integer(1), v.integer(2), v.integer(-1));
        assert_eq!(v.sum(one, one), two);
        assert_eq!(v.sum(two, minus_one), one);
        assert!(v.le(minus_one, one) && !v.le(one, minus_one));
        assert_eq!(v.outcome(one), OutcomeClass::Left);
        assert_eq!(v.outcome(minus_one), OutcomeClass::Right);
    }

    #[test]
    fn dominated_and_reversible_options_go() {
        let mut v = Values::new();
        let (one, star) = (v.integer(1), v.star());
        // { 0, 1 | } = 2: 0 is dominated by 1.
        let g = v.game(vec![GameId::ZERO, one], vec![]);
        assert_eq!(g, v.integer(2));
        // { * | } = 0: * reverses through its right option 0 to nothing.
        let h = v.game(vec![star], vec![]);
        assert_eq!(h, GameId::ZERO);
    }

    #[test]
    fn up_is_positive_and_up_star_is_fuzzy() {
        let mut v = Values::new();
        let (up, star) = (v.up(), v.star());
        assert_eq!(v.outcome(up), OutcomeClass::Left);
        let up_star = v.sum(up, star);
        assert_eq!(v.outcome(up_star), OutcomeClass::First);
        assert_eq!(v.display(up_star).to_string(), "{0,*|0}");
        let down = v.negative(up);
        assert_eq!(v.display(down).to_string(), "↓");
        // ↑ + ↑ + * is still positive (double up star).
        let double_up = v.sum(up, up);
        let dus = v.sum(double_up, star);
        assert_eq!(v.outcome(dus), OutcomeClass::Left);
        // ↑ + ↓ = 0.
        assert_eq!(v.sum(up, down), GameId::ZERO);
    }

    #[test]
    fn value_hashes_do_not_depend_on_the_arena() {
        let (mut a, mut b) = (Values::new(), Values::new());
        let (up_a, star_a) = (a.up(), a.star());
        // Built in another order in b, so the ids differ.
        let (star_b, up_b) = (b.star(), b.up());
        let one_b = b.integer(1);
        let sum_a = a.sum(up_a, star_a);
        let sum_b = b.sum(star_b, up_b);
        assert_eq!(a.hash(sum_a), b.hash(sum_b));
        assert_ne!(a.hash(up_a), a.hash(star_a));
        assert_ne!(b.hash(one_b), b.hash(up_b));
        let down_a = a.negative(up_a);
        assert_ne!(a.hash(up_a), a.hash(down_a));
    }

    #[test]
    fn sums_are_commutative_and_associative() {
        let mut v = Values::new();
        let (up, star, one) = (v.up(), v.star(), v.integer(1));
        let half = v.game(vec![GameId::ZERO], vec![one]);
        let items = [up, star, half, v.negative(up), v.negative(half)];
        for &a in &items {
            for &b in &items {
                assert_eq!(v.sum(a, b), v.sum(b, a));
                for &c in &items {
                    let ab = v.sum(a, b);
                    let bc = v.sum(b, c);
                    assert_eq!(v.sum(ab, c), v.sum(a, bc));
                }
            }
        }
        // 1/2 + 1/2 = 1.
        assert_eq!(v.sum(half, half), one);
    }
}
