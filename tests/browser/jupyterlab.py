"""Start JupyterLab on a folder and drive it with Chromium through Playwright (for real-browser tests).

The browser is Debian's ``chromium`` (``/usr/bin/chromium``); nothing is downloaded. The server and the
browser are always stopped, also when a test fails.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def jupyterlab(root: Path, *, timeout: float = 120) -> Iterator[str]:
    """Run JupyterLab on ``root`` (loopback only); yield its base URL with the token query."""
    port = _free_port()
    token = secrets.token_hex(16)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(root / ".jupyter"), "JUPYTER_RUNTIME_DIR": str(root / ".runtime")}
    log = open(root / "jupyterlab.log", "wb")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyter",
            "lab",
            "--no-browser",
            f"--port={port}",
            "--ip=127.0.0.1",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root}",
            "--ServerApp.open_browser=False",
            "--allow-root",
            "--LabApp.news_url=",
            "--LabServerApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if server.poll() is not None:
                raise RuntimeError(
                    f"JupyterLab exited: {(root / 'jupyterlab.log').read_text(errors='replace')[-2000:]}"
                )
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError("JupyterLab did not start in time")
            time.sleep(0.5)
        yield f"{base}|{token}"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=20)
        log.close()


@contextlib.contextmanager
def notebook_page(root: Path, notebook: Path, *, viewport: dict[str, int]) -> Iterator[object]:
    """Open ``notebook`` (inside ``root``) in JupyterLab in headless Chromium; yield the Playwright page.

    The page is ready for input: the kernel is idle and the first code cell is focused. JupyterLab and the
    browser are stopped afterwards, also when the test fails. Skips when Chromium or Playwright is missing.
    """
    import pytest

    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    playwright = pytest.importorskip("playwright.sync_api")
    with jupyterlab(root) as url, playwright.sync_playwright() as p:
        base, token = url.split("|")
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport=viewport)
            page.goto(f"{base}/lab/tree/{notebook.name}?token={token}")
            page.wait_for_selector(".jp-Notebook", timeout=60_000)
            page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=60_000)
            page.click(".jp-CodeCell .jp-InputArea-editor")
            yield page
        finally:
            browser.close()
