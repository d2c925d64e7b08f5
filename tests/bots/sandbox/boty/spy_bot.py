"""A bot that tries, once per game, everything its sandbox forbids, and
reports what happened as the exception it raises from every move (the
arena records it, up to 200 characters): ``tmp=`` its temporary folder,
then ``key=result`` pairs, where the result is ``denied``
(PermissionError), ``ok`` (it worked: a leak) or the exception's name.
The keys: sib (read the sibling bot), outr, outl, outw (read, list, write
the output folder), othr, othw (read, write the test's folder), net (TCP
to the test), unix (the test's UNIX socket), sig (signal the arena), tmpw
(write its temporary folder, which it may).

The test tells it where to aim through environment variables the arena
passes on: SPY_OUT (the arena's output folder, holding a planted file),
SPY_OUTSIDE (a folder of the test's, holding a file to read, a UNIX
socket the test listens on, and where no new file may appear), SPY_PORT (a TCP port the test listens on).
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


def connect_unix(path):
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(2)
        s.connect(path)


def signal_arena():
    os.kill(os.getppid(), 0)


def probes():
    out, outside = os.environ["SPY_OUT"], os.environ["SPY_OUTSIDE"]
    scratch = os.path.join(tempfile.gettempdir(), "spy_note.txt")
    report = {
        "tmp": tempfile.gettempdir(),
        "sib": attempt(lambda: read(os.path.join(HERE, "secret_bot.py"))),
        "outr": attempt(lambda: read(os.path.join(out, "planted.txt"))),
        "outl": attempt(lambda: os.listdir(out)),
        "outw": attempt(lambda: write(os.path.join(out, "planted.txt"), "a")),
        "othr": attempt(lambda: read(os.path.join(outside, "private.txt"))),
        "othw": attempt(lambda: write(os.path.join(outside, "spy_was_here.txt"))),
        "net": attempt(connect),
        "unix": attempt(lambda: connect_unix(os.path.join(outside, "spy.sock"))),
        "sig": attempt(signal_arena),
        "tmpw": attempt(lambda: write(scratch)),
    }
    return " ".join("%s=%s" % kv for kv in report.items())


class bot:
    def __init__(self):
        self.report = None

    def move(self, plansza, ruchy):
        if self.report is None:
            self.report = probes()
        raise RuntimeError("probes: " + self.report)
