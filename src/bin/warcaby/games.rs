//! The command line's side of the one game abstraction ([`warcaby::games`]):
//! the position the arguments name, as an [`AnyGame`], and the PV and
//! evaluation helpers `perft`, `moves`, `bestmove`, `compare` and `play` share.

use crate::PositionArgs;
use warcaby::clobber::{ClobberGame, ClobberPosition, Shape};
use warcaby::core::named::UnknownName;
use warcaby::games::{pv_texts, AnyGame, GameKind, GameNode, NodeJob};

/// The error for an unknown evaluation name (it lists the valid ones).
pub(crate) fn eval_name_error(e: UnknownName) -> String {
    e.to_string()
}

/// The evaluation named (or the game's default), or an error listing the names.
pub(crate) fn eval_for<G: GameNode>(name: Option<&str>) -> Result<G::Eval, String> {
    name.map_or(Ok(G::Eval::default()), |n| {
        n.parse().map_err(eval_name_error)
    })
}

/// The PV as move texts, each in the position where it is played, comma separated.
pub(crate) fn pv_text<G: GameNode>(pos: &G, pv: &[G::Move]) -> String {
    pv_texts(pos, pv).join(",")
}

/// The game the arguments name: checkers from --fen, --pdn or the start;
/// Clobber from --position or the start of --rows x --cols.
pub(crate) fn any_game(args: &PositionArgs) -> Result<AnyGame, String> {
    match args.game {
        GameKind::Checkers => Ok(AnyGame::Checkers(args.checkers_game()?)),
        GameKind::Clobber => Ok(AnyGame::Clobber(ClobberGame::from_position(
            clobber_position(args)?,
        ))),
    }
}

/// Runs `job` on the position the arguments name, whatever its game.
pub(crate) fn with_position<R>(
    args: &PositionArgs,
    job: impl NodeJob<Output = R>,
) -> Result<R, String> {
    Ok(any_game(args)?.with_node(job))
}

/// The Clobber position of the arguments: --position, or the start of --rows x --cols.
pub(crate) fn clobber_position(args: &PositionArgs) -> Result<ClobberPosition, String> {
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
