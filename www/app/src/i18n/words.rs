//! The game's words in both languages: the sides, pieces, results and
//! scores, from which the status line, the announcements, the board's
//! accessible name and the Engine panel are made.

use super::Lang;
use warcaby::checkers::game::{DrawReason, Outcome, WinReason};
use warcaby::checkers::rules::{EndgameMaterial, Progress};
use warcaby::games::{AnyOutcome, GameRules, PieceStyle, PlayedGame, SpotMove};
use warcaby::{Color, Variant};

/// A side as the subject of a sentence: "White", "Białe".
pub fn side(lang: Lang, color: Color) -> &'static str {
    match color {
        Color::White => lang.pick("White", "Białe"),
        Color::Black => lang.pick("Black", "Czarne"),
    }
}

/// A side's turn: "White to move", "Ruch białych".
pub fn to_move(lang: Lang, color: Color) -> String {
    match lang {
        Lang::En => format!("{} to move", side(lang, color)),
        Lang::Pl => format!("Ruch {}", whose(color)),
    }
}

/// A side in the genitive: "białych", "czarnych".
fn whose(color: Color) -> &'static str {
    match color {
        Color::White => "białych",
        Color::Black => "czarnych",
    }
}

/// A piece: "white man", "black king"; "biały pionek", "czarna damka".
pub fn piece(lang: Lang, color: Color, king: bool) -> &'static str {
    match (color, king) {
        (Color::White, false) => lang.pick("white man", "biały pionek"),
        (Color::White, true) => lang.pick("white king", "biała damka"),
        (Color::Black, false) => lang.pick("black man", "czarny pionek"),
        (Color::Black, true) => lang.pick("black king", "czarna damka"),
    }
}

/// A Clobber stone: "white stone", "biały kamień".
pub fn stone(lang: Lang, color: Color) -> &'static str {
    match color {
        Color::White => lang.pick("white stone", "biały kamień"),
        Color::Black => lang.pick("black stone", "czarny kamień"),
    }
}

/// A count of captured pieces: "1 piece", "3 pieces"; "1 bierkę",
/// "3 bierki", "5 bierek" (as the object of "capturing").
pub fn pieces(lang: Lang, n: u32) -> String {
    let word = match lang {
        Lang::En => lang.plural(n.into(), "piece", "pieces", "pieces"),
        Lang::Pl => lang.plural(n.into(), "bierkę", "bierki", "bierek"),
    };
    format!("{n} {word}")
}

/// A game's name for a notice about starting it: "6x5 Clobber", or the
/// rules' name ("tournament", "zasady turniejowe").
pub fn rules_title(lang: Lang, rules: GameRules) -> String {
    match rules {
        GameRules::Clobber(shape) => format!("{}x{} Clobber", shape.rows(), shape.cols()),
        GameRules::Checkers(rules) => {
            let rules = variant(lang, rules).to_lowercase();
            lang.pick(rules.clone(), format!("zasady {rules}"))
        }
    }
}

/// What a move takes and whether it crowns, to follow "White plays 22-18":
/// ", capturing 1 piece, and is crowned", or in Clobber ", taking the stone
/// on a2"; empty for a plain move.
pub fn what_a_move_does(lang: Lang, game: &dyn PlayedGame, mv: &SpotMove) -> String {
    let mut said = String::new();
    if game.kind().piece_style() == PieceStyle::Stones {
        let cell = game.spot_name(mv.to());
        said.push_str(&lang.pick(
            format!(", taking the stone on {cell}"),
            format!(", zbijając kamień na {cell}"),
        ));
        return said;
    }
    if !mv.taken().is_empty() {
        let n = pieces(lang, mv.taken().len() as u32);
        said.push_str(&lang.pick(format!(", capturing {n}"), format!(", bijąc {n}")));
    }
    if mv.crowns() {
        said.push_str(lang.pick(", and is crowned", " i zdobywając damkę"));
    }
    said
}

/// A rule set's name: "Tournament", "Turniejowe".
pub fn variant(lang: Lang, variant: Variant) -> &'static str {
    match variant {
        Variant::Tournament => lang.pick("Tournament", "Turniejowe"),
        Variant::English => lang.pick("English", "Angielskie"),
        Variant::Russian => lang.pick("Russian", "Rosyjskie"),
        Variant::Brazilian => lang.pick("Brazilian", "Brazylijskie"),
        Variant::International => {
            lang.pick("International (10×10)", "Polskie (międzynarodowe, 10×10)")
        }
    }
}

/// A heuristic's name (the engine's, like `live`), in Polish as the lab's
/// lists name it; unknown names as they are.
pub fn heuristic(lang: Lang, name: &str) -> String {
    let polish = match name {
        "live" => "żywe kamienie",
        "active" => "aktywne kamienie",
        "center" => "środek",
        "accumulation" => "skupienie",
        "first_center_then_aggressive" => "najpierw środek, potem atak",
        "group_then_fight" => "grupa, potem walka",
        "take_middle_stay_in_group" => "zajmij środek, trzymaj się grupy",
        "material" => "materiał",
        "positional" => "pozycyjna",
        "learned" => "wyuczona",
        other => other,
    };
    lang.pick(name, polish).to_string()
}

/// How a game ended, in words: "White wins: Black has no legal move",
/// "Wygrywają białe: czarne nie mają ruchu".
pub fn outcome(lang: Lang, outcome: &AnyOutcome) -> String {
    win_or_draw(lang, &outcome.as_win_or_draw())
}

fn lower(word: &str) -> String {
    word.to_lowercase()
}

fn win_or_draw(lang: Lang, outcome: &Outcome) -> String {
    match *outcome {
        Outcome::Win { winner, reason } => {
            let loser = winner.opponent();
            match (lang, reason) {
                (Lang::En, WinReason::NoPieces) => {
                    format!(
                        "{} wins: {} has no pieces left",
                        side(lang, winner),
                        side(lang, loser)
                    )
                }
                (Lang::En, WinReason::Blocked) => {
                    format!(
                        "{} wins: {} has no legal move",
                        side(lang, winner),
                        side(lang, loser)
                    )
                }
                (Lang::Pl, WinReason::NoPieces) => {
                    let loser = if loser == Color::White {
                        "białym"
                    } else {
                        "czarnym"
                    };
                    format!(
                        "Wygrywają {}: {loser} nie zostały żadne bierki",
                        lower(side(lang, winner))
                    )
                }
                (Lang::Pl, WinReason::Blocked) => format!(
                    "Wygrywają {}: {} nie mają ruchu",
                    lower(side(lang, winner)),
                    lower(side(lang, loser))
                ),
            }
        }
        Outcome::Draw(reason) => draw(lang, reason),
    }
}

fn draw(lang: Lang, reason: DrawReason) -> String {
    match reason {
        DrawReason::ThreefoldRepetition => lang
            .pick(
                "Draw by threefold repetition",
                "Remis przez trzykrotne powtórzenie pozycji",
            )
            .to_string(),
        DrawReason::NoProgress { plies, progress } => {
            let what = match progress {
                Progress::ManMoveOrCapture => {
                    lang.pick("a man move or a capture", "ruchu pionkiem ani bicia")
                }
                Progress::CaptureOrCrowning => {
                    lang.pick("a capture or a crowning", "bicia ani promocji")
                }
            };
            match lang {
                Lang::En => format!("Draw: {plies} plies in a row without {what}"),
                Lang::Pl => {
                    let word = lang.plural(plies.into(), "półruch", "półruchy", "półruchów");
                    format!("Remis: {plies} {word} z rzędu bez {what}")
                }
            }
        }
        DrawReason::Endgame(rule) => {
            let moves = rule.plies / 2;
            match lang {
                Lang::En => format!(
                    "Draw: {}, {moves} moves without a capture or a crowning",
                    material(lang, rule.material)
                ),
                Lang::Pl => format!(
                    "Remis: {}, {moves} {} bez bicia ani promocji",
                    material(lang, rule.material),
                    lang.plural(moves.into(), "ruch", "ruchy", "ruchów")
                ),
            }
        }
        DrawReason::Agreed => lang.pick("Draw agreed", "Remis za zgodą").to_string(),
    }
}

/// The material of an endgame draw rule.
fn material(lang: Lang, material: EndgameMaterial) -> String {
    match (lang, material) {
        (Lang::En, EndgameMaterial::KingsAgainstLoneKing(n)) => {
            format!("{n} kings or more against a lone king")
        }
        (Lang::En, EndgameMaterial::PiecesAgainstLoneKing(n)) => {
            format!("{n} pieces with a king against a lone king")
        }
        (Lang::En, EndgameMaterial::PiecesAgainstLoneKingOnMainRoad(n)) => {
            format!("{n} pieces with a king against a lone king on the main road")
        }
        (Lang::En, EndgameMaterial::BothSidesKings(lo, hi)) => {
            format!("{lo}-{hi} pieces with kings on both sides")
        }
        (Lang::Pl, EndgameMaterial::KingsAgainstLoneKing(n)) => {
            format!("{n} lub więcej damek przeciw samotnej damce")
        }
        (Lang::Pl, EndgameMaterial::PiecesAgainstLoneKing(n)) => {
            format!("{n} bierki z damką przeciw samotnej damce")
        }
        (Lang::Pl, EndgameMaterial::PiecesAgainstLoneKingOnMainRoad(n)) => {
            format!("{n} bierki z damką przeciw samotnej damce na wielkiej przekątnej")
        }
        (Lang::Pl, EndgameMaterial::BothSidesKings(lo, hi)) => {
            format!("{lo}–{hi} bierek, z damkami po obu stronach")
        }
    }
}

/// A search's score from White's side: "+0.35 for White" (hundredths of a
/// man), or a forced win beyond ±29000 as "Black wins in 7".
pub fn score(lang: Lang, white_score: i32) -> String {
    match (lang, white_score) {
        (Lang::En, s) if s > 29_000 => format!("White wins in {}", 30_000 - s),
        (Lang::En, s) if s < -29_000 => format!("Black wins in {}", 30_000 + s),
        (Lang::En, s) => format!("{:+.2} for White", s as f64 / 100.0),
        (Lang::Pl, s) if s > 29_000 => format!("białe wygrywają w {}", 30_000 - s),
        (Lang::Pl, s) if s < -29_000 => format!("czarne wygrywają w {}", 30_000 + s),
        (Lang::Pl, s) => format!("{:+.2} dla białych", s as f64 / 100.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warcaby::clobber::ClobberOutcome;

    #[test]
    fn results_read_well_in_both_languages() {
        let blocked = AnyOutcome::Checkers(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Blocked,
        });
        assert_eq!(
            outcome(Lang::En, &blocked),
            "White wins: Black has no legal move"
        );
        assert_eq!(
            outcome(Lang::Pl, &blocked),
            "Wygrywają białe: czarne nie mają ruchu"
        );
        let bare = AnyOutcome::Checkers(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoPieces,
        });
        assert_eq!(
            outcome(Lang::Pl, &bare),
            "Wygrywają czarne: białym nie zostały żadne bierki"
        );
        let slow = AnyOutcome::Checkers(Outcome::Draw(DrawReason::NoProgress {
            plies: 22,
            progress: Progress::CaptureOrCrowning,
        }));
        assert_eq!(
            outcome(Lang::Pl, &slow),
            "Remis: 22 półruchy z rzędu bez bicia ani promocji"
        );
        let clobber = AnyOutcome::Clobber(ClobberOutcome {
            winner: Color::Black,
        });
        assert_eq!(
            outcome(Lang::En, &clobber),
            "Black wins: White has no legal move"
        );
        assert_eq!(score(Lang::Pl, -35), "-0.35 dla białych");
        assert_eq!(pieces(Lang::Pl, 2), "2 bierki");
        assert_eq!(to_move(Lang::Pl, Color::Black), "Ruch czarnych");
    }
}
