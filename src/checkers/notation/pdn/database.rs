//! PDN databases: a file of many games, each read on its own. A bad game is
//! reported (its number, where, why) and the games after it are still read.

use super::lexer::{Lexer, Token};
use super::{result, variant_of_game_type, Location, PdnError, PdnGame, PdnGameOf};
use crate::checkers::game::{GameMoveError, GameOf, PlayError};
use crate::checkers::geometry::{Board8, Geometry};
use crate::checkers::notation::fen::{self, FenError};
use crate::checkers::notation::MoveTextError;
use crate::checkers::position::PositionOf;
use crate::checkers::rules::{BoardSize, Variant};
use crate::checkers::square::{SquareError, SquareNotation};

/// One game as written in the file, before its moves are played.
///
/// A database is read game by game: a bad game does not stop the others.
///
/// ```
/// use warcaby::checkers::notation::pdn;
/// use warcaby::Variant;
///
/// let file = "[Event \"1\"]\n1. 11-15 *\n\n[Event \"2\"]\n1. 11-99 *\n\n[Event \"3\"]\n1. 9-13 *\n";
/// let games = pdn::split(file);
/// assert_eq!(games.len(), 3);
/// let read: Vec<bool> = games.iter().map(|g| g.replay(Variant::English).is_ok()).collect();
/// assert_eq!(read, [true, false, true]);
/// assert_eq!(games[1].tag("Event"), Some("2"));
/// // Reading all at once fails on the first bad game.
/// assert!(pdn::read_games(file, Variant::English).is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct RawGame {
    /// 1-based position of the game in the file.
    pub number: usize,
    /// Where the game's first token is.
    pub at: Location,
    /// Tag pairs in order, with where each starts.
    pub tags: Vec<(String, String, Location)>,
    /// The move texts (move numbers, NAGs and `!`, `?`, `*` marks removed).
    pub moves: Vec<(String, Location)>,
    /// The result word that ended the movetext, if any.
    pub terminator: Option<String>,
    /// Comments with the number of moves before each.
    pub comments: Vec<(usize, String)>,
    /// The first syntax error inside the game.
    pub error: Option<PdnError>,
}

impl RawGame {
    fn new(number: usize, at: Location) -> RawGame {
        RawGame {
            number,
            at,
            tags: Vec::new(),
            moves: Vec::new(),
            terminator: None,
            comments: Vec::new(),
            error: None,
        }
    }

    /// The value of tag `name` (case-insensitive), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tag_at(name).map(|(v, _)| v)
    }

    fn tag_at(&self, name: &str) -> Option<(&str, Location)> {
        self.tags
            .iter()
            .find(|(k, _, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v, at)| (v.as_str(), *at))
    }

    /// The result as written: the terminator, else the Result tag, else `*`.
    pub fn result_text(&self) -> &str {
        self.terminator
            .as_deref()
            .or(self.tag("Result"))
            .unwrap_or("*")
    }

    /// True when nothing but comments was read.
    fn is_empty(&self) -> bool {
        self.tags.is_empty()
            && self.moves.is_empty()
            && self.terminator.is_none()
            && self.error.is_none()
    }

    /// Plays the game: the variant from its GameType tag (else `default`),
    /// the start from its FEN tag, then every move. An 8x8 game: a 10x10
    /// one (GameType 20) is read by [`RawGame::replay_on`].
    pub fn replay(&self, default: Variant) -> Result<PdnGame, PdnError> {
        self.replay_on::<Board8>(default)
    }

    /// The variant the game is played by: its GameType tag's, else `default`.
    pub fn variant(&self, default: Variant) -> Result<Variant, PdnError> {
        match self.tag_at("GameType") {
            Some((v, at)) => {
                variant_of_game_type(v).map_err(|message| PdnError::Syntax { at, message })
            }
            None => Ok(default),
        }
    }

    /// [`RawGame::replay`] on the board `G`: a game whose variant is
    /// played on another board is refused, saying which it is.
    ///
    /// ```
    /// use warcaby::checkers::international::Board10;
    /// use warcaby::checkers::notation::pdn;
    /// use warcaby::Variant;
    ///
    /// let raw = &pdn::split("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *")[0];
    /// let game = raw.replay_on::<Board10>(Variant::Tournament).unwrap();
    /// assert_eq!(game.game.ply_count(), 4);
    /// assert!(game.to_pdn().contains("1. 32-28 19-23 2. 28x19 14x23 *"));
    /// // Not on the 8x8 board.
    /// assert!(raw.replay(Variant::Tournament).unwrap_err().to_string().contains("10x10"));
    /// ```
    pub fn replay_on<G: Geometry>(&self, default: Variant) -> Result<PdnGameOf<G>, PdnError> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        let variant = self.variant(default)?;
        let mut game = GameOf::from_position(self.start::<G>(variant)?);
        if let Err((i, source)) = play_all(&mut game, &self.moves) {
            return Err(self.move_error(i, source, variant));
        }
        let known = game
            .outcome()
            .and_then(|o| o.winner())
            .or_else(|| self.named_winner());
        let result = result::read(self.result_text(), variant, known);
        let tags = self
            .tags
            .iter()
            .map(|(k, v, _)| (k.clone(), v.clone()))
            .collect();
        Ok(PdnGameOf {
            tags,
            game,
            result,
            comments: self.comments.clone(),
        })
    }

    /// The start position: the FEN tag, or the variant's start. Russian
    /// files often give the FEN in numbers (1 = b8, as in English): accepted.
    fn start<G: Geometry>(&self, variant: Variant) -> Result<PositionOf<G>, PdnError> {
        if variant.board() != G::SIZE {
            let board = BoardSize::name;
            return Err(PdnError::Syntax {
                at: self.tag_at("GameType").map_or(self.at, |(_, at)| at),
                message: format!(
                    "a {variant} game ({} board) read as a game of the {} board",
                    board(variant.board()),
                    board(G::SIZE)
                ),
            });
        }
        let Some((text, at)) = self.tag_at("FEN") else {
            return Ok(PositionOf::start(variant));
        };
        let fen_error = |source| PdnError::Fen { at, source };
        match fen::parse::<G>(text, variant) {
            Err(FenError::Square {
                source: SquareError::NumericInAlgebraic(_),
                ..
            }) => {
                let setup = fen::parse_setup(text, SquareNotation::Numeric).map_err(fen_error)?;
                PositionOf::from_setup(&setup, variant).map_err(|e| fen_error(e.into()))
            }
            other => other.map_err(fen_error),
        }
    }

    /// The winner a closing comment or the Termination tag names.
    fn named_winner(&self) -> Option<crate::core::Color> {
        let closing = self
            .comments
            .iter()
            .filter(|(before, _)| *before == self.moves.len())
            .map(|(_, c)| c.as_str());
        closing
            .chain(self.tag("Termination"))
            .find_map(result::named_winner)
    }

    fn move_error<G: Geometry>(
        &self,
        index: usize,
        source: GameMoveError<G>,
        variant: Variant,
    ) -> PdnError {
        // The error in the board-free form PdnError keeps (a refused move
        // named by its text: only the board's own type holds its squares).
        let source = match source {
            GameMoveError::Text(e) => GameMoveError::Text(e),
            GameMoveError::Play(PlayError::GameOver(o)) => {
                GameMoveError::Play(PlayError::GameOver(o))
            }
            GameMoveError::Play(PlayError::Illegal(_)) => {
                GameMoveError::Text(MoveTextError::Illegal {
                    text: self.moves[index].0.clone(),
                    legal: String::new(),
                })
            }
        };
        let number = format!(
            "{}{}",
            index / 2 + 1,
            if index.is_multiple_of(2) { "." } else { "..." }
        );
        let hint = if self.tag("GameType").is_some() {
            String::new()
        } else {
            self.variant_hint::<G>(variant)
        };
        PdnError::Move {
            at: self.moves[index].1,
            number,
            source,
            hint,
        }
    }

    /// Says which variant was assumed and, when the moves fit another one, which.
    fn variant_hint<G: Geometry>(&self, assumed: Variant) -> String {
        let fits: Vec<String> = Variant::ALL
            .into_iter()
            .filter(|&v| v != assumed && v.board() == G::SIZE)
            .filter(|&v| {
                self.start::<G>(v)
                    .is_ok_and(|p| play_all(&mut GameOf::from_position(p), &self.moves).is_ok())
            })
            .map(|v| v.to_string())
            .collect();
        if fits.is_empty() {
            return format!(" (read as {assumed}: the game has no GameType tag)");
        }
        format!(
            " (the game has no GameType tag, so it was read as {assumed}; all its moves \
             are legal in {}: --variant or a GameType tag says which variant it is)",
            fits.join(", ")
        )
    }
}

/// Plays every move; on failure, the index of the move and why.
fn play_all<G: Geometry>(
    game: &mut GameOf<G>,
    moves: &[(String, Location)],
) -> Result<(), (usize, GameMoveError<G>)> {
    for (i, (text, _)) in moves.iter().enumerate() {
        game.play_text(text).map_err(|e| (i, e))?;
    }
    Ok(())
}

/// `12.11-15` → `11-15`, `12.` and `12...` and `...` → ``, and the strength
/// marks `!`, `?` and `*` (PDN 2.0's "star move") dropped.
fn move_text(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &word[digits..];
    let word = if rest.starts_with('.') || digits == 0 {
        rest.trim_start_matches('.')
    } else {
        word
    };
    word.trim_end_matches(['!', '?', '*'])
}

/// Splits a PDN text into its games. A game ends at its result word or
/// where a tag follows its movetext.
pub fn split(text: &str) -> Vec<RawGame> {
    let mut lexer = Lexer::new(text);
    let mut games = Vec::new();
    let mut current: Option<RawGame> = None;
    while let Some((at, token)) = lexer.next_token() {
        let starts_new = matches!(token, Token::Tag(..))
            && current.as_ref().is_some_and(|g| !g.moves.is_empty());
        if starts_new {
            games.extend(current.take());
        }
        let game = current.get_or_insert_with(|| RawGame::new(games.len() + 1, at));
        match token {
            Token::Tag(k, v) => game.tags.push((k, v, at)),
            Token::Comment(c) => game.comments.push((game.moves.len(), c)),
            Token::Error(e) => {
                game.error.get_or_insert(e);
            }
            Token::Word(w) if result::is_result(&w) => {
                game.terminator = Some(w);
                games.extend(current.take());
            }
            Token::Word(w) if w.starts_with('$') => {}
            Token::Word(w) => {
                let mv = move_text(&w);
                if !mv.is_empty() {
                    game.moves.push((mv.to_string(), at));
                }
            }
        }
    }
    games.extend(current);
    games.retain(|g| !g.is_empty());
    for (i, g) in games.iter_mut().enumerate() {
        g.number = i + 1;
    }
    games
}

/// True when `text` looks like PDN rather than lines of moves or positions:
/// after a byte order mark, white space and comments, it starts with a tag
/// or a numbered move (`1.`).
pub fn looks_like_pdn(text: &str) -> bool {
    let mut lexer = Lexer::new(text);
    while let Some((_, token)) = lexer.next_token() {
        match token {
            Token::Comment(_) => continue,
            Token::Tag(..) => return true,
            Token::Word(w) => {
                let digits = w.trim_start_matches(|c: char| c.is_ascii_digit());
                return digits.len() < w.len() && digits.starts_with('.');
            }
            Token::Error(_) => return false,
        }
    }
    false
}
