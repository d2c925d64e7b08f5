//! The learned evaluation's network at play time: integer weights read from
//! a small file, a sparse first layer over the occupied squares, clipped
//! ReLU activations, i32 arithmetic throughout. No machine-learning library:
//! the same code runs natively and in the browser's worker.
//!
//! File format (little-endian): the magic `WCEVNET1`; `u16` inputs (128
//! for the 8x8 board, 200 for the 10x10 one: a network reads one), first
//! and second hidden layer widths, the number of phase buckets `B` (0 is
//! read as 1: the files written before buckets existed); an `f32` scale
//! (hundredths of a man per unit of network output); then layer 1 weights
//! `i16[inputs][h1]`, biases `i32[h1]`, layer 2 weights `i16[B][h2][h1]`,
//! biases `i32[B][h2]`, output weights `i16[B][h2]`, biases `i32[B]`; last
//! a `u32` FNV-1a checksum of everything before it.
//!
//! Phase buckets: the first layer is shared, and the layers after it come
//! in `B` copies, one for each stage of the game by the number of pieces
//! on the board ([`bucket_of`]), so that an ending is judged by weights of
//! its own at no cost in speed (one copy is used per position).

use super::features::{board_of_inputs, inputs, max_pieces, squares, MoverBoard};
use crate::checkers::rules::BoardSize;

/// The first bytes of a network file.
pub const NET_MAGIC: &[u8; 8] = b"WCEVNET1";
/// Activations and weights are fixed point with this many fraction bits.
pub const SHIFT: u32 = 8;
/// 1.0 in fixed point.
pub const ONE: i32 = 1 << SHIFT;
/// The widest hidden layer a file may have.
pub const MAX_WIDTH: usize = 256;
/// The most phase buckets a file may have.
pub const MAX_BUCKETS: usize = 8;

/// A network's shape: the board it reads, hidden layer widths and phase
/// buckets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The board whose positions it reads (its inputs: [`inputs`]).
    pub board: BoardSize,
    /// First hidden layer width.
    pub h1: usize,
    /// Second hidden layer width.
    pub h2: usize,
    /// Copies of the layers after the first, one per stage of the game.
    pub buckets: usize,
}

impl From<(usize, usize)> for Shape {
    /// Widths with one bucket (a network without phases) on the 8x8 board.
    fn from((h1, h2): (usize, usize)) -> Shape {
        Shape {
            board: BoardSize::Eight,
            h1,
            h2,
            buckets: 1,
        }
    }
}

impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}x{}x1", inputs(self.board), self.h1, self.h2)?;
        if self.buckets > 1 {
            write!(f, "/{} buckets", self.buckets)?;
        }
        Ok(())
    }
}

/// The phase bucket of a position with `pieces` pieces among `buckets` on
/// `board`: equal ranges of 1 to the board's most pieces (24 on 8x8), the
/// fewest pieces in bucket 0.
#[inline]
pub fn bucket_of(pieces: usize, buckets: usize, board: BoardSize) -> usize {
    let most = max_pieces(board);
    ((pieces.clamp(1, most) - 1) * buckets / most).min(buckets - 1)
}

/// Why a network file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetFileError {
    /// The file does not start with [`NET_MAGIC`].
    #[error("not an evaluation network file (bad magic)")]
    Magic,
    /// The file ends before its declared contents.
    #[error("evaluation network file truncated: {0} bytes, expected {1}")]
    Length(usize, usize),
    /// The declared shape is not one this program plays with.
    #[error(
        "evaluation network shape {0}: expected 128 (8x8) or 200 (10x10) inputs and hidden layers of 1-{MAX_WIDTH}"
    )]
    Shape(String),
    /// The checksum does not match: the file was damaged.
    #[error("evaluation network file corrupted (checksum mismatch)")]
    Checksum,
    /// The weights could overflow 32-bit arithmetic or the scale is unusable.
    #[error("evaluation network weights out of range: {0}")]
    Range(String),
}

/// A quantised network: inputs → h1 → h2 → 1, clipped ReLU between, the
/// layers after the first chosen by the position's phase bucket.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantNet {
    board: BoardSize,
    h1: usize,
    h2: usize,
    buckets: usize,
    scale: f32,
    /// `[input][h1]`, so one input's weights are contiguous.
    w1: Vec<i16>,
    b1: Vec<i32>,
    /// `[bucket][h2][h1]`.
    w2: Vec<i16>,
    /// `[bucket][h2]`.
    b2: Vec<i32>,
    /// `[bucket][h2]`.
    w3: Vec<i16>,
    /// `[bucket]`.
    b3: Vec<i32>,
    /// Layer 1 biases in i16, when no position's layer-1 sums can leave
    /// i16 (then the fast pass accumulates in i16: twice the lanes).
    b1_narrow: Option<Vec<i16>>,
}

/// The widths that get a forward pass specialised for them (fixed sizes
/// the compiler vectorises fully): the shipped networks' and a wider first
/// layer's.
const FAST_SHAPES: [(usize, usize); 2] = [(64, 32), (128, 32)];

/// Sum of products of two equally long i16 slices, in i32.
#[inline]
fn dot_i16(a: &[i16], b: &[i16]) -> i32 {
    a.iter().zip(b).map(|(&x, &y)| x as i32 * y as i32).sum()
}

/// FNV-1a, 32 bits.
pub fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    })
}

/// A little-endian reader over a byte slice whose length was checked.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        out.copy_from_slice(&self.bytes[self.at..self.at + N]);
        self.at += N;
        out
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes(self.take())
    }
    fn i16s(&mut self, n: usize) -> Vec<i16> {
        (0..n).map(|_| i16::from_le_bytes(self.take())).collect()
    }
    fn i32s(&mut self, n: usize) -> Vec<i32> {
        (0..n).map(|_| i32::from_le_bytes(self.take())).collect()
    }
}

const HEADER: usize = 8 + 4 * 2 + 4;

/// Bytes of a file for the given shape.
pub fn file_len(shape: impl Into<Shape>) -> usize {
    let Shape {
        board,
        h1,
        h2,
        buckets,
    } = shape.into();
    HEADER + 2 * inputs(board) * h1 + 4 * h1 + buckets * (2 * h2 * h1 + 4 * h2 + 2 * h2 + 4) + 4
}

impl QuantNet {
    /// Reads and checks a network file.
    pub fn parse(bytes: &[u8]) -> Result<QuantNet, NetFileError> {
        if bytes.len() < HEADER {
            return Err(if bytes.starts_with(NET_MAGIC) || bytes.len() < 8 {
                NetFileError::Length(bytes.len(), HEADER)
            } else {
                NetFileError::Magic
            });
        }
        if !bytes.starts_with(NET_MAGIC) {
            return Err(NetFileError::Magic);
        }
        let mut r = Reader { bytes, at: 8 };
        let (inputs_given, h1, h2) = (r.u16(), r.u16() as usize, r.u16() as usize);
        let buckets = (r.u16() as usize).max(1);
        let width_ok = |w: usize| (1..=MAX_WIDTH).contains(&w);
        let board = board_of_inputs(inputs_given as usize);
        let Some(board) = board.filter(|_| width_ok(h1) && width_ok(h2) && buckets <= MAX_BUCKETS)
        else {
            return Err(NetFileError::Shape(format!(
                "{inputs_given}x{h1}x{h2}, {buckets} buckets"
            )));
        };
        let shape = Shape {
            board,
            h1,
            h2,
            buckets,
        };
        let expected = file_len(shape);
        if bytes.len() != expected {
            return Err(NetFileError::Length(bytes.len(), expected));
        }
        let (body, sum) = bytes.split_at(expected - 4);
        if checksum(body) != u32::from_le_bytes([sum[0], sum[1], sum[2], sum[3]]) {
            return Err(NetFileError::Checksum);
        }
        let scale = f32::from_le_bytes(r.take());
        let mut net = QuantNet {
            board,
            h1,
            h2,
            buckets,
            scale,
            w1: r.i16s(inputs(board) * h1),
            b1: r.i32s(h1),
            w2: r.i16s(buckets * h2 * h1),
            b2: r.i32s(buckets * h2),
            w3: r.i16s(buckets * h2),
            b3: r.i32s(buckets),
            b1_narrow: None,
        };
        net.check_range()?;
        net.b1_narrow = net.narrow_biases();
        Ok(net)
    }

    /// Refuses weights whose sums could leave i32 (so inference never
    /// overflows) and a scale that is not a positive finite number.
    fn check_range(&self) -> Result<(), NetFileError> {
        if !(self.scale.is_finite() && self.scale > 0.0 && self.scale < 10_000.0) {
            return Err(NetFileError::Range(format!("scale {}", self.scale)));
        }
        let bound = |weights: &[i16], bias: i32| -> i64 {
            weights.iter().map(|&w| (w as i64).abs()).sum::<i64>() * ONE as i64
                + (bias as i64).abs()
        };
        let layer2 = self
            .w2
            .chunks_exact(self.h1)
            .zip(&self.b2)
            .map(|(w, &b)| bound(w, b));
        let output = self
            .w3
            .chunks_exact(self.h2)
            .zip(&self.b3)
            .map(|(w, &b)| bound(w, b));
        let worst = layer2.chain(output).max().unwrap_or(0);
        // Layer 1 sums one i16 weight per piece and an i32 bias: check the bias.
        let bias1 = self.b1.iter().map(|&b| (b as i64).abs()).max().unwrap_or(0);
        if worst >= i32::MAX as i64 || bias1 >= (i32::MAX / 2) as i64 {
            return Err(NetFileError::Range(format!("sum bound {worst}")));
        }
        Ok(())
    }

    /// Layer 1 biases as i16 when, for every neuron, the bias plus its
    /// largest weights (in magnitude), as many as the board has pieces at
    /// most (one active input each), fit i16: then no sum of layer 1
    /// leaves i16, whatever the position.
    fn narrow_biases(&self) -> Option<Vec<i16>> {
        let fits = (0..self.h1).all(|j| {
            let mut weights: Vec<i64> = (0..inputs(self.board))
                .map(|i| (self.w1[i * self.h1 + j] as i64).abs())
                .collect();
            weights.sort_unstable_by(|a, b| b.cmp(a));
            let active = max_pieces(self.board);
            let worst = (self.b1[j] as i64).abs() + weights[..active].iter().sum::<i64>();
            worst <= i16::MAX as i64
        });
        fits.then(|| self.b1.iter().map(|&b| b as i16).collect())
    }

    /// Whether [`Self::forward`] takes the specialised pass.
    pub(super) fn is_fast(&self) -> bool {
        self.b1_narrow.is_some() && FAST_SHAPES.contains(&(self.h1, self.h2))
    }

    /// The first hidden layer's width.
    pub fn h1(&self) -> usize {
        self.h1
    }

    /// The second hidden layer's width.
    pub fn h2(&self) -> usize {
        self.h2
    }

    /// The board whose positions the network reads.
    pub fn board(&self) -> BoardSize {
        self.board
    }

    /// The network's shape.
    pub fn shape(&self) -> Shape {
        Shape {
            board: self.board,
            h1: self.h1,
            h2: self.h2,
            buckets: self.buckets,
        }
    }

    /// The layers after the first for `board`'s phase: layer 2 weights and
    /// biases, output weights and bias.
    #[inline]
    fn phase_layers(&self, board: &MoverBoard) -> (&[i16], &[i32], &[i16], i32) {
        let b = bucket_of(board.piece_count() as usize, self.buckets, self.board);
        let (h1, h2) = (self.h1, self.h2);
        (
            &self.w2[b * h2 * h1..(b + 1) * h2 * h1],
            &self.b2[b * h2..(b + 1) * h2],
            &self.w3[b * h2..(b + 1) * h2],
            self.b3[b],
        )
    }

    /// The network's raw output in fixed point (`ONE * ONE` per unit).
    #[inline]
    pub fn forward(&self, board: &MoverBoard) -> i32 {
        match &self.b1_narrow {
            Some(b1) if self.is_fast() => self.forward_fast(b1, board),
            _ => self.forward_any(board),
        }
    }

    /// The specialised pass for this network's widths (one of
    /// [`FAST_SHAPES`]).
    #[inline]
    fn forward_fast(&self, b1: &[i16], board: &MoverBoard) -> i32 {
        match self.h1 {
            64 => self.forward_sized::<64, 32>(b1, board),
            _ => self.forward_sized::<128, 32>(b1, board),
        }
    }

    /// [`Self::forward_fixed`] with AVX2 where the processor has it
    /// (checked once, at run time: the same binary runs everywhere).
    #[inline]
    fn forward_sized<const H1: usize, const H2: usize>(
        &self,
        b1: &[i16],
        board: &MoverBoard,
    ) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor was just checked to support AVX2, the
            // only requirement of `forward_fixed_avx2`.
            return unsafe { self.forward_fixed_avx2::<H1, H2>(b1, board) };
        }
        self.forward_fixed::<H1, H2>(b1, board)
    }

    /// [`Self::forward_fixed`]'s result from [`super::avx2::forward`]
    /// (layer 2 written with intrinsics: the compiler's own code for it
    /// was most of the pass).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn forward_fixed_avx2<const H1: usize, const H2: usize>(
        &self,
        b1: &[i16],
        board: &MoverBoard,
    ) -> i32 {
        const { assert!(H1.is_multiple_of(16) && H1 <= 128 && H2.is_multiple_of(8)) };
        let (w2, b2, w3, b3) = self.phase_layers(board);
        // SAFETY: AVX2 is this function's own feature; the widths were
        // asserted above, `phase_layers` gives one bucket's `[H2][H1]`
        // rows, H2 biases and weights, and `b1` is narrow (the caller's
        // check), so layer 1 stays in i16.
        unsafe {
            super::avx2::forward(board, squares(self.board), H1, b1, &self.w1, w2, b2, w3, b3)
        }
    }

    /// The forward pass for widths known at compile time, layer 1 summed
    /// in i16 (the caller checked that no sum leaves i16). Same integer
    /// arithmetic as [`Self::forward_any`], so the same result.
    #[inline(always)]
    fn forward_fixed<const H1: usize, const H2: usize>(
        &self,
        b1: &[i16],
        board: &MoverBoard,
    ) -> i32 {
        let mut acc: [i16; H1] = b1.try_into().expect("h1 biases");
        board.for_each_input(squares(self.board), |i| {
            let w: &[i16; H1] = self.w1[i * H1..(i + 1) * H1]
                .try_into()
                .expect("h1 weights");
            for (a, &w) in acc.iter_mut().zip(w) {
                *a = a.wrapping_add(w);
            }
        });
        let hidden: [i16; H1] = acc.map(|a| a.clamp(0, ONE as i16));
        let (rows, b2s, w3s, mut out) = self.phase_layers(board);
        let rows: &[i16] = &rows[..H1 * H2];
        for ((row, &b2), &w3) in rows.chunks_exact(H1).zip(b2s).zip(w3s) {
            let row: &[i16; H1] = row.try_into().expect("h1 row");
            let dot: i32 = row
                .iter()
                .zip(&hidden)
                .map(|(&x, &y)| x as i32 * y as i32)
                .sum();
            out += w3 as i32 * ((dot + b2) >> SHIFT).clamp(0, ONE);
        }
        out
    }

    /// The forward pass for any widths, layer 1 summed in i32.
    pub(super) fn forward_any(&self, board: &MoverBoard) -> i32 {
        let mut acc = [0i32; MAX_WIDTH];
        let acc = &mut acc[..self.h1];
        acc.copy_from_slice(&self.b1);
        board.for_each_input(squares(self.board), |i| {
            let w = &self.w1[i * self.h1..(i + 1) * self.h1];
            for (a, &w) in acc.iter_mut().zip(w) {
                *a += w as i32;
            }
        });
        // Activations fit i16 (0..=ONE): the products below are i16 x i16,
        // which the compiler turns into multiply-add instructions.
        let mut hidden = [0i16; MAX_WIDTH];
        let hidden = &mut hidden[..self.h1];
        for (h, &a) in hidden.iter_mut().zip(acc.iter()) {
            *h = a.clamp(0, ONE) as i16;
        }
        let (w2s, b2s, w3s, mut out) = self.phase_layers(board);
        for ((w2, &b2), &w3) in w2s.chunks_exact(self.h1).zip(b2s).zip(w3s) {
            let dot = dot_i16(w2, hidden);
            let h = ((dot + b2) >> SHIFT).clamp(0, ONE);
            out += w3 as i32 * h;
        }
        out
    }

    /// The evaluation in hundredths of a man, for the side to move, of a
    /// board of the network's own ([`QuantNet::board`]; the caller's to
    /// check: [`super::EvalNet`] keeps each network to its board).
    pub fn evaluate(&self, board: &MoverBoard) -> i32 {
        let units = self.forward(board) as f32 / (ONE * ONE) as f32;
        (units * self.scale).round() as i32
    }

    /// The output scale (hundredths of a man per unit).
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The weights as floats in [`quantise`]'s layout (`w1` as `[h1][inputs]`),
    /// so training can go on from a network file: `quantise` of them gives
    /// the file back.
    pub fn float_layers(&self) -> [Vec<f32>; 6] {
        let one = ONE as f32;
        let n = inputs(self.board);
        let w1 = (0..self.h1 * n)
            .map(|k| self.w1[(k % n) * self.h1 + k / n] as f32 / one)
            .collect();
        let per = |v: &[i16]| v.iter().map(|&w| w as f32 / one).collect();
        let bias = |v: &[i32], unit: f32| v.iter().map(|&b| b as f32 / unit).collect();
        [
            w1,
            bias(&self.b1, one),
            per(&self.w2),
            bias(&self.b2, one * one),
            per(&self.w3),
            bias(&self.b3, one * one),
        ]
    }
}

/// Writes a network file from float weights (the training side's layout:
/// `w1[h1][inputs]` as torch-style `[out][in]`), rounding to fixed point.
/// Fails when a weight does not fit.
pub fn quantise(
    shape: impl Into<Shape>,
    scale: f32,
    layers: [&[f32]; 6],
) -> Result<Vec<u8>, NetFileError> {
    let shape = shape.into();
    let Shape {
        board,
        h1,
        h2,
        buckets,
    } = shape;
    let n = inputs(board);
    let [w1, b1, w2, b2, w3, b3] = layers;
    let k = buckets;
    let lens = [n * h1, h1, k * h2 * h1, k * h2, k * h2, k];
    if layers.iter().zip(lens).any(|(l, n)| l.len() != n) {
        return Err(NetFileError::Shape(format!("{shape} (layer sizes)")));
    }
    let q16 = |x: f32| -> Result<i16, NetFileError> {
        let v = (x * ONE as f32).round();
        if v.abs() > i16::MAX as f32 {
            return Err(NetFileError::Range(format!("weight {x}")));
        }
        Ok(v as i16)
    };
    let q32 = |x: f32, unit: f32| (x * unit).round() as i32;
    let mut out = Vec::with_capacity(file_len(shape));
    out.extend_from_slice(NET_MAGIC);
    // One bucket is written as 0, as before buckets existed: the same file.
    let stored_buckets = if buckets == 1 { 0 } else { buckets as u16 };
    for v in [n as u16, h1 as u16, h2 as u16, stored_buckets] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&scale.to_le_bytes());
    for i in 0..n {
        for j in 0..h1 {
            out.extend_from_slice(&q16(w1[j * n + i])?.to_le_bytes());
        }
    }
    let one = ONE as f32;
    b1.iter()
        .for_each(|&b| out.extend_from_slice(&q32(b, one).to_le_bytes()));
    for &w in w2 {
        out.extend_from_slice(&q16(w)?.to_le_bytes());
    }
    b2.iter()
        .for_each(|&b| out.extend_from_slice(&q32(b, one * one).to_le_bytes()));
    for &w in w3 {
        out.extend_from_slice(&q16(w)?.to_le_bytes());
    }
    b3.iter()
        .for_each(|&b| out.extend_from_slice(&q32(b, one * one).to_le_bytes()));
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    QuantNet::parse(&out)?;
    Ok(out)
}
