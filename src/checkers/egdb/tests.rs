//! Tests of the endgame database: built here for up to three pieces (a few
//! seconds in a debug build), checked position by position.

use super::format::{file_name, SliceFile, HEADER_LEN};
use super::verify::verify_slice;
use super::*;
use crate::checkers::ai::{search_game, CheckersEval, Level};
use crate::checkers::game::Game;
use crate::checkers::position::Position;
use crate::core::Color;
use crate::search::Limits;
use crate::search::Searcher;
use std::sync::{Arc, OnceLock};

fn egdb() -> Arc<Egdb> {
    static DB: OnceLock<Arc<Egdb>> = OnceLock::new();
    DB.get_or_init(|| {
        Arc::new(build_all(Variant::English, 3, 2, |_| {}).expect("the build succeeds"))
    })
    .clone()
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Variant::English).unwrap()
}

fn value(fen: &str) -> Value {
    egdb().probe(&pos(fen)).expect("in the tables")
}

#[test]
fn known_values() {
    assert!(matches!(value("W:WK1,K2:BK32"), Value::Win(_)));
    assert!(matches!(value("B:WK1,K2:BK32"), Value::Loss(_)));
    assert_eq!(value("W:WK1:BK32"), Value::Draw);
    assert_eq!(value("B:WK1:BK32"), Value::Draw);
    // White's man on a1 is blocked: no move, lost at once.
    assert_eq!(value("W:W29:B25,22"), Value::Loss(0));
    // Its only move walks into 22x29: lost in two plies.
    assert_eq!(value("W:W29:B22"), Value::Loss(2));
    let (mv, v) = egdb().best_move(&pos("W:W29:B22")).unwrap();
    assert_eq!(
        (pos("W:W29:B22").move_text(&mv), v),
        ("29-25".to_string(), Value::Loss(2))
    );
    // Black to move captures and wins: one ply to White's empty board.
    assert_eq!(value("B:W25:B22"), Value::Win(1));
    assert_eq!(egdb().max_pieces(), 3);
    assert_eq!(egdb().probe(&pos("W:WK1,K2:BK31,K32")), None, "four pieces");
}

#[test]
fn every_position_is_the_best_of_its_moves() {
    let db = egdb();
    let mut checked = 0;
    for n in 2..=3 {
        for m in Material::all_with(n) {
            checked += verify_slice(&db, m, 1).unwrap();
        }
    }
    // 2 pieces: 3488 positions, 3 pieces: 196032 (one side to move).
    assert_eq!(checked, 3488 + 196_032);
}

#[test]
fn wins_and_losses_alternate_in_distance() {
    let db = egdb();
    let m = Material {
        mover_men: 0,
        mover_kings: 2,
        other_men: 0,
        other_kings: 1,
    };
    let [wins, losses, draws] = db.counts(m);
    assert!(
        wins > 0 && draws > 0 && losses == 0,
        "{wins} {losses} {draws}"
    );
    let [w, l, _] = db.counts(m.mirrored());
    // The lone king wins only by taking both kings in one move.
    assert!(l > w && w > 0, "{w} {l}");
    for &b in db.table(m).unwrap() {
        if let Some(Value::Win(n)) = Value::from_byte(b) {
            assert!(n % 2 == 1 && n <= MAX_DISTANCE);
        }
    }
}

fn slice() -> SliceFile {
    let m = Material {
        mover_men: 1,
        mover_kings: 0,
        other_men: 0,
        other_kings: 1,
    };
    SliceFile {
        variant: Variant::English,
        material: m,
        entries: egdb().table(m).unwrap().to_vec(),
    }
}

#[test]
fn files_round_trip_and_damage_is_reported() {
    let s = slice();
    let bytes = s.to_bytes();
    assert_eq!(SliceFile::from_bytes(&bytes).unwrap(), s);
    let mut flipped = bytes.clone();
    flipped[HEADER_LEN + 100] ^= 1;
    let e = SliceFile::from_bytes(&flipped).unwrap_err().to_string();
    assert!(e.contains("checksum"), "{e}");
    let e = SliceFile::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err();
    assert!(e.to_string().contains("entries"), "{e}");
    assert!(matches!(
        SliceFile::from_bytes(&bytes[..10]),
        Err(EgdbError::Corrupt(_))
    ));
    assert!(matches!(
        SliceFile::from_bytes(b"PK\x03\x04 not ours at all, longer than a header"),
        Err(EgdbError::NotEgdb)
    ));
    let mut version = bytes.clone();
    version[8] = 9;
    assert!(matches!(
        SliceFile::from_bytes(&version),
        Err(EgdbError::Version(9))
    ));
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("warcaby-egdb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes the English slices of `pieces` pieces of the tables built here
/// into `dir`, as `egdb build` would.
fn write_slices(dir: &std::path::Path, pieces: &[u32]) {
    let db = egdb();
    for m in pieces.iter().flat_map(|&n| Material::all_with(n)) {
        let file = SliceFile {
            variant: Variant::English,
            material: m,
            entries: db.table(m).unwrap().to_vec(),
        };
        std::fs::write(dir.join(file_name(Variant::English, m)), file.to_bytes()).unwrap();
    }
}

#[test]
fn loading_checks_variant_names_and_completeness() {
    let dir = temp_dir("load");
    write_slices(&dir, &[2]);
    let loaded = Egdb::load(&dir, Variant::English).unwrap();
    assert_eq!(loaded.max_pieces(), 2);
    assert_eq!(loaded.probe(&pos("W:WK1:BK32")), Some(Value::Draw));
    let e = Egdb::load(&dir, Variant::Tournament)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("no endgame database for the tournament rules"),
        "{e}"
    );
    // A tournament file under an English name.
    let mut wrong = slice();
    wrong.variant = Variant::Tournament;
    std::fs::write(
        dir.join(file_name(Variant::English, wrong.material)),
        wrong.to_bytes(),
    )
    .unwrap();
    let e = Egdb::load(&dir, Variant::English).unwrap_err().to_string();
    assert!(
        e.contains("built for the tournament rules, not english"),
        "{e}"
    );
    // The right file under another slice's name.
    let right = slice();
    std::fs::write(
        dir.join(file_name(Variant::English, right.material)),
        "garbage",
    )
    .unwrap();
    let e = Egdb::load(&dir, Variant::English).unwrap_err().to_string();
    assert!(e.contains("corrupt") && e.contains("1001"), "{e}");
    let other = right.material.mirrored();
    std::fs::write(
        dir.join(file_name(Variant::English, right.material)),
        right.to_bytes(),
    )
    .unwrap();
    std::fs::write(
        dir.join(file_name(Variant::English, other)),
        right.to_bytes(),
    )
    .unwrap();
    let e = Egdb::load(&dir, Variant::English).unwrap_err().to_string();
    assert!(e.contains("header says material 1001"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn opening_maps_each_slice_on_first_use_and_plays_on_without_a_changed_one() {
    let dir = temp_dir("open");
    let db = egdb();
    write_slices(&dir, &[2, 3]);
    let opened = Egdb::open(&dir, Variant::English).unwrap();
    assert_eq!(opened.max_pieces(), 3);
    for fen in ["W:WK1:BK32", "W:W27:B5,6", "B:WK14,K15:B1", "W:WK10:BK1,K2"] {
        assert_eq!(opened.probe(&pos(fen)), db.probe(&pos(fen)), "{fen}");
    }
    // A slice replaced after opening by a file of another length (renamed
    // over it, as a build writes): its header no longer reads as opened, so
    // that slice alone is played without.
    let kings_two_one = pos("W:WK10,K14:BK1");
    let material = Material::of(&kings_two_one);
    let path = dir.join(file_name(Variant::English, material));
    let mut bytes = std::fs::read(&path).unwrap();
    let opened = Egdb::open(&dir, Variant::English).unwrap();
    // A slice mapped before its file is replaced keeps its entries.
    let man_two_men = pos("W:W27:B5,6");
    let mapped_before = opened.probe(&man_two_men);
    let replace = |path: &std::path::Path| {
        let temp = dir.join(".replacement");
        let bytes = std::fs::read(path).unwrap();
        std::fs::write(&temp, &bytes[..HEADER_LEN + 10]).unwrap();
        std::fs::rename(&temp, path).unwrap();
    };
    let man_two_men_path = dir.join(file_name(Variant::English, Material::of(&man_two_men)));
    let man_two_men_bytes = std::fs::read(&man_two_men_path).unwrap();
    replace(&man_two_men_path);
    replace(&path);
    assert_eq!(opened.probe(&kings_two_one), None);
    assert_eq!(opened.probe(&man_two_men), mapped_before);
    assert_eq!(opened.probe(&pos("W:WK1:BK32")), Some(Value::Draw));
    std::fs::write(&man_two_men_path, man_two_men_bytes).unwrap();
    // A file cut short is refused when the tables are opened.
    let e = Egdb::open(&dir, Variant::English).unwrap_err().to_string();
    assert!(e.contains("corrupt") && e.contains("entries"), "{e}");
    // Entries that no longer match their checksum: mapping reads no more
    // than the page probed, so the tables open and play the entry as it
    // is; reading them all (`Egdb::load`, and `egdb build`, which keeps a
    // slice only when it reads whole) finds the change.
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let opened = Egdb::open(&dir, Variant::English).unwrap();
    assert_eq!(opened.probe(&pos("W:WK1:BK32")), Some(Value::Draw));
    let e = Egdb::load(&dir, Variant::English).unwrap_err().to_string();
    assert!(e.contains("checksum"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Both sides play with the tables at a shallow depth, the game keeping its
/// history (repetitions draw): the stronger side must win.
fn plays_out(fen: &str, winner: Color) {
    let start = pos(fen);
    let won = if start.side_to_move() == winner {
        "win"
    } else {
        "loss"
    };
    assert!(
        value(fen).describe().starts_with(won),
        "{fen}: {:?}",
        value(fen)
    );
    let mut game = Game::from_position(pos(fen));
    let probe: Arc<dyn crate::search::ExactProbe<_>> = egdb();
    let mut engine =
        Searcher::new(Level::MAX.config(0), CheckersEval::Positional).with_exact(Some(probe));
    while game.outcome().is_none() && game.ply_count() < 200 {
        let info = search_game(&mut engine, &game, Limits::depth(3));
        game.play(&info.best_move.unwrap()).unwrap();
    }
    let outcome = game.outcome().expect("the game ends");
    assert_eq!(
        outcome.winner(),
        Some(winner),
        "{fen}: {outcome:?} after {} plies",
        game.ply_count()
    );
}

#[test]
fn the_search_converts_won_endings() {
    plays_out("W:WK1,K2:BK32", Color::White);
    plays_out("B:WK14,K18:BK3", Color::White);
    plays_out("W:W27,K10:BK30", Color::White);
    plays_out("B:WK28:BK5,K6", Color::Black);
}
