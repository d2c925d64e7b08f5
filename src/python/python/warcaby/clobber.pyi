"""Clobber's exact solver and its proofs as work units (see clobber.py)."""

from typing import Any, Dict, List, Optional, Tuple, TypedDict

class Solution(TypedDict):
    mover_wins: bool
    move: Optional[str]
    nodes: int
    time_ms: int

class UnitsStatus(TypedDict):
    position: str
    mover_wins: bool
    depth: int
    total: int
    done: int
    remaining: List[int]
    split: List[int]
    bad: List[Tuple[int, str]]
    seconds: float
    positions: int

class UnitProven(TypedDict):
    unit: int
    mover_wins: bool
    seconds: float
    positions: int
    leaves: int

class Verified(TypedDict):
    units: int
    positions: int
    leaves: int
    leaf_nodes: int

def solve(position: str, *, threads: int = 1, table_bits: Optional[int] = None) -> Solution:
    """Who wins ``position`` (text like ``WBWB/BWBW:B``) with perfect play."""

def split_units(
    dir: str,
    position: str,
    depth: int,
    *,
    leaf_stones: Optional[int] = None,
    leaf_nodes: Optional[int] = None,
    threads: int = 1,
) -> int:
    """Splits the proof of ``position`` at ``depth`` plies into units and
    writes the manifest to ``dir``; returns the number of units."""

def units_manifest(dir: str) -> str:
    """The manifest's text of the folder (what ``prove_unit`` needs)."""

def units_status(dir: str) -> UnitsStatus:
    """What is done, what remains, the seconds and positions spent."""

def prove_unit(
    manifest: str, unit: int, *, threads: int = 1, table_bits: Optional[int] = None
) -> bytes:
    """Proves a unit of the manifest (its text): the unit file's bytes."""

def save_unit(dir: str, data: bytes) -> UnitProven:
    """Writes a unit file's bytes into the folder, atomically, once they
    claim what the manifest's unit needs."""

def run_unit(
    dir: str, unit: int, *, threads: int = 1, table_bits: Optional[int] = None
) -> Optional[UnitProven]:
    """Proves a unit and writes its file, unless it is there (then None)."""

def verify_unit(dir: str, unit: int, *, threads: int = 1) -> Verified:
    """Verifies one unit's certificate with the plain negamax."""

def verify_units(dir: str, *, part: int = 1, parts: int = 1, threads: int = 1) -> Verified:
    """Checks the top and verifies the units (part ``part`` of ``parts``)."""

class CertificateVerified(TypedDict):
    position: str
    mover_wins: bool
    move: Optional[str]
    positions: int
    leaves: int
    leaf_nodes: int

def split_unit(dir: str, unit: int, depth: int, *, threads: int = 1) -> str:
    """Splits a unit again into a folder of its own; returns its path."""

def join_units(dir: str) -> bytes:
    """The top and the units joined into one certificate: the file's bytes."""

def verify_certificate(data: bytes, *, threads: int = 1) -> CertificateVerified:
    """Checks a certificate file's bytes with the plain negamax."""

def check_top(manifest: str) -> int:
    """Checks a manifest's top (its text); returns the number of units."""

def verify_unit_data(manifest: str, data: bytes, *, threads: int = 1) -> Verified:
    """Verifies a unit file's bytes against a manifest's text."""
