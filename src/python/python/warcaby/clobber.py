"""Clobber's exact solver and its proofs as work units, for Python drivers.

A board's proof is split at a depth under the winning line into *units*
(``split_units``): the folder gets a manifest, the *top* (one winning move
at the winner's turns, every reply at the loser's) down to the units, each
a position with the verdict the top needs there. A unit is proven from the
manifest's text alone (``prove_unit`` returns the unit file's bytes; no
file is read, so it can run on a machine that does not see the folder) and
its bytes are written into the folder with ``save_unit`` (atomically, once
they claim what the manifest needs). ``run_unit`` does both where the
folder is at hand. ``verify_unit`` checks one unit's certificate with the
plain negamax; ``verify_units`` checks the top and every unit (or part K
of N), which proves the board; ``check_top`` and ``verify_unit_data`` do
the same from the manifest's text and a unit file's bytes, for checkers
that do not see the folder. ``units_status`` says what is done.
``join_units`` joins the top and the units into one certificate of the
board (``verify_certificate`` checks it); ``split_unit`` splits a unit
that is too big again, into a folder of its own whose units, once proven,
``run_unit`` joins into the unit's file.

The same folders are read and written by ``warcaby clobber units ...``;
``python -m warcaby.distributed clobber-proof`` runs the units on Ray.
Bad input raises ``WarcabyError``; a file that cannot be read or written,
``OSError``.
"""

from ._warcaby import clobber as _native

solve = _native.solve
split_units = _native.split_units
units_manifest = _native.units_manifest
units_status = _native.units_status
prove_unit = _native.prove_unit
save_unit = _native.save_unit
run_unit = _native.run_unit
verify_unit = _native.verify_unit
verify_units = _native.verify_units
split_unit = _native.split_unit
join_units = _native.join_units
verify_certificate = _native.verify_certificate
check_top = _native.check_top
verify_unit_data = _native.verify_unit_data

__all__ = [
    "solve",
    "split_units",
    "units_manifest",
    "units_status",
    "prove_unit",
    "save_unit",
    "run_unit",
    "verify_unit",
    "verify_units",
    "split_unit",
    "join_units",
    "verify_certificate",
    "check_top",
    "verify_unit_data",
]
