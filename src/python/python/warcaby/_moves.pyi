from typing import List

from ._warcaby import Move

class LegalMoves(List[Move]):
    """A board's legal moves; move text is found in it too."""

    def __contains__(self, item: object) -> bool: ...
