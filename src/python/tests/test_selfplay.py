"""The learned evaluation's training data as self-play batches: the batch
function, and its Ray driver on a local cluster of two workers (Ray is
required: without it these tests fail, they are not skipped)."""

import json
import os

import pytest

from warcaby import WarcabyError, evalnet
from warcaby.distributed import batch_path, main, selfplay

# Quick games: a few hundred nodes a move.
RUN = dict(variant="tournament", nodes=300, seed=5)


def whole_run(first, games):
    """The samples of games first.. in one batch, without the header."""
    batch = evalnet.play_batch(first, games, **RUN)
    return batch["data"][len(evalnet.DATA_MAGIC) :]


def test_a_batch_is_a_training_file_decided_by_its_numbers():
    batch = evalnet.play_batch(3, 2, **RUN)
    assert batch["games"] == 2 and batch["positions"] > 20
    data = batch["data"]
    assert data.startswith(evalnet.DATA_MAGIC)
    assert len(data) == len(evalnet.DATA_MAGIC) + batch["positions"] * evalnet.SAMPLE_BYTES
    assert evalnet.check_data(data) == {"positions": batch["positions"]}
    assert evalnet.play_batch(3, 2, **RUN)["data"] == data  # the same games again
    halves = evalnet.play_batch(3, 1, **RUN)["data"] + whole_run(4, 1)
    assert halves == data
    assert evalnet.play_batch(3, 2, **{**RUN, "seed": 6})["data"] != data


def test_bad_settings_and_damaged_data_are_named():
    with pytest.raises(WarcabyError, match="variant"):
        evalnet.play_batch(0, 1, variant="international")
    with pytest.raises(WarcabyError, match="evaluation"):
        evalnet.play_batch(0, 1, eval="clever")
    with pytest.raises(WarcabyError, match="net is for the learned evaluation"):
        evalnet.play_batch(0, 1, net=b"WCEVNET1")
    with pytest.raises(WarcabyError, match="net: "):
        evalnet.play_batch(0, 1, eval="learned", net=b"not a network")
    with pytest.raises(WarcabyError, match="games must be"):
        evalnet.play_batch(0, 0)
    with pytest.raises(WarcabyError, match="nodes must be"):
        evalnet.play_batch(0, 1, nodes=-1)
    data = evalnet.play_batch(0, 1, **RUN)["data"]
    with pytest.raises(WarcabyError, match="truncated"):
        evalnet.check_data(data[:-3])
    with pytest.raises(WarcabyError, match="bad magic"):
        evalnet.check_data(b"WCEVDAT0" + data[8:])


def test_batches_on_ray_are_the_run_one_process_plays(ray_cluster, tmp_path):
    folder = str(tmp_path / "run")
    lines = []
    result = selfplay(folder, batches=3, games_per_batch=2, first=10, out=lines.append, **RUN)
    assert (result["batches"], result["ran"], result["games"], result["workers"]) == (3, 3, 6, 2)
    played = b""
    for batch in range(3):
        with open(batch_path(folder, batch), "rb") as f:
            data = f.read()
        assert evalnet.check_data(data)["positions"] > 0
        played += data[len(evalnet.DATA_MAGIC) :]
    assert played == whole_run(10, 6)
    assert result["positions"] * evalnet.SAMPLE_BYTES == len(played)
    assert result["games_per_hour"] > 0 and result["batch_seconds"] > 0
    assert any("positions/hour" in line for line in lines)
    assert lines[-1].startswith("self-play: 3 batches played (6 games")
    with open(os.path.join(folder, "selfplay.json")) as f:
        kept = json.load(f)
    assert (kept["variant"], kept["games_per_batch"], kept["first"]) == ("tournament", 2, 10)

    # Run again: nothing to play; more batches extend the run.
    again = selfplay(folder, batches=4, games_per_batch=2, first=10, out=lines.append, **RUN)
    assert again["ran"] == 1 and "written already: 3, to play: 1" in "\n".join(lines)
    with open(batch_path(folder, 3), "rb") as f:
        assert f.read()[len(evalnet.DATA_MAGIC) :] == whole_run(16, 2)

    # Other settings are refused before anything is played.
    with pytest.raises(ValueError, match="nodes 300 there, 400 here"):
        selfplay(folder, batches=4, games_per_batch=2, first=10, **{**RUN, "nodes": 400})

    # A batch file cut short (a copy made while it was written, say) is
    # named and left as it is.
    path = batch_path(folder, 1)
    with open(path, "rb") as f:
        whole = f.read()
    with open(path, "wb") as f:
        f.write(whole[:-5])
    with pytest.raises(ValueError, match="batch-00001.dat: .*remove it"):
        selfplay(folder, batches=4, games_per_batch=2, first=10, out=lambda _: None, **RUN)
    with open(path, "rb") as f:
        assert f.read() == whole[:-5]
    os.remove(path)
    mended = selfplay(folder, batches=4, games_per_batch=2, first=10, out=lambda _: None, **RUN)
    assert mended["ran"] == 1
    with open(path, "rb") as f:
        assert f.read() == whole


def test_the_selfplay_command_line(ray_cluster, tmp_path, capsys):
    folder = str(tmp_path / "cli")
    args = ["selfplay", "--dir", folder, "--batches", "2", "--games-per-batch", "1"]
    assert main(args + ["--nodes", "200", "--variant", "russian"]) == 0
    assert "self-play: 2 batches played (2 games" in capsys.readouterr().out
    assert sorted(os.listdir(folder)) == ["batch-00000.dat", "batch-00001.dat", "selfplay.json"]
    # Bad settings: said, and no folder made.
    bad = ["selfplay", "--dir", str(tmp_path / "x"), "--batches", "1", "--games-per-batch", "1"]
    assert main(bad + ["--eval", "clever"]) == 1
    assert "evaluation" in capsys.readouterr().err
    assert not os.path.exists(tmp_path / "x")
    assert main(args + ["--net", str(tmp_path / "none.bin"), "--eval", "learned"]) == 1
    assert "none.bin" in capsys.readouterr().err
