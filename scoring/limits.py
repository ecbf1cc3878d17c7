"""Number limits shared by the rules and the definition reader.

Kept below both (``scoring.rules`` and ``scoring.definition`` import it, it
imports nothing of the project) so that the definition reader does not import
the rules module that itself reads definitions (issue 27, item 5: no import
cycles). ``scoring.rules`` re-exports both names.
"""

from __future__ import annotations

#: The most points one player's leftover cards may be entered as: far beyond any
#: real hand, and small enough that totals stay exact and printable.
MAX_POINTS = 100_000
#: The largest whole-number option (a target or a number of rounds).
MAX_OPTION = 1_000_000_000
