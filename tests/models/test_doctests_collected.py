"""Every doctest in app/, models/ and scoring/ is collected by the test suite
(issue 27: the doctests in models/ were never run, models/ was not among
pytest's testpaths). Read from pyproject.toml's pytest settings: a module
with an example must lie under a testpath, outside every ``--ignore``, with
``--doctest-modules`` on."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("app", "models", "scoring")
EXAMPLE = re.compile(r"^\s*>>> ", re.MULTILINE)


def _pytest_settings() -> tuple[list[Path], list[Path], list[str]]:
    """(testpaths, ignored paths, addopts) of pyproject.toml, paths absolute."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    options = config["tool"]["pytest"]["ini_options"]
    addopts = shlex.split(options["addopts"])
    ignored = [ROOT / a.split("=", 1)[1] for a in addopts if a.startswith("--ignore=")]
    return [ROOT / p for p in options["testpaths"]], ignored, addopts


def _collected(path: Path, testpaths: list[Path], ignored: list[Path]) -> bool:
    return any(path.is_relative_to(p) for p in testpaths) and not any(
        path.is_relative_to(p) for p in ignored
    )


def test_every_module_with_an_example_is_collected() -> None:
    testpaths, ignored, addopts = _pytest_settings()
    assert "--doctest-modules" in addopts
    with_examples = [
        path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if EXAMPLE.search(path.read_text(encoding="utf-8"))
    ]
    assert any(p.is_relative_to(ROOT / "models") for p in with_examples)
    missed = [
        str(p.relative_to(ROOT)) for p in with_examples if not _collected(p, testpaths, ignored)
    ]
    assert missed == []


def test_migrations_are_not_imported_by_the_doctest_collection() -> None:
    """Alembic's env.py runs the migrations when Alembic imports it."""
    testpaths, ignored, _ = _pytest_settings()
    assert not _collected(ROOT / "models" / "migrations" / "env.py", testpaths, ignored)
