//! Move animation, the same for both games: a piece slides from its spot
//! along its landing spots, one hop at a time, and the pieces it takes go
//! once it has passed them. A spot is a checkers square's index or a
//! Clobber cell; the board that draws the frame says where a spot is.

use super::render::Flying;
use warcaby::games::{PlayedGame, SpotMove};
use warcaby::Color;

/// How long one hop takes, in milliseconds.
pub const HOP_MS: f64 = 180.0;

/// A move being animated, in game-neutral terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Animation {
    /// The game's ply count before the move: the board shows that position
    /// under the moving piece.
    pub ply: usize,
    /// The spot the piece leaves.
    from: u8,
    /// Where it lands, hop by hop.
    hops: Vec<u8>,
    /// For each hop, the spots (one bit each) whose piece is gone once the
    /// piece has made that hop.
    taken: Vec<u128>,
    /// The moving piece's colour.
    color: Color,
    /// The moving piece is a king (it is drawn crowned only if it was one).
    king: bool,
    /// When it started (the page's clock, ms).
    start_ms: f64,
}

impl Animation {
    /// `mv` of `before` (the game before it), played at its ply count;
    /// None if no piece stands on the move's start.
    pub fn of(before: &dyn PlayedGame, mv: &SpotMove, start_ms: f64) -> Option<Animation> {
        let piece = before.piece(mv.from())?;
        Some(Animation {
            ply: before.ply_count(),
            from: mv.from(),
            hops: mv.landings().to_vec(),
            taken: mv
                .taken_by_hop()
                .iter()
                .map(|spots| spots.iter().fold(0, |bits, &s| bits | bit(s)))
                .collect(),
            color: piece.color,
            king: piece.crowned,
            start_ms,
        })
    }

    /// How long the whole move takes, in milliseconds.
    pub fn duration_ms(&self) -> f64 {
        self.hops.len() as f64 * HOP_MS
    }

    /// Milliseconds left at `now` (0 once it is over).
    pub fn left_ms(&self, now: f64) -> f64 {
        (self.start_ms + self.duration_ms() - now).max(0.0)
    }

    /// The piece in flight at `now`, with `centre` giving a spot's centre
    /// in board units; None once the animation is over.
    pub fn flying(&self, now: f64, centre: impl Fn(u8) -> (f64, f64)) -> Option<Flying> {
        let t = ((now - self.start_ms) / HOP_MS).max(0.0);
        let hop = t.floor() as usize;
        let to = *self.hops.get(hop)?;
        let from = hop.checked_sub(1).map_or(self.from, |h| self.hops[h]);
        let (a, b) = (centre(from), centre(to));
        let frac = t - hop as f64;
        Some(Flying {
            from: self.from,
            at: (a.0 + (b.0 - a.0) * frac, a.1 + (b.1 - a.1) * frac),
            color: self.color,
            king: self.king,
            gone: self.taken[..hop].iter().fold(0, |all, bits| all | bits),
        })
    }
}

/// A spot's bit in a set of spots.
pub fn bit(spot: u8) -> u128 {
    1u128 << spot
}

#[cfg(test)]
mod tests {
    use super::*;
    use warcaby::clobber::{ClobberGame, ClobberPosition};
    use warcaby::{Game, Position, Variant};

    /// Spot `s` at (s, 0): easy to check positions along a path.
    fn line(s: u8) -> (f64, f64) {
        (s as f64, 0.0)
    }

    #[test]
    fn a_clobber_move_slides_once_and_keeps_the_captured_stone() {
        let pos = ClobberPosition::parse("WBWB/BWBW/WBWB/BWBW:B").unwrap();
        let game = ClobberGame::from_position(pos);
        let mv = PlayedGame::parse_move(&game, "a1-a2").unwrap();
        let anim = Animation::of(&game, &mv, 1000.0).unwrap();
        assert_eq!(anim.duration_ms(), HOP_MS);
        let start = anim.flying(1000.0, line).unwrap();
        assert_eq!(
            (start.from, start.at, start.color),
            (mv.from(), line(mv.from()), Color::Black)
        );
        let half = anim.flying(1000.0 + HOP_MS / 2.0, line).unwrap();
        let mid = (mv.from() as f64 + mv.to() as f64) / 2.0;
        assert!((half.at.0 - mid).abs() < 1e-9, "{:?}", half.at);
        assert_eq!(
            half.gone, 0,
            "the captured stone stays until the stone lands"
        );
        assert!(anim.flying(1000.0 + HOP_MS, line).is_none());
        assert_eq!(anim.left_ms(1000.0 + HOP_MS / 4.0), HOP_MS * 0.75);
        assert_eq!(anim.left_ms(5000.0), 0.0);
    }

    #[test]
    fn a_checkers_chain_hops_and_drops_each_captured_piece_once_passed() {
        // The man on c3 (22) jumps to e5 then g7 (22x8), taking 18 and 11.
        let pos = Position::from_fen("W:W22,30:B1,9,10,11,18", Variant::Tournament).unwrap();
        let game = Game::from_position(pos);
        let mv = PlayedGame::parse_move(&game, "22x8").unwrap();
        assert_eq!(mv.landings().len(), 2, "a two-jump chain");
        let anim = Animation::of(&game, &mv, 0.0).unwrap();
        assert_eq!(anim.ply, 0);
        assert_eq!(anim.duration_ms(), 2.0 * HOP_MS);
        let first = anim.flying(HOP_MS / 2.0, line).unwrap();
        assert_eq!(first.gone, 0, "nothing is gone during the first jump");
        let second = anim.flying(HOP_MS * 1.5, line).unwrap();
        assert_eq!(
            second.gone.count_ones(),
            1,
            "the first captured piece is gone"
        );
        assert_eq!(second.gone, bit(mv.taken_by_hop()[0][0]));
        let mid = (mv.landings()[0] as f64 + mv.landings()[1] as f64) / 2.0;
        assert!((second.at.0 - mid).abs() < 1e-9);
        assert!(!second.king);
        assert!(anim.flying(HOP_MS * 2.0, line).is_none());
        // A move whose piece is missing is not animated.
        let empty = Position::from_fen("W:W30:B1", Variant::Tournament).unwrap();
        assert!(Animation::of(&Game::from_position(empty), &mv, 0.0).is_none());
    }
}
