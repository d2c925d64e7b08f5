use super::*;
use crate::checkers::game::Game;
use crate::checkers::rules::Variant;
use crate::clobber::{ClobberGame, Shape};

fn both() -> [AnyGame; 2] {
    [
        AnyGame::Checkers(Game::new(Variant::English)),
        AnyGame::Clobber(ClobberGame::new(Shape::new(4, 5).unwrap())),
    ]
}

#[test]
fn every_legal_move_plays_and_undoes_through_the_trait() {
    for mut game in both() {
        let before = game.record();
        let moves = game.played().legal_moves();
        assert!(!moves.is_empty());
        for mv in &moves {
            let played = game.played_mut();
            played.play(mv).unwrap();
            assert_eq!(played.move_list(), [mv.text().to_string()]);
            assert_eq!(played.ply_count(), 1);
            assert!(played.undo());
            assert!(played.redo());
            assert!(played.undo());
            assert_eq!(game.record(), before);
        }
    }
}

#[test]
fn a_move_that_is_not_legal_changes_nothing() {
    for mut game in both() {
        let mut mv = game.played().legal_moves()[0].clone();
        mv.landings = vec![mv.from];
        let before = game.record();
        assert!(game.played_mut().play(&mv).is_err());
        assert_eq!(game.record(), before);
    }
}

#[test]
fn the_trait_agrees_with_the_games_own_records_and_texts() {
    for mut game in both() {
        let mv = game.legal_moves()[0];
        let text = game.move_text(&mv);
        game.play(&mv).unwrap();
        let played = game.played();
        assert_eq!(played.record(), game.record());
        assert_eq!(played.record_at(0).to_owned(), {
            let mut r = game.record();
            match &mut r {
                GameRecord::Checkers { moves, .. } | GameRecord::Clobber { moves, .. } => {
                    moves.clear()
                }
            }
            r
        });
        assert_eq!(played.move_list(), std::slice::from_ref(&text));
        assert_eq!(played.move_at(0).map(|m| m.text().to_string()), Some(text));
        assert_eq!(played.move_at(1), None);
        assert_eq!(played.side_at(1), game.side_to_move());
        assert_ne!(played.position_text_at(0), played.position_text_at(1));
        assert_eq!(played.position_text_at(9), played.position_text_at(1));
    }
}

#[test]
fn owners_and_spot_names() {
    let [checkers, clobber] = both();
    let c = checkers.played();
    let spot = |name: &str| (0..64).find(|&s| c.spot_name(s) == name).unwrap();
    assert_eq!(c.owner(spot("1")), Some(Color::Black));
    assert_eq!(c.owner(spot("32")), Some(Color::White));
    assert_eq!(c.owner(spot("15")), None);
    assert_eq!(c.owner(1), None, "b1 is a light square");
    let k = clobber.played();
    assert_eq!(k.spot_name(0), "a1");
    assert!(k.owner(0).is_some() && k.owner(1).is_some());
    assert_ne!(k.owner(0), k.owner(1));
    assert_eq!(k.owner(200), None);
    assert_eq!(k.board_size(), (5, 4));
    assert_eq!(k.pieces_at(0).len(), 20);
    assert_eq!(c.board_size(), (8, 8));
    let pieces = c.pieces_at(0);
    assert_eq!(pieces.len(), 24);
    assert!(pieces
        .iter()
        .all(|&(spot, piece)| c.piece(spot) == Some(piece)));
}

#[test]
fn a_line_stops_at_the_first_move_that_does_not_fit() {
    let mut game = AnyGame::Checkers(Game::new(Variant::English));
    game.play_text("11-15").unwrap();
    let texts = ["23-19".to_string(), "8-11".into(), "1-99".into()];
    let line = game.played().line_at(1, &texts);
    assert_eq!(line.len(), 2);
    assert_eq!(line[0].text(), "23-19");
    assert_eq!(line[0].spots().len(), 2);
}

#[test]
fn a_referee_reads_full_texts_fields_and_tells_bad_texts_apart() {
    for game in both() {
        let played = game.played();
        for mv in played.legal_moves() {
            let full = played.full_move_text(&mv);
            assert!(played.parse_move(&full).unwrap().same_path(&mv), "{full}");
        }
        let fields = played.position_fields();
        let position = fields.iter().find(|(k, _)| *k == "fen" || *k == "position");
        assert_eq!(position.unwrap().1, played.position_text_at(0));
        let garbage = played.parse_move("banana").unwrap_err();
        assert!(garbage.is_unreadable_move(), "{garbage}");
    }
    // Readable moves that are not legal here.
    let [checkers, clobber] = both();
    assert!(!checkers
        .played()
        .parse_move("1-2")
        .unwrap_err()
        .is_unreadable_move());
    assert!(!clobber
        .played()
        .parse_move("a1-c1")
        .unwrap_err()
        .is_unreadable_move());
    assert_eq!(checkers.played().spot_number(0), 29, "a1 is square 29");
}
