//! A deliberately simple reference move generator, used only as a test oracle.
//!
//! It is written from the rules page (`spec/rules.md`), not from the engine's
//! bitboard generator: the board is a plain 8x8 array, moves are found with
//! loops over squares and directions, and capture sequences with recursion.
//! Speed does not matter here; being obviously right does.
//!
//! Coordinates are `(file, rank)`, both 0-based: a1 = (0, 0), h8 = (7, 7).
//! Only squares with `file + rank` even are dark and used.
//!
//! Rules implemented (per variant, see [`OracleRules`]):
//! * men move one square diagonally forward; kings one square in any direction,
//!   or (Russian) any distance along a free diagonal;
//! * capturing is mandatory, every complete capture sequence is its own move;
//! * men capture forward only (English) or forward and backward;
//! * a short king jumps an adjacent enemy piece to the empty square behind it;
//!   a flying king jumps an enemy piece any distance away (only empty squares
//!   between) and lands on any empty square behind it before the next piece;
//! * captured pieces stay on the board until the move ends: they block and
//!   cannot be jumped twice; the mover's start square counts as empty;
//! * a man reaching the last rank during a capture is crowned; the move ends
//!   there (English) or it goes on capturing as a king (tournament, Russian);
//! * a flying king with several landing squares behind a captured piece must
//!   take one from which it can capture again, when there is one;
//! * engine interpretation for flying kings: after landing on a square that is
//!   not the last empty square behind the captured piece, the king does not
//!   go on capturing along the same direction (that continuation is explored
//!   from the last landing square only), and that direction does not count
//!   when deciding whether the king "can capture again" from such a square.

#![allow(dead_code)]

use std::collections::BTreeSet;
use warcaby::Variant;

/// A square as `(file, rank)`, both 0-based.
pub(crate) type Sq = (i8, i8);

/// The four diagonal steps `(file step, rank step)`.
pub(crate) const DIRECTIONS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// The two sides.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub(crate) enum Side {
    /// Starts on ranks 1-3, moves up.
    White,
    /// Starts on ranks 6-8, moves down.
    Black,
}

impl Side {
    /// The other side.
    pub(crate) fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// Rank step of this side's men when moving forward.
    pub(crate) fn forward(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// The rank where this side's men are crowned.
    pub(crate) fn last_rank(self) -> i8 {
        match self {
            Side::White => 7,
            Side::Black => 0,
        }
    }
}

/// A piece on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub(crate) struct Man {
    /// Owner.
    pub side: Side,
    /// Crowned?
    pub king: bool,
}

/// The rule flags the oracle needs, taken from the table of the rules page.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OracleRules {
    /// Men may capture backward.
    pub men_capture_backward: bool,
    /// Kings move and capture at any distance.
    pub flying_kings: bool,
    /// A man crowned during a capture stops there.
    pub crowning_ends_capture: bool,
    /// A man reaching the last rank during a capture goes on as a man, and
    /// is crowned only if the move ends there (international rules).
    pub last_rank_passed_as_man: bool,
    /// Only the sequences capturing the most pieces are moves; sequences
    /// with the same start, end and captured pieces are one move.
    pub maximum_capture: bool,
}

impl OracleRules {
    /// The flags of `variant`, as written in the rules table.
    pub(crate) fn of(variant: Variant) -> OracleRules {
        match variant {
            Variant::Tournament => OracleRules {
                men_capture_backward: true,
                flying_kings: false,
                crowning_ends_capture: false,
                last_rank_passed_as_man: false,
                maximum_capture: false,
            },
            Variant::English => OracleRules {
                men_capture_backward: false,
                flying_kings: false,
                crowning_ends_capture: true,
                last_rank_passed_as_man: false,
                maximum_capture: false,
            },
            Variant::Russian => OracleRules {
                men_capture_backward: true,
                flying_kings: true,
                crowning_ends_capture: false,
                last_rank_passed_as_man: false,
                maximum_capture: false,
            },
            // International draughts has the same flags; the oracle plays
            // them on 8x8 only (10x10 is checked against pydraughts).
            Variant::Brazilian | Variant::International => OracleRules {
                men_capture_backward: true,
                flying_kings: true,
                crowning_ends_capture: false,
                last_rank_passed_as_man: true,
                maximum_capture: true,
            },
        }
    }
}

/// A move as the oracle sees it.
#[derive(Clone, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub(crate) struct OracleMove {
    /// Start square.
    pub from: Sq,
    /// Every landing square in order (one for a quiet move).
    pub path: Vec<Sq>,
    /// Squares of the captured pieces.
    pub captured: BTreeSet<Sq>,
    /// A man is crowned by this move.
    pub promotes: bool,
}

impl OracleMove {
    /// The final square.
    pub(crate) fn to(&self) -> Sq {
        *self.path.last().expect("a move has a landing square")
    }
}

/// Things the oracle noticed while generating, so tests can check they
/// actually exercised the rare rules.
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct OracleStats {
    /// A flying king had several landing squares and some were ruled out
    /// because others allowed it to capture again.
    pub landings_restricted: u64,
    /// A man was crowned mid-capture and went on capturing as a king.
    pub crowned_and_continued: u64,
    /// A man reached the last rank mid-capture and went on as a man.
    pub passed_last_rank_as_man: u64,
    /// Capture sequences dropped because another took more pieces.
    pub shorter_captures_dropped: u64,
}

/// The board: `cells[rank][file]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub(crate) struct Board {
    /// Pieces, indexed `[rank][file]`.
    pub cells: [[Option<Man>; 8]; 8],
}

/// True for a square on the board.
pub(crate) fn on_board(sq: Sq) -> bool {
    (0..8).contains(&sq.0) && (0..8).contains(&sq.1)
}

/// The square one step from `sq` in direction `d`.
pub(crate) fn step(sq: Sq, d: (i8, i8)) -> Sq {
    (sq.0 + d.0, sq.1 + d.1)
}

/// Every dark square, a1 first.
pub(crate) fn dark_squares() -> impl Iterator<Item = Sq> {
    (0..8i8)
        .flat_map(|rank| (0..8i8).map(move |file| (file, rank)))
        .filter(|&(f, r)| (f + r) % 2 == 0)
}

impl Board {
    /// An empty board.
    pub(crate) fn empty() -> Board {
        Board {
            cells: [[None; 8]; 8],
        }
    }

    /// The start position: 12 men each on the dark squares of the first three ranks.
    pub(crate) fn start() -> Board {
        let mut b = Board::empty();
        for sq in dark_squares() {
            if sq.1 <= 2 {
                b.set(
                    sq,
                    Some(Man {
                        side: Side::White,
                        king: false,
                    }),
                );
            } else if sq.1 >= 5 {
                b.set(
                    sq,
                    Some(Man {
                        side: Side::Black,
                        king: false,
                    }),
                );
            }
        }
        b
    }

    /// The piece on `sq` (None off the board too).
    pub(crate) fn get(&self, sq: Sq) -> Option<Man> {
        if on_board(sq) {
            self.cells[sq.1 as usize][sq.0 as usize]
        } else {
            None
        }
    }

    /// Puts `piece` on `sq`.
    pub(crate) fn set(&mut self, sq: Sq, piece: Option<Man>) {
        self.cells[sq.1 as usize][sq.0 as usize] = piece;
    }

    /// True for an empty square on the board.
    pub(crate) fn is_empty(&self, sq: Sq) -> bool {
        on_board(sq) && self.get(sq).is_none()
    }

    /// Number of pieces of `side`.
    pub(crate) fn count(&self, side: Side) -> usize {
        dark_squares()
            .filter(|&sq| self.get(sq).is_some_and(|p| p.side == side))
            .count()
    }

    /// Every legal move of `side` under `variant`.
    pub(crate) fn legal_moves(&self, side: Side, variant: Variant) -> Vec<OracleMove> {
        self.legal_moves_with_stats(side, variant, &mut OracleStats::default())
    }

    /// Every legal move, counting rare rule events into `stats`.
    pub(crate) fn legal_moves_with_stats(
        &self,
        side: Side,
        variant: Variant,
        stats: &mut OracleStats,
    ) -> Vec<OracleMove> {
        let rules = OracleRules::of(variant);
        let mut captures = Vec::new();
        for sq in dark_squares() {
            if self.get(sq).is_some_and(|p| p.side == side) {
                captures.extend(self.captures_from(sq, rules, stats));
            }
        }
        if rules.maximum_capture {
            let all = captures.len();
            captures = most_captures(captures);
            stats.shorter_captures_dropped += (all - captures.len()) as u64;
        }
        if !captures.is_empty() {
            return captures;
        }
        let mut quiet = Vec::new();
        for sq in dark_squares() {
            if let Some(piece) = self.get(sq).filter(|p| p.side == side) {
                self.quiet_moves_from(sq, piece, rules, &mut quiet);
            }
        }
        quiet
    }

    fn quiet_moves_from(
        &self,
        from: Sq,
        piece: Man,
        rules: OracleRules,
        out: &mut Vec<OracleMove>,
    ) {
        for d in DIRECTIONS {
            if !piece.king && d.1 != piece.side.forward() {
                continue;
            }
            let mut to = step(from, d);
            while self.is_empty(to) {
                out.push(OracleMove {
                    from,
                    path: vec![to],
                    captured: BTreeSet::new(),
                    promotes: !piece.king && to.1 == piece.side.last_rank(),
                });
                if !(piece.king && rules.flying_kings) {
                    break;
                }
                to = step(to, d);
            }
        }
    }

    /// Every complete capture sequence of the piece on `from`.
    fn captures_from(
        &self,
        from: Sq,
        rules: OracleRules,
        stats: &mut OracleStats,
    ) -> Vec<OracleMove> {
        let piece = self.get(from).expect("a piece to move");
        // The moving piece leaves its start square: it counts as empty.
        let mut board = *self;
        board.set(from, None);
        let mut search = CaptureSearch {
            board,
            rules,
            side: piece.side,
            from,
            started_as_king: piece.king,
            path: Vec::new(),
            captured: BTreeSet::new(),
            found: Vec::new(),
            stats,
        };
        search.go_on(from, piece.king, None);
        search.found
    }

    /// The board after `mv` (a legal move of the piece on `mv.from`).
    pub(crate) fn apply(&self, mv: &OracleMove) -> Board {
        let mut b = *self;
        let mut piece = b.get(mv.from).expect("a piece on the start square");
        b.set(mv.from, None);
        for &sq in &mv.captured {
            assert!(
                b.get(sq).is_some_and(|p| p.side != piece.side),
                "captured square holds an enemy"
            );
            b.set(sq, None);
        }
        if mv.promotes {
            piece.king = true;
        }
        assert!(b.get(mv.to()).is_none(), "the final square is empty");
        b.set(mv.to(), Some(piece));
        b
    }

    /// Leaf count `depth` plies down (every distinct move once).
    pub(crate) fn perft(&self, side: Side, variant: Variant, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves(side, variant);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|mv| self.apply(mv).perft(side.other(), variant, depth - 1))
            .sum()
    }
}

/// The sequences that capture the most pieces, one per start, end and
/// captured pieces: of several paths, the least when squares are read
/// rank first (as the engine keeps it).
fn most_captures(captures: Vec<OracleMove>) -> Vec<OracleMove> {
    let most = captures.iter().map(|m| m.captured.len()).max().unwrap_or(0);
    let key = |m: &OracleMove| m.path.iter().map(|&(f, r)| (r, f)).collect::<Vec<_>>();
    let mut kept: Vec<OracleMove> = Vec::new();
    for mv in captures.into_iter().filter(|m| m.captured.len() == most) {
        let same = |k: &&mut OracleMove| {
            k.from == mv.from && k.to() == mv.to() && k.captured == mv.captured
        };
        match kept.iter_mut().find(same) {
            Some(k) => {
                if key(&mv) < key(k) {
                    *k = mv;
                }
            }
            None => kept.push(mv),
        }
    }
    kept
}

/// The state of one capture search: the piece's start, the landings so far
/// and the pieces captured so far (which stay on `board`).
struct CaptureSearch<'a> {
    board: Board,
    rules: OracleRules,
    side: Side,
    from: Sq,
    started_as_king: bool,
    path: Vec<Sq>,
    captured: BTreeSet<Sq>,
    found: Vec<OracleMove>,
    stats: &'a mut OracleStats,
}

impl CaptureSearch<'_> {
    /// True when the piece may capture in direction `d`.
    fn may_capture_towards(&self, king: bool, d: (i8, i8)) -> bool {
        king || self.rules.men_capture_backward || d.1 == self.side.forward()
    }

    /// An enemy piece not yet captured on `sq`?
    fn is_capturable(&self, sq: Sq) -> bool {
        self.board.get(sq).is_some_and(|p| p.side != self.side) && !self.captured.contains(&sq)
    }

    /// The piece jumped from `at` in direction `d`, with the squares the
    /// capturer may land on behind it (in order, nearest first).
    fn jump(&self, at: Sq, king: bool, d: (i8, i8)) -> Option<(Sq, Vec<Sq>)> {
        if !self.may_capture_towards(king, d) {
            return None;
        }
        let mut victim = step(at, d);
        if king && self.rules.flying_kings {
            while self.board.is_empty(victim) {
                victim = step(victim, d);
            }
        }
        if !on_board(victim) || !self.is_capturable(victim) {
            return None;
        }
        let mut landings = Vec::new();
        let mut sq = step(victim, d);
        while self.board.is_empty(sq) {
            landings.push(sq);
            if !(king && self.rules.flying_kings) {
                break;
            }
            sq = step(sq, d);
        }
        if landings.is_empty() {
            None
        } else {
            Some((victim, landings))
        }
    }

    /// True when a piece on `at` could capture again, ignoring direction `skip`.
    fn can_capture(&self, at: Sq, king: bool, skip: Option<(i8, i8)>) -> bool {
        DIRECTIONS
            .iter()
            .any(|&d| Some(d) != skip && self.jump(at, king, d).is_some())
    }

    /// The piece stands on `at`; capture on if possible, else record the move.
    fn go_on(&mut self, at: Sq, king: bool, skip: Option<(i8, i8)>) {
        let mut jumped = false;
        for d in DIRECTIONS {
            if Some(d) == skip {
                continue;
            }
            let Some((victim, landings)) = self.jump(at, king, d) else {
                continue;
            };
            jumped = true;
            self.captured.insert(victim);
            if king && self.rules.flying_kings {
                self.flying_landings(d, &landings);
            } else {
                self.short_landing(landings[0], king);
            }
            self.captured.remove(&victim);
        }
        if !jumped && !self.path.is_empty() {
            self.found.push(OracleMove {
                from: self.from,
                path: self.path.clone(),
                captured: self.captured.clone(),
                promotes: if king {
                    !self.started_as_king
                } else {
                    at.1 == self.side.last_rank()
                },
            });
        }
    }

    /// A man or a short king lands right behind the piece it jumped.
    fn short_landing(&mut self, landing: Sq, king: bool) {
        self.path.push(landing);
        let crowned = !king && landing.1 == self.side.last_rank();
        if crowned && self.rules.crowning_ends_capture {
            self.found.push(OracleMove {
                from: self.from,
                path: self.path.clone(),
                captured: self.captured.clone(),
                promotes: true,
            });
        } else {
            if crowned && self.rules.last_rank_passed_as_man {
                if self.can_capture(landing, false, None) {
                    self.stats.passed_last_rank_as_man += 1;
                }
            } else if crowned && self.jump_exists_as_king(landing) {
                self.stats.crowned_and_continued += 1;
            }
            let crowned_now = crowned && !self.rules.last_rank_passed_as_man;
            self.go_on(landing, king || crowned_now, None);
        }
        self.path.pop();
    }

    fn jump_exists_as_king(&self, at: Sq) -> bool {
        self.can_capture(at, true, None)
    }

    /// A flying king picks its landing squares behind the piece it jumped in `d`.
    fn flying_landings(&mut self, d: (i8, i8), landings: &[Sq]) {
        let last = landings.len() - 1;
        // From a landing other than the last, the same direction is not a
        // continuation of its own (see the module comment).
        let skip_for = |i: usize| if i == last { None } else { Some(d) };
        let continuing: Vec<usize> = (0..landings.len())
            .filter(|&i| self.can_capture(landings[i], true, skip_for(i)))
            .collect();
        let chosen: Vec<usize> = if continuing.is_empty() {
            (0..landings.len()).collect()
        } else {
            if continuing.len() < landings.len() {
                self.stats.landings_restricted += 1;
            }
            continuing
        };
        for i in chosen {
            self.path.push(landings[i]);
            self.go_on(landings[i], true, skip_for(i));
            self.path.pop();
        }
    }
}
