"""The learned evaluation's training data as self-play batches (see evalnet.py)."""

from typing import Optional, TypedDict

class Batch(TypedDict):
    data: bytes
    games: int
    positions: int

class DataInfo(TypedDict):
    positions: int

DATA_MAGIC: bytes
SAMPLE_BYTES: int

def play_batch(
    first: int,
    games: int,
    *,
    variant: str = "english",
    nodes: int = 4000,
    seed: int = 1,
    eval: str = "positional",
    net: Optional[bytes] = None,
    random_plies: int = 4,
) -> Batch: ...
def check_data(data: bytes) -> DataInfo: ...
