//! Finding puzzles in games. For each position of each game (after the
//! opening) the engine asks, first shallowly and then at full depth:
//! does the best move win at least a man (over the material before the
//! opponent's last capture: taking back a man just taken is no puzzle),
//! while every other move is clearly worse and wins nothing? If so, the winning line is played out
//! against the engine's best defence until the man is won and nothing can
//! be taken back — each of the solver's moves in it again the only one
//! that wins — and the puzzle is kept, with its themes and a rating from
//! the depth the engine needed to find it.

use super::{Puzzle, Theme};
use crate::checkers::ai::{CheckersEval, CheckersNode, Level, MAN};
use crate::checkers::game::Game;
use crate::checkers::moves::Move;
use crate::checkers::position::Position;
use crate::core::Color;
use crate::search::{Limits, Searcher, MATE};
use std::collections::HashSet;

/// How the miner searches and what it keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MineSettings {
    /// Depth of the first, cheap look at every position.
    pub quick_depth: u32,
    /// Depth of the verification and of the line.
    pub depth: u32,
    /// Positions before this ply are the opening: skipped.
    pub min_ply: usize,
    /// The longest line, in the solver's moves.
    pub max_solver_moves: usize,
    /// Threads (each mines its share of the games).
    pub jobs: usize,
}

impl Default for MineSettings {
    fn default() -> MineSettings {
        MineSettings {
            quick_depth: 8,
            depth: 14,
            min_ply: 8,
            max_solver_moves: 4,
            jobs: 1,
        }
    }
}

/// What a mining run looked at and found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MineStats {
    /// Games read.
    pub games: usize,
    /// Positions looked at.
    pub positions: usize,
    /// Positions that passed the quick look.
    pub candidates: usize,
    /// Puzzles kept.
    pub puzzles: usize,
    /// Puzzles dropped as a position already kept.
    pub duplicates: usize,
}

/// The best move must win this much more than the material on the board
/// (hundredths of a man)...
const WIN_MARGIN: i32 = 40;
/// ...while every other move stays under this much above it...
const OTHERS_MARGIN: i32 = 40;
/// ...and at least this much under the best.
const GAP: i32 = 150;

/// The puzzles in `games` (each named by where it comes from), in the
/// games' order, named `{variant}-{n}` from `first_number` on; `progress`
/// hears of each game done. A position found twice is kept once.
pub fn mine(
    games: &[(String, Game)],
    settings: &MineSettings,
    first_number: usize,
    progress: impl Fn() + Sync,
) -> (Vec<Puzzle>, MineStats) {
    let jobs = settings.jobs.max(1);
    let mut found: Vec<(usize, Vec<Puzzle>, MineStats)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|job| {
                let progress = &progress;
                scope.spawn(move || {
                    let mut miner = Miner::new(settings);
                    let mut out = Vec::new();
                    for (index, (source, game)) in games.iter().enumerate().skip(job).step_by(jobs)
                    {
                        let mut stats = MineStats::default();
                        let puzzles = miner.game(source, game, &mut stats);
                        out.push((index, puzzles, stats));
                        progress();
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a mining thread panicked"))
            .collect()
    });
    found.sort_by_key(|(index, ..)| *index);
    let mut stats = MineStats {
        games: games.len(),
        ..MineStats::default()
    };
    let mut seen = HashSet::new();
    let mut puzzles = Vec::new();
    for (_, game_puzzles, game_stats) in found {
        stats.positions += game_stats.positions;
        stats.candidates += game_stats.candidates;
        for mut puzzle in game_puzzles {
            if !seen.insert(puzzle.fen.clone()) {
                stats.duplicates += 1;
                continue;
            }
            puzzle.id = format!("{}-{:04}", puzzle.variant, first_number + puzzles.len());
            puzzles.push(puzzle);
        }
    }
    stats.puzzles = puzzles.len();
    (puzzles, stats)
}

/// Pieces of `side` minus the other side's (a king counts as one).
fn material(pos: &Position, side: Color) -> i32 {
    pos.pieces(side).count() as i32 - pos.pieces(side.opponent()).count() as i32
}

/// The material of the side to move in `pos` before the opponent's last
/// move `previous` (what a capture took is counted back): a puzzle must
/// win a man over it, so taking back a man just taken is none.
fn settled_material(pos: &Position, previous: Option<&Move>) -> i32 {
    let taken = previous.map_or(0, |m| m.capture_count() as i32);
    material(pos, pos.side_to_move()) + taken
}

/// The position after `mv`.
fn after(pos: &Position, mv: &Move) -> Position {
    let mut next = *pos;
    next.play(mv);
    next
}

/// True when the side to move has a capture.
fn can_capture(pos: &Position) -> bool {
    pos.legal_moves().iter().any(Move::is_capture)
}

/// Table size of a miner's searcher, MiB: every puzzle is checked by a
/// fresh search, so the table is cleared often; a small one clears fast
/// and is plenty for a depth-14 search of one position.
const MINING_TT_MIB: usize = 16;

/// The strongest level's search with a small table, without ProbCut: a
/// puzzle is proved by a search of a fixed depth, whose verdict should not
/// hang on a speculative cut (the committed sets were mined so).
fn mining_config() -> crate::search::SearchConfig {
    crate::search::SearchConfig {
        tt_mib: MINING_TT_MIB,
        probcut: false,
        ..Level::MAX.config(0)
    }
}

/// One thread's searcher and settings.
struct Miner<'a> {
    settings: &'a MineSettings,
    searcher: Searcher<CheckersNode, CheckersEval>,
}

/// The only winning move of a position, as the engine sees it.
struct OnlyWin {
    best: Move,
}

impl<'a> Miner<'a> {
    fn new(settings: &'a MineSettings) -> Miner<'a> {
        Miner {
            settings,
            searcher: Searcher::new(mining_config(), CheckersEval::Positional),
        }
    }

    /// The puzzles of one game.
    fn game(&mut self, source: &str, game: &Game, stats: &mut MineStats) -> Vec<Puzzle> {
        let mut puzzles = Vec::new();
        let mut positions: Vec<Position> = game.positions_and_moves().map(|(p, _)| *p).collect();
        positions.push(*game.position());
        let moves: Vec<Move> = game.moves().copied().collect();
        // The positions of the lines kept: the same shot met again a move
        // later in the game is the same puzzle.
        let mut in_lines: HashSet<u64> = HashSet::new();
        for (ply, pos) in positions.iter().enumerate().skip(self.settings.min_ply) {
            if in_lines.contains(&pos.hash()) {
                continue;
            }
            stats.positions += 1;
            let base = settled_material(pos, ply.checked_sub(1).map(|i| &moves[i]));
            if self
                .only_win(pos, base, self.settings.quick_depth)
                .is_none()
            {
                continue;
            }
            stats.candidates += 1;
            if let Some((puzzle, line)) = self.puzzle(pos, base) {
                in_lines.extend(line.iter().map(Position::hash));
                puzzles.push(Puzzle {
                    source: format!("{source}, ply {}", ply + 1),
                    ..puzzle
                });
            }
        }
        puzzles
    }

    fn search(
        &mut self,
        pos: &Position,
        among: Option<&[Move]>,
        depth: u32,
    ) -> (Option<Move>, i32) {
        let node = CheckersNode {
            pos: *pos,
            quiet_plies: 0,
        };
        let limits = Limits::depth(depth);
        let info = match among {
            Some(moves) => self
                .searcher
                .search_among(&node, moves, &[], limits, |_| {}),
            None => self.searcher.search(&node, &[], limits, |_| {}),
        };
        (info.best_move, info.score)
    }

    /// The move that alone wins a man over `base` (the solver's material
    /// before the puzzle, see [`settled_material`]), if the position has
    /// one, at `depth`.
    fn only_win(&mut self, pos: &Position, base: i32, depth: u32) -> Option<OnlyWin> {
        let legal = pos.legal_moves();
        if legal.len() < 2 {
            return None;
        }
        let (best, score) = self.search(pos, None, depth);
        let best = best?;
        let floor = base * MAN;
        if score < floor + WIN_MARGIN {
            return None;
        }
        // Moves that leave the same position as the best are the same answer.
        let result = after(pos, &best);
        let others: Vec<Move> = legal
            .into_iter()
            .filter(|m| after(pos, m) != result)
            .collect();
        if others.is_empty() {
            return None;
        }
        let (_, second) = self.search(pos, Some(&others), depth);
        let clearly_worse = second <= score - GAP && second <= floor + OTHERS_MARGIN;
        (clearly_worse || score >= MATE / 2 && second < MATE / 2 && second <= floor + OTHERS_MARGIN)
            .then_some(OnlyWin { best })
    }

    /// The puzzle of a position that passed the quick look, if it holds at
    /// full depth and its line wins the man.
    fn puzzle(&mut self, start: &Position, base: i32) -> Option<(Puzzle, Vec<Position>)> {
        let solver = start.side_to_move();
        let depth = self.settings.depth;
        // A fresh search (nothing learnt from other positions) decides, as
        // anyone who checks the puzzle later searches.
        self.searcher.clear();
        let first = self.only_win(start, base, depth)?;
        let mut line = vec![first.best];
        let mut pos = after(start, &first.best);
        loop {
            let won = material(&pos, solver) > base && !can_capture(&pos);
            if won || pos.legal_moves().is_empty() {
                break;
            }
            if line.len().div_ceil(2) >= self.settings.max_solver_moves {
                return None;
            }
            let (reply, _) = self.search(&pos, None, depth);
            let reply = reply?;
            line.push(reply);
            pos = after(&pos, &reply);
            let next = self.only_win(&pos, base, depth)?;
            line.push(next.best);
            pos = after(&pos, &next.best);
        }
        let find_depth = self.find_depth(start, &first.best, base);
        let texts = line_texts(start, &line);
        let themes = themes(start, &line);
        let solver_moves = line.len().div_ceil(2) as u32;
        let mut positions = vec![*start];
        for mv in &line {
            positions.push(after(positions.last().expect("the start"), mv));
        }
        let puzzle = Puzzle {
            id: String::new(),
            variant: start.variant(),
            fen: crate::checkers::notation::fen::write(start),
            line: texts,
            themes,
            rating: (800 + 60 * find_depth + 120 * (solver_moves - 1)).clamp(600, 2600),
            source: String::new(),
        };
        Some((puzzle, positions))
    }

    /// The shallowest depth at which a fresh search plays the winning
    /// move with a winning score: how hard the puzzle is to see.
    fn find_depth(&mut self, start: &Position, best: &Move, base: i32) -> u32 {
        let result = after(start, best);
        for depth in 1..self.settings.depth {
            self.searcher.clear();
            let (found, score) = self.search(start, None, depth);
            if found.is_some_and(|m| after(start, &m) == result) && score >= base * MAN + WIN_MARGIN
            {
                return depth;
            }
        }
        self.settings.depth
    }
}

/// The line's moves in full text, each in the position it is played in.
fn line_texts(start: &Position, line: &[Move]) -> Vec<String> {
    let mut pos = *start;
    line.iter()
        .map(|mv| {
            let text = crate::checkers::notation::move_text::full_text(mv, pos.rules());
            pos.play(mv);
            text
        })
        .collect()
}

/// What the line is about (see [`Theme`]); a line that is none of the
/// named kinds just wins material.
fn themes(start: &Position, line: &[Move]) -> Vec<Theme> {
    let solver_moves: Vec<&Move> = line.iter().step_by(2).collect();
    let replies: Vec<&Move> = line.iter().skip(1).step_by(2).collect();
    // A solver's quiet move the defence captures: a man given.
    let gives =
        replies.iter().any(|r| r.is_capture()) && solver_moves.iter().any(|m| !m.is_capture());
    let multi_capture = solver_moves.iter().any(|m| m.capture_count() >= 2);
    let crowns = solver_moves.iter().any(|m| m.promotes());
    let mut themes = Vec::new();
    if gives && multi_capture {
        themes.push(Theme::Shot);
    }
    if gives && crowns {
        themes.push(Theme::Breakthrough);
    }
    if crowns && !themes.contains(&Theme::Breakthrough) {
        themes.push(Theme::Crowning);
    }
    let captures = start
        .legal_moves()
        .into_iter()
        .filter(Move::is_capture)
        .count();
    if line[0].is_capture() && captures >= 2 {
        themes.push(Theme::CaptureChoice);
    }
    if start.pieces(Color::White).count() + start.pieces(Color::Black).count() <= 8 {
        themes.push(Theme::Ending);
    }
    if themes.is_empty() {
        themes.push(Theme::Material);
    }
    themes
}
