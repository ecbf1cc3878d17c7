"""Small builders shared by the storage tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy.engine import Engine

from scoring import Hand, Rank, Run, parse_cards


def hand(
    went_out: str | None,
    left: Mapping[str, Sequence[str] | int] | None = None,
    runs: Mapping[str, Sequence[Sequence[str] | tuple[Sequence[str], str]]] | None = None,
    **extra,
) -> Hand:
    """A :class:`scoring.Hand` from card tokens: ``left={"B": ["K", "7"]}``,
    ``runs={"A": [["5H", "6H", "7H"], (["AC", "QC", "KC"], "J")]}``."""
    parsed_left = {
        p: cards if isinstance(cards, int) else parse_cards(cards)
        for p, cards in (left or {}).items()
    }
    parsed_runs = {}
    for player, items in (runs or {}).items():
        out = []
        for item in items:
            if isinstance(item, tuple):
                cards, ace_as = item
                out.append(Run(parse_cards(cards), Rank(ace_as)))
            else:
                out.append(Run(parse_cards(item)))
        parsed_runs[player] = tuple(out)
    return Hand(went_out, parsed_left, parsed_runs, **extra)


def dump(engine: Engine) -> list[str]:
    """The database's schema and every row, as text lines to compare: SQLite's
    own dump, or for another database each table's columns and its rows in
    a fixed order."""
    if engine.dialect.name == "sqlite":
        raw = engine.raw_connection()
        try:
            return list(raw.driver_connection.iterdump())
        finally:
            raw.close()
    from sqlalchemy import MetaData, select

    metadata = MetaData()
    lines: list[str] = []
    with engine.connect() as connection:
        metadata.reflect(connection)
        for table in sorted(metadata.tables.values(), key=lambda t: t.name):
            lines.append(f"TABLE {table.name} {[c.name for c in table.columns]}")
            rows = connection.execute(select(table)).all()  # JSON columns have no order
            lines += sorted(f"{table.name} {tuple(row)!r}" for row in rows)
    return lines


# RULES.md §2 worked figures, Four Suit Rummy.
FSR_EXAMPLE_1 = hand(
    "Anna",
    left={"Bjørn": ["7", "8", "K"]},
    runs={
        "Anna": [
            ["5H", "6H", "7H"],
            ["5S", "6S", "7S"],
            ["9D", "AD", "JD"],
            (["AC", "QC", "KC"], "J"),
        ],
        "Bjørn": [["8H", "9H", "10H"], ["8S", "AS", "10S"], ["2D", "3D", "4D"]],
    },
)
FSR_EXAMPLE_2 = hand(
    "Anna",
    left={"Bjørn": ["4", "7", "J"]},
    runs={
        "Anna": [
            ["5H", "6H", "7H"],
            ["5S", "6S", "7S"],
            ["9D", "AD", "JD"],
            (["AC", "10C", "JC"], "9"),
        ],
        "Bjørn": [["8H", "9H", "10H"], ["8S", "AS", "10S"], ["8D", "9D", "10D"]],
    },
)
