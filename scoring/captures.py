"""Scoring a ``captured`` hand (GAME_FORMAT.md ``captures``; RULES.md §5
Kasino): each player's captured :class:`~scoring.hands.Pile` compared and
counted. Per comparison, the player with the largest count scores its points
(a tie: nobody, or each of the tied players, as the game's ``ties`` says);
each named card scores for whoever captured it; each event scores its count ×
its points; then the hand flags called (the last capture's bonus). Used by
:meth:`scoring.data_game.DataGame.score_hand` for a definition whose ``hand``
is ``captured``.

>>> from scoring.registry import game_for
>>> kasino = game_for("kasino")
>>> hand = Hand(None, captured={
...     "Kari": Pile(29, {"S": 8}, ("10D", "AS", "AH"), {"sweep": 2}),
...     "Ola": Pile(23, {"S": 5}, ("2S", "AD", "AC"), {"sweep": 1})})
>>> kasino.score_hand(kasino.default_options(), ["Kari", "Ola"], hand).points
{'Kari': 10, 'Ola': 4}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any
from weakref import WeakKeyDictionary

from .codes import BreakdownCode, ErrorCode, WarningCode
from .definition import Effect, Flag, GameDefinition, OptionKind, Ties, Words
from .definition.captures import named_chips
from .errors import HandError, OptionError
from .flag_effects import apply_flag
from .hands import BreakdownItem, Hand, HandScore, Pile, ScoreWarning
from .options import GameOptions
from .rules import GameRules

__all__ = ["Piles", "pile_table", "score_captured", "seating"]

#: The cards of one suit in one deck.
_SUIT_CARDS = 13
_CARD_SUITS = ("S", "H", "D", "C")
#: The pile of a player who captured nothing.
_EMPTY = Pile()


@dataclass(frozen=True, slots=True)
class Piles:
    """A captured game's scoring with one session's options applied: made
    once per definition and options, so a hand is scored by lookups.

    ``most``: per comparison, its id, what it counts (``"cards"`` or a suit)
    and its points; ``ties`` for every comparison; ``chips``: each named card
    (token) with its points, in the definition's order; ``events``: per
    event id, its points and the largest count accepted; ``suits``: the
    suits compared (each asked per player); ``deck_suits``: the suits of one
    deck that are cards (the card count of a deck is 13 × these).
    """

    most: tuple[tuple[str, str, int], ...]
    ties: Ties
    chips: Mapping[str, int]
    events: Mapping[str, tuple[int, int]]
    suits: tuple[str, ...]
    deck_suits: int
    #: each named card's line
    named_lines: Mapping[str, BreakdownItem]
    #: the hand flags in play, by id, in the definition's order
    flags: Mapping[str, Flag]
    #: players a team when the session is played in teams, else 0
    team_size: int
    #: the breakdown lines made so far, by what they say (a line is frozen:
    #: made once, shared by every hand that scores the same)
    lines: dict[tuple[Any, ...], BreakdownItem] = field(default_factory=dict, compare=False)
    #: each event's name (both languages), for an error to name it
    event_names: Mapping[str, Words] = field(default_factory=dict, compare=False)


def _line(
    piles: Piles,
    code: BreakdownCode,
    points: int,
    count: int,
    value: int,
    item: str,
    players: tuple[str, ...] = (),
) -> BreakdownItem:
    """The breakdown line saying this, made once per :class:`Piles`."""
    key = (code, points, count, value, item, players)
    found = piles.lines.get(key)
    if found is None:
        if len(piles.lines) > 4096:
            piles.lines.clear()
        found = piles.lines[key] = BreakdownItem(
            code, points, count=count, value=value, item=item, players=players
        )
    return found


def _chosen(definition: GameDefinition, options: GameOptions) -> Iterator[Effect]:
    """The effects of ``options``, in the options' order (a switch that is
    on, the chosen choice)."""
    for option in definition.options:
        value = getattr(options, option.id)
        if option.kind is OptionKind.SWITCH and value:
            yield option.set
        elif option.kind is OptionKind.CHOICE:
            yield next(c.set for c in option.choices if c.id == value)


#: Per game, its :class:`Piles` per options (made once: a definition's hash
#: walks all of it, too slow to look up per hand).
_TABLES: WeakKeyDictionary[GameRules, dict[GameOptions, Piles]] = WeakKeyDictionary()


def _piles(game: GameRules, definition: GameDefinition, options: GameOptions) -> Piles:
    """The :class:`Piles` of ``game`` with ``options``, made once."""
    try:
        return _TABLES[game][options]
    except KeyError:
        tables = _TABLES.setdefault(game, {})
        if len(tables) > 256:
            tables.clear()
        made = tables[options] = pile_table(definition, options)
        return made


def pile_table(definition: GameDefinition, options: GameOptions) -> Piles:
    """The :class:`Piles` of a ``captured`` definition with ``options``: an
    option's ``points`` may give a comparison, an event, a named card or a
    named rank other points, and its ``ties`` the tie rule (RULES.md §5.4:
    the Swedish table). ``definition.captures`` must be set."""
    captures = definition.captures
    assert captures is not None
    points: dict[str, int] = {}
    ties = captures.ties
    in_play = {flag.id: flag.in_play for flag in definition.flags}
    teams = definition.teams is not None and definition.teams.always
    for effect in _chosen(definition, options):
        points.update(effect.points)
        in_play.update(effect.flags)
        if effect.ties is not None:
            ties = effect.ties
        if effect.teams is not None:
            teams = effect.teams
    chips = {}
    for token, worth in named_chips(captures, definition.suits):
        # a named rank's new points reach each of its chips, a card's its own
        chips[token] = points.get(token, points.get(token[:-1], worth))
    return Piles(
        most=tuple((c.id, c.of, points.get(c.id, c.points)) for c in captures.most),
        ties=ties,
        chips=chips,
        events={e.id: (points.get(e.id, e.points), e.most) for e in captures.events},
        suits=tuple(dict.fromkeys(c.of for c in captures.most if c.of != "cards")),
        deck_suits=sum(1 for s in definition.suits if s in _CARD_SUITS),
        named_lines={
            token: BreakdownItem(BreakdownCode.NAMED, worth, value=worth, item=token)
            for token, worth in chips.items()
        },
        flags={flag.id: flag for flag in definition.flags if in_play[flag.id]},
        team_size=definition.teams.size if teams and definition.teams is not None else 0,
        event_names={e.id: e.name for e in captures.events},
    )


def seating(
    game: GameRules, options: GameOptions, players: Sequence[str]
) -> tuple[tuple[str, ...], ...]:
    """The teams of a session (GAME_FORMAT.md ``teams``, RULES.md §5
    partnerships): with T teams, team k holds seats k, k + T… (4 players:
    1 and 3 against 2 and 4); each player a team of one when the session is
    not played in teams. A team's first player names its pile.

    Raises :class:`~scoring.errors.OptionError` ``teams_uneven``: a player
    count that is not a multiple of the team size, or fewer than two teams.

    >>> from scoring.registry import game_for
    >>> kasino = game_for("kasino")
    >>> seating(kasino, kasino.options_from_dict({"partners": True}), ["Kari", "Ola", "Per", "Liv"])
    (('Kari', 'Per'), ('Ola', 'Liv'))
    """
    definition = game.definition
    if definition is None or definition.teams is None or definition.captures is None:
        return tuple((player,) for player in players)
    size = _piles(game, definition, options).team_size
    if not size:
        return tuple((player,) for player in players)
    count = len(players) // size
    if len(players) % size or count < 2:
        raise OptionError(
            ErrorCode.TEAMS_UNEVEN,
            field="players",
            params={"count": len(players), "size": size},
        )
    return tuple(tuple(players[k::count]) for k in range(count))


def _range(
    player: str, what: str, value: Any, maximum: int, name: Words | None = None
) -> HandError:
    params: dict[str, Any] = {"what": what, "value": value, "maximum": maximum}
    if name is not None:  # an event's own name (both languages), for the message
        params["name"] = name
    return HandError(ErrorCode.COUNT_RANGE, player=player, field="captured", params=params)


def _check(piles: Piles, name: str, pile: Pile, cards: int, suit_cards: int) -> None:
    """Refuse a pile the rules cannot score: a count that is no whole number
    or out of its range (``count_range``), a suit, event or named card the
    game does not count (``pile_unknown``)."""
    if type(pile.cards) is not int or not 0 <= pile.cards <= cards:
        raise _range(name, "cards", pile.cards, cards)
    for suit, count in pile.suits.items():
        if suit not in piles.suits:
            raise HandError(
                ErrorCode.PILE_UNKNOWN, player=name, field="captured", params={"value": str(suit)}
            )
        most = min(suit_cards, pile.cards)
        if type(count) is not int or not 0 <= count <= most:
            raise _range(name, suit, count, most)
    for event, count in pile.events.items():
        if event not in piles.events:
            raise HandError(
                ErrorCode.PILE_UNKNOWN, player=name, field="captured", params={"value": str(event)}
            )
        most = piles.events[event][1]
        if type(count) is not int or not 0 <= count <= most:
            raise _range(name, event, count, most, piles.event_names.get(event))
    for token in pile.named:
        if token not in piles.chips:
            raise HandError(
                ErrorCode.PILE_UNKNOWN, player=name, field="captured", params={"value": str(token)}
            )


def score_captured(
    game: GameRules,
    options: GameOptions,
    players: Sequence[str],
    hand: Hand,
    *,
    _piles_override: Piles | None = None,
) -> HandScore:
    """Score one ``captured`` hand of ``game`` (RULES.md §5.1): ``hand.captured``
    holds each player's pile (a player without one captured nothing).

    Lines: ``most`` (a comparison won: ``item`` what it compares, ``"cards"``
    or a suit, one comparison each; ``value`` the count;
    with ``ties: each`` the tied players each have one, with ``players``
    naming them all), ``named`` (``item`` the card), ``event`` (``count`` ×
    ``value``), then the flags called (``flag_bonus``…). A comparison tied
    with ``ties: nobody`` is a ``most`` note on the whole hand (points 0,
    ``players`` the tied ones).

    Warnings (RULES.md §5, the user confirms): ``capture_total`` (the card
    counts, or a compared suit's counts, do not add up to the cards in play),
    ``named_card_count`` (a named card in two piles or none),
    ``named_suit_count`` (a suit count below the named cards of that suit in
    the pile).

    Raises :class:`HandError`: ``unknown_player``, ``went_out_not_allowed``
    (nobody goes out of a captured hand), ``count_range`` (a count below 0 or
    above what the decks hold: the cards in play, a suit's cards and at most
    the pile's cards, an event's ``most``), ``pile_unknown`` (a suit, event
    or named card the game does not count, or leftover cards or runs given),
    ``flag_unknown``.
    """
    definition = game.definition
    assert definition is not None
    piles = _piles_override or _piles(game, definition, options)
    if hand.went_out is not None:
        raise HandError(ErrorCode.WENT_OUT_NOT_ALLOWED, player=hand.went_out, field="went_out")
    if hand.left or hand.runs:
        raise HandError(
            ErrorCode.PILE_UNKNOWN, field="left", params={"value": "left" if hand.left else "runs"}
        )
    suit_cards = _SUIT_CARDS * game.decks(players)
    cards = suit_cards * piles.deck_suits
    if piles.team_size:  # partnerships: a pile a team, the points to each partner
        return _in_teams(game, options, players, hand)
    captured = hand.captured
    entered: dict[str, Pile] = {}
    for name in players:
        pile = captured.get(name)
        if pile is None:
            pile = _EMPTY
        else:
            _check(piles, name, pile, cards, suit_cards)
        entered[name] = pile
    if len(captured) > len(entered) or not captured.keys() <= entered.keys():
        name = next(str(n) for n in captured if n not in entered)
        raise HandError(ErrorCode.UNKNOWN_PLAYER, player=name[:40], field="captured")
    lines: dict[str, list[BreakdownItem]] = {p: [] for p in players}
    points = dict.fromkeys(players, 0)
    notes: list[BreakdownItem] = []
    each = piles.ties is Ties.EACH
    for _ident, of, worth in piles.most:
        top, holders = 0, []
        for player in players:
            pile = entered[player]
            count = pile.cards if of == "cards" else pile.suits.get(of, 0)
            if count > top:
                top, holders = count, [player]
            elif count == top and top:
                holders.append(player)
        if not top:
            continue  # nobody captured any
        if len(holders) == 1 or each:
            tied = tuple(holders) if len(holders) > 1 else ()
            for player in holders:
                lines[player].append(_line(piles, BreakdownCode.MOST, worth, 1, top, of, tied))
                points[player] += worth
        else:
            notes.append(_line(piles, BreakdownCode.MOST, 0, 1, top, of, tuple(holders)))
    placed = dict.fromkeys(piles.chips, 0)
    named_lines = piles.named_lines
    made = piles.lines  # (an event's lines by (id, count): no other key is a pair)
    for player in players:
        pile = entered[player]
        mine = lines[player]
        if pile.named:
            for token in piles.chips:  # in the definition's order, each once
                if token in pile.named:
                    placed[token] += 1
                    mine.append(named_lines[token])
                    points[player] += piles.chips[token]
        for event, count in pile.events.items():
            if count:
                item = made.get((event, count))
                if item is None:
                    worth = piles.events[event][0]
                    item = _line(piles, BreakdownCode.EVENT, count * worth, count, worth, event)
                    made[event, count] = item
                mine.append(item)
                points[player] += item.points
    breakdown = {p: tuple(items) for p, items in lines.items()}
    if hand.flags:
        for flag, player in _called(piles, players, hand):
            apply_flag(flag, player, players, points, breakdown)
    warnings = _warnings(piles, players, entered, placed, cards, suit_cards)
    return HandScore(
        points, breakdown, dict.fromkeys(players, 0), tuple(warnings), None, tuple(notes)
    )


def _in_teams(
    game: GameRules, options: GameOptions, players: Sequence[str], hand: Hand
) -> HandScore:
    """A hand of a session in teams: scored with a player a team (its first
    player, whose name its pile goes under), then each partner scores the
    team's points with its lines (so the totals, places, end and winners are
    the teams'). A pile under another partner is ``teams_player``; a flag
    called for a partner counts for the team."""
    teams = seating(game, options, players)
    team_of = {player: team[0] for team in teams for player in team}
    for name in hand.captured:
        if name in team_of and team_of[name] != name:
            raise HandError(
                ErrorCode.TEAMS_PLAYER,
                player=str(name),
                field="captured",
                params={"team": team_of[name]},
            )
    flags = {flag: team_of.get(player, player) for flag, player in hand.flags.items()}
    keys = [team[0] for team in teams]
    single = replace(hand, flags=flags)
    definition = game.definition
    assert definition is not None
    piles = _piles(game, definition, options)
    scored = score_captured(
        game, options, keys, single, _piles_override=replace(piles, team_size=0)
    )
    points = {p: scored.points[team_of[p]] for p in players}
    breakdown = {p: scored.breakdown[team_of[p]] for p in players}
    return HandScore(
        points, breakdown, dict.fromkeys(players, 0), scored.warnings, None, scored.notes
    )


def _called(piles: Piles, players: Sequence[str], hand: Hand) -> list[tuple[Flag, str]]:
    """The flags called in ``hand`` with their players, in the definition's
    order. Raises ``flag_unknown`` (not in play), ``unknown_player``."""
    in_play = piles.flags
    for name, player in hand.flags.items():
        if name not in in_play:
            raise HandError(ErrorCode.FLAG_UNKNOWN, field="flags", params={"flag": str(name)[:40]})
        if player not in players:
            raise HandError(ErrorCode.UNKNOWN_PLAYER, player=str(player)[:40], field="flags")
    return [(flag, hand.flags[ident]) for ident, flag in in_play.items() if ident in hand.flags]


def _warnings(
    piles: Piles,
    players: Sequence[str],
    entered: Mapping[str, Pile],
    placed: Mapping[str, int],
    cards: int,
    suit_cards: int,
) -> list[ScoreWarning]:
    """The warnings of a captured hand (see :func:`score_captured`)."""
    found: list[ScoreWarning] = []
    total = 0
    for pile in entered.values():
        total += pile.cards
    if total != cards:
        found.append(
            ScoreWarning(WarningCode.CAPTURE_TOTAL, card="cards", count=total, expected=cards)
        )
    for suit in piles.suits:
        total = 0
        for pile in entered.values():
            total += pile.suits.get(suit, 0)
        if total != suit_cards:
            found.append(
                ScoreWarning(WarningCode.CAPTURE_TOTAL, card=suit, count=total, expected=suit_cards)
            )
    for token, count in placed.items():
        if count != 1:
            found.append(
                ScoreWarning(WarningCode.NAMED_CARD_COUNT, card=token, count=count, expected=1)
            )
    for player in players:
        pile = entered[player]
        if not pile.named:
            continue
        for suit in piles.suits:
            named = 0
            for token in piles.chips:
                if token[-1] == suit and token in pile.named:
                    named += 1
            count = pile.suits.get(suit, 0)
            if count < named:
                found.append(
                    ScoreWarning(
                        WarningCode.NAMED_SUIT_COUNT,
                        card=suit,
                        player=player,
                        count=count,
                        expected=named,
                    )
                )
    return found
