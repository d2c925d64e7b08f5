//! Which bots can play which game: a bot spec checked against the rules of
//! a tournament before its first game, so that a checkers-only option in a
//! Clobber arena (or a Clobber heuristic in checkers) is refused with a
//! reason instead of losing every game.

use super::spec::BotSpec;
use crate::games::GameRules;

impl BotSpec {
    /// Whether this bot can play by `rules`, and why not: an evaluation of
    /// another game, endgame tables, an opening book or the AlphaZero bot
    /// where the rules have none, a contest bot in Python outside checkers.
    pub fn check_rules(&self, rules: GameRules) -> Result<(), String> {
        let game = rules.name();
        match self {
            BotSpec::Engine(engine) => {
                if engine.eval_named && !rules.plays_eval(&engine.eval) {
                    return Err(format!(
                        "eval={} is a {} evaluation, not one for {game} (its default: {})",
                        engine.eval,
                        engine.eval.game(),
                        rules.default_eval()
                    ));
                }
                let variant = rules.checkers_variant();
                let nets = engine.eval.learned_nets().zip(variant);
                if nets.is_some_and(|(nets, variant)| nets.net(variant).is_none()) {
                    return Err(format!(
                        "eval={}: its network file is of another board, none for {game}",
                        engine.eval
                    ));
                }
                if engine.egdb.dir().is_some() && rules.endgame_rules().is_none() {
                    return Err(format!("egdb= probes checkers tables; {game} has none"));
                }
                if engine.book && !rules.has_book() {
                    return Err(format!("book=on: {game} has no opening book"));
                }
                if let Some(book) = &engine.book_file {
                    if rules.checkers_variant() != Some(book.variant()) {
                        return Err(format!(
                            "book=FILE: a book of {}, not of {game}",
                            book.variant()
                        ));
                    }
                }
            }
            BotSpec::Level { level, book, .. }
                if *book && !level.uses_book() && !rules.has_book() =>
            {
                return Err(format!("book=on: {game} has no opening book"));
            }
            BotSpec::Az(_) if !rules.alphazero_plays() => {
                return Err(format!(
                    "the AlphaZero bot plays English checkers, not {game}"
                ));
            }
            BotSpec::Python { .. } if rules.checkers_variant().is_none() || rules.is_10x10() => {
                return Err(format!(
                    "python: bots play the contest's checkers, not {game}"
                ));
            }
            _ => {}
        }
        Ok(())
    }
}
