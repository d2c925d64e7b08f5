//! What every game and engine in the crate shares: the two sides, named
//! choices (variants, algorithms, evaluations), a small deterministic random
//! number generator, memory hints for big tables, files written whole and
//! numbered jobs run on a few threads.

pub mod color;
pub mod fs;
pub mod jobs;
pub mod mem;
pub mod named;
pub mod rng;

pub use color::Color;
