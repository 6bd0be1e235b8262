"""The deployment recipe of deploy/ on this machine, measured: HAProxy started from
deploy/haproxy.cfg in front of two web processes started by deploy/bin/web (the command
lines of deploy/systemd/complots-web@.service), one PostgreSQL, one Redis.

    .venv/bin/python bench/web/cluster.py                  # --pages 2000 --cross 200 --moves 5
    .venv/bin/python bench/web/cluster.py --fanout both    # ours, then the eventstream trial

Prints, in one run:
- a move posted through web process 1 notifies the pages held by each process: `--cross`
  pages opened directly on the two processes, half each, notice p50/p95/max per process;
- `--pages` open live pages through HAProxy (leastconn spreads them over both processes),
  as bench/web/live_table.py measures one process: notice and page-current p50/p95/max,
  5xx, and the pages each process holds. Targets: notice p95 <= 1 s, every page current
  <= 2 s, no 5xx. Traffic to 127.0.0.1 only; the processes are stopped at the end.

`--fanout eventstream` measures the same pages with django-eventstream behind Pushpin
instead of our fan-out (bench/web/eventstream_trial: Pushpin from Debian's package holds the
connections in front of HAProxy); `--fanout both` runs ours, then the trial. The trial's
Python packages are installed by this script into var/bench-eventstream (pip --target,
without their dependencies, which the site's virtualenv has), never into the virtualenv;
`pip install -e '.[bench]'` installs the same.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
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
TRIAL = Path(__file__).resolve().parent / "eventstream_trial"
TRIAL_PACKAGES = web.ROOT / "var" / "bench-eventstream"
# django-eventstream and what it needs beyond the site's virtualenv (pyproject's `bench` extra)
TRIAL_REQUIREMENTS = [
    "django-eventstream==5.3.4",
    "django-grip==3.5.2",
    "gripcontrol==4.4.0",
    "pubcontrol==3.5.0",
    "PyJWT==2.15.1",
    "Werkzeug==3.1.9",
    "MarkupSafe==3.0.4",
]
PUSHPIN_PORTS = {"PUSH_HTTP": 5661, "PUSH_ZMQ": 5660, "PUSH_SUB": 5662, "COMMAND": 5663}


def trial_packages() -> Path:
    """var/bench-eventstream, installed on first use."""
    if not (TRIAL_PACKAGES / "django_eventstream").is_dir():
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-deps",
                "--target",
                str(TRIAL_PACKAGES),
                *TRIAL_REQUIREMENTS,
            ],
            check=True,
        )
    return TRIAL_PACKAGES


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
    """`fanout`: "ours" (HAProxy in front of the web processes) or "eventstream" (Pushpin in
    front of HAProxy, the web processes with the trial's settings)."""

    def __init__(self, fanout="ours"):
        self.fanout = fanout
        self.procs: list[subprocess.Popen] = []
        self.web: list[subprocess.Popen] = []
        self.names: dict[int, str] = {}

    def _start(self, name, command, env):
        proc = subprocess.Popen(
            command,
            cwd=web.ROOT,
            env=env,
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=None,
        )
        self.procs.append(proc)
        self.names[proc.pid] = name
        return proc

    def trial_env(self, env) -> dict:
        key = secrets.token_hex(16)
        path = [str(TRIAL.parent), str(trial_packages()), str(web.ROOT)]
        return {
            **env,
            "DJANGO_SETTINGS_MODULE": "eventstream_trial.settings",
            "PYTHONPATH": os.pathsep.join(path + [p for p in [env.get("PYTHONPATH")] if p]),
            "BENCH_GRIP_URL": f"http://127.0.0.1:{PUSHPIN_PORTS['PUSH_HTTP']}",
            "BENCH_GRIP_KEY": key,
        }

    def start_pushpin(self, env, upstream):
        rundir = web.ROOT / "var" / "bench-pushpin"
        rundir.mkdir(parents=True, exist_ok=True)
        conf = (TRIAL / "pushpin.conf").read_text()
        values = {
            **PUSHPIN_PORTS,
            "RUNDIR": str(rundir),
            "PORT": str(web.PORT),
            "SIG_KEY": env["BENCH_GRIP_KEY"],
        }
        for name, value in values.items():
            conf = conf.replace("{{" + name + "}}", str(value))
        (rundir / "pushpin.conf").write_text(conf)
        (rundir / "routes").write_text(f"* {upstream}\n")
        self._start("pushpin", ["pushpin", "--config", str(rundir / "pushpin.conf")], env)

    def __enter__(self):
        try:
            return self._enter()
        except BaseException:
            self.__exit__()
            raise

    def _enter(self):
        env = {**web.site_env(), "COMPLOTS_VENV": sys.prefix, "DATABASE_POOL_MAX": "10"}
        front = web.PORT
        if self.fanout == "eventstream":
            env = self.trial_env(env)
            subprocess.run(
                [sys.executable, "manage.py", "migrate", "-v0", "django_eventstream"],
                cwd=web.ROOT,
                env=env,
                check=True,
            )
            front = web.PORT + 1  # HAProxy behind Pushpin
        for index, port in enumerate(WEB_PORTS):
            self.web.append(
                self._start(f"web{index + 1}", [str(DEPLOY / "bin" / "web"), str(port)], env)
            )
        lb_env = {
            **env,
            "COMPLOTS_LISTEN": f"127.0.0.1:{front}",
            "COMPLOTS_WEB1": f"127.0.0.1:{WEB_PORTS[0]}",
            "COMPLOTS_WEB2": f"127.0.0.1:{WEB_PORTS[1]}",
        }
        self._start("haproxy", ["haproxy", "-f", str(DEPLOY / "haproxy.cfg"), "-db", "-q"], lb_env)
        if self.fanout == "eventstream":
            self.start_pushpin(env, f"127.0.0.1:{front}")
        end = time.monotonic() + 60
        while not all(answers(p) for p in [*WEB_PORTS, front, web.PORT]):
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
        """CPU time (user + system) used so far by each started process and its children
        (each is started in a session of its own: Pushpin's runner starts four programs,
        each in a process group of its own, all in its session)."""
        tick = os.sysconf("SC_CLK_TCK")
        out = {name: 0.0 for name in self.names.values()}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rpartition(")")[2].split()
            except OSError:
                continue
            name = self.names.get(int(fields[3]))  # the session
            if name is not None:
                out[name] += (int(fields[11]) + int(fields[12])) / tick
        return out

    def rss_kib(self) -> int:
        total = 0
        for proc in self.web:
            for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        return total


async def run(args, cluster, data):
    if cluster.fanout == "eventstream":
        print(
            f"django-eventstream + Pushpin: {args.pages} live pages through Pushpin"
            f" ({web.BASE}), in front of HAProxy (leastconn over {len(WEB_PORTS)} processes;"
            " 4 players, the rest spectators):"
        )
        await live_table.live_pages(
            cluster,
            data,
            args.pages,
            args.moves,
            reader=args.reader,
            stream_path="/games/{}/events/",
        )
        return
    direct = [f"http://127.0.0.1:{p}" for p in WEB_PORTS]
    if args.cross:
        print(
            f"Cross-process: {args.cross} pages, half opened on each web process, moves"
            f" posted through web process 1 ({direct[0]}):"
        )
        await live_table.live_pages(
            cluster,
            data,
            args.cross,
            args.moves,
            stream_bases=direct,
            post_base=direct[0],
            reader=args.reader,
        )
    print(
        f"{args.pages} live pages through HAProxy ({web.BASE}, leastconn over"
        f" {len(WEB_PORTS)} processes; 4 players, the rest spectators):"
    )
    await live_table.live_pages(cluster, data, args.pages, args.moves, reader=args.reader)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--cross", type=int, default=200)
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument(
        "--reader",
        choices=["raw", "httpx"],
        default="raw",
        help="how the client reads the streams: off the sockets, or httpx",
    )
    parser.add_argument(
        "--fanout",
        choices=["ours", "eventstream", "both"],
        default="ours",
        help="our fan-out behind HAProxy, django-eventstream behind Pushpin,"
        " or both one after the other",
    )
    args = parser.parse_args()
    web.setup_django()
    web.ensure_database()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for fanout in ["ours", "eventstream"] if args.fanout == "both" else [args.fanout]:
        data = live_table.build(long_games=False)
        with Cluster(fanout) as cluster:
            asyncio.run(run(args, cluster, data))
        print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
