"""What a called hand flag does to a hand's points (GAME_FORMAT.md "Hand
flags"): shared by every kind of hand a definition can say (a hand someone
goes out of, :mod:`scoring.data_game`; a captured hand, :mod:`scoring.captures`)."""

from __future__ import annotations

from collections.abc import Sequence

from .codes import BreakdownCode
from .definition import Flag, FlagEffect
from .hands import BreakdownItem

__all__ = ["apply_flag"]


def apply_flag(
    flag: Flag,
    player: str,
    players: Sequence[str],
    points: dict[str, int],
    breakdown: dict[str, tuple[BreakdownItem, ...]],
) -> None:
    """One called flag's effect on the hand's points and breakdown (both
    changed in place; GAME_FORMAT.md "Hand flags"): ``multiply``,
    ``others_multiply``, ``bonus`` or ``others_score``."""
    if flag.effect is FlagEffect.MULTIPLY:
        base = points[player]
        extra = base * (flag.amount - 1)
        if extra:
            item = BreakdownItem(
                BreakdownCode.FLAG_MULTIPLIED, extra, count=flag.amount, value=base, flag=flag.id
            )
            breakdown[player] = (*breakdown[player], item)
            points[player] = base + extra
    elif flag.effect is FlagEffect.OTHERS_MULTIPLY:
        for other in players:
            base = points[other]
            extra = base * (flag.amount - 1)
            if other == player or not extra:
                continue
            item = BreakdownItem(
                BreakdownCode.FLAG_OTHERS_MULTIPLIED,
                extra,
                count=flag.amount,
                value=base,
                player=player,
                flag=flag.id,
            )
            breakdown[other] = (*breakdown[other], item)
            points[other] = base + extra
    elif flag.effect is FlagEffect.BONUS:
        item = BreakdownItem(BreakdownCode.FLAG_BONUS, flag.amount, value=flag.amount, flag=flag.id)
        breakdown[player] = (*breakdown[player], item)
        points[player] += flag.amount
    else:
        for other in players:
            if other == player:
                points[other], breakdown[other] = 0, ()
            else:
                points[other] = flag.amount
                breakdown[other] = (
                    BreakdownItem(
                        BreakdownCode.FLAG_TO_OTHERS,
                        flag.amount,
                        value=flag.amount,
                        player=player,
                        flag=flag.id,
                    ),
                )
