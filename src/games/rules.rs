//! [`GameRules`]: which game, with which rules and board — what a player
//! chooses before a game starts, and what a game in play was started with.

use super::{AnyEval, AnyGame, GameKind, GameNode, GameRecord};
use crate::checkers::ai::{CheckersNode, Level};
use crate::checkers::rules::{BoardSize, Variant};
use crate::clobber::{ClobberError, ClobberGame, ClobberPosition, Shape};
use crate::core::named::UnknownName;

/// The 10x10 board's search node.
#[cfg(feature = "international")]
type Checkers10Node = crate::checkers::ai::CheckersNodeOf<crate::checkers::geometry::Board10>;

/// A game's rules: a checkers variant, or Clobber on a board of a shape.
///
/// ```
/// use warcaby::clobber::Shape;
/// use warcaby::games::{GameRules, PlayedGame};
/// use warcaby::Variant;
///
/// let rules = GameRules::Clobber(Shape::new(6, 5).unwrap());
/// let game = rules.new_game();
/// assert_eq!(game.played().rules(), rules);
/// assert_eq!(rules.name(), "clobber");
/// assert_eq!(GameRules::Checkers(Variant::English).name(), "english");
/// assert!(GameRules::Checkers(Variant::English).alphazero_plays());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameRules {
    /// Checkers in one of its variants.
    Checkers(Variant),
    /// Clobber on a board of this shape.
    Clobber(Shape),
}

impl GameRules {
    /// Which game.
    pub fn kind(self) -> GameKind {
        match self {
            GameRules::Checkers(_) => GameKind::Checkers,
            GameRules::Clobber(_) => GameKind::Clobber,
        }
    }

    /// The rules' name: a checkers variant's, or `clobber`.
    pub fn name(self) -> String {
        match self {
            GameRules::Checkers(variant) => variant.to_string(),
            GameRules::Clobber(_) => GameKind::Clobber.to_string(),
        }
    }

    /// A new game from these rules' start position.
    pub fn new_game(self) -> AnyGame {
        match self {
            GameRules::Checkers(variant) => AnyGame::checkers(variant),
            GameRules::Clobber(shape) => AnyGame::Clobber(ClobberGame::new(shape)),
        }
    }

    /// The rules whose endgame tables the engine builds and probes for
    /// this game: an 8x8 checkers variant's (whether its kings are short
    /// enough for tables is the tables' own question); None in Clobber and
    /// on the 10x10 board, which has no tables.
    pub fn endgame_rules(self) -> Option<Variant> {
        match self {
            GameRules::Checkers(variant) if variant.board() == BoardSize::Eight => Some(variant),
            _ => None,
        }
    }

    /// True for checkers on the 10x10 board (international draughts),
    /// which has the 8x8 board's rules and notation but not its book,
    /// tables, learned evaluation or contest tools.
    pub fn is_10x10(self) -> bool {
        self.checkers_variant()
            .is_some_and(|variant| variant.board() == BoardSize::Ten)
    }

    /// True when a capture must take the most pieces it can (Brazilian
    /// draughts); false in the other checkers rules and in Clobber.
    pub fn maximum_capture(self) -> bool {
        self.checkers_variant()
            .is_some_and(|variant| variant.rules().maximum_capture)
    }

    /// True when a game by these rules can end in a draw, so a result is
    /// written with its score (1-0, 1/2-1/2); Clobber has no draws, and
    /// the winner says it all.
    pub fn has_draws(self) -> bool {
        self.kind() == GameKind::Checkers
    }

    /// True when the AlphaZero bot plays by these rules (the engine's
    /// answer: English checkers).
    pub fn alphazero_plays(self) -> bool {
        matches!(self, GameRules::Checkers(variant) if crate::az::plays(variant))
    }

    /// The rules a front end's settings name: the game, with the checkers
    /// variant or the Clobber board (the other game's setting is unused).
    pub fn of(
        game: GameKind,
        variant: Variant,
        rows: usize,
        cols: usize,
    ) -> Result<GameRules, ClobberError> {
        Ok(match game {
            GameKind::Checkers => GameRules::Checkers(variant),
            GameKind::Clobber => GameRules::Clobber(Shape::new(rows, cols)?),
        })
    }

    /// The rules from their name ([`GameRules::name`]) and, for Clobber,
    /// the board's rows and columns ([`GameRules::board`]); for files that
    /// keep rules as text. An unknown name or a bad board is refused.
    pub fn from_name(name: &str, board: Option<(usize, usize)>) -> Result<GameRules, String> {
        if name == GameKind::Clobber.to_string() {
            let (rows, cols) =
                board.unwrap_or((crate::clobber::DEFAULT_ROWS, crate::clobber::DEFAULT_COLS));
            return Shape::new(rows, cols)
                .map(GameRules::Clobber)
                .map_err(|e| e.to_string());
        }
        // A build that plays 10x10 reads its variants' names too.
        #[cfg(feature = "international")]
        let variant = Variant::from_any_name(name).map_err(|e| e.to_string());
        #[cfg(not(feature = "international"))]
        let variant = name
            .parse::<Variant>()
            .map_err(|e: UnknownName| e.to_string());
        variant.map(GameRules::Checkers)
    }

    /// The board's rows and columns where the rules choose them (Clobber);
    /// None for checkers' fixed board.
    pub fn board(self) -> Option<(usize, usize)> {
        match self {
            GameRules::Checkers(_) => None,
            GameRules::Clobber(shape) => Some((shape.rows(), shape.cols())),
        }
    }

    /// The checkers variant, if these are checkers rules (for what only
    /// checkers has: openings in its notation, the contest's referee).
    pub fn checkers_variant(self) -> Option<Variant> {
        match self {
            GameRules::Checkers(variant) => Some(variant),
            GameRules::Clobber(_) => None,
        }
    }

    /// The rules as `key=value` fields, named as the command line names
    /// them, for line protocols and settings: `variant=english`, or
    /// `game=clobber rows=6 cols=5`.
    pub fn fields(self) -> Vec<(&'static str, String)> {
        match self {
            GameRules::Checkers(variant) => vec![("variant", variant.to_string())],
            GameRules::Clobber(shape) => vec![
                ("game", GameKind::Clobber.to_string()),
                ("rows", shape.rows().to_string()),
                ("cols", shape.cols().to_string()),
            ],
        }
    }

    /// The rules in a few words for people: `variant english`, `clobber 6x5`.
    pub fn summary(self) -> String {
        match self {
            GameRules::Checkers(variant) => format!("variant {variant}"),
            GameRules::Clobber(shape) => format!("clobber {}x{}", shape.rows(), shape.cols()),
        }
    }

    /// What the game's plain pieces are called, one or many: checkers'
    /// men (kings aside), Clobber's stones.
    pub fn plain_pieces(self, count: usize) -> &'static str {
        match (self, count) {
            (GameRules::Checkers(_), 1) => "man",
            (GameRules::Checkers(_), _) => "men",
            (GameRules::Clobber(_), 1) => "stone",
            (GameRules::Clobber(_), _) => "stones",
        }
    }

    /// True when games by these rules are written in PDN (checkers;
    /// [`AnyGame::pdn`]).
    pub fn has_pdn(self) -> bool {
        self.kind() == GameKind::Checkers
    }

    /// True when the engine has an opening book for these rules (8x8
    /// checkers).
    pub fn has_book(self) -> bool {
        self.kind() == GameKind::Checkers && !self.is_10x10()
    }

    /// The evaluation a playing level uses in this game.
    pub fn level_eval(self, level: Level) -> AnyEval {
        match self {
            #[cfg(feature = "international")]
            GameRules::Checkers(_) if self.is_10x10() => Checkers10Node::level_eval(level).into(),
            GameRules::Checkers(_) => CheckersNode::level_eval(level).into(),
            GameRules::Clobber(_) => ClobberPosition::level_eval(level).into(),
        }
    }

    /// True when `eval` is one of these rules' own evaluations: a Clobber
    /// heuristic in Clobber, an 8x8 evaluation on the 8x8 board, a 10x10
    /// one on the 10x10 board (the arms of [`AnyEval`] are the games').
    pub fn plays_eval(self, eval: &AnyEval) -> bool {
        // `learned` names the learned evaluation of either board.
        std::mem::discriminant(eval) == std::mem::discriminant(&self.default_eval())
            || (self.kind() == GameKind::Checkers && eval.is_learned())
    }

    /// The game's default evaluation, for an engine that names none.
    pub fn default_eval(self) -> AnyEval {
        match self {
            #[cfg(feature = "international")]
            GameRules::Checkers(_) if self.is_10x10() => {
                <Checkers10Node as GameNode>::Eval::default().into()
            }
            GameRules::Checkers(_) => <CheckersNode as GameNode>::Eval::default().into(),
            GameRules::Clobber(_) => <ClobberPosition as GameNode>::Eval::default().into(),
        }
    }
}

/// The rules a player has chosen for each game: a checkers variant and a
/// Clobber board. Settings keep one of each, so switching to another game
/// and back finds each game's rules as they were left.
///
/// ```
/// use warcaby::clobber::Shape;
/// use warcaby::games::{GameKind, GameRules, RulesChoices};
/// use warcaby::Variant;
///
/// let mut choices = RulesChoices {
///     variant: Variant::English,
///     shape: Shape::new(6, 5).unwrap(),
/// };
/// choices.choose(GameRules::Clobber(Shape::new(4, 4).unwrap()));
/// assert_eq!(choices.rules(GameKind::Checkers), GameRules::Checkers(Variant::English));
/// assert_eq!(choices.shape, Shape::new(4, 4).unwrap());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RulesChoices {
    /// The checkers variant.
    pub variant: Variant,
    /// The Clobber board.
    pub shape: Shape,
}

impl RulesChoices {
    /// The rules chosen for `kind`.
    pub fn rules(self, kind: GameKind) -> GameRules {
        match kind {
            GameKind::Checkers => GameRules::Checkers(self.variant),
            GameKind::Clobber => GameRules::Clobber(self.shape),
        }
    }

    /// Keeps `rules` as its game's choice; the other games' stay.
    pub fn choose(&mut self, rules: GameRules) {
        match rules {
            GameRules::Checkers(variant) => self.variant = variant,
            GameRules::Clobber(shape) => self.shape = shape,
        }
    }
}

impl GameRecord {
    /// The rules whose endgame tables serve this game
    /// ([`GameRules::endgame_rules`]), read without replaying it.
    pub fn endgame_rules(&self) -> Option<Variant> {
        match self {
            GameRecord::Checkers { variant, .. } => Some(*variant),
            GameRecord::Clobber { .. } => None,
        }
    }

    /// The name of the record's rules: a checkers variant's, or `clobber`.
    pub fn rules_name(&self) -> String {
        match self {
            GameRecord::Checkers { variant, .. } => variant.to_string(),
            GameRecord::Clobber { .. } => GameKind::Clobber.to_string(),
        }
    }

    /// The start position's text: a FEN, or Clobber's position text.
    pub fn start_text(&self) -> &str {
        match self {
            GameRecord::Checkers { start_fen, .. } => start_fen,
            GameRecord::Clobber { start, .. } => start,
        }
    }

    /// The moves' texts.
    pub fn moves(&self) -> &[String] {
        match self {
            GameRecord::Checkers { moves, .. } | GameRecord::Clobber { moves, .. } => moves,
        }
    }

    /// A record from the name of its rules ([`GameRecord::rules_name`]),
    /// its start text and its moves; an unknown name is refused. Nothing is
    /// checked against the rules until [`AnyGame::from_record`] replays it.
    pub fn from_parts(
        rules: &str,
        start: String,
        moves: Vec<String>,
    ) -> Result<GameRecord, UnknownName> {
        if rules == GameKind::Clobber.to_string() {
            return Ok(GameRecord::Clobber { start, moves });
        }
        #[cfg(feature = "international")]
        let variant = Variant::from_any_name(rules)?;
        #[cfg(not(feature = "international"))]
        let variant = rules.parse()?;
        Ok(GameRecord::Checkers {
            variant,
            start_fen: start,
            moves,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_survives_its_parts() {
        for rules in [
            GameRules::Checkers(Variant::Russian),
            GameRules::Clobber(Shape::new(3, 4).unwrap()),
        ] {
            let mut game = rules.new_game();
            let first = game.played().legal_moves()[0].clone();
            game.played_mut().play(&first).unwrap();
            let record = game.record();
            assert_eq!(record.rules_name(), rules.name());
            let back = GameRecord::from_parts(
                &record.rules_name(),
                record.start_text().to_string(),
                record.moves().to_vec(),
            )
            .unwrap();
            assert_eq!(back, record);
            assert_eq!(AnyGame::from_record(&back).unwrap(), game);
        }
        assert!(GameRecord::from_parts("chess", String::new(), Vec::new()).is_err());
    }

    #[test]
    fn rules_survive_their_name_and_board() {
        for rules in [
            GameRules::Checkers(Variant::English),
            GameRules::Clobber(Shape::new(4, 7).unwrap()),
        ] {
            assert_eq!(
                GameRules::from_name(&rules.name(), rules.board()),
                Ok(rules)
            );
            let (kind, rows, cols) = (rules.kind(), 4, 7);
            let variant = rules.checkers_variant().unwrap_or(Variant::Russian);
            assert_eq!(GameRules::of(kind, variant, rows, cols), Ok(rules));
        }
        let clobber = GameRules::Clobber(Shape::new(4, 7).unwrap());
        let fields: Vec<String> = clobber
            .fields()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        assert_eq!(fields.join(" "), "game=clobber rows=4 cols=7");
        assert_eq!(
            GameRules::Checkers(Variant::English).fields()[0].1,
            "english"
        );
        assert!(GameRules::from_name("chess", None).is_err());
        assert!(GameRules::from_name("clobber", Some((1, 5))).is_err());
        assert_eq!(clobber.default_eval().game(), GameKind::Clobber);
    }
}
