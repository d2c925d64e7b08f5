"""The learned evaluation's training data as batches of self-play games.

``play_batch(first, games, ...)`` plays games ``first`` to ``first + games
- 1`` of a self-play run — game *i* from ACF ballot *i* (cycling; turned
half a circle where White moves first), then 0 to ``random_plies`` random
plies seeded by ``seed + i``, both sides searching ``nodes`` nodes a move
with ``eval`` — and returns the training position file's bytes
(``DATA_MAGIC``, then ``SAMPLE_BYTES`` a quiet position) with the games'
and positions' counts. A batch depends on its numbers alone, so any
machine plays the same games as ``warcaby evalnet gen --first FIRST
--games GAMES --threads 1`` and batches side by side make one longer run.
``check_data`` reads such bytes back (a damaged file raises
``WarcabyError``). ``warcaby evalnet train --data DIR`` trains on a folder
of batch files.

``python -m warcaby.distributed selfplay`` runs the batches on Ray.
"""

from ._warcaby import evalnet as _native

play_batch = _native.play_batch
check_data = _native.check_data
DATA_MAGIC: bytes = _native.DATA_MAGIC
SAMPLE_BYTES: int = _native.SAMPLE_BYTES

__all__ = ["play_batch", "check_data", "DATA_MAGIC", "SAMPLE_BYTES"]
