"""Every figure of running past one process, in one run: the recipe of deploy/ with open
live pages spread over its processes (cluster.py: a move heard across processes, 2,000
pages' notices and currency, 5xx, memory, and with `--fanout both` the django-eventstream +
Pushpin trial beside ours), then the long games and the busy lobby on one process
(live_table.py --only long: the game page at 1,000 and 5,000 moves and Intrigue at its end
against a 10-move page, the lobby against the minimal view).

    .venv/bin/python bench/web/scale_out.py                  # ours only
    .venv/bin/python bench/web/scale_out.py --fanout both    # and the trial

Each part starts and stops its own servers; a part that fails is reported and the other
still runs. The exit status is non-zero when a part failed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(title: str, script: str, arguments: list[str]) -> int:
    print(f"=== {title}", flush=True)
    started = time.monotonic()
    code = subprocess.call([sys.executable, "-u", str(HERE / script), *arguments])
    print(f"=== {title}: exit {code}, {time.monotonic() - started:.0f} s", flush=True)
    return code


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fanout", choices=["ours", "eventstream", "both"], default="ours")
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--long-moves", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    codes = [
        run(
            "Several processes behind HAProxy",
            "cluster.py",
            ["--fanout", args.fanout, "--pages", str(args.pages)],
        ),
        run(
            "Long games and a busy lobby",
            "live_table.py",
            ["--only", "long", "--rounds", str(args.rounds), "--long-moves"]
            + [str(n) for n in args.long_moves],
        ),
    ]
    return max(codes)


if __name__ == "__main__":
    sys.exit(main())
