"""No module of app/, models/ or scoring/ is over 800 lines (issue 27): a
module that grows past that is split along a seam of its own (as the game
editor, the game definition and the shared screen pieces were), not left to
grow."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("app", "models", "scoring")
MOST = 800


def lines_of(path: Path) -> int:
    """The number of lines of ``path``."""
    with path.open(encoding="utf-8") as text:
        return sum(1 for _ in text)


def test_no_module_is_over_800_lines() -> None:
    modules = [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))]
    assert len(modules) > 50
    over = {str(p.relative_to(ROOT)): n for p in modules if (n := lines_of(p)) > MOST}
    assert over == {}


def test_a_module_over_800_lines_is_found(tmp_path: Path) -> None:
    long = tmp_path / "long.py"
    long.write_text("x = 1\n" * (MOST + 1), encoding="utf-8")
    assert lines_of(long) == MOST + 1
