"""The session files the session sheet is tested with, in the browser
(tests/e2e/test_session_sheet.py) and as a screen model
(tests/app/test_session_screen.py): the same sessions, so what the browser
shows and what the model says are of one sheet. Session files as
docs/SESSION_FORMAT.md has them (version 2)."""

from __future__ import annotations

from typing import Any

LONG = ["Bestemor Ingrid", "Onkel Bjørnar", "Kari Nordmann", "Ola Nordmann"]

#: Swedish Rummy to 250, a blocked hand scoring nothing: Kari Nordmann went
#: out holding 60 + 5 + 3 against her (8 K, 5, A 2), then a blocked hand
#: (nobody scores), then Ola Nordmann went out with nobody holding anything.
SHEET: dict[str, Any] = {
    "format": "kortpoeng-session",
    "version": 2,
    "game": "swedish_rummy",
    "options": {"target": 250, "blocked_scoring": "no_score"},
    "players": LONG,
    "hands": [
        {
            "went_out": "Kari Nordmann",
            "left": {
                "Bestemor Ingrid": ["8", "K"],
                "Onkel Bjørnar": ["5"],
                "Ola Nordmann": ["A", "2"],
            },
        },
        {
            "went_out": None,
            "left": {
                "Bestemor Ingrid": ["3"],
                "Onkel Bjørnar": ["4"],
                "Kari Nordmann": ["6"],
                "Ola Nordmann": ["9"],
            },
        },
        {"went_out": "Ola Nordmann", "left": {}},
    ],
}

#: Rummy with penalty points (5 rounds): Bo reaches 114, so the chart's axis
#: ends at 120 (a step of 20); hand 4 ends with nobody out.
PENALTY: dict[str, Any] = {
    "format": "kortpoeng-session",
    "version": 2,
    "game": "rummy",
    "options": {},
    "players": ["Anna", "Bo", "Cato", "Dag"],
    "hands": [
        {"went_out": "Anna", "left": {"Bo": ["K", "Q", "J", "10"], "Cato": ["5"], "Dag": ["2"]}},
        {"went_out": "Anna", "left": {"Bo": ["K", "Q", "J", "10", "9", "8"], "Cato": ["3"]}},
        {"went_out": "Cato", "left": {"Bo": ["K", "5"], "Anna": ["4"]}},
        {"went_out": None, "left": {"Anna": ["3"], "Bo": ["2"], "Cato": ["4"], "Dag": ["5"]}},
    ],
}

#: Seven players with long names, Swedish Rummy to 100, finished after one
#: hand (Bestemor Ingrid collects 100 + 50): the columns scroll sideways.
SEVEN = [*LONG, "Tante Margrethe", "Fetter Sebastian", "Lillebror Tobias"]
FINISHED: dict[str, Any] = {
    "format": "kortpoeng-session",
    "version": 2,
    "game": "swedish_rummy",
    "options": {"target": 100},
    "players": SEVEN,
    "hands": [
        {
            "went_out": SEVEN[0],
            "left": {SEVEN[1]: ["8", "8"], SEVEN[2]: ["8"]},
        }
    ],
}
