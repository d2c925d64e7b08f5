//! The rule variants as data: one [`Rules`] value per variant, read by the one
//! move generator and by the game's draw rules.

use crate::checkers::geometry::{Board8, Geometry};
use crate::checkers::square::SquareNotation;
use crate::core::named::Named;
use crate::core::Color;

/// The 0-based rank where `color`'s men are crowned on the 8x8 board.
#[inline]
pub const fn crowning_rank(color: Color) -> u8 {
    crowning_rank_on::<Board8>(color)
}

/// The 0-based rank where `color`'s men are crowned on the board `G`.
#[inline]
pub const fn crowning_rank_on<G: Geometry>(color: Color) -> u8 {
    match color {
        Color::White => G::RANKS - 1,
        Color::Black => 0,
    }
}

/// Which board a variant is played on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BoardSize {
    /// 8x8, 32 dark squares, 12 men a side.
    Eight,
    /// 10x10, 50 dark squares, 20 men a side.
    Ten,
}

impl BoardSize {
    /// Both boards, the smaller first.
    pub const ALL: [BoardSize; 2] = [BoardSize::Eight, BoardSize::Ten];

    /// The board's name in messages: `8x8`, `10x10`.
    pub const fn name(self) -> &'static str {
        match self {
            BoardSize::Eight => "8x8",
            BoardSize::Ten => "10x10",
        }
    }
}

/// What resets the no-progress count.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Progress {
    /// A man move or a capture (the written rules of every variant).
    ManMoveOrCapture,
    /// A capture or a crowning only; a plain man move does not reset it (the
    /// contest's referee program).
    CaptureOrCrowning,
}

/// Which earlier positions count as the same position for the repetition draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Repetition {
    /// The same pieces with the same side to move; the start position counts.
    SamePosition,
    /// The board as the side to move sees it, as the referee program hashes
    /// it after turning the board round: a position and its colour-reversed
    /// twin (board turned 180 degrees, colours swapped, the other side to
    /// move) are the same. The game's start position is never counted.
    MoverView,
}

/// The order of the game-end checks after a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndOrder {
    /// The side to move without a legal move loses; then repetition, then no
    /// progress (the written rules).
    LossFirst,
    /// No progress, then repetition, then the side to move without a legal
    /// move loses (the referee program: a draw wins over a blocked side).
    DrawsFirst,
}

/// The material an endgame draw rule applies to ([`EndgameDraw`]); either
/// side may be the stronger one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndgameMaterial {
    /// At least this many kings and nothing else against a lone king.
    KingsAgainstLoneKing(u32),
    /// Exactly this many pieces, at least one a king, against a lone king.
    PiecesAgainstLoneKing(u32),
    /// Exactly this many pieces, at least one a king, against a lone king
    /// standing on the main road (the long diagonal a1–h8).
    PiecesAgainstLoneKingOnMainRoad(u32),
    /// Both sides have a king, and this many pieces are on the board in all
    /// (from, to).
    BothSidesKings(u32, u32),
}

impl EndgameMaterial {
    /// In words, for a draw's reason.
    pub(crate) fn describe(self) -> String {
        match self {
            EndgameMaterial::KingsAgainstLoneKing(n) => {
                format!("{n} kings or more against a lone king")
            }
            EndgameMaterial::PiecesAgainstLoneKing(n) => {
                format!("{n} pieces with a king against a lone king")
            }
            EndgameMaterial::PiecesAgainstLoneKingOnMainRoad(n) => {
                format!("{n} pieces with a king against a lone king on the main road")
            }
            EndgameMaterial::BothSidesKings(lo, hi) => {
                format!("{lo}-{hi} pieces with kings on both sides")
            }
        }
    }
}

/// An endgame draw: with `material` on the board, the game is drawn once
/// `plies` plies have passed since the material last changed (the last
/// capture or crowning) — the Russian rules count moves of the stronger
/// side, so 15 moves are 30 plies.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct EndgameDraw {
    /// The material.
    pub material: EndgameMaterial,
    /// Plies without a capture or a crowning.
    pub plies: u32,
}

/// The Russian draughts federation's endgame draws (see README "Rule
/// variants").
pub(crate) const RUSSIAN_ENDGAMES: [EndgameDraw; 5] = [
    EndgameDraw {
        material: EndgameMaterial::KingsAgainstLoneKing(3),
        plies: 30,
    },
    EndgameDraw {
        material: EndgameMaterial::PiecesAgainstLoneKingOnMainRoad(3),
        plies: 10,
    },
    EndgameDraw {
        material: EndgameMaterial::PiecesAgainstLoneKing(2),
        plies: 10,
    },
    EndgameDraw {
        material: EndgameMaterial::BothSidesKings(4, 5),
        plies: 60,
    },
    EndgameDraw {
        material: EndgameMaterial::BothSidesKings(6, 7),
        plies: 120,
    },
];

/// The international (FMJD) endgame draws: three pieces with a king (three
/// kings, two kings and a man, a king and two men) against a lone king in
/// 16 moves each; two pieces with a king against a lone king in 5 moves each.
pub(crate) const INTERNATIONAL_ENDGAMES: [EndgameDraw; 2] = [
    EndgameDraw {
        material: EndgameMaterial::PiecesAgainstLoneKing(3),
        plies: 32,
    },
    EndgameDraw {
        material: EndgameMaterial::PiecesAgainstLoneKing(2),
        plies: 10,
    },
];

/// What a man does that reaches the crowning rank in the middle of a capture.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CrowningInCapture {
    /// It is crowned and the move ends there (English).
    EndsMove,
    /// It is crowned at once and goes on capturing as a king (Russian, the
    /// contest's rules).
    ContinuesAsKing,
    /// It goes on capturing as a man and is crowned only if the move ends
    /// on the crowning rank (the international rules: Brazilian).
    ContinuesAsMan,
}

/// When a game ends, as data: the no-progress and repetition draws, the
/// endgame draws and the order of the checks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameEnd {
    /// Draw after this many consecutive plies without progress.
    pub no_progress_plies: u32,
    /// What counts as progress.
    pub progress: Progress,
    /// What counts as a repeated position (the third occurrence draws).
    pub repetition: Repetition,
    /// The order of the checks.
    pub order: EndOrder,
    /// Endgame draws, checked after the no-progress and repetition draws.
    pub endgames: &'static [EndgameDraw],
}

impl GameEnd {
    /// The spec's written rules with a no-progress limit of `plies`.
    pub const fn written(plies: u32) -> GameEnd {
        GameEnd {
            no_progress_plies: plies,
            progress: Progress::ManMoveOrCapture,
            repetition: Repetition::SamePosition,
            order: EndOrder::LossFirst,
            endgames: &[],
        }
    }

    /// The contest's referee program (`silnik.py`): 20 turns without a
    /// capture or crowning, repetition of the board as the mover sees it
    /// (start position not counted), draws checked first.
    pub const REFEREE: GameEnd = GameEnd {
        no_progress_plies: 20,
        progress: Progress::CaptureOrCrowning,
        repetition: Repetition::MoverView,
        order: EndOrder::DrawsFirst,
        endgames: &[],
    };
}

/// The checkers variants of the spec.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Variant {
    /// The university contest's rules: men capture backward, short kings,
    /// a man crowned mid-capture goes on capturing, White first, 20-ply
    /// no-progress draw.
    #[default]
    Tournament,
    /// American / English checkers (ACF).
    English,
    /// Russian draughts: flying kings, promotion continues a capture.
    Russian,
    /// Brazilian draughts: the international rules on the 8x8 board —
    /// flying kings, the most pieces must be captured, a man crossing the
    /// last row in a capture goes on as a man.
    Brazilian,
    /// International draughts ("warcaby polskie"), the FMJD's game: the
    /// Brazilian rules on the 10x10 board, 20 men a side, White first.
    International,
}

impl Variant {
    /// All variants, default first.
    pub const ALL: [Variant; 5] = [
        Variant::Tournament,
        Variant::English,
        Variant::Russian,
        Variant::Brazilian,
        Variant::International,
    ];

    /// The variants played on the 8x8 board: the ones [`crate::Position`]
    /// (and the engine's evaluations, books, tables and the page) play.
    pub const EIGHT_BY_EIGHT: [Variant; 4] = [
        Variant::Tournament,
        Variant::English,
        Variant::Russian,
        Variant::Brazilian,
    ];

    /// The variant's name as used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Tournament => "tournament",
            Variant::English => "english",
            Variant::Russian => "russian",
            Variant::Brazilian => "brazilian",
            Variant::International => "international",
        }
    }

    /// The rule set of this variant.
    pub const fn rules(self) -> &'static Rules {
        match self {
            Variant::Tournament => &TOURNAMENT,
            Variant::English => &ENGLISH,
            Variant::Russian => &RUSSIAN,
            Variant::Brazilian => &BRAZILIAN,
            Variant::International => &INTERNATIONAL,
        }
    }

    /// The variant called `name`, international draughts included (see
    /// the [`Named`] impl: a plain `parse` knows the 8x8 variants only).
    ///
    /// ```
    /// use warcaby::Variant;
    ///
    /// assert_eq!(Variant::from_any_name("International"), Ok(Variant::International));
    /// assert!("international".parse::<Variant>().is_err());
    /// let err = Variant::from_any_name("polish").unwrap_err();
    /// assert!(err.to_string().contains("brazilian or international"));
    /// ```
    pub fn from_any_name(name: &str) -> Result<Variant, crate::core::named::UnknownName> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| {
                let names = Variant::ALL.map(Variant::name);
                let (last, rest) = names.split_last().expect("variants");
                crate::core::named::UnknownName {
                    what: "variant",
                    given: name.to_string(),
                    expected: format!("{} or {last}", rest.join(", ")),
                }
            })
    }

    /// The board the variant is played on.
    pub const fn board(self) -> BoardSize {
        self.rules().board
    }
}

/// Names are parsed for the 8x8 variants, which every front end plays (the
/// page, Python, the arena, saved games); international draughts is named
/// only where it is played so far, by [`Variant::from_any_name`].
impl Named for Variant {
    const WHAT: &'static str = "variant";
    const ALL: &'static [Variant] = &Variant::EIGHT_BY_EIGHT;
    fn name(self) -> &'static str {
        Variant::name(self)
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        crate::core::named::display(*self, f)
    }
}

impl std::str::FromStr for Variant {
    type Err = crate::core::named::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::core::named::parse(s)
    }
}

/// A variant travels by its name (the page's saved games and its messages
/// to the AI worker, the arena's JSON).
#[cfg(feature = "serde")]
impl serde::Serialize for Variant {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A build that plays international draughts (feature `international`)
/// reads its name too, as [`Variant::from_any_name`] does; a build
/// without refuses it like any unknown name.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Variant {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        #[cfg(feature = "international")]
        let variant = Variant::from_any_name(&name);
        #[cfg(not(feature = "international"))]
        let variant = name.parse::<Variant>();
        variant.map_err(serde::de::Error::custom)
    }
}

/// One variant's rules, as flags read by the move generator and the game.
///
/// ```
/// use warcaby::{Color, Variant};
///
/// let english = Variant::English.rules();
/// assert_eq!(english.first_to_move, Color::Black);
/// assert!(!english.men_capture_backward && !english.flying_kings);
/// assert_eq!(english.end.no_progress_plies, 80);
///
/// let russian = Variant::Russian.rules();
/// assert!(russian.men_capture_backward && russian.flying_kings);
/// assert_eq!(russian.capture_separator, ':');
///
/// // The default variant is the contest's: men capture backward, short kings.
/// let tournament = Variant::default().rules();
/// assert_eq!(tournament.variant, Variant::Tournament);
/// assert_eq!(tournament.first_to_move, Color::White);
/// assert_eq!(tournament.end.no_progress_plies, 20);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    /// Which variant these rules are.
    pub variant: Variant,
    /// The board it is played on.
    pub board: BoardSize,
    /// The side that makes the first move from the start position.
    pub first_to_move: Color,
    /// Men may capture backward as well as forward.
    pub men_capture_backward: bool,
    /// Kings move and capture any distance along a free diagonal.
    pub flying_kings: bool,
    /// What a man reaching the crowning rank during a capture does.
    pub crowning_in_capture: CrowningInCapture,
    /// The capture that takes the most pieces is mandatory (a king counts
    /// as one piece, like a man); false: any capture sequence may be chosen.
    pub maximum_capture: bool,
    /// When the game ends: the draw rules and the order they are checked in.
    pub end: GameEnd,
    /// How squares are written.
    pub notation: SquareNotation,
    /// Separator written between the squares of a capture (`x` or `:`).
    pub capture_separator: char,
}

/// The default variant's rules.
pub const TOURNAMENT: Rules = Rules {
    variant: Variant::Tournament,
    board: BoardSize::Eight,
    first_to_move: Color::White,
    men_capture_backward: true,
    flying_kings: false,
    crowning_in_capture: CrowningInCapture::ContinuesAsKing,
    maximum_capture: false,
    end: GameEnd::written(20),
    notation: SquareNotation::Numeric,
    capture_separator: 'x',
};

/// The tournament variant as the contest's referee program ends games
/// ([`GameEnd::REFEREE`]); moves are the same as in [`TOURNAMENT`].
pub const TOURNAMENT_CONTEST: Rules = Rules {
    end: GameEnd::REFEREE,
    ..TOURNAMENT
};

/// English / American checkers.
pub const ENGLISH: Rules = Rules {
    variant: Variant::English,
    board: BoardSize::Eight,
    first_to_move: Color::Black,
    men_capture_backward: false,
    flying_kings: false,
    crowning_in_capture: CrowningInCapture::EndsMove,
    maximum_capture: false,
    end: GameEnd::written(80),
    notation: SquareNotation::Numeric,
    capture_separator: 'x',
};

/// Russian draughts.
pub const RUSSIAN: Rules = Rules {
    variant: Variant::Russian,
    board: BoardSize::Eight,
    first_to_move: Color::White,
    men_capture_backward: true,
    flying_kings: true,
    crowning_in_capture: CrowningInCapture::ContinuesAsKing,
    maximum_capture: false,
    end: GameEnd {
        endgames: &RUSSIAN_ENDGAMES,
        ..GameEnd::written(30)
    },
    notation: SquareNotation::Algebraic,
    capture_separator: ':',
};

/// Brazilian draughts: the international (FMJD) rules on the 8x8 board,
/// the start, notation and draw counts of Russian draughts (the Brazilian
/// confederation's counts, as pydraughts plays them).
pub const BRAZILIAN: Rules = Rules {
    variant: Variant::Brazilian,
    crowning_in_capture: CrowningInCapture::ContinuesAsMan,
    maximum_capture: true,
    ..RUSSIAN
};

/// International draughts: the FMJD rules on the 10x10 board — flying
/// kings, men capturing backward, the most pieces must be taken, a man
/// crossing the last row in a capture goes on as a man — numbered squares
/// 1–50, White first, the FMJD draws (25 moves each of kings only without
/// a capture; three pieces with a king against a lone king in 16 moves
/// each, two in 5).
pub const INTERNATIONAL: Rules = Rules {
    variant: Variant::International,
    board: BoardSize::Ten,
    notation: SquareNotation::Numeric,
    capture_separator: 'x',
    end: GameEnd {
        endgames: &INTERNATIONAL_ENDGAMES,
        ..GameEnd::written(50)
    },
    ..BRAZILIAN
};
