//! [`PlayedGame`]: a game as the people who play it see it — a board of
//! numbered spots, pieces on them, moves as paths from spot to spot with
//! their text, a history to walk back and forth, an outcome and a record.
//! Checkers' [`Game`] and Clobber's [`ClobberGame`] implement it, and
//! [`AnyGame::played`] hands out the one in play, so a front end (the page,
//! the command line) is written once against this trait and never asks
//! which game it is. The board knows no rules: it is handed the legal
//! moves as spot paths, as chessground's board is handed its destinations.
//!
//! ```
//! use warcaby::games::{AnyGame, PlayedGame};
//! use warcaby::{Game, Variant};
//!
//! let mut game = AnyGame::from(Game::new(Variant::English));
//! let played = game.played_mut();
//! // Black's man on 11 may go to 15 or 16.
//! let from_11: Vec<_> = played
//!     .legal_moves()
//!     .into_iter()
//!     .filter(|m| played.spot_name(m.from()) == "11")
//!     .collect();
//! assert_eq!(from_11.len(), 2);
//! let mv = from_11.iter().find(|m| m.text() == "11-15").unwrap();
//! played.play(mv).unwrap();
//! assert_eq!(played.move_list(), ["11-15"]);
//! assert!(played.undo());
//! assert_eq!(played.ply_count(), 0);
//! ```
mod checkers;
mod clobber;

pub use checkers::checkers_position_at;

use super::{AnyGame, AnyOutcome, GameError, GameKind, GameRecord, GameRules};
use crate::core::Color;

/// A move as the board shows it: the spot it leaves, each spot it lands on
/// in order, the spots whose pieces it takes, and its text. Spots are a
/// checkers square's index (0–31) or a Clobber cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpotMove {
    from: u8,
    landings: Vec<u8>,
    taken: Vec<u8>,
    taken_by_hop: Vec<Vec<u8>>,
    crowns: bool,
    text: String,
}

/// A piece on a spot: its colour, and whether it is crowned (a king).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpotPiece {
    /// Whose piece.
    pub color: Color,
    /// A king (checkers); never in Clobber.
    pub crowned: bool,
}

impl SpotMove {
    /// A move from `from` landing on each of `landings` in turn, taking the
    /// pieces of `taken_by_hop` (one list per landing), crowned or not, and
    /// its text. Games build their moves with it; a board only reads them.
    pub fn new(
        from: u8,
        landings: Vec<u8>,
        taken_by_hop: Vec<Vec<u8>>,
        crowns: bool,
        text: String,
    ) -> SpotMove {
        let mut taken: Vec<u8> = taken_by_hop.iter().flatten().copied().collect();
        taken.sort_unstable();
        taken.dedup();
        SpotMove {
            from,
            landings,
            taken,
            taken_by_hop,
            crowns,
            text,
        }
    }

    /// The spot the piece leaves.
    pub fn from(&self) -> u8 {
        self.from
    }

    /// The spots it lands on, in order (one for a plain move).
    pub fn landings(&self) -> &[u8] {
        &self.landings
    }

    /// Where the piece ends.
    pub fn to(&self) -> u8 {
        *self.landings.last().unwrap_or(&self.from)
    }

    /// The start, then each landing: the path to draw.
    pub fn spots(&self) -> Vec<u8> {
        std::iter::once(self.from)
            .chain(self.landings.iter().copied())
            .collect()
    }

    /// The spots whose pieces the move takes (in ascending order).
    pub fn taken(&self) -> &[u8] {
        &self.taken
    }

    /// For each landing, the spots whose pieces go once the piece has made
    /// that hop (a Clobber stone goes when the moving one lands on it).
    pub fn taken_by_hop(&self) -> &[Vec<u8>] {
        &self.taken_by_hop
    }

    /// True when the moving piece is crowned.
    pub fn crowns(&self) -> bool {
        self.crowns
    }

    /// The move's shortest text in the position where it is played.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// True when both moves take the same path and the same pieces (their
    /// texts aside).
    pub fn same_path(&self, other: &SpotMove) -> bool {
        (self.from, &self.landings, &self.taken) == (other.from, &other.landings, &other.taken)
    }

    /// True when both moves leave the same position: same start and end,
    /// the same pieces taken, crowned alike (only the order of the landings
    /// may differ), so a player need not tell them apart.
    pub fn same_result(&self, other: &SpotMove) -> bool {
        (self.from, self.to(), &self.taken, self.crowns)
            == (other.from, other.to(), &other.taken, other.crowns)
    }
}

/// Two examples of a typed move in the game's notation: a plain move and a
/// capture ("11-15", "11x18x25").
pub type MoveExamples = (&'static str, &'static str);

/// A game as it is played on a board; see the module's documentation.
pub trait PlayedGame {
    /// Which game this is.
    fn kind(&self) -> GameKind;
    /// The rules the game was started with.
    fn rules(&self) -> GameRules;
    /// The rules' name: a checkers variant, or `clobber`.
    fn rules_name(&self) -> String {
        self.rules().name()
    }
    /// The board's columns and rows.
    fn board_size(&self) -> (usize, usize);
    /// Every piece of the position after `ply` moves (the position now past
    /// the end), by spot.
    fn pieces_at(&self, ply: usize) -> Vec<(u8, SpotPiece)>;
    /// The name players give a spot ("11", "c3", "b2").
    fn spot_name(&self, spot: u8) -> String;
    /// The position now drawn in text, for a terminal: `o` White, `x`
    /// Black, each game's own diagram (a checkers king is `O`/`X`, and
    /// numbered squares get their numbers beside the board).
    fn text_board(&self) -> String;
    /// The piece on `spot` now, if any.
    fn piece(&self, spot: u8) -> Option<SpotPiece>;
    /// Whose piece stands on `spot` now, if any.
    fn owner(&self, spot: u8) -> Option<Color> {
        self.piece(spot).map(|piece| piece.color)
    }
    /// The side to move now.
    fn side_to_move(&self) -> Color;
    /// Number of moves played.
    fn ply_count(&self) -> usize;
    /// The legal moves now (none once the game is over).
    fn legal_moves(&self) -> Vec<SpotMove>;
    /// True when a capture is the only kind of move allowed now (checkers'
    /// mandatory capture; never in Clobber, where every move captures).
    fn capture_is_forced(&self) -> bool;
    /// Reads a move text in the current position.
    fn parse_move(&self, text: &str) -> Result<SpotMove, GameError>;
    /// Plays a legal move; anything else is refused and changes nothing.
    fn play(&mut self, mv: &SpotMove) -> Result<(), GameError>;
    /// Takes the last move back; false when there was none.
    fn undo(&mut self) -> bool;
    /// Plays the last move taken back again; false when there was none.
    fn redo(&mut self) -> bool;
    /// How the game ended, once it has.
    fn outcome(&self) -> Option<AnyOutcome>;
    /// The game as its start and move texts.
    fn record(&self) -> GameRecord;
    /// The moves played, each as its shortest text where it was played.
    fn move_list(&self) -> Vec<String>;
    /// The move played from the position after `ply` moves, if any.
    fn move_at(&self, ply: usize) -> Option<SpotMove>;
    /// The text of the position after `ply` moves (a FEN, or Clobber's
    /// position text); the position now past the end.
    fn position_text_at(&self, ply: usize) -> String;
    /// The side to move after `ply` moves.
    fn side_at(&self, ply: usize) -> Color;
    /// The position now as `key=value` fields, for line protocols that
    /// send it (the arena's bots): checkers' `fen` and `quiet` (plies since
    /// the last man move or capture, the no-progress count), Clobber's
    /// `position` text.
    fn position_fields(&self) -> Vec<(&'static str, String)>;
    /// A legal move's text in full: a checkers capture with every landing
    /// square (`15x24x31`), which no other move shares; Clobber's one text.
    fn full_move_text(&self, mv: &SpotMove) -> String {
        mv.text.clone()
    }
    /// The spot's place when the board's spots are counted in the game's
    /// own order, for lists of spots people read: checkers' square number
    /// (1 = b8 … 32 = g1, whatever the notation), a Clobber cell's index.
    fn spot_number(&self, spot: u8) -> usize {
        usize::from(spot)
    }
    /// True when the side that moves first in this game did not start (the
    /// move list then opens with a gap).
    fn starts_second(&self) -> bool;
    /// Examples of typed moves in this game's notation.
    fn move_examples(&self) -> MoveExamples;
    /// Reads `texts` as a line of moves from the position after `ply`
    /// moves; stops at the first text that is not a move there.
    fn line_at(&self, ply: usize, texts: &[String]) -> Vec<SpotMove>;
    /// The pieces a board editor offers, in the order a click cycles
    /// through them.
    fn piece_kinds(&self) -> Vec<SpotPiece>;
    /// A new game of the same rules and board from `pieces` with `side` to
    /// move, if the rules accept that position.
    fn set_up(&self, pieces: &[(u8, SpotPiece)], side: Color) -> Result<AnyGame, GameError>;
    /// A new game of the same rules and board from their start position.
    fn restart(&self) -> AnyGame;
}

impl dyn PlayedGame + '_ {
    /// Reads and plays a move text.
    pub fn play_text(&mut self, text: &str) -> Result<SpotMove, GameError> {
        let mv = self.parse_move(text)?;
        self.play(&mv)?;
        Ok(mv)
    }

    /// The game up to `ply` moves, as the engine rebuilds it.
    pub fn record_at(&self, ply: usize) -> GameRecord {
        let mut record = self.record();
        match &mut record {
            GameRecord::Checkers { moves, .. } | GameRecord::Clobber { moves, .. } => {
                moves.truncate(ply)
            }
        }
        record
    }
}

impl AnyGame {
    /// The game in play, as the board sees it.
    pub fn played(&self) -> &dyn PlayedGame {
        match self {
            AnyGame::Checkers(game) => game,
            #[cfg(feature = "international")]
            AnyGame::Checkers10(game) => game,
            AnyGame::Clobber(game) => game,
        }
    }

    /// The game in play, to play on.
    pub fn played_mut(&mut self) -> &mut dyn PlayedGame {
        match self {
            AnyGame::Checkers(game) => game,
            #[cfg(feature = "international")]
            AnyGame::Checkers10(game) => game,
            AnyGame::Clobber(game) => game,
        }
    }
}

#[cfg(test)]
mod tests;
