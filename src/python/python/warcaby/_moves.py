"""The list ``Board.legal_moves`` returns."""


class LegalMoves(list):
    """A board's legal moves: a plain list of ``Move``, in which move text
    is found too, so ``"22-18" in board.legal_moves`` is true when 22-18 is
    legal (as its shortest text or its full path, ``1x10x19``)."""

    __slots__ = ()

    def __contains__(self, item):
        if isinstance(item, str):
            text = item.strip()
            return any(text == str(m) or text == m.full for m in self)
        return list.__contains__(self, item)
