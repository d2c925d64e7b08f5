//! One arena game under the match rules, in any game of [`crate::games`]:
//! each bot has its own clock for the whole game; a side with exactly one
//! legal move plays it without being asked; the game ends by its rules (no
//! legal move; in checkers also threefold repetition and the variant's
//! no-progress rule) or when a bot fails (time, crash, illegal, unreadable
//! move or garbage), which loses it that game.

use super::contest::ContestGame;
use super::player::{Fault, FaultKind, GameStart, LastWords, Player, Turn};
use crate::core::named::{named_display_and_parse, Named};
use crate::core::Color;
use crate::games::{AnyGame, AnyOutcome, EndReason};
use std::time::{Duration, Instant};

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum EndKind {
    /// The loser had no pieces left.
    NoPieces,
    /// The loser had no legal move (its pieces were all blocked; in
    /// Clobber, the only way a game ends).
    Blocked,
    /// Draw: the same position for the third time.
    ThreefoldRepetition,
    /// Draw: the variant's limit of plies without a man move or capture.
    NoProgress,
    /// A bot ran out of time.
    Timeout,
    /// A bot crashed (or could not be started).
    Crash,
    /// A bot named an illegal move.
    IllegalMove,
    /// A bot's move could not be read.
    UnreadableMove,
    /// A bot printed something outside the protocol.
    Garbage,
}

impl EndKind {
    /// Every kind.
    pub const ALL: [EndKind; 9] = [
        EndKind::NoPieces,
        EndKind::Blocked,
        EndKind::ThreefoldRepetition,
        EndKind::NoProgress,
        EndKind::Timeout,
        EndKind::Crash,
        EndKind::IllegalMove,
        EndKind::UnreadableMove,
        EndKind::Garbage,
    ];
}

impl Named for EndKind {
    const WHAT: &'static str = "game end";
    const ALL: &'static [EndKind] = &EndKind::ALL;
    fn name(self) -> &'static str {
        match self {
            EndKind::NoPieces => "no_pieces",
            EndKind::Blocked => "blocked",
            EndKind::ThreefoldRepetition => "threefold_repetition",
            EndKind::NoProgress => "no_progress",
            EndKind::Timeout => "timeout",
            EndKind::Crash => "crash",
            EndKind::IllegalMove => "illegal_move",
            EndKind::UnreadableMove => "unreadable_move",
            EndKind::Garbage => "garbage",
        }
    }
}

named_display_and_parse!(EndKind);

impl From<FaultKind> for EndKind {
    fn from(kind: FaultKind) -> EndKind {
        match kind {
            FaultKind::Timeout => EndKind::Timeout,
            FaultKind::Crash => EndKind::Crash,
            FaultKind::IllegalMove => EndKind::IllegalMove,
            FaultKind::UnreadableMove => EndKind::UnreadableMove,
            FaultKind::Garbage => EndKind::Garbage,
        }
    }
}

/// The end of a game: how, in words, and for a fault who failed and what it
/// said last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// How it ended.
    pub kind: EndKind,
    /// In words.
    pub detail: String,
    /// The side that failed (faults only).
    pub by: Option<Color>,
    /// The failing bot's last output (external bots).
    pub last_words: Option<LastWords>,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Played {
    /// The moves (from the opening's start, opening moves included).
    pub game: AnyGame,
    /// The winner, None for a draw.
    pub winner: Option<Color>,
    /// How it ended.
    pub end: End,
    /// Thinking time each side used (white, black).
    pub time_used: [Duration; 2],
    /// Contest mode, a drawn game: the side that used less time, which wins
    /// the draw for the match score.
    pub tiebreak: Option<Color>,
    /// Contest mode: the move time and what the referee recorded per side.
    pub contest: Option<ContestGame>,
}

impl Played {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// The end of a game decided by the rules.
pub(crate) fn rules_end(outcome: AnyOutcome) -> End {
    let kind = match outcome.reason() {
        EndReason::NoPieces => EndKind::NoPieces,
        EndReason::NoMove => EndKind::Blocked,
        EndReason::Repetition => EndKind::ThreefoldRepetition,
        EndReason::DrawRule => EndKind::NoProgress,
    };
    End {
        kind,
        detail: outcome.to_string(),
        by: None,
        last_words: None,
    }
}

fn fault_end(side: Color, fault: Fault) -> End {
    End {
        kind: fault.kind.into(),
        detail: format!("{} lost: {}", side.name(), fault.detail),
        by: Some(side),
        last_words: fault.last_words,
    }
}

/// Plays `game` (a start position, possibly with opening moves) to the end.
/// `players` and `starts` are indexed by colour (white first).
pub fn play(
    mut game: AnyGame,
    mut players: [&mut dyn Player; 2],
    starts: [GameStart; 2],
) -> Played {
    let mut clocks = [starts[0].time, starts[1].time];
    let mut used = [Duration::ZERO; 2];
    let started: Vec<Result<(), Fault>> = players
        .iter_mut()
        .zip(&starts)
        .map(|(p, s)| p.start(s))
        .collect();
    let first = game.played().side_to_move();
    let mut end = None;
    for side in [first, first.opponent()] {
        if let Err(fault) = &started[side.index()] {
            end.get_or_insert_with(|| fault_end(side, fault.clone()));
        }
    }
    let (winner, end) = loop {
        if let Some(end) = end {
            let loser: Color = end.by.unwrap_or(first);
            break (Some(loser.opponent()), end);
        }
        if let Some(outcome) = game.played().outcome() {
            break (outcome.winner(), rules_end(outcome));
        }
        let side = game.played().side_to_move();
        let legal = game.played().legal_moves();
        let i = side.index();
        let choice = if legal.len() == 1 {
            Ok(legal[0].clone())
        } else {
            let turn = Turn {
                game: &game,
                legal: &legal,
                time_left: clocks[i],
                opponent_time_left: clocks[1 - i],
            };
            let (choice, spent) = timed_choice(&mut *players[i], &turn);
            used[i] += spent;
            clocks[i] = clocks[i].saturating_sub(spent);
            choice
        };
        let played = choice.and_then(|mv| {
            game.played_mut()
                .play(&mv)
                .map_err(|e| Fault::new(FaultKind::IllegalMove, e.to_string()))
        });
        if let Err(fault) = played {
            end = Some(fault_end(side, fault));
        }
    };
    let result = match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    };
    for p in players.iter_mut() {
        p.finish(result, end.kind.name());
    }
    Played {
        game,
        winner,
        end,
        time_used: used,
        tiebreak: None,
        contest: None,
    }
}

/// Asks `player` for its move and times it: a move that took longer than
/// the bot's clock had left is a timeout.
fn timed_choice(
    player: &mut dyn Player,
    turn: &Turn<'_>,
) -> (Result<crate::games::SpotMove, Fault>, Duration) {
    let t0 = Instant::now();
    let choice = player.choose(turn);
    let spent = t0.elapsed();
    let choice = match choice {
        Ok(_) if spent > turn.time_left => Err(Fault::new(
            FaultKind::Timeout,
            format!(
                "its move took {:.2} s with {:.2} s left",
                spent.as_secs_f64(),
                turn.time_left.as_secs_f64()
            ),
        )),
        other => other,
    };
    (choice, spent)
}
