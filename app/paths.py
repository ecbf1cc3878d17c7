"""Where the app's own files are: assets (fonts, icons, sample sessions) and the
gettext catalogs, resolved from this file, never from the working directory."""

from __future__ import annotations

from pathlib import Path

__all__ = ["ASSETS_DIR", "FONTS_DIR", "LOCALES_DIR", "ROOT", "SAMPLES_DIR"]

#: The project (or installed package) root that holds ``assets/`` and ``locales/``.
ROOT: Path = Path(__file__).resolve().parent.parent
ASSETS_DIR: Path = ROOT / "assets"
FONTS_DIR: Path = ASSETS_DIR / "fonts"
SAMPLES_DIR: Path = ASSETS_DIR / "samples"
LOCALES_DIR: Path = ROOT / "locales"
