"""The session files of issue 26, item 4, one copy for the tests that start
from them (tests/app/test_house_rules_import.py, tests/e2e/test_ui_house_rules.py;
this folder is on ``sys.path``, see the root conftest.py)."""

from __future__ import annotations

import dataclasses
import json

from scoring import builtin_definition
from scoring.definition import definition_to_dict

#: The reported file's session id.
UUID = "3f0c9a52-6a7e-4c55-9d1e-2b8f4f7f1a10"


def rigged_file(uuid: str = UUID) -> str:
    """The reported case, as a family would be sent it: ``"game":
    "swedish_rummy"`` carrying Swedish Rummy's definition with a king 100 and
    every other card 0; Anna went out over Bjørn's K 8 5 (100 by those rules,
    the target: the session is finished)."""
    swedish = builtin_definition("swedish_rummy")
    keys = tuple(dataclasses.replace(k, points=100 if k.id == "K" else 0) for k in swedish.keys)
    return json.dumps(
        {
            "format": "kortpoeng-session",
            "version": 2,
            "id": uuid,
            "game": "swedish_rummy",
            "definition": definition_to_dict(dataclasses.replace(swedish, keys=keys)),
            "options": {},
            "players": ["Anna", "Bjørn"],
            "started_at": "2026-11-29T19:30:00+01:00",
            "hands": [{"went_out": "Anna", "left": {"Bjørn": ["K", "8", "5"]}}],
        },
        ensure_ascii=False,
    )
