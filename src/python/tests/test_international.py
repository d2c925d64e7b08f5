"""International draughts (10x10, ``Board("international")``) from Python:
the FMJD's moves and draws, FEN and PDN, the search with its ``plain``
evaluation, the refusals of what is 8x8 only, and the moves of random
games checked position by position against pydraughts' ``standard``
variant (installed by tests/run_all.sh)."""

import random

import numpy as np
import pytest

import warcaby
from warcaby import Board, IllegalMoveError, InvalidFenError, WarcabyError, contest

START = "W:W" + ",".join(map(str, range(31, 51))) + ":B" + ",".join(map(str, range(1, 21)))


def pieces(fen):
    """A FEN as (side to move, White's pieces, Black's pieces), whatever the
    order of its squares: pydraughts writes them unsorted."""
    turn, *fields = fen.strip().split(":")
    sides = {}
    for field in fields:
        sides[field[0]] = frozenset(s for s in field[1:].split(",") if s)
    return turn, sides.get("W", frozenset()), sides.get("B", frozenset())


def test_the_start_has_20_men_a_side_and_9_moves():
    board = Board("international")
    assert board.variant == "international" and board.turn == "white"
    assert board.fen() == START
    assert sorted(str(m) for m in board.legal_moves) == sorted(
        ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"])
    assert [warcaby.perft(board, d) for d in range(1, 5)] == [9, 81, 658, 4265]
    assert board.piece_at(46).color == "white" and board.piece_at(1).color == "black"
    assert board.piece_at(25) is None and board.piece_at("a1") == board.piece_at(46)
    drawing = str(board).splitlines()
    assert drawing[0] == "10   x   x   x   x   x" and drawing[-2] == "   a b c d e f g h i j"


def test_the_most_pieces_must_be_taken_a_king_counting_one():
    # 33x22x13 takes two men; 33x24 would take the king on 29, one piece.
    board = Board("international", fen="W:W33:B28,K29,18")
    moves = board.legal_moves
    assert [str(m) for m in moves] == ["33x13"]
    (m,) = moves
    assert (m.path, m.captures, m.full) == ([33, 22, 13], [18, 28], "33x22x13")
    assert not board.is_legal("33x24") and board.is_capture("33x13")
    # A flying king; the man that passes the crowning row in a capture stays a man.
    king = Board("international", fen="W:WK46:B41,32,23,14,7,8")
    assert sorted(str(m) for m in king.legal_moves) == ["46x11", "46x16"]
    assert all(len(m.captures) == 5 for m in king.legal_moves)
    # 14 takes 9 landing on 3 (the crowning row), then 8 to 12: a man.
    passing = Board("international", fen="W:W14:B9,8")
    m = passing.push("14x12")
    assert not m.promotes and passing.piece_at(12).role == "man"
    crowned = Board("international", fen="W:W13:B8")
    assert crowned.push("13x2").promotes and crowned.piece_at(2).role == "king"


def test_play_undo_fen_and_pdn_round_trip():
    rng = random.Random(10)
    board = Board("international")
    for _ in range(80):
        if board.is_game_over():
            break
        moves = board.legal_moves
        for m in moves:
            assert board.parse_move(str(m)) == m and board.parse_move(m.full) == m
            assert str(m) in moves and max(m.path) <= 50
        board.push(rng.choice(moves))
    again = Board("international", fen=board.fen())
    assert again == board and again.fen() == board.fen() and hash(again) == hash(board)
    text = board.pdn()
    assert '[GameType "20"]' in text
    replay = Board.from_pdn(text)  # the GameType tag says 10x10
    assert replay.variant == "international" and replay.ply() == board.ply()
    assert replay.fen() == board.fen()
    stack = board.move_stack
    while board.ply():
        board.pop()
    assert board.fen() == START
    for m in stack:
        board.push(m)
    assert board.fen() == replay.fen()
    assert Board.from_pdn("1. 32-28 19-23 2. 28x19 14x23 *", "international").ply() == 4


def walk_kings(board, plies, seen):
    """Plays `plies` quiet king moves that leave no capture to answer and
    reach a position not seen before (no repetition draw on the way)."""
    for _ in range(plies):
        assert not board.is_game_over(), board.outcome()
        for m in board.legal_moves:
            if m.is_capture:
                continue
            board.push(m)
            fresh = board.fen() not in seen
            if fresh and not any(r.is_capture for r in board.legal_moves):
                seen.add(board.fen())
                break
            board.pop()
        else:
            pytest.fail(f"no quiet move in {board.fen()}")


def test_the_fmjd_draws():
    # Two pieces with a king against a lone king: 5 moves each.
    board = Board("international", fen="W:WK47,K49:BK3")
    walk_kings(board, 10, set())
    outcome = board.outcome()
    assert (outcome.winner, outcome.result(), outcome.termination) == (None, "1/2-1/2", "endgame")
    assert board.legal_moves == []
    # Three: 16 moves each.
    board, seen = Board("international", fen="W:WK47,K49,K45:BK3"), set()
    walk_kings(board, 31, seen)
    assert board.outcome() is None
    walk_kings(board, 1, seen)
    assert board.outcome().termination == "endgame"
    # Kings only on both sides, more than a lone king: 25 moves each.
    board, seen = Board("international", fen="W:WK47,K49,K45:BK3,K1"), set()
    walk_kings(board, 49, seen)
    assert board.outcome() is None
    walk_kings(board, 1, seen)
    assert board.outcome().termination == "no_progress"
    # A side with no piece loses.
    board = Board("international", fen="W:W33:B28")
    board.push("33x22")
    assert board.outcome().result() == "1-0" and board.outcome().termination == "no_pieces"


def test_the_engine_beats_random_moves_to_the_end_of_a_game():
    rng = random.Random(36)
    board = Board("international")
    engine = "white"
    while not board.is_game_over():
        assert board.ply() < 600, board.fen()
        if board.turn == engine:
            result = warcaby.search(board, depth=3)
            assert result.move in board.legal_moves and result.pv[0] == result.move
            board.push(result.move)
        else:
            board.push(rng.choice(board.legal_moves))
    outcome = board.outcome()
    assert outcome.winner == engine, (outcome, board.fen())
    assert outcome.termination in ("no_pieces", "blocked")
    assert Board.from_pdn(board.pdn()).outcome().result() == "1-0"


def test_search_evaluate_and_moves_among():
    board = Board("international", fen="W:W33:B28,K29,18")
    assert str(warcaby.search(board, depth=2).move) == "33x13"
    assert warcaby.evaluate(Board("international")) == 0
    assert warcaby.evaluate(Board("international"), eval="plain") == 0
    start = Board("international")
    among = warcaby.search(start, depth=3, moves=["31-27", "35-30"])
    assert str(among.move) in ("31-27", "35-30")
    timed = warcaby.search(start, time_ms=50)
    assert timed.move in start.legal_moves


def test_the_learned_evaluation_reads_the_10x10_board():
    # Its own network (not an 8x8 one): level at the start, a man up is
    # better, and it plays the one maximum capture.
    start = Board("international")
    level = warcaby.evaluate(start, eval="learned")
    up = warcaby.evaluate(Board("international", fen="W:W31-50:B1-19"), eval="learned")
    assert abs(level) < 50 and up > level + 30, (level, up)
    board = Board("international", fen="W:W33:B28,K29,18")
    assert str(warcaby.search(board, depth=2, eval="learned").move) == "33x13"


def test_eight_by_eight_things_are_refused_on_10x10():
    board = Board("international")
    for name in ["positional", "material"]:
        with pytest.raises(WarcabyError, match='eval="plain"'):
            warcaby.search(board, depth=1, eval=name)
        with pytest.raises(WarcabyError, match="8x8"):
            warcaby.evaluate(board, eval=name)
    with pytest.raises(WarcabyError, match="unknown evaluation"):
        warcaby.search(Board(), depth=1, eval="plain")
    with pytest.raises(WarcabyError, match="silnik.py"):
        board.contest_board()
    with pytest.raises(WarcabyError, match="10x10"):
        board.legal_moves[0].steps
    with pytest.raises(WarcabyError, match="10x10"):
        contest.apply(Board().contest_board(), board.legal_moves[0])
    with pytest.raises(WarcabyError, match="tournament variant"):
        Board("international", contest=True)
    # A move of the other board is no move here, either way round.
    with pytest.raises(IllegalMoveError, match="other board"):
        board.push(Board().legal_moves[0])
    with pytest.raises(IllegalMoveError, match="other board"):
        Board().push(board.legal_moves[0])
    assert not board.is_legal(Board().legal_moves[0])
    assert board != Board() and Board() != board
    # The contest's bots play tournament checkers only.
    with pytest.raises(InvalidFenError, match="10x10 position"):
        warcaby.play(object(), games=1, fen=START)
    assert board.fen() == START and board.ply() == 0


def test_bad_input_raises_and_changes_nothing():
    board = Board("international")
    board.push("32-28")
    before = board.fen()
    with pytest.raises(IllegalMoveError, match="legal moves: "):
        board.push("11-15")
    with pytest.raises(IllegalMoveError):
        board.push("28-23")  # White's man, Black to move
    with pytest.raises(IllegalMoveError):
        board.push_text("51-46")
    with pytest.raises(IllegalMoveError, match="is not a move"):
        board.parse_move("banana")
    with pytest.raises(WarcabyError, match="square must be 1-50, got 51"):
        board.piece_at(51)
    with pytest.raises(WarcabyError):
        board.piece_at("k1")
    with pytest.raises(TypeError):
        board.push(42)
    assert board.fen() == before and board.ply() == 1
    for fen in [
        "W:W51:B1",     # square 51
        "W:W5,21:B12",  # an 8x8 position: White's man on 5 would stand on 10x10's crowning row
        "X:W31:B1",
        "",
        "W:W31,31:B1",
    ]:
        with pytest.raises(InvalidFenError):
            Board("international", fen=fen)
    # The 10x10 start is no 8x8 position.
    with pytest.raises(InvalidFenError, match="off the board"):
        Board("tournament", fen=START)
    # A PDN game without GameType is read by the variant given.
    with pytest.raises(InvalidFenError, match="32-28 is not a legal move"):
        Board.from_pdn("1. 32-28 19-23 *")
    with pytest.raises(InvalidFenError, match="legal moves"):
        Board.from_pdn('[GameType "20"]\n1. 32-28 32-28 *')
    with pytest.raises(WarcabyError, match="international"):
        Board("polish")


def test_moves_and_positions_match_pydraughts():
    # Fails, not skips, without pydraughts: tests/run_all.sh installs it.
    import draughts

    rng = random.Random(2003)
    for _ in range(3):
        ours = Board("international")
        theirs = draughts.Board(variant="standard", fen="startpos")
        for _ in range(150):
            if ours.is_game_over():
                break
            mine = {(m.from_square, m.to_square, tuple(m.captures)): m for m in ours.legal_moves}
            other = {}
            for m in theirs.legal_moves():
                path = m.steps_move
                other[(path[0], path[-1], tuple(sorted(m.captures)))] = m
            assert set(mine) == set(other), ours.fen()
            key = rng.choice(sorted(mine))
            ours.push(mine[key])
            theirs.push(other[key])
            assert pieces(ours.fen()) == pieces(theirs.fen), ours.pdn()
