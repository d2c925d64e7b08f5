//! The two sides of a two-player game: checkers and Clobber both use them.

/// The two sides. In checkers White starts on ranks 1–3 and moves up the board;
/// in Clobber Black moves first.
///
/// ```
/// use warcaby::Color;
///
/// let me = Color::White;
/// assert_eq!(me.opponent(), Color::Black);
/// assert_eq!(!me, Color::Black); // `!` is the opponent too
/// assert_eq!((me.letter(), me.name()), ('W', "white"));
/// assert_eq!(Color::Black.index(), 1); // for per-side tables
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// Checkers: men on ranks 1–3 at the start, moving towards rank 8.
    White = 0,
    /// Checkers: men on ranks 6–8 at the start, moving towards rank 1.
    /// Clobber: the first player.
    Black = 1,
}

impl Color {
    /// Index 0 (white) or 1 (black), for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `W` or `B`, as in PDN.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// "white" or "black".
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opponent()
    }
}
