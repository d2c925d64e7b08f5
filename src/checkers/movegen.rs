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

use crate::checkers::bitboard::{BitboardOf, Direction};
use crate::checkers::geometry::{Board8, Geometry};
use crate::checkers::moves::MoveOf;
use crate::checkers::position::PositionOf;
use crate::checkers::rules::{crowning_rank_on, CrowningInCapture, Rules};
use crate::checkers::square::SquareOf;
use crate::checkers::tables::{free_ray, neighbour, ray};
use crate::core::Color;

/// Receives generated moves. Implemented by `Vec<Move>` (collect) and by
/// [`MoveCounter`] (count only, for perft).
pub trait MoveSink<G: Geometry = Board8> {
    /// One legal move: start, landing squares, captured squares, crowning.
    fn push(
        &mut self,
        from: SquareOf<G>,
        path: &[SquareOf<G>],
        captured: BitboardOf<G>,
        promotes: bool,
    );
}

impl<G: Geometry> MoveSink<G> for Vec<MoveOf<G>> {
    #[inline]
    fn push(
        &mut self,
        from: SquareOf<G>,
        path: &[SquareOf<G>],
        captured: BitboardOf<G>,
        promotes: bool,
    ) {
        Vec::push(self, MoveOf::new(from, path, captured, promotes));
    }
}

/// A sink that only counts moves.
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl<G: Geometry> MoveSink<G> for MoveCounter {
    #[inline]
    fn push(&mut self, _: SquareOf<G>, _: &[SquareOf<G>], _: BitboardOf<G>, _: bool) {
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
pub fn capturers<G: Geometry>(pos: &PositionOf<G>) -> BitboardOf<G> {
    match pos.side_to_move() {
        Color::White => capturers_of::<G, true>(pos),
        Color::Black => capturers_of::<G, false>(pos),
    }
}

/// Pieces of the side *not* to move that would have a capture if it were
/// their turn: the threats the side to move faces.
#[inline]
pub fn threateners<G: Geometry>(pos: &PositionOf<G>) -> BitboardOf<G> {
    match pos.side_to_move() {
        Color::White => capturers_of::<G, false>(pos),
        Color::Black => capturers_of::<G, true>(pos),
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

fn capturers_of<G: Geometry, const WHITE: bool>(pos: &PositionOf<G>) -> BitboardOf<G> {
    let rules = pos.rules();
    let us = side(WHITE);
    let theirs = pos.pieces(us.opponent());
    let empty = pos.empty();
    let mut result = BitboardOf::EMPTY;
    let men = pos.men(us);
    let short_kings = if rules.flying_kings {
        BitboardOf::EMPTY
    } else {
        pos.kings(us)
    };
    let men_backward = if rules.men_capture_backward {
        men
    } else {
        BitboardOf::EMPTY
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
                result |= BitboardOf::from_square(king);
            }
        }
    }
    result
}

/// True when the side to move must capture.
#[inline]
pub fn has_capture<G: Geometry>(pos: &PositionOf<G>) -> bool {
    capturers(pos).any()
}

/// Generates every legal move of `pos` into `sink`. Never inlined: one
/// copy serves every caller (inlined into the search's node, it doubled in
/// the page's worker, whose size is budgeted; a call costs nothing next
/// to the generation).
#[inline(never)]
pub fn generate<G: Geometry, S: MoveSink<G>>(pos: &PositionOf<G>, sink: &mut S) {
    let capturers = capturers(pos);
    if capturers.any() {
        generate_captures(pos, capturers, sink);
    } else {
        generate_quiet(pos, sink);
    }
}

/// Number of legal moves of `pos`, counting quiet moves without listing them.
pub fn count<G: Geometry>(pos: &PositionOf<G>) -> u64 {
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
fn generate_captures<G: Geometry, S: MoveSink<G>>(
    pos: &PositionOf<G>,
    capturers: BitboardOf<G>,
    sink: &mut S,
) {
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
pub fn keep_most_captures<G: Geometry>(moves: &mut Vec<MoveOf<G>>) {
    let most = moves.iter().map(MoveOf::capture_count).max().unwrap_or(0);
    let mut kept: Vec<MoveOf<G>> = Vec::with_capacity(moves.len());
    for mv in moves.drain(..).filter(|m| m.capture_count() == most) {
        let same = |k: &&mut MoveOf<G>| {
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

/// The landing squares as bit indices, to order paths.
fn path_key<G: Geometry>(mv: &MoveOf<G>) -> impl Iterator<Item = usize> + '_ {
    mv.path().iter().map(|sq| sq.index())
}

fn generate_quiet<G: Geometry, S: MoveSink<G>>(pos: &PositionOf<G>, sink: &mut S) {
    let us = pos.side_to_move();
    let empty = pos.empty();
    let kings = pos.kings(us);
    let flying = pos.rules().flying_kings;
    for d in forward(us) {
        for to in pos.men(us).shift(d) & empty {
            let from = neighbour(to, d.opposite()).expect("shifted square has a source");
            sink.push(
                from,
                &[to],
                BitboardOf::EMPTY,
                to.rank() == crowning_rank_on::<G>(us),
            );
        }
    }
    for from in kings {
        for &d in &Direction::ALL {
            let targets = if flying {
                free_ray(from, d, pos.occupied())
            } else {
                BitboardOf::from_square(from).shift(d) & empty
            };
            for to in targets {
                sink.push(from, &[to], BitboardOf::EMPTY, false);
            }
        }
    }
}

/// Number of quiet (non-capturing) moves of the side to move, ignoring captures.
#[inline]
pub fn count_quiet<G: Geometry>(pos: &PositionOf<G>) -> u64 {
    match pos.side_to_move() {
        Color::White => count_quiet_of::<G, true>(pos),
        Color::Black => count_quiet_of::<G, false>(pos),
    }
}

fn count_quiet_of<G: Geometry, const WHITE: bool>(pos: &PositionOf<G>) -> u64 {
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

fn generate_captures_from<G: Geometry, S: MoveSink<G>>(
    pos: &PositionOf<G>,
    from: SquareOf<G>,
    sink: &mut S,
) {
    match (pos.rules().flying_kings, pos.side_to_move()) {
        (true, Color::White) => CaptureSearch::<G, S, true, true>::run(pos, from, sink),
        (true, Color::Black) => CaptureSearch::<G, S, true, false>::run(pos, from, sink),
        (false, Color::White) => CaptureSearch::<G, S, false, true>::run(pos, from, sink),
        (false, Color::Black) => CaptureSearch::<G, S, false, false>::run(pos, from, sink),
    }
}

/// Depth-first walk over every capture sequence of one piece. `FLYING` (the
/// variant's `flying_kings` flag) and `WHITE` (the side moving) are made
/// constants so that each combination compiles to straight bitboard code.
struct CaptureSearch<'a, G: Geometry, S, const FLYING: bool, const WHITE: bool> {
    rules: &'static Rules,
    theirs: BitboardOf<G>,
    /// Empty squares, the moving piece's start included; captured pieces stay.
    empty: BitboardOf<G>,
    from: SquareOf<G>,
    started_as_man: bool,
    path: G::Path,
    len: usize,
    sink: &'a mut S,
}

impl<'a, G: Geometry, S: MoveSink<G>, const FLYING: bool, const WHITE: bool>
    CaptureSearch<'a, G, S, FLYING, WHITE>
{
    const US: Color = side(WHITE);

    fn run(pos: &PositionOf<G>, from: SquareOf<G>, sink: &'a mut S) {
        let king = pos.kings(Self::US).contains(from);
        let mut search = CaptureSearch::<G, S, FLYING, WHITE> {
            rules: pos.rules(),
            theirs: pos.pieces(Self::US.opponent()),
            empty: pos.empty() | BitboardOf::from_square(from),
            from,
            started_as_man: !king,
            path: G::path_of(from),
            len: 0,
            sink,
        };
        search.extend(from, king, BitboardOf::EMPTY, None);
    }

    /// Where a short-jumping piece on `sq` can land by one capture (the
    /// captured piece is the square halfway).
    #[inline]
    fn short_landings(
        &self,
        sq: SquareOf<G>,
        king: bool,
        captured: BitboardOf<G>,
    ) -> BitboardOf<G> {
        let piece = BitboardOf::from_square(sq);
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
        sq: SquareOf<G>,
        d: Direction,
        captured: BitboardOf<G>,
    ) -> Option<(SquareOf<G>, BitboardOf<G>)> {
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
        sq: SquareOf<G>,
        king: bool,
        captured: BitboardOf<G>,
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
    fn extend(
        &mut self,
        sq: SquareOf<G>,
        king: bool,
        captured: BitboardOf<G>,
        through: Option<Direction>,
    ) {
        let mut extended = false;
        if FLYING && king {
            for d in Direction::ALL {
                if Some(d) == through {
                    continue;
                }
                if let Some((victim, landings)) = self.flying_capture(sq, d, captured) {
                    extended = true;
                    self.king_landings(d, landings, captured | BitboardOf::from_square(victim));
                }
            }
        } else {
            for landing in self.short_landings(sq, king, captured) {
                extended = true;
                let victim =
                    SquareOf::from_index_unchecked(((sq.index() + landing.index()) / 2) as u8);
                self.land(
                    landing,
                    king,
                    captured | BitboardOf::from_square(victim),
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
                sq.rank() == crowning_rank_on::<G>(Self::US)
            };
            self.emit(captured, promotes);
        }
    }

    /// A flying king chooses where to land behind the piece it jumped in `d`.
    /// It must pick a square from which it can capture again when there is
    /// one. Continuing along the same line is not a stop: that continuation
    /// is explored only from the last landing square before the next piece,
    /// so from the other landings direction `d` is skipped.
    fn king_landings(&mut self, d: Direction, landings: BitboardOf<G>, captured: BitboardOf<G>) {
        let last = landings.nearest(d.opposite());
        let through = |l: SquareOf<G>| (Some(l) != last).then_some(d);
        let mut chosen = landings;
        if landings.has_many() {
            let continuing: BitboardOf<G> = landings
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
        landing: SquareOf<G>,
        king: bool,
        captured: BitboardOf<G>,
        through: Option<Direction>,
    ) {
        self.path.as_mut()[self.len] = landing;
        self.len += 1;
        let on_crowning_rank = !king && landing.rank() == crowning_rank_on::<G>(Self::US);
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
    fn emit(&mut self, captured: BitboardOf<G>, promotes: bool) {
        self.sink.push(
            self.from,
            &self.path.as_ref()[..self.len],
            captured,
            promotes,
        );
    }
}

impl<G: Geometry> PositionOf<G> {
    /// Every legal move, appended to `moves` (which is cleared first).
    pub fn legal_moves_into(&self, moves: &mut Vec<MoveOf<G>>) {
        moves.clear();
        generate(self, moves);
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<MoveOf<G>> {
        let mut moves = Vec::with_capacity(32);
        generate(self, &mut moves);
        moves
    }
}
