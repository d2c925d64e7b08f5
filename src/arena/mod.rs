//! The arena: bot tournaments under the tournament framework's match rules.
//!
//! The arena plays any game of [`crate::games`]: checkers in a variant, or
//! Clobber on a board (`warcaby arena --game clobber --rows R --cols C`).
//! Contest mode and Python bots are the contest's, so checkers only.
//!
//! * [`spec`] — bot spec strings (`negascout:time=200`, `random`,
//!   `exec:<command>`, `python:<file.py>`, a path to an executable).
//! * [`player`] — what a bot is asked, how it can fail, the built-in bots.
//! * [`contest_player`] — what contest mode asks of a bot besides.
//! * [`process`] and [`sandbox`] — a bot's process, with a memory limit
//!   and no network, spoken to line by line.
//! * [`external`] — bots speaking the line protocol of `bot-protocol.md`.
//! * [`python`] — contest bots in Python (`class bot`), run unchanged
//!   through the adapter, step by step as the referee asks.
//! * [`play`] — one game: clocks, the single-move rule, faults.
//! * [`contest`] — one game refereed as the contest's program does it
//!   (move time from a benchmark, time flags, random replacements).
//! * [`overtime`] — the overtime start position (men or stones removed at
//!   random).
//! * [`openings`] — `--openings` files.
//! * [`tournament`] — the round robin on parallel game threads, with
//!   `jobs` (one game: its players, play and record), `pairs` (a pair's
//!   score, tie-break and overtime), `schedule` (the games still to play)
//!   and `round` (finished games filed, kept and reported).
//! * [`elo`] — Elo estimates with error margins; [`sprt`] — the sequential
//!   test that accepts or rejects an engine change (`bench sprt`).
//! * [`results`] — `results.json`, the standings, PDN files (checkers)
//!   and record files (Clobber).
//! * [`folder`] — the output folder as the tournament's state: its
//!   settings and every finished game, kept so that `--resume` goes on
//!   after a kill.
//! * [`report`] — progress lines, standings and Elo text.
//! * [`html`] — `report.html`: standings with Elo bars, crosstable,
//!   faults and every game, one self-contained page.
//!
//! It starts processes, so it is built only for native targets with the
//! `arena` feature (part of `cli`; the Python package uses it alone).

pub mod contest;
pub mod contest_player;
pub mod elo;
pub mod external;
pub mod folder;
pub mod html;
mod jobs;
pub mod openings;
pub mod overtime;
mod pairs;
pub mod play;
pub mod player;
pub mod process;
pub mod python;
pub mod report;
pub mod results;
mod round;
pub mod sandbox;
mod schedule;
pub mod spec;
mod spec_rules;
pub mod sprt;
pub mod tournament;

pub use results::Results;
pub use spec::BotSpec;
pub use tournament::{run, ArenaError, Config, Entrant, Event};
