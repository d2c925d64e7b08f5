//! PDN databases as real files write them: each case reproduces, inline, a
//! failure found in a public PDN file or a pydraughts export.

use warcaby::checkers::notation::full_path;
use warcaby::checkers::notation::pdn::{self, PdnError, PdnGame, RawGame};
use warcaby::{Color, Game, Move, Position, Variant};

/// Reads a one-game text and replays it.
fn one(text: &str, variant: Variant) -> Result<PdnGame, PdnError> {
    let games = pdn::split(text);
    assert_eq!(games.len(), 1, "{games:?}");
    games[0].replay(variant)
}

#[test]
fn pdn2_star_marks_are_move_strength() {
    // Oldbury Column 3: "22-17* {starting a 'pincer movement'}".
    let text = "[GameType \"21\"]\n1. 10-14 24-20 2. 7-10 22-18*! 3. 9-13 18x9* *";
    let game = one(text, Variant::Tournament).unwrap();
    assert_eq!(game.game.ply_count(), 6);
    assert_eq!(game.result, "*");
}

#[test]
fn byte_order_mark_and_leading_comment_are_skipped() {
    let body =
        "{Ballot openings, 2005}\n[Event \"e\"]\n[GameType \"21\"]\n1. 11-15 23-19 1/2-1/2\n";
    for text in [format!("\u{feff}{body}"), body.to_string()] {
        assert!(pdn::looks_like_pdn(&text));
        let games = pdn::read_games(&text, Variant::Tournament).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tag("Event"), Some("e"));
        assert_eq!(games[0].game.ply_count(), 2);
    }
    assert!(pdn::looks_like_pdn("1. 11-15 23-19 *"));
    assert!(!pdn::looks_like_pdn("9-13 21-17 5-9\n"));
    assert!(!pdn::looks_like_pdn("W:W21,22:B5,6"));
}

#[test]
fn russian_results_end_the_game_and_are_read() {
    let text = "[GameType \"25\"]\n1. c3-d4 f6-g5 2-0\n\n[GameType \"25\"]\n1. c3-d4 1-1\n\
                [GameType \"25\"]\n1. c3-d4 h6-g5 0-2\n";
    let games = pdn::read_games(text, Variant::Tournament).unwrap();
    let results: Vec<&str> = games.iter().map(|g| g.result.as_str()).collect();
    assert_eq!(results, ["1-0", "1/2-1/2", "0-1"]);
    assert_eq!(games[1].game.ply_count(), 1);
}

/// Three games, the second with an illegal move: the database reader reports
/// it (number, line, column, reason) and reads the third.
#[test]
fn a_bad_game_is_reported_and_the_rest_are_read() {
    let text = "[Event \"one\"]\n[GameType \"21\"]\n1. 11-15 23-19 *\n\n\
                [Event \"two\"]\n[GameType \"21\"]\n1. 11-15 23-19\n2. 11-16 *\n\n\
                [Event \"three\"]\n[GameType \"21\"]\n1. 9-13 22-18 1-0\n";
    let games = pdn::split(text);
    let read: Vec<_> = games.iter().map(|g| g.replay(Variant::English)).collect();
    assert_eq!(
        games.iter().map(|g| g.number).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert_eq!(games[1].at.line, 5);
    assert!(read[0].is_ok() && read[2].is_ok());
    match &read[1] {
        Err(PdnError::Move { at, number, .. }) => {
            assert_eq!((at.line, at.column, number.as_str()), (8, 4, "2."));
        }
        other => panic!("{other:?}"),
    }
    let message = read[1].as_ref().unwrap_err().to_string();
    assert!(message.contains("11-16 is not a legal move"), "{message}");
    // The all-or-nothing reader gives the same first error.
    assert_eq!(
        pdn::read_games(text, Variant::English)
            .unwrap_err()
            .to_string(),
        message
    );
}

#[test]
fn syntax_errors_stay_inside_their_game() {
    let text = "[Event \"one\"]\n1. 11-15 ) 23-19 *\n[Event \"two\" \n1. 9-13 *\n\
                [Event \"three\"]\n[GameType \"21\"]\n1. 9-13 *\n";
    let games = pdn::split(text);
    assert_eq!(games.len(), 3, "{games:?}");
    let errors: Vec<String> = games
        .iter()
        .map(|g| {
            g.replay(Variant::English)
                .map_or_else(|e| e.to_string(), |_| "ok".into())
        })
        .collect();
    assert!(
        errors[0].contains("line 2, column 10: unexpected ')'"),
        "{errors:?}"
    );
    assert!(errors[1].contains("missing its ']'"), "{errors:?}");
    assert_eq!(errors[2], "ok");
}

#[test]
fn a_game_without_game_type_names_the_variant_assumed_and_the_one_that_fits() {
    let text = "[Event \"Payne Game 1\"]\n1. 11-15 22-18 2. 15x22 25x18 *";
    let err = one(text, Variant::Tournament).unwrap_err().to_string();
    assert!(err.contains("read as tournament"), "{err}");
    assert!(err.contains("legal in english"), "{err}");
    assert!(err.contains("--variant or a GameType tag"), "{err}");
    assert!(one(text, Variant::English).is_ok());
    // A game with a GameType tag gets no such note.
    let err = one("[GameType \"21\"]\n1. 22-18 *", Variant::English).unwrap_err();
    assert!(!err.to_string().contains("GameType tag"), "{err}");
}

#[test]
fn russian_fen_tags_in_numbers_are_read() {
    // Russian databases write FEN squares as numbers (1 = b8, 32 = g1).
    let text = "[GameType \"25\"]\n[FEN \"W:WK26:B8,9,10,11,19\"]\n\n1. d2xh6xf8xc5xa7 2-0";
    let game = one(text, Variant::Tournament).unwrap();
    assert_eq!(game.game.start().to_fen(), "W:WKd2:Bb6,d6,f4,f6,g7");
    assert_eq!(game.game.position().to_fen(), "B:WKa7:Bf6");
    assert_eq!(game.result, "1-0");
}

/// English PDN: `1-0` is Black's (the first player's) win in PDN 2.0, and
/// White's in files that follow chess. The board or a closing comment decides.
#[test]
fn english_results_follow_pdn2_unless_the_game_says_otherwise() {
    let moves = "1. 10-14 24-20 2. 7-10 22-18";
    let read = |result: &str, comment: &str| {
        let text = format!("[GameType \"21\"]\n{moves} {comment} {result}");
        one(&text, Variant::English).unwrap().result
    };
    assert_eq!(read("1-0", ""), "0-1", "PDN 2.0: 1-0 is Black's win");
    assert_eq!(read("0-1", ""), "1-0");
    assert_eq!(read("0-1", "{White won the endgame}"), "1-0");
    assert_eq!(read("1-0", "{White won the endgame}"), "1-0", "chess style");
    assert_eq!(read("1-0", "{Red wins}"), "0-1");
    assert_eq!(read("1/2-1/2", "{White wins}"), "1/2-1/2");
    // A rules win on the board: White takes Black's last king (a real file
    // that writes 1-0 for White).
    let text = "[FEN \"B:WK26,K23,K22,K17:BK11,K8\"]\n1. 8-12 17-14 2. 12-8 26-31 \
                3. 8-12 31-27 4. 12-8 27-24 5. 8-12 22-17 6. 12-8 17-13 7. 8-12 13-9 \
                8. 12-8 9-6 9. 8-12 6-2 10. 11-7 2x11 11. 12-16 11x20 1-0";
    let game = one(text, Variant::English).unwrap();
    assert_eq!(
        game.game.outcome().and_then(|o| o.winner()),
        Some(Color::White)
    );
    assert_eq!(game.result, "1-0");
}

#[test]
fn english_wins_are_written_for_the_first_player() {
    let start = Position::from_fen("W:W18:B14", Variant::English).unwrap();
    let mut game = Game::from_position(start);
    game.play_text("18-9").unwrap();
    let pdn = PdnGame::new(game.clone());
    assert_eq!(pdn.result, "1-0", "White won");
    let text = pdn.to_pdn();
    assert!(
        text.replace('\n', " ").contains("[Result \"0-1\"]") && text.trim_end().ends_with(" 0-1"),
        "{text}"
    );
    assert_eq!(
        pdn::read_game(&text, Variant::English).unwrap().result,
        "1-0"
    );
    // White moves first in the other variants: 1-0 both ways.
    let t = Position::from_fen("W:W18:B14", Variant::Tournament).unwrap();
    let mut game = Game::from_position(t);
    game.play_text("18x9").unwrap();
    assert!(PdnGame::new(game).to_pdn().contains("[Result \"1-0\"]"));
}

#[test]
fn latin1_files_are_decoded() {
    let bytes = b"[Event \"Fran\xe7ois\"]\n[GameType \"21\"]\n1. 11-15 *";
    let text = pdn::decode(bytes);
    assert_eq!(
        pdn::read_game(&text, Variant::English)
            .unwrap()
            .tag("Event"),
        Some("François")
    );
    assert_eq!(pdn::decode("é".as_bytes()), "é");
}

/// Three Russian games written by pydraughts 0.6.7 (its PDNWriter, from
/// positions chosen to show every kind of king path): a straight flight over
/// two pieces (`g3xe5xb8`: e5 is right behind f4), long quiet king moves,
/// a capture choosing its landing square, turns (`c1xe3xh6xf8xd6xh2`, where
/// `c1xf4xh2` is another move), and a man crowned mid-capture going on as a king.
const PYDRAUGHTS: &str = r#"[GameType "25,W,8,8,A0,0"]
[FEN "W:Wa1,f6,Kg3:Bf4,h6,a7,c7,e7"]

1. g3xe5xb8 e7xg5 2. b8-e5 g5-f4 3. e5xh2 h6-g5 4. h2-d6 a7-b6 *

[GameType "25,W,8,8,A0,0"]
[FEN "W:WKc1:Bg3,g5,e7,g7,d2"]

1. c1xe3xh6xf8xd6xh2 *

[GameType "25,W,8,8,A0,0"]
[FEN "W:Wa1,f6,Kg3:Bf4,h6,a7,c7,e7"]

1. f6xa5 f4xh2 *
"#;

/// A test on a move in its position.
type Kind<'a> = dyn Fn(&Position, &Move) -> bool + 'a;

fn moves_of(game: &Game) -> Vec<(Position, Move)> {
    game.positions_and_moves().map(|(p, m)| (*p, *m)).collect()
}

fn is_king_move(pos: &Position, mv: &Move) -> bool {
    pos.kings(pos.side_to_move()).contains(mv.from())
}

#[test]
fn pydraughts_russian_games_load_and_round_trip() {
    let games = pdn::read_games(PYDRAUGHTS, Variant::Tournament).unwrap();
    assert_eq!(games.len(), 3);
    let all: Vec<(Position, Move)> = games.iter().flat_map(|g| moves_of(&g.game)).collect();
    let flights = |mv: &Move| {
        let mut corners = vec![mv.from()];
        corners.extend_from_slice(mv.path());
        corners != full_path(mv)
    };
    let kinds: [(&str, &Kind<'_>); 5] = [
        ("straight flight", &|_, m| {
            m.capture_count() >= 2 && flights(m)
        }),
        ("king turns", &|p, m| {
            is_king_move(p, m) && m.path().len() >= 3
        }),
        ("long quiet king move", &|p, m| {
            is_king_move(p, m) && !m.is_capture() && m.from().rank().abs_diff(m.to().rank()) > 1
        }),
        ("landing choice", &|p, m| {
            p.legal_moves()
                .iter()
                .any(|o| o != m && o.captured() == m.captured())
        }),
        ("crowned mid-capture", &|p, m| {
            !is_king_move(p, m) && m.promotes() && m.path().len() >= 2
        }),
    ];
    for (name, kind) in kinds {
        assert!(
            all.iter().any(|(p, m)| kind(p, m)),
            "no {name} in the games"
        );
    }
    for g in &games {
        let text = g.to_pdn();
        let back = pdn::read_game(&text, Variant::Tournament).unwrap();
        assert_eq!(back.game, g.game, "{text}");
    }
    // Our PDN writes PDN 3.0 texts, as pydraughts, with the full path only
    // where another move shares the ends (pydraughts also writes g3xe5xb8 in
    // full: it counts each stop of the flight as a move of its own).
    let written: Vec<String> = games.iter().map(|g| g.to_pdn()).collect();
    for line in [
        "1. g3xb8 e7xg5 2. b8-e5 g5-f4 3. e5xh2",
        "1. c1xe3xh6xf8xd6xh2 *",
        "1. f6xa5 f4xh2 *",
    ] {
        assert!(
            written.iter().any(|t| t.contains(line)),
            "{line} not in {written:?}"
        );
    }
}

#[test]
fn raw_games_keep_tags_moves_and_results_as_written() {
    let text = "[White \"Иванов\"]\n[Black \"Петров\"]\n[Result \"2-0\"]\n[GameType \"25\"]\n\n\
                1. c3-d4 $1 {идея} (1. c3-b4 f6-g5) f6-e5 2. d4xf6 g7xe5 2-0";
    let games: Vec<RawGame> = pdn::split(text);
    let g = &games[0];
    assert_eq!(g.tag("white"), Some("Иванов"));
    assert_eq!(
        g.moves.iter().map(|(m, _)| m.as_str()).collect::<Vec<_>>(),
        ["c3-d4", "f6-e5", "d4xf6", "g7xe5"]
    );
    assert_eq!(g.result_text(), "2-0");
    assert_eq!(g.comments, [(1, "идея".to_string())]);
    let game = g.replay(Variant::Tournament).unwrap();
    assert_eq!(game.result, "1-0");
}

/// Inputs the `pdn` fuzz target found (tests/fuzz/regressions/pdn/): a tag
/// value with an escaped line break was read, and written back as a raw line
/// break that the reader then refused. Each input must read without a panic,
/// and an accepted game must read back from its own PDN to the same moves.
#[test]
fn fuzz_regressions_read_back_or_are_refused() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/regressions/pdn");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        count += 1;
        for variant in Variant::ALL {
            let _ = pdn::read_games(text, variant);
            if let Ok(game) = pdn::read_game(text, variant) {
                let written = game.to_pdn();
                let again = pdn::read_game(&written, variant).expect("our PDN reads back");
                assert!(again.game.moves().eq(game.game.moves()), "{written}");
            }
        }
    }
    assert!(count >= 7, "the regression inputs are there ({count})");
}

#[test]
fn an_escaped_line_break_does_not_continue_a_tag() {
    let err = one("[Event \"a\\\nb\"]\n1. 11-15 *", Variant::English).unwrap_err();
    assert!(err.to_string().contains("never closed"), "{err}");
}

#[test]
fn comments_are_written_between_the_moves_and_read_back() {
    let mut game = Game::new(Variant::Tournament);
    for text in ["22-18", "11-15", "18x11"] {
        game.play_text(text).unwrap();
    }
    let mut pdn = PdnGame::new(game);
    pdn.comments = vec![
        (0, "before the first move".to_string()),
        (2, "after 11-15 {with braces}\nand a newline".to_string()),
        (3, "at the end".to_string()),
    ];
    let text = pdn.to_pdn();
    assert!(
        text.replace('\n', " ").contains(
            "{before the first move} 1. 22-18 11-15 {after 11-15 (with braces) and a newline} 2. 18x11 {at the end} *"
        ),
        "{text}"
    );
    let read = pdn::read_game(&text, Variant::Tournament).unwrap();
    assert_eq!(read.game.ply_count(), 3);
    assert_eq!(
        read.comments[1].1,
        "after 11-15 (with braces) and a newline"
    );
    assert_eq!(
        read.comments
            .iter()
            .map(|(after, _)| *after)
            .collect::<Vec<_>>(),
        [0, 2, 3]
    );
}

/// Three Brazilian games written by pydraughts 0.6.7 (its PDNWriter; moves
/// chosen at random, seed 7): a whole game from the start, a maximum
/// capture (`c3xg7` takes two where `h2xf4` would take one) and a man that
/// passes the last row in a capture and stays a man (`b6xf6` over d8).
const PYDRAUGHTS_BRAZILIAN: &str = r#"[GameType "26,W,8,8,A0,0"]
[FEN "W:Wa1,c3,e3,g3,c1,e1,g1,b2,d2,f2,h2,a3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"]

1. c3-d4 b6-c5 2. d4xb6 a7xc5 3. a3-b4 c5xa3 4. g3-f4 f6-e5 5. f4-g5 h6xf4 6. e3xg5 c7-b6 7. f2-g3 b6-a5 8. g5-h6 e7-f6 9. g3-f4 e5xg3 10. h2xf4 a5-b4 11. f4-g5 f6xh4 12. g1-h2 h4-g3 13. h2xf4 d6-c5 14. f4-e5 d8-e7 15. e5-d6 c5-d4 16. b2-c3 d4xb2 17. a1xa5 e7xc5 18. e1-f2 b8-a7 19. f2-g3 g7-f6 20. d2-c3 h8-g7 21. a5-b6 c5-d4 22. c3xe5 f6xd4 23. b6-c7 d4-e3 24. c1-d2 e3xc1 25. c7-b8 a3-b2 26. b8-f4 c1xg5 27. h6xf4 g7-h6 28. g3-h4 h6-g5 29. h4xf6 a7-b6 30. f6-g7 f8xh6 31. f4-e5 b6-a5 32. e5-f6 b2-c1 33. f6-g7 h6xf8 *

[GameType "26,W,8,8,A0,0"]
[FEN "W:Wc3,h2:Bg3,d4,f6"]

1. c3xg7 *

[GameType "26,W,8,8,A0,0"]
[FEN "W:Wb6:Bc7,e7,a3"]

1. b6xf6 a3-b2 *
"#;

#[test]
fn pydraughts_brazilian_games_load_and_round_trip() {
    let games = pdn::read_games(PYDRAUGHTS_BRAZILIAN, Variant::Tournament).unwrap();
    assert_eq!(games.len(), 3);
    for g in &games {
        assert_eq!(g.game.variant(), Variant::Brazilian);
        let text = g.to_pdn();
        let back = pdn::read_game(&text, Variant::Tournament).unwrap();
        assert_eq!(back.game, g.game, "{text}");
    }
    assert_eq!(games[0].game.ply_count(), 66);
    // The longest capture is the only move; Russian rules would allow the other.
    let (start, most) = moves_of(&games[1].game)[0];
    assert_eq!(start.legal_moves(), vec![most]);
    assert_eq!(most.capture_count(), 2);
    let russian = Position::from_fen(&start.to_fen(), Variant::Russian).unwrap();
    assert_eq!(russian.legal_moves().len(), 2);
    // Over d8 and back down: still a man on f6.
    let (before, passing) = moves_of(&games[2].game)[0];
    assert!(passing.path().iter().any(|sq| sq.rank() == 7) && !passing.promotes());
    let after = before.after(&passing);
    assert!(!after.kings(Color::White).contains(passing.to()));
}
