"""Any sequence of service calls leaves sessions that open exactly as a
fresh scoring of what was entered says (and as they open with no score sheet),
stored results per seat that equal a full rescore, and statistics (added up by
the database from those results) equal to the statistics of every finished
session read back and rescored."""

from __future__ import annotations

import json
import shutil
import tempfile
import uuid
from pathlib import Path

import hypothesis.strategies as st
from hypothesis import HealthCheck, event, settings
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy import text
from sqlmodel import Session
from statistics_reference import finished_entries, player_statistics

import scoring
from app.reports.statistics import game_statistics
from models.db import init_db, make_engine
from models.errors import (
    HandNotPlaceable,
    HandSessionEnded,
    HandSessionInTrash,
    ServiceError,
)
from models.services import (
    delete_hand,
    delete_hand_for_good,
    delete_session,
    edit_hand,
    export_session,
    import_session,
    list_sessions,
    list_trash,
    open_session,
    purge_trash,
    record_hand,
    rematch,
    rename_player,
    restore_hand,
    restore_session,
    start_session,
    undo_last_hand,
)
from scoring import Hand, game_for, parse_cards, standings

GAMES = [
    ("rummy", ["Kari", "Ola"], None),
    ("rummy", ["Kari", "Ola", "Per"], {"scoring": "winner_collects", "target": 60}),
    ("swedish_rummy", ["Åse", "Bo", "Cato"], {"target": 70}),
    ("swedish_rummy", ["Åse", "Bo"], {"blocked_scoring": "no_score", "target": 90}),
    # sessions that end after a hand or two, so that results of finished
    # sessions (places, wins, statistics) come up often
    ("rummy", ["Kari", "Per"], {"rounds": 2}),
    ("swedish_rummy", ["Åse", "Cato", "Bo"], {"target": 15}),
]

CARDS = ["K", "7", "A", "8", "Q", "2", "10", "9"]

leftover = st.one_of(
    st.integers(min_value=0, max_value=40),
    st.lists(st.sampled_from(CARDS), min_size=1, max_size=3),
)


@st.composite
def seat_hands(draw):
    """A hand by seat: (went_out seat or None, {seat: leftover}, rummy, note)."""
    out = draw(st.one_of(st.none(), st.integers(0, 2)))
    left = draw(st.dictionaries(st.integers(0, 2), leftover, max_size=3))
    rummy = draw(st.booleans()) and draw(st.booleans())
    note = draw(st.one_of(st.none(), st.text(max_size=5)))
    return out, left, rummy, note


@st.composite
def plausible_hands(draw):
    """A hand every game here accepts (someone went out; the others keep a
    few points), so that sessions grow, end, and have hands to delete and
    put back."""
    out = draw(st.integers(0, 1))
    left = {seat: draw(st.integers(0, 12)) for seat in range(3) if seat != out}
    return out, left, False, draw(st.one_of(st.none(), st.sampled_from(["a", "ø b"])))


any_hand = st.one_of(seat_hands(), plausible_hands())


class ScoreSheetMachine(RuleBasedStateMachine):
    sessions = Bundle("sessions")

    #: The PostgreSQL server to run on (a fresh database per example), or
    #: ``None``: a SQLite file in a new folder.
    cluster = None

    def __init__(self) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="attack-"))
        self.pg_name = self.cluster.fresh_database() if self.cluster is not None else None
        where = self.cluster.url(self.pg_name) if self.pg_name else self.dir / "k.db"
        self.engine = make_engine(where)
        init_db(self.engine)
        self.db = Session(self.engine)
        self.model: dict[int, dict] = {}  # sid -> game, options, seats(pids), hands, deleted
        self.names: dict[int, str] = {}  # pid -> name
        self.stale: set[int] = set()  # sessions "scored by older code" (see code_changed)
        # hands in the trash: hand id -> (sid, hand by seat, session finished without it)
        self.trash: dict[int, tuple[int, tuple, bool]] = {}

    def teardown(self) -> None:
        self.db.close()
        self.engine.dispose()
        shutil.rmtree(self.dir, ignore_errors=True)
        if self.pg_name is not None:
            self.cluster.drop(self.pg_name)

    # -- the model --------------------------------------------------------------

    def _players(self, sid):
        return [self.names[p] for p in self.model[sid]["seats"]]

    def _hand(self, sid, by_seat):
        out, left, rummy, note = by_seat
        players = self._players(sid)
        n = len(players)
        went_out = players[out] if out is not None and out < n else None
        return Hand(
            went_out,
            {
                players[s]: (v if isinstance(v, int) else parse_cards(v))
                for s, v in left.items()
                if s < n
            },
            note=note,
            # rummy is a hand flag: for who went out (a blocked hand's, called
            # for the first seat, is refused alike by scoring and storage)
            flags={"rummy": went_out or players[0]} if rummy else {},
        )

    def _expected(self, sid, hands_by_seat):
        """Standings and per-hand scores by scoring alone, or the error it raises."""
        m = self.model[sid]
        game = game_for(m["game"])
        options = game.options_from_dict(m["options"] or {})
        players = self._players(sid)
        for h in hands_by_seat:  # the one note rule (a note with a control character is refused)
            if h[3] is not None:
                scoring.check_note(h[3])
        scores = [game.score_hand(options, players, self._hand(sid, h)) for h in hands_by_seat]
        return scores, standings(game, options, players, scores)

    def _check(self, sid, view):
        m = self.model[sid]
        scores, table = self._expected(sid, m["hands"])
        players = self._players(sid)
        assert view.players == tuple(players)
        assert view.standings == table, (view.standings, table)
        assert len(view.hands) == len(m["hands"])
        for i, line in enumerate(view.hands):
            h = m["hands"][i]
            assert line.number == i + 1
            assert dict(line.points) == dict(scores[i].points)
            assert dict(line.leftover) == {p: scores[i].leftover.get(p, 0) for p in players}
            assert dict(line.running) == dict(table.running[i])
            out = h[0] if h[0] is not None and h[0] < len(players) else None
            assert line.went_out == (players[out] if out is not None else None)
            assert line.note == h[3]
        assert (view.finished_at is not None) == table.finished
        assert (view.deleted_at is not None) == m["deleted"]

    def _attempt(self, sid, new_hands, call):
        """Run ``call``; it must succeed exactly when scoring accepts ``new_hands``."""
        try:
            self._expected(sid, new_hands)
            ok = True
        except scoring.ScoringError:
            ok = False
        try:
            view = call()
        except (ServiceError, scoring.ScoringError) as error:
            assert not ok or isinstance(error, ServiceError), error
            return None
        assert ok, "the service accepted what scoring refuses"
        self.model[sid]["hands"] = new_hands
        self._check(sid, view)
        return view

    # -- rules --------------------------------------------------------------------

    @rule(target=sessions, which=st.integers(0, len(GAMES) - 1))
    def start(self, which):
        game, players, options = GAMES[which]
        view = start_session(engine=self.engine, game_id=game, players=players, options=options)
        for pid, name in zip(view.player_ids, view.players, strict=True):
            self.names[pid] = name
        self.model[view.id] = {
            "game": game,
            "options": dict(view.options_dict),
            "seats": list(view.player_ids),
            "hands": [],
            "deleted": False,
        }
        return view.id

    @initialize(
        target=sessions,
        which=st.integers(0, len(GAMES) - 1),
        hands=st.lists(plausible_hands(), min_size=2, max_size=6),
    )
    def start_with_hands(self, which, hands):
        """Every run starts with a session that has hands (to delete, put in
        the trash and put back)."""
        sid = self.start(which)
        for h in hands:
            self.record(sid, h)
        return sid

    def _alive(self, sid):
        return sid in self.model and not self.model[sid]["deleted"]

    @rule(sid=sessions, h=any_hand)
    def record(self, sid, h):
        if not self._alive(sid):
            return
        self._attempt(
            sid,
            [*self.model[sid]["hands"], h],
            lambda: record_hand(
                engine=self.engine,
                session_id=sid,
                hand=self._hand(sid, h),
                confirm_warnings=True,
            ),
        )

    @rule(sid=sessions, h=any_hand, at=st.integers(0, 10))
    def edit(self, sid, h, at):
        if not self._alive(sid) or at >= len(self.model[sid]["hands"]):
            return
        hands = list(self.model[sid]["hands"])
        hands[at] = h
        self._attempt(
            sid,
            hands,
            lambda: edit_hand(
                engine=self.engine,
                session_id=sid,
                number=at + 1,
                hand=self._hand(sid, h),
                confirm_warnings=True,
            ),
        )

    @rule(sid=sessions, at=st.integers(0, 10))
    def delete(self, sid, at):
        if not self._alive(sid) or not self.model[sid]["hands"]:
            return
        at %= len(self.model[sid]["hands"])
        hands = list(self.model[sid]["hands"])
        gone = hands.pop(at)
        deleted = []

        def call():
            result = delete_hand(engine=self.engine, session_id=sid, number=at + 1)
            deleted.append(result.hand.hand_id)
            return result.view

        view = self._attempt(sid, hands, call)
        if view is not None:  # in the trash now, counted nowhere
            self.trash[deleted[0]] = (sid, gone, view.finished)

    @rule(sid=sessions)
    def undo(self, sid):
        if not self._alive(sid) or not self.model[sid]["hands"]:
            return
        last = self._hand_ids(sid)[-1]
        gone = self.model[sid]["hands"][-1]
        view = self._attempt(
            sid,
            self.model[sid]["hands"][:-1],
            lambda: undo_last_hand(engine=self.engine, session_id=sid),
        )
        if view is not None:
            self.trash[last] = (sid, gone, view.finished)

    def _hand_ids(self, sid):
        rows = self.db.exec(
            text("SELECT id FROM hand WHERE session_id = :s ORDER BY number").bindparams(s=sid)
        ).all()
        self.db.rollback()
        return [row[0] for row in rows]

    @precondition(lambda self: self.trash)
    @rule(pick=st.integers(0, 50))
    def restore_a_hand(self, pick):
        """A hand from the trash goes back where it was played (among the
        hands in the order of their ids) — unless its session is in the trash,
        has ended since, or would end before its last hand with it."""
        hand_id = sorted(self.trash)[pick % len(self.trash)]
        sid, h, finished_then = self.trash[hand_id]
        m = self.model[sid]
        at = sum(1 for i in self._hand_ids(sid) if i < hand_id)
        hands = [*m["hands"][:at], h, *m["hands"][at:]]
        if m["deleted"]:
            expected = HandSessionInTrash
        else:
            _, now = self._expected(sid, m["hands"])
            try:
                self._expected(sid, hands)
                expected = None
            except scoring.ScoringError:
                expected = HandNotPlaceable
            if now.finished and not finished_then:
                expected = HandSessionEnded
        try:
            view = restore_hand(engine=self.engine, hand_id=hand_id)
        except ServiceError as error:
            assert expected is not None and isinstance(error, expected), (expected, error)
            event(f"hand restore refused: {error.code}")
            return
        assert expected is None, expected
        event("hand restored")
        m["hands"] = hands
        del self.trash[hand_id]
        self._check(sid, view)

    @precondition(lambda self: self.trash)
    @rule(pick=st.integers(0, 50))
    def forget_a_hand(self, pick):
        hand_id = sorted(self.trash)[pick % len(self.trash)]
        delete_hand_for_good(engine=self.engine, hand_id=hand_id)
        del self.trash[hand_id]

    @rule(sid=sessions)
    def trash(self, sid):
        if not self._alive(sid):
            return
        delete_session(engine=self.engine, session_id=sid)
        self.model[sid]["deleted"] = True

    @rule(sid=sessions)
    def restore(self, sid):
        if sid not in self.model or not self.model[sid]["deleted"]:
            return
        restore_session(engine=self.engine, session_id=sid)
        self.model[sid]["deleted"] = False

    @rule()
    def purge(self):
        purge_trash(engine=self.engine)
        for sid in [s for s, m in self.model.items() if m["deleted"]]:
            del self.model[sid]
        self.trash.clear()  # every hand in the trash went too

    @rule(target=sessions, sid=sessions)
    def again(self, sid):
        if not self._alive(sid):
            return sid
        view = rematch(engine=self.engine, session_id=sid)
        if view.id in self.model:  # started already (another phone): the same one
            self._check(view.id, view)
            return view.id
        m = self.model[sid]
        self.model[view.id] = {
            "game": m["game"],
            "options": dict(m["options"]),
            "seats": m["seats"][1:] + m["seats"][:1],
            "hands": [],
            "deleted": False,
        }
        self._check(view.id, view)
        return view.id

    @rule(target=sessions, sid=sessions)
    def copy(self, sid):
        if sid not in self.model:
            return sid
        data = json.loads(export_session(engine=self.engine, session_id=sid))
        data["id"] = str(uuid.uuid4())
        view = import_session(engine=self.engine, data=json.dumps(data))
        m = self.model[sid]
        self.model[view.id] = {
            "game": m["game"],
            "options": dict(m["options"]),
            "seats": list(view.player_ids),
            "hands": list(m["hands"]),
            "deleted": False,
        }
        self._check(view.id, view)
        return view.id

    @rule(sid=sessions)
    def import_from_the_trash(self, sid):
        """A session in the trash comes back when its own export is imported
        (its hands are replaced by the file's, which holds every one it had);
        the hands deleted from it before stay in the trash, to be restored."""
        if sid not in self.model or not self.model[sid]["deleted"]:
            return
        data = export_session(engine=self.engine, session_id=sid)
        view = import_session(engine=self.engine, data=data)
        assert view.id == sid
        self.model[sid]["deleted"] = False
        self.model[sid]["seats"] = list(view.player_ids)
        self._check(sid, view)

    @rule(which=st.integers(0, 20), suffix=st.sampled_from(["", "x", "ø", "Y"]))
    def rename(self, which, suffix):
        if not self.names:
            return
        pids = sorted(self.names)
        pid = pids[which % len(pids)]
        new = self.names[pid].upper() + suffix if suffix else self.names[pid].swapcase()
        try:
            summary = rename_player(engine=self.engine, player_id=pid, name=new)
        except ServiceError:
            return
        self.names[pid] = summary.name

    @rule(sid=sessions)
    def drop_sheet(self, sid):
        self.db.exec(text("DELETE FROM score_sheet_chunk WHERE session_id = :s").bindparams(s=sid))
        self.db.commit()

    @rule(sid=sessions, off=st.integers(1, 50))
    def code_changed(self, sid, off):
        """As after an app update that changed the rules: the session's derived
        data was computed by other scoring code (and says something else)."""
        if sid not in self.model:
            return
        for statement in (
            "UPDATE game_session SET scored_with = 'older' WHERE id = :s",
            f"UPDATE session_result SET total = total + {off}, won = NOT won WHERE session_id = :s",
        ):
            self.db.exec(text(statement).bindparams(s=sid))
        self.db.commit()
        self.stale.add(sid)

    def _check_results(self, sid):
        """The stored results of ``sid`` are what a full rescore says."""
        m = self.model[sid]
        _, table = self._expected(sid, m["hands"])
        players = self._players(sid)
        pick = min if table.lowest_wins else max
        rows = self.db.exec(
            text(
                "SELECT seat, player_id, total, place, won, hands, best_hand, lowest_wins "
                "FROM session_result WHERE session_id = :s ORDER BY seat"
            ).bindparams(s=sid)
        ).all()
        self.db.rollback()
        expected = [
            (
                seat,
                pid,
                table.totals[name],
                table.places[name],
                name in table.winners,
                len(table.hand_points),
                pick(p[name] for p in table.hand_points) if table.hand_points else None,
                table.lowest_wins,
            )
            for seat, (pid, name) in enumerate(zip(m["seats"], players, strict=True))
        ]
        got = [(*row[:4], bool(row[4]), row[5], row[6], bool(row[7])) for row in rows]
        assert got == expected, (sid, got, expected)

    @invariant()
    def everything_agrees_with_scoring(self):
        """In this order: the statistics (which rescore what "older code"
        scored) before opening a session rescores it."""
        self._stored_results_equal_a_full_rescore()
        self._every_session_opens_as_scoring_says()
        self._the_list_agrees()
        self._the_trash_agrees()

    def _the_trash_agrees(self):
        trash = list_trash(engine=self.engine)
        assert {item.id for item in trash.sessions} == {
            sid for sid, m in self.model.items() if m["deleted"]
        }
        assert {item.id for item in trash.hands} == {
            hid for hid, (sid, _, _) in self.trash.items() if not self.model[sid]["deleted"]
        }
        stored = self.db.exec(text("SELECT id FROM hand_trash")).all()
        self.db.rollback()
        assert {row[0] for row in stored} == set(self.trash)

    def _stored_results_equal_a_full_rescore(self):
        for sid in self.model:
            if sid not in self.stale:  # every write keeps them
                self._check_results(sid)
        stored = game_statistics(engine=self.engine)  # rescores what "older code" scored
        assert stored == player_statistics(finished_entries(engine=self.engine))
        for sid in self.model:
            self._check_results(sid)
        self.stale.clear()

    def _every_session_opens_as_scoring_says(self):
        for sid in self.model:
            view = open_session(engine=self.engine, session_id=sid, include_deleted=True)
            self._check(sid, view)
            again = open_session(engine=self.engine, session_id=sid, include_deleted=True)
            self._check(sid, again)
            assert again == view

    def _the_list_agrees(self):
        for trash in (False, True):
            page = list_sessions(engine=self.engine, limit=1000, trash=trash)
            for item in page.items:
                m = self.model[item.id]
                assert item.hand_count == len(m["hands"])
                # the list shows the standings after the last write or open
                _, table = self._expected(item.id, m["hands"])
                assert dict(item.totals) == dict(table.totals)


ScoreSheetMachine.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
TestScoreSheetMachine = ScoreSheetMachine.TestCase


def test_score_sheet_machine_on_postgresql(pg_cluster):
    """The same machine on PostgreSQL (fewer examples: each is a new database)."""

    class OnPostgres(ScoreSheetMachine):
        cluster = pg_cluster

    run_state_machine_as_test(
        OnPostgres,
        settings=settings(
            ScoreSheetMachine.TestCase.settings, max_examples=25, stateful_step_count=30
        ),
    )
