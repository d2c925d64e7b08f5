//! Training positions for the learned evaluation: self-play games at a fixed
//! node count from a given opening, each quiet position stored from the side
//! to move's view with the search score and the game's result.
//!
//! A file is a magic naming its board, then samples of a fixed size: on
//! 8x8 `WCEVDAT1` and 16 bytes (three `u32` masks of the 32 playable
//! squares), on 10x10 `WCEVDT10` and 28 bytes (three `u64` masks of the
//! 50); both then the score `i16`, the result `i8` and the ply `u8`.

use super::features::{compact, squares, MoverBoard};
use crate::checkers::ai::{search_game, CheckersEval, CheckersNodeOf};
use crate::checkers::game::GameOf;
use crate::checkers::geometry::Geometry;
use crate::checkers::movegen;
use crate::checkers::rules::BoardSize;
use crate::core::rng::Rng;
use crate::core::Color;
use crate::search::{Evaluator, Limits, SearchConfig, Searcher, MATE_BOUND};

/// Bytes of one stored [`Sample`] of the 8x8 board.
pub const SAMPLE_BYTES: usize = sample_bytes(BoardSize::Eight);
/// The first bytes of an 8x8 training-position file.
pub const DATA_MAGIC: &[u8; 8] = data_magic(BoardSize::Eight);
/// A game still going after this many plies is scored a draw.
const MAX_PLIES: usize = 300;

/// Bytes of one stored [`Sample`] of a board.
pub const fn sample_bytes(size: BoardSize) -> usize {
    3 * mask_bytes(size) + 4
}

/// Bytes of one piece mask in a file of the board.
const fn mask_bytes(size: BoardSize) -> usize {
    match size {
        BoardSize::Eight => 4,
        BoardSize::Ten => 8,
    }
}

/// The first bytes of a training-position file of a board.
pub const fn data_magic(size: BoardSize) -> &'static [u8; 8] {
    match size {
        BoardSize::Eight => b"WCEVDAT1",
        BoardSize::Ten => b"WCEVDT10",
    }
}

/// One training position, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The board (own and enemy pieces, kings), as playable-square masks.
    pub board: MoverBoard,
    /// The search score, hundredths of a man, for the side to move
    /// (positions with a forced win or loss found are not stored).
    pub score: i16,
    /// The game's result for the side to move: 1 win, 0 draw, -1 loss.
    pub result: i8,
    /// The ply of the game the position came from (saturated at 255).
    pub ply: u8,
}

impl Sample {
    /// The 8x8 sample as [`SAMPLE_BYTES`] little-endian bytes.
    pub fn to_bytes(&self) -> [u8; SAMPLE_BYTES] {
        let mut out = Vec::with_capacity(SAMPLE_BYTES);
        self.write(BoardSize::Eight, &mut out);
        out.try_into().expect("an 8x8 sample's size")
    }

    /// Appends the sample as a file of `size`'s board stores it.
    pub fn write(&self, size: BoardSize, out: &mut Vec<u8>) {
        let n = mask_bytes(size);
        for mask in [self.board.own, self.board.enemy, self.board.kings] {
            out.extend_from_slice(&mask.to_le_bytes()[..n]);
        }
        out.extend_from_slice(&self.score.to_le_bytes());
        out.push(self.result as u8);
        out.push(self.ply);
    }

    /// Reads an 8x8 sample; see [`Sample::read`].
    pub fn from_bytes(b: &[u8; SAMPLE_BYTES]) -> Option<Sample> {
        Sample::read(BoardSize::Eight, b)
    }

    /// Reads a sample of `size`'s board ([`sample_bytes`] bytes); None when
    /// the bytes cannot be one (overlapping colours, kings on empty
    /// squares, a piece off the board, a result outside -1..=1).
    pub fn read(size: BoardSize, b: &[u8]) -> Option<Sample> {
        let n = mask_bytes(size);
        if b.len() != sample_bytes(size) {
            return None;
        }
        let mask = |i: usize| {
            let mut word = [0u8; 8];
            word[..n].copy_from_slice(&b[i * n..(i + 1) * n]);
            u64::from_le_bytes(word)
        };
        let board = MoverBoard {
            own: mask(0),
            enemy: mask(1),
            kings: mask(2),
        };
        let at = 3 * n;
        let result = b[at + 2] as i8;
        let valid = board.own & board.enemy == 0
            && board.kings & !(board.own | board.enemy) == 0
            && board.fits(squares(size))
            && (-1..=1).contains(&result);
        valid.then_some(Sample {
            board,
            score: i16::from_le_bytes([b[at], b[at + 1]]),
            result,
            ply: b[at + 3],
        })
    }
}

/// Reads an 8x8 training-position file's bytes (magic, then samples); a
/// file of another board is refused.
pub fn parse_samples(bytes: &[u8]) -> Result<Vec<Sample>, String> {
    match parse_data(bytes)? {
        (BoardSize::Eight, samples) => Ok(samples),
        (size, _) => Err(format!(
            "a training-position file of the {} board, not the 8x8 one",
            size.name()
        )),
    }
}

/// Reads a training-position file's bytes of either board: its board (by
/// the magic) and its samples.
pub fn parse_data(bytes: &[u8]) -> Result<(BoardSize, Vec<Sample>), String> {
    let (size, body) = BoardSize::ALL
        .into_iter()
        .find_map(|size| Some((size, bytes.strip_prefix(data_magic(size).as_slice())?)))
        .ok_or("not a training-position file (bad magic)")?;
    let each = sample_bytes(size);
    if body.len() % each != 0 {
        return Err(format!(
            "training-position file truncated: {} bytes after the header is not a multiple of {each}",
            body.len()
        ));
    }
    let samples = body
        .chunks_exact(each)
        .enumerate()
        .map(|(i, c)| {
            Sample::read(size, c).ok_or_else(|| format!("sample {i} is not a valid position"))
        })
        .collect::<Result<_, String>>()?;
    Ok((size, samples))
}

/// The samples of every file `paths` names ([`data_files`]), all of one
/// board, which it returns (8x8 when there are none); a file of the other
/// board than the first's is refused, naming it.
pub fn read_data_files(paths: &[std::path::PathBuf]) -> Result<(BoardSize, Vec<Sample>), String> {
    let mut samples = Vec::new();
    let mut board = None;
    for path in &data_files(paths)? {
        let name = path.display();
        let bytes = std::fs::read(path).map_err(|e| format!("{name}: {e}"))?;
        let (size, read) = parse_data(&bytes).map_err(|e| format!("{name}: {e}"))?;
        match board {
            Some(first) if first != size => {
                return Err(format!(
                    "{name}: positions of the {} board among {} ones",
                    size.name(),
                    BoardSize::name(first)
                ))
            }
            _ => board = Some(size),
        }
        samples.extend(read);
    }
    Ok((board.unwrap_or(BoardSize::Eight), samples))
}

/// The games of a run of samples as ranges: a game's samples come one
/// after another with their ply rising (a file holds its games in order),
/// so a sample whose ply does not rise starts the next game (ply 255 is a
/// saturated count and rises on).
pub fn game_ranges(samples: &[Sample]) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let mut start = 0;
    for i in 1..samples.len() {
        let (before, now) = (samples[i - 1].ply, samples[i].ply);
        if now < before || (now == before && now != u8::MAX) {
            ranges.push(start..i);
            start = i;
        }
    }
    if start < samples.len() {
        ranges.push(start..samples.len());
    }
    ranges
}

/// What [`adjudicate`] did to a run of samples.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Games in the run ([`game_ranges`]).
    pub games: usize,
    /// Games that reached a position the probe knows.
    pub reached: usize,
    /// Samples whose result the probe changed.
    pub changed: usize,
    /// Games whose first known position's verdict is not the game's
    /// played result (a won ending drawn or lost by the players).
    pub games_changed: usize,
}

/// Replaces the played result of each game's samples by the true one where
/// `probe` (endgame tables: the result for the side to move, 1, 0 or -1)
/// knows it. A self-play game sometimes draws a won ending or loses a
/// drawn one (about 3 % of the games reaching 6-piece tables at 20,000
/// nodes a move), and every position of the game learns that result; the
/// tables say what the ending was worth. Each sample probed itself takes its own
/// value; a sample before the game's first probed position takes that
/// position's value, turned to its mover by the plies between them (a
/// saturated ply, 255, cannot be counted: such samples keep their result).
pub fn adjudicate(
    samples: &mut [Sample],
    probe: impl Fn(&MoverBoard) -> Option<i8>,
) -> Adjudication {
    let ranges = game_ranges(samples);
    let mut done = Adjudication {
        games: ranges.len(),
        ..Adjudication::default()
    };
    for range in ranges {
        let game = &mut samples[range];
        let Some(first) = game.iter().position(|s| probe(&s.board).is_some()) else {
            continue;
        };
        done.reached += 1;
        let verdict = probe(&game[first].board).expect("probed above");
        if verdict != game[first].result {
            done.games_changed += 1;
        }
        let at = game[first].ply;
        for s in game.iter_mut() {
            let result = match probe(&s.board) {
                Some(own) => own,
                None if s.ply < at && at != u8::MAX => {
                    if (at - s.ply).is_multiple_of(2) {
                        verdict
                    } else {
                        -verdict
                    }
                }
                None => continue,
            };
            if result != s.result {
                s.result = result;
                done.changed += 1;
            }
        }
    }
    done
}

/// Samples a rescoring scores with one fresh table ([`rescore`]): the
/// unit of work and of resumption, so a chunk's scores are the same
/// whichever thread, run or machine scores it.
pub const RESCORE_CHUNK: usize = 1024;

/// The score a rescored sample keeps for a found win (hundredths of a man,
/// negated for a loss): far past where the training target saturates, so
/// it says "won" without a mate distance no other sample has. Self-play
/// drops such positions; a rescoring keeps every input sample, one to one,
/// which is what lets a killed run go on where its output stops.
pub const RESCORED_WIN: i16 = 3000;

/// `samples` with each board's score from a fresh search of `nodes` nodes
/// (the board as a bare position: no history), results and plies kept.
/// Self-play labels a position with the score of the player that reached
/// it; this relabels positions reached by any player — cheap, diverse
/// games, or an earlier set searched deeper — with another evaluation's
/// search. `engine`'s table is cleared first. A board that is not a legal
/// position of `variant` is refused, naming its index.
pub fn rescore<E: Evaluator<crate::checkers::ai::CheckersNode>>(
    samples: &[Sample],
    variant: crate::checkers::rules::Variant,
    nodes: u64,
    engine: &mut Searcher<crate::checkers::ai::CheckersNode, E>,
) -> Result<Vec<Sample>, String> {
    engine.clear();
    samples
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let pos: crate::checkers::position::Position = s
                .board
                .to_position(variant)
                .map_err(|e| format!("sample {i}: {e}"))?;
            let info = crate::checkers::ai::search_position(engine, &pos, Limits::nodes(nodes));
            let win = RESCORED_WIN as i32;
            Ok(Sample {
                score: info.score.clamp(-win, win) as i16,
                ..*s
            })
        })
        .collect()
}

/// Holds out about `share` of the games (chosen by `seed`) for validation:
/// whole games, so that no held-out position has a neighbour of its own
/// game among the training ones (positions a ply apart are nearly the same
/// and share the game's result, which would reward a network for
/// remembering games). Returns (training, validation); at least one game
/// is held out when there are two or more.
pub fn split_by_game(samples: &[Sample], share: f64, seed: u64) -> (Vec<Sample>, Vec<Sample>) {
    let mut games = game_ranges(samples);
    let mut rng = Rng::new(seed);
    for i in (1..games.len()).rev() {
        games.swap(i, rng.index(i + 1));
    }
    let held = ((games.len() as f64 * share).round() as usize)
        .max(usize::from(games.len() > 1))
        .min(games.len().saturating_sub(1));
    let pick = |ranges: &[std::ops::Range<usize>]| -> Vec<Sample> {
        ranges
            .iter()
            .flat_map(|r| samples[r.clone()].iter().copied())
            .collect()
    };
    (pick(&games[held..]), pick(&games[..held]))
}

/// The training files that `paths` name: a folder stands for the `*.dat`
/// files inside it, in name order (so a run's batches are always read the
/// same way); a folder without any is an error.
pub fn data_files(paths: &[std::path::PathBuf]) -> Result<Vec<std::path::PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let name = |e: std::io::Error| format!("{}: {e}", path.display());
        let mut inside = Vec::new();
        for entry in std::fs::read_dir(path).map_err(name)? {
            let file = entry.map_err(name)?.path();
            if file.extension().is_some_and(|e| e == "dat") {
                inside.push(file);
            }
        }
        if inside.is_empty() {
            return Err(format!("{}: a folder with no .dat files", path.display()));
        }
        inside.sort();
        files.extend(inside);
    }
    Ok(files)
}

/// How one self-play game is played, with evaluation `E` (the 8x8
/// board's [`CheckersEval`] by default).
#[derive(Clone, Debug)]
pub struct SelfPlaySpec<E = CheckersEval> {
    /// Nodes per move for both sides.
    pub nodes: u64,
    /// At most this many random plies after the opening (at least zero).
    pub random_plies: usize,
    /// The evaluation both sides search with.
    pub eval: E,
}

/// Plays one game from `opening` (a game of any rule set with its first moves
/// played), `random` plies chosen by `seed` first, and returns its quiet
/// positions labelled. `engine` is reused across games (its table is
/// cleared).
pub fn self_play<G: Geometry, E: Evaluator<CheckersNodeOf<G>>>(
    mut game: GameOf<G>,
    spec: &SelfPlaySpec<E>,
    seed: u64,
    engine: &mut Searcher<CheckersNodeOf<G>, E>,
) -> Result<Vec<Sample>, String> {
    let mut rng = Rng::new(seed);
    for _ in 0..rng.between(0, spec.random_plies) {
        let moves = game.legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.play(&moves[rng.index(moves.len())])
            .map_err(|e| e.to_string())?;
    }
    engine.clear();
    let mut samples = Vec::new();
    let mut movers = Vec::new();
    while game.outcome().is_none() && game.ply_count() < MAX_PLIES {
        let info = search_game(engine, &game, Limits::nodes(spec.nodes));
        let pos = *game.position();
        if !movegen::has_capture(&pos) && info.score.abs() < MATE_BOUND {
            samples.push(Sample {
                board: compact(&pos),
                score: info.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
                result: 0,
                ply: game.ply_count().min(255) as u8,
            });
            movers.push(pos.side_to_move());
        }
        let mv = info.best_move.ok_or("the engine found no move")?;
        game.play(&mv).map_err(|e| e.to_string())?;
    }
    let winner = game.outcome().and_then(|o| o.winner());
    for (s, mover) in samples.iter_mut().zip(movers) {
        s.result = result_for(winner, mover);
    }
    Ok(samples)
}

fn result_for(winner: Option<Color>, mover: Color) -> i8 {
    match winner {
        Some(c) if c == mover => 1,
        Some(_) => -1,
        None => 0,
    }
}

/// Game `index` of a self-play run over `openings`: it starts from opening
/// `index` (cycling) and its random plies use the seed `seed + index`, so
/// a game is the same whichever process, thread or batch plays it.
pub fn self_play_game<G: Geometry, E: Evaluator<CheckersNodeOf<G>>>(
    openings: &[GameOf<G>],
    index: usize,
    seed: u64,
    spec: &SelfPlaySpec<E>,
    engine: &mut Searcher<CheckersNodeOf<G>, E>,
) -> Result<Vec<Sample>, String> {
    if openings.is_empty() {
        return Err("self-play needs at least one opening".to_string());
    }
    let start = openings[index % openings.len()].clone();
    self_play(start, spec, seed.wrapping_add(index as u64), engine)
}

/// A batch of self-play games as one training-position file: the unit of
/// work that a driver hands out (`python -m warcaby.distributed selfplay`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfPlayBatch {
    /// The file's bytes: the board's magic ([`data_magic`]), then the
    /// games' samples in game order.
    pub bytes: Vec<u8>,
    /// Games played.
    pub games: usize,
    /// Positions stored.
    pub positions: usize,
}

/// Plays games `first..first + games` of a self-play run over `openings`
/// (see [`self_play_game`]) one after another on this thread: the same
/// samples as `warcaby evalnet gen --first FIRST --games GAMES --threads 1`
/// writes, and batches side by side give the samples of one longer run.
pub fn self_play_batch<G: Geometry, E: Evaluator<CheckersNodeOf<G>> + Clone>(
    openings: &[GameOf<G>],
    first: usize,
    games: usize,
    seed: u64,
    spec: &SelfPlaySpec<E>,
) -> Result<SelfPlayBatch, String> {
    let mut engine = self_play_engine(spec);
    let mut bytes = data_magic(G::SIZE).to_vec();
    let mut positions = 0;
    for index in first..first + games {
        let samples = self_play_game(openings, index, seed, spec, &mut engine)
            .map_err(|e| format!("game {index}: {e}"))?;
        positions += samples.len();
        samples.iter().for_each(|s| s.write(G::SIZE, &mut bytes));
    }
    Ok(SelfPlayBatch {
        bytes,
        games,
        positions,
    })
}

/// The engine self-play uses: the default search with a small table.
pub fn self_play_engine<G: Geometry, E: Evaluator<CheckersNodeOf<G>> + Clone>(
    spec: &SelfPlaySpec<E>,
) -> Searcher<CheckersNodeOf<G>, E> {
    let config = SearchConfig {
        tt_mib: 4,
        ..SearchConfig::default()
    };
    Searcher::new(config, spec.eval.clone())
}
