//! Where a checkers command starts: the variant's start position, a FEN,
//! or the end of a game in a PDN file.

use anyhow::{bail, Context, Result};
use std::path::Path;
use warcaby::checkers::notation::pdn;
use warcaby::checkers::rules::BoardSize;
use warcaby::{Game, Position, Variant};

/// Reads a file as PDN text (UTF-8 or Latin-1).
pub(crate) fn read_pdn_file(path: &Path) -> Result<String> {
    std::fs::read(path)
        .map(|bytes| pdn::decode(&bytes))
        .with_context(|| format!("cannot read {}", path.display()))
}

/// Game `number` (1-based) of the PDN file `path`, played to its end.
/// `variant` applies when the game has no GameType tag.
pub(crate) fn pdn_game(path: &Path, number: usize, variant: Variant) -> Result<Game> {
    pdn_record(path, number, variant).map(|record| record.game)
}

/// Game `number` (1-based) of the PDN file `path` with its tags and
/// comments. `variant` applies when the game has no GameType tag.
pub(crate) fn pdn_record(path: &Path, number: usize, variant: Variant) -> Result<pdn::PdnGame> {
    let text = read_pdn_file(path)?;
    let games = pdn::split(&text);
    let raw = games.get(number.wrapping_sub(1)).with_context(|| {
        format!(
            "{} holds {} game(s); there is no game {number}",
            path.display(),
            games.len()
        )
    })?;
    raw.replay(variant)
        .with_context(|| format!("{} game {number}", path.display()))
}

/// The game to start from: `--fen`, `--pdn` (game `number`, default 1), or
/// the variant's start position.
pub(crate) fn checkers_game(
    variant: Variant,
    fen: Option<&str>,
    pdn: Option<&Path>,
    number: Option<usize>,
) -> Result<Game> {
    if variant.board() != BoardSize::Eight {
        bail!(
            "{variant} draughts (10x10) can be counted, listed and searched so far \
             (`warcaby perft`, `moves` and `bestmove`), not yet played or analysed"
        );
    }
    match (fen, pdn) {
        (Some(_), Some(_)) => bail!("give either --fen or --pdn, not both"),
        (Some(f), None) => Ok(Game::from_position(Position::from_fen(f, variant)?)),
        (None, Some(path)) => pdn_game(path, number.unwrap_or(1), variant),
        (None, None) if number.is_some() => bail!("--pdn-game needs --pdn FILE"),
        (None, None) => Ok(Game::new(variant)),
    }
}
