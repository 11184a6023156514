"""``paibiao serve`` as a process: forked workers, limits over a real socket, a flood of bad
requests that leaves every worker answering, restarts, and a clean stop."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys

import numpy as np

from lookup import mahjong, zipai
from lookup import shisanshui as sss
from tests.support.env import env

from .support import running_service, stop, wait_until

SSS_HAND = "AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H"


def test_workers_are_forked_children_that_answer(service):
    assert len(service.worker_pids()) == 2
    seen = set()
    for _ in range(40):
        status, answer = service.post("/v1/mahjong/shanten", {"hand": "123m456p789s1234z"})
        assert (status, answer) == (200, {"result": 2})
        seen.add(service.request("GET", "/healthz")[2])
    pids = {json.loads(body)["pid"] for body in seen}
    assert pids <= set(service.worker_pids())


def test_the_parent_restarts_a_worker_that_dies(service):
    before = service.worker_pids()
    os.kill(before[0], signal.SIGKILL)
    assert wait_until(lambda: len(service.worker_pids()) == 2 and service.worker_pids() != before)
    assert service.post("/v1/zipai/hu", {"hand": "二七十二七十贰柒拾"}) == (200, {"result": 12})


def test_the_body_limit_is_413_over_the_wire(service):
    status, headers, body = service.request("POST", "/v1/noop", b"[" + b"1," * 60_000 + b"1]",
                                            {"Content-Type": "application/json"})
    assert status == 413 and json.loads(body)["type"] == "PayloadTooLargeError"
    with socket.create_connection((service.host, service.port), timeout=30) as sock:  # chunked, no length
        sock.sendall(b"POST /v1/noop HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        try:
            for _ in range(20):
                sock.sendall(b"2710\r\n" + b" " * 10_000 + b"\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the service answered and closed before the last chunks
        reply = b""
        while b"PayloadTooLargeError" not in reply and (chunk := sock.recv(65536)):
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 413") and b"PayloadTooLargeError" in reply


def test_a_slow_request_is_503_and_the_service_goes_on():
    with running_service("--timeout", "1") as service:
        status, answer = service.post("/v1/shisanshui/arrangements", {"hands": [SSS_HAND] * 16})  # seconds of work
        assert status == 503 and answer["type"] == "RequestTimeoutError" and "1 s" in answer["error"]
        assert wait_until(lambda: service.post("/v1/mahjong/is_hu", {"hand": "11m"}) == (200, {"result": True}))


def _raw(service, data: bytes) -> bytes:
    """Send raw bytes on a new connection; what comes back before the service closes it."""
    with socket.create_connection((service.host, service.port), timeout=30) as sock:
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        out = b""
        while chunk := sock.recv(65536):
            out += chunk
        return out


MALFORMED = [  # (path, body): each a 400 of the JSON routes
    ("/v1/mahjong/is_hu", "{"), ("/v1/mahjong/is_hu", "[]"), ("/v1/mahjong/is_hu", '{"hand": 1}'),
    ("/v1/mahjong/is_hu", '{"hand": "9x"}'), ("/v1/mahjong/ting", '{"hand": "11111m"}'),
    ("/v1/mahjong/shanten", '{"hand": "123m", "rules": "nope"}'), ("/v1/mahjong/discard_advice", '{"hands": 3}'),
    ("/v1/shisanshui/best", '{"hand13": "AS AS"}'), ("/v1/shisanshui/settle", '{"arrangements": [1]}'),
    ("/v1/zipai/hu", '{"hand": "x11"}'), ("/v1/zipai/ting", '{"hand": "一", "exposed": ["吃一一一"]}'),
    ("/v1/mahjong/is_hu", b'{"hand": "\xff"}'),
    ("/v1/mahjong/is_hu", "[" * 50_000),
]
RAW = [  # broken HTTP: the service answers 4xx or closes, and goes on
    b"GARBAGE\r\n\r\n", b"POST /v1/mahjong/is_hu HTTP/1.1\r\nContent-Length: 50\r\n\r\n{\"hand\"",
    b"\x00\xff" * 100, b"GET / HTTP/1.1\r\nNo colon here\r\n\r\n",
    b"POST /v1/mahjong/is_hu_batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\n"
    b"Content-Length: 5\r\n\r\nabcde",
]


def test_a_flood_of_malformed_requests_leaves_every_answer_right(service, rng):
    pids = service.worker_pids()
    for i in range(300):
        path, body = MALFORMED[i % len(MALFORMED)]
        status, _, raw = service.request("POST", path, body.encode() if isinstance(body, str) else body,
                                         {"Content-Type": "application/json"})
        answer = json.loads(raw)
        assert status == 400 and set(answer) == {"error", "type"}, (path, body, raw[:200])
        assert b"Traceback" not in raw
    for data in RAW * 4:
        reply = _raw(service, data)
        assert b"Traceback" not in reply
        assert not reply or reply.startswith(b"HTTP/1.1 4"), reply[:200]
    assert service.worker_pids() == pids  # nobody died
    hands = [rng.permutation(np.repeat(np.arange(34), 4))[:14] for _ in range(60)]
    for tiles in hands:
        hand = tiles.tolist()
        assert service.post("/v1/mahjong/shanten", {"hand": hand}) == (200, {"result": mahjong.shanten(hand)})
    status, answer = service.post("/v1/mahjong/is_hu", {"hands": [h.tolist() for h in hands], "rules": "riichi"})
    assert answer == {"results": [mahjong.is_hu(h, "riichi") for h in hands]}
    counts = np.array([list(mahjong.hand_counts(h.tolist())) for h in hands], np.uint8)
    status, headers, body = service.request("POST", "/v1/mahjong/shanten_batch", counts.tobytes(),
                                            {"Content-Type": "application/octet-stream"})
    assert (status, headers["x-dtype"], headers["x-shape"]) == (200, "int8", "60")
    assert np.array_equal(np.frombuffer(body, np.int8), mahjong.shanten_batch(counts))
    assert service.post("/v1/shisanshui/best", {"hand13": SSS_HAND})[1]["result"]["back"] == sss.best(SSS_HAND).back
    assert service.post("/v1/zipai/ting", {"hand": "二七十二七十贰柒 四五六 壹贰叁"}) == (
        200, {"result": {str(k): v for k, v in zipai.ting("二七十二七十贰柒 四五六 壹贰叁").items()}})


def test_sigterm_stops_the_parent_and_its_workers():
    with running_service("--workers", "2") as s:
        workers = s.worker_pids()
        assert stop(s.process) == 0
        assert not [pid for pid in workers if os.path.exists(f"/proc/{pid}") and _alive(pid)]


def _alive(pid: int) -> bool:
    try:
        state = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_bad_options_and_missing_tables_are_one_line_errors(tmp_path):
    def serve(*args, **extra):
        return subprocess.run([sys.executable, "-m", "lookup.cli", "serve", "--port", "0", *args],
                              capture_output=True, text=True, env=env(**extra), timeout=120)

    done = serve("--workers", "0")
    assert done.returncode == 2 and done.stderr.strip().count("\n") == 0 and "--workers" in done.stderr
    done = serve("--data", str(tmp_path))
    assert done.returncode == 1 and "tables not found" in done.stderr and "Traceback" not in done.stderr


def test_without_the_serve_extra_the_command_names_it():
    code = ("import sys; sys.modules['starlette'] = None; sys.modules['uvicorn'] = None\n"
            "from lookup.cli import main; sys.exit(main(['serve', '--port', '0']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env(), timeout=120)
    assert done.returncode == 2 and "pip install 'paibiao[serve]'" in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
