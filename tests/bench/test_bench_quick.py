"""Benchmarks cannot rot (issue 27): ``bench/run.py --quick`` runs every
benchmark in ``bench/`` once, with small sizes and one repeat, and each must
run to its end and print every one of its figures. The figures themselves
mean nothing here and no target is checked (``make bench`` measures them).

One process for the lot, about a minute and a half on a quiet two-core
machine (Chromium starts a few times): the cheapest way to run them all.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import run as bench_run  # noqa: E402

#: Per benchmark, a pattern for each figure it prints (its name, not its value).
FIGURES: dict[str, list[str]] = {
    "scoring_bench": [r"scoring: score_hand, .* µs", r"kortpoeng score \(.*\) median .* ratio"],
    "data_game_bench": [
        r"data_game: swedish_rummy .* coded .* definition",
        r"data_game: rummy .* coded .* definition",
        r"data_game: hearts, .* µs/hand",
        r"data_game: five_crowns, 6 players, .* µs/hand \((ok|over), ≤ 20 µs\)",
        r"data_game: kasino, captured piles: 4 players .* µs/hand, 6 players .* µs/hand"
        r" \((ok|over), ≤ 20 µs\)",
        r"data_game: plump, 5 players, .* µs/hand \((ok|over), ≤ 20 µs\)",
        r"data_game: phase_10, 6 players .* µs/hand \((ok|over), ≤ 20 µs\)",
    ],
    "storage": [
        r"storage: built \d+ sessions",
        r"storage: list first page",
        r"storage: open \d+-hand session: ",
        r"storage: open \d+ / open \d+: ",
        r"storage: record a hand into the 5-hand session",
        r"storage: edit hand \d+ of the",
        r"storage: import a \d+-hand session file",
        r"storage: statistics, \d+ finished sessions",
        r"storage: open the \d+-hand session after a scoring-code change",
        r"storage: open-time check, PRAGMA quick_check",
        r"storage: check of a backup, integrity_check",
        r"storage: kortpoeng --version: ",
        *(
            rf"storage: kortpoeng {name} / --version: \d"
            for name in ("list", "show", "export --format txt", "stats")
        ),
    ],
    "exports": [
        r"first pdf export",
        *(
            rf"  {fmt} +{lang} +[\d.]+ +[\d.]+ +[\d,]+  (ok|over)"
            for fmt in ("txt", "md", "csv", "pdf", "png", "json")
            for lang in ("nb", "en")
        ),
    ],
    "ui_start": [r"hello +server [\d.]+ s +frame [\d.]+ s +start→interactive"],
    "ui": [
        r"ui: start to first interactive frame: app [\d.]+ s, hello [\d.]+ s, ratio",
        r"ui: save hand to updated standings \(\d+ hands\): median \d+ ms",
        r"ui: statistics, tap to figures \(\d+ sessions\): median \d+ ms",
    ],
    "shutdown": [
        rf"SIG(INT|TERM) +{kind} +[\d.]+ +[\d.]+  \[0\]"
        for kind in ("idle", "dropped", "silent", "tab", "closed-tab", "saving")
    ],
    "request_limits": [
        r"server memory before: +[\d.]+ MiB",
        r"peak while sending: +[\d.]+ MiB",
        r"client 1: sent [\d,]+ bytes .* answer HTTP/1.1 431",
    ],
    "taps": [
        rf"taps: {hand}: \d+ taps \(RULES\.md §{section}: \d+, (ok|over)\)"
        for hand, section in (
            ("kasino example 1", "5.3"),
            (r"kasino example 2, three players", "5.3"),
            (r"kasino partnerships \(example 4\)", "5.3"),
            ("five crowns round 1", "6.2"),
            ("five crowns round 3", "6.2"),
            ("plump deal 1", "7.2"),
            ("phase 10 example 1", "8.2"),
        )
    ],
    "scale": [
        r"figure +SQLite 24 +SQLite 48",
        r"list first page \(20 sessions\) +[\d.]+ ms",
        r"kortpoeng stats / --version +[\d.]+ ×",
    ],
}


def sections(output: str) -> dict[str, str]:
    """The output of ``bench/run.py`` split into each benchmark's part."""
    parts: dict[str, str] = {}
    name = ""
    for line in output.splitlines():
        heading = re.fullmatch(r"== (\w+)", line)
        if heading:
            name = heading[1]
            parts[name] = ""
        elif name:
            parts[name] += line + "\n"
    return parts


@pytest.mark.e2e
def test_every_benchmark_runs_to_its_end_in_quick_mode() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KORTPOENG_")}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "run.py"), "--quick"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,  # a hang guard, not a speed target
        check=False,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0, said[-6000:]
    parts = sections(done.stdout)
    expected = bench_run.scripts(quick=True)
    assert set(FIGURES) <= set(expected), "a benchmark listed here is gone from bench/"
    for name in expected:
        assert f"== {name} done in" in done.stdout, said[-6000:]
        for pattern in FIGURES.get(name, []):
            assert re.search(pattern, parts[name]), f"{name}: no figure like {pattern!r}"
