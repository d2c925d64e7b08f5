//! What contest mode asks of a bot beyond a plain [`Player`]: an answer to
//! one question of the referee within its limit (a step for bots asked hop
//! by hop, else a whole move), whether its process is alive, and the
//! referee's time benchmark in its interpreter. The contest is a checkers
//! contest, so its questions are about checkers games and moves.

use super::player::{Fault, FaultKind, Player, Turn};
use crate::checkers::game::Game;
use crate::checkers::moves::Move;
use crate::checkers::referee::{Hops, Step};
use crate::core::named::{named_display_and_parse, Named};
use crate::games::AnyGame;
use std::time::Duration;

/// Why the referee played a random step or move for a bot (contest mode).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum SubstitutionReason {
    /// Slower than twice the move time (the referee abandons the bot's thread).
    Timeout,
    /// Slower than the move time with no time flag left.
    Slow,
    /// An answer that is not one of the legal steps or moves.
    NotLegal,
    /// An exception inside the bot's `move`.
    Exception,
    /// Output that is not part of the protocol, or an unreadable move.
    Garbage,
    /// The bot's process died or could not be started; it is started again
    /// for its next move.
    Died,
}

impl SubstitutionReason {
    /// Every reason.
    pub const ALL: [SubstitutionReason; 6] = [
        SubstitutionReason::Timeout,
        SubstitutionReason::Slow,
        SubstitutionReason::NotLegal,
        SubstitutionReason::Exception,
        SubstitutionReason::Garbage,
        SubstitutionReason::Died,
    ];
}

impl Named for SubstitutionReason {
    const WHAT: &'static str = "substitution reason";
    const ALL: &'static [SubstitutionReason] = &SubstitutionReason::ALL;
    fn name(self) -> &'static str {
        match self {
            SubstitutionReason::Timeout => "timeout",
            SubstitutionReason::Slow => "slow_no_flags",
            SubstitutionReason::NotLegal => "not_legal",
            SubstitutionReason::Exception => "exception",
            SubstitutionReason::Garbage => "garbage",
            SubstitutionReason::Died => "died",
        }
    }
}

named_display_and_parse!(SubstitutionReason);

impl From<FaultKind> for SubstitutionReason {
    fn from(kind: FaultKind) -> SubstitutionReason {
        match kind {
            FaultKind::Timeout => SubstitutionReason::Timeout,
            FaultKind::Crash => SubstitutionReason::Died,
            FaultKind::IllegalMove => SubstitutionReason::NotLegal,
            FaultKind::UnreadableMove | FaultKind::Garbage => SubstitutionReason::Garbage,
        }
    }
}

/// A bot's answer to one question of the referee (contest mode), before the
/// referee judges its time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// What the bot chose, or why it gave nothing usable.
    pub choice: Result<Choice, (SubstitutionReason, String)>,
    /// The time the bot's side measured (the Python adapter times `move`
    /// itself, as the referee does); None: the referee's own measurement.
    pub elapsed: Option<Duration>,
}

/// A usable answer: one step (hop-by-hop bots) or a whole move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The next step of the move.
    Step(Step),
    /// The whole move.
    Move(Move),
}

/// One question of the contest's referee.
#[derive(Clone, Copy)]
pub struct ContestTurn<'a> {
    /// The game so far, under the contest's rules (the bot is to move).
    pub game: &'a Game,
    /// The legal moves.
    pub legal: &'a [Move],
    /// The move under way: the steps taken so far and those to choose from.
    pub hops: &'a Hops,
    /// How long the bot may take (twice the move time).
    pub limit: Duration,
}

/// A bot as contest mode referees it: see the module's documentation.
pub trait ContestPlayer: Player {
    /// Answers one question within `turn.limit`. Bots that are
    /// [`ContestPlayer::hop_by_hop`] are asked at every step of `turn.hops`
    /// with a choice; the others once, at the start of the move, for the
    /// whole move (by default through [`Player::choose`] with the limit as
    /// the time left).
    fn decide(&mut self, turn: &ContestTurn<'_>) -> Answer {
        Answer {
            choice: whole_move(self, turn).map(Choice::Move),
            elapsed: None,
        }
    }
    /// True for bots asked step by step (the Python adapter).
    fn hop_by_hop(&self) -> bool {
        false
    }
    /// False once the bot's process is gone (contest mode starts it again).
    fn alive(&self) -> bool {
        true
    }
    /// The referee's time benchmark run by this bot's interpreter (Python
    /// bots); None for bots without one.
    fn benchmark(&mut self) -> Option<Result<Duration, Fault>> {
        None
    }
}

/// The whole move `player` chooses for `turn`, asked as the game loop asks
/// ([`Player::choose`], with the referee's limit as both clocks).
fn whole_move<P: Player + ?Sized>(
    player: &mut P,
    turn: &ContestTurn<'_>,
) -> Result<Move, (SubstitutionReason, String)> {
    let game = AnyGame::from(turn.game.clone());
    // The same moves in the same order: both lists are the game's own.
    let spots = game.played().legal_moves();
    let asked = Turn {
        game: &game,
        legal: &spots,
        time_left: turn.limit,
        opponent_time_left: turn.limit,
    };
    let chosen = player
        .choose(&asked)
        .map_err(|f| (f.kind.into(), f.detail))?;
    spots
        .iter()
        .position(|m| *m == chosen)
        .and_then(|i| turn.legal.get(i).copied())
        .ok_or_else(|| {
            let text = chosen.text().to_string();
            (
                SubstitutionReason::NotLegal,
                format!("{text} is not a legal move here"),
            )
        })
}
