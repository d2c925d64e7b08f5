"""A bot that tries, once per game, everything its sandbox forbids, and
reports what happened as the exception it raises from every move (the
arena records it): ``tmp=`` its temporary folder, then ``key=result``
pairs, where the result is ``denied`` (PermissionError), ``ok`` (it
worked: a leak) or the exception's name.

The test tells it where to aim through environment variables the arena
passes on: SPY_OUT (the arena's output folder, holding a planted file),
SPY_OUTSIDE (a folder of the test's, holding a file to read and where a
new file must not appear), SPY_PORT (a TCP port the test listens on).
"""

import os
import socket
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def attempt(action):
    try:
        action()
        return "ok"
    except PermissionError:
        return "denied"
    except Exception as error:  # noqa: BLE001 - the report names it
        return type(error).__name__


def read(path):
    with open(path, "rb") as f:
        f.read()


def write(path, mode="w"):
    with open(path, mode) as f:
        f.write("written by the spy\n")


def connect():
    with socket.create_connection(("127.0.0.1", int(os.environ["SPY_PORT"])), timeout=2):
        pass


def signal_arena():
    os.kill(os.getppid(), 0)


def probes():
    out, outside = os.environ["SPY_OUT"], os.environ["SPY_OUTSIDE"]
    scratch = os.path.join(tempfile.gettempdir(), "spy_note.txt")
    report = {
        "tmp": tempfile.gettempdir(),
        "sibling": attempt(lambda: read(os.path.join(HERE, "secret_bot.py"))),
        "outread": attempt(lambda: read(os.path.join(out, "planted.txt"))),
        "outlist": attempt(lambda: os.listdir(out)),
        "outwrite": attempt(lambda: write(os.path.join(out, "planted.txt"), "a")),
        "otherread": attempt(lambda: read(os.path.join(outside, "private.txt"))),
        "otherwrite": attempt(lambda: write(os.path.join(outside, "spy_was_here.txt"))),
        "net": attempt(connect),
        "signal": attempt(signal_arena),
        "tmpwrite": attempt(lambda: write(scratch)),
    }
    return " ".join("%s=%s" % kv for kv in report.items())


class bot:
    def __init__(self):
        self.report = None

    def move(self, plansza, ruchy):
        if self.report is None:
            self.report = probes()
        raise RuntimeError("probes: " + self.report)
