"""A game played by its definition (GAME_FORMAT.md): :class:`DataGame`.

Every game the definition format can say is played so (Swedish Rummy, Rummy
and every other built-in game but the coded Four Suit Rummy, and every custom
game). :func:`game_from_definition` turns a validated :class:`GameDefinition`
into a :class:`~scoring.rules.GameRules`: its options are a frozen dataclass
with one field per session option (so ``options_from_dict``, session files and
:func:`~scoring.standings.standings` work as for any game), and its pure
:meth:`DataGame.score_hand` returns the same :class:`HandScore` shapes. Find a
game with :func:`scoring.game_for`, which makes each once.

>>> from scoring.registry import game_for
>>> from scoring.cards import parse_cards
>>> hearts = game_for("hearts")
>>> hand = Hand(None, {"Ola": parse_cards(["QS", "2H"]), "Kari": parse_cards(["5H"])})
>>> hearts.score_hand(hearts.default_options(), ["Ola", "Kari", "Per"], hand).points
{'Ola': 14, 'Kari': 1, 'Per': 0}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from .also_out import check_also_out
from .bids import BidRules, bid_rules, score_bids
from .captures import score_captured
from .cards import Card, Face, Rank, Suit, parse_card
from .codes import BreakdownCode, ErrorCode, WarningCode
from .definition import (
    Blocked,
    Effect,
    End,
    Flag,
    FlagPlayer,
    GameDefinition,
    HandKind,
    Key,
    NextDealer,
    OptionKind,
    Round,
    WentOut,
    Winner,
)
from .errors import HandError
from .flag_effects import apply_flag
from .hands import BreakdownItem, Hand, HandScore, ScoreWarning
from .options import GameOptions
from .progress import check_completed
from .rounds import own_lines, round_cards, round_tables
from .rules import (
    BLOCKED_NO_SCORE,
    MAX_POINTS,
    GameRules,
    PadKey,
    Preset,
    blocked_tie,
    choice,
    minimum,
)

__all__ = ["DataGame", "Rules", "game_from_definition"]

_DEALT = WarningCode.DEALT_CARDS

# What a slot of the card table holds besides points (points are ≥ 0).
_NOT_IN_GAME = -1
#: Every rank by its text ("7", "J"): a round's wild rank looked up per hand
#: without the enum's own call.
_RANKS: dict[str, Rank] = {rank.value: rank for rank in Rank}
_NEEDS_SUIT = -2
_JOKER_OUT = -3
_TABLE_SIZE = 14 * 5  # Card.key is rank.order * 5 + suit.index
#: The hand flag Rummy's going out in one turn is (a session file's ``"rummy": true``).
_RUMMY = "rummy"


@dataclass(frozen=True, slots=True)
class Rules:
    """A definition with one session's options applied: what scoring reads.

    ``table`` is indexed by :attr:`Card.key`: a card's points, or a negative
    marker (not a card of this game, needs its suit, joker not in play).
    ``faces`` maps face ids to points; ``flags`` are the flags in play.
    ``round_tables``: per round of the definition's schedule, the ``table``
    of that round (its wild rank worth the schedule's ``wild_points``); empty
    without a schedule.
    """

    went_out: WentOut
    blocked: Blocked
    winner: Winner
    end: End
    target: int | None
    rounds: int | None
    jokers_per_deck: int
    points: Mapping[str, int]
    table: tuple[int, ...]
    faces: Mapping[str, int]
    flags: Mapping[str, Flag]
    round_tables: tuple[tuple[int, ...], ...] = ()
    bids: BidRules | None = None  #: a bids game's (scoring.bids), else None


class DataGame(GameRules):
    """A game whose rules are a :class:`GameDefinition` (see the module).

    Made by :func:`game_from_definition`, which gives each definition a class
    of its own (``id``, ``min_players``, ``max_players`` and ``options_type``
    are class attributes, as for the coded games).
    """

    definition: ClassVar[GameDefinition]

    def __init__(self) -> None:
        self._resolved: dict[GameOptions, Rules] = {}
        # the options last scored with and their rules, swapped as one tuple
        # (so a thread never sees the options of one and the rules of another)
        self._last: tuple[Any, Rules] = (object(), self._resolve(self.default_options()))
        self._faces = {key.id: key for key in self.definition.keys if key.rank is None}

    def __repr__(self) -> str:
        return f"<DataGame {self.id}>"

    def presets(self, options: GameOptions, players: int) -> tuple[Preset, ...]:
        """The definition's presets for the number that ends a session with
        these options (the rounds, else the target); without presets, its
        default alone. A preset ``suggested_with`` a switch is the suggested
        one while that switch is on."""
        option_id = "rounds" if self.target(options) is None else "target"
        count = max(players, self.min_players)
        number = next((o for o in self.definition.options if o.id == option_id), None)
        found = number.presets if number is not None else ()
        on = {o.id for o in self.definition.options if getattr(options, o.id, None) is True}
        chosen = [p for p in found if set(p.suggested_with) & on] or [
            p for p in found if p.suggested
        ]
        offered = []
        for item in found:
            if item.per_player:
                key, value = f"{item.per_player}n", item.per_player * count
            else:
                value = item.value or 0
                key = f"r{value}" if option_id == "rounds" else str(value)
            offered.append(
                Preset(
                    key, option_id, value, per_player=item.per_player or 0, suggested=item in chosen
                )
            )
        if not offered:
            default = getattr(self.default_options(), option_id, None) or getattr(
                self.definition, option_id
            )
            if self.rules(options).end is End.SCHEDULE:  # the schedule's rounds, fixed
                default = self.rounds(options, count)
            key = f"r{default}" if option_id == "rounds" else str(default)
            offered.append(Preset(key, option_id, default, suggested=True))
        return tuple(offered)

    # -- options ---------------------------------------------------------
    def rules(self, options: GameOptions) -> Rules:
        """The definition with ``options`` applied (options in their listed
        order; a later option's effect wins over an earlier one's)."""
        last = self._last
        if options is last[0]:  # the same options object as last time: no hashing
            return last[1]
        try:
            resolved = self._resolved[options]
        except KeyError:
            resolved = self._resolve(options)
        self._last = (options, resolved)
        return resolved

    def _resolve(self, options: GameOptions) -> Rules:
        d = self.definition
        state: dict[str, Any] = {
            "went_out": d.went_out,
            "blocked": d.blocked,
            "winner": d.winner,
            "end": d.end,
            "target": d.target,
            "rounds": d.rounds,
            "jokers_per_deck": d.jokers_per_deck,
        }
        points = {key.id: key.points for key in d.keys}
        in_play = {flag.id: flag.in_play for flag in d.flags}
        for option in d.options:
            value = getattr(options, option.id)
            effect: Effect | None = None
            if option.kind is OptionKind.SWITCH:
                effect = option.set if value else None
            elif option.kind is OptionKind.CHOICE:
                effect = next(c.set for c in option.choices if c.id == value)
            else:
                state[option.id] = value
            if effect is None:
                continue
            for name in ("went_out", "blocked", "winner", "end", "jokers_per_deck"):
                if getattr(effect, name) is not None:
                    state[name] = getattr(effect, name)
            points.update(effect.points)
            in_play.update(effect.flags)
        table = _card_table(d.keys, points, state["jokers_per_deck"])
        resolved = Rules(
            **state,
            points=MappingProxyType(points),
            table=table,
            faces=MappingProxyType({k.id: points[k.id] for k in d.keys if k.rank is None}),
            flags=MappingProxyType({f.id: f for f in d.flags if in_play[f.id]}),
            round_tables=round_tables(d, table),
            bids=bid_rules(d, options),
        )
        if len(self._resolved) > 256:
            self._resolved.clear()
        self._resolved[options] = resolved
        return resolved

    # -- rules each game states ------------------------------------------
    def decks(self, players: Sequence[str]) -> int:
        """Decks in play for this many players (the definition's ``decks``)."""
        count = 1
        for least, decks in self.definition.decks:
            if len(players) >= least:
                count = decks
        return count

    def lowest_wins(self, options: GameOptions) -> bool:
        return self.rules(options).winner is Winner.LOWEST

    def target(self, options: GameOptions) -> int | None:
        rules = self.rules(options)
        return rules.target if rules.end in (End.TARGET, End.EITHER) else None

    def rounds(self, options: GameOptions, players: int | None = None) -> int | None:
        """The hands the session lasts: the ``rounds`` (``end`` ``rounds`` or
        ``either``) or the schedule's rounds (``end`` ``schedule``; in a bids
        game, its deals for ``players`` players: scoring.bids)."""
        rules = self.rules(options)
        if rules.bids is not None:
            return len(rules.bids.deals(players))
        if rules.end is End.SCHEDULE:
            return len(rules.round_tables)
        return rules.rounds if rules.end in (End.ROUNDS, End.EITHER) else None

    def round(
        self, options: GameOptions, number: int | None, players: int | None = None
    ) -> Round | None:
        """Round ``number`` (1-based: the hand's number) of the definition's
        schedule (a bids game's deals for ``players`` players), with its cards
        dealt, wild rank and text; ``None`` without a schedule or outside it."""
        bids = self.rules(options).bids
        if bids is not None:
            return bids.deal(number, players)
        schedule = self.definition.schedule
        if schedule is None or number is None or not 1 <= number <= len(schedule.rounds):
            return None
        return schedule.rounds[number - 1]

    def stages(self, options: GameOptions) -> int | None:
        """The stages of a progress game (RULES.md §8: Phase 10's 10), else ``None``."""
        progress = self.definition.progress
        return None if progress is None else len(progress.stages)

    def wild_points(self, options: GameOptions) -> int | None:
        """What a card of a round's wild rank is worth (the schedule's
        ``wild_points``), ``None`` where no round has one."""
        schedule = self.definition.schedule
        return None if schedule is None else schedule.wild_points

    @staticmethod
    def _table(rules: Rules, number: int | None) -> tuple[int, ...]:
        """The card table of hand ``number``: its round's where the schedule
        has that round, else the game's."""
        if number is not None and 0 < number <= len(rules.round_tables):
            return rules.round_tables[number - 1]
        return rules.table

    def can_block(self, options: GameOptions) -> bool:
        return self.rules(options).blocked is not Blocked.NEVER

    def can_go_out(self, options: GameOptions) -> bool:
        """Whether a player can go out (not in a game of tricks)."""
        return self.rules(options).went_out is not WentOut.NEVER

    def uses_jokers(self, options: GameOptions) -> bool:
        return self.rules(options).jokers_per_deck > 0

    def card_values(self, options: GameOptions) -> Mapping[Rank, int]:
        """Points per rank key (the joker's too, in play or not, as the coded
        games give it; a rank with values per suit gives its ``points``, the
        value of the suits not listed); faces are in :meth:`key_points`."""
        rules = self.rules(options)
        return {key.rank: rules.points[key.id] for key in self.definition.keys if key.rank}

    def key_points(self, options: GameOptions) -> tuple[tuple[Key, int], ...]:
        """The keypad: each key in play with its points under ``options`` (the
        joker only while jokers are in play)."""
        rules = self.rules(options)
        return tuple(
            (key, rules.points[key.id])
            for key in self.definition.keys
            if key.rank is not Rank.JOKER or rules.jokers_per_deck
        )

    def keypad(self, options: GameOptions, number: int | None = None) -> tuple[PadKey, ...]:
        """The keypad, from the definition's keys in their order: a rank key
        is one key (the joker only while jokers are in play); a rank with
        points per suit is a key per suit it lists, and one per other suit
        when those are worth anything (Hearts: ``A♥`` … ``K♥`` and ``Q♠``);
        a face is a key named by the definition. For hand ``number`` of a
        game with a schedule, the round's wild rank has its wild points.

        >>> from scoring.registry import game_for
        >>> hearts = game_for("hearts")
        >>> keys = hearts.keypad(hearts.default_options())
        >>> len(keys), [(str(k.card), k.points) for k in keys][-3:]
        (14, [('QS', 13), ('QH', 1), ('KH', 1)])
        """
        rules = self.rules(options)
        table = self._table(rules, number)
        keys: list[PadKey] = []
        for key in self.definition.keys:
            rank = key.rank
            if rank is None:
                keys.append(PadKey(Face(key.id), rules.points[key.id], key.name))
            elif rank is Rank.JOKER:
                if rules.jokers_per_deck:
                    keys.append(PadKey(Card(rank), rules.points[key.id]))
            elif not key.suits:
                keys.append(PadKey(Card(rank), table[Card(rank).key]))
            else:
                listed = [suit for suit, _points in key.suits]
                others = [s for s in Suit if s not in listed] if rules.points[key.id] else []
                for suit in (*listed, *others):
                    card = Card(rank, suit)
                    keys.append(PadKey(card, table[card.key]))
        return tuple(keys)

    def card_points(
        self, options: GameOptions, card: Card | Face, number: int | None = None
    ) -> int | None:
        """What one card or face is worth with ``options`` (in hand ``number``:
        its round's wild rank has the wild points); ``None`` for one that is
        not of this game (or a rank that needs its suit, or a joker out of
        play)."""
        rules = self.rules(options)
        if type(card) is Card:
            value = self._table(rules, number)[card.key]
            return value if value >= 0 else None
        if type(card) is Face:
            return rules.faces.get(card.id)
        return None

    def hand_flags(self, options: GameOptions) -> tuple[Flag, ...]:
        """The definition's flags in play with ``options``, in its order."""
        return tuple(self.rules(options).flags.values())

    def next_dealer(self, players: Sequence[str], went_out: Sequence[str | None]) -> str:
        """The deal passes left; with ``winner_of_two`` and two players the
        hand's winner deals next (a blocked hand passes the deal as usual).
        ``went_out``: per hand played, who went out (``None``: blocked)."""
        if self.definition.next_dealer is not NextDealer.WINNER_OF_TWO or len(players) != 2:
            return super().next_dealer(players, went_out)
        dealer = players[0]
        for out in went_out:
            dealer = out or players[1 - players.index(dealer)]
        return dealer

    # -- entering cards ---------------------------------------------------
    def parse_leftover(self, tokens: Iterable[str]) -> tuple[Card | Face, ...]:
        """Read card tokens: a face's id (any case) or any card notation
        :func:`~scoring.cards.parse_card` reads. Whether each is a card of this
        game is checked when the hand is scored. Raises :class:`CardParseError`.
        """
        found: list[Card | Face] = []
        for position, token in enumerate(tokens, 1):
            if isinstance(token, str) and token.strip().casefold() in self._faces:
                found.append(Face(token.strip().casefold()))
            else:
                found.append(parse_card(token, position))
        return tuple(found)

    # -- scoring -----------------------------------------------------------
    def score_hand(
        self, options: GameOptions, players: Sequence[str], hand: Hand, number: int | None = None
    ) -> HandScore:
        """Score one hand by the definition (GAME_FORMAT.md "Scoring"); hand
        ``number`` (1-based) is the round of a schedule it is played in (its
        wild rank: a card of it scores the schedule's ``wild_points``, a
        ``wild`` line beside the player's own ``penalty`` or ``own_cards``
        line; more cards left than the round dealt: a ``round_cards``
        warning).

        Went out: ``collects`` (that player scores every other player's
        leftover value, one ``collected`` line each) or ``own`` (every other
        player scores their own: a ``penalty`` line when the lowest total wins,
        else ``own_cards``; in a game of tricks ``penalty_taken`` and
        ``own_taken``). Blocked: ``lowest_collects`` (RULES.md §1, ties:
        nobody), ``no_score`` or ``own``. Then each flag called, in the
        definition's order: ``multiply`` (a ``flag_multiplied`` line with the
        extra points), ``others_multiply`` (a ``flag_others_multiplied`` line
        for every other player with points), ``bonus`` (``flag_bonus``),
        ``others_score`` (the flagged player 0, every other player a
        ``flag_to_others`` line).

        Raises :class:`HandError`: those of RULES.md §4 (``unknown_player``,
        ``went_out_holds_cards``, ``cannot_block``, ``runs_not_allowed``,
        ``rummy_not_allowed``, ``joker_not_in_play``, ``bad_points``,
        ``points_too_large``) and ``card_not_in_game``, ``card_needs_suit``,
        ``went_out_not_allowed``, ``flag_unknown``, ``flag_not_went_out``; in a
        progress game, those of :func:`~scoring.progress.check_completed`;
        those of :func:`~scoring.also_out.check_also_out`.
        """
        if hand.also_out:  # who went out on the last turn (RULES.md §6)
            check_also_out(self.definition.also_out, players, hand)
        if self.definition.hand is HandKind.CAPTURED:  # piles (RULES.md §5)
            return score_captured(self, options, players, hand)
        rules = self.rules(options)
        if rules.bids is not None:  # a bids game's hand (scoring.bids, RULES.md §7)
            return score_bids(rules.bids, players, hand, number)
        went_out = hand.went_out
        leftover = dict.fromkeys(players, 0)
        if went_out is not None:
            if went_out not in leftover:
                raise HandError(ErrorCode.UNKNOWN_PLAYER, player=went_out, field="went_out")
            if rules.went_out is WentOut.NEVER:
                raise HandError(ErrorCode.WENT_OUT_NOT_ALLOWED, player=went_out, field="went_out")
        elif rules.blocked is Blocked.NEVER:
            raise HandError(ErrorCode.CANNOT_BLOCK, field="went_out")
        if hand.runs:
            raise HandError(ErrorCode.RUNS_NOT_ALLOWED, field="runs")
        # a progress game's stages completed (scoring.progress, RULES.md §8)
        done = () if self.definition.progress is None else check_completed(players, hand)
        called = self._called_flags(rules, players, hand) if hand.flags else ()
        row = self.round(options, number)
        wild = _RANKS[row.wild] if row is not None and row.wild else None
        wilds: dict[str, int] = {}
        cards, faces, longest = self._count(
            rules, hand, leftover, self._table(rules, number), wild, wilds
        )
        points = dict.fromkeys(players, 0)
        breakdown: dict[str, tuple[BreakdownItem, ...]] = dict.fromkeys(players, ())
        how = rules.went_out if went_out is not None else rules.blocked
        if how is WentOut.COLLECTS:
            assert went_out is not None
            items = tuple(
                BreakdownItem(BreakdownCode.COLLECTED, leftover[p], value=leftover[p], player=p)
                for p in players
                if p != went_out and leftover[p]
            )
            breakdown[went_out] = items
            points[went_out] = sum(item.points for item in items)
        elif how is WentOut.OWN or how is Blocked.OWN:
            code = _OWN_CODES[self.counted == "tricks", rules.winner is Winner.LOWEST]
            wild_points = self.wild_points(options) if wilds else None
            for player in players:
                if player != went_out and leftover[player]:
                    breakdown[player] = own_lines(
                        code, leftover[player], wilds.get(player, 0), wild_points
                    )
                    points[player] = leftover[player]
        elif how is Blocked.LOWEST_COLLECTS:
            low = min(leftover.values())
            lowest = [p for p in players if leftover[p] == low]
            if len(lowest) == 1:
                (collector,) = lowest
                items = tuple(
                    BreakdownItem(
                        BreakdownCode.BLOCKED_DIFFERENCE,
                        leftover[p] - low,
                        value=leftover[p],
                        player=p,
                    )
                    for p in players
                    if p != collector
                )
                breakdown[collector] = items
                points[collector] = sum(item.points for item in items)
        for flag, player in called:
            apply_flag(flag, player, players, points, breakdown)
        warnings = self.empty_hands(players, hand) + self.typed_points(players, hand)
        if cards or faces:
            warnings += self._conservation(rules, players, cards, faces)
        if row is not None:
            if longest > row.cards:
                warnings += round_cards(players, hand, row.cards)
        elif self.definition.cards_dealt is not None and longest > self.definition.cards_dealt:
            warnings += round_cards(players, hand, self.definition.cards_dealt, _DEALT)  # §8
        notes = (
            () if any(points.values()) else self.hand_notes(options, players, went_out, leftover)
        )
        return HandScore(points, breakdown, leftover, tuple(warnings), went_out, notes, done)

    def hand_notes(
        self,
        options: GameOptions,
        players: Sequence[str],
        went_out: str | None,
        leftover: Mapping[str, int],
    ) -> tuple[BreakdownItem, ...]:
        """A blocked hand scored ``no_score`` (``blocked_no_score``), or
        ``lowest_collects`` with the lowest value shared (``blocked_tie``)."""
        if went_out is not None:
            return ()
        blocked = self.rules(options).blocked
        if blocked is Blocked.NO_SCORE:
            return BLOCKED_NO_SCORE
        if blocked is Blocked.LOWEST_COLLECTS:
            return blocked_tie(players, leftover)
        return ()

    def _called_flags(
        self, rules: Rules, players: Sequence[str], hand: Hand
    ) -> tuple[tuple[Flag, str], ...]:
        """The flags called in ``hand`` with their players, in definition order.

        A flag the definition has but not in play with these options is
        ``flag_unknown``, but for the flag ``rummy`` (a session file's
        ``"rummy": true``): ``rummy_not_allowed``, which says when it counts
        (RULES.md §3: Rummy with ``winner_collects``)."""
        calls: dict[str, str] = {}
        for name, player in hand.flags.items():
            flag = rules.flags.get(name)
            if flag is None and name == _RUMMY and self._declares(_RUMMY):
                raise HandError(ErrorCode.RUMMY_NOT_ALLOWED, field="rummy")
            if flag is None:
                raise HandError(
                    ErrorCode.FLAG_UNKNOWN, field="flags", params={"flag": str(name)[:40]}
                )
            if player not in players:
                raise HandError(ErrorCode.UNKNOWN_PLAYER, player=str(player), field="flags")
            if flag.player is FlagPlayer.WENT_OUT and player != hand.went_out:
                raise HandError(
                    ErrorCode.FLAG_NOT_WENT_OUT, player=player, field="flags", params={"flag": name}
                )
            calls[name] = player
        return tuple((f, calls[f.id]) for f in rules.flags.values() if f.id in calls)

    def _declares(self, flag_id: str) -> bool:
        """Whether the definition has the flag ``flag_id`` (in play or not)."""
        return any(flag.id == flag_id for flag in self.definition.flags)

    def _count(
        self,
        rules: Rules,
        hand: Hand,
        leftover: dict[str, int],
        table: tuple[int, ...],
        wild: Rank | None = None,
        wilds: dict[str, int] | None = None,
    ) -> tuple[list[Card], list[Face], int]:
        """Each player's leftover value into ``leftover`` (cards worth what
        ``table``, the hand's round's, says) and, with the round's ``wild``
        rank, each player's count of its cards into ``wilds`` (players with
        none left out; one pass over the cards: it runs for every hand);
        returns the cards and faces entered, for the conservation warnings,
        and the most cards one player was entered with (the cards dealt)."""
        cards: list[Card] = []
        faces: list[Face] = []
        longest = 0
        went_out = hand.went_out
        for name, held in hand.left.items():
            if name not in leftover:
                raise HandError(ErrorCode.UNKNOWN_PLAYER, player=name, field="left")
            if isinstance(held, tuple | list):
                value = 0
                wild_count = 0
                for position, card in enumerate(held, 1):
                    if type(card) is Card:
                        points = table[card.key]
                        if points < 0:
                            raise _card_error(points, name, str(card), position)
                        cards.append(card)
                        if card.rank is wild:
                            wild_count += 1
                    else:
                        face = rules.faces.get(card.id) if type(card) is Face else None
                        if face is None:
                            raise _card_error(_NOT_IN_GAME, name, str(card)[:40], position)
                        points = face
                        faces.append(card)  # type: ignore[arg-type]
                    value += points
                if wild_count and wilds is not None:
                    wilds[name] = wild_count
                if len(held) > longest:
                    longest = len(held)
            elif type(held) is int and 0 <= held <= MAX_POINTS:
                value = held
            elif type(held) is int and held > MAX_POINTS:
                raise HandError(
                    ErrorCode.POINTS_TOO_LARGE,
                    player=name,
                    field="left",
                    params={"value": held, "maximum": MAX_POINTS},
                )
            else:
                raise HandError(
                    ErrorCode.BAD_POINTS, player=name, field="left", params={"value": held}
                )
            if held and name == went_out:
                raise HandError(ErrorCode.WENT_OUT_HOLDS_CARDS, player=went_out, field="left")
            leftover[name] = value
        return cards, faces, longest

    def _conservation(
        self, rules: Rules, players: Sequence[str], cards: list[Card], faces: list[Face]
    ) -> list[ScoreWarning]:
        """Card conservation (RULES.md §4): ranks (jokers per the definition),
        physical cards, and each face more often than ``per_deck`` × decks."""
        decks = self.decks(players)
        warnings: list[ScoreWarning] = []
        seen: dict[int, int] = {}  # each suited card's count (one pass over the cards)
        if cards:
            ranks = [0] * 14
            for card in cards:
                ranks[card.rank.order] += 1
                if card.suit is not None:
                    card_key = card.key
                    seen[card_key] = seen.get(card_key, 0) + 1
            per_deck = len(self.definition.suits)  # a card of each suit (Five Crowns: 5)
            limits = [rules.jokers_per_deck * decks] + [per_deck * decks] * 13
            for order, count in enumerate(ranks):
                if count > limits[order]:
                    rank = Rank.JOKER if order == 0 else Rank.from_order(order)
                    warnings.append(
                        ScoreWarning(
                            WarningCode.RANK_COUNT,
                            card=rank.value,
                            count=count,
                            expected=limits[order],
                        )
                    )
        if faces:
            counts: dict[str, int] = {}
            for face in faces:
                counts[face.id] = counts.get(face.id, 0) + 1
            for key in self._faces.values():
                most = (key.per_deck or 0) * decks
                if counts.get(key.id, 0) > most:
                    warnings.append(
                        ScoreWarning(
                            WarningCode.RANK_COUNT, card=key.id, count=counts[key.id], expected=most
                        )
                    )
        if seen and max(seen.values()) > decks:
            first = {card.key: card for card in cards}
            for card_key, count in seen.items():
                if count > decks:
                    warnings.append(
                        ScoreWarning(
                            WarningCode.CARD_COUNT,
                            card=str(first[card_key]),
                            count=count,
                            expected=decks,
                        )
                    )
        return warnings


#: A player's own cards scored: (counted in tricks, lowest wins) → the line's code.
_OWN_CODES = {
    (False, True): BreakdownCode.PENALTY,
    (False, False): BreakdownCode.OWN_CARDS,
    (True, True): BreakdownCode.PENALTY_TAKEN,
    (True, False): BreakdownCode.OWN_TAKEN,
}


def _card_error(marker: int, player: str, card: str, position: int) -> HandError:
    code = {
        _NOT_IN_GAME: ErrorCode.CARD_NOT_IN_GAME,
        _NEEDS_SUIT: ErrorCode.CARD_NEEDS_SUIT,
        _JOKER_OUT: ErrorCode.JOKER_NOT_IN_PLAY,
    }[marker]
    return HandError(code, player=player, field="left", card=card, params={"position": position})


def _card_table(keys: Sequence[Key], points: Mapping[str, int], jokers: int) -> tuple[int, ...]:
    table = [_NOT_IN_GAME] * _TABLE_SIZE
    table[Card(Rank.JOKER).key] = _JOKER_OUT  # as in the coded games
    for key in keys:
        rank = key.rank
        if rank is None:
            continue
        value = points[key.id]
        if rank is Rank.JOKER:
            table[Card(rank).key] = value if jokers else _JOKER_OUT
            continue
        by_suit = dict(key.suits)
        table[Card(rank).key] = _NEEDS_SUIT if by_suit else value
        for suit in Suit:
            table[Card(rank, suit).key] = by_suit.get(suit, value)
    return tuple(table)


def _options_type(definition: GameDefinition) -> type[GameOptions]:
    fields: list[tuple[str, type, Any]] = []
    for option in definition.options:
        if option.kind is OptionKind.SWITCH:
            fields.append((option.id, bool, dataclasses.field(default=option.default)))
        elif option.kind is OptionKind.CHOICE:
            ids = [c.id for c in option.choices]
            fields.append((option.id, str, choice(ids[0], *ids[1:])))
        else:
            fields.append((option.id, int, minimum(getattr(definition, option.id))))
    return dataclasses.make_dataclass(
        "Options",
        fields,
        frozen=True,
        slots=True,
        namespace={
            "__doc__": f"Options of the game {definition.id!r} (its definition).",
            "__module__": __name__,
        },
    )


def game_from_definition(definition: GameDefinition) -> DataGame:
    """The :class:`GameRules` of a validated definition.

    Its ``options_type`` is a frozen dataclass with a field per option: a
    switch is a ``bool``, a choice the chosen choice's ``id``, a number option
    an ``int`` from 1 (GAME_FORMAT.md "options").
    """
    cls = type(
        "DataGame",
        (DataGame,),
        {
            "id": definition.id,
            "min_players": definition.min_players,
            "max_players": definition.max_players,
            "counted": definition.counted.value,
            "blocked_term": definition.blocked_term.value,
            "options_type": _options_type(definition),
            "definition": definition,
            "__qualname__": f"DataGame[{definition.id}]",
        },
    )
    game: DataGame = cls()
    return game
