//! PDN games: tag pairs, numbered movetext, comments and variations (skipped
//! on reading), results `1-0`, `0-1`, `1/2-1/2`, `*`.
//!
//! `GameType` says the variant: `21` English, `25` Russian, and for the
//! tournament variant — English geometry with White moving first and men
//! capturing backward — the parameterised form `21,W,8,8,N2,0`.

use crate::fen::{self, FenError};
use crate::game::{Game, GameMoveError};
use crate::position::Position;
use crate::rules::{Color, Variant};
use std::fmt::Write;

/// The GameType value written for each variant.
pub fn game_type(variant: Variant) -> &'static str {
    match variant {
        Variant::English => "21",
        Variant::Russian => "25",
        Variant::Tournament => "21,W,8,8,N2,0",
    }
}

/// Reads a GameType value: `21` (or `21,B,...`) English, `21,W,...` tournament, `25` Russian.
pub fn variant_of_game_type(value: &str) -> Result<Variant, String> {
    let fields: Vec<&str> = value.split(',').map(str::trim).collect();
    match (fields[0], fields.get(1).map(|s| s.to_ascii_uppercase())) {
        ("21", Some(c)) if c == "W" => Ok(Variant::Tournament),
        ("21", _) => Ok(Variant::English),
        ("25", _) => Ok(Variant::Russian),
        (other, _) => Err(format!(
            "GameType '{other}' is not supported (21 English, 21,W,8,8,N2,0 tournament, 25 Russian)"
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
    #[error("PDN {at}: move {number}: {source}")]
    Move {
        /// Where.
        at: Location,
        /// Ply number, 1-based, as "12." or "12...".
        number: String,
        /// Why.
        source: GameMoveError,
    },
    /// No game in the text.
    #[error("PDN text holds no game")]
    NoGame,
}

/// A game read from or written to PDN: its tags, moves and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// Tag pairs in order (GameType, FEN and Result are kept in sync on writing).
    pub tags: Vec<(String, String)>,
    /// The moves, from the start position given by the FEN tag.
    pub game: Game,
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl PdnGame {
    /// Wraps a game with the standard seven tags, unknown values as `?`.
    pub fn new(game: Game) -> PdnGame {
        let result = game.outcome().map_or("*", |o| o.result_text()).to_string();
        let tags = ["Event", "Date", "White", "Black"]
            .iter()
            .map(|t| {
                let v = if *t == "Date" { "????.??.??" } else { "?" };
                (t.to_string(), v.to_string())
            })
            .collect();
        PdnGame { tags, game, result }
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

/// Writes a game: tags (Event, Date, White, Black, Result, GameType, FEN when
/// not the start position, then any others), numbered movetext and result.
pub fn write_game(pdn: &PdnGame) -> String {
    let game = &pdn.game;
    let start = game.start();
    let mut tags: Vec<(String, String)> = Vec::new();
    for name in ["Event", "Date", "White", "Black"] {
        tags.push((name.to_string(), pdn.tag(name).unwrap_or("?").to_string()));
    }
    tags.push(("Result".to_string(), pdn.result.clone()));
    tags.push((
        "GameType".to_string(),
        game_type(game.variant()).to_string(),
    ));
    if *start != Position::start(game.variant()) {
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
    let mut number = 1;
    for (i, (pos, mv)) in game.positions_and_moves().enumerate() {
        let leads = pos.side_to_move() == first_mover;
        if leads {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(pos.move_text(mv));
        if !leads {
            number += 1;
        }
    }
    tokens.push(pdn.result.clone());
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

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Tag(String, String),
    Word(String),
}

struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    text: &'a str,
}

impl<'a> Lexer<'a> {
    fn location(&self, byte: usize) -> Location {
        let before = &self.text[..byte];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Location { line, column }
    }

    fn error(&self, byte: usize, message: impl Into<String>) -> PdnError {
        PdnError::Syntax {
            at: self.location(byte),
            message: message.into(),
        }
    }

    /// Skips to the character after the matching `close`, nesting on `open`.
    fn skip_group(&mut self, start: usize, open: char, close: char) -> Result<(), PdnError> {
        let mut depth = 1;
        for (_, c) in self.chars.by_ref() {
            if c == open && open != close {
                depth += 1;
            } else if c == close {
                depth -= 1;
                if depth == 0 {
                    return Ok(());
                }
            }
        }
        Err(self.error(start, format!("'{open}' is never closed")))
    }

    fn tag(&mut self, start: usize) -> Result<Token, PdnError> {
        let mut name = String::new();
        while let Some(&(_, c)) = self.chars.peek() {
            if c.is_alphanumeric() || c == '_' {
                name.push(c);
                self.chars.next();
            } else {
                break;
            }
        }
        while self.chars.peek().is_some_and(|&(_, c)| c.is_whitespace()) {
            self.chars.next();
        }
        if name.is_empty() || self.chars.next().map(|(_, c)| c) != Some('"') {
            return Err(self.error(start, "a tag must look like [Name \"value\"]"));
        }
        let mut value = String::new();
        loop {
            match self.chars.next() {
                Some((_, '\\')) => match self.chars.next() {
                    Some((_, c)) => value.push(c),
                    None => break,
                },
                Some((_, '"')) => {
                    while self.chars.peek().is_some_and(|&(_, c)| c.is_whitespace()) {
                        self.chars.next();
                    }
                    return match self.chars.next() {
                        Some((_, ']')) => Ok(Token::Tag(name, value)),
                        _ => Err(self.error(start, format!("tag [{name} ...] is missing its ']'"))),
                    };
                }
                Some((_, c)) => value.push(c),
                None => break,
            }
        }
        Err(self.error(
            start,
            format!("the value of tag [{name} ...] is never closed"),
        ))
    }

    fn next_token(&mut self) -> Result<Option<(usize, Token)>, PdnError> {
        while let Some(&(i, c)) = self.chars.peek() {
            match c {
                c if c.is_whitespace() => {
                    self.chars.next();
                }
                '{' => {
                    self.chars.next();
                    self.skip_group(i, '{', '}')?;
                }
                '(' => {
                    self.chars.next();
                    self.skip_group(i, '(', ')')?;
                }
                ';' => {
                    self.chars.next();
                    self.skip_group(i, '\n', '\n').ok();
                }
                '%' if self.location(i).column == 1 => {
                    self.skip_group(i, '\n', '\n').ok();
                }
                '[' => {
                    self.chars.next();
                    return self.tag(i).map(|t| Some((i, t)));
                }
                '}' | ')' | ']' => return Err(self.error(i, format!("unexpected '{c}'"))),
                _ => {
                    let mut word = String::new();
                    while let Some(&(_, c)) = self.chars.peek() {
                        if c.is_whitespace() || "{}()[];".contains(c) {
                            break;
                        }
                        word.push(c);
                        self.chars.next();
                    }
                    return Ok(Some((i, Token::Word(word))));
                }
            }
        }
        Ok(None)
    }
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Reads every game of a PDN text. `default_variant` applies to games with no
/// GameType tag.
pub fn read_games(text: &str, default_variant: Variant) -> Result<Vec<PdnGame>, PdnError> {
    let mut lexer = Lexer {
        chars: text.char_indices().peekable(),
        text,
    };
    let mut games = Vec::new();
    let mut pending: Option<(usize, Token)> = lexer.next_token()?;
    while let Some(first) = pending.take() {
        let (game, next) = read_one(&mut lexer, first, default_variant)?;
        games.push(game);
        pending = next;
    }
    if games.is_empty() {
        return Err(PdnError::NoGame);
    }
    Ok(games)
}

/// Reads the first game of a PDN text.
pub fn read_game(text: &str, default_variant: Variant) -> Result<PdnGame, PdnError> {
    let mut games = read_games(text, default_variant)?;
    Ok(games.swap_remove(0))
}

type Next = Option<(usize, Token)>;

fn read_one(
    lexer: &mut Lexer<'_>,
    first: (usize, Token),
    default_variant: Variant,
) -> Result<(PdnGame, Next), PdnError> {
    let mut tags = Vec::new();
    let mut tag_starts = Vec::new();
    let mut current = Some(first);
    while let Some((at, Token::Tag(k, v))) = &current {
        tags.push((k.clone(), v.clone()));
        tag_starts.push(*at);
        current = lexer.next_token()?;
    }
    let find = |name: &str| {
        tags.iter()
            .zip(&tag_starts)
            .find(|((k, _), _)| k.eq_ignore_ascii_case(name))
            .map(|((_, v), at)| (v.clone(), lexer.location(*at)))
    };
    let variant = match find("GameType") {
        Some((v, at)) => {
            variant_of_game_type(&v).map_err(|message| PdnError::Syntax { at, message })?
        }
        None => default_variant,
    };
    let start = match find("FEN") {
        Some((f, at)) => fen::parse(&f, variant).map_err(|source| PdnError::Fen { at, source })?,
        None => Position::start(variant),
    };
    let mut game = Game::from_position(start);
    let mut result = find("Result").map_or_else(|| "*".to_string(), |(r, _)| r);
    while let Some((at, token)) = current {
        let word = match token {
            Token::Tag(..) => return Ok((finish(tags, game, result), Some((at, token)))),
            Token::Word(w) => w,
        };
        current = lexer.next_token()?;
        if RESULTS.contains(&word.as_str()) {
            result = word;
            return Ok((finish(tags, game, result), current));
        }
        if word.starts_with('$') {
            continue;
        }
        let mv = strip_move_number(&word).trim_end_matches(['!', '?']);
        if mv.is_empty() {
            continue;
        }
        let ply = game.ply_count();
        let number = if ply.is_multiple_of(2) {
            format!("{}.", ply / 2 + 1)
        } else {
            format!("{}...", ply / 2 + 1)
        };
        game.play_text(mv).map_err(|source| PdnError::Move {
            at: lexer.location(at),
            number,
            source,
        })?;
    }
    Ok((finish(tags, game, result), None))
}

/// `12.11-15` → `11-15`, `12...` → ``, `11-15` → `11-15`.
fn strip_move_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &word[digits..];
    if digits > 0 && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        word
    }
}

fn finish(tags: Vec<(String, String)>, game: Game, result: String) -> PdnGame {
    PdnGame { tags, game, result }
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
