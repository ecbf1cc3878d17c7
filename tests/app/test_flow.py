"""The one way a screen runs a flow (app.ui.state.flow.run_flow), without a
browser: busy while it runs (a second tap does nothing), a refusal said in
words, a fault logged and said plainly, and then — only when it ran — the
other tabs told, the sentence said and the next screen shown."""

from __future__ import annotations

import asyncio
import logging

import pytest

from app.i18n import set_language, use_language
from app.ui.state.flow import FlowState, Question, run_flow
from app.ui.state.ports import Ports
from models.errors import SessionNotFound


class Recorder:
    def __init__(self) -> None:
        self.log: list[str] = []

        async def run(use_case, **arguments):  # pragma: no cover - not used here
            return use_case(**arguments)

        self.ports = Ports(
            run,
            lambda r: self.log.append(f"go {r}"),
            lambda r: self.log.append(f"replace {r}"),
            lambda s: self.log.append(f"tell {s}"),
        )


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_a_flow_that_runs_tells_says_and_goes_in_that_order() -> None:
    state, out = FlowState(), Recorder()
    seen: list[bool] = []

    async def work() -> int:
        seen.append(state.busy)
        return 7

    done = asyncio.run(
        run_flow(
            state,
            out.ports,
            work,
            tell=lambda v: v,
            done=lambda v: f"number {v}",
            go=lambda v: f"/session/{v}",
        )
    )
    assert done is not None and done.value == 7
    assert seen == [True] and state.busy is False
    assert out.log == ["tell 7", "go /session/7"]
    assert state.said is not None and (state.said.text, state.said.problem) == ("number 7", False)


def test_a_second_tap_while_it_runs_does_nothing() -> None:
    state, out = FlowState(), Recorder()
    runs: list[int] = []

    async def both() -> tuple[object, object]:
        release = asyncio.Event()

        async def slow() -> int:
            runs.append(1)
            if len(runs) == 1:  # the first tap's work waits; a second one would not
                await release.wait()
            return len(runs)

        first = asyncio.ensure_future(run_flow(state, out.ports, slow, replace=lambda v: "/x"))
        await asyncio.sleep(0)
        second = await run_flow(state, out.ports, slow, replace=lambda v: "/y")
        release.set()
        return await first, second

    first, second = asyncio.run(both())
    assert runs == [1] and second is None and first is not None
    assert out.log == ["replace /x"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "There is no session “9”"), ("nb", "Det finnes ikke noe parti «9»")],
)
def test_a_refusal_is_said_in_words_and_nothing_follows(lang, words) -> None:
    state, out = FlowState(), Recorder()

    async def work() -> int:
        raise SessionNotFound(session=9)

    with use_language(lang):
        assert asyncio.run(run_flow(state, out.ports, work, tell=lambda v: v, go=str)) is None
    assert out.log == [] and state.busy is False
    assert state.said is not None and state.said.problem
    assert state.said.text == words


def test_a_fault_is_logged_and_said_plainly_never_in_its_own_text(caplog) -> None:
    state, out = FlowState(), Recorder()
    given: list[tuple[str, Exception]] = []

    async def work() -> int:
        raise KeyError("secret internals")

    with caplog.at_level(logging.ERROR, logger="app.ui.state.flow"):
        outcome = asyncio.run(
            run_flow(state, out.ports, work, refused=lambda w, e: given.append((w, e)), go=str)
        )
    assert outcome is None and out.log == []
    ((words, error),) = given
    assert words == "Something went wrong; nothing was changed"
    assert isinstance(error, KeyError)
    assert "secret internals" not in words
    assert any(r.exc_info and r.exc_info[0] is KeyError for r in caplog.records)


def test_a_question_is_state_until_it_is_answered() -> None:
    state = FlowState()
    question = Question("Sure?", "It goes.", "Yes", "No", "yes-id", "no-id")
    state.ask(question)
    assert state.asking is question
    state.answered()
    assert state.asking is None
    state.say("one")
    state.say("one")
    assert state.said is not None and state.said.serial == 2  # said anew, not merged
    state.unsay()
    assert state.said is None
