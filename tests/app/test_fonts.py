"""Every glyph the app can draw is in a font it ships (issue 25, item 1).

* Every text style the app makes falls back on the shipped fonts: a static
  read of every module of ``app/`` finds no ``ft.TextStyle`` made other than
  by :func:`app.ui.text_styles.text_style` (the keypad's keys had a style of
  their own without the fallback and drew the suits as boxes).
* By the fonts' own coverage tables (their ``cmap``): every string a screen
  can show — every msgid and msgstr of both catalogs, every key and card
  label of every built-in game and its faces, the suits, arrows and the
  ellipsis, every literal string in the app's code — and a name in each
  script the app ships fonts for, and emoji, is drawn by the stack the app
  declares (and the PDF and the picture embed).
* A name with a character no shipped font has is refused in words, naming
  the character, where names come in: the new-session form, a session file
  imported in the app or by ``kortpoeng import``.
* The fonts are what assets/fonts/make_fonts.py makes of Debian's files.
"""

from __future__ import annotations

import ast
import dataclasses
import io
import json
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from app.fonts import CJK, FALLBACK, check_drawable_name, check_session_names, coverage, undrawable
from app.i18n import use_language
from app.messages import card_label, card_name, describe_error, key_label, key_name
from app.paths import ASSETS_DIR, LOCALES_DIR, ROOT
from app.ui.text_styles import FALLBACK_FAMILIES, PAGE_FONTS, text_style
from scoring import BUILTIN_GAME_IDS, ErrorCode, OptionError, Suit, game_for

APP_DIR = ROOT / "app"
DEFINITIONS = ROOT / "scoring" / "definitions"
MAKE_FONTS = ASSETS_DIR / "fonts" / "make_fonts.py"

#: A name in each script the app ships fonts for, and emoji.
NAMES = {
    "Latin": ["Åse Ødegård", "Zoë", "Łukasz", "Nguyễn Thị Hồng", "Þórunn", "Çağlar", "A\u030ase"],
    "Cyrillic": ["Дмитрий", "Олена Її Єє", "Јован"],
    "Greek": ["Γιώργος", "Ελένη"],
    "Arabic": ["سارة", "محمد", "پریا"],
    "Hebrew": ["יוסי", "שָׂרָה"],
    "Devanagari": ["प्रिया", "अर्जुन"],
    "Thai": ["สมชาย", "กัญญา"],
    "Chinese": ["王小明", "李娜", "陳志豪", "張偉"],
    "Japanese": ["さくら", "佐藤", "ユウキ", "渡邊", "高橋"],
    "Korean": ["김민준", "이서연", "박지훈"],
    "emoji": ["Ola👍", "Mor🏆", "👍🏽", "👨‍👩‍👧", "🇳🇴", "❤️", "🃏"],
}
ARROWS_AND_SIGNS = "←→↑↓↔…×−–—·•≥≤«»“”‘’§±Σ✓"


def missing(text: str) -> tuple[str, ...]:
    """The characters of ``text`` no shipped font draws."""
    return undrawable(text)


# -- one helper for text styles -------------------------------------------------------


def _calls_text_style_maker(node: ast.Call) -> str | None:
    """``"TextStyle"`` when ``node`` makes an ``ft.TextStyle`` directly."""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return name if name == "TextStyle" else None


def styles_made_without_the_helper(source: str) -> list[int]:
    """Line numbers of ``source`` where a text style is made other than by
    ``text_style(...)``: an ``ft.TextStyle(...)`` call, or a call other than
    ``text_style(...)`` given as a ``*_style=`` keyword or a span's ``style=``."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        if _calls_text_style_maker(node):
            lines.append(node.lineno)
        callee = _name(node)
        for keyword in node.keywords:
            if keyword.arg is None:
                continue
            is_text = keyword.arg.endswith("_style") or (
                keyword.arg == "style" and callee == "TextSpan"
            )
            if not is_text:
                continue
            lines += [call.lineno for call in _made(keyword.value) if _name(call) != "text_style"]
    return sorted(set(lines))


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _made(value: ast.expr) -> list[ast.Call]:
    """The calls that make the value of a style keyword (either branch of a
    conditional, either side of ``or``), not the calls in their arguments."""
    if isinstance(value, ast.Call):
        return [value]
    if isinstance(value, ast.IfExp):
        return _made(value.body) + _made(value.orelse)
    if isinstance(value, ast.BoolOp):
        return [call for item in value.values for call in _made(item)]
    return []


def test_the_static_check_finds_a_style_made_without_the_fallback() -> None:
    """The check itself, on the keypad's code as it was (issue 25, item 1)."""
    before = (
        "style=ft.ButtonStyle(padding=0, text_style=ft.TextStyle(size=16, font_family=font))\n"
        "span = ft.TextSpan('x', style=ft.TextStyle(color=RED))\n"
        "tip = ft.TooltipTheme(text_style=make_style(size=14))\n"
    )
    assert styles_made_without_the_helper(before) == [1, 2, 3]
    after = (
        "style=ft.ButtonStyle(text_style=text_style(size=16 if len(x) < 3 else 14))\n"
        "span = ft.TextSpan('x', style=text_style(color=RED) if red else None)\n"
        "ft.Text('x', theme_style=ft.TextThemeStyle.TITLE_LARGE)\n"
    )
    assert styles_made_without_the_helper(after) == []


def test_every_text_style_in_the_app_falls_back_on_the_shipped_fonts() -> None:
    helper = APP_DIR / "ui" / "text_styles.py"
    found = {
        str(path.relative_to(ROOT)): lines
        for path in sorted(APP_DIR.rglob("*.py"))
        if path != helper
        and (lines := styles_made_without_the_helper(path.read_text(encoding="utf-8")))
    }
    assert found == {}, f"text styles made without app.ui.text_styles.text_style: {found}"


def test_the_helper_and_the_page_declare_the_same_shipped_fonts() -> None:
    style = text_style(size=16, weight=None)
    assert style.size == 16
    assert tuple(style.font_family_fallback or ()) == FALLBACK_FAMILIES
    assert tuple(font.family for font in FALLBACK) == FALLBACK_FAMILIES
    assert {font.family: f"fonts/{font.file}" for font in FALLBACK} == PAGE_FONTS
    manifest = json.loads((ASSETS_DIR / "assets" / "FontManifest.json").read_text("utf-8"))
    listed = {entry["family"]: entry["fonts"] for entry in manifest}
    for font in FALLBACK:
        assert listed[font.family] == [{"asset": f"../{font.asset}"}]
        assert font.path.is_file()
    from app.ui.common import NAME_FONTS

    assert NAME_FONTS == PAGE_FONTS  # what app.main gives page.fonts


def test_the_web_client_asks_no_font_host_for_fallback_fonts() -> None:
    """Flet's own page leaves Flutter's fallback fonts to Google's font host
    unless served with no CDN; the app's page points them at its own server
    whatever Flet does (and its fonts leave nothing to fall back for)."""
    import re

    page = (ASSETS_DIR / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"flet\.fontFallbackBaseUrl = \"([^\"]*)\";", page) == ["assets/fonts/"]
    config = page.index("var flet = {")
    assert config < page.index("flet.fontFallbackBaseUrl = ") < page.index("flutter_bootstrap.js")


# -- what each screen can show, by the fonts' own coverage tables -------------------


def catalog_texts() -> list[tuple[str, str]]:
    """``(where, text)`` for every msgid and msgstr of both catalogs."""
    texts = []
    for lang in ("en", "nb"):
        path = LOCALES_DIR / lang / "LC_MESSAGES" / "messages.po"
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strs = message.string if isinstance(message.string, tuple) else (message.string,)
            texts += [(f"{lang}: {ids[0]!r}", t) for t in (*ids, *strs) if t]
    return texts


def test_every_catalog_string_is_drawn() -> None:
    texts = catalog_texts()
    assert len(texts) > 500
    bad = {where: missing(text) for where, text in texts if missing(text)}
    assert bad == {}


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def test_every_built_in_game_definition_text_is_drawn() -> None:
    files = sorted(DEFINITIONS.glob("*.json"))
    assert len(files) >= 5
    for path in files:
        for text in _strings(json.loads(path.read_text(encoding="utf-8"))):
            assert missing(text) == (), (path.name, text)


def _option_variants(rules: object) -> list[object]:
    """The default options and each switch turned on alone (a joker key appears)."""
    defaults = rules.default_options()  # type: ignore[attr-defined]
    variants = [defaults]
    for field in dataclasses.fields(defaults):
        if isinstance(getattr(defaults, field.name), bool):
            variants.append(dataclasses.replace(defaults, **{field.name: True}))
    return variants


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_every_key_and_card_label_of_every_built_in_game_is_drawn(lang: str) -> None:
    labels = []
    with use_language(lang):
        for game, rules in ((g, game_for(g)) for g in BUILTIN_GAME_IDS):
            for options in _option_variants(rules):
                for key in rules.keypad(options):
                    labels += [
                        (game, key_label(key.card, key.name)),
                        (game, key_name(key.card, key.name)),
                        (game, card_label(key.card)),
                        (game, card_name(key.card)),
                    ]
    assert len(labels) > 100 and any("♠" in label for _game, label in labels)
    assert [(game, label) for game, label in labels if missing(label)] == []


def test_the_suits_arrows_and_signs_are_drawn() -> None:
    suits = "".join(suit.symbol for suit in Suit)
    assert suits == "♠♥♦♣"
    assert missing(suits + "♤♡♢♧" + ARROWS_AND_SIGNS) == ()


def _literals(path: Path) -> list[str]:
    """The string literals of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    patterns = {  # a regular expression's character ranges are never shown
        id(call.args[0])
        for call in ast.walk(tree)
        if isinstance(call, ast.Call) and call.args and _name(call) in _REGEX_CALLS
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings | patterns
    ]


_REGEX_CALLS = {"compile", "match", "fullmatch", "search", "sub", "subn", "split", "findall"}


def test_every_string_in_the_apps_code_is_drawn() -> None:
    """Symbols written in code (not translated) — "×", "→", "…", "–" — too."""
    bad = {}
    for path in sorted(APP_DIR.rglob("*.py")):
        for text in _literals(path):
            if missing(text):
                bad.setdefault(str(path.relative_to(ROOT)), []).append(missing(text))
    assert bad == {}


@pytest.mark.parametrize("script", sorted(NAMES))
def test_a_name_in_each_script_is_drawn(script: str) -> None:
    for name in NAMES[script]:
        assert missing(name) == (), (script, name)
        assert check_drawable_name(name) == name


def test_each_script_is_drawn_by_its_own_font() -> None:
    """Not by accident: each sample's letters are in the font meant for them."""
    by_font = {font.family: coverage((font,)) for font in FALLBACK}
    meant = {
        "Devanagari": "Noto Sans Devanagari",
        "Thai": "Noto Sans Thai",
        "Chinese": "Noto Sans CJK",
        "Japanese": "Noto Sans CJK",
        "Korean": "Noto Sans CJK",
        "Arabic": "DejaVu Sans",
        "Hebrew": "DejaVu Sans",
        "Cyrillic": "DejaVu Sans",
        "Greek": "DejaVu Sans",
    }
    for script, family in meant.items():
        for name in NAMES[script]:
            letters = [c for c in name if unicodedata.category(c).startswith("L")]
            assert all(ord(c) in by_font[family] for c in letters), (script, name)
    for name in ("Ola👍", "Mor🏆"):
        assert ord(name[-1]) in by_font["Noto Emoji"]


# -- a name no shipped font draws is refused in words ---------------------------------


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "The name “Kari ሰ” has a character Kortpoeng has no font for (U+1230)."),
        ("nb", "Navnet «Kari ሰ» har et tegn Kortpoeng ikke har noen skrift for (U+1230)."),
    ],
)
def test_a_name_no_font_draws_is_refused_naming_the_character(lang: str, says: str) -> None:
    assert missing("Kari ሰ") == ("ሰ",)
    with pytest.raises(OptionError) as refused:
        check_drawable_name("Kari ሰ")
    assert refused.value.code is ErrorCode.PLAYER_NAME_GLYPH
    assert refused.value.params["code"] == "U+1230"
    with use_language(lang):
        assert says in describe_error(refused.value)


def test_joiners_and_selectors_need_no_glyph_but_an_unknown_letter_does() -> None:
    assert missing("A\u200dB\ufe0f\u2068C\u2069") == ()
    assert missing("தமிழ்")  # Tamil: no shipped font (said, never a box)
    assert missing("𓀀") == ("𓀀",)


def test_the_new_session_form_refuses_such_a_name_and_keeps_it_typed() -> None:
    from app.ui.state import NewSessionDraft

    draft = NewSessionDraft()
    draft.type_name("Selam ሰላም")
    assert draft.add_player() is False
    assert draft.players == () and draft.name == "Selam ሰላም"
    assert isinstance(draft.error, OptionError)
    assert draft.error.code is ErrorCode.PLAYER_NAME_GLYPH
    assert draft.add_player("王小明") is True and draft.players == ("王小明",)


def _session_file(players: list[str]) -> bytes:
    return json.dumps(
        {
            "format": "kortpoeng-session",
            "version": 1,
            "game": "rummy",
            "players": players,
            "hands": [{"went_out": players[0], "left": {players[1]: ["K"]}}],
        },
        ensure_ascii=False,
    ).encode()


def test_a_session_file_with_such_a_name_is_refused_by_kortpoeng_import(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.cli import main
    from models import services

    path = db / "ethiopic.json"
    path.write_bytes(_session_file(["Kari", "ሰላም"]))
    with use_language("en"):
        status = main(["import", str(path)])
    err = capsys.readouterr().err
    assert status == 2 and "no font for (U+1230)" in err, err
    from app import storage

    assert services.list_sessions(engine=storage.engine()).total == 0
    path.write_bytes(_session_file(["Kari", "김민준"]))
    assert main(["import", str(path)]) == 0


def test_a_session_file_with_such_a_name_is_refused_in_the_app(db: Path) -> None:
    import asyncio

    from app import storage
    from app.ui.state import AppState
    from app.ui.state.ports import Ports
    from app.ui.state.session_list import IMPORT_REFUSED, import_file
    from models import services

    async def run(use_case, **arguments):
        return use_case(engine=storage.engine(), **arguments)

    app = AppState()
    ports = Ports(run, lambda _r: None, lambda _r: None, lambda _i: None)
    data = _session_file(["Kari", "ሰላም"])
    with use_language("en"):
        assert asyncio.run(import_file(app, ports, name="x.json", data=data)) is None
    assert app.notice is not None and app.notice.identifier == IMPORT_REFUSED
    assert "x.json was not imported" in app.notice.text and "U+1230" in app.notice.text
    assert services.list_sessions(engine=storage.engine()).total == 0


def test_a_file_that_is_no_session_is_left_to_the_import_to_refuse() -> None:
    check_session_names(b"{")  # the import says "not valid JSON"
    check_session_names(b"\xff\xfe")
    check_session_names(b"x" * 10, limit=5)
    with pytest.raises(OptionError):
        check_session_names(_session_file(["Kari", "ሰ"]).decode())


# -- the PDF and the picture draw from the same fonts ---------------------------------


def test_the_pdf_embeds_the_fonts_a_sheets_names_need(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from app.reports import render_export
    from scoring import read_session

    players = ["Åse", "王小明", "प्रिया", "สมชาย", "김민준", "Ola👍", "Дмитрий", "سارة"]
    doc = read_session(
        {
            "format": "kortpoeng-session",
            "version": 1,
            "game": "swedish_rummy",
            "players": players,
            "hands": [{"went_out": "王小明", "left": {p: ["K"] for p in players[2:]}}],
        }
    )
    reader = PdfReader(io.BytesIO(render_export(doc, "pdf", "en")))
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    expected = {"DejaVuSansBook", "NotoSansCJKSC", "NotoSansDevanagari", "NotoSansThai"}
    assert expected | {"NotoEmoji"} <= fonts, fonts


# -- the fonts are what make_fonts.py makes ----------------------------------------


def test_the_cjk_subset_keeps_exactly_the_documented_characters() -> None:
    sys.path.insert(0, str(MAKE_FONTS.parent))
    try:
        import make_fonts
    finally:
        sys.path.pop(0)
    wanted = make_fonts.cjk_codepoints()
    shipped = set(TTFont(CJK.path, lazy=True).getBestCmap())
    assert len(shipped) > 13_000
    assert shipped <= wanted
    if make_fonts.NOTO_CJK.is_file():  # Debian's fonts-noto-cjk
        source = make_fonts._cjk_source().getBestCmap()
        assert shipped == wanted & set(source)
    else:
        assert len(wanted - shipped) < 200


def test_make_fonts_rebuilds_the_small_fonts_byte_for_byte() -> None:
    sys.path.insert(0, str(MAKE_FONTS.parent))
    try:
        import make_fonts
    finally:
        sys.path.pop(0)
    if not all((make_fonts.NOTO_CORE / name).is_file() for name in make_fonts.COPIED):
        pytest.skip("Debian's fonts-noto-core is not installed")
    for name in make_fonts.COPIED:
        assert (make_fonts.NOTO_CORE / name).read_bytes() == (MAKE_FONTS.parent / name).read_bytes()
    for licence in ("NotoSans-OFL.txt", "NotoSansCJK-OFL.txt"):
        text = (MAKE_FONTS.parent / licence).read_text(encoding="utf-8")
        assert "SIL Open Font License, Version 1.1" in text
        assert text.startswith(("Copyright", "©"))


@pytest.mark.skipif(
    not Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc").is_file(),
    reason="Debian's fonts-noto-cjk is not installed",
)
def test_make_fonts_check_finds_nothing_to_change() -> None:
    """The whole build, as the README says to run it (about 30 s)."""
    done = subprocess.run(
        [sys.executable, str(MAKE_FONTS), "--check"], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr
