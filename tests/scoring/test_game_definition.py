"""The game definition document (GAME_FORMAT.md): read strictly, written
canonically, and hostile documents refused with a code and the field's path."""

from __future__ import annotations

import copy
import json
import keyword
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scoring_helpers import DEFINED, played

from scoring import GameDefinitionError, Hand, Rank, Suit, parse_cards
from scoring.definition import (
    LIMITS,
    Blocked,
    BlockedTerm,
    Choice,
    Counted,
    Effect,
    End,
    Flag,
    FlagEffect,
    FlagPlayer,
    GameDefinition,
    Key,
    NextDealer,
    Option,
    OptionKind,
    Preset,
    Source,
    WentOut,
    Winner,
    Words,
    definition_to_dict,
    read_definition,
    write_definition,
)
from scoring.registry import builtin_definition
from scoring.rules import MAX_OPTION

SWEDISH = json.loads(
    resources.files("scoring").joinpath("definitions/swedish_rummy.json").read_text("utf-8")
)


#: The ends of version 1 (``schedule`` needs a schedule: tests/scoring/test_definition_schedule.py).
V1_ENDS = [End.TARGET, End.ROUNDS, End.EITHER]


def doc(**changes):
    data = copy.deepcopy(SWEDISH)
    data.update(changes)
    return data


def refused(source):
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(source if isinstance(source, str | bytes) else json.dumps(source))
    return caught.value.code, caught.value.field


@pytest.mark.parametrize("game_id", DEFINED)
def test_shipped_definitions_are_canonical(game_id):
    text = resources.files("scoring").joinpath(f"definitions/{game_id}.json").read_text("utf-8")
    assert write_definition(read_definition(text)) == text
    assert builtin_definition(game_id).id == game_id


def test_a_definition_says_its_own_word_for_a_blocked_hand():
    """``blocked_term`` (GAME_FORMAT.md): Swedish Rummy's blocked hand is
    "blocked", every other game's "nobody_out" unless its definition says
    otherwise; the default is left out when written; the game's rules
    object says the definition's word."""
    assert builtin_definition("swedish_rummy").blocked_term is BlockedTerm.BLOCKED
    assert '"blocked_term": "blocked",' in write_definition(builtin_definition("swedish_rummy"))
    hearts = builtin_definition("hearts")
    assert hearts.blocked_term is BlockedTerm.NOBODY_OUT
    assert "blocked_term" not in write_definition(hearts)
    assert read_definition(json.dumps(doc(blocked_term="nobody_out"))).blocked_term is (
        BlockedTerm.NOBODY_OUT
    )
    copy_of = read_definition(json.dumps(doc(id="family_eights")))
    assert played(copy_of).blocked_term == "blocked"
    assert played(hearts).blocked_term == "nobody_out"


def test_a_byte_order_mark_and_bytes_are_fine():
    text = json.dumps(SWEDISH, ensure_ascii=False)
    assert read_definition("\ufeff" + text) == read_definition(text.encode("utf-8"))


def with_key(index, **changes):
    data = doc()
    data["keys"][index].update(changes)
    return data


def with_option(index, **changes):
    data = doc()
    data["options"][index].update(changes)
    return data


HUGE_KEYS = [{"rank": "K", "points": 1}] * (LIMITS.keys + 1)


@pytest.mark.parametrize(
    ("source", "code", "field"),
    [
        ("x" * 10_000_000, "definition_too_large", "document"),
        ('{"format": "kortpoeng-game", "format": "x"}', "definition_duplicate_key", "format"),
        (
            json.dumps(doc()).replace('"points": 1', '"points": NaN', 1),
            "definition_json",
            "document",
        ),
        (
            json.dumps(doc()).replace('"points": 1', '"points": Infinity', 1),
            "definition_json",
            "document",
        ),
        (  # read as infinity by Python's reader; refused by the one strict reader
            json.dumps(doc()).replace('"points": 1', '"points": 1e999', 1),
            "definition_json",
            "document",
        ),
        ("[" * 100_00 + "]" * 100_00, "definition_json", "document"),
        ("{", "definition_json", "document"),
        (b"\xff\xfe", "definition_json", "document"),
        ([], "definition_not_object", "document"),
        (doc(format="kortpoeng-session"), "definition_format", "format"),
        (doc(version=3), "definition_version", "version"),
        (doc(version="1"), "definition_version", "version"),
        (doc(version=True), "definition_version", "version"),
        (doc(version=1.0), "definition_version", "version"),
        # a newer version's document: its version is what is refused, not a
        # field this version does not know or one it lacks
        (doc(version=3, house_rules={"x": 1}), "definition_version", "version"),
        ({"format": "kortpoeng-game", "version": 3}, "definition_version", "version"),
        ({"version": 1, "id": "x"}, "definition_missing", "format"),
        (doc(extra=1), "definition_unknown_field", "extra"),
        ({k: v for k, v in SWEDISH.items() if k != "keys"}, "definition_missing", "keys"),
        (doc(id="Swedish Rummy"), "definition_id", "id"),
        (doc(id=7), "definition_type", "id"),
        (doc(name={"nb": "Vri åtter"}), "definition_missing", "name.en"),
        (doc(name={"nb": "Vri\nåtter", "en": "x"}), "definition_text", "name.nb"),
        (doc(name={"nb": "Vri \u202eåtter", "en": "x"}), "definition_text", "name.nb"),
        (doc(name={"nb": "x" * 41, "en": "x"}), "definition_long", "name.nb"),
        (doc(name={"nb": "   ", "en": "x"}), "definition_empty", "name.nb"),
        (doc(name={"nb": " x", "en": "x"}), "definition_spaces", "name.nb"),
        (doc(description={"nb": "x" * 301, "en": "x"}), "definition_long", "description.nb"),
        (doc(source={"title": "x", "url": "javascript:alert(1)"}), "definition_url", "source.url"),
        (doc(players={"min": 1, "max": 4}), "definition_range", "players.min"),
        (doc(players={"min": 4, "max": 3}), "definition_range", "players.max"),
        (doc(players={"min": 2, "max": 10**30}), "definition_range", "players.max"),
        (doc(decks=[{"from_players": 3, "decks": 1}]), "definition_range", "decks[1].from_players"),
        (
            doc(decks=[{"from_players": 2, "decks": 1}, {"from_players": 2, "decks": 2}]),
            "definition_range",
            "decks[2].from_players",
        ),
        (doc(keys=[]), "definition_too_few", "keys"),
        (doc(keys=HUGE_KEYS), "definition_too_many", "keys"),
        (doc(keys="A K"), "definition_type", "keys"),
        (with_key(0, points=-1), "definition_range", "keys[1].points"),
        (with_key(0, points=10**30), "definition_range", "keys[1].points"),
        (with_key(0, points=True), "definition_type", "keys[1].points"),
        (with_key(0, points=1.5), "definition_type", "keys[1].points"),
        (with_key(0, points="1"), "definition_type", "keys[1].points"),
        (with_key(0, rank="1"), "definition_value", "keys[1].rank"),
        (with_key(1, rank="A"), "definition_duplicate_id", "keys[2]"),
        (with_key(0, suits={"X": 1}), "definition_unknown_field", "keys[1].suits.X"),
        (with_key(0, suits={}), "definition_empty", "keys[1].suits"),
        (with_key(13, suits={"S": 1}), "definition_joker_suits", "keys[14].suits"),
        (
            doc(
                keys=[{"face": "king", "name": {"nb": "K", "en": "K"}, "points": 1, "per_deck": 1}]
            ),
            "definition_face_is_card",
            "keys[1].face",
        ),
        (
            doc(keys=[{"face": "wild", "name": {"nb": "W", "en": "W"}, "points": 1}]),
            "definition_missing",
            "keys[1].per_deck",
        ),
        (doc(went_out="everyone"), "definition_value", "went_out"),
        (doc(blocked_term="stuck"), "definition_value", "blocked_term"),
        (doc(blocked_term=None), "definition_value", "blocked_term"),
        (doc(end="target", target=0), "definition_range", "target"),
        (doc(target=MAX_OPTION + 1), "definition_range", "target"),
        ({k: v for k, v in SWEDISH.items() if k != "target"}, "definition_missing", "target"),
        (
            doc(options=[SWEDISH["options"][0]] * (LIMITS.options + 1)),
            "definition_too_many",
            "options",
        ),
        (doc(options=[SWEDISH["options"][0]] * 2), "definition_duplicate_id", "options[2]"),
        (with_option(0, id="score"), "definition_value", "options[1].id"),
        (with_option(2, id="class"), "definition_id", "options[3].id"),
        (with_option(2, kind="slider"), "definition_value", "options[3].kind"),
        (
            with_option(2, set={"points": {"Z": 20}}),
            "definition_unknown_key",
            "options[3].set.points.Z",
        ),
        (with_option(2, set={"points": {"A": -20}}), "definition_range", "options[3].set.points.A"),
        (
            with_option(2, set={"flags": {"moon": True}}),
            "definition_unknown_flag",
            "options[3].set.flags.moon",
        ),
        (with_option(2, set={"score": 1}), "definition_unknown_field", "options[3].set.score"),
        (
            with_option(1, choices=SWEDISH["options"][1]["choices"][:1]),
            "definition_too_few",
            "options[2].choices",
        ),
        (
            with_option(0, presets=[{"value": 100, "per_player": 50}]),
            "definition_preset",
            "options[1].presets[1]",
        ),
        (
            with_option(0, presets=[{"value": 100, "suggested_with": ["one_car"]}]),
            "definition_unknown_option",
            "options[1].presets[1].suggested_with[1]",
        ),
        (doc(went_out="never"), "definition_conflict", "blocked"),
        (
            doc(jokers_per_deck=2, keys=SWEDISH["keys"][:13]),
            "definition_conflict",
            "jokers_per_deck",
        ),
        (
            doc(
                flags=[
                    {
                        "id": "x",
                        "name": {"nb": "x", "en": "x"},
                        "player": "any",
                        "multiply": 2,
                        "bonus": 1,
                    }
                ]
            ),
            "definition_flag_effect",
            "flags[1]",
        ),
        (
            doc(
                flags=[{"id": "x", "name": {"nb": "x", "en": "x"}, "player": "any", "multiply": 11}]
            ),
            "definition_range",
            "flags[1].multiply",
        ),
    ],
)
def test_hostile_definitions_are_refused_with_code_and_field(source, code, field):
    assert refused(source) == (code, field)


def test_every_refusal_has_an_english_message_naming_the_field():
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(with_key(0, points=-1)))
    assert str(caught.value) == "keys[1].points must be a whole number from 0 to 1000, got -1"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_mangled_definition_is_refused_or_read_never_a_crash(data):
    document = copy.deepcopy(SWEDISH)
    for _ in range(data.draw(st.integers(1, 3))):
        node, path = document, []
        while isinstance(node, dict | list) and node and data.draw(st.booleans()):
            key = data.draw(
                st.sampled_from(list(node))
                if isinstance(node, dict)
                else st.integers(0, len(node) - 1)
            )
            path.append(key)
            if not isinstance(node[key], dict | list):
                break
            node = node[key]
        junk = data.draw(
            st.none()
            | st.booleans()
            | st.integers(-(10**20), 10**20)
            | st.floats()
            | st.text(max_size=50)
            | st.lists(st.integers(), max_size=3)
            | st.dictionaries(st.text(max_size=5), st.integers(), max_size=2)
        )
        if isinstance(node, dict) and data.draw(st.booleans()):
            node[data.draw(st.text(max_size=8))] = junk
        elif path:
            parent = document
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]] = junk
    try:
        text = json.dumps(document, allow_nan=True)
    except (TypeError, ValueError):
        return
    try:
        definition = read_definition(text)
    except GameDefinitionError as error:
        assert error.code.startswith("definition_") and str(error)
    else:
        played(definition).default_options()


# -- canonical writing: write → read gives the same definition -------------------

WORDS = st.builds(
    Words,
    st.text(alphabet="abcæøå ÆØÅ😀-'", min_size=1, max_size=20).map(str.strip).filter(bool),
    st.text(alphabet="xyz 🃏.", min_size=1, max_size=20).map(str.strip).filter(bool),
)
SLUG = st.from_regex(r"[a-z][a-z0-9_]{0,15}", fullmatch=True)
FACES = ["wild", "skip", "reverse", "draw_two", "zero", "bomb", "star_x"]
POINTS = st.integers(0, LIMITS.card_points)


@st.composite
def keys(draw):
    ranks = draw(st.lists(st.sampled_from(list(Rank)), min_size=1, max_size=14, unique=True))
    found = []
    for rank in ranks:
        suits = ()
        if rank is not Rank.JOKER and draw(st.booleans()):
            chosen = draw(
                st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4, unique=True)
            )
            suits = tuple((s, draw(POINTS)) for s in Suit if s in chosen)
        found.append(Key(rank.value, draw(POINTS), rank, suits))
    for face in draw(st.lists(st.sampled_from(FACES), max_size=4, unique=True)):
        found.append(
            Key(face, draw(POINTS), None, (), draw(WORDS), draw(st.integers(1, LIMITS.per_deck)))
        )
    return tuple(draw(st.permutations(found)))


@st.composite
def effects(draw, key_ids, flag_ids, *, jokers):
    def maybe(strategy):
        return draw(st.none() | strategy)

    return Effect(
        maybe(st.sampled_from([WentOut.COLLECTS, WentOut.OWN])),
        maybe(st.sampled_from([Blocked.NO_SCORE, Blocked.OWN, Blocked.LOWEST_COLLECTS])),
        maybe(st.sampled_from(list(Winner))),
        maybe(st.sampled_from(V1_ENDS)),
        maybe(st.integers(0, LIMITS.jokers_per_deck)) if jokers else None,
        tuple(draw(st.dictionaries(st.sampled_from(key_ids), POINTS, max_size=3)).items()),
        tuple(draw(st.dictionaries(st.sampled_from(flag_ids), st.booleans(), max_size=2)).items())
        if flag_ids
        else (),
    )


@st.composite
def definitions(draw):
    the_keys = draw(keys())
    key_ids = [k.id for k in the_keys]
    jokers = "JKR" in key_ids
    flags = tuple(
        Flag(
            fid,
            draw(WORDS),
            draw(st.sampled_from(list(FlagPlayer))),
            effect := draw(st.sampled_from(list(FlagEffect))),
            draw(
                st.integers(2, LIMITS.multiplier)
                if effect in (FlagEffect.MULTIPLY, FlagEffect.OTHERS_MULTIPLY)
                else st.integers(1, LIMITS.card_points)
            ),
            draw(st.booleans()),
        )
        for fid in draw(st.lists(SLUG, max_size=3, unique=True))
    )
    flag_ids = [f.id for f in flags]
    options = []
    for oid in draw(
        st.lists(
            # an option is a field of the options dataclass: no Python keywords
            SLUG.filter(
                lambda s: (
                    s not in ("target", "rounds")
                    and not keyword.iskeyword(s)
                    and not keyword.issoftkeyword(s)
                )
            ),
            max_size=4,
            unique=True,
        )
    ):
        if draw(st.booleans()):
            options.append(
                Option(
                    oid,
                    OptionKind.SWITCH,
                    draw(WORDS),
                    draw(st.none() | WORDS),
                    draw(st.booleans()),
                    draw(effects(key_ids, flag_ids, jokers=jokers)),
                )
            )
        else:
            ids = draw(st.lists(SLUG, min_size=2, max_size=4, unique=True))
            choices = tuple(
                Choice(c, draw(WORDS), draw(effects(key_ids, flag_ids, jokers=jokers))) for c in ids
            )
            options.append(
                Option(oid, OptionKind.CHOICE, draw(WORDS), None, False, Effect(), choices)
            )
    switches = [o.id for o in options if o.kind is OptionKind.SWITCH]
    for number in draw(st.lists(st.sampled_from(["target", "rounds"]), unique=True)):
        presets = tuple(
            Preset(
                draw(st.integers(1, 999)) if by_value else None,
                None if by_value else draw(st.integers(1, 99)),
                draw(st.booleans()),
                tuple(draw(st.lists(st.sampled_from(switches), max_size=2))) if switches else (),
            )
            for by_value in draw(st.lists(st.booleans(), max_size=3))
        )
        options.append(
            Option(number, OptionKind.NUMBER, draw(WORDS), None, False, Effect(), (), presets)
        )
    least = draw(st.integers(2, 6))
    most = draw(st.integers(least, LIMITS.players))
    decks = ()
    if most > least and draw(st.booleans()):
        starts = sorted(draw(st.sets(st.integers(least + 1, most), max_size=3)))
        decks = tuple(
            zip(
                [least, *starts],
                draw(
                    st.lists(st.integers(1, 8), min_size=len(starts) + 1, max_size=len(starts) + 1)
                ),
                strict=True,
            )
        )
        if decks == ((least, 1),):
            decks = ()
    return GameDefinition(
        id=draw(SLUG),
        name=draw(WORDS),
        min_players=least,
        max_players=most,
        keys=the_keys,
        went_out=draw(st.sampled_from([WentOut.COLLECTS, WentOut.OWN])),
        blocked=draw(st.sampled_from(list(Blocked))),
        winner=draw(st.sampled_from(list(Winner))),
        end=draw(st.sampled_from(V1_ENDS)),
        target=draw(st.integers(1, MAX_OPTION)),
        rounds=draw(st.integers(1, MAX_OPTION)),
        description=draw(st.none() | WORDS),
        source=draw(
            st.none()
            | st.builds(
                Source,
                st.just("Hoyle"),
                st.none() | st.just("Bicycle"),
                st.none() | st.just("https://example.org/r?x=1"),
            )
        ),
        decks=decks,
        counted=draw(st.sampled_from(list(Counted))),
        jokers_per_deck=draw(st.integers(0, LIMITS.jokers_per_deck)) if jokers else 0,
        next_dealer=draw(st.sampled_from(list(NextDealer))),
        blocked_term=draw(st.sampled_from(list(BlockedTerm))),
        flags=flags,
        options=tuple(options),
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(definitions())
def test_write_then_read_gives_the_same_definition(definition):
    text = write_definition(definition)
    assert read_definition(text) == definition
    assert write_definition(read_definition(text)) == text
    assert json.loads(text) == definition_to_dict(definition)
    played(definition).default_options()  # every definition read can be played


def test_the_example_in_game_format_md_is_a_valid_definition():
    text = (Path(__file__).parents[2] / "docs" / "GAME_FORMAT.md").read_text("utf-8")
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    definition = read_definition(example)
    game = played(definition)
    options = game.options_from_dict({"jokers": True, "blocked_scoring": "no_score"})
    assert game.uses_jokers(options) and not game.uses_jokers(game.default_options())
    assert game.decks(["a"] * 6) == 2
    entered = Hand("A", {"B": parse_cards(["8", "JKR"])}, flags={"one_go": "A"})
    score = game.score_hand(options, ["A", "B"], entered)
    assert score.points == {"A": 150, "B": 0}
    assert [(i.code, i.points) for i in score.breakdown["A"]] == [
        ("collected", 75),
        ("flag_multiplied", 75),  # the one_go flag: × 2
    ]
