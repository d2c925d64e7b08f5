#!/usr/bin/env python3
"""Warcaby arena adapter: runs a contest bot unchanged.

    python3 adapter.py BOT_FILE.py

BOT_FILE.py defines ``class bot`` with ``move(self, plansza, ruchy)``, as the
contest's README teaches. The bot gets exactly what the contest's referee
program (silnik.py, class GRA) gives it:

* ``plansza``: an 8x8 numpy array of dtype object, seen from the mover
  (row 0 the far edge): None on light squares, 0 empty, 1 own man,
  2 opponent man, 3 own king, 4 opponent king;
* ``ruchy``: a list of one-step moves ``((r1, c1), (r2, c2))`` in the
  referee's order; a capture is asked hop by hop.

The arena (src/arena/python.rs) works out the board and the steps; this
script only turns them into Python objects, calls the bot and reports what it
answered and how long it took, timed as the referee times it. The bot's
parent folder is first on ``sys.path`` and the adapter runs in it, as the
framework's ``gra.py`` does (so a bot in ``boty/`` next to the framework's
``silnik.py`` can import it); the bot's own folder is not on ``sys.path``,
as in the referee (in the arena's sandbox, where the bot may read the
folder's modules but not list it, the arena names them and the adapter
finds them by name). A new ``bot()`` is made for every
game; ``random`` and numpy's random generator are seeded with the game's
seed. Anything the bot prints goes to stderr, never into the protocol.

Lines from the arena and the replies:

    arena version=1          -> id name=... / ready
    newgame seed=N ...       -> started               (a new bot instance)
                              | error elapsed=SECONDS exception="..." where="..."
    benchmark                -> benchmark seconds=S   (the referee's: 64**3
                                calls of np.sum on an 8x8 int8 array)
    ask board=B steps=S,S,.. [limit=SECONDS]
                             -> step S elapsed=SECONDS
                              | timeout elapsed=SECONDS   (limit passed: the
                                bot's thread is abandoned, as the referee does)
                              | error elapsed=SECONDS exception="..." where="..."
                                (the exception as the traceback's last line
                                shows it, and the innermost frame; the whole
                                traceback on stderr)
                              | invalid elapsed=SECONDS answer="..."
    quit

B is 64 characters, row by row ('.' light square, else 0-4); a step S is
four digits r1 c1 r2 c2.
"""

import importlib.util
import os
import random
import sys
import threading
import time
import traceback
from importlib.machinery import PathFinder

PROTOCOL = sys.stdout
sys.stdout = sys.stderr  # the bot's own prints must not reach the arena

NUMPY_MISSING = 3


def send(line):
    PROTOCOL.write(line + "\n")
    PROTOCOL.flush()


try:
    import numpy as np
except ImportError:
    sys.stderr.write(
        "numpy is missing: contest bots get a numpy board; install it with "
        "'python3 -m pip install numpy' (or 'apt-get install python3-numpy')\n"
    )
    sys.exit(NUMPY_MISSING)


class FrameworkModules:
    """Finds the framework's modules (``silnik.py`` beside ``boty/``) by
    name. In the arena's sandbox a bot may read these files but not list
    their folder, which Python's own path finder needs, so the arena names
    them in WARCABY_FRAMEWORK_MODULES; this finder stands just before the
    path finder, where the folder's first place on ``sys.path`` finds them
    without the sandbox."""

    def __init__(self, folder, files):
        self.files = {}
        for file in files:
            name = file.split(".")[0]
            # An extension module wins over the source, as on sys.path.
            if name not in self.files or file.endswith(".so"):
                self.files[name] = os.path.join(folder, file)

    def find_spec(self, name, path=None, target=None):
        if path is None and name in self.files:
            return importlib.util.spec_from_file_location(name, self.files[name])
        return None


def find_framework_modules(folder):
    files = [f for f in os.environ.get("WARCABY_FRAMEWORK_MODULES", "").split(":") if f]
    if files:
        finders = sys.meta_path
        place = finders.index(PathFinder) if PathFinder in finders else len(finders)
        finders.insert(place, FrameworkModules(folder, files))


def load_bot_class(path):
    """The bot's class, loaded as the referee loads it: the framework's
    `gra.py` runs in the framework folder (the parent of `boty/`), which is
    first on `sys.path`; the bot's own folder is not on it."""
    path = os.path.abspath(path)
    parent = os.path.dirname(os.path.dirname(path))
    if parent not in sys.path:
        sys.path.insert(0, parent)
    find_framework_modules(parent)
    os.chdir(parent)
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.bot


def make_board(text):
    board = np.full((8, 8), None, dtype=object)
    for i, ch in enumerate(text[:64]):
        if ch != ".":
            board[i // 8, i % 8] = int(ch)
    return board


def parse_steps(text):
    steps = []
    for item in text.split(","):
        if len(item) == 4 and item.isdigit():
            d = [int(ch) for ch in item]
            steps.append(((d[0], d[1]), (d[2], d[3])))
    return steps


def one_line(text, limit=200):
    """`text` on one line without double quotes, at most `limit` characters,
    to be sent as a quoted value."""
    text = " ".join(str(text).split()).replace('"', "'")
    return text[:limit]


def error_fields(error):
    """The reply fields of an exception: `exception="ValueError: why"` (the
    last line of its traceback) and `where="bot.py:12 in move: source"` (its
    innermost frame), so that the arena can record why without reading the
    traceback, which goes to stderr."""
    try:
        text = "".join(traceback.format_exception_only(type(error), error)).strip()
    except Exception:
        text = type(error).__name__
    where = ""
    frames = traceback.extract_tb(error.__traceback__)
    if frames:
        frame = frames[-1]
        where = "%s:%s in %s" % (os.path.basename(frame.filename), frame.lineno, frame.name)
        if frame.line:
            where += ": " + frame.line.strip()
    return 'exception="%s" where="%s"' % (one_line(text), one_line(where))


def call(player, board, steps, limit):
    """(kind, answer, elapsed): the bot's move, timed as the referee does;
    for an exception, the exception itself is the answer."""
    result = {}

    def run():
        try:
            result["answer"] = player.move(board, steps)
        except BaseException as error:
            result["error"] = error
            result["traceback"] = traceback.format_exc()

    start = time.time()
    if limit is None:
        run()
    else:
        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(timeout=limit)
        if thread.is_alive():
            return "timeout", None, time.time() - start
    elapsed = time.time() - start
    if "error" in result:
        sys.stderr.write(result["traceback"])
        return "error", result["error"], elapsed
    return "answer", result.get("answer"), elapsed


def matching(answer, steps):
    """The listed step equal to the answer (as the referee's `in ruchy`)."""
    try:
        for step in steps:
            if bool(step == answer):
                return step
    except Exception:
        pass
    return None


def quoted(value):
    try:
        text = repr(value)
    except Exception:
        text = "<unprintable %s>" % type(value).__name__
    return one_line(text)


def new_instance(bot_class):
    """A new bot for a game, and the reply to `newgame`: `started`, or
    `error ...` when its __init__ raised (the traceback on stderr)."""
    start = time.time()
    try:
        return bot_class(), "started"
    except Exception as error:
        traceback.print_exc()
        return None, "error elapsed=%.6f %s" % (time.time() - start, error_fields(error))


def benchmark():
    """The referee's time benchmark (silnik.time_benchmark)."""
    matrix = np.random.randint(0, 5, size=(8, 8), dtype=np.int8)
    start = time.time()
    for _ in range(64 ** 3):
        np.sum(matrix)
    return time.time() - start


def fields(rest):
    return dict(kv.split("=", 1) for kv in rest.split() if "=" in kv)


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: python3 adapter.py BOT_FILE.py\n")
        sys.exit(2)
    path = sys.argv[1]
    try:
        bot_class = load_bot_class(path)
    except Exception:
        traceback.print_exc()
        sys.exit(1)
    name = os.path.splitext(os.path.basename(path))[0]
    player = None
    for raw in sys.stdin:
        word, _, rest = raw.strip().partition(" ")
        args = fields(rest)
        if word == "arena":
            send('id name="%s" author="contest bot via the warcaby adapter"' % name)
            send("ready")
        elif word == "newgame":
            seed = int(args.get("seed", "0"))
            random.seed(seed)
            np.random.seed(seed % 2 ** 32)
            player, reply = new_instance(bot_class)
            send(reply)
        elif word == "benchmark":
            send("benchmark seconds=%.6f" % benchmark())
        elif word == "ask":
            if player is None:
                player, reply = new_instance(bot_class)
                if player is None:
                    send(reply)
                    continue
            steps = parse_steps(args.get("steps", ""))
            limit = float(args["limit"]) if "limit" in args else None
            kind, answer, elapsed = call(player, make_board(args["board"]), steps, limit)
            if kind == "answer":
                step = matching(answer, steps)
                if step is None:
                    kind = "invalid"
            if kind == "answer":
                (a, b), (c, d) = step
                send("step %d%d%d%d elapsed=%.6f" % (a, b, c, d, elapsed))
            elif kind == "invalid":
                send('invalid elapsed=%.6f answer="%s"' % (elapsed, quoted(answer)))
            elif kind == "error":
                send("error elapsed=%.6f %s" % (elapsed, error_fields(answer)))
            else:
                send("%s elapsed=%.6f" % (kind, elapsed))
        elif word == "quit":
            break


if __name__ == "__main__":
    main()
