//! The command line's side of the one game abstraction ([`warcaby::games`]):
//! the position the arguments name, as an [`AnyGame`], and the PV and
//! evaluation helpers `perft`, `moves`, `bestmove`, `compare` and `play` share.

use crate::PositionArgs;
use anyhow::{bail, Result};
use warcaby::clobber::{ClobberGame, ClobberPosition, Shape};
use warcaby::games::{pv_texts, AnyGame, GameKind, GameNode, NodeJob};

/// The evaluation named (or the game's default), or an error listing the names.
pub(crate) fn eval_for<G: GameNode>(name: Option<&str>) -> Result<G::Eval> {
    name.map_or(Ok(G::Eval::default()), |n| Ok(n.parse()?))
}

/// The PV as move texts, each in the position where it is played, comma separated.
pub(crate) fn pv_text<G: GameNode>(pos: &G, pv: &[G::Move]) -> String {
    pv_texts(pos, pv).join(",")
}

/// The game the arguments name: checkers (on its variant's board) from
/// --fen, --pdn or the start;
/// Clobber from --position or the start of --rows x --cols.
pub(crate) fn any_game(args: &PositionArgs) -> Result<AnyGame> {
    match args.game {
        GameKind::Checkers => crate::start::any_checkers_game(
            args.variant,
            args.fen.as_deref(),
            args.pdn.as_deref(),
            args.pdn_game,
        ),
        GameKind::Clobber => Ok(AnyGame::Clobber(ClobberGame::from_position(
            clobber_position(args)?,
        ))),
    }
}

/// Runs `job` on the position the arguments name, whatever its game.
pub(crate) fn with_position<R>(args: &PositionArgs, job: impl NodeJob<Output = R>) -> Result<R> {
    Ok(any_game(args)?.with_node(job))
}

/// The Clobber position of the arguments: --position, or the start of --rows x --cols.
pub(crate) fn clobber_position(args: &PositionArgs) -> Result<ClobberPosition> {
    if args.fen.is_some() || args.pdn.is_some() {
        bail!("--fen and --pdn are for checkers; Clobber positions are given with --position");
    }
    Ok(match &args.position {
        Some(text) => ClobberPosition::parse(text)?,
        None => ClobberPosition::start(Shape::new(args.rows, args.cols)?),
    })
}
