//! The referee's board as 64-bit masks of its cells (bit `8 * row + col`):
//! the steps of the mover's pieces found for all pieces at once, in the
//! referee's order, instead of through a position's whole capture sequences.

use super::{Board, Step, EMPTY, OPPONENT_KING, OPPONENT_MAN, OWN_KING, OWN_MAN};

/// The light squares (`row + col` even) as a mask, bit `8 * row + col`.
pub(super) const LIGHT: u64 = 0xaa55_aa55_aa55_aa55;

/// The referee's directions `(dr, dc)`, in its order.
pub(super) const DIRECTIONS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// A board's cells as masks, bit `8 * row + col`.
#[derive(Clone, Copy, Default)]
pub(super) struct Masks {
    /// `None`.
    pub(super) none: u64,
    /// The cells holding each code 0-4.
    pub(super) codes: [u64; 5],
    /// Codes above 4.
    pub(super) other: u64,
}

impl Masks {
    /// The masks of `board`'s cells, unchecked ([`Board::checked_masks`]
    /// checks them).
    pub(super) fn of(board: &Board) -> Masks {
        let mut masks = Masks::default();
        for (i, cell) in board.cells.iter().flatten().enumerate() {
            let bit = 1u64 << i;
            match *cell {
                None => masks.none |= bit,
                Some(code @ 0..=4) => masks.codes[code as usize] |= bit,
                Some(_) => masks.other |= bit,
            }
        }
        masks
    }

    pub(super) fn own_men(&self) -> u64 {
        self.codes[OWN_MAN as usize]
    }

    pub(super) fn own_kings(&self) -> u64 {
        self.codes[OWN_KING as usize]
    }

    pub(super) fn opponent_men(&self) -> u64 {
        self.codes[OPPONENT_MAN as usize]
    }

    pub(super) fn opponent_kings(&self) -> u64 {
        self.codes[OPPONENT_KING as usize]
    }

    pub(super) fn own(&self) -> u64 {
        self.own_men() | self.own_kings()
    }

    pub(super) fn opponent(&self) -> u64 {
        self.opponent_men() | self.opponent_kings()
    }

    /// For each direction, the mover's pieces among `only` that can step
    /// `length` squares that way: captures (`length` 2: over an opponent's
    /// piece onto an empty square, men backward too) or plain moves
    /// (`length` 1: onto an empty square, men forward only, towards row 0).
    ///
    /// No column mask is needed: a step off the left or right edge lands, in
    /// the mask, one row off on the other edge, where `row + col` changes by
    /// an odd number: a light square, never empty here (light squares are
    /// left out of `empty`) nor an opponent's (checked: they hold none).
    pub(super) fn step_sources(&self, length: i8, only: u64) -> [u64; 4] {
        let empty = !LIGHT & self.codes[EMPTY as usize];
        DIRECTIONS.map(|(dr, dc)| {
            let mut from = self.own() & only;
            if length == 1 && dr > 0 {
                from &= self.own_kings();
            }
            let shift = 8 * dr + dc;
            from &= toward(empty, shift * length);
            if length == 2 {
                from &= toward(self.opponent(), shift);
            }
            from
        })
    }
}

/// `mask` seen from `shift` bits back: bit `i` is bit `i + shift` of `mask`
/// (0 past either end).
pub(super) fn toward(mask: u64, shift: i8) -> u64 {
    if shift >= 0 {
        mask >> shift
    } else {
        mask << -shift
    }
}

/// The steps of `sources` (one mask per direction of [`DIRECTIONS`]) of
/// `length`, in the referee's order: by square, then by direction.
pub(super) fn steps_in_order(sources: &[u64; 4], length: i8) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut all = sources.iter().fold(0, |all, from| all | from);
    while all != 0 {
        let i = all.trailing_zeros() as u8;
        all &= all - 1;
        let at = (i / 8, i % 8);
        for (&(dr, dc), from) in DIRECTIONS.iter().zip(sources) {
            if from >> i & 1 == 1 {
                let to = (
                    (at.0 as i8 + dr * length) as u8,
                    (at.1 as i8 + dc * length) as u8,
                );
                steps.push((at, to));
            }
        }
    }
    steps
}
