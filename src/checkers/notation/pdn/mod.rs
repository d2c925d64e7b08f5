//! PDN games: tag pairs, numbered movetext, comments and variations (skipped
//! on reading), move strength marks (`!`, `?`, PDN 2.0's `*`), results (see
//! [`result`] for the two conventions of `1-0`). A file may start with a
//! UTF-8 byte order mark and comments. Moves are written in PDN 3.0 form:
//! captures joined by `x` in every variant, a king's straight flight at the
//! square right behind the captured piece.
//!
//! `GameType` says the variant: `21` English, `25` Russian, and for the
//! tournament variant — English geometry with White moving first and men
//! capturing backward — the parameterised form `21,W,8,8,N2,0`.

mod database;
mod lexer;
pub mod result;

pub use database::{looks_like_pdn, split, RawGame};

use crate::checkers::game::{GameMoveError, GameOf};
use crate::checkers::geometry::{Board8, Geometry};
use crate::checkers::notation::fen::FenError;
use crate::checkers::position::PositionOf;
use crate::checkers::rules::Variant;
use crate::core::Color;
use std::fmt::Write;

/// The GameType value written for each variant.
pub(crate) fn game_type(variant: Variant) -> &'static str {
    match variant {
        Variant::English => "21",
        Variant::Russian => "25",
        Variant::Brazilian => "26",
        Variant::International => "20",
        Variant::Tournament => "21,W,8,8,N2,0",
    }
}

/// Reads a GameType value: `21` (or `21,B,...`) English, `21,W,...` tournament, `25` Russian,
/// `26` Brazilian, `20` international.
pub(crate) fn variant_of_game_type(value: &str) -> Result<Variant, String> {
    let fields: Vec<&str> = value.split(',').map(str::trim).collect();
    match (fields[0], fields.get(1).map(|s| s.to_ascii_uppercase())) {
        ("21", Some(c)) if c == "W" => Ok(Variant::Tournament),
        ("21", _) => Ok(Variant::English),
        ("25", _) => Ok(Variant::Russian),
        ("26", _) => Ok(Variant::Brazilian),
        ("20", _) => Ok(Variant::International),
        (other, _) => Err(format!(
            "GameType '{other}' is not supported (21 English, 21,W,8,8,N2,0 tournament, 25 Russian, 26 Brazilian, 20 international)"
        )),
    }
}

/// Where in the text something went wrong (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    /// Line number.
    pub line: usize,
    /// Column (in characters).
    pub column: usize,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Why a PDN text was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdnError {
    /// A syntax error.
    #[error("PDN {at}: {message}")]
    Syntax {
        /// Where.
        at: Location,
        /// What.
        message: String,
    },
    /// The FEN tag is not a valid position.
    #[error("PDN {at}: FEN tag: {source}")]
    Fen {
        /// Where.
        at: Location,
        /// What.
        source: FenError,
    },
    /// A move that is not legal in the game.
    #[error("PDN {at}: move {number}: {source}{hint}")]
    Move {
        /// Where.
        at: Location,
        /// Ply number, 1-based, as "12." or "12...".
        number: String,
        /// Why.
        source: GameMoveError,
        /// For a game without GameType: the variant assumed and the ones
        /// its moves fit (empty otherwise).
        hint: String,
    },
    /// No game in the text.
    #[error("PDN text holds no game")]
    NoGame,
}

/// A game read from or written to PDN: its tags, moves and result, on
/// either board ([`PdnGame`] on 8x8; international draughts' GameType 20
/// on 10x10 with numeric squares 1–50, read by [`RawGame::replay_on`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGameOf<G: Geometry> {
    /// Tag pairs in order (GameType, FEN and Result are kept in sync on writing).
    pub tags: Vec<(String, String)>,
    /// The moves, from the start position given by the FEN tag.
    pub game: GameOf<G>,
    /// The result in Warcaby's form: `1-0` White won, `0-1` Black won,
    /// `1/2-1/2` or `*`, whatever convention the file used (see [`result`]).
    pub result: String,
    /// Comments in the movetext, each with the number of moves before it
    /// (0: before the first move), in order.
    pub comments: Vec<(usize, String)>,
}

/// A game of the 8x8 board read from or written to PDN.
pub type PdnGame = PdnGameOf<Board8>;

impl<G: Geometry> PdnGameOf<G> {
    /// Wraps a game with the standard seven tags, unknown values as `?`.
    ///
    /// ```
    /// use warcaby::checkers::notation::pdn::{self, PdnGame};
    /// use warcaby::{Game, Variant};
    ///
    /// let mut game = Game::new(Variant::English);
    /// for text in ["11-15", "23-19", "8-11"] {
    ///     game.play_text(text).unwrap();
    /// }
    /// let mut record = PdnGame::new(game);
    /// record.set_tag("White", "Ann");
    /// let text = record.to_pdn();
    /// assert!(text.starts_with("[Event \"?\"]\n"));
    /// assert!(text.contains("[White \"Ann\"]\n"));
    /// assert!(text.contains("[GameType \"21\"]\n"));
    /// assert!(text.ends_with("1. 11-15 23-19 2. 8-11 *\n"));
    ///
    /// // What is written reads back to the same game.
    /// let again = pdn::read_game(&text, Variant::Tournament).unwrap();
    /// assert_eq!(again.game, record.game);
    /// ```
    pub fn new(game: GameOf<G>) -> PdnGameOf<G> {
        let result = game.outcome().map_or("*", |o| o.result_text()).to_string();
        let tags = ["Event", "Date", "White", "Black"]
            .iter()
            .map(|t| {
                let v = if *t == "Date" { "????.??.??" } else { "?" };
                (t.to_string(), v.to_string())
            })
            .collect();
        PdnGameOf {
            tags,
            game,
            result,
            comments: Vec::new(),
        }
    }

    /// The value of tag `name` (case-insensitive), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets (or adds) tag `name`.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
        {
            Some(entry) => entry.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The game as PDN text.
    pub fn to_pdn(&self) -> String {
        write_game(self)
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A comment as a movetext token: `{text}` on one line, with braces in the
/// text turned into parentheses (a comment cannot hold a `}`).
fn comment_token(text: &str) -> String {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("{{{}}}", one_line.replace('{', "(").replace('}', ")"))
}

/// Writes a game: tags (Event, Date, White, Black, Result, GameType, FEN when
/// not the start position, then any others), numbered movetext in PDN 3.0
/// form and the result (`1-0` when the side that moves first won).
pub(crate) fn write_game<G: Geometry>(pdn: &PdnGameOf<G>) -> String {
    let game = &pdn.game;
    let start = game.start();
    let mut tags: Vec<(String, String)> = Vec::new();
    for name in ["Event", "Date", "White", "Black"] {
        tags.push((name.to_string(), pdn.tag(name).unwrap_or("?").to_string()));
    }
    let result = result::write(&pdn.result, game.variant());
    tags.push(("Result".to_string(), result.clone()));
    tags.push((
        "GameType".to_string(),
        game_type(game.variant()).to_string(),
    ));
    if *start != PositionOf::start(game.variant()) {
        tags.push(("FEN".to_string(), start.to_fen()));
    }
    for (k, v) in &pdn.tags {
        let standard = [
            "Event", "Date", "White", "Black", "Result", "GameType", "FEN",
        ];
        if !standard.iter().any(|s| s.eq_ignore_ascii_case(k)) {
            tags.push((k.clone(), v.clone()));
        }
    }
    let mut out = String::new();
    for (k, v) in &tags {
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
    }
    out.push('\n');
    let first_mover = game.variant().rules().first_to_move;
    let mut tokens = Vec::new();
    let comments_after = |played: usize| {
        pdn.comments
            .iter()
            .filter(move |(before, _)| *before == played)
            .map(|(_, text)| comment_token(text))
    };
    let mut number = 1;
    for (i, (pos, mv)) in game.positions_and_moves().enumerate() {
        tokens.extend(comments_after(i));
        let leads = pos.side_to_move() == first_mover;
        if leads {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(pos.pdn_move_text(mv));
        if !leads {
            number += 1;
        }
    }
    tokens.extend(comments_after(game.ply_count()));
    tokens.push(result);
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The text of a PDN file: UTF-8, or else ISO-8859-1 (Latin-1), the
/// encoding PDN 2.0 prescribes, which any byte sequence decodes as.
pub fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// Reads every game of a PDN text, failing on the first bad game (see
/// [`split`] and [`RawGame::replay`] to read a database game by game).
/// `default_variant` applies to games with no GameType tag.
pub fn read_games(text: &str, default_variant: Variant) -> Result<Vec<PdnGame>, PdnError> {
    let raw = split(text);
    if raw.is_empty() {
        return Err(PdnError::NoGame);
    }
    raw.iter().map(|g| g.replay(default_variant)).collect()
}

/// Reads the first game of a PDN text.
///
/// ```
/// use warcaby::checkers::notation::pdn;
/// use warcaby::{Color, Variant};
///
/// let text = r#"[Event "Club match"]
/// [White "Ann"]
/// [Black "Bob"]
/// [GameType "21"]
///
/// 1. 11-15 23-19 2. 8-11 {a quiet development} 22-17 *"#;
/// let read = pdn::read_game(text, Variant::Tournament).unwrap();
/// assert_eq!(read.game.variant(), Variant::English); // GameType 21
/// assert_eq!(read.tag("white"), Some("Ann")); // tag names are case-insensitive
/// assert_eq!(read.game.ply_count(), 4);
/// assert_eq!(read.game.position().side_to_move(), Color::Black);
/// assert_eq!(read.comments, [(3, "a quiet development".to_string())]);
/// assert_eq!(read.result, "*");
///
/// // A move that is not legal is reported with where it stands.
/// let err = pdn::read_game("[GameType \"21\"]\n1. 11-15 11-15 *", Variant::English).unwrap_err();
/// assert!(err.to_string().contains("11-15"), "{err}");
/// ```
pub fn read_game(text: &str, default_variant: Variant) -> Result<PdnGame, PdnError> {
    let raw = split(text);
    raw.first().ok_or(PdnError::NoGame)?.replay(default_variant)
}

/// Which side a result favours: `Some(Some(color))` a win, `Some(None)` a draw, None unknown.
pub fn result_winner(result: &str) -> Option<Option<Color>> {
    match result {
        "1-0" => Some(Some(Color::White)),
        "0-1" => Some(Some(Color::Black)),
        "1/2-1/2" => Some(None),
        _ => None,
    }
}
