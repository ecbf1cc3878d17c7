"""Plain functions that drive a Flet web app in Debian's headless Chromium.

Used by ``tests/e2e/conftest.py`` (as pytest fixtures) and by
``bench/ui_start.py``; nothing here imports pytest. See FLET_NOTES.md:

* the app runs as a subprocess in web mode (``no_cdn``) on a free port;
* Playwright drives ``shutil.which("chromium")`` (never ``playwright install``);
* Flutter paints on a canvas, so after the first frame we click
  ``flt-semantics-placeholder`` to switch on the accessibility tree, whose DOM
  nodes carry ``flt-semantics-identifier`` from ``ft.Semantics(identifier=…)``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright

logger = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
APPS_DIR = Path(__file__).resolve().parent / "apps"
HELLO_APP = APPS_DIR / "hello.py"
SCREENSHOTS_DIR = ROOT / "artifacts" / "screenshots"

#: Chromium flags that work on these machines (FLET_NOTES.md).
CHROMIUM_FLAGS: tuple[str, ...] = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
PHONE = {"width": 390, "height": 844}
#: A phone's width, tall enough that no screen scrolls: every node laid out,
#: none under the bottom bar. The new-session screen with its ten games and
#: their options is the tallest (about 2,900 px); 2,400 px held it until
#: Kasino, Plump and Phase 10 joined the list, and then a switch lay under
#: the bottom bar, where a tap at its spot hit the bar.
TALL = {"width": 390, "height": 3400}
DESKTOP = {"width": 1280, "height": 800}

#: True once Flutter removed its loading splash (the engine is up).
FIRST_FRAME_JS = "() => !document.getElementById('loading')"
#: True once Flutter has sized its canvas, i.e. painted a real frame. The
#: splash goes away ~0.3 s before that; a screenshot in between is blank.
PAINTED_JS = """() => {
  if (document.getElementById('loading')) return false;
  const pane = document.querySelector('flt-glass-pane');
  const root = pane && (pane.shadowRoot || pane);
  if (!root) return false;
  return Array.from(root.querySelectorAll('canvas'))
    .some(c => c.style.width && c.style.width !== '0px');
}"""


class HarnessError(RuntimeError):
    """The app or browser could not be brought up (message says why, with logs)."""


# --------------------------------------------------------------------------
# Browser
# --------------------------------------------------------------------------


#: Seconds a wait for the app may take before the test fails. Generous on
#: purpose: CI is a busy 2-core machine where the app can need many seconds
#: for a frame, and a wait only lasts this long when something is wrong.
WAIT = float(os.environ.get("KORTPOENG_E2E_WAIT", "90"))


def chromium_path() -> str | None:
    """Path of the system Chromium (Debian package ``chromium``), or ``None``."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def playwright_available() -> bool:
    """Whether the ``playwright`` Python package can be imported."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return True


def launch_browser(playwright: Playwright, *, headless: bool = True) -> Browser:
    """Launch system Chromium through Playwright (fresh temporary profile).

    Raises:
        HarnessError: if Chromium is not installed.
    """
    path = chromium_path()
    if path is None:
        raise HarnessError("chromium not found on PATH (apt-get install -y chromium)")
    return playwright.chromium.launch(
        executable_path=path, headless=headless, args=list(CHROMIUM_FLAGS)
    )


# --------------------------------------------------------------------------
# App server
# --------------------------------------------------------------------------


@contextlib.contextmanager
def event_loop_of_its_own() -> Iterator[None]:
    """Within: no event loop marked as running in this thread, so
    ``asyncio.run`` works; after: the mark as it was.

    Playwright's sync API marks its own loop as running in the thread
    between its calls (``playwright/sync_api/_context_manager.py``), for as
    long as the worker's browser lives: a test without a browser that runs
    a coroutine with ``asyncio.run`` after a browser test in the same xdist
    worker was refused ("cannot be called from a running event loop"), so it
    failed or passed by the order the tests happened to run in. The root
    conftest gives every test that uses no browser this.
    """
    import asyncio

    borrowed = asyncio._get_running_loop()
    if borrowed is None:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(borrowed)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def http_ok(url: str, timeout: float = 1.0) -> bool:
    """Whether ``url`` answers an HTTP GET with status 200."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


@dataclass
class AppServer:
    """A Flet web app running as a subprocess; ``url`` is its address."""

    command: Sequence[str]
    port: int
    url: str
    process: subprocess.Popen[bytes]
    log_path: Path
    started_at: float
    ready_at: float = 0.0
    env: Mapping[str, str] = field(default_factory=dict)

    @property
    def startup_seconds(self) -> float:
        """Seconds from spawning the process to the first HTTP 200."""
        return self.ready_at - self.started_at

    def log(self) -> str:
        """What the app printed so far (stdout and stderr)."""
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def stop(self, timeout: float = 5.0) -> None:
        """Terminate the app (SIGTERM, then SIGKILL after ``timeout``)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=timeout)


def app_command(app: str | os.PathLike[str] | Sequence[str]) -> list[str]:
    """Turn an app spec into a command line.

    A path to a ``.py`` file runs it with this Python; a string ``"-m pkg.mod"``
    or any other string is split on spaces; a sequence is used as it is.
    """
    if isinstance(app, os.PathLike) or (isinstance(app, str) and app.endswith(".py")):
        return [sys.executable, str(Path(app).resolve())]
    if isinstance(app, str):
        parts = app.split()
        return [sys.executable, *parts] if parts[0] == "-m" else parts
    return list(app)


def start_app(
    app: str | os.PathLike[str] | Sequence[str] = HELLO_APP,
    *,
    env: Mapping[str, str] | None = None,
    log_dir: Path | None = None,
    port: int | None = None,
    timeout: float = 30.0,
    attempts: int = 3,
) -> AppServer:
    """Start a Flet web app as a subprocess and wait until it answers HTTP.

    The app must serve on ``FLET_SERVER_PORT`` (``app.web.serve`` and
    ``ft.run`` both honour it). The environment gets ``FLET_SERVER_PORT``,
    ``FLET_SERVER_IP=127.0.0.1``, ``FLET_FORCE_WEB_SERVER=1``,
    ``FLET_WEB_NO_CDN=1`` and ``PYTHONPATH`` with the repository root, plus
    ``env`` (e.g. ``KORTPOENG_DB``, ``KORTPOENG_LANG``).

    Args:
        app: Script path, ``"-m module"`` string, or full command sequence.
        env: Extra environment variables.
        log_dir: Where to write the app's output (default: a temp dir).
        port: Port to use (default: a free one; retried on a clash).
        timeout: Seconds to wait for HTTP 200 per attempt.
        attempts: How many free ports to try if the process dies early.

    Raises:
        HarnessError: if the app exits or does not answer in time (the
            message includes its output).
    """
    import tempfile

    command = app_command(app)
    log_dir = Path(log_dir or tempfile.mkdtemp(prefix="kortpoeng-app-"))
    log_dir.mkdir(parents=True, exist_ok=True)
    last_error = ""
    for attempt in range(1, attempts + 1):
        use_port = port or free_port()
        full_env = dict(os.environ)
        full_env.pop("DISPLAY", None)
        full_env.update(
            FLET_SERVER_PORT=str(use_port),
            FLET_SERVER_IP="127.0.0.1",
            FLET_FORCE_WEB_SERVER="1",
            FLET_WEB_NO_CDN="1",
            PYTHONPATH=os.pathsep.join(
                p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
            ),
            PYTHONUNBUFFERED="1",
        )
        full_env.update(env or {})
        log_path = log_dir / f"app-{use_port}.log"
        url = f"http://127.0.0.1:{use_port}/"
        started = time.perf_counter()
        with log_path.open("wb") as log_file:
            process = subprocess.Popen(
                command,
                cwd=str(ROOT),
                env=full_env,
                stdout=log_file,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        server = AppServer(command, use_port, url, process, log_path, started, env=dict(env or {}))
        deadline = started + timeout
        while time.perf_counter() < deadline:
            if process.poll() is not None:
                break
            if http_ok(url, timeout=0.5):
                server.ready_at = time.perf_counter()
                logger.info("App %s ready at %s in %.2fs", command, url, server.startup_seconds)
                return server
            time.sleep(0.05)
        server.stop()
        what = (
            f"exited with {process.returncode}"
            if process.returncode is not None
            else "did not answer"
        )
        last_error = (
            f"app {command} {what} on port {use_port} (attempt {attempt}/{attempts});"
            f" output:\n{server.log()}"
        )
        logger.warning("%s", last_error)
        if port is not None:
            break
    raise HarnessError(last_error)


class AppFactory:
    """Starts apps (:func:`start_app`) and stops them all on :meth:`close`:
    ``factory(app=HELLO_APP, *, lang=None, env=None, db=True)``. Each app
    gets its own folder under ``base_dir`` with ``KORTPOENG_DB`` (a fresh
    SQLite file there, unless ``db`` is false) and ``KORTPOENG_LANG`` when
    ``lang`` is given, plus ``env``. With ``reuse``, the same arguments give
    the same running app."""

    def __init__(self, base_dir: Path, *, reuse: bool) -> None:
        self.base_dir = base_dir
        self.reuse = reuse
        self.servers: dict[tuple[Any, ...], AppServer] = {}
        self.count = 0

    def __call__(
        self,
        app: str | os.PathLike[str] | Sequence[str] = HELLO_APP,
        *,
        lang: str | None = None,
        env: Mapping[str, str] | None = None,
        db: bool = True,
        timeout: float = 30.0,
    ) -> AppServer:
        command = tuple(app_command(app))
        key = (command, lang, tuple(sorted((env or {}).items())), db)
        if self.reuse and key in self.servers:
            server = self.servers[key]
            if server.process.poll() is None:
                return server
        self.count += 1
        run_dir = self.base_dir / f"app{self.count}"
        run_dir.mkdir(parents=True, exist_ok=True)
        full_env: dict[str, str] = {}
        if db:
            full_env["KORTPOENG_DB"] = f"sqlite:///{run_dir / 'kortpoeng.sqlite3'}"
        if lang:
            full_env["KORTPOENG_LANG"] = lang
        full_env.update(env or {})
        server = start_app(list(command), env=full_env, log_dir=run_dir, timeout=timeout)
        self.servers[key if self.reuse else (*key, self.count)] = server
        return server

    def close(self) -> None:
        """Stop every app started."""
        for server in self.servers.values():
            server.stop()
        self.servers.clear()


# --------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------


def wait_first_frame(page: Page, timeout: float = WAIT) -> None:
    """Wait until the loading splash is gone and Flutter painted its first frame."""
    page.wait_for_function(FIRST_FRAME_JS, timeout=timeout * 1000)
    page.wait_for_function(PAINTED_JS, timeout=timeout * 1000)


def enable_semantics(page: Page, timeout: float = WAIT) -> None:
    """Switch on Flutter's accessibility tree so DOM selectors work.

    Clicks ``flt-semantics-placeholder`` (through JavaScript: it is
    off-screen) and waits for the first semantics node. A click the engine
    was not ready for is ignored (seen on a busy machine: no tree for 90 s),
    so the click is repeated while the placeholder is still there.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=timeout * 1000)
    tree = page.locator("flt-semantics").first
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(PlaywrightTimeoutError):
            placeholder.first.evaluate("e => e.click()", timeout=1000)
        try:
            tree.wait_for(state="attached", timeout=5000)
            return
        except PlaywrightTimeoutError:
            if time.monotonic() > deadline:
                raise


def open_app(
    browser: Browser,
    url: str,
    *,
    viewport: Mapping[str, int] = PHONE,
    timeout: float = WAIT,
    semantics: bool = True,
    **context_options: Any,
) -> Page:
    """Open ``url`` in a new browser context (a fresh Flet session) and wait for it.

    Returns the Playwright page after the first frame and, with ``semantics``,
    after the accessibility tree is on. Close it with ``page.context.close()``.
    """
    context = browser.new_context(viewport=dict(viewport), **context_options)
    context.set_default_timeout(WAIT * 1000)  # every click, fill and wait of the test
    page = context.new_page()
    page.goto(url, wait_until="domcontentloaded", timeout=timeout * 1000)
    wait_first_frame(page, timeout)
    if semantics:
        enable_semantics(page)
    return page


#: Natural widths of texts in the fonts the app draws with (the wider of
#: Roboto and the shipped DejaVu Sans), from ``[[css font, text], …]`` or
#: ``[[css font, text, letter spacing], …]``.
TEXT_WIDTHS_JS = """async (texts) => {
  for (const [name, url] of [["KpRoboto", "assets/fonts/roboto.woff2"],
                             ["KpDejaVu", "fonts/DejaVuSans.ttf"]]) {
    const face = new FontFace(name, `url(${url})`);
    await face.load();
    document.fonts.add(face);
  }
  const context = document.createElement("canvas").getContext("2d");
  return texts.map(([font, text, spacing]) => Math.max(...["KpRoboto", "KpDejaVu"].map((face) => {
    context.letterSpacing = spacing || "0px";
    context.font = font + " " + face;
    return context.measureText(text).width;
  })));
}"""


@contextlib.contextmanager
def second_phone(browser: Browser, url: str, name: str, **options: Any) -> Iterator[Page]:
    """Another phone (:func:`open_app`) for the ``with`` block, closed after it;
    when the block fails, its screen is saved first as
    ``FAILED-<name>.png`` (the test's own pages are saved by ``open_page``)."""
    page = open_app(browser, url, **options)
    try:
        yield page
    except BaseException:
        with contextlib.suppress(Exception):  # a screenshot must not hide the failure
            screenshot(page, f"FAILED-{name}", settle=1.0)
        raise
    finally:
        page.context.close()


def new_tab(
    page: Page, url: str, *, viewport: Mapping[str, int] | None = None, timeout: float = WAIT
) -> Page:
    """Open ``url`` in another tab of ``page``'s browser context (same browser
    storage, a new Flet session), ready for selectors; closed with the context."""
    tab = page.context.new_page()
    if viewport is not None:
        tab.set_viewport_size(dict(viewport))
    tab.goto(url, wait_until="domcontentloaded", timeout=timeout * 1000)
    wait_first_frame(tab, timeout)
    enable_semantics(tab)
    return tab


def by_id(page: Page, identifier: str):
    """Locator for ``ft.Semantics(identifier=identifier)``."""
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


#: Seconds a tap waits while a screen's arrival guard (``app.ui.common``)
#: covers its target before the test fails. A guard covers the spot of the
#: tap that brought its screen for the rest of that tap's double-tap time
#: (0.3 s): one still over a target after this long is a fault, never
#: tapped away.
GUARD_PATIENCE = 10.0


def tap(page: Page, identifier: str, timeout: float = WAIT) -> None:
    """Click the control wrapped in ``ft.Semantics(identifier=identifier)``
    (:func:`click_on_screen`)."""
    click_on_screen(page, by_id(page, identifier).first, identifier, timeout)


def click_on_screen(
    page: Page, target: Any, reason: str, timeout: float = WAIT, **options: Any
) -> None:
    """Click the locator ``target`` (Playwright click ``options``), which
    waits while something covers it. When a screen's arrival guard still
    covers it after :data:`GUARD_PATIENCE` seconds, the test fails: the
    click is never made past the guard.

    Raises:
        AssertionError: an arrival guard stayed over ``target`` (``reason``
            names it).
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    first = min(timeout, GUARD_PATIENCE)
    try:
        target.click(timeout=first * 1000, **options)
        return
    except PlaywrightTimeoutError:
        if by_id(page, "arrival-guard").count():
            raise AssertionError(
                f"an arrival guard still covers {reason} {first:.0f} s after the tap"
            ) from None
        if timeout <= first:
            raise
    target.click(timeout=(timeout - first) * 1000, **options)


#: With it on a page, the accessibility tree's nodes let the pointer through
#: to the Flutter view, as on a phone without a screen reader (see :func:`fingers`).
FINGERS_CSS = "flt-semantics, flt-semantics * { pointer-events: none !important; }"


@contextlib.contextmanager
def fingers(page: Page) -> Iterator[None]:
    """In the ``with`` block, taps on ``page`` reach the app as a finger's
    do on a phone without a screen reader: at a position, through Flutter's
    own hit testing (tap with :func:`finger_tap`). With the accessibility
    tree on, a click on one of its nodes becomes the tree's "tap" action,
    which carries no position (a screen reader's activation)."""
    style = page.add_style_tag(content=FINGERS_CSS)
    try:
        yield
    finally:
        style.evaluate("(e) => e.remove()")


def finger_tap(page: Page, identifier: str) -> tuple[float, float]:
    """A tap where a finger would put it, the middle of ``identifier``'s
    box, on whatever the screen has there (use inside :func:`fingers`);
    returns the spot."""
    box = by_id(page, identifier).first.bounding_box()
    if box is None:
        raise AssertionError(f"{identifier!r} has no box to tap")
    spot = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.click(*spot)
    return spot


#: Resolves after two more frames of the page (Flutter draws, and moves its
#: animations, once a frame), or after a second: a page in a background tab
#: (another tab of its context in front) draws no frame at all.
TWO_FRAMES_JS = """() => new Promise((done) => {
  setTimeout(() => done(false), 1000);
  requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
})"""


def settled(page: Page, script: str) -> Any:
    """What ``script`` (JavaScript, e.g. the boxes of some nodes) returns once
    the layout has stopped moving: two reads 150 ms and at least two frames
    apart agree (at most 33 reads; the last read otherwise). The frames count,
    not the time alone: on a busy machine the page may draw no frame in
    150 ms, and two reads in the middle of an animation then agreed."""
    previous = page.evaluate(script)
    for _ in range(33):
        page.wait_for_timeout(150)
        page.evaluate(TWO_FRAMES_JS)
        current = page.evaluate(script)
        if current == previous:
            return current
        previous = current
    return previous


#: True once the text input of the node with the given identifier has the
#: keyboard focus (Flutter made it the editing element).
FOCUSED_JS = """(id) => {
  const node = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  const active = document.activeElement;
  return !!(node && active && /^(INPUT|TEXTAREA)$/.test(active.tagName)
            && node.contains(active));
}"""


#: The text in the input of the node with the given identifier, when it has
#: the keyboard focus (``null`` otherwise).
FIELD_VALUE_JS = """(id) => {
  const node = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  const active = document.activeElement;
  return node && active && node.contains(active) && 'value' in active ? active.value : null;
}"""


#: True once Flutter has made the focused input of the node with the given
#: identifier its editing element: it then applies the field's configuration
#: (``autocorrect`` turns "on"; "off" is the accessibility tree's own input)
#: and gives the input the field's text. Keys pressed before that land in an
#: empty input that Flutter then overwrites.
EDITING_JS = """(id) => {
  const node = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  const active = document.activeElement;
  return !!(node && active && /^(INPUT|TEXTAREA)$/.test(active.tagName)
            && node.contains(active) && active.getAttribute("autocorrect") === "on");
}"""


def type_into(
    page: Page, identifier: str, text: str, *, clear: bool = True, timeout: float = WAIT
) -> None:
    """Type ``text`` into the text field wrapped in ``ft.Semantics(identifier=…)``.

    Clicks the field near its top left corner (a field with an error has the
    error's own node over its middle) and waits until its input has the
    keyboard focus: on a busy machine Flutter takes a while to make the input
    its editing element, and keys pressed before that are lost. A click the
    engine was not ready for is repeated (every 2 s, up to ``timeout``). Then
    replaces (``clear``) or appends to the content with real key presses.

    Raises:
        AssertionError: the field never took the focus.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    node = by_id(page, identifier).first
    field_input = node.locator("input, textarea").first
    deadline = time.monotonic() + timeout

    def focus() -> None:
        while True:
            target = field_input if field_input.count() else node
            click_on_screen(page, target, identifier, timeout, position={"x": 8, "y": 8})
            with contextlib.suppress(PlaywrightTimeoutError):
                page.wait_for_function(FOCUSED_JS, arg=identifier, timeout=2000)
                # (a field configured without autocorrect is typed into after 5 s)
                with contextlib.suppress(PlaywrightTimeoutError):
                    page.wait_for_function(EDITING_JS, arg=identifier, timeout=5000)
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"the text field {identifier!r} never took the focus")

    focus()
    if not clear:
        page.keyboard.type(text)
        return
    # Flutter hands the input its text and caret a moment after the focus (see
    # EDITING_JS): keys pressed before that act on an empty input ("60" typed
    # into a field that said "100" came out "60100"; "50" typed into one that
    # said "8" was lost), and a redraw can move the focus away. So the input is
    # read back once it has settled, and cleared and typed again (focused again
    # first, if the focus moved) until it says what was typed, or says the same
    # twice (a field that limits or filters what is typed).
    script = f"({FIELD_VALUE_JS})({json.dumps(identifier)})"
    said = None
    for _attempt in range(6):
        page.keyboard.press("Control+A")
        page.keyboard.press("Delete")
        page.keyboard.type(text)
        now = settled(page, script)
        if now is None:  # the focus moved on: the field, focused again, says
            focus()
            now = settled(page, script)
        if now is not None and now in (text, said):
            return
        said = now
    raise AssertionError(f"the text field {identifier!r} says {said!r}, not {text!r}")


def text_of(page: Page, identifier: str) -> str:
    """What the semantics node with ``identifier`` says (its accessible text)."""
    node = by_id(page, identifier).first
    return (node.get_attribute("aria-label") or node.inner_text() or "").strip()


def wait_for_text(page: Page, text: str | re.Pattern[str], timeout: float = WAIT) -> None:
    """Wait until ``text`` (exact string or regex) is shown somewhere on screen."""
    page.get_by_text(text).first.wait_for(state="attached", timeout=timeout * 1000)


def screenshot(
    page: Page, name: str, directory: Path = SCREENSHOTS_DIR, *, settle: float = 3.0
) -> Path:
    """Save a PNG of the page as ``<directory>/<name>.png`` and return its path.

    Waits (up to ``settle`` seconds) until two consecutive captures are
    identical, so fonts, ripples and transitions have finished. The default
    directory is ``artifacts/screenshots`` under the repository root.
    """
    directory.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("_") or "screenshot"
    path = directory / f"{safe}.png"
    page.wait_for_function(PAINTED_JS, timeout=WAIT * 1000)  # (painting can lag on a busy machine)
    deadline = time.perf_counter() + settle
    previous = page.screenshot()
    while time.perf_counter() < deadline:
        page.wait_for_timeout(100)
        current = page.screenshot()
        if current == previous:
            break
        previous = current
    path.write_bytes(previous)
    return path


def measure_start_to_frame(
    browser: Browser,
    app: str | os.PathLike[str] | Sequence[str] = HELLO_APP,
    *,
    env: Mapping[str, str] | None = None,
    viewport: Mapping[str, int] = PHONE,
    timeout: float = 60.0,
) -> dict[str, float]:
    """One measurement: spawn the app, open it, wait for an interactive frame.

    "Interactive" means first frame painted *and* semantics nodes present.

    Returns:
        ``{"server": s, "frame": s, "total": s}`` — seconds from spawning to
        HTTP 200, from HTTP 200 to interactive frame, and spawn to frame.
    """
    server = start_app(app, env=env, timeout=timeout)
    try:
        page = open_app(browser, server.url, viewport=viewport, timeout=timeout)
        done = time.perf_counter()
        page.context.close()
    finally:
        server.stop()
    return {
        "server": server.startup_seconds,
        "frame": done - server.ready_at,
        "total": done - server.started_at,
    }


@contextlib.contextmanager
def running_app(app: str | os.PathLike[str] | Sequence[str] = HELLO_APP, **kwargs: Any):
    """Context manager around :func:`start_app` that always stops the app."""
    server = start_app(app, **kwargs)
    try:
        yield server
    finally:
        server.stop()
