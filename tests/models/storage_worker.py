"""A separate writer process for the crash and concurrency tests.

``python storage_worker.py DB SESSION_ID TAG COUNT`` records COUNT hands (0 =
forever) into the session, each with the note ``TAG-i``, and prints
``saved <number> <note>`` after each commit (flushed, so a line means the hand
was on disk before the process could be killed).
"""

from __future__ import annotations

import sys

from models.db import make_engine
from models.services import record_hand
from scoring import Hand, parse_cards


def main() -> None:
    path, session_id, tag, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    engine = make_engine(path)
    i = 0
    while count == 0 or i < count:
        i += 1
        hand = Hand(
            "A" if i % 2 else "B",
            {"B" if i % 2 else "A": parse_cards(["5S", "KH", "2C"][: 1 + i % 3])},
            note=f"{tag}-{i}",
        )
        view = record_hand(engine=engine, session_id=session_id, hand=hand)
        print(f"saved {view.hands[-1].number} {tag}-{i}", flush=True)


if __name__ == "__main__":
    main()
