"""Shared helpers of the Flet work-arounds: finding what Flet itself does
(under a work-around's wrapper) and checking the private names relied on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: Set on a patched function, so that a work-around patches once.
MARK = "_kortpoeng_fix"
#: On a patched function: the function of Flet's it wraps.
ORIGINAL = "_kortpoeng_original"


def wraps_upstream(wrapper: Callable[..., Any], upstream: Callable[..., Any]) -> None:
    """Mark ``wrapper`` as a work-around wrapping Flet's ``upstream``."""
    setattr(wrapper, MARK, True)
    setattr(wrapper, ORIGINAL, upstream)


def upstream(function: Callable[..., Any]) -> Callable[..., Any]:
    """Flet's own function under a work-around's wrapper (or ``function``
    itself if it was not wrapped)."""
    return getattr(function, ORIGINAL, function)


def require_attribute(owner: object, name: str, fix: str) -> None:
    """Raise ``RuntimeError`` naming ``name`` if ``owner`` lacks it."""
    if not hasattr(owner, name):
        raise RuntimeError(
            f"Flet work-around {fix!r}: {owner!r} has no attribute {name!r} any more "
            "(Flet changed; the work-around was written for Flet 1.0.5)"
        )


def require_name_used(function: Callable[..., Any], name: str, fix: str) -> None:
    """Raise ``RuntimeError`` naming ``name`` if Flet's ``function`` (under
    any wrapper) no longer reads or writes the (instance) attribute ``name``."""
    code = getattr(upstream(function), "__code__", None)
    if code is None or name not in code.co_names:
        raise RuntimeError(
            f"Flet work-around {fix!r}: {getattr(function, '__qualname__', function)} "
            f"no longer uses the private attribute {name!r} "
            "(Flet changed; the work-around was written for Flet 1.0.5)"
        )


def require_class_defined(function: Callable[..., Any], name: str, fix: str) -> None:
    """Raise ``RuntimeError`` naming ``name`` if Flet's ``function`` no longer
    defines a class (or function) of that name in its body."""
    code = getattr(upstream(function), "__code__", None)
    inner = [c.co_name for c in getattr(code, "co_consts", ()) if hasattr(c, "co_name")]
    if name not in inner:
        raise RuntimeError(
            f"Flet work-around {fix!r}: {getattr(function, '__qualname__', function)} "
            f"no longer defines {name!r} "
            "(Flet changed; the work-around was written for Flet 1.0.5)"
        )
