"""The deployment recipe of deploy/ on this machine, measured: HAProxy started from
deploy/haproxy.cfg in front of two web processes started by deploy/bin/web (the command
lines of deploy/systemd/complots-web@.service), one PostgreSQL, one Redis.

    .venv/bin/python bench/web/cluster.py                  # --pages 2000 --cross 200 --moves 5

Prints, in one run:
- a move posted through web process 1 notifies the pages held by each process: `--cross`
  pages opened directly on the two processes, half each, notice p50/p95/max per process;
- `--pages` open live pages through HAProxy (leastconn spreads them over both processes),
  as bench/web/live_table.py measures one process: notice and page-current p50/p95/max,
  5xx, and the pages each process holds. Targets: notice p95 <= 1 s, every page current
  <= 2 s, no 5xx. Traffic to 127.0.0.1 only; the processes are stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import live_table  # noqa: E402
import stage as web  # noqa: E402

DEPLOY = web.ROOT / "deploy"
WEB_PORTS = [int(os.environ.get("BENCH_WEB_PORT", "8771")) + i for i in range(2)]


def answers(port, path="/health/"):
    try:
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}{path}", headers={"X-Forwarded-Proto": "https"}
        )
        urllib.request.urlopen(request, timeout=2)
        return True
    except Exception:
        return False


class Cluster:
    def __init__(self):
        self.procs: list[subprocess.Popen] = []
        self.web: list[subprocess.Popen] = []

    def _start(self, command, env):
        proc = subprocess.Popen(command, cwd=web.ROOT, env=env, start_new_session=True,
                                stdout=subprocess.DEVNULL, stderr=None)
        self.procs.append(proc)
        return proc

    def __enter__(self):
        try:
            return self._enter()
        except BaseException:
            self.__exit__()
            raise

    def _enter(self):
        env = {**web.site_env(), "COMPLOTS_VENV": sys.prefix, "DATABASE_POOL_MAX": "10"}
        for port in WEB_PORTS:
            self.web.append(self._start([str(DEPLOY / "bin" / "web"), str(port)], env))
        lb_env = {
            **env,
            "COMPLOTS_LISTEN": f"127.0.0.1:{web.PORT}",
            "COMPLOTS_WEB1": f"127.0.0.1:{WEB_PORTS[0]}",
            "COMPLOTS_WEB2": f"127.0.0.1:{WEB_PORTS[1]}",
        }
        self._start(["haproxy", "-f", str(DEPLOY / "haproxy.cfg"), "-db", "-q"], lb_env)
        end = time.monotonic() + 60
        while not all(answers(p) for p in [*WEB_PORTS, web.PORT]):
            if time.monotonic() > end or any(p.poll() is not None for p in self.procs):
                raise RuntimeError("the cluster did not start")
            time.sleep(0.2)
        time.sleep(4)  # two HAProxy health checks: both processes up in its pool
        return self

    def __exit__(self, *exc):
        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()

    def cpu_seconds(self) -> dict:
        """CPU time (user + system) used so far by each web process and by the proxy."""
        tick = os.sysconf("SC_CLK_TCK")
        out = {}
        for name, proc in self.named():
            try:
                fields = Path(f"/proc/{proc.pid}/stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            out[name] = (int(fields[11]) + int(fields[12])) / tick
        return out

    def named(self):
        return [(f"web{i + 1}", proc) for i, proc in enumerate(self.web)] + [
            ("proxy", proc) for proc in self.procs if proc not in self.web
        ]

    def rss_kib(self) -> int:
        total = 0
        for proc in self.web:
            for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        return total


async def run(args, cluster, data):
    direct = [f"http://127.0.0.1:{p}" for p in WEB_PORTS]
    print(f"Cross-process: {args.cross} pages, half opened on each web process, moves posted"
          f" through web process 1 ({direct[0]}):")
    await live_table.live_pages(cluster, data, args.cross, args.moves,
                                stream_bases=direct, post_base=direct[0], reader=args.reader)
    print(f"{args.pages} live pages through HAProxy ({web.BASE}, leastconn over"
          f" {len(WEB_PORTS)} processes; 4 players, the rest spectators):")
    await live_table.live_pages(cluster, data, args.pages, args.moves, reader=args.reader)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--cross", type=int, default=200)
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument("--reader", choices=["raw", "httpx"], default="raw",
                        help="how the client reads the streams: off the sockets, or httpx")
    args = parser.parse_args()
    web.setup_django()
    web.ensure_database()
    data = live_table.build(long_games=False)
    with Cluster() as cluster:
        asyncio.run(run(args, cluster, data))


if __name__ == "__main__":
    main()
