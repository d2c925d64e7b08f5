//! Where a checkers command starts: the variant's start position, a FEN,
//! or the end of a game in a PDN file.

use anyhow::{bail, Context, Result};
use std::path::Path;
use warcaby::checkers::international::Board10;
use warcaby::checkers::notation::pdn;
use warcaby::checkers::rules::BoardSize;
use warcaby::games::{AnyGame, GameError};
use warcaby::{Game, Variant};

/// Reads a file as PDN text (UTF-8 or Latin-1).
pub(crate) fn read_pdn_file(path: &Path) -> Result<String> {
    std::fs::read(path)
        .map(|bytes| pdn::decode(&bytes))
        .with_context(|| format!("cannot read {}", path.display()))
}

/// Game `number` (1-based) of the PDN file `path` with its tags and
/// comments. `variant` applies when the game has no GameType tag.
pub(crate) fn pdn_record(path: &Path, number: usize, variant: Variant) -> Result<pdn::PdnGame> {
    pdn_raw(path, number)?
        .replay(variant)
        .with_context(|| format!("{} game {number}", path.display()))
}

/// Game `number` (1-based) of the PDN file `path`, as written.
fn pdn_raw(path: &Path, number: usize) -> Result<pdn::RawGame> {
    let text = read_pdn_file(path)?;
    let mut games = pdn::split(&text);
    let count = games.len();
    if number == 0 || number > count {
        bail!(
            "{} holds {count} game(s); there is no game {number}",
            path.display()
        );
    }
    Ok(games.swap_remove(number - 1))
}

/// The 8x8 game to start from (for what only 8x8 checkers has: the
/// AlphaZero bot); see [`any_checkers_game`].
pub(crate) fn checkers_game(
    variant: Variant,
    fen: Option<&str>,
    pdn: Option<&Path>,
    number: Option<usize>,
) -> Result<Game> {
    any_checkers_game(variant, fen, pdn, number)?
        .checkers_game()
        .cloned()
        .context("this needs an 8x8 checkers game")
}

/// The checkers game to start from, on its variant's board: `--fen`,
/// `--pdn` (game `number`, default 1; its GameType tag names the variant,
/// `variant` applies when it has none), or the variant's start position.
pub(crate) fn any_checkers_game(
    variant: Variant,
    fen: Option<&str>,
    pdn: Option<&Path>,
    number: Option<usize>,
) -> Result<AnyGame> {
    match (fen, pdn) {
        (Some(_), Some(_)) => bail!("give either --fen or --pdn, not both"),
        // The FEN's own error, as the command line has always said it.
        (Some(f), None) => AnyGame::from_fen(f, variant).map_err(|e| match e {
            GameError::Fen(fen) => fen.into(),
            other => other.into(),
        }),
        (None, Some(path)) => {
            let raw = pdn_raw(path, number.unwrap_or(1))?;
            let context = || format!("{} game {}", path.display(), number.unwrap_or(1));
            let game = match raw.variant(variant).with_context(context)?.board() {
                BoardSize::Eight => AnyGame::from(raw.replay(variant).with_context(context)?.game),
                BoardSize::Ten => AnyGame::from(
                    raw.replay_on::<Board10>(variant)
                        .with_context(context)?
                        .game,
                ),
            };
            Ok(game)
        }
        (None, None) if number.is_some() => bail!("--pdn-game needs --pdn FILE"),
        (None, None) => Ok(AnyGame::checkers(variant)),
    }
}
