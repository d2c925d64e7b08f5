//! The one move generator for every checkers variant. It reads the variant's
//! [`Rules`] flags; there is no per-variant copy.
//!
//! Captures are mandatory: when any capture exists only capture sequences are
//! generated, each distinct sequence (landing squares or captured pieces) as
//! its own move. Captured pieces stay on the board until the move ends, so
//! they block and cannot be jumped twice. Under the maximum-capture rule
//! ([`Rules::maximum_capture`]) only the sequences that take the most pieces
//! are moves, and sequences with the same start, end and captured pieces
//! are one move ([`keep_most_captures`]).

use crate::checkers::bitboard::{Bitboard, Direction};
use crate::checkers::moves::{Move, MAX_PATH};
use crate::checkers::position::Position;
use crate::checkers::rules::{crowning_rank, CrowningInCapture, Rules};
use crate::checkers::square::Square;
use crate::checkers::tables::{free_ray, neighbour, ray};
use crate::core::Color;

/// Receives generated moves. Implemented by `Vec<Move>` (collect) and by
/// [`MoveCounter`] (count only, for perft).
pub trait MoveSink {
    /// One legal move: start, landing squares, captured squares, crowning.
    fn push(&mut self, from: Square, path: &[Square], captured: Bitboard, promotes: bool);
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, from: Square, path: &[Square], captured: Bitboard, promotes: bool) {
        Vec::push(self, Move::new(from, path, captured, promotes));
    }
}

/// A sink that only counts moves.
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline]
    fn push(&mut self, _: Square, _: &[Square], _: Bitboard, _: bool) {
        self.0 += 1;
    }
}

const WHITE_FORWARD: [Direction; 2] = [Direction::NorthEast, Direction::NorthWest];
const BLACK_FORWARD: [Direction; 2] = [Direction::SouthEast, Direction::SouthWest];

/// The directions in which `color`'s men move.
#[inline]
pub const fn forward(color: Color) -> [Direction; 2] {
    match color {
        Color::White => WHITE_FORWARD,
        Color::Black => BLACK_FORWARD,
    }
}

/// Pieces of the side to move that have at least one capture.
#[inline]
pub fn capturers(pos: &Position) -> Bitboard {
    match pos.side_to_move() {
        Color::White => capturers_of::<true>(pos),
        Color::Black => capturers_of::<false>(pos),
    }
}

/// Pieces of the side *not* to move that would have a capture if it were
/// their turn: the threats the side to move faces.
#[inline]
pub fn threateners(pos: &Position) -> Bitboard {
    match pos.side_to_move() {
        Color::White => capturers_of::<false>(pos),
        Color::Black => capturers_of::<true>(pos),
    }
}

/// Colour as a constant, so each side's shifts compile to fixed rotations.
const fn side(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

fn capturers_of<const WHITE: bool>(pos: &Position) -> Bitboard {
    let rules = pos.rules();
    let us = side(WHITE);
    let theirs = pos.pieces(us.opponent());
    let empty = pos.empty();
    let mut result = Bitboard::EMPTY;
    let men = pos.men(us);
    let short_kings = if rules.flying_kings {
        Bitboard::EMPTY
    } else {
        pos.kings(us)
    };
    let men_backward = if rules.men_capture_backward {
        men
    } else {
        Bitboard::EMPTY
    };
    let jumpers = |d: Direction| (theirs & empty.shift(d.opposite())).shift(d.opposite());
    for d in forward(us) {
        result |= jumpers(d) & (men | short_kings);
    }
    for d in forward(us.opponent()) {
        result |= jumpers(d) & (men_backward | short_kings);
    }
    if rules.flying_kings {
        let occupied = pos.occupied();
        for king in pos.kings(us) {
            let can = Direction::ALL.iter().any(|&d| {
                let Some(victim) = (ray(king, d) & occupied).nearest(d) else {
                    return false;
                };
                theirs.contains(victim) && neighbour(victim, d).is_some_and(|l| empty.contains(l))
            });
            if can {
                result |= Bitboard::from_square(king);
            }
        }
    }
    result
}

/// True when the side to move must capture.
#[inline]
pub fn has_capture(pos: &Position) -> bool {
    capturers(pos).any()
}

/// Generates every legal move of `pos` into `sink`.
pub fn generate<S: MoveSink>(pos: &Position, sink: &mut S) {
    let capturers = capturers(pos);
    if capturers.any() {
        generate_captures(pos, capturers, sink);
    } else {
        generate_quiet(pos, sink);
    }
}

/// Number of legal moves of `pos`, counting quiet moves without listing them.
pub fn count(pos: &Position) -> u64 {
    let capturers = capturers(pos);
    if capturers.any() {
        let mut counter = MoveCounter(0);
        generate_captures(pos, capturers, &mut counter);
        counter.0
    } else {
        count_quiet(pos)
    }
}

/// Every capture sequence of the pieces `capturers`, into `sink`: all of
/// them, or under the maximum-capture rule the longest ones only.
fn generate_captures<S: MoveSink>(pos: &Position, capturers: Bitboard, sink: &mut S) {
    if pos.rules().maximum_capture {
        // Listed first, then kept: the walk is the one `legal_moves`
        // already compiles, so the rule adds no second copy of it.
        let mut moves = Vec::new();
        for from in capturers {
            generate_captures_from(pos, from, &mut moves);
        }
        keep_most_captures(&mut moves);
        for mv in &moves {
            sink.push(mv.from(), mv.path(), mv.captured(), mv.promotes());
        }
    } else {
        for from in capturers {
            generate_captures_from(pos, from, sink);
        }
    }
}

/// Keeps the capture sequences that take the most pieces (the international
/// rules' maximum capture: a king counts as one piece, like a man), and of
/// sequences with the same start, end and captured pieces one — they leave
/// the same position and are one move, as the published international
/// perft counts them (the path kept is the least by square index, so the
/// list does not depend on the order of generation).
pub fn keep_most_captures(moves: &mut Vec<Move>) {
    let most = moves.iter().map(Move::capture_count).max().unwrap_or(0);
    let mut kept: Vec<Move> = Vec::with_capacity(moves.len());
    for mv in moves.drain(..).filter(|m| m.capture_count() == most) {
        let same = |k: &&mut Move| {
            k.from() == mv.from() && k.to() == mv.to() && k.captured() == mv.captured()
        };
        match kept.iter_mut().find(same) {
            // The same move by another path (round a ring of pieces).
            Some(k) => {
                if path_key(&mv).lt(path_key(k)) {
                    *k = mv;
                }
            }
            None => kept.push(mv),
        }
    }
    *moves = kept;
}

/// The landing squares as indices (rank * 8 + file), to order paths.
fn path_key(mv: &Move) -> impl Iterator<Item = usize> + '_ {
    mv.path().iter().map(|sq| sq.index())
}

fn generate_quiet<S: MoveSink>(pos: &Position, sink: &mut S) {
    let us = pos.side_to_move();
    let empty = pos.empty();
    let kings = pos.kings(us);
    let flying = pos.rules().flying_kings;
    for d in forward(us) {
        for to in pos.men(us).shift(d) & empty {
            let from = neighbour(to, d.opposite()).expect("shifted square has a source");
            sink.push(from, &[to], Bitboard::EMPTY, to.rank() == crowning_rank(us));
        }
    }
    for from in kings {
        for &d in &Direction::ALL {
            let targets = if flying {
                free_ray(from, d, pos.occupied())
            } else {
                Bitboard::from_square(from).shift(d) & empty
            };
            for to in targets {
                sink.push(from, &[to], Bitboard::EMPTY, false);
            }
        }
    }
}

/// Number of quiet (non-capturing) moves of the side to move, ignoring captures.
#[inline]
pub fn count_quiet(pos: &Position) -> u64 {
    match pos.side_to_move() {
        Color::White => count_quiet_of::<true>(pos),
        Color::Black => count_quiet_of::<false>(pos),
    }
}

fn count_quiet_of<const WHITE: bool>(pos: &Position) -> u64 {
    let us = side(WHITE);
    let empty = pos.empty();
    let men = pos.men(us);
    let kings = pos.kings(us);
    let mut n = 0;
    for d in forward(us) {
        n += (men.shift(d) & empty).count();
    }
    if pos.rules().flying_kings {
        let occupied = pos.occupied();
        for king in kings {
            for &d in &Direction::ALL {
                n += free_ray(king, d, occupied).count();
            }
        }
    } else if kings.any() {
        for &d in &Direction::ALL {
            n += (kings.shift(d) & empty).count();
        }
    }
    n as u64
}

fn generate_captures_from<S: MoveSink>(pos: &Position, from: Square, sink: &mut S) {
    match (pos.rules().flying_kings, pos.side_to_move()) {
        (true, Color::White) => CaptureSearch::<S, true, true>::run(pos, from, sink),
        (true, Color::Black) => CaptureSearch::<S, true, false>::run(pos, from, sink),
        (false, Color::White) => CaptureSearch::<S, false, true>::run(pos, from, sink),
        (false, Color::Black) => CaptureSearch::<S, false, false>::run(pos, from, sink),
    }
}

/// Depth-first walk over every capture sequence of one piece. `FLYING` (the
/// variant's `flying_kings` flag) and `WHITE` (the side moving) are made
/// constants so that each combination compiles to straight bitboard code.
struct CaptureSearch<'a, S, const FLYING: bool, const WHITE: bool> {
    rules: &'static Rules,
    theirs: Bitboard,
    /// Empty squares, the moving piece's start included; captured pieces stay.
    empty: Bitboard,
    from: Square,
    started_as_man: bool,
    path: [Square; MAX_PATH],
    len: usize,
    sink: &'a mut S,
}

impl<'a, S: MoveSink, const FLYING: bool, const WHITE: bool> CaptureSearch<'a, S, FLYING, WHITE> {
    const US: Color = side(WHITE);

    fn run(pos: &Position, from: Square, sink: &'a mut S) {
        let king = pos.kings(Self::US).contains(from);
        let mut search = CaptureSearch::<S, FLYING, WHITE> {
            rules: pos.rules(),
            theirs: pos.pieces(Self::US.opponent()),
            empty: pos.empty() | Bitboard::from_square(from),
            from,
            started_as_man: !king,
            path: [from; MAX_PATH],
            len: 0,
            sink,
        };
        search.extend(from, king, Bitboard::EMPTY, None);
    }

    /// Where a short-jumping piece on `sq` can land by one capture (the
    /// captured piece is the square halfway).
    #[inline]
    fn short_landings(&self, sq: Square, king: bool, captured: Bitboard) -> Bitboard {
        let piece = Bitboard::from_square(sq);
        let capturable = self.theirs & !captured;
        let jump = |d: Direction| (piece.shift(d) & capturable).shift(d) & self.empty;
        let [f1, f2] = forward(Self::US);
        let mut landings = jump(f1) | jump(f2);
        if king || self.rules.men_capture_backward {
            let [b1, b2] = forward(Self::US.opponent());
            landings |= jump(b1) | jump(b2);
        }
        landings
    }

    /// The piece a flying king on `sq` captures in direction `d`, and the
    /// squares it may land on behind it.
    #[inline]
    fn flying_capture(
        &self,
        sq: Square,
        d: Direction,
        captured: Bitboard,
    ) -> Option<(Square, Bitboard)> {
        let occupied = !self.empty;
        let victim = (ray(sq, d) & occupied).nearest(d)?;
        if !(self.theirs & !captured).contains(victim) {
            return None;
        }
        let landings = free_ray(victim, d, occupied);
        landings.any().then_some((victim, landings))
    }

    /// True when the piece on `sq` can capture again, not looking in direction `through`.
    fn can_capture(
        &self,
        sq: Square,
        king: bool,
        captured: Bitboard,
        through: Option<Direction>,
    ) -> bool {
        if FLYING && king {
            Direction::ALL
                .iter()
                .any(|&d| Some(d) != through && self.flying_capture(sq, d, captured).is_some())
        } else {
            self.short_landings(sq, king, captured).any()
        }
    }

    /// Extends the sequence from `sq`, skipping direction `through` (see
    /// [`Self::king_landings`]). Emits the sequence when it cannot go on.
    fn extend(&mut self, sq: Square, king: bool, captured: Bitboard, through: Option<Direction>) {
        let mut extended = false;
        if FLYING && king {
            for d in Direction::ALL {
                if Some(d) == through {
                    continue;
                }
                if let Some((victim, landings)) = self.flying_capture(sq, d, captured) {
                    extended = true;
                    self.king_landings(d, landings, captured | Bitboard::from_square(victim));
                }
            }
        } else {
            for landing in self.short_landings(sq, king, captured) {
                extended = true;
                let victim =
                    Square::from_index_unchecked(((sq.index() + landing.index()) / 2) as u8);
                self.land(
                    landing,
                    king,
                    captured | Bitboard::from_square(victim),
                    None,
                );
            }
        }
        if !extended && self.len > 0 {
            // Crowned on the way (and went on as a king), or a man that
            // ends its capture on the crowning rank.
            let promotes = if king {
                self.started_as_man
            } else {
                sq.rank() == crowning_rank(Self::US)
            };
            self.emit(captured, promotes);
        }
    }

    /// A flying king chooses where to land behind the piece it jumped in `d`.
    /// It must pick a square from which it can capture again when there is
    /// one. Continuing along the same line is not a stop: that continuation
    /// is explored only from the last landing square before the next piece,
    /// so from the other landings direction `d` is skipped.
    fn king_landings(&mut self, d: Direction, landings: Bitboard, captured: Bitboard) {
        let last = landings.nearest(d.opposite());
        let through = |l: Square| (Some(l) != last).then_some(d);
        let mut chosen = landings;
        if landings.has_many() {
            let continuing: Bitboard = landings
                .squares()
                .filter(|&l| self.can_capture(l, true, captured, through(l)))
                .collect();
            if continuing.any() {
                chosen = continuing;
            }
        }
        for landing in chosen {
            self.land(landing, true, captured, through(landing));
        }
    }

    /// Lands on `landing` and goes on; a man on the last rank is crowned
    /// there (and stops or goes on as a king) or goes on as a man, as the
    /// rules say.
    #[inline]
    fn land(
        &mut self,
        landing: Square,
        king: bool,
        captured: Bitboard,
        through: Option<Direction>,
    ) {
        self.path[self.len] = landing;
        self.len += 1;
        let on_crowning_rank = !king && landing.rank() == crowning_rank(Self::US);
        match self.rules.crowning_in_capture {
            CrowningInCapture::EndsMove if on_crowning_rank => self.emit(captured, true),
            CrowningInCapture::ContinuesAsKing if on_crowning_rank => {
                self.extend(landing, true, captured, through)
            }
            _ => self.extend(landing, king, captured, through),
        }
        self.len -= 1;
    }

    #[inline]
    fn emit(&mut self, captured: Bitboard, promotes: bool) {
        self.sink
            .push(self.from, &self.path[..self.len], captured, promotes);
    }
}

impl Position {
    /// Every legal move, appended to `moves` (which is cleared first).
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        moves.clear();
        generate(self, moves);
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(32);
        generate(self, &mut moves);
        moves
    }
}
