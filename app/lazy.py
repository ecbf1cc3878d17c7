"""Names of a package loaded from their modules when first asked for (PEP 562).

A package that lists its public names and the module each lives in gets its
``__getattr__`` and ``__dir__`` here, so that importing the package loads
nothing else: ``kortpoeng stats`` does not load every export, a command that
names a game does not load every error's words (``app.messages``,
``app.reports``). ``scoring`` has the same loader of its own (it imports
nothing from ``app``).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(
    package: str, homes: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package ``package`` (its
    ``__name__``), whose names live in the modules ``homes`` gives (name →
    module's full name). A name is imported once and then kept on the package.
    Raises :class:`AttributeError` for a name not in ``homes``."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *homes})

    return __getattr__, __dir__
