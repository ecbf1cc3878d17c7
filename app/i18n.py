"""Translation and locale formatting: the one entry point for user-visible text.

Every string the user sees goes through :func:`_` (or :func:`ngettext`,
:func:`pgettext`, :func:`npgettext`), which looks the *active language* up at
call time. Nothing is translated at import time, so switching language and
re-rendering shows the new language without a restart.

Catalogs are gettext catalogs in ``locales/<lang>/LC_MESSAGES/messages.mo``,
found from this file's location (never from the working directory). The
``.mo`` files are built by ``make catalogs``; when one is missing or older than
its ``.po`` the ``.po`` is compiled in memory instead (with a logged warning),
so a fresh checkout still speaks both languages. A message missing from a
catalog falls back to its English source string.

Which language is active
------------------------
:func:`get_language` resolves, in order:

1. a scoped override set with :func:`use_language` (a ``ContextVar``; for
   exports, tests, or rendering one thing in another language);
2. the language of the current Flet session, if called while Flet is serving
   a session (set by :func:`set_language` inside that session; stored in the
   session's ``page.session.store``), so two browser tabs can differ;
3. the process default (:func:`set_default_language`, else
   :func:`initial_language`: ``KORTPOENG_LANG`` or the system locale).

A plain ``ContextVar`` alone cannot carry a per-tab choice: Flet runs every
event handler in a fresh asyncio task and re-binds only its own page context
var there, so a value set in one click handler is gone in the next one. The
session store lives as long as the session.

Languages are ``"nb"`` (Norwegian Bokmål) and ``"en"`` (English, the source
language).

>>> with use_language("nb"):
...     pgettext("suit", "hearts")
'hjerter'
>>> with use_language("en"):
...     format_number(1234)
'1,234'
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import io
import logging
import os
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from gettext import NullTranslations
from typing import Any

from babel.core import Locale, negotiate_locale
from babel.dates import format_date as _babel_format_date
from babel.dates import format_time as _babel_format_time
from babel.dates import get_datetime_format
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

from app.paths import LOCALES_DIR
from scoring.invisible import FSI, ISOLATE_OPENERS, PDI

__all__ = [
    "BABEL_LOCALES",
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "ENV_VAR",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALES_DIR",
    "N_",
    "_",
    "babel_locale",
    "bidi_safe",
    "collation_key",
    "format_date",
    "format_number",
    "get_language",
    "initial_language",
    "join_names",
    "names_as_typed",
    "negotiate_language",
    "ngettext",
    "normalize_language",
    "npgettext",
    "parse_accept_language",
    "pgettext",
    "reload_catalogs",
    "seat_list",
    "set_default_language",
    "set_language",
    "system_language",
    "use_language",
]

logger = logging.getLogger(__name__)

#: Root of the gettext catalogs, resolved from this file (not the cwd).
#: gettext domain: ``locales/<lang>/LC_MESSAGES/messages.{po,mo}``.
DOMAIN = "messages"
#: Supported language codes, in the order a language picker shows them.
LANGUAGES: tuple[str, ...] = ("nb", "en")
#: The source language, used when nothing else says otherwise.
DEFAULT_LANGUAGE = "en"
#: Each language's own name for itself (endonyms: never translated).
LANGUAGE_NAMES: Mapping[str, str] = {"nb": "Norsk bokmål", "en": "English"}
#: Babel/CLDR locale used for numbers and dates per language.
BABEL_LOCALES: Mapping[str, str] = {"nb": "nb_NO", "en": "en_GB"}
#: Environment variable that picks the initial language (``nb`` or ``en``).
ENV_VAR = "KORTPOENG_LANG"

_SESSION_KEY = "kortpoeng.language"
_ALIASES = {"nb": "nb", "nn": "nb", "no": "nb", "en": "en"}

_override: ContextVar[str | None] = ContextVar("kortpoeng_language", default=None)
_default_language: str | None = None
_catalogs: dict[str, NullTranslations] = {}
_lock = threading.Lock()


# --------------------------------------------------------------------------
# Language codes
# --------------------------------------------------------------------------


def normalize_language(code: str | None) -> str | None:
    """Map a language tag to a supported language code, or ``None``.

    Accepts ``nb``, ``nb_NO``, ``nb-NO.UTF-8``, ``nn``, ``no`` (all → ``"nb"``),
    ``en``, ``en_US`` … (→ ``"en"``), case-insensitively, and Windows-style
    names such as ``Norwegian Bokmål_Norway``. Anything else (including
    ``C``/``POSIX`` and the empty string) gives ``None``.

    >>> normalize_language("nb_NO.UTF-8"), normalize_language("en-gb")
    ('nb', 'en')
    >>> normalize_language("nn"), normalize_language("de_DE"), normalize_language("")
    ('nb', None, None)
    """
    if not code:
        return None
    text = code.strip().lower()
    if text.startswith(("norwegian", "norsk", "bokm")):
        return "nb"
    if text.startswith("english"):
        return "en"
    base = text.split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0]
    return _ALIASES.get(base)


def _require(code: str) -> str:
    lang = normalize_language(code)
    if lang is None:
        raise ValueError(f"unsupported language {code!r}; expected one of {LANGUAGES}")
    return lang


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The user's language from the operating system: ``"nb"`` or ``"en"``.

    Looks at ``LANGUAGE`` (a colon-separated priority list), ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG``, in gettext's order, then at
    :func:`locale.getlocale` (Windows and macOS often set no variables).
    Norwegian in any form (``nb``, ``nn``, ``no``) gives ``"nb"``; anything
    else gives ``"en"``. Never raises.

    Args:
        environ: Environment to read; defaults to ``os.environ``.

    >>> system_language({"LANG": "nb_NO.UTF-8"})
    'nb'
    >>> system_language({"LANGUAGE": "nn:en", "LANG": "en_GB.UTF-8"})
    'nb'
    >>> system_language({"LC_ALL": "C.UTF-8", "LANG": "nb_NO.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for part in value.split(":"):
            lang = normalize_language(part)
            if lang is not None:
                return lang
        if var != "LANGUAGE":
            # The first locale variable that is set decides (as gettext does);
            # ``C``/``POSIX`` and foreign languages mean English.
            return DEFAULT_LANGUAGE
    if environ is None:
        import locale

        with contextlib.suppress(ValueError, TypeError):
            lang = normalize_language(locale.getlocale()[0])
            if lang is not None:
                return lang
    return DEFAULT_LANGUAGE


def initial_language(
    environ: Mapping[str, str] | None = None, *, browser: str | None = None
) -> str:
    """The language to start with: ``KORTPOENG_LANG`` if valid (the host's
    choice), else ``browser`` (the language the browser asks for, see
    :func:`negotiate_language`) when given, else the system's.

    An unsupported ``KORTPOENG_LANG`` is logged and ignored.

    >>> initial_language({"KORTPOENG_LANG": "nb", "LANG": "en_GB.UTF-8"})
    'nb'
    >>> initial_language({"KORTPOENG_LANG": "", "LANG": "en_GB.UTF-8"})
    'en'
    >>> initial_language({"LANG": "en_GB.UTF-8"}, browser="nb")
    'nb'
    """
    env = os.environ if environ is None else environ
    chosen = env.get(ENV_VAR, "")
    if chosen:
        lang = normalize_language(chosen)
        if lang is not None:
            return lang
        logger.warning("Ignoring %s=%r: expected one of %s", ENV_VAR, chosen, LANGUAGES)
    if browser is not None:
        return _require(browser)
    return system_language(environ)


#: At most this many languages of an ``Accept-Language`` header are read.
_MAX_ACCEPTED = 32


def parse_accept_language(header: str | None) -> list[str]:
    """The language tags of an HTTP ``Accept-Language`` header, the most
    wanted first: by quality (``q``, 1 when not given), equal qualities in
    the header's order; ``nb_NO`` is read as ``nb-NO``. Tags with ``q=0`` or
    an unreadable ``q``, and the wildcard ``*``, are left out; at most 32
    tags are read. Never raises.

    >>> parse_accept_language("en-US;q=0.5, nb-NO, nn;q=0.8, *;q=0.1")
    ['nb-NO', 'nn', 'en-US']
    >>> parse_accept_language("fr;q=x, de;q=0, en"), parse_accept_language(None)
    (['en'], [])
    """
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate((header or "").split(",")[:_MAX_ACCEPTED]):
        tag, _sep, params = part.strip().partition(";")
        tag = tag.strip().replace("_", "-")
        weight = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if tag and tag != "*" and 0 < weight <= 1:
            ranked.append((-weight, position, tag))
    return [tag for _weight, _position, tag in sorted(ranked)]


def negotiate_language(accept_language: str | None) -> str | None:
    """The supported language a browser asks for (its ``Accept-Language``
    header): the first of its languages, by quality, that the app speaks,
    matched by Babel (:func:`babel.core.negotiate_locale`, on the language
    part of each tag). Norwegian in any form (``nb``, ``nb-NO``, ``no``,
    ``nn``) is ``"nb"``; English in any form ``"en"``.

    A header that names languages but none the app speaks (``de-DE``) gives
    ``"en"``, the source language: a visitor who reads no Norwegian is more
    likely to read English than Norwegian. A missing or empty header (no
    browser: a desktop window, a phone app) gives ``None``: the caller then
    uses the system's language (:func:`initial_language`).

    >>> negotiate_language("nb-NO,nb;q=0.9,en;q=0.8"), negotiate_language("en-US,en;q=0.9")
    ('nb', 'en')
    >>> negotiate_language("de-DE,de;q=0.9,nn;q=0.5"), negotiate_language("no")
    ('nb', 'nb')
    >>> negotiate_language("de-DE"), negotiate_language(""), negotiate_language(None)
    ('en', None, None)
    """
    tags = parse_accept_language(accept_language)
    if not tags:
        return None
    spoken = [code for code, language in _ALIASES.items() if language in LANGUAGES]
    found = negotiate_locale(tags, spoken, sep="-", aliases={})
    if found is None:
        return DEFAULT_LANGUAGE
    return normalize_language(found) or DEFAULT_LANGUAGE


# --------------------------------------------------------------------------
# The active language
# --------------------------------------------------------------------------


def _flet_session() -> Any | None:
    """The Flet session being served in this context, or ``None``.

    Imports nothing: if Flet was never imported there is no session.
    """
    if "flet" not in sys.modules:
        return None
    from flet.controls.context import context

    try:
        return context.page.session
    except RuntimeError:  # outside a Flet callback, or the session is gone
        return None


def get_language() -> str:
    """The active language code (``"nb"`` or ``"en"``) for this call.

    Resolution order: :func:`use_language` override, then the current Flet
    session's language, then the process default (see the module docstring).
    """
    lang = _override.get()
    if lang is not None:
        return lang
    session = _flet_session()
    if session is not None:
        lang = session.store.get(_SESSION_KEY)
        if lang is not None:
            return str(lang)
    global _default_language
    if _default_language is None:
        _default_language = initial_language()
    return _default_language


def set_language(code: str) -> str:
    """Make ``code`` the active language and return the normalized code.

    Inside a Flet session (a ``main``, event handler or component render) this
    sets the language of *that session only* (one browser tab); elsewhere it
    sets the process default. Components re-render in the new language when
    their state changes, so keep the language in observable app state too and
    call this when that state changes.

    Raises:
        ValueError: if ``code`` is not a supported language.

    >>> before = get_language()
    >>> set_language("nb_NO")
    'nb'
    >>> get_language()
    'nb'
    >>> restored = set_language(before)
    """
    lang = _require(code)
    session = _flet_session()
    if session is not None:
        session.store.set(_SESSION_KEY, lang)
    else:
        set_default_language(lang)
    return lang


def set_default_language(code: str) -> str:
    """Set the process-wide default language and return the normalized code.

    Sessions that chose a language keep theirs.

    Raises:
        ValueError: if ``code`` is not a supported language.
    """
    global _default_language
    _default_language = _require(code)
    return _default_language


@contextlib.contextmanager
def use_language(code: str) -> Iterator[str]:
    """Temporarily override the active language in this context (thread/task).

    Yields the normalized code. Nests, and wins over session and process
    languages, e.g. to export a score sheet in a chosen language.

    Raises:
        ValueError: if ``code`` is not a supported language.

    >>> with use_language("nb"):
    ...     with use_language("en"):
    ...         get_language()
    'en'
    """
    lang = _require(code)
    token = _override.set(lang)
    try:
        yield lang
    finally:
        _override.reset(token)


def babel_locale(language: str | None = None) -> str:
    """The Babel/CLDR locale for ``language`` (default: the active one).

    >>> babel_locale("nb"), babel_locale("en")
    ('nb_NO', 'en_GB')
    """
    return BABEL_LOCALES[_require(language) if language else get_language()]


@functools.lru_cache(maxsize=8)
def _babel(locale: str) -> Locale:
    """Babel's :class:`~babel.Locale` for ``locale``, made once: formatting
    with a locale given as text parses it (and wraps its data) at every call,
    ten times the cost of the formatting itself."""
    return Locale.parse(locale)


_collators: dict[str, Any] = {}


def collation_key(language: str | None = None) -> Callable[[str], bytes]:
    """A sort key that puts names in the alphabetical order of ``language``
    (default: the active one), by the Unicode Collation Algorithm with the
    language's CLDR tailoring (ICU, through PyICU): in Norwegian Æ, Ø and Å
    come after Z (and "aa" sorts as "å"), in English they sort with A and O (Æ as "ae");
    case and accents only break ties.

    Use it wherever names are sorted for display: ``sorted(names,
    key=collation_key())``.

    >>> names = ["Øystein", "Zara", "Åse", "anna", "Ærlig", "Bjørn"]
    >>> sorted(names, key=collation_key("nb"))
    ['anna', 'Bjørn', 'Zara', 'Ærlig', 'Øystein', 'Åse']
    >>> sorted(names, key=collation_key("en"))
    ['Ærlig', 'anna', 'Åse', 'Bjørn', 'Øystein', 'Zara']
    """
    lang = _require(language) if language else get_language()
    collator = _collators.get(lang)
    if collator is None:
        import icu  # PyICU: loaded the first time names are sorted

        with _lock:
            collator = _collators.setdefault(
                lang, icu.Collator.createInstance(icu.Locale(BABEL_LOCALES[lang]))
            )
    sort_key: Callable[[str], bytes] = collator.getSortKey
    return sort_key


# --------------------------------------------------------------------------
# Catalogs
# --------------------------------------------------------------------------


def _load_catalog(lang: str) -> NullTranslations:
    folder = LOCALES_DIR / lang / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fp:
            return Translations(fp, domain=DOMAIN)
    if po.is_file():
        logger.warning(
            "%s is missing or older than its .po; compiling %s in memory (run `make catalogs`)",
            mo,
            po,
        )
        with po.open("rb") as fp:
            catalog = read_po(fp, locale=lang, domain=DOMAIN)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=True)
        buffer.seek(0)
        return Translations(buffer, domain=DOMAIN)
    logger.warning("No catalog for %r in %s; showing source strings", lang, folder)
    return NullTranslations()


def _catalog(lang: str) -> NullTranslations:
    catalog = _catalogs.get(lang)
    if catalog is None:
        with _lock:
            catalog = _catalogs.get(lang)
            if catalog is None:
                catalog = _catalogs[lang] = _load_catalog(lang)
    return catalog


def reload_catalogs() -> None:
    """Forget loaded catalogs; the next lookup reads them from disk again."""
    with _lock:
        _catalogs.clear()


# --------------------------------------------------------------------------
# Lookups
# --------------------------------------------------------------------------


_isolating: ContextVar[bool] = ContextVar("kortpoeng_isolating", default=True)


@contextlib.contextmanager
def names_as_typed() -> Iterator[None]:
    """Inside the block, texts are filled into messages as they are, with no
    isolates added (:func:`bidi_safe`): for a CSV file, whose reader takes a
    cell's text as data."""
    token = _isolating.set(False)
    try:
        yield
    finally:
        _isolating.reset(token)


def bidi_safe(text: str) -> str:
    """``text`` as a bidi isolate (FSI … PDI) when it has a right-to-left
    letter outside an isolate of its own, else ``text`` unchanged.

    A right-to-left name put into a sentence otherwise takes its neighbours
    along: "Winner: יוסי · 3 hands" was drawn "Winner: 3 · יוסי hands". Every
    text filled into a translated message goes through here
    (:func:`_`, :func:`ngettext` …), as does each name of a list.

    >>> bidi_safe("יוסי") == "\u2068יוסי\u2069"
    True
    >>> bidi_safe("Kari")
    'Kari'
    """
    if not _isolating.get():
        return text
    depth = 0
    for char in text:
        if char in ISOLATE_OPENERS:
            depth += 1
        elif char == PDI:
            depth = max(0, depth - 1)
        elif depth == 0 and unicodedata.bidirectional(char) in ("R", "AL"):
            return FSI + text + PDI
    return text


def join_names(names: Sequence[str]) -> str:
    """Names as a list the way the active language writes one ("A, B and C",
    "A, B og C"; ``""`` for none), each right-to-left name an isolate of its
    own (:func:`bidi_safe`), so the list keeps its order.

    >>> with use_language("nb"):
    ...     join_names(["Kari", "Ola", "Per"])
    'Kari, Ola og Per'
    """
    from babel.lists import format_list

    if not names:
        return ""
    return format_list([bidi_safe(name) for name in names], locale=babel_locale())


def seat_list(names: Sequence[str]) -> str:
    """Names in seat order, comma separated ("Kari, Ola, Per"), each
    right-to-left name an isolate of its own (:func:`bidi_safe`): two Hebrew
    names side by side are otherwise read in the other order.

    >>> seat_list(["Kari", "Ola"])
    'Kari, Ola'
    """
    return ", ".join(bidi_safe(name) for name in names)


def _format(text: str, params: Mapping[str, Any]) -> str:
    if not params:
        return text
    return text.format_map(
        {k: bidi_safe(v) if isinstance(v, str) else v for k, v in params.items()}
    )


def _(message: str, /, **params: Any) -> str:
    """Translate ``message`` into the active language.

    With keyword arguments, ``{name}`` placeholders in the translation are
    filled with :meth:`str.format_map` (so write ``{player}``, not ``%s``).
    Falls back to ``message`` when the catalog has no translation.

    Raises:
        KeyError: if the translation names a placeholder not given in ``params``
            (the catalog tests make sure translations keep their placeholders).

    >>> with use_language("nb"):
    ...     _("{player} went out but still holds cards", player="Kari")
    'Kari gikk ut, men har fortsatt kort på hånden'
    >>> with use_language("nb"):
    ...     _("A string no catalog has")
    'A string no catalog has'
    """
    return _format(_catalog(get_language()).gettext(message), params)


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """Translate a message whose wording depends on the count ``n``.

    ``{n}`` in the message is filled with ``n`` formatted for the language
    (:func:`format_number`) unless ``n`` is given in ``params``.

    >>> one, many = "{n} run × {value} = {points}", "{n} runs × {value} = {points}"
    >>> with use_language("nb"):
    ...     ngettext(one, many, 1, value=20, points=20)
    ...     ngettext(one, many, 1000, value=0, points=0)
    '1 sekvens × 20 = 20'
    '1\\xa0000 sekvenser × 0 = 0'
    """
    params = {"n": format_number(n), **params}
    return _format(_catalog(get_language()).ngettext(singular, plural, n), params)


def pgettext(context: str, message: str, /, **params: Any) -> str:
    """Translate ``message`` in a disambiguating ``context``.

    Use for short or ambiguous words: ``pgettext("rank", "K")`` (konge) versus
    ``pgettext("suit abbreviation", "C")``.

    >>> with use_language("nb"):
    ...     pgettext("rank", "Q"), pgettext("rank name", "queen")
    ('D', 'dame')
    """
    return _format(_catalog(get_language()).pgettext(context, message), params)


def npgettext(context: str, singular: str, plural: str, n: int, /, **params: Any) -> str:
    """:func:`ngettext` with a disambiguating ``context`` (see :func:`pgettext`)."""
    params = {"n": format_number(n), **params}
    return _format(_catalog(get_language()).npgettext(context, singular, plural, n), params)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (translate later with ``_``).

    For module-level tables of messages, which must not be translated at
    import time::

        TITLES = {"rummy": N_("Rummy")}
        ...
        label = _(TITLES[game_id])

    >>> N_("Rummy")
    'Rummy'
    """
    return message


# --------------------------------------------------------------------------
# Numbers and dates
# --------------------------------------------------------------------------


def format_number(number: float | int, *, language: str | None = None) -> str:
    """Format a number for the active language (or ``language``).

    Norwegian groups thousands with a no-break space (U+00A0) and uses a
    decimal comma; English uses ``,`` and ``.``.

    >>> format_number(1234, language="nb"), format_number(1234, language="en")
    ('1\\xa0234', '1,234')
    >>> format_number(-12.5, language="nb")
    '-12,5'
    """
    return format_decimal(number, locale=_babel(babel_locale(language)))


def format_percent(fraction: float, *, language: str | None = None) -> str:
    """A fraction (0.0–1.0) as a whole percent for the active language (or
    ``language``).

    >>> format_percent(0.5, language="nb"), format_percent(2 / 3, language="en")
    ('50\xa0%', '67%')
    """
    from babel.numbers import format_percent as babel_percent

    return babel_percent(fraction, locale=_babel(babel_locale(language)))


def format_date(
    value: dt.date | dt.datetime,
    *,
    time: bool = False,
    local: bool = True,
    language: str | None = None,
) -> str:
    """A date as every screen, export and command writes one: CLDR's
    *medium* date of the language (``12. feb. 2026``, ``12 Feb 2026``: the
    month in letters, never a numeric date such as 02/12/2026 that a reader
    used to another order takes for another day), and with ``time`` the time
    of day too, on the 24-hour clock, joined as the language joins them
    (``12 Feb 2026, 18:05``).

    Args:
        value: a date, or a datetime.
        time: add the time of day (of a datetime).
        local: an aware datetime in this computer's time zone (one at the
            very edge of the calendar, that cannot be converted, as it is);
            ``False``: in its own offset (a session's start: the wall clock
            where it was played). A naive datetime is shown as it is.
        language: Override the active language.

    >>> d = dt.datetime(2026, 2, 12, 18, 5)
    >>> format_date(d, language="nb"), format_date(d, language="en")
    ('12. feb. 2026', '12 Feb 2026')
    >>> format_date(d, time=True, language="nb"), format_date(d, time=True, language="en")
    ('12. feb. 2026, 18:05', '12 Feb 2026, 18:05')
    """
    if local and isinstance(value, dt.datetime) and value.tzinfo is not None:
        with contextlib.suppress(OverflowError, ValueError, OSError):
            value = value.astimezone()
    locale = _babel(babel_locale(language))
    day = _babel_format_date(value, format="medium", locale=locale)
    if not time or not isinstance(value, dt.datetime):
        return day
    clock = _babel_format_time(value, format="short", locale=locale)
    return (
        str(get_datetime_format("medium", locale=locale)).replace("{1}", day).replace("{0}", clock)
    )
