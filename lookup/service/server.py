"""Worker start-up: bind the socket, load everything once, fork the workers.

uvicorn's own ``--workers`` starts each worker as a new interpreter (``spawn``), which would
load the tables' views and the kernels again in each. :func:`serve` instead binds the
listening socket in the parent, runs :func:`lookup.warmup.preload` there (every table
mapped, every view built, every kernel loaded, the garbage collector frozen), then forks
the workers: each shares all of it copy-on-write and runs a uvicorn server on the inherited
socket (the kernel spreads the connections over them). The parent restarts a worker that
dies and stops them all on SIGINT or SIGTERM. With one worker the parent serves itself.
"""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .app import ServiceConfig

RESTART_PAUSE = 1.0
"""Seconds between restarts of a worker that keeps dying right after it starts."""


@dataclass(frozen=True)
class ServeOptions:
    """How ``paibiao serve`` runs: address, worker processes, limits, start-up."""

    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    config: ServiceConfig = field(default_factory=ServiceConfig)
    preload: bool = True
    log_level: str = "warning"


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on (host, port); port 0 picks a free one."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def prepare(options: ServeOptions) -> Any:
    """Everything a worker needs that can be built before the fork: the tables and kernels
    (:func:`lookup.warmup.preload` unless ``options.preload`` is off), the application, uvicorn's
    loaded configuration (its protocol and event-loop modules imported), the routes,
    the OpenAPI document and the page; then the garbage collector frozen again, so forked
    workers share all of it. Returns the ``uvicorn.Config``."""
    import gc

    import uvicorn

    from .app import create_app
    from .openapi import openapi_document
    from .page import page_html

    if options.preload:
        from ..warmup import preload

        preload()
    config = uvicorn.Config(create_app(options.config), log_level=options.log_level, access_log=False,
                            lifespan="on", server_header=False, timeout_graceful_shutdown=5)
    config.load()
    openapi_document()  # builds the routes too
    page_html()
    gc.collect()
    gc.freeze()
    return config


def run_worker(sock: socket.socket, config: Any) -> None:
    """Serve on ``sock`` in this process until SIGINT or SIGTERM (``config``: :func:`prepare`'s)."""
    import uvicorn

    uvicorn.Server(config).run(sockets=[sock])


_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def _fork_worker(sock: socket.socket, config: Any, children: dict[int, float]) -> int:
    """Fork a worker and record it in ``children`` (pid -> start time). The stop signals are
    blocked meanwhile, so the parent's handler never runs in the child and never misses it."""
    signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        pid = os.fork()
        if pid == 0:  # the worker: default signal handling until uvicorn installs its own
            code = 0
            try:
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)
                run_worker(sock, config)
            except BaseException:  # noqa: B036 - a worker never returns into the parent's code
                import traceback

                traceback.print_exc()
                code = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        children[pid] = time.monotonic()
        return pid
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)


def serve(options: ServeOptions, echo: Callable[[str], Any] = print) -> int:
    """Run the service until SIGINT or SIGTERM; the exit status. ``echo`` gets one line once
    the service listens (its URL and workers)."""
    sock = bind(options.host, options.port)
    config = prepare(options)
    workers = max(1, options.workers)
    line = f"paibiao serve: listening on {url_of(sock)} ({workers} worker{'s' * (workers != 1)}, pid {os.getpid()})"
    if workers == 1:
        echo(line)
        run_worker(sock, config)
        return 0
    return _supervise(sock, config, workers, lambda: echo(line))


def _supervise(sock: socket.socket, config: Any, workers: int, started: Callable[[], Any]) -> int:
    stopping = False
    children: dict[int, float] = {}  # pid -> start time

    def stop(signum: int, frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    for _ in range(workers):
        _fork_worker(sock, config, children)
    started()
    status = 0
    while children:
        try:
            pid, wait_status = os.wait()
        except ChildProcessError:
            break
        born = children.pop(pid, None)
        if born is None or stopping:
            continue
        code = os.waitstatus_to_exitcode(wait_status)
        print(f"paibiao serve: worker {pid} exited ({code}); starting another", file=sys.stderr, flush=True)
        if time.monotonic() - born < RESTART_PAUSE:
            time.sleep(RESTART_PAUSE)
        if not stopping:
            _fork_worker(sock, config, children)
        status = 1
    sock.close()
    return 0 if stopping else status
