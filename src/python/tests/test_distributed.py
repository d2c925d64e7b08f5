"""Clobber's proof as work units on a local Ray cluster of two workers:
the same verdict as one process's solve, a whole that verifies, and a
tampered unit file refused. Ray is required: without it this file fails
(it is not skipped)."""

import gzip
import os
import shutil

import pytest

from warcaby import ClobberBoard, WarcabyError, clobber
from warcaby.distributed import board_position, clobber_proof, main

# Small leaves keep each unit's certificate quick and give it inner nodes.
LEAVES = dict(leaf_stones=12, leaf_nodes=20_000)
BOARD = (3, 8)


@pytest.fixture(scope="module")
def proven(ray_cluster, tmp_path_factory):
    """3x8 proven as units on the cluster: (folder, what the driver said, its lines)."""
    folder = str(tmp_path_factory.mktemp("units") / "3x8")
    lines = []
    result = clobber_proof(
        folder,
        position=board_position("3x8"),
        depth=2,
        out=lines.append,
        **LEAVES,
    )
    return folder, result, lines


def test_ray_units_give_one_processs_verdict_and_verify(proven):
    folder, result, lines = proven
    position = ClobberBoard(*BOARD).position()
    alone = clobber.solve(position, threads=2)
    assert result["mover_wins"] == alone["mover_wins"] is False  # 3x8: second wins
    assert result["workers"] == 2
    assert result["units"] > 2 and result["ran"] == result["units"]
    assert result["verified"]["units"] == result["units"]
    assert any("units/hour" in line for line in lines)
    assert lines[-1].startswith("verified: the second player wins")
    status = clobber.units_status(folder)
    assert (status["done"], status["remaining"], status["bad"]) == (result["units"], [], [])
    assert status["seconds"] > 0 and status["positions"] > 0
    # One certificate of the board, joined from the units, checked by the
    # plain negamax: the same claim as the solver's.
    joined = clobber.verify_certificate(clobber.join_units(folder), threads=2)
    assert (joined["position"], joined["mover_wins"]) == (position, alone["mover_wins"])
    assert joined["positions"] > result["units"]
    # Checked by parts too, every unit once.
    parts = [clobber.verify_units(folder, part=k, parts=2)["units"] for k in (1, 2)]
    assert sum(parts) == result["units"]


def test_a_second_run_finds_every_unit_done(proven):
    folder, result, _ = proven
    lines = []
    again = clobber_proof(folder, verify_on_ray=False, out=lines.append)
    assert again["verified"] == result["verified"]
    assert again["ran"] == 0 and again["units"] == result["units"]
    assert "proven already: %d, to run: 0" % result["units"] in "\n".join(lines)


def test_a_tampered_unit_file_is_rejected(proven, tmp_path):
    folder, _, _ = proven
    copy = str(tmp_path / "copy")
    shutil.copytree(folder, copy)
    unit = os.path.join(copy, "unit-00000.unit")
    with open(unit, "rb") as f:
        data = bytearray(f.read())
    # A byte of the compressed certificate changed: unreadable.
    data[-10] ^= 0x40
    with open(unit, "wb") as f:
        f.write(bytes(data))
    with pytest.raises(WarcabyError, match="unit-00000.unit"):
        clobber.verify_units(copy)
    with pytest.raises(WarcabyError):
        clobber.verify_unit(copy, 0)
    assert clobber.units_status(copy)["bad"][0][0] == 0
    # The bytes of another unit are not taken for unit 0.
    with open(os.path.join(copy, "unit-00001.unit"), "rb") as f:
        other = f.read()
    with open(unit, "wb") as f:
        f.write(other)
    with pytest.raises(WarcabyError, match="unit 1's, not unit 0's"):
        clobber.verify_unit(copy, 0)
    # A driver run refuses to go on over a bad file and leaves it alone.
    with pytest.raises(ValueError, match="remove it"):
        clobber_proof(copy, position=board_position("3x8"), out=lambda _: None)
    with open(unit, "rb") as f:
        assert f.read() == other


def false_proof(data: bytes) -> bytes:
    """A unit file's bytes with its proof cut short by one node: readable,
    the right claim, a proof that fails."""
    at = data.index(b"WCBYCERT") + 9
    text = gzip.decompress(data[at:])
    return data[:at] + gzip.compress(text[:-1])


def test_a_false_proof_is_rejected_by_the_ray_check_and_here(proven, tmp_path):
    folder, _, _ = proven
    copy = str(tmp_path / "false")
    shutil.copytree(folder, copy)
    unit = os.path.join(copy, "unit-00003.unit")
    with open(unit, "rb") as f:
        data = false_proof(f.read())
    with open(unit, "wb") as f:
        f.write(data)
    manifest = clobber.units_manifest(copy)
    assert clobber.check_top(manifest) == clobber.units_status(copy)["total"]
    # The claim is right: status takes it as done, only the check fails.
    assert clobber.units_status(copy)["bad"] == []
    with pytest.raises(WarcabyError, match="unit 3: the certificate's proof fails"):
        clobber.verify_unit_data(manifest, data)
    with pytest.raises(RuntimeError, match="1 units do not verify"):
        clobber_proof(copy, out=lambda _: None)
    with pytest.raises(WarcabyError, match="unit-00003.unit"):
        clobber_proof(copy, verify_on_ray=False, out=lambda _: None)


def test_units_by_hand_and_bad_input(tmp_path):
    folder = str(tmp_path / "3x4")
    position = ClobberBoard(3, 4).position()
    units = clobber.split_units(folder, position, 1, **LEAVES)
    manifest = clobber.units_manifest(folder)
    assert manifest.startswith("warcaby-clobber-units 1\n")
    # Proven on "another machine": only the manifest's text goes there.
    data = clobber.prove_unit(manifest, 0)
    assert data.startswith(b"WCBYUNIT")
    saved = clobber.save_unit(folder, data)
    assert saved["unit"] == 0 and saved["mover_wins"] is True
    assert clobber.run_unit(folder, 0) is None  # there already
    for unit in range(1, units):
        assert clobber.run_unit(folder, unit)["unit"] == unit
    assert clobber.verify_unit(folder, 0)["units"] == 1
    assert clobber.verify_units(folder, threads=2)["units"] == units
    with pytest.raises(WarcabyError, match="no unit 99"):
        clobber.prove_unit(manifest, 99)
    with pytest.raises(WarcabyError, match="not a units manifest"):
        clobber.prove_unit("hello", 0)
    with pytest.raises(WarcabyError, match="WCBYUNIT"):
        clobber.save_unit(folder, b"garbage")
    with pytest.raises(WarcabyError, match="part"):
        clobber.verify_units(folder, part=3, parts=2)
    with pytest.raises(OSError):
        clobber.units_status(str(tmp_path / "nothing here"))
    with pytest.raises(WarcabyError, match="another split"):
        clobber.split_units(folder, position, 2, **LEAVES)
    with pytest.raises(ValueError, match="rows x columns"):
        board_position("4by6")
    with pytest.raises(WarcabyError, match="WCBYCERT"):
        clobber.verify_certificate(b"garbage")


def test_a_unit_split_again_is_run_on_ray_and_joined(ray_cluster, tmp_path):
    folder = str(tmp_path / "3x5")
    position = ClobberBoard(3, 5).position()
    clobber.split_units(folder, position, 1, **LEAVES)
    sub = clobber.split_unit(folder, 0, 2)
    assert sub.endswith("unit-00000.split") and clobber.units_status(folder)["split"] == [0]
    # The parent first: unit 0 cannot be joined yet, the others are proven.
    with pytest.raises(RuntimeError, match="1 units failed"):
        clobber_proof(folder, out=lambda _: None)
    assert clobber.units_status(folder)["remaining"] == [0]
    clobber_proof(sub, out=lambda _: None)
    result = clobber_proof(folder, out=lambda _: None)
    assert result["mover_wins"] == clobber.solve(position)["mover_wins"]
    assert clobber.units_status(folder)["remaining"] == []


def test_the_command_line_says_what_is_wrong(tmp_path, capsys):
    assert main(["clobber-proof", "--board", "4by6", "--dir", str(tmp_path)]) == 1
    assert "expected rows x columns" in capsys.readouterr().err
    assert main(["clobber-proof", "--dir", str(tmp_path / "none")]) == 1
    assert "not split yet" in capsys.readouterr().err
    assert main(["clobber-proof", "--board", "3x4", "--dir", str(tmp_path), "--table-bits", "5"]) == 1
    assert "table_bits must be 10-32, got 5" in capsys.readouterr().err
