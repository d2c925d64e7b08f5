use super::*;
use crate::state::alphazero::LabEngine;
use crate::state::settings::Mode;
use warcaby::checkers::ai::CheckersEval;
use warcaby::clobber::{ClobberEval, ClobberGame, Shape};
use warcaby::games::{GameKind, GameRules};
use warcaby::search::Algorithm;
use warcaby::{Color, Game, Variant};

fn tournament() -> AnyGame {
    AnyGame::Checkers(Game::new(Variant::Tournament))
}

#[test]
fn round_trip() {
    let mut game = Game::new(Variant::Russian);
    game.play_text("c3-d4").unwrap();
    game.play_text("f6-e5").unwrap();
    let settings = Settings {
        variant: Variant::Russian,
        ..Settings::default()
    };
    let (s, g) = decode(&encode(&settings, &AnyGame::Checkers(game.clone()))).unwrap();
    assert_eq!(s, settings);
    assert_eq!(g, AnyGame::Checkers(game));
}

#[test]
fn an_international_game_round_trips_and_a_foreign_one_is_refused() {
    let mut game = GameRules::Checkers(Variant::International).new_game();
    game.play_text("32-28").unwrap();
    game.play_text("19-23").unwrap();
    game.play_text("28x19").unwrap();
    let settings = Settings {
        variant: Variant::International,
        ..Settings::default()
    };
    let text = encode(&settings, &game);
    assert!(text.contains("\"variant\":\"international\""), "{text}");
    let (s, g) = decode(&text).unwrap();
    assert_eq!(s, settings);
    assert_eq!(g, game);
    assert_eq!(g.ply_count(), 3);
    // A 10x10 move that is not legal there refuses the whole saved value.
    let broken = text.replace("28x19", "28x17");
    assert!(decode(&broken).is_err());
    // An 8x8 game saved under the 10x10 rules disagrees with them.
    let mixed = encode(&settings, &tournament());
    assert!(decode(&mixed).unwrap_err().contains("disagree"));
}

#[test]
fn clobber_round_trip() {
    let mut game = ClobberGame::new(Shape::new(4, 4).unwrap());
    game.play_text("a1-a2").unwrap();
    let settings = Settings {
        game: GameKind::Clobber,
        rows: 4,
        cols: 4,
        white_eval: ClobberEval::Active,
        ..Settings::default()
    };
    let text = encode(&settings, &AnyGame::Clobber(game.clone()));
    assert!(text.contains("\"variant\":\"clobber\""), "{text}");
    let (s, g) = decode(&text).unwrap();
    assert_eq!(s, settings);
    assert_eq!(g, AnyGame::Clobber(game));
    // Settings that say checkers with a Clobber game are refused.
    let wrong = text.replace("\"game\":\"clobber\"", "\"game\":\"checkers\"");
    assert!(decode(&wrong).unwrap_err().contains("disagree"));
    let bad = text.replace("a1-a2", "a1-b2");
    assert!(decode(&bad).unwrap_err().contains("move 1"));
}

#[test]
fn named_choices_are_saved_as_their_names() {
    let text = encode(&Settings::default(), &tournament());
    for field in [
        "\"game\":\"checkers\"",
        "\"variant\":\"tournament\"",
        "\"level\":4",
        "\"black_algorithm\":\"negascout\"",
        "\"eval\":\"positional\"",
        "\"white_eval\":\"live\"",
    ] {
        assert!(text.contains(field), "{field} in {text}");
    }
}

#[test]
fn values_saved_before_clobber_still_load() {
    let old = r#"{"version":1,"settings":{"variant":"english","mode":"HumanVsHuman","level":3,
        "time_ms":500,"lab":false,"algorithm":"negascout","eval":"positional","depth":0,
        "flipped":false,"animate":true,"coordinates":true,"auto_single":true,"ai_delay_ms":300},
        "game":{"variant":"english","start_fen":"B:W21-32:B1-12","moves":["11-15"]}}"#;
    let (s, g) = decode(old).unwrap();
    assert_eq!((s.game, s.rows, s.cols), (GameKind::Checkers, 6, 5));
    assert_eq!(s.black_eval, ClobberEval::Live);
    assert_eq!(g.ply_count(), 1);
}

#[test]
fn a_shared_lab_algorithm_and_depth_apply_to_both_sides() {
    let old = r#"{"version":1,"settings":{"game":"clobber","variant":"tournament",
        "rows":4,"cols":4,"black_eval":"active","white_eval":"live","mode":"AiVsAi",
        "level":4,"time_ms":1000,"lab":true,"algorithm":"minimax","eval":"positional",
        "depth":3,"flipped":false,"animate":true,"coordinates":true,"auto_single":true,
        "ai_delay_ms":300},"game":{"variant":"clobber","start_fen":"WBWB/BWBW/WBWB/BWBW:B",
        "moves":["a1-a2"]}}"#;
    let (s, g) = decode(old).unwrap();
    for side in [Color::Black, Color::White] {
        let lab = s.lab_side(side, GameKind::Clobber);
        assert_eq!(
            (lab.algorithm, lab.depth),
            (LabEngine::Search(Algorithm::Minimax), 3),
            "{side:?}"
        );
    }
    assert_eq!(
        s.lab_side(Color::Black, GameKind::Clobber).eval.to_string(),
        "active"
    );
    assert_eq!(
        s.lab_side(Color::White, GameKind::Checkers)
            .eval
            .to_string(),
        "positional"
    );
    assert!(matches!(&g, AnyGame::Clobber(g) if g.ply_count() == 1));
    // Saved again, the value has per-side fields only, and reads back the same.
    let text = encode(&s, &g);
    assert!(!text.contains("\"algorithm\""), "{text}");
    assert!(text.contains("\"white_depth\":3"), "{text}");
    assert_eq!(decode(&text).unwrap().0, s);
    // A side's own value wins over a shared one.
    let mixed = old.replace("\"depth\":3", "\"depth\":3,\"white_depth\":5");
    let s = decode(&mixed).unwrap().0;
    assert_eq!((s.black_depth, s.white_depth), (3, 5));
    // A shared value of the wrong type is still refused as unreadable.
    let bad = old.replace("\"depth\":3", "\"depth\":\"deep\"");
    assert!(decode(&bad).unwrap_err().contains("unreadable saved data"));
}

#[test]
fn per_side_lab_settings_round_trip() {
    let settings = Settings {
        lab: true,
        black_algorithm: LabEngine::Search(Algorithm::Minimax),
        black_depth: 2,
        white_algorithm: LabEngine::Search(Algorithm::AlphaBeta),
        white_depth: 4,
        eval: CheckersEval::Material,
        mode: Mode::AiVsAi,
        ..Settings::default()
    };
    let (s, _) = decode(&encode(&settings, &tournament())).unwrap();
    assert_eq!(s, settings);
}

#[test]
fn corrupted_values_are_refused() {
    assert!(decode("{not json").is_err());
    assert!(decode("{\"version\":0}").is_err());
    let good = encode(&Settings::default(), &tournament());
    let bad_move = good.replace("\"moves\":[]", "\"moves\":[\"1-5\"]");
    assert!(decode(&bad_move).unwrap_err().contains("move 1"));
    let old = good.replace("\"version\":1", "\"version\":0");
    assert!(decode(&old).unwrap_err().contains("old version"));
    let bad_variant = good.replace(
        "\"variant\":\"tournament\",\"start_fen\"",
        "\"variant\":\"polish\",\"start_fen\"",
    );
    assert!(decode(&bad_variant)
        .unwrap_err()
        .contains("unknown variant 'polish'"));
}

#[test]
fn every_setting_is_checked() {
    let good = encode(&Settings::default(), &tournament());
    let spoilt = [
        ("\"level\":4", "\"level\":99", "level must be 1-8, got 99"),
        ("\"level\":4", "\"level\":0", "level must be 1-8, got 0"),
        (
            "\"rows\":6",
            "\"rows\":99",
            "Clobber board 99x5 is not supported",
        ),
        (
            "\"cols\":5",
            "\"cols\":1",
            "Clobber board 6x1 is not supported",
        ),
        (
            "\"black_depth\":0",
            "\"black_depth\":999",
            "Black's lab depth must be 0-40, got 999",
        ),
        (
            "\"white_algorithm\":\"negascout\"",
            "\"white_algorithm\":\"magic\"",
            "unknown algorithm 'magic'",
        ),
        ("\"eval\":\"positional\"", "\"eval\":\"luck\"", "'luck'"),
        (
            "\"black_eval\":\"live\"",
            "\"black_eval\":\"luck\"",
            "'luck'",
        ),
        (
            "\"variant\":\"tournament\",\"rows\"",
            "\"variant\":\"polish\",\"rows\"",
            "unknown variant 'polish'",
        ),
        (
            "\"game\":\"checkers\"",
            "\"game\":\"chess\"",
            "unknown game 'chess'",
        ),
    ];
    for (from, to, reason) in spoilt {
        assert!(good.contains(from), "{from} in {good}");
        let error = decode(&good.replacen(from, to, 1)).unwrap_err();
        assert!(error.contains(reason), "{error} lacks {reason}");
    }
    assert!(Settings::default().validate().is_ok());
}
