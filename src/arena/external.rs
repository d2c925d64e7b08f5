//! External bots: a process per game that speaks the line protocol of
//! `bot-protocol.md` on stdin/stdout, asked for whole moves.

use super::player::{Fault, FaultKind, GameStart, Player, Turn};
use super::process::{cut, Launch, Process};
use crate::checkers::moves::Move;
use crate::checkers::notation::{self, MoveTextError};
use std::time::Instant;

/// An external bot (see the module documentation).
pub struct ExternalBot {
    process: Process,
}

impl ExternalBot {
    /// A bot that will be started as `launch` for each game.
    pub fn new(launch: Launch) -> ExternalBot {
        ExternalBot {
            process: Process::new(launch),
        }
    }

    /// The legal move `text` names, or the fault of naming none.
    fn read_move(&mut self, turn: &Turn<'_>, text: &str) -> Result<Move, Fault> {
        match turn.game.position().parse_move(text) {
            Ok(mv) if turn.legal.contains(&mv) => Ok(mv),
            Ok(mv) => Err(self.process.fail(Fault::new(
                FaultKind::IllegalMove,
                format!("{text} ({mv:?}) is not a legal move here"),
            ))),
            Err(e) => {
                let kind = match e {
                    MoveTextError::Illegal { .. } | MoveTextError::Ambiguous { .. } => {
                        FaultKind::IllegalMove
                    }
                    MoveTextError::Malformed { .. } | MoveTextError::Square { .. } => {
                        FaultKind::UnreadableMove
                    }
                };
                Err(self
                    .process
                    .fail(Fault::new(kind, cut(&e.to_string(), 300))))
            }
        }
    }
}

impl Player for ExternalBot {
    fn start(&mut self, start: &GameStart) -> Result<(), Fault> {
        self.process.start(start.handshake)?;
        self.process.send(&format!(
            "newgame variant={} color={} time={} seed={}\n",
            start.variant,
            start.color.name(),
            start.time.as_millis(),
            start.seed
        ))
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<Move, Fault> {
        let pos = turn.game.position();
        let rules = pos.rules();
        let moves: Vec<String> = turn
            .legal
            .iter()
            .map(|m| notation::full_text(m, rules))
            .collect();
        let message = format!(
            "pos fen={} quiet={} moves={}\ngo time={} otime={}\n",
            pos.to_fen(),
            turn.game.quiet_plies(),
            moves.join(","),
            turn.time_left.as_millis(),
            turn.opponent_time_left.as_millis()
        );
        let deadline = Instant::now() + turn.time_left;
        self.process.send(&message)?;
        let line = self.process.next_line(deadline, "a move")?;
        match line.split_once(char::is_whitespace) {
            Some(("move", text)) => self.read_move(turn, text.trim()),
            _ => Err(self.process.garbage(&line, "'move <MOVE>'")),
        }
    }

    fn alive(&self) -> bool {
        self.process.alive()
    }

    fn finish(&mut self, result: &str, how: &str) {
        self.process.stop(result, how);
    }

    fn name(&self) -> Option<String> {
        self.process.name()
    }

    fn network_isolated(&self) -> Option<bool> {
        self.process.network_isolated()
    }
}
