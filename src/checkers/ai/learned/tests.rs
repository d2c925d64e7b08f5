//! Tests of the learned evaluation: the shipped file, the format's checks,
//! the sample records, and (feature az-train) float against integer
//! inference.

use super::data::{parse_samples, self_play_batch, Sample, SelfPlaySpec, DATA_MAGIC, SAMPLE_BYTES};
use super::features::{compact, MoverBoard};
use super::net::{NetFileError, QuantNet};
use super::{evaluate, EvalNet, ENGLISH_NET, RUSSIAN_NET, SHIPPED_NETS};
use crate::checkers::game::Game;
use crate::checkers::position::Position;
use crate::checkers::rules::{BoardSize, Variant};
use crate::core::rng::Rng;

/// Positions from a few random English games.
fn sample_positions(count: usize) -> Vec<Position> {
    positions_of(Variant::English, count)
}

/// Positions from a few random games under `variant`'s rules.
fn positions_of(variant: Variant, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(7);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Game::new(variant);
        while game.outcome().is_none() && out.len() < count {
            out.push(*game.position());
            let moves = game.legal_moves();
            game.play(&moves[rng.index(moves.len())]).unwrap();
        }
    }
    out
}

const VARIANTS: [Variant; 3] = [Variant::Tournament, Variant::English, Variant::Russian];

#[test]
fn every_rule_set_has_a_shipped_network_that_reads() {
    let set = EvalNet::shipped().expect("the shipped networks must read");
    for (variant, bytes) in SHIPPED_NETS {
        assert!(
            bytes.len() <= 200 * 1024,
            "{variant}: {} bytes",
            bytes.len()
        );
    }
    for variant in VARIANTS {
        let net = set
            .net(variant)
            .unwrap_or_else(|| panic!("{variant} has a network"));
        assert!(net.h1() >= 1 && net.h2() >= 1);
        let score = evaluate(&Position::start(variant)).expect("every rule set is learned");
        assert!(
            score.abs() < 100,
            "{variant}: the start is roughly even, got {score}"
        );
    }
    // International draughts has its own, reading the 10x10 board.
    let ten = set.net(Variant::International).expect("a 10x10 network");
    assert_eq!(ten.board(), BoardSize::Ten);
    let start = crate::checkers::international::Position::start(Variant::International);
    let score = evaluate(&start).expect("10x10 is learned");
    assert!(
        score.abs() < 100,
        "the 10x10 start is roughly even, got {score}"
    );
}

#[test]
fn each_rule_set_is_evaluated_by_its_own_network() {
    let set = EvalNet::shipped().unwrap();
    for variant in VARIANTS {
        let position = positions_of(variant, 30)[29];
        let board = compact(&position);
        let own = set.net(variant).unwrap().evaluate(&board);
        assert_eq!(evaluate(&position), Some(own), "{variant}");
        let others: Vec<i32> = VARIANTS
            .iter()
            .filter(|v| **v != variant)
            .map(|v| set.net(*v).unwrap().evaluate(&board))
            .collect();
        assert!(
            others.iter().all(|s| *s != own),
            "{variant}: another network gave the same score {own}: {others:?}"
        );
    }
}

/// The browser's worker builds its set a rule set at a time: an empty set
/// evaluates nothing (the caller falls back to positional), each added file
/// serves its own rule set alone, the set it came from is left as it was,
/// and a damaged file adds nothing.
#[test]
fn a_set_grows_one_rule_set_at_a_time_from_files() {
    let empty = EvalNet::empty();
    let english = Position::start(Variant::English);
    let russian = Position::start(Variant::Russian);
    assert_eq!(empty.evaluate(&english), None);
    let one = empty.with_net(Variant::English, ENGLISH_NET).unwrap();
    assert_eq!(one.evaluate(&english), evaluate(&english));
    assert_eq!(
        one.evaluate(&russian),
        None,
        "only the rule set it was given"
    );
    assert_eq!(empty.evaluate(&english), None, "the old set is unchanged");
    assert_ne!(one, empty);
    let two = one.with_net(Variant::Russian, RUSSIAN_NET).unwrap();
    assert_eq!(two.evaluate(&russian), evaluate(&russian));
    assert_eq!(two.evaluate(&english), evaluate(&english), "kept");
    assert_eq!(
        one.with_net(Variant::Russian, &RUSSIAN_NET[..100]).err(),
        QuantNet::parse(&RUSSIAN_NET[..100]).err()
    );
    assert_eq!(format!("{empty:?}"), "EvalNet()");
}

#[test]
fn a_man_up_scores_better_than_a_man_down() {
    for variant in VARIANTS {
        let mut up = 0;
        let positions = positions_of(variant, 400);
        let lopsided: Vec<_> = positions
            .iter()
            .filter(|p| {
                let b = compact(p);
                b.own.count_ones() != b.enemy.count_ones()
            })
            .collect();
        for p in &lopsided {
            let b = compact(p);
            let ahead = b.own.count_ones() > b.enemy.count_ones();
            let score = evaluate(p).unwrap();
            up += usize::from((score > 0) == ahead);
        }
        assert!(
            up * 10 >= lopsided.len() * 7,
            "{variant}: {up} of {}",
            lopsided.len()
        );
    }
}

#[test]
fn damaged_network_files_are_refused_with_a_reason() {
    let good = ENGLISH_NET.to_vec();
    assert!(QuantNet::parse(&good).is_ok());
    assert!(matches!(
        QuantNet::parse(&[]),
        Err(NetFileError::Length(0, _))
    ));
    let mut magic = good.clone();
    magic[0] = b'X';
    assert_eq!(QuantNet::parse(&magic), Err(NetFileError::Magic));
    let truncated = &good[..good.len() - 3];
    assert!(matches!(
        QuantNet::parse(truncated),
        Err(NetFileError::Length(..))
    ));
    let mut flipped = good.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x40;
    assert_eq!(QuantNet::parse(&flipped), Err(NetFileError::Checksum));
    let mut shape = good.clone();
    shape[10] = 0;
    shape[11] = 0;
    assert!(matches!(
        QuantNet::parse(&shape),
        Err(NetFileError::Shape(_))
    ));
    for cut in (0..good.len()).step_by(997) {
        assert!(QuantNet::parse(&good[..cut]).is_err());
    }
}

#[test]
fn samples_survive_the_file_and_bad_files_are_refused() {
    let positions = sample_positions(50);
    let samples: Vec<Sample> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| Sample {
            board: compact(p),
            score: i as i16 * 7 - 100,
            result: (i % 3) as i8 - 1,
            ply: i as u8,
        })
        .collect();
    let mut file = DATA_MAGIC.to_vec();
    samples.iter().for_each(|s| file.extend(s.to_bytes()));
    assert_eq!(parse_samples(&file).unwrap(), samples);
    assert!(parse_samples(&file[..file.len() - 1]).is_err());
    assert!(parse_samples(&file[1..]).is_err());
    let mut overlapping = file.clone();
    overlapping[DATA_MAGIC.len() + 4..DATA_MAGIC.len() + 8].copy_from_slice(&[1, 0, 0, 0]);
    overlapping[DATA_MAGIC.len()..DATA_MAGIC.len() + 4].copy_from_slice(&[1, 0, 0, 0]);
    assert!(parse_samples(&overlapping).is_err());
    assert_eq!(SAMPLE_BYTES, samples[0].to_bytes().len());
}

#[test]
fn a_folder_of_batches_is_read_as_its_data_files_in_name_order() {
    use super::data::data_files;
    let dir = std::env::temp_dir().join(format!("warcaby-data-files-{}", std::process::id()));
    let run = dir.join("run");
    std::fs::create_dir_all(&run).unwrap();
    for name in [
        "batch-00001.dat",
        "batch-00000.dat",
        "selfplay.json",
        "batch-00002.dat.tmp",
    ] {
        std::fs::write(run.join(name), DATA_MAGIC).unwrap();
    }
    let single = dir.join("one.dat");
    let files = data_files(&[single.clone(), run.clone()]).unwrap();
    let expected = [
        single,
        run.join("batch-00000.dat"),
        run.join("batch-00001.dat"),
    ];
    assert_eq!(files, expected);
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let err = data_files(&[empty]).unwrap_err();
    assert!(err.contains("no .dat files"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn self_play_batches_side_by_side_are_one_longer_run() {
    let openings = crate::checkers::ballots::openings(Variant::Tournament).unwrap();
    let spec = SelfPlaySpec {
        nodes: 300,
        random_plies: 4,
        eval: crate::checkers::ai::CheckersEval::Positional,
    };
    let whole = self_play_batch(&openings, 10, 4, 7, &spec).unwrap();
    let halves = [
        self_play_batch(&openings, 10, 2, 7, &spec).unwrap(),
        self_play_batch(&openings, 12, 2, 7, &spec).unwrap(),
    ];
    assert_eq!((whole.games, halves[0].games), (4, 2));
    assert!(whole.positions > 40, "{} positions", whole.positions);
    assert_eq!(whole.positions, halves[0].positions + halves[1].positions);
    let mut joined = halves[0].bytes.clone();
    joined.extend_from_slice(&halves[1].bytes[DATA_MAGIC.len()..]);
    assert_eq!(joined, whole.bytes);
    assert_eq!(parse_samples(&whole.bytes).unwrap().len(), whole.positions);
    // Another seed plays other games.
    let other = self_play_batch(&openings, 10, 4, 8, &spec).unwrap();
    assert_ne!(other.bytes, whole.bytes);
}

#[test]
fn the_view_is_the_same_for_either_colour_to_move() {
    // The start position with Black to move and its colour-reversed twin
    // (White to move, board turned) look alike to the side to move.
    let start = Position::start(Variant::English);
    let view = compact(&start);
    assert_eq!(view.own.count_ones(), 12);
    assert_eq!(view.own & view.enemy, 0);
    assert_eq!(view.kings, 0);
    let white = start.with_side_to_move(crate::core::Color::White);
    let turned = compact(&white);
    assert_eq!(
        MoverBoard {
            own: turned.enemy.reverse_bits() >> 32,
            enemy: turned.own.reverse_bits() >> 32,
            kings: 0
        },
        view
    );
}

#[cfg(feature = "az-train")]
#[test]
fn float_and_integer_inference_agree() {
    use super::train::{FloatNet, TrainConfig};
    let mut boards: Vec<MoverBoard> = sample_positions(300).iter().map(compact).collect();
    boards.extend(random_boards(300));
    for buckets in [1, 3] {
        let config = TrainConfig {
            board: BoardSize::Eight,
            h1: 48,
            h2: 16,
            buckets,
            scale: 150.0,
            blend: 0.5,
            lr: 1e-3,
            batch: 64,
            seed: 3,
        };
        let net = FloatNet::new(config).unwrap();
        let quant = QuantNet::parse(&net.export().unwrap()).unwrap();
        assert_eq!(quant.shape().buckets, buckets);
        let float = net.evaluate(&boards).unwrap();
        for (b, f) in boards.iter().zip(float) {
            let q = quant.evaluate(b) as f32;
            assert!(
                (q - f).abs() <= 2.0 + 0.02 * f.abs(),
                "{buckets} buckets, {b:?}: float {f}, integer {q}"
            );
        }
    }
}

/// A network whose every weight is zero and whose output bias in bucket
/// `k` is `k + 1` (hundredths of a man at scale 1).
fn bucket_probe(buckets: usize) -> QuantNet {
    use super::features::INPUTS;
    use super::net::{quantise, Shape};
    let (h1, h2) = (64, 32);
    let b3: Vec<f32> = (0..buckets).map(|k| k as f32 + 1.0).collect();
    let bytes = quantise(
        Shape {
            board: BoardSize::Eight,
            h1,
            h2,
            buckets,
        },
        1.0,
        [
            &vec![0.0; INPUTS * h1],
            &vec![0.0; h1],
            &vec![0.0; buckets * h2 * h1],
            &vec![0.0; buckets * h2],
            &vec![0.0; buckets * h2],
            &b3,
        ],
    )
    .unwrap();
    QuantNet::parse(&bytes).unwrap()
}

#[test]
fn each_stage_of_the_game_is_judged_by_its_own_bucket() {
    use super::net::bucket_of;
    // Four buckets: 1-6, 7-12, 13-18, 19-24 pieces.
    let ranges: Vec<usize> = (1..=24)
        .map(|p| bucket_of(p, 4, BoardSize::Eight))
        .collect();
    assert_eq!(ranges[..6], [0; 6]);
    assert_eq!(ranges[6..12], [1; 6]);
    assert_eq!(ranges[12..18], [2; 6]);
    assert_eq!(ranges[18..], [3; 6]);
    assert!((1..=24).all(|p| bucket_of(p, 1, BoardSize::Eight) == 0));
    let net = bucket_probe(4);
    assert!(net.is_fast());
    let start = compact(&Position::start(Variant::English));
    assert_eq!(net.evaluate(&start), 4);
    for board in random_boards(2000) {
        let want = bucket_of(board.piece_count() as usize, 4, BoardSize::Eight) as i32 + 1;
        assert_eq!(net.evaluate(&board), want, "{board:?}");
        assert_eq!(net.forward(&board), net.forward_any(&board));
    }
}

#[test]
fn a_bucketed_network_file_reads_back_and_bad_bucket_counts_are_refused() {
    use super::net::{file_len, Shape};
    let net = bucket_probe(3);
    let [w1, b1, w2, b2, w3, b3] = net.float_layers();
    let layers = [&w1[..], &b1, &w2, &b2, &w3, &b3];
    let bytes = super::net::quantise(net.shape(), 1.0, layers).unwrap();
    assert_eq!(bytes.len(), file_len(net.shape()));
    assert_eq!(QuantNet::parse(&bytes).unwrap(), net);
    // Nine buckets: more than a file may have.
    let mut nine = bytes.clone();
    nine[14] = 9;
    assert!(matches!(
        QuantNet::parse(&nine),
        Err(NetFileError::Shape(_))
    ));
    // Two buckets declared on three buckets' weights: the length is wrong.
    let mut two = bytes.clone();
    two[14] = 2;
    assert!(matches!(
        QuantNet::parse(&two),
        Err(NetFileError::Length(..))
    ));
    // Layers of the wrong size for the shape are refused when written.
    let four = Shape {
        buckets: 4,
        ..net.shape()
    };
    assert!(super::net::quantise(four, 1.0, layers).is_err());
}

#[test]
fn a_network_read_back_as_floats_quantises_to_the_same_file() {
    use super::net::quantise;
    for (variant, bytes) in SHIPPED_NETS {
        let net = QuantNet::parse(bytes).unwrap();
        let [w1, b1, w2, b2, w3, b3] = net.float_layers();
        let layers = [&w1[..], &b1, &w2, &b2, &w3, &b3];
        let again = quantise(net.shape(), net.scale(), layers).unwrap();
        assert_eq!(&again[..], *bytes, "{variant}");
    }
}

#[cfg(feature = "az-train")]
#[test]
fn training_goes_on_from_a_network_file() {
    use super::train::{FloatNet, TrainConfig};
    let shipped = QuantNet::parse(ENGLISH_NET).unwrap();
    let config = TrainConfig {
        board: BoardSize::Eight,
        h1: 8,
        h2: 8,
        buckets: 2,
        scale: 1.0,
        blend: 0.5,
        lr: 1e-3,
        batch: 64,
        seed: 3,
    };
    let net = FloatNet::from_net(config, &shipped).unwrap();
    let taken = net.config();
    assert_eq!(
        (taken.h1, taken.h2, taken.buckets, taken.scale),
        (shipped.h1(), shipped.h2(), 1, shipped.scale())
    );
    assert_eq!(net.export().unwrap(), ENGLISH_NET);
    let boards: Vec<MoverBoard> = sample_positions(200).iter().map(compact).collect();
    for (b, f) in boards.iter().zip(net.evaluate(&boards).unwrap()) {
        let q = shipped.evaluate(b) as f32;
        assert!(
            (q - f).abs() <= 2.0 + 0.02 * f.abs(),
            "{b:?}: float {f}, integer {q}"
        );
    }
}

/// Random boards with up to 24 pieces anywhere (men off their crowning
/// rows), beyond what games reach.
fn random_boards(count: usize) -> Vec<MoverBoard> {
    let mut rng = Rng::new(11);
    (0..count)
        .map(|_| {
            let (mut own, mut enemy, mut kings) = (0u64, 0u64, 0u64);
            for _ in 0..rng.index(25) {
                let sq = rng.index(32);
                let bit = 1u64 << sq;
                if (own | enemy) & bit != 0 {
                    continue;
                }
                if rng.index(2) == 0 {
                    own |= bit;
                } else {
                    enemy |= bit;
                }
                if rng.index(4) == 0 {
                    kings |= bit;
                }
            }
            MoverBoard { own, enemy, kings }
        })
        .collect()
}

#[test]
fn the_fast_pass_equals_the_general_one_on_the_shipped_networks() {
    let set = EvalNet::shipped().unwrap();
    for variant in VARIANTS {
        let net = set.net(variant).unwrap();
        assert!(
            net.is_fast(),
            "{variant}: the shipped network should take the fast pass"
        );
        let games = positions_of(variant, 2000)
            .iter()
            .map(compact)
            .collect::<Vec<_>>();
        for board in games.iter().chain(&random_boards(5000)) {
            assert_eq!(net.forward(board), net.forward_any(board), "{board:?}");
        }
    }
}

#[test]
fn a_network_whose_sums_could_leave_i16_is_summed_in_i32() {
    use super::features::INPUTS;
    use super::net::quantise;
    let (h1, h2) = (64, 32);
    // Every layer-1 weight 20 (5,120 in fixed point): 24 men sum to
    // 122,880, beyond i16; every neuron saturates at 1.
    let w1 = vec![20.0f32; INPUTS * h1];
    let w2 = vec![1.0 / 64.0; h2 * h1];
    let bytes = quantise(
        (h1, h2),
        1.0,
        [
            &w1,
            &vec![0.0; h1],
            &w2,
            &vec![0.0; h2],
            &vec![1.0; h2],
            &[0.0],
        ],
    )
    .unwrap();
    let net = QuantNet::parse(&bytes).unwrap();
    assert!(!net.is_fast());
    // Layer 2: 64 saturated inputs x 1/64 = 1 per neuron; the output sums 32.
    let start = compact(&Position::start(Variant::English));
    assert_eq!(net.evaluate(&start), 32);
}

#[test]
fn a_wider_or_bucketed_network_takes_a_fast_pass_equal_to_the_general_one() {
    use super::features::INPUTS;
    use super::net::{quantise, Shape};
    let mut rng = Rng::new(5);
    let mut small = |n: usize, bound: f32| -> Vec<f32> {
        (0..n)
            .map(|_| (rng.index(2001) as f32 / 1000.0 - 1.0) * bound)
            .collect()
    };
    for (h1, buckets) in [(128, 1), (128, 4), (64, 2)] {
        let h2 = 32;
        let shape = Shape {
            board: BoardSize::Eight,
            h1,
            h2,
            buckets,
        };
        let bytes = quantise(
            shape,
            100.0,
            [
                &small(INPUTS * h1, 0.2),
                &small(h1, 0.5),
                &small(buckets * h2 * h1, 0.3),
                &small(buckets * h2, 0.5),
                &small(buckets * h2, 1.0),
                &small(buckets, 0.5),
            ],
        )
        .unwrap();
        let net = QuantNet::parse(&bytes).unwrap();
        assert!(net.is_fast(), "{shape}");
        for board in random_boards(3000) {
            assert_eq!(net.forward(&board), net.forward_any(&board), "{shape}");
        }
    }
}

#[test]
fn validation_holds_out_whole_games() {
    use super::data::{game_ranges, split_by_game};
    let sample = |ply: u8, result: i8| Sample {
        board: MoverBoard::default(),
        score: ply as i16,
        result,
        ply,
    };
    // Three games: plies 4..9, 3..7 and one that runs past 255 (saturated).
    let mut samples: Vec<Sample> = (4..10).map(|p| sample(p, 1)).collect();
    samples.extend((3..8).map(|p| sample(p, 0)));
    samples.extend([6, 100, 200, 254, 255, 255, 255].map(|p| sample(p, -1)));
    let ranges = game_ranges(&samples);
    assert_eq!(ranges, vec![0..6, 6..11, 11..18]);
    for seed in 0..20 {
        let (train, validation) = split_by_game(&samples, 0.3, seed);
        assert_eq!(train.len() + validation.len(), samples.len());
        // One game of three held out (0.3 of 3, rounded), whole.
        let held: std::collections::BTreeSet<i8> = validation.iter().map(|s| s.result).collect();
        assert_eq!(held.len(), 1, "seed {seed}");
        assert!(
            train.iter().all(|s| !held.contains(&s.result)),
            "seed {seed}"
        );
    }
    // A single game is all training; none is no sample at all.
    assert_eq!(split_by_game(&samples[..6], 0.5, 1).1.len(), 0);
    assert_eq!(split_by_game(&[], 0.5, 1), (vec![], vec![]));
    // Real self-play: a batch's games are found as played.
    let spec = SelfPlaySpec {
        nodes: 300,
        random_plies: 2,
        eval: crate::checkers::ai::CheckersEval::Positional,
    };
    let openings = crate::checkers::ballots::openings(Variant::English).unwrap();
    let batch = self_play_batch(&openings, 0, 4, 9, &spec).unwrap();
    let samples = parse_samples(&batch.bytes).unwrap();
    assert_eq!(game_ranges(&samples).len(), 4);
}

/// Positions from a few random international (10x10) games.
fn positions_10x10(count: usize) -> Vec<crate::checkers::international::Position> {
    use crate::checkers::game::GameOf;
    use crate::checkers::geometry::Board10;
    let mut rng = Rng::new(5);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = GameOf::<Board10>::new(Variant::International);
        while game.outcome().is_none() && out.len() < count {
            out.push(*game.position());
            let moves = game.legal_moves();
            game.play(&moves[rng.index(moves.len())]).unwrap();
        }
    }
    out
}

#[test]
fn the_10x10_view_holds_every_piece_on_its_50_squares_and_either_colour_alike() {
    use crate::checkers::international::Position as Position10;
    let start = Position10::start(Variant::International);
    let view = compact(&start);
    // White moves first, its men on 31-50, the four ranks nearest it: the
    // first 20 of the 50 squares in bit order (rank 1 first).
    assert_eq!(view.own, (1u64 << 20) - 1);
    assert_eq!(view.enemy, ((1u64 << 20) - 1) << 30);
    assert!(view.fits(50) && !view.fits(49));
    for pos in positions_10x10(400) {
        let view = compact(&pos);
        assert_eq!(view.piece_count(), pos.occupied().count(), "{pos:?}");
        assert!(view.fits(50));
        // The colour-reversed twin looks the same to its side to move.
        let twin = compact(&pos.with_side_to_move(pos.side_to_move().opponent()));
        let turn = |mask: u64| mask.reverse_bits() >> (64 - 50);
        assert_eq!(turn(twin.own), view.enemy);
        assert_eq!(turn(twin.enemy), view.own);
        assert_eq!(turn(twin.kings), view.kings);
    }
}

#[test]
fn samples_of_the_10x10_board_have_a_file_of_their_own() {
    use super::data::{data_magic, parse_data, sample_bytes};
    use crate::checkers::ai::InternationalEval;
    use crate::checkers::game::GameOf;
    use crate::checkers::geometry::Board10;
    let openings = [GameOf::<Board10>::new(Variant::International)];
    let spec = SelfPlaySpec {
        nodes: 300,
        random_plies: 6,
        eval: InternationalEval::Plain,
    };
    let batch = self_play_batch(&openings, 0, 2, 3, &spec).unwrap();
    assert!(batch.bytes.starts_with(data_magic(BoardSize::Ten)));
    assert_eq!(
        batch.bytes.len(),
        8 + batch.positions * sample_bytes(BoardSize::Ten)
    );
    let (board, samples) = parse_data(&batch.bytes).unwrap();
    assert_eq!((board, samples.len()), (BoardSize::Ten, batch.positions));
    // Pieces past the 32nd square survive the round trip.
    assert!(samples
        .iter()
        .any(|s| (s.board.own | s.board.enemy) >> 32 != 0));
    // An 8x8 reader refuses it by name; a piece off the board is refused.
    assert!(parse_samples(&batch.bytes).unwrap_err().contains("10x10"));
    let mut off = batch.bytes.clone();
    off[8 + 6] |= 0x80; // bit 54 of the first sample's own pieces
    assert!(parse_data(&off).is_err());
    // The same games again: the same bytes.
    assert_eq!(self_play_batch(&openings, 0, 2, 3, &spec).unwrap(), batch);
}

#[test]
fn a_network_reads_the_board_it_was_made_for_and_no_other() {
    let eight = bucket_probe(1);
    let [w1, b1, w2, b2, w3, b3] = eight.float_layers();
    let layers = [&w1[..], &b1, &w2, &b2, &w3, &b3];
    let eight_bytes = super::net::quantise(eight.shape(), 1.0, layers).unwrap();
    // An 8x8 file serves the 8x8 rule sets only.
    let set = EvalNet::from_bytes(&eight_bytes).unwrap();
    assert!(set.net(Variant::English).is_some() && set.net(Variant::Brazilian).is_some());
    assert!(set.net(Variant::International).is_none());
    assert!(set.evaluate(&positions_10x10(1)[0]).is_none());
    // ... and is refused as the 10x10 network.
    let refused = EvalNet::empty().with_net(Variant::International, &eight_bytes);
    assert!(matches!(refused, Err(NetFileError::Shape(why)) if why.contains("8x8")));
    // A 10x10 file the other way round.
    let ten_bytes = ten_probe();
    let ten = QuantNet::parse(&ten_bytes).unwrap();
    assert_eq!(ten.board(), BoardSize::Ten);
    assert!(EvalNet::empty()
        .with_net(Variant::Russian, &ten_bytes)
        .is_err());
    let set = EvalNet::empty()
        .with_net(Variant::International, &ten_bytes)
        .unwrap();
    assert!(set.net(Variant::International).is_some() && set.net(Variant::English).is_none());
    // Its output bias in the bucket of 40 pieces (the last of 4) is 4.
    let start = crate::checkers::international::Position::start(Variant::International);
    assert_eq!(set.evaluate(&start), Some(4));
}

/// A 10x10 network of zeros whose output bias in bucket `k` of 4 is `k + 1`.
fn ten_probe() -> Vec<u8> {
    use super::features::inputs;
    use super::net::{quantise, Shape};
    let (h1, h2, buckets) = (64, 32, 4);
    let b3: Vec<f32> = (0..buckets).map(|k| k as f32 + 1.0).collect();
    let shape = Shape {
        board: BoardSize::Ten,
        h1,
        h2,
        buckets,
    };
    let n = inputs(BoardSize::Ten);
    let zeros = |len: usize| vec![0.0f32; len];
    quantise(
        shape,
        1.0,
        [
            &zeros(n * h1),
            &zeros(h1),
            &zeros(buckets * h2 * h1),
            &zeros(buckets * h2),
            &zeros(buckets * h2),
            &b3,
        ],
    )
    .unwrap()
}

#[cfg(feature = "az-train")]
#[test]
fn float_and_integer_inference_agree_on_the_10x10_board() {
    use super::net::bucket_of;
    use super::train::{FloatNet, TrainConfig};
    let boards: Vec<MoverBoard> = positions_10x10(400).iter().map(compact).collect();
    // Four buckets of 40 pieces: 1-10, 11-20, 21-30, 31-40.
    assert_eq!(bucket_of(10, 4, BoardSize::Ten), 0);
    assert_eq!(bucket_of(11, 4, BoardSize::Ten), 1);
    assert_eq!(bucket_of(40, 4, BoardSize::Ten), 3);
    for (h1, buckets) in [(64, 1), (48, 2)] {
        let config = TrainConfig {
            board: BoardSize::Ten,
            h1,
            h2: 32,
            buckets,
            scale: 150.0,
            blend: 0.5,
            lr: 1e-3,
            batch: 64,
            seed: 4,
        };
        let net = FloatNet::new(config).unwrap();
        let quant = QuantNet::parse(&net.export().unwrap()).unwrap();
        assert_eq!(quant.board(), BoardSize::Ten);
        assert_eq!(quant.is_fast(), h1 == 64);
        let float = net.evaluate(&boards).unwrap();
        for (b, f) in boards.iter().zip(float) {
            let q = quant.evaluate(b) as f32;
            assert!(
                (q - f).abs() <= 2.0 + 0.02 * f.abs(),
                "{h1}x32/{buckets}, {b:?}: float {f}, integer {q}"
            );
            assert_eq!(quant.forward(b), quant.forward_any(b));
        }
    }
}

#[test]
fn training_files_are_read_all_of_one_board() {
    use super::data::{data_magic, read_data_files};
    let dir = std::env::temp_dir().join(format!("warcaby-boards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sample = Sample {
        board: compact(&Position::start(Variant::English)),
        score: 12,
        result: 0,
        ply: 3,
    };
    let (eight, ten) = (dir.join("a.dat"), dir.join("b.dat"));
    let mut bytes = DATA_MAGIC.to_vec();
    sample.write(BoardSize::Eight, &mut bytes);
    std::fs::write(&eight, &bytes).unwrap();
    std::fs::write(&ten, data_magic(BoardSize::Ten)).unwrap();
    let (board, read) = read_data_files(std::slice::from_ref(&eight)).unwrap();
    assert_eq!((board, read), (BoardSize::Eight, vec![sample]));
    assert_eq!(
        read_data_files(std::slice::from_ref(&ten)).unwrap(),
        (BoardSize::Ten, vec![])
    );
    let err = read_data_files(&[eight, ten]).unwrap_err();
    assert!(
        err.contains("b.dat") && err.contains("10x10 board among 8x8"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_mover_board_turns_back_into_a_position_with_the_same_view() {
    use crate::checkers::geometry::{Board10, Board8};
    use crate::checkers::position::PositionOf;
    for pos in sample_positions(300) {
        let view = compact(&pos);
        let back: Position = view.to_position(Variant::English).unwrap();
        assert_eq!(compact(&back), view, "{}", pos.to_fen());
        assert_eq!(back.side_to_move(), crate::core::Color::White);
        // The same legal moves, seen from the mover's side: as many of them.
        assert_eq!(back.legal_moves().len(), pos.legal_moves().len());
    }
    let mut rng = Rng::new(3);
    let mut game = crate::checkers::game::GameOf::<Board10>::new(Variant::International);
    while game.outcome().is_none() && game.ply_count() < 120 {
        let view = compact(game.position());
        let back: PositionOf<Board10> = view.to_position(Variant::International).unwrap();
        assert_eq!(compact(&back), view);
        let moves = game.legal_moves();
        game.play(&moves[rng.index(moves.len())]).unwrap();
    }
    // A man of the side to move on its crowning row is no position.
    let crowned_man = MoverBoard {
        own: 1 << 31,
        enemy: 1,
        kings: 0,
    };
    let own_row = crowned_man.to_position::<Board8>(Variant::English);
    let other = MoverBoard {
        own: 1,
        enemy: 1 << 31,
        kings: 0,
    }
    .to_position::<Board8>(Variant::English);
    assert!(own_row.is_err() || other.is_err());
}

#[test]
fn adjudication_gives_each_game_the_result_its_first_known_position_has() {
    use super::data::{adjudicate, Adjudication};
    let board = |pieces: u32| MoverBoard {
        own: (1u64 << pieces.div_ceil(2)) - 1,
        enemy: ((1u64 << (pieces / 2)) - 1) << 20,
        kings: 0,
    };
    let sample = |pieces: u32, ply: u8, result: i8| Sample {
        board: board(pieces),
        score: 0,
        result,
        ply,
    };
    // Known: 3 pieces, a win for the side to move; 2 pieces, a draw.
    let probe = |b: &MoverBoard| match b.piece_count() {
        3 => Some(1),
        2 => Some(0),
        _ => None,
    };
    // Games follow one another as their plies fall back ([`game_ranges`]).
    let mut samples = vec![
        // A game whose ply saturated before the tables: the earlier
        // position cannot be turned to its mover and keeps its result.
        sample(8, 200, 0),
        sample(3, 255, 0),
        // A drawn game whose first known position (ply 20) was won.
        sample(8, 10, 0),
        sample(8, 11, 0),
        sample(6, 15, 0),
        sample(3, 20, 0),
        sample(2, 25, 0),
        // A game that never reached the tables keeps its result.
        sample(8, 9, 1),
        sample(8, 10, -1),
    ];
    let done = adjudicate(&mut samples, probe);
    let results: Vec<i8> = samples.iter().map(|s| s.result).collect();
    assert_eq!(results, [0, 1, 1, -1, -1, 1, 0, 1, -1]);
    assert_eq!(
        done,
        Adjudication {
            games: 3,
            reached: 2,
            changed: 5,
            games_changed: 2,
        }
    );
}

/// A rescored sample takes the score a fresh search of its board gives
/// (the board as the side to move sees it), keeps its result and ply, and
/// a found win is kept at [`super::data::RESCORED_WIN`]; a board that is
/// no legal position is refused by its index.
#[test]
fn rescoring_gives_each_board_a_fresh_search_score() {
    use super::data::{rescore, self_play_engine, RESCORED_WIN};
    use crate::checkers::ai::{search_position, CheckersEval};
    use crate::search::Limits;
    let spec = SelfPlaySpec {
        nodes: 400,
        random_plies: 0,
        eval: CheckersEval::Positional,
    };
    let sample = |fen: &str, score, result, ply| Sample {
        board: compact(&Position::from_fen(fen, Variant::English).unwrap()),
        score,
        result,
        ply,
    };
    let middle = "B:W18,19,21,22,23,24,26,27,28,30,31,32:B1,2,3,5,6,7,9,10,11,12,14,15";
    let won = "W:W22:B18";
    for (fen, result, ply) in [(middle, 0, 9), (won, 1, 80)] {
        let input = sample(fen, -7, result, ply);
        let mut engine = self_play_engine(&spec);
        let got = rescore(&[input], Variant::English, 400, &mut engine).unwrap();
        let pos: Position = input.board.to_position(Variant::English).unwrap();
        let mut fresh = self_play_engine(&spec);
        let searched = search_position(&mut fresh, &pos, Limits::nodes(400)).score;
        let want = searched.clamp(-(RESCORED_WIN as i32), RESCORED_WIN as i32) as i16;
        assert_eq!(
            got,
            [Sample {
                score: want,
                ..input
            }],
            "{fen}"
        );
        assert_ne!(want, -7, "{fen}: a score of its own");
    }
    let mut engine = self_play_engine(&spec);
    let won = rescore(
        &[sample(won, -7, 1, 80)],
        Variant::English,
        400,
        &mut engine,
    )
    .unwrap();
    assert_eq!(
        won[0].score, RESCORED_WIN,
        "three kings against one, to move"
    );
    let crowned_man = Sample {
        // The mover's man on the far row, where it would have crowned
        // (the mover's men start on the low squares).
        board: MoverBoard {
            own: 1 << 31,
            enemy: 1 << 10,
            kings: 0,
        },
        score: 0,
        result: 0,
        ply: 3,
    };
    let ok = sample(middle, 0, 0, 1);
    let err = rescore(&[ok, crowned_man], Variant::English, 100, &mut engine).unwrap_err();
    assert!(err.starts_with("sample 1:"), "{err}");
}
