"""``paibiao serve [--host 127.0.0.1] [--port 8000] [--workers N] [--data DIR] ...``: the HTTP service.

Loads every table and kernel once, then forks the workers (:mod:`lookup.service.server`).
Needs the ``serve`` extra (Starlette, uvicorn); without it, a one-line error names it.
"""

from __future__ import annotations

import argparse
import os

from ..tables import DATA_ENV
from .command import Command, UsageError


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: loopback only)")
    parser.add_argument("--port", type=int, default=8000, help="TCP port (default 8000; 0 picks a free one)")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="worker processes, forked after the tables and kernels are loaded (default 1)")
    parser.add_argument("--data", metavar="DIR",
                        help=f"table directory (default: ${DATA_ENV}, else what `paibiao tables path` prints)")
    parser.add_argument("--max-body", type=int, default=16 * 2**20, metavar="BYTES",
                        help="largest request body accepted, else 413 (default 16 MiB)")
    parser.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                        help="longest a request may run, else 503 (default 10)")
    parser.add_argument("--batch-delay", type=float, default=1.0, metavar="MS",
                        help="milliseconds a one-hand request waits for others to share its batch call (default 1)")
    parser.add_argument("--no-preload", action="store_true",
                        help="do not load every table and kernel before the workers start (each loads on first use)")
    parser.add_argument("--log-level", default="warning", choices=["critical", "error", "warning", "info", "debug"],
                        help="uvicorn's log level (default warning)")


def _run(args: argparse.Namespace) -> int:
    try:
        from ..service.app import ServiceConfig
        from ..service.server import ServeOptions, serve
    except ImportError as exc:
        raise UsageError(f"paibiao serve needs the serve extra (pip install 'paibiao[serve]'): {exc}") from None
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, got {args.workers}")
    if not 0 <= args.batch_delay <= 1000:
        raise UsageError(f"--batch-delay must be 0..1000 ms, got {args.batch_delay}")
    if args.max_body < 0 or not args.timeout > 0:
        raise UsageError("--max-body must be at least 0 and --timeout over 0")
    if args.data:
        os.environ[DATA_ENV] = args.data
    config = ServiceConfig(max_body=args.max_body, timeout=args.timeout, batch_delay=args.batch_delay / 1000)
    options = ServeOptions(args.host, args.port, args.workers, config, not args.no_preload, args.log_level)
    return serve(options, echo=lambda line: print(line, flush=True))


COMMAND = Command("serve", "serve the queries over HTTP, with an analysis page at /", run=_run,
                  description=__doc__.split("\n\n")[0], options=_arguments)
