//! The checkers board, 8x8 or 10x10: squares, numbers and coordinates,
//! pieces and the marks of a move being entered.

use super::*;
use warcaby::checkers::geometry::{Board10, Board8, Geometry};
use warcaby::checkers::square::SquareOf;
use warcaby::games::{GameRules, SpotPiece};

/// The checkers board's squares: how many files and ranks it has and where
/// each spot (a dark square's index in the engine's geometry) lies. Taken
/// from the engine's geometry of the game's board, so one renderer draws
/// the 8x8 and the 10x10 board alike.
#[derive(Clone, Copy)]
pub struct Squares {
    /// Files (and ranks): 8 or 10.
    pub side: u8,
    /// A spot's 0-based file and rank, if it is a dark square.
    place: fn(u8) -> Option<(u8, u8)>,
    /// The dark square at a 0-based file and rank, as a spot.
    spot: fn(u8, u8) -> Option<u8>,
    /// A spot's number in numeric notation (1-32, 1-50).
    number: fn(u8) -> Option<u8>,
}

impl Squares {
    /// The squares of the board of geometry `G`.
    pub fn of<G: Geometry>() -> Squares {
        Squares {
            side: G::FILES,
            place: |spot| SquareOf::<G>::from_index(spot).map(|sq| (sq.file(), sq.rank())),
            spot: |file, rank| SquareOf::<G>::new(file, rank).map(|sq| sq.index() as u8),
            number: |spot| SquareOf::<G>::from_index(spot).map(SquareOf::number),
        }
    }

    /// The board of a checkers game by `rules`.
    pub fn of_rules(rules: GameRules) -> Squares {
        if rules.is_10x10() {
            Squares::of::<Board10>()
        } else {
            Squares::of::<Board8>()
        }
    }

    /// Every dark square's spot with its file and rank.
    fn all(&self) -> impl Iterator<Item = (u8, (u8, u8))> + '_ {
        (0..self.side).flat_map(move |rank| {
            (0..self.side)
                .filter_map(move |file| (self.spot)(file, rank).map(|spot| (spot, (file, rank))))
        })
    }
}

/// Board geometry and style.
pub struct Board {
    /// Side length in CSS pixels.
    pub size: f64,
    /// The squares: 8x8 or 10x10.
    pub squares: Squares,
    /// Black at the bottom.
    pub flipped: bool,
    /// Show coordinates (a-h, 1-8 on the edges; a-j, 1-10 on 10x10).
    pub coordinates: bool,
    /// Show the dark squares' numbers.
    pub numbers: bool,
    /// The squares' colours.
    pub theme: BoardTheme,
    /// How pieces are drawn.
    pub pieces: PieceSet,
}

impl Pen for Board {
    fn cell(&self) -> f64 {
        self.size / self.side()
    }

    fn pieces(&self) -> PieceSet {
        self.pieces
    }
}

impl Board {
    /// Files (and ranks) as a length in cells.
    fn side(&self) -> f64 {
        f64::from(self.squares.side)
    }

    /// Column and row on screen (0,0 top-left) of a file and rank.
    fn screen_of(&self, (file, rank): (u8, u8)) -> (f64, f64) {
        let last = self.side() - 1.0;
        let (f, r) = (f64::from(file), f64::from(rank));
        if self.flipped {
            (last - f, r)
        } else {
            (f, last - r)
        }
    }

    /// Column and row on screen (0,0 top-left) of a spot, if it is a square.
    fn screen(&self, spot: u8) -> Option<(f64, f64)> {
        (self.squares.place)(spot).map(|place| self.screen_of(place))
    }

    /// Canvas pixels (x, y from the top left) to a spot, if a dark square.
    pub fn square_at(&self, x: f64, y: f64) -> Option<u8> {
        let (col, row) = ((x / self.cell()).floor(), (y / self.cell()).floor());
        let range = 0.0..self.side();
        if !range.contains(&col) || !range.contains(&row) {
            return None;
        }
        let last = self.squares.side - 1;
        let (file, rank) = if self.flipped {
            (last - col as u8, row as u8)
        } else {
            (col as u8, last - row as u8)
        };
        (self.squares.spot)(file, rank)
    }

    /// Centre of a spot (a dark square's index) in board units.
    pub fn centre(&self, spot: u8) -> (f64, f64) {
        self.screen(spot)
            .map_or((0.0, 0.0), |(c, r)| (c + 0.5, r + 0.5))
    }

    /// Draws the whole board.
    fn draw_board(
        &self,
        ctx: &CanvasRenderingContext2d,
        pieces: &[(u8, SpotPiece)],
        marks: &Marks,
        flying: Option<&Flying>,
    ) {
        let c = self.cell();
        let (light, dark_colour) = squares(self.theme);
        let side = self.squares.side;
        for row in 0..side {
            for col in 0..side {
                let dark = (row + col) % 2 == 1;
                ctx.set_fill_style_str(if dark { dark_colour } else { light });
                ctx.fill_rect(f64::from(col) * c, f64::from(row) * c, c, c);
            }
        }
        for &spot in &marks.last_move {
            self.fill_square(ctx, spot, LAST);
        }
        if let Some(spot) = marks.hint {
            self.fill_square(ctx, spot, HINT);
        }
        if let Some(spot) = marks.selected {
            self.fill_square(ctx, spot, SELECTED);
        }
        for &spot in &marks.entered {
            self.fill_square(ctx, spot, ENTERED);
        }
        self.draw_labels(ctx);
        for path in &marks.paths {
            self.draw_path(ctx, marks.selected, path);
        }
        for &(spot, piece) in pieces {
            if flying.is_some_and(|f| f.hides(spot as usize)) {
                continue;
            }
            let (x, y) = self.centre(spot);
            let alpha = if marks.ghosts.contains(&spot) {
                0.35
            } else {
                1.0
            };
            self.draw_piece(ctx, x, y, piece.color, piece.crowned, alpha);
            if marks.must_capture.contains(&spot) {
                self.ring(ctx, spot, MUST, 0.46, 3.0);
            }
        }
        for &spot in &marks.targets {
            if pieces.iter().any(|&(s, _)| s == spot) {
                self.ring(ctx, spot, TARGET, 0.46, 4.0);
            } else {
                let (x, y) = self.centre(spot);
                self.disc(ctx, x, y, 0.14, TARGET);
            }
        }
        for &spot in &marks.crowns {
            let (x, y) = self.centre(spot);
            self.crown(ctx, x, y - 0.3, 0.18, "rgba(255, 200, 0, 0.9)");
        }
        self.arrows(ctx, &marks.arrows);
        if let Some(cursor) = marks.cursor {
            self.cursor(ctx, cursor);
        }
        if let Some(f) = flying {
            self.draw_piece(ctx, f.at.0, f.at.1, f.color, f.king, 1.0);
        }
    }

    /// The square at screen column and row (0,0 top-left), if dark.
    pub fn square_on_screen(&self, col: usize, row: usize) -> Option<u8> {
        let c = self.cell();
        self.square_at((col as f64 + 0.5) * c, (row as f64 + 0.5) * c)
    }

    fn fill_square(&self, ctx: &CanvasRenderingContext2d, spot: u8, style: &str) {
        let Some((col, row)) = self.screen(spot) else {
            return;
        };
        let c = self.cell();
        ctx.set_fill_style_str(style);
        ctx.fill_rect(col * c, row * c, c, c);
    }

    fn ring(&self, ctx: &CanvasRenderingContext2d, spot: u8, style: &str, r: f64, width: f64) {
        let (x, y) = self.centre(spot);
        self.ring_at(ctx, x, y, style, r, width);
    }

    fn draw_path(&self, ctx: &CanvasRenderingContext2d, from: Option<u8>, path: &[u8]) {
        let Some(from) = from else {
            return;
        };
        let c = self.cell();
        ctx.begin_path();
        let (x, y) = self.centre(from);
        ctx.move_to(x * c, y * c);
        for &spot in path {
            let (x, y) = self.centre(spot);
            ctx.line_to(x * c, y * c);
        }
        ctx.set_stroke_style_str(PATH);
        ctx.set_line_width((c * 0.06).max(2.0));
        ctx.stroke();
    }

    /// Square numbers (top left of each dark square) and coordinates
    /// (files along the bottom edge, ranks along the left), as chosen.
    fn draw_labels(&self, ctx: &CanvasRenderingContext2d) {
        let c = self.cell();
        let size = (c * 0.2).round().max(9.0);
        ctx.set_font(&format!("{size}px sans-serif"));
        ctx.set_text_align("left");
        ctx.set_text_baseline("top");
        if self.numbers {
            for (spot, place) in self.squares.all() {
                let (col, row) = self.screen_of(place);
                let at = (col * c + 2.0, row * c + 1.0);
                let number = (self.squares.number)(spot).unwrap_or_default();
                badge_text(ctx, &number.to_string(), size, at, 0.0);
            }
        }
        if self.coordinates {
            let side = self.squares.side;
            for i in 0..side {
                let file = if self.flipped { side - 1 - i } else { i };
                let letter = ((b'a' + file) as char).to_string();
                let corner = ((f64::from(i) + 1.0) * c - 2.0, self.size - size - 3.0);
                badge_text(ctx, &letter, size, corner, 1.0);
            }
            for row in 0..side {
                let rank = if self.flipped { row + 1 } else { side - row };
                // Under a square number, when both are shown.
                let y = row as f64 * c + 1.0 + if self.numbers { size + 3.0 } else { 0.0 };
                badge_text(ctx, &rank.to_string(), size, (2.0, y), 0.0);
            }
        }
    }
}

/// A square's number or a coordinate: white text on a dark badge, whose
/// top corner is at `at`, its left edge there (`align` 0) or its right
/// edge (`align` 1).
fn badge_text(ctx: &CanvasRenderingContext2d, text: &str, size: f64, at: (f64, f64), align: f64) {
    let width = ctx.measure_text(text).map_or(size, |m| m.width()) + 4.0;
    let (x, y) = (at.0 - align * width, at.1);
    ctx.set_fill_style_str(BADGE);
    ctx.fill_rect(x, y, width, size + 2.0);
    let (r, g, b) = NUMBER;
    ctx.set_fill_style_str(&format!("rgb({r}, {g}, {b})"));
    let _ = ctx.fill_text(text, x + 2.0, y + 1.0);
}

impl BoardView for Board {
    fn size(&self) -> f64 {
        self.size
    }
    fn centre(&self, spot: u8) -> (f64, f64) {
        Board::centre(self, spot)
    }
    fn spot_at(&self, x: f64, y: f64) -> Option<u8> {
        self.square_at(x, y)
    }
    fn units(&self, x: f64, y: f64) -> (f64, f64) {
        (x / self.cell(), y / self.cell())
    }
    fn spot_on_screen(&self, col: usize, row: usize) -> Option<u8> {
        self.square_on_screen(col, row)
    }
    fn draw(
        &self,
        ctx: &CanvasRenderingContext2d,
        pieces: &[(u8, SpotPiece)],
        marks: &Marks,
        flying: Option<&Flying>,
    ) {
        self.draw_board(ctx, pieces, marks, flying)
    }
}
