//! The checkers board: squares, numbers and coordinates, pieces and the
//! marks of a move being entered.

use super::*;
use warcaby::games::SpotPiece;
use warcaby::Square;

/// Board geometry and style.
pub struct Board {
    /// Side length in CSS pixels.
    pub size: f64,
    /// Black at the bottom.
    pub flipped: bool,
    /// Show coordinates (a-h, 1-8 on the edges).
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
        self.size / 8.0
    }

    fn pieces(&self) -> PieceSet {
        self.pieces
    }
}

impl Board {
    /// Column and row on screen (0,0 top-left) of a square.
    pub fn screen(&self, sq: Square) -> (f64, f64) {
        let (f, r) = (sq.file() as f64, sq.rank() as f64);
        if self.flipped {
            (7.0 - f, r)
        } else {
            (f, 7.0 - r)
        }
    }

    /// Board coordinates (0..8 each, y down) to a square, if dark.
    pub fn square_at(&self, x: f64, y: f64) -> Option<Square> {
        let (col, row) = ((x / self.cell()).floor(), (y / self.cell()).floor());
        if !(0.0..8.0).contains(&col) || !(0.0..8.0).contains(&row) {
            return None;
        }
        let (file, rank) = if self.flipped {
            (7 - col as u8, row as u8)
        } else {
            (col as u8, 7 - row as u8)
        };
        Square::new(file, rank)
    }

    /// Centre of a spot (a dark square's index) in board units.
    pub fn centre(&self, spot: u8) -> (f64, f64) {
        Square::from_index(spot).map_or((0.0, 0.0), |sq| {
            let (c, r) = self.screen(sq);
            (c + 0.5, r + 0.5)
        })
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
        for row in 0..8 {
            for col in 0..8 {
                let dark = (row + col) % 2 == 1;
                ctx.set_fill_style_str(if dark { dark_colour } else { light });
                ctx.fill_rect(col as f64 * c, row as f64 * c, c, c);
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
    pub fn square_on_screen(&self, col: usize, row: usize) -> Option<Square> {
        let c = self.cell();
        self.square_at((col as f64 + 0.5) * c, (row as f64 + 0.5) * c)
    }

    fn fill_square(&self, ctx: &CanvasRenderingContext2d, spot: u8, style: &str) {
        let Some(sq) = Square::from_index(spot) else {
            return;
        };
        let (col, row) = self.screen(sq);
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
            for sq in Square::all() {
                let (col, row) = self.screen(sq);
                let at = (col * c + 2.0, row * c + 1.0);
                badge_text(ctx, &sq.number().to_string(), size, at, 0.0);
            }
        }
        if self.coordinates {
            for i in 0..8u8 {
                let file = if self.flipped { 7 - i } else { i };
                let letter = ((b'a' + file) as char).to_string();
                let corner = ((i as f64 + 1.0) * c - 2.0, 8.0 * c - size - 3.0);
                badge_text(ctx, &letter, size, corner, 1.0);
            }
            for row in 0..8u8 {
                let rank = if self.flipped { row + 1 } else { 8 - row };
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
        self.square_at(x, y).map(|sq| sq.index() as u8)
    }
    fn units(&self, x: f64, y: f64) -> (f64, f64) {
        (x / self.cell(), y / self.cell())
    }
    fn spot_on_screen(&self, col: usize, row: usize) -> Option<u8> {
        self.square_on_screen(col, row).map(|sq| sq.index() as u8)
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
