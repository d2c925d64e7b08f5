//! External bots: a process per game that speaks the line protocol of
//! `bot-protocol.md` on stdin/stdout, asked for whole moves — in checkers
//! or Clobber: the game tells what its `newgame` and `pos` lines hold.

use super::contest_player::ContestPlayer;
use super::player::{Fault, FaultKind, GameStart, Player, Turn};
use super::process::{cut, Launch, Process};
use crate::games::SpotMove;
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
    fn read_move(&mut self, turn: &Turn<'_>, text: &str) -> Result<SpotMove, Fault> {
        match turn.game.played().parse_move(text) {
            Ok(mv) => match turn.legal.iter().find(|m| m.same_path(&mv)) {
                Some(legal) => Ok(legal.clone()),
                None => Err(self.process.fail(Fault::new(
                    FaultKind::IllegalMove,
                    format!("{text} ({}) is not a legal move here", mv.text()),
                ))),
            },
            Err(e) => {
                let kind = match e.is_unreadable_move() {
                    true => FaultKind::UnreadableMove,
                    false => FaultKind::IllegalMove,
                };
                Err(self
                    .process
                    .fail(Fault::new(kind, cut(&e.to_string(), 300))))
            }
        }
    }
}

/// `key=value` fields as a protocol line writes them.
fn fields_text(fields: &[(&str, String)]) -> String {
    let pairs: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    pairs.join(" ")
}

impl Player for ExternalBot {
    fn start(&mut self, start: &GameStart) -> Result<(), Fault> {
        self.process.start(start.handshake)?;
        self.process.send(&format!(
            "newgame {} color={} time={} seed={}\n",
            fields_text(&start.rules.fields()),
            start.color.name(),
            start.time.as_millis(),
            start.seed
        ))
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<SpotMove, Fault> {
        let game = turn.game.played();
        let moves: Vec<String> = turn.legal.iter().map(|m| game.full_move_text(m)).collect();
        let message = format!(
            "pos {} moves={}\ngo time={} otime={}\n",
            fields_text(&game.position_fields()),
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

impl ContestPlayer for ExternalBot {
    fn alive(&self) -> bool {
        self.process.alive()
    }
}
