"""``python -m pondwidgets.tables [--host H] [--port P] [--db FILE]``: serve shared tables
until Ctrl-C. The default host serves this machine only; ``--host 0.0.0.0`` serves the
room's network."""

from __future__ import annotations

import argparse
import asyncio
import contextlib

from .server import serve, until_stopped


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m pondwidgets.tables",
        description="Serve shared tables: students play each other, each on their device.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (0.0.0.0: every network of this "
                             "machine, for a room; default: this machine only)")
    parser.add_argument("--port", type=int, default=8765, help="default: 8765 (0: any free)")
    parser.add_argument("--db", help="an SQLite file keeping the tables, so that a restart "
                                     "brings them back (default: none, kept in memory)")
    args = parser.parse_args(argv)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: the server stopped cleanly
        asyncio.run(_run(args.host, args.port, args.db))
    print("The table server stopped.")


async def _run(host: str, port: int, db: str | None) -> None:
    server, hall = serve(host, port, db)
    print(f"Serving {len(hall.tables)} stored tables and new ones at "
          f"ws://{host}:{server.port}/tables/ws (Ctrl-C stops).", flush=True)
    try:
        await until_stopped()
    finally:
        await server.stop()


if __name__ == "__main__":
    main()
