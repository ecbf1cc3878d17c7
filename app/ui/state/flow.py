"""One way to run a screen's flow, in plain Python: busy while it runs, the
use cases through the screen's :class:`~app.ui.state.ports.Ports`, a refusal
put into words, the other tabs told, the next screen shown
(:func:`run_flow`); and what every screen model shares (:class:`FlowState`):
the busy flag, the last sentence said (:class:`Said`) and the question asked
before a flow goes on (:class:`Question`, a dialog the screen shows from the
state, and whose answer goes back to the state).

A refusal is one of the project's coded errors (:class:`scoring.CodedError`:
scoring's rule errors and every ``models.errors`` refusal), said with
:func:`app.messages.describe_error` (the describer the command line uses too)
without the stored ids a command takes. Anything else is a fault: logged
with its traceback, and said as the plain translated sentence "Something went
wrong; nothing was changed" (never a library's own text). Nothing is raised
to the component.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

import flet as ft

from app.messages import describe_error
from scoring import CodedError

if TYPE_CHECKING:
    from app.ui.state.ports import Ports

__all__ = ["Done", "FlowState", "Question", "Said", "in_words", "run_flow"]

logger = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Said:
    """A sentence a screen shows after a flow (translated ``text``; a refusal
    or fault when ``problem``), under the semantics id ``identifier``;
    ``serial`` tells two equal sentences apart (each is shown anew)."""

    text: str
    problem: bool = False
    identifier: str = "said"
    serial: int = 0


@dataclass(frozen=True, slots=True)
class Question:
    """A question a flow asks before it goes on ("Delete for good?"): its
    ``title`` and ``text``, the words of its two answers (``yes``, ``no``)
    and their semantics ids (``yes_id``, ``no_id``), all translated. The
    screen shows it as a dialog while the state holds it, and gives the
    answer back to the state (dismissing it is "no")."""

    title: str
    text: str
    yes: str
    no: str
    yes_id: str
    no_id: str


@dataclass(frozen=True, slots=True)
class Done(Generic[T]):
    """A flow that ran to its end, with what its work returned (``value``)."""

    value: T


def in_words(error: Exception) -> str:
    """A refusal or fault as the screen says it: a coded error in its own
    words (:func:`app.messages.describe_error`, no stored ids), anything else
    the plain "Something went wrong; nothing was changed"."""
    return describe_error(error, ids=False)


@ft.observable
@dataclass(eq=False)
class FlowState:
    """What every screen model shares (subclassed, with the screen's own
    fields after these).

    Attributes:
        busy: a flow is running (its button is disabled; a second tap does
            nothing).
        said: the last sentence said (:class:`Said`), or ``None``.
        asking: the question on show (:class:`Question`), or ``None``.
    """

    busy: bool = False
    said: Said | None = None
    asking: Question | None = None

    def say(self, text: str, *, problem: bool = False, identifier: str = "said") -> None:
        """Show ``text`` (see :class:`Said`) in place of the last sentence."""
        serial = self.said.serial + 1 if self.said is not None else 1
        self.said = Said(text, problem, identifier, serial)

    def unsay(self, serial: int | None = None) -> None:
        """Hide the last sentence (dismissed, or gone by itself); with
        ``serial``, only when that sentence is still the last (a bar closed
        to make room for the next one leaves the next one said)."""
        if serial is None or (self.said is not None and self.said.serial == serial):
            self.said = None

    def ask(self, question: Question) -> None:
        """Ask ``question`` (the screen shows it until it is answered)."""
        self.asking = question

    def answered(self) -> None:
        """The question on show was answered or dismissed: hide it."""
        self.asking = None


async def run_flow(
    state: FlowState | None,
    ports: Ports,
    work: Callable[[], Awaitable[T]],
    *,
    refused: Callable[[str, Exception], None] | None = None,
    tell: Callable[[T], int | None] | None = None,
    done: Callable[[T], str | None] | None = None,
    go: Callable[[T], str] | None = None,
    replace: Callable[[T], str] | None = None,
) -> Done[T] | None:
    """Run one flow of a screen, the one way every screen does.

    1. ``state.busy`` is set while it runs; when it is set already (a second
       tap while the first runs) nothing happens and ``None`` is returned.
    2. ``await work()`` — the flow's use cases, through ``ports.run``.
    3. A refusal (:class:`scoring.CodedError`) or a fault (anything else,
       logged with its traceback) is put into words (:func:`in_words`) and
       handed to ``refused(words, error)``, by default said on the state as
       a problem (``state.say(words, problem=True)``); ``None`` is returned
       and the flow goes no further: whatever refused it wrote nothing.
    4. Else, with the work's value: ``tell(value)`` gives the session whose
       change the other tabs and phones are told about (``ports.tell``; 0
       for the custom games; ``None``: nobody); ``done(value)`` the sentence
       said on the state; ``go(value)`` / ``replace(value)`` the screen shown
       next (pushed on the history, or in place of this entry).

    Returns :class:`Done` with the work's value, or ``None`` as above.
    """
    if state is not None:
        if state.busy:
            return None
        state.busy = True
    try:
        value = await work()
    except CodedError as error:
        _refuse(state, refused, in_words(error), error)
        return None
    except Exception as error:  # a fault, not a refusal: logged, said plainly
        logger.exception("A screen's flow failed")
        _refuse(state, refused, in_words(error), error)
        return None
    finally:
        if state is not None:
            state.busy = False
    if tell is not None:
        told = tell(value)
        if told is not None:
            ports.tell(told)
    if done is not None and state is not None:
        sentence = done(value)
        if sentence:
            state.say(sentence)
    if go is not None:
        ports.go(go(value))
    if replace is not None:
        ports.replace(replace(value))
    return Done(value)


def _refuse(
    state: FlowState | None,
    refused: Callable[[str, Exception], None] | None,
    words: str,
    error: Exception,
) -> None:
    if refused is not None:
        refused(words, error)
    elif state is not None:
        state.say(words, problem=True)
