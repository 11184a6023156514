"""Helpers of the service tests: a ``paibiao serve`` process on a free loopback port, plain
HTTP requests to it (the standard library's client, so what is tested is the wire), and the
pixels of a browser's PNG screenshot."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import select
import signal
import struct
import subprocess
import sys
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.support.env import ROOT, env

START_SECONDS = 120
"""How long a service may take to load everything and listen (a cold kernel cache compiles)."""


@dataclass
class Service:
    """A running ``paibiao serve``: its process and address."""

    process: subprocess.Popen
    url: str

    @property
    def host(self) -> str:
        return urlsplit(self.url).hostname or "127.0.0.1"

    @property
    def port(self) -> int:
        return urlsplit(self.url).port or 80

    def connection(self, timeout: float = 60) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    def request(self, method: str, path: str, body: bytes | str | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        """(status, lower-cased headers, body) of one request on a new connection."""
        conn = self.connection()
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            conn.close()

    def post(self, path: str, body: Any) -> tuple[int, Any]:
        """(status, decoded JSON answer) of a JSON POST."""
        data = body if isinstance(body, (bytes, str)) else json.dumps(body)
        status, _, raw = self.request("POST", path, data, {"Content-Type": "application/json"})
        return status, json.loads(raw)

    def worker_pids(self) -> list[int]:
        """The service's worker processes (children of the parent process)."""
        try:
            children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        except OSError:  # the parent is gone
            return []
        return sorted(int(pid) for pid in children)


@contextlib.contextmanager
def running_service(*args: str) -> Iterator[Service]:
    """``paibiao serve --port 0 ARGS`` in a new process; stopped (SIGTERM) on exit."""
    process = subprocess.Popen([sys.executable, "-m", "lookup.cli", "serve", "--port", "0", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(), cwd=ROOT)
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], START_SECONDS)
        line = process.stdout.readline() if ready else ""
        if "listening on " not in line:
            process.kill()
            raise AssertionError(f"paibiao serve did not start: {line!r} {process.communicate()[1][-2000:]}")
        url = line.split("listening on ", 1)[1].split()[0]
        yield Service(process, url)
    finally:
        stop(process)


def stop(process: subprocess.Popen, timeout: float = 60) -> int:
    """SIGTERM the service and wait for it; its exit status. A service that does not stop in
    ``timeout`` seconds is killed, its workers too."""
    workers = Service(process, "").worker_pids() if process.poll() is None else []
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        return process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        return process.wait()


def wait_until(condition: Any, timeout: float = 30, step: float = 0.05) -> bool:
    """Poll ``condition()`` until it is true or ``timeout`` seconds pass; its last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return bool(value)
        time.sleep(step)


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB(A) bytes) of an 8-bit, non-interlaced RGB or RGBA PNG (what
    Chromium's screenshots are), decoded with the standard library."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    chunks, at = {}, 8
    while at < len(data):
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        chunks[kind] = chunks.get(kind, b"") + data[at + 8:at + 8 + size]
        at += 12 + size
    width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert depth == 8 and color in (2, 6) and not interlace, (depth, color, interlace)
    step = 4 if color == 6 else 3
    raw, stride = zlib.decompress(chunks[b"IDAT"]), width * step
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up, corner = previous[i], previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))
                line[i] = (line[i] + near[2]) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, rows
