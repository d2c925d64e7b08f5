"""Work run on a Ray cluster: Clobber proofs and self-play training data.

    python -m warcaby.distributed clobber-proof --board 4x6 --dir proofs/clobber/4x6 [--depth 2] [--address auto]
    python -m warcaby.distributed selfplay --dir data/english-5 --batches 40 --games-per-batch 50 [--nodes 20000 --eval learned]

**clobber-proof**

splits the board's proof into units (``warcaby.clobber.split_units``; a
folder already split is taken as it is, its proven units kept), hands
every unit not yet proven to Ray as one task, writes each unit's file as
its task finishes, prints the progress (units done of all, units per
hour), and at the end verifies the whole: the top in the driver, each
unit's file in a Ray task of its own (``--verify-here``: all in the
driver).

Where the files are written: the **driver** writes them. A task gets the
manifest's text and a unit number and returns the unit file's bytes, so
the worker machines need not see the folder; the driver checks the bytes
claim what the manifest needs and writes them atomically. A driver killed
midway loses only the units in flight: run the same command again.

Without ``--address`` Ray starts a cluster on this machine
(``ray.init()``); ``--address auto`` (or ``HOST:6379``) joins a cluster
started with ``ray start``. A task whose worker or machine is lost is run
again (``--max-retries``). Ray is imported here only: ``import warcaby``
does not need it.

**selfplay** plays the learned evaluation's training data as batches of
self-play games (``warcaby.evalnet.play_batch``), one Ray task a batch,
into ``DIR/batch-NNNNN.dat`` (the driver writes each file atomically as
its task finishes; ``warcaby evalnet train --data DIR`` reads them all).
Batch *k* is games ``first + k * games_per_batch`` onwards, so the files
are the same whichever machine played them, and the same as
``warcaby evalnet gen`` writes for those games. The settings are kept in
``DIR/selfplay.json``: a second run with the same settings plays only the
batches not written yet (more ``--batches`` extend the run), one with
other settings is refused.
"""

import argparse
import contextlib
import hashlib
import json
import os
import sys
import time
from typing import Any, Callable, Dict, Iterator, Optional

from . import clobber, evalnet
from ._warcaby import ClobberBoard

RAY_MISSING = (
    "the Ray driver needs Ray, which is not installed in this Python "
    "({python}): pip install ray"
)


def import_ray() -> Any:
    """Ray, or an ImportError that says how to install it."""
    try:
        import ray
    except ImportError as e:
        raise ImportError(RAY_MISSING.format(python=sys.executable)) from e
    return ray


@contextlib.contextmanager
def _ray_session(ray: Any, address: Optional[str], num_cpus: Optional[int]) -> Iterator[int]:
    """The Ray session already started, if any, else one started here
    (``address`` None: on this machine, with ``num_cpus``) or joined, and
    shut down at the end; yields the cluster's CPUs."""
    started_here = not ray.is_initialized()
    if started_here:
        if address is None:
            ray.init(num_cpus=num_cpus, include_dashboard=False)
        else:
            ray.init(address=address)
    try:
        yield int(ray.cluster_resources().get("CPU", 0))
    finally:
        if started_here:
            ray.shutdown()


def board_position(board: str) -> str:
    """The start position of a board named ``RxC`` (rows x columns)."""
    rows, sep, cols = board.lower().partition("x")
    if not sep or not rows.isdigit() or not cols.isdigit():
        raise ValueError(f"board '{board}': expected rows x columns like 4x6")
    return ClobberBoard(int(rows), int(cols)).position()


def _prove(manifest: str, unit: int, threads: int, table_bits: Optional[int]) -> tuple:
    """One Ray task: the unit's number and its file's bytes."""
    return unit, clobber.prove_unit(manifest, unit, threads=threads, table_bits=table_bits)


def clobber_proof(
    directory: str,
    *,
    position: Optional[str] = None,
    depth: int = 2,
    address: Optional[str] = None,
    num_cpus: Optional[int] = None,
    leaf_stones: Optional[int] = None,
    leaf_nodes: Optional[int] = None,
    threads_per_unit: int = 1,
    table_bits: Optional[int] = None,
    max_retries: int = 3,
    verify_on_ray: bool = True,
    verify_threads: Optional[int] = None,
    out: Callable[[str], None] = print,
) -> Dict[str, Any]:
    """Proves ``position`` as units on Ray into ``directory`` and verifies
    the whole (``position`` None: the folder's, split already).

    A unit split again (``clobber.split_unit``) is joined from its own
    folder, whose units must be proven first (run this on that folder).
    The units are verified by Ray tasks too (``verify_on_ray``; else here,
    on ``verify_threads`` threads), the top here. Uses the Ray session
    already started, if any (else starts or joins one, and shuts it down
    at the end). Each worker keeps its solver's table of 2^``table_bits``
    entries of 8 bytes (default: one bit per cell, 2^16 to 2^27) from unit
    to unit: mind the memory of many workers.

    Returns what was done (``mover_wins``, ``units``, ``ran``, ``seconds``,
    ``units_per_hour``, ``workers``, ``verified``). Raises on a unit that
    fails (after the other units are saved) or a proof that does not
    verify."""
    # Bad settings are said once, here, not by every task.
    if table_bits is not None and not 10 <= table_bits <= 32:
        raise ValueError(f"table_bits must be 10-32, got {table_bits}")
    if threads_per_unit < 1 or max_retries < 0 or depth < 0:
        raise ValueError("threads_per_unit must be at least 1, max_retries and depth at least 0")
    ray = import_ray()
    cores = os.cpu_count() or 1
    if os.path.exists(os.path.join(directory, "manifest.txt")):
        status = clobber.units_status(directory)
        if position is not None and status["position"] != position:
            raise ValueError(
                f"{directory} holds the units of {status['position']}, not of {position}"
            )
        out(f"units folder {directory}: split already (depth {status['depth']})")
    elif position is None:
        raise ValueError(f"{directory} is not split yet: give the board or position to split")
    else:
        start = time.monotonic()
        clobber.split_units(
            directory,
            position,
            depth,
            leaf_stones=leaf_stones,
            leaf_nodes=leaf_nodes,
            threads=cores,
        )
        out(f"split at depth {depth} in {time.monotonic() - start:.1f} s")
    status = clobber.units_status(directory)
    if status["bad"]:
        unit, why = status["bad"][0]
        raise ValueError(f"unit {unit}: {why} (left as it is: remove it to prove it again)")
    total, split_again = status["total"], status["split"]
    remaining = [unit for unit in status["remaining"] if unit not in split_again]
    out(f"units: {total}, proven already: {status['done']}, to run: {len(remaining)}")

    with _ray_session(ray, address, num_cpus) as workers:
        out(f"ray: {workers} CPUs, {threads_per_unit} per unit")
        manifest = ray.put(clobber.units_manifest(directory))
        task = ray.remote(num_cpus=threads_per_unit, max_retries=max_retries)(_prove)
        start = time.monotonic()
        done, failures = 0, []
        refs = [task.remote(manifest, unit, threads_per_unit, table_bits) for unit in remaining]
        for unit, data in _as_done(ray, refs, failures, out):
            try:
                saved = clobber.save_unit(directory, data)
            except Exception as e:  # the others are still saved
                failures.append(e)
                out(f"unit {unit} not saved: {e}")
                continue
            done += 1
            elapsed = time.monotonic() - start
            out(
                f"unit {unit} proven in {saved['seconds']:.1f} s: "
                f"{status['done'] + done}/{total} done, "
                f"{3600 * done / max(elapsed, 1e-9):.0f} units/hour"
            )
        seconds = time.monotonic() - start
        per_hour = 3600 * done / seconds if seconds > 0 else 0.0
        for unit in split_again:
            try:
                clobber.run_unit(directory, unit)
                done += 1
                out(f"unit {unit} joined from its own units")
            except Exception as e:
                failures.append(e)
                out(f"unit {unit} is split again and cannot be joined yet: {e}")
        if failures:
            raise RuntimeError(f"{len(failures)} units failed; the first: {_last_line(failures[0])}")
        start = time.monotonic()
        if verify_on_ray:
            verified = _verify_on_ray(ray, directory, manifest, total, max_retries, out)
        else:
            verified = clobber.verify_units(directory, threads=verify_threads or cores)
    out(
        f"verified: the {'first' if status['mover_wins'] else 'second'} player wins "
        f"{status['position']}; {verified['units']} units, {verified['positions']} positions, "
        f"{time.monotonic() - start:.1f} s"
    )
    return {
        "mover_wins": status["mover_wins"],
        "units": total,
        "ran": done,
        "seconds": seconds,
        "units_per_hour": per_hour,
        "workers": workers,
        "verified": verified,
    }


def _as_done(
    ray: Any, refs: list, failures: list, out: Callable[[str], None], what: str = "unit"
) -> Iterator:
    """The results of the tasks ``refs`` as they finish; a task that fails
    is added to ``failures`` (and said, as a ``what``), the others go on."""
    pending = list(refs)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        try:
            yield ray.get(ready[0])
        except Exception as e:  # a unit that fails must not lose the others
            failures.append(e)
            out(f"a {what} failed: {_last_line(e)}")


def _last_line(e: Exception) -> str:
    """The error's message without the traceback Ray puts before it."""
    lines = str(e).strip().splitlines()
    return lines[-1] if lines else type(e).__name__


def _verify(manifest: str, data: bytes) -> dict:
    """One Ray task: a unit file's bytes verified against the manifest."""
    return clobber.verify_unit_data(manifest, data)


def _verify_on_ray(
    ray: Any, directory: str, manifest: Any, total: int, max_retries: int, out: Callable[[str], None]
) -> Dict[str, Any]:
    """The top checked here, every unit file checked by a Ray task (the
    driver reads the files, the tasks get their bytes)."""
    clobber.check_top(ray.get(manifest))
    task = ray.remote(num_cpus=1, max_retries=max_retries)(_verify)
    refs = []
    for unit in range(total):
        path = os.path.join(directory, f"unit-{unit:05d}.unit")
        with open(path, "rb") as f:
            refs.append(task.remote(manifest, f.read()))
    failures: list = []
    sums = {"units": 0, "positions": 0, "leaves": 0, "leaf_nodes": 0}
    for one in _as_done(ray, refs, failures, out):
        for key in sums:
            sums[key] += one[key]
    if failures:
        raise RuntimeError(
            f"{len(failures)} units do not verify; the first: {_last_line(failures[0])}"
        )
    return sums

SETTINGS_FILE = "selfplay.json"


def _play(first: int, games: int, settings: Dict[str, Any], net: Optional[bytes]) -> tuple:
    """One Ray task: a batch's first game, its file's bytes, its counts and
    the seconds it took."""
    start = time.monotonic()
    batch = evalnet.play_batch(
        first, games, nodes=settings["nodes"], net=net, **_batch_kwargs(settings)
    )
    return first, batch, time.monotonic() - start


def batch_path(directory: str, batch: int) -> str:
    """Where batch number ``batch`` of a self-play folder is written."""
    return os.path.join(directory, f"batch-{batch:05d}.dat")


def _write_atomically(path: str, data: bytes) -> None:
    """``data`` into ``path`` whole or not at all: a temporary file beside
    it, synced, then renamed over it."""
    temporary = path + ".tmp"
    with open(temporary, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temporary, path)


def _selfplay_settings(directory: str, settings: Dict[str, Any]) -> None:
    """Keeps ``settings`` in the folder, or checks they are the ones kept
    there: the batches of one folder are one run."""
    path = os.path.join(directory, SETTINGS_FILE)
    if not os.path.exists(path):
        os.makedirs(directory, exist_ok=True)
        _write_atomically(path, (json.dumps(settings, indent=1, sort_keys=True) + "\n").encode())
        return
    try:
        with open(path, encoding="utf-8") as f:
            kept = json.load(f)
    except (OSError, ValueError) as e:
        raise ValueError(f"{path} cannot be read: {e}") from e
    differ = sorted(key for key in set(kept) | set(settings) if kept.get(key) != settings.get(key))
    if differ:
        said = ", ".join(f"{key} {kept.get(key)!r} there, {settings.get(key)!r} here" for key in differ)
        raise ValueError(
            f"{directory} holds a self-play run with other settings ({said}): "
            "use another folder, or the same settings to extend it"
        )


def _batches_done(directory: str, batches: int) -> Dict[int, int]:
    """The batches of ``range(batches)`` written already, with their
    positions; a file that is not whole training data is an error that
    names it (it is left as it is)."""
    done = {}
    for batch in range(batches):
        path = batch_path(directory, batch)
        if not os.path.exists(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        try:
            done[batch] = evalnet.check_data(data)["positions"]
        except ValueError as e:
            raise ValueError(f"{path}: {e} (left as it is: remove it to play the batch again)") from e
    return done


def selfplay(
    directory: str,
    *,
    batches: int,
    games_per_batch: int,
    variant: str = "english",
    nodes: int = 4000,
    eval: str = "positional",
    net: Optional[str] = None,
    seed: int = 1,
    first: int = 0,
    random_plies: int = 4,
    address: Optional[str] = None,
    num_cpus: Optional[int] = None,
    max_retries: int = 3,
    out: Callable[[str], None] = print,
) -> Dict[str, Any]:
    """Plays ``batches`` batches of ``games_per_batch`` self-play games on
    Ray into ``directory`` (see the module documentation): the batches
    already written are kept, the others are played, one task each, and
    written as they finish. ``net``: a network file the learned evaluation
    plays instead of the shipped one (read here; the tasks get its bytes).

    Returns ``batches``, ``ran``, ``games`` and ``positions`` (this run's),
    ``seconds`` (wall, first task to last file), ``batch_seconds`` (the
    tasks' own), ``games_per_hour``, ``positions_per_hour`` and
    ``workers``. Raises on a batch that fails (after the others are
    written)."""
    if min(batches, games_per_batch, nodes) < 1 or min(first, max_retries) < 0:
        raise ValueError(
            "batches, games_per_batch and nodes must be at least 1, first and max_retries at least 0"
        )
    net_bytes = None
    if net is not None:
        with open(net, "rb") as f:
            net_bytes = f.read()
    settings = {
        "variant": variant,
        "nodes": nodes,
        "eval": eval,
        "net_sha256": net_bytes and hashlib.sha256(net_bytes).hexdigest(),
        "seed": seed,
        "first": first,
        "games_per_batch": games_per_batch,
        "random_plies": random_plies,
    }
    # Bad settings are said once, here, before a folder or a task: one
    # game of the batch's kind, with the settings as given.
    evalnet.play_batch(first, 1, **_batch_kwargs(settings), net=net_bytes, nodes=1)
    _selfplay_settings(directory, settings)
    done = _batches_done(directory, batches)
    remaining = [batch for batch in range(batches) if batch not in done]
    out(f"batches: {batches}, written already: {len(done)}, to play: {len(remaining)}")
    ray = import_ray()
    with _ray_session(ray, address, num_cpus) as workers:
        out(f"ray: {workers} CPUs, one batch a task")
        net_ref = ray.put(net_bytes)
        task = ray.remote(num_cpus=1, max_retries=max_retries)(_play)
        start = time.monotonic()
        refs = [
            task.remote(first + batch * games_per_batch, games_per_batch, settings, net_ref)
            for batch in remaining
        ]
        ran = games = positions = 0
        batch_seconds = 0.0
        failures: list = []
        for game, played, seconds in _as_done(ray, refs, failures, out, what="batch"):
            batch = (game - first) // games_per_batch
            try:
                evalnet.check_data(played["data"])
                _write_atomically(batch_path(directory, batch), played["data"])
            except (ValueError, OSError) as e:  # the others are still written
                failures.append(e)
                out(f"batch {batch} not written: {e}")
                continue
            ran += 1
            games += played["games"]
            positions += played["positions"]
            batch_seconds += seconds
            hours = max(time.monotonic() - start, 1e-9) / 3600
            out(
                f"batch {batch}: {played['games']} games, {played['positions']} positions "
                f"in {seconds:.1f} s; {len(done) + ran}/{batches} done, "
                f"{games / hours:.0f} games/hour, {positions / hours:.0f} positions/hour"
            )
        seconds = time.monotonic() - start
    if failures:
        raise RuntimeError(f"{len(failures)} batches failed; the first: {_last_line(failures[0])}")
    hours = max(seconds, 1e-9) / 3600
    out(
        f"self-play: {ran} batches played ({games} games, {positions} positions) in {seconds:.1f} s "
        f"on {workers} workers; {len(done) + ran}/{batches} batches in {directory}"
    )
    return {
        "batches": batches,
        "ran": ran,
        "games": games,
        "positions": positions,
        "seconds": seconds,
        "batch_seconds": batch_seconds,
        "games_per_hour": games / hours if ran else 0.0,
        "positions_per_hour": positions / hours if ran else 0.0,
        "workers": workers,
    }


def _batch_kwargs(settings: Dict[str, Any]) -> Dict[str, Any]:
    """``play_batch``'s settings from a run's settings."""
    return {
        "variant": settings["variant"],
        "seed": settings["seed"],
        "eval": settings["eval"],
        "random_plies": settings["random_plies"],
    }


def main(argv: Optional[list] = None) -> int:
    """The command line (see the module documentation)."""
    parser = argparse.ArgumentParser(prog="python -m warcaby.distributed")
    commands = parser.add_subparsers(dest="command", required=True)
    proof = commands.add_parser(
        "clobber-proof", help="prove a Clobber board as work units on Ray, then verify it"
    )
    # Neither: a folder split already.
    where = proof.add_mutually_exclusive_group()
    where.add_argument("--board", help="rows x columns, like 4x6, from the start")
    where.add_argument("--position", help="a position instead, like WBWB/BWBW:W")
    proof.add_argument("--dir", required=True, help="the units folder")
    proof.add_argument("--depth", type=int, default=2, help="plies from the root to the units")
    proof.add_argument("--address", help="join this Ray cluster (auto, or HOST:PORT)")
    proof.add_argument("--num-cpus", type=int, help="CPUs of a cluster started here")
    proof.add_argument("--leaf-stones", type=int, help="leaves of the units' certificates")
    proof.add_argument("--leaf-nodes", type=int, help="the plain negamax's budget at a leaf")
    proof.add_argument("--threads-per-unit", type=int, default=1)
    proof.add_argument(
        "--table-bits", type=int, help="each worker's solver table: 2^bits entries of 8 bytes"
    )
    proof.add_argument("--max-retries", type=int, default=3, help="for a lost worker")
    proof.add_argument(
        "--verify-here",
        action="store_true",
        help="verify the units in this process, not in Ray tasks",
    )
    play = commands.add_parser(
        "selfplay", help="play the learned evaluation's training data as self-play batches on Ray"
    )
    play.add_argument("--dir", required=True, help="the batches' folder")
    play.add_argument("--batches", type=int, required=True, help="batches in the run")
    play.add_argument("--games-per-batch", type=int, required=True)
    play.add_argument("--variant", default="english", help="the rules (8x8)")
    play.add_argument("--nodes", type=int, default=4000, help="nodes a move for both sides")
    play.add_argument("--eval", default="positional", help="the evaluation both sides play")
    play.add_argument("--net", help="a network file the learned evaluation plays")
    play.add_argument("--seed", type=int, default=1, help="game i's random plies use seed + i")
    play.add_argument("--first", type=int, default=0, help="the run's first game number")
    play.add_argument("--random-plies", type=int, default=4, help="0 up to this many after the ballot")
    play.add_argument("--address", help="join this Ray cluster (auto, or HOST:PORT)")
    play.add_argument("--num-cpus", type=int, help="CPUs of a cluster started here")
    play.add_argument("--max-retries", type=int, default=3, help="for a lost worker")
    args = parser.parse_args(argv)
    try:
        if args.command == "selfplay":
            selfplay(
                args.dir,
                batches=args.batches,
                games_per_batch=args.games_per_batch,
                variant=args.variant,
                nodes=args.nodes,
                eval=args.eval,
                net=args.net,
                seed=args.seed,
                first=args.first,
                random_plies=args.random_plies,
                address=args.address,
                num_cpus=args.num_cpus,
                max_retries=args.max_retries,
                out=lambda line: print(line, flush=True),
            )
            return 0
        position = args.position or (args.board and board_position(args.board))
        clobber_proof(
            args.dir,
            position=position,
            depth=args.depth,
            address=args.address,
            num_cpus=args.num_cpus,
            leaf_stones=args.leaf_stones,
            leaf_nodes=args.leaf_nodes,
            threads_per_unit=args.threads_per_unit,
            table_bits=args.table_bits,
            max_retries=args.max_retries,
            verify_on_ray=not args.verify_here,
            out=lambda line: print(line, flush=True),
        )
    except (ImportError, ValueError, OSError, RuntimeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
