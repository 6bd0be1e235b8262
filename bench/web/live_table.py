"""Web benchmark of the live table: page throughput, long logs, 500 open live pages, a race.

    .venv/bin/python bench/web/live_table.py                    # everything
    .venv/bin/python bench/web/live_table.py --only pages       # pages|log|long|live|race
    .venv/bin/python bench/web/live_table.py --only long --long-moves 1000 5000
    .venv/bin/python bench/web/live_table.py --pages 500 --rounds 3 --seconds 3

Needs the local PostgreSQL (creates `bench_web` afresh and migrates it; BENCH_DATABASE_URL)
and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379/14). Starts one uvicorn worker as
the README deploys it (bench/web/stage.py) and prints figures, not pass/fail:

- requests/s of the game page, the panel, the poll (`/changed/`) and the lobby, each as a ratio
  to a minimal view (same process, same middleware, same logged-in session; BENCH_VIEWS=1),
  measured in interleaved A/B rounds (the median ratio is printed);
- the game page at 1,000 log events over the same page at 10;
- long games of 3 players (`long`): Complots games of 1,000 and 5,000 moves kept going by
  Ambassadeur exchanges and passed windows, and an Intrigue game played to its end, each
  page over the page of a 10-move Complots game (the first page of each, which fills the
  caches, timed apart); and the lobby with 20 open tables and 10 running 3-player games
  over the minimal view. Their moves are written in bulk (`stage.bulk_moves`: the events,
  then the play service's `store_state` once) up to their last 20, played one by one
  through the services; `--every-move-through-services` plays them all so (minutes);
- N open live pages on one game (the seats as players, the rest spectators): time from a
  move's POST to each page's notice and to its refreshed panel, done as game.js does it
  (fetch the panel only when the game changed, the chat only when the chat changed, or take
  the panel the stream pushed), p50/p95/max, the worker's RSS per open page, and the latency
  of another user's lobby and game page meanwhile;
- one hot game, all seats racing for 20 s: actions/s applied, 5xx, and the event sequences
  checked for gaps and duplicates.
Targets (ratios, same machine, one run): page >= 0.30, panel >= 0.35, poll >= 0.6, lobby >=
0.25; 1,000-event page <= 1.2x the 10-event page; 500 pages: notices within 1 s p95, every
page current within 2 s, no 5xx, another user's requests under 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import stage as web  # noqa: E402

PUSHED = re.compile(rb'\{"rev":(\d+),"html":"')
PANEL_MARK = b'id=\\"game-panel\\"'  # in the JSON string of a pushed panel
REVISION = re.compile(rb'data-revision="(\d+)"(?: data-seq="(\d+)")?')


def pct(samples, q):
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def ms(seconds):
    return f"{seconds * 1000:7.0f} ms"


# ------------------------------------------------------------------ throughput (A/B rounds)


async def rate(client, url, hdrs, seconds, concurrency, expect=(200, 204)):
    done = errors = 0
    end = time.perf_counter() + seconds

    async def worker():
        nonlocal done, errors
        while time.perf_counter() < end:
            response = await client.get(url, headers=hdrs)
            if response.status_code not in expect:
                errors += 1
            done += 1

    start = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return done / (time.perf_counter() - start), errors


async def ab_rounds(client, pairs, rounds, seconds, concurrency):
    """pairs: {name: (url_a, headers_a, url_b, headers_b)} -> {name: (ratios, rates_b, errs)}"""
    out = {name: ([], [], 0) for name in pairs}
    for _ in range(rounds):
        for name, (url_a, hdr_a, url_b, hdr_b) in pairs.items():
            a, err_a = await rate(client, url_a, hdr_a, seconds, concurrency)
            b, err_b = await rate(client, url_b, hdr_b, seconds, concurrency)
            ratios, rates, errs = out[name]
            ratios.append(b / a)
            rates.append((a, b))
            out[name] = (ratios, rates, errs + err_a + err_b)
    return out


def print_ratios(results, targets, label_a):
    for name, (ratios, rates, errs) in results.items():
        a = statistics.median(r[0] for r in rates)
        b = statistics.median(r[1] for r in rates)
        ratio = statistics.median(ratios)
        target = targets.get(name)
        mark = "" if target is None else ("  ok" if target(ratio) else "  MISSED")
        print(
            f"  {name:28s} {b:7.0f} req/s  vs {label_a} {a:7.0f} req/s  ratio {ratio:5.2f}"
            f"  (rounds {', '.join(f'{r:.2f}' for r in ratios)}; non-2xx {errs}){mark}"
        )


# ------------------------------------------------------------------------ live pages


class Page:
    """One open game page, doing what game.js does with the stream's events. Each event is
    stamped when its bytes arrive (`at`), so a client that is slow to parse them does not
    add its own delay to the figures."""

    def __init__(self, bench, cookie, rev, seq):
        self.bench, self.cookie = bench, cookie
        self.rev, self.seq, self.chat = rev, seq, None
        self.noticed: dict[int, float] = {}
        self.current: dict[int, float] = {}
        self.fetches = 0
        self.errors = 0
        self.base = None
        self.opened = asyncio.Event()
        self.work: set[asyncio.Task] = set()

    def _saw(self, rev, table, at=None):
        if rev not in table:
            table[rev] = at if at is not None else time.perf_counter()

    async def run(self, client, path, base=None):
        """The stream at `path` through `client`: an httpx.AsyncClient, or None for the raw
        reader."""
        if client is None:
            return await self.run_raw(path, base)
        hdrs = web.headers(self.cookie)
        url = f"{base or ''}{path}"
        async with client.stream("GET", url, headers=hdrs) as response:
            if response.status_code != 200:
                self.errors += 1
                self.opened.set()
                return
            self.opened.set()
            event, data = "message", []
            async for line in response.aiter_lines():
                if line == "":
                    if data:
                        self.on_event(event, "\n".join(data), time.perf_counter())
                    event, data = "message", []
                elif line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].lstrip())

    async def run_raw(self, path, base=None):
        host, port = (base or web.BASE).removeprefix("http://").split(":")
        hdrs = {**web.headers(self.cookie), "Accept": "text/event-stream"}
        request = (
            f"GET {path} HTTP/1.1\r\n"
            + "".join(f"{name}: {value}\r\n" for name, value in hdrs.items())
            + "\r\n"
        )
        loop = asyncio.get_running_loop()
        transport, protocol = await loop.create_connection(
            lambda: RawStream(self, request.encode()), host, int(port)
        )
        try:
            await protocol.closed
        finally:
            transport.close()

    def on_open(self, status):
        if status != 200:
            self.errors += 1
        self.opened.set()

    def on_panel(self, rev, at):
        """A pushed panel of revision `rev` (None: not a panel)."""
        if rev is not None and rev >= self.rev:
            self.rev = rev
            for target in list(self.bench.targets):
                if target <= self.rev:
                    self._saw(target, self.current, at)

    def on_event(self, event, data, at):
        if event == "panel":  # the spectators' panel, pushed by the stream
            # {"rev": r, "html": "..."}: the revision read from its head, the rest checked to
            # be a panel (one client process plays 2,000 browsers: no full parse of each copy)
            if isinstance(data, str):
                data = data.encode()
            head = PUSHED.match(data)
            self.on_panel(int(head.group(1)) if head and PANEL_MARK in data else None, at)
            return
        if event != "changed":
            return
        notice = json.loads(data)
        rev, seq, chat = notice["rev"], notice["seq"], notice.get("chat")
        for target in list(self.bench.targets):
            if target <= rev:
                self._saw(target, self.noticed, at)
        chat_changed = self.chat is None or chat is None or chat != self.chat
        chat_only = (
            self.chat is not None
            and chat is not None
            and chat != self.chat
            and seq == self.seq
            and rev == self.rev + 1
        )
        first = self.chat is None and chat is not None
        self.chat = chat if chat is not None else self.chat
        if notice.get("push") and rev > self.rev:
            return  # the panel follows in a "panel" event
        work = []
        if rev != self.rev and not chat_only:
            work.append(self.fetch_panel())
        elif chat_only:
            self.rev = rev
        if chat_changed and (not first or rev != self.rev):
            work.append(self.fetch("chat"))
        if work:
            task = asyncio.ensure_future(self.refresh(work))
            self.work.add(task)
            task.add_done_callback(self.work.discard)
        else:
            self.mark_current(at)

    async def refresh(self, work):
        await asyncio.gather(*work)
        self.mark_current()

    def mark_current(self, at=None):
        for target in list(self.bench.targets):
            if target <= self.rev:
                self._saw(target, self.current, at)

    async def fetch(self, part):
        self.fetches += 1
        response = await self.bench.fetcher.get(
            f"/games/{self.bench.game_id}/{part}/", headers=web.headers(self.cookie, htmx=True)
        )
        if response.status_code >= 500:
            self.bench.server_errors += 1
        return response

    async def fetch_panel(self):
        response = await self.fetch("panel")
        found = REVISION.search(response.content)
        if found:
            self.rev = max(self.rev, int(found.group(1)))
            if found.group(2):
                self.seq = int(found.group(2))


class RawStream(asyncio.Protocol):
    """A live stream read straight off its socket: the HTTP/1.1 head, the chunked body, the
    SSE events split on blank lines; only an event's kind and data are looked at, and every
    event is stamped with the time its last bytes arrived."""

    def __init__(self, page, request: bytes):
        self.page, self.request = page, request
        self.head_done = False
        self.chunked = False
        self.left = 0  # data bytes still to come in the current chunk
        self.buf = bytearray()
        self.body = bytearray()
        self.closed = asyncio.get_running_loop().create_future()

    def connection_made(self, transport):
        self.transport = transport
        transport.write(self.request)

    def connection_lost(self, exc):
        if not self.closed.done():
            self.closed.set_result(None)
        if not self.head_done:
            self.page.on_open(0)

    def data_received(self, data):
        at = time.perf_counter()
        self.buf += data
        if not self.head_done:
            end = self.buf.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(self.buf[:end]).lower()
            del self.buf[: end + 4]
            self.head_done = True
            status = int(head.split(b" ", 2)[1])
            self.chunked = b"transfer-encoding: chunked" in head
            self.page.on_open(status)
            if status != 200:
                self.transport.close()
                return
        if self.chunked:
            self.dechunk()
        else:
            self.body += self.buf
            self.buf.clear()
        self.events(at)

    def dechunk(self):
        buf, pos = self.buf, 0
        while True:
            if self.left == 0:
                eol = buf.find(b"\r\n", pos)
                if eol < 0:
                    break
                line = bytes(buf[pos:eol])
                pos = eol + 2
                if line:  # else the line break that ends a chunk's data
                    self.left = int(line.split(b";")[0], 16)
                    if self.left == 0:
                        self.transport.close()
                        break
                continue
            take = min(self.left, len(buf) - pos)
            if take <= 0:
                break
            with memoryview(buf) as view:
                self.body += view[pos : pos + take]
            pos += take
            self.left -= take
        del buf[:pos]

    def events(self, at):
        body, start = self.body, 0
        while (end := body.find(b"\n\n", start)) >= 0:
            data_at = body.find(b"data:", start, end)
            head = bytes(body[start : end if data_at < 0 else data_at])
            event = "message"
            for line in head.split(b"\n"):
                if line.startswith(b"event:"):
                    event = line[6:].strip().decode()
            if event == "panel" and data_at >= 0:  # looked at in place: no copy of the panel
                found = PUSHED.match(body, data_at + 5 + (body[data_at + 5] == 32))
                marked = body.find(PANEL_MARK, data_at, end) >= 0
                self.page.on_panel(int(found.group(1)) if found and marked else None, at)
            elif data_at >= 0:
                self.page.on_event(event, bytes(body[data_at + 5 : end]).lstrip(b" "), at)
            start = end + 2
        if start:
            del body[:start]


class LiveBench:
    def __init__(self, game_id, fetcher):
        self.game_id, self.fetcher = game_id, fetcher
        self.targets: set[int] = set()
        self.server_errors = 0


async def live_pages(
    server,
    data,
    n_pages,
    moves,
    stream_bases=None,
    post_base=None,
    reader="raw",
    stream_path="/games/{}/live/",
):
    """`stream_bases`: open the pages round-robin on these addresses (default: web.BASE),
    and print the notice times per address; `post_base`: post the moves there. `reader`:
    "raw" reads the streams off their sockets (RawStream), "httpx" through httpx;
    `stream_path`: the live stream's path, "{}" standing for the game."""
    import httpx
    from asgiref.sync import sync_to_async

    from games.table.models import Game

    game = await sync_to_async(Game.objects.get)(pk=data["live"])
    rng = random.Random(7)
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    streams = None
    if reader == "httpx":
        streams = httpx.AsyncClient(base_url=web.BASE, limits=limits, timeout=None)
    fetcher = httpx.AsyncClient(
        base_url=web.BASE, limits=httpx.Limits(max_connections=64), timeout=30
    )
    other = httpx.AsyncClient(base_url=web.BASE, timeout=30)
    bench = LiveBench(game.pk, fetcher)
    rss_before = server.rss_kib()
    seat_cookies = list(data["live_cookies"])
    pages = []
    for i in range(n_pages):
        cookie = seat_cookies[i] if i < len(seat_cookies) else None  # spectators: anonymous
        pages.append(Page(bench, cookie, game.revision, game.state_seq))
    tasks = []
    bases = stream_bases or [None]
    for index, page in enumerate(pages):
        page.base = bases[index % len(bases)]
    for start in range(0, n_pages, 50):
        batch = pages[start : start + 50]
        tasks += [
            asyncio.ensure_future(p.run(streams, stream_path.format(game.pk), p.base))
            for p in batch
        ]
        await asyncio.gather(*(p.opened.wait() for p in batch))
    await asyncio.sleep(1.0)
    rss_open = server.rss_kib()
    refused = sum(p.errors for p in pages)
    print(
        f"  {n_pages} live pages open ({refused} refused); worker RSS {rss_before / 1024:.0f} MiB"
        f" -> {rss_open / 1024:.0f} MiB: {(rss_open - rss_before) / max(1, n_pages):.0f} KiB"
        " per open page"
    )

    other_latencies, other_errors = [], 0
    stop = asyncio.Event()

    async def other_user():
        nonlocal other_errors
        hdrs = web.headers(data["other_cookie"])
        urls = ["/games/", f"/games/{data['g10']}/"]
        while not stop.is_set():
            for url in urls:
                t0 = time.perf_counter()
                response = await other.get(url, headers=hdrs)
                other_latencies.append(time.perf_counter() - t0)
                other_errors += response.status_code >= 500
            await asyncio.sleep(0.1)

    other_task = asyncio.ensure_future(other_user())
    client_cpu = 0.0
    server_cpu: dict = {}
    notice_lat, current_lat, move_errors, per_move, warm = [], [], 0, [], []
    by_base: dict = {}
    players = data["live_players"]
    # The first move of a fresh process pays imports and template compilation: one move is
    # played first and printed apart, the figures are of the `moves` after it.
    for number in range(moves + 1):
        if number == 1:
            warm = per_move[:]
            notice_lat, current_lat, per_move = [], [], []
            other_latencies.clear()
        game = await sync_to_async(Game.objects.get)(pk=game.pk)
        picked = await sync_to_async(web.pick_move)(game, rng)
        if picked is None:
            break
        player, action = picked
        target = game.revision + 1
        bench.targets = {target}
        cpu0 = time.process_time()
        server0 = server.cpu_seconds() if hasattr(server, "cpu_seconds") else {}
        t0 = time.perf_counter()
        response = await fetcher.post(
            f"{post_base or ''}/games/{game.pk}/act/",
            headers=web.headers(players[player], htmx=True),
            data={"action": json.dumps(action), "expected_seq": str(game.state_seq)},
        )
        move_errors += response.status_code >= 400
        posted = time.perf_counter()
        deadline = time.perf_counter() + 10
        live = [p for p in pages if not p.errors]
        while time.perf_counter() < deadline and not all(target in p.current for p in live):
            await asyncio.sleep(0.01)
        if number >= 1:
            client_cpu += time.process_time() - cpu0
            if server0:
                for name, seconds in server.cpu_seconds().items():
                    server_cpu[name] = server_cpu.get(name, 0.0) + seconds - server0.get(name, 0)
        noticed = [p.noticed.get(target, float("inf")) - t0 for p in live]
        current = [p.current.get(target, float("inf")) - t0 for p in live]
        per_move.append((posted - t0, min(noticed), max(noticed), max(current)))
        notice_lat += noticed
        current_lat += current
        if number >= 1:
            for page, seconds in zip(live, noticed, strict=True):
                by_base.setdefault(page.base, []).append(seconds)
        await asyncio.sleep(0.5)
    stop.set()
    await other_task
    fetches = sum(p.fetches for p in pages)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for page in pages:
        await asyncio.gather(*page.work, return_exceptions=True)
    for client in (streams, fetcher, other):
        if client is not None:
            await client.aclose()
    print(
        f"  {moves} moves, {len(notice_lat)} page-moves; move POST errors {move_errors};"
        f" panel/chat fetches {fetches}; 5xx on fetches {bench.server_errors};"
        f" client CPU {client_cpu / max(1, len(per_move)) * 1000:.0f} ms a move ({reader})"
    )
    if server_cpu:
        print(
            "  CPU a move (from the POST to the last page current): "
            + ", ".join(
                f"{name} {seconds / max(1, len(per_move)) * 1000:.0f} ms"
                for name, seconds in server_cpu.items()
            )
            + f", client {client_cpu / max(1, len(per_move)) * 1000:.0f} ms"
        )
    print(
        "  warm-up move (POST answered / first notice / last notice / last page current): "
        + "; ".join(" / ".join(f"{x * 1000:.0f}" for x in m) + " ms" for m in warm)
    )
    print(
        "  per move (POST answered / first notice / last notice / last page current): "
        + "; ".join(" / ".join(f"{x * 1000:.0f}" for x in m) + " ms" for m in per_move)
    )
    if len(bases) > 1:
        for base in bases:
            lat = by_base.get(base, [])
            print(
                f"  pages held by {base}: notice p50 {ms(pct(lat, 0.5))}  p95"
                f" {ms(pct(lat, 0.95))}  max {ms(max(lat or [0]))}"
                f"{'  (the move was posted here)' if base == post_base else ''}"
            )
    print(
        f"  notice : p50 {ms(pct(notice_lat, 0.5))}  p95 {ms(pct(notice_lat, 0.95))}"
        f"  max {ms(max(notice_lat))}"
    )
    print(
        f"  current: p50 {ms(pct(current_lat, 0.5))}  p95 {ms(pct(current_lat, 0.95))}"
        f"  max {ms(max(current_lat))}"
    )
    print(
        f"  another user's lobby/page meanwhile: n={len(other_latencies)} p50"
        f" {ms(pct(other_latencies, 0.5))}  p95 {ms(pct(other_latencies, 0.95))}  max"
        f" {ms(max(other_latencies or [0]))}  5xx {other_errors}"
    )


# ------------------------------------------------------------------------------ race


async def race(data, seconds):
    import httpx
    from asgiref.sync import sync_to_async

    from games.table.models import Event, Game

    client = httpx.AsyncClient(base_url=web.BASE, timeout=30)
    players = data["race_players"]  # account names in seat order
    games = [data["race"]]
    start_seqs = {}
    statuses: dict[int, int] = {}
    lock = asyncio.Lock()
    end = time.perf_counter() + seconds

    def load(pk):
        return Game.objects.get(pk=pk)

    async def seat(index):
        rng = random.Random(index)
        while time.perf_counter() < end:
            game = await sync_to_async(load)(games[-1])
            start_seqs.setdefault(game.pk, game.state_seq)
            if game.status != "running":
                async with lock:
                    if games[-1] == game.pk:
                        fresh = await sync_to_async(data["new_race_game"])()
                        games.append(fresh)
                continue
            player = data["race_seat_players"][game.pk][index]
            picked = await sync_to_async(web.pick_move)(game, rng, player)
            if picked is None:
                await asyncio.sleep(0.002)
                continue
            response = await client.post(
                f"/games/{game.pk}/act/",
                headers=web.headers(data["race_cookies"][index], htmx=True),
                data={"action": json.dumps(picked[1]), "expected_seq": str(game.state_seq)},
            )
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1

    t0 = time.perf_counter()
    await asyncio.gather(*(seat(i) for i in range(len(players))))
    elapsed = time.perf_counter() - t0
    await client.aclose()

    def check():
        applied, problems = 0, []
        for pk in games:
            rows = Event.objects.filter(game_id=pk).order_by("seq")
            seqs = list(rows.values_list("seq", flat=True))
            if seqs != list(range(1, len(seqs) + 1)):
                problems.append(pk)
            state_seq = Game.objects.get(pk=pk).state_seq
            if seqs and seqs[-1] != state_seq:
                problems.append(pk)
            applied += state_seq - start_seqs.get(pk, 1)
        return applied, problems

    applied, problems = await sync_to_async(check)()
    fivexx = sum(n for code, n in statuses.items() if code >= 500)
    print(
        f"  {len(players)} seats, {elapsed:.1f} s, {len(games)} game(s): {applied / elapsed:.1f}"
        f" actions/s applied ({applied}); responses {dict(sorted(statuses.items()))};"
        f" 5xx {fivexx}; sequences {'gapless, no duplicate' if not problems else problems}"
    )


# ------------------------------------------------------------------------------- main


def build(long_games=True, long_moves=(1000, 5000), bulk=True):
    """Users, sessions and games (services and ORM, in this process)."""
    from django.db import connection

    from games.table.models import Game

    rng = random.Random(1)
    tag = str(int(time.time()))
    accounts = [web.user(f"bw{tag}p{i}") for i in range(8)]
    other = web.user(f"bw{tag}other")
    g10 = web.running_game(accounts[:4], rng, moves=9)
    g1000 = web.running_game(accounts[:4], rng, moves=9)
    if long_games:
        web.long_log(g1000, other, 1000)
    live = web.running_game(accounts[4:8], rng, moves=2)
    cookies = {a.pk: web.session_cookie(a) for a in accounts}
    seat_users = {s.player_id: s.user_id for s in live.seats.all()}
    race_accounts = [web.user(f"bw{tag}r{i}") for i in range(4)]
    race_cookies = [web.session_cookie(a) for a in race_accounts]
    race_seat_players = {}

    def new_race_game():
        game = web.running_game(race_accounts, random.Random(), moves=0)
        by_user = {s.user_id: s.player_id for s in game.seats.all()}
        race_seat_players[game.pk] = [by_user[a.pk] for a in race_accounts]
        connection.close()
        return game.pk

    first_race = new_race_game()
    long_pages = {}
    if long_games:
        trio = [web.user(f"bw{tag}t{i}") for i in range(3)]
        short = web.played_game(trio, "complots", 10, rng)
        long_pages["Complots, 10 moves"] = short.pk
        for moves in long_moves:
            played = web.played_game(trio, "complots", moves, rng, bulk=bulk)
            long_pages[f"Complots, {played.state_seq} events"] = played.pk
        intrigue = web.played_game(trio, "intrigue", 100_000, rng, bulk=bulk)  # to its end
        long_pages[f"Intrigue to its end, {intrigue.state_seq} events"] = intrigue.pk
        for i in range(20):  # the lobby: 20 open tables, 10 running games of 3
            web.open_table(trio[i % 3])
        for _ in range(10):
            web.played_game(trio, "complots", 3, rng)
        cookies[trio[0].pk] = web.session_cookie(trio[0])
        long_pages["cookie"] = cookies[trio[0].pk]
    data = {
        "g10": g10.pk,
        "g1000": g1000.pk,
        "g10_events": g10.events.count(),
        "g1000_events": Game.objects.get(pk=g1000.pk).events.count(),
        "p1_cookie": cookies[accounts[0].pk],
        "other_cookie": web.session_cookie(other),
        "live": live.pk,
        "live_cookies": [cookies[seat_users[p]] for p in sorted(seat_users)],
        "live_players": {p: cookies[u] for p, u in seat_users.items()},
        "race": first_race,
        "race_players": [a.username for a in race_accounts],
        "race_cookies": race_cookies,
        "race_seat_players": race_seat_players,
        "new_race_game": new_race_game,
        "rev10": g10.revision,
        "long_pages": long_pages,
    }
    connection.close()
    return data


async def main_async(args, server, data):
    import httpx

    client = httpx.AsyncClient(
        base_url=web.BASE, timeout=30, limits=httpx.Limits(max_connections=args.concurrency)
    )
    minimal = ("/bench/minimal/", web.headers(data["p1_cookie"]))
    p1 = web.headers(data["p1_cookie"])
    p1x = web.headers(data["p1_cookie"], htmx=True)
    g = data["g10"]
    if "pages" in args.only:
        print(
            f"Throughput, ratio to the minimal view ({args.rounds} interleaved rounds of"
            f" {args.seconds:.0f} s, {args.concurrency} connections):"
        )
        results = await ab_rounds(
            client,
            {
                "game page": (*minimal, f"/games/{g}/", p1),
                "panel": (*minimal, f"/games/{g}/panel/", p1x),
                "poll (/changed/, 204)": (
                    *minimal,
                    f"/games/{g}/changed/?since={data['rev10']}",
                    p1x,
                ),
                "lobby": (*minimal, "/games/", p1),
            },
            args.rounds,
            args.seconds,
            args.concurrency,
        )
        print_ratios(
            results,
            {
                "game page": lambda r: r >= 0.30,
                "panel": lambda r: r >= 0.35,
                "poll (/changed/, 204)": lambda r: r >= 0.6,
                "lobby": lambda r: r >= 0.25,
            },
            "minimal",
        )
    if "log" in args.only:
        print(
            f"Game page at {data['g1000_events']} events over the page at"
            f" {data['g10_events']} (time per request; target <= 1.2):"
        )
        results = await ab_rounds(
            client,
            {
                "1,000-event page": (f"/games/{g}/", p1, f"/games/{data['g1000']}/", p1),
            },
            args.rounds,
            args.seconds,
            args.concurrency,
        )
        for name, (ratios, _rates, errs) in results.items():
            cost = statistics.median(1 / r for r in ratios)
            print(
                f"  {name}: {cost:.2f}x the 10-event page's time"
                f" ({'ok' if cost <= 1.2 else 'MISSED'}; non-2xx {errs})"
            )
    if "long" in args.only and data["long_pages"]:
        pages = dict(data["long_pages"])
        cookie = web.headers(pages.pop("cookie"))
        reference = pages.pop("Complots, 10 moves")
        # A version's first page computes what the next ones read from the caches (a
        # finished game's reveal replays its whole log): timed apart, one request each.
        first = []
        for name, pk in [("Complots, 10 moves", reference), *pages.items()]:
            t0 = time.perf_counter()
            response = await client.get(f"/games/{pk}/", headers=cookie, timeout=600)
            first.append(
                f"{name} {(time.perf_counter() - t0) * 1000:.0f} ms"
                f" ({len(response.content) // 1024} KiB, {response.status_code})"
            )
        print("Long games, first page of each (fresh caches): " + "; ".join(first))
        print(
            "Long games, 3 players: game page time over the 10-move Complots page"
            " (target <= 1.15x):"
        )
        results = await ab_rounds(
            client,
            {
                name: (f"/games/{reference}/", cookie, f"/games/{pk}/", cookie)
                for name, pk in pages.items()
            },
            args.rounds,
            args.seconds,
            args.concurrency,
        )
        for name, (ratios, _rates, errs) in results.items():
            cost = statistics.median(1 / r for r in ratios)
            print(f"  {name}: {cost:.2f}x ({'ok' if cost <= 1.15 else 'MISSED'}; non-2xx {errs})")
        print("Lobby with 20 open tables and 10 running 3-player games (target >= 0.30):")
        results = await ab_rounds(
            client,
            {"lobby": (*minimal, "/games/", cookie)},
            args.rounds,
            args.seconds,
            args.concurrency,
        )
        print_ratios(results, {"lobby": lambda r: r >= 0.30}, "minimal")
    await client.aclose()
    if "live" in args.only:
        print(f"Live pages on one game ({args.pages} pages: 4 players, the rest spectators):")
        await live_pages(server, data, args.pages, args.moves, reader=args.reader)
    if "race" in args.only:
        print(f"One hot game, all seats racing for {args.race_seconds:.0f} s:")
        await race(data, args.race_seconds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only",
        nargs="+",
        default=["pages", "log", "long", "live", "race"],
        choices=["pages", "log", "long", "live", "race"],
    )
    parser.add_argument(
        "--long-moves",
        type=int,
        nargs="+",
        default=[1000, 5000],
        help="lengths of the long Complots games (moves played)",
    )
    parser.add_argument(
        "--every-move-through-services",
        action="store_true",
        help="build the long games one move at a time through the services"
        " (minutes) instead of in bulk before their last moves",
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--pages", type=int, default=500)
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument(
        "--reader",
        choices=["raw", "httpx"],
        default="raw",
        help="how the client reads the live streams",
    )
    parser.add_argument("--race-seconds", type=float, default=20.0)
    args = parser.parse_args()
    web.setup_django()
    web.ensure_database()
    data = build(
        long_games="long" in args.only or "log" in args.only,
        long_moves=args.long_moves,
        bulk=not args.every_move_through_services,
    )
    with web.Server() as server:
        asyncio.run(main_async(args, server, data))


if __name__ == "__main__":
    main()
