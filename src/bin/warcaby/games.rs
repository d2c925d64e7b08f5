//! What the command line needs of a game, so that `perft`, `moves`,
//! `bestmove` and `compare` serve checkers and Clobber with one code path.

use crate::PositionArgs;
use clap::ValueEnum;
use std::str::FromStr;
use warcaby::checkers::ai::{CheckersEval, CheckersNode};
use warcaby::clobber::{self, ClobberEval, ClobberPosition, Shape};
use warcaby::core::named::UnknownName;
use warcaby::search::{Evaluator, SearchGame};

/// Which game a command works on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum, Default)]
pub enum GameKind {
    /// Checkers (draughts), in the variant given by --variant.
    #[default]
    Checkers,
    /// Clobber, on --rows x --cols or the board given by --position.
    Clobber,
}

/// A game position the CLI can list, count, search and print.
pub trait CliGame: SearchGame + Sized {
    /// Its evaluations, chosen by name.
    type Eval: Evaluator<Self> + FromStr<Err = UnknownName> + Copy;
    /// The evaluation used when none is named.
    const DEFAULT_EVAL: &'static str;
    /// Move text.
    fn text(&self, mv: &Self::Move) -> String;
    /// Every legal move.
    fn moves(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
    }
    /// Counts move paths `depth` plies deep.
    fn perft(&self, depth: u32) -> u64;
    /// The same on `threads` threads, where the game supports it.
    fn perft_threads(&self, depth: u32, _threads: usize) -> u64 {
        self.perft(depth)
    }
}

impl CliGame for CheckersNode {
    type Eval = CheckersEval;
    const DEFAULT_EVAL: &'static str = "positional";
    fn text(&self, mv: &Self::Move) -> String {
        self.pos.move_text(mv)
    }
    fn perft(&self, depth: u32) -> u64 {
        warcaby::checkers::perft::perft(&self.pos, depth)
    }
    fn perft_threads(&self, depth: u32, threads: usize) -> u64 {
        warcaby::checkers::perft::perft_parallel(&self.pos, depth, threads)
    }
}

impl CliGame for ClobberPosition {
    type Eval = ClobberEval;
    const DEFAULT_EVAL: &'static str = "live";
    fn text(&self, mv: &Self::Move) -> String {
        self.move_text(mv)
    }
    fn perft(&self, depth: u32) -> u64 {
        clobber::perft(self, depth)
    }
}

/// The error for an unknown evaluation name (it lists the valid ones).
pub fn eval_name_error(e: UnknownName) -> String {
    e.to_string()
}

/// The PV as move texts, each in the position where it is played, comma separated.
pub fn pv_text<G: CliGame>(pos: &G, pv: &[G::Move]) -> String {
    let mut p = pos.clone();
    let mut texts = Vec::with_capacity(pv.len());
    for mv in pv {
        if !p.moves().contains(mv) {
            break;
        }
        texts.push(p.text(mv));
        p = p.after(mv);
    }
    texts.join(",")
}

/// Runs `job` on the position the arguments name, whatever its game.
pub fn with_position<R>(args: &PositionArgs, job: impl GameJob<Output = R>) -> Result<R, String> {
    match args.game {
        GameKind::Checkers => {
            let game = args.checkers_game()?;
            Ok(job.run(CheckersNode {
                pos: *game.position(),
                quiet_plies: game.quiet_plies(),
            }))
        }
        GameKind::Clobber => Ok(job.run(clobber_position(args)?)),
    }
}

/// Something to do with a position of any game.
pub trait GameJob {
    /// What it gives back.
    type Output;
    /// Does it.
    fn run<G: CliGame>(self, pos: G) -> Self::Output;
}

/// The Clobber position of the arguments: --position, or the start of --rows x --cols.
pub fn clobber_position(args: &PositionArgs) -> Result<ClobberPosition, String> {
    if args.fen.is_some() || args.pdn.is_some() {
        return Err(
            "--fen and --pdn are for checkers; Clobber positions are given with --position".into(),
        );
    }
    match &args.position {
        Some(text) => ClobberPosition::parse(text).map_err(|e| e.to_string()),
        None => Shape::new(args.rows, args.cols)
            .map(ClobberPosition::start)
            .map_err(|e| e.to_string()),
    }
}
