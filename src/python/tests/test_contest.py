"""warcaby.contest agrees with the pure-Python reference generator: the
same steps in the same order, hop by hop, the same boards after a step."""

import random

import numpy as np
import pytest

import reference
from conftest import game_states
from warcaby import Board, InvalidBoardError, contest


def same_board(a, b):
    return isinstance(a, np.ndarray) and a.dtype == object and a.tolist() == b.tolist()


def test_start_position_in_the_referees_order():
    assert contest.legal_moves(reference.start()) == [
        ((5, 0), (4, 1)), ((5, 2), (4, 1)), ((5, 2), (4, 3)), ((5, 4), (4, 3)),
        ((5, 4), (4, 5)), ((5, 6), (4, 5)), ((5, 6), (4, 7)),
    ]


def test_steps_agree_on_thousands_of_random_boards(boards):
    for board in boards:
        assert contest.legal_moves(board) == reference.steps(board), board


def test_steps_agree_along_random_games_hop_by_hop(states):
    assert len(states) > 3000
    hops = 0
    for board, piece in states:
        assert contest.legal_moves(board, piece) == reference.steps(board, piece)
        hops += piece is not None
    assert hops > 50, "the games include multi-captures"


def test_every_piece_asked_mid_capture_agrees(boards):
    for board in boards[:500]:
        for r, c in reference.DARK:
            assert contest.legal_moves(board, (r, c)) == reference.steps(board, (r, c))


def test_apply_agrees_and_keeps_its_input(boards):
    for board in boards[:1500]:
        before = board.tolist()
        for step in reference.steps(board):
            got = contest.apply(board, step)
            want = reference.play(board, step)
            assert same_board(got[0], want[0]) and got[1:] == want[1:], step
        assert board.tolist() == before


def test_sequences_agree_and_follow_the_hops(boards, states):
    for board in boards + [b for b, piece in states if piece is None]:
        seqs = contest.sequences(board)
        assert seqs == reference.sequences(board)
        whole = contest.apply(board, seqs[0])[0] if seqs else None
        if seqs:
            step_by_step = board
            for step in seqs[0]:
                step_by_step = contest.apply(step_by_step, step)[0]
            assert same_board(whole, step_by_step)


def test_sequences_are_the_engines_moves(boards):
    for board in boards[:500]:
        moves = Board.from_contest(board).legal_moves
        assert sorted(m.steps for m in moves) == contest.sequences(board)


def test_turn_agrees(boards):
    for board in boards[:1000]:
        assert same_board(contest.turn(board), reference.turn(board))


def test_a_man_crowned_mid_capture_goes_on():
    board = np.full((8, 8), None, dtype=object)
    for r, c in reference.DARK:
        board[r, c] = 0
    board[2, 1], board[1, 2], board[1, 4] = 1, 2, 2
    (first,) = contest.legal_moves(board)
    assert first == ((2, 1), (0, 3))
    after, captured, crowned = contest.apply(board, first)
    assert (captured, crowned, after[0, 3]) == (True, True, 3)
    assert contest.legal_moves(after, (0, 3)) == [((0, 3), (2, 5))]
    assert contest.sequences(board) == [[((2, 1), (0, 3)), ((0, 3), (2, 5))]]


def test_lists_and_int_arrays_are_read_too():
    start = reference.start()
    as_lists = start.tolist()
    ints = np.array([[0 if v is None else v for v in row] for row in as_lists], dtype=np.int8)
    want = reference.steps(start)
    assert contest.legal_moves(as_lists) == want
    assert contest.legal_moves(ints) == want
    view = np.flipud(np.flipud(start))  # strided, not contiguous
    assert contest.legal_moves(view) == reference.steps(view.copy())


def test_every_layout_and_cell_object_reads_alike(boards):
    """The referee's object arrays are read in place, through their strides;
    cells that are not None or Python's own ints 0-4, and other arrays, go
    the generic way: the steps are the same whichever way a board comes."""

    class Code(int):
        pass

    class Sub(np.ndarray):
        pass

    for board in boards[:300]:
        want = reference.steps(board)
        big = np.full((16, 16), None, dtype=object)
        big[::2, 1::2] = board
        other_objects = board.copy()
        for r, c in reference.DARK:
            other_objects[r, c] = (np.int64, Code, int)[(r + c) % 3](board[r, c])
        layouts = [
            board,
            np.asfortranarray(board),  # column by column
            np.flip(np.flip(board).copy()),  # negative strides
            big[::2, 1::2],  # a view inside a larger array
            np.where(board == None, 0, board),  # 0 on light squares  # noqa: E711
            other_objects,
            board.view(Sub),
        ]
        for view in layouts:
            assert contest.legal_moves(view) == want
    # Read afresh at every call: a board changed in place reads as it is now.
    board = reference.start()
    first = contest.legal_moves(board)
    board[5, 0], board[4, 1] = 0, 1
    assert contest.legal_moves(board) == reference.steps(board) != first


def test_malformed_boards_raise(boards):
    good = reference.start()
    bad_cells = [((3, 0), 7), ((3, 0), "x"), ((3, 0), None), ((0, 0), 1), ((3, 0), 2.5)]
    for (r, c), value in bad_cells:
        board = good.copy()
        board[r, c] = value
        with pytest.raises(InvalidBoardError, match=r"cell \(%d, %d\)" % (r, c)):
            contest.legal_moves(board)
    for shape in [np.zeros((8, 7), dtype=object), [[0] * 8] * 7, 5, "board", None]:
        with pytest.raises((InvalidBoardError, TypeError)):
            contest.legal_moves(shape)
    crowded = good.copy()
    crowded[3, 0] = 1
    with pytest.raises(InvalidBoardError, match="13 own pieces"):
        contest.legal_moves(crowded)
    man_on_row_0 = good.copy()
    man_on_row_0[7, 0], man_on_row_0[0, 1] = 0, 1
    with pytest.raises(InvalidBoardError, match="crowning row"):
        contest.sequences(man_on_row_0)
    for piece in [(8, 0), (-1, 2), "a1", (1,)]:
        with pytest.raises(InvalidBoardError):
            contest.legal_moves(good, piece)


def test_steps_no_piece_can_make_raise_and_change_nothing():
    board = reference.start()
    for step, why in [
        (((5, 0), (3, 2)), "no opponent's piece"),
        (((4, 1), (3, 2)), "no piece of the mover"),
        (((5, 0), (4, 3)), "not one diagonal step"),
        (((5, 0), (9, 1)), r"\(9, 1\) is not a square"),
        ((5, 0), "5 is not a square"),
    ]:
        with pytest.raises(InvalidBoardError, match=why):
            contest.apply(board, step)
    assert board.tolist() == reference.start().tolist()


def test_apply_takes_a_move_of_the_board_from_contest(boards):
    for board in boards[:200]:
        for move in Board.from_contest(board).legal_moves:
            by_move = contest.apply(board, move)
            by_steps = contest.apply(board, move.steps)
            assert same_board(by_move[0], by_steps[0]) and by_move[1:] == by_steps[1:]


