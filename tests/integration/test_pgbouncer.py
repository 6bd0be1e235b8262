"""The site behind Debian's PgBouncer in transaction mode (deploy/pgbouncer/pgbouncer.ini),
as deploy/README.md sets it up: DATABASE_PREPARE_THRESHOLD=off, the web process started by
deploy/bin/web. A real pgbouncer on a free port, started here; skipped when not installed.

Each page is requested more times than the default prepare threshold, so a statement that
would be prepared on one server connection and run on another would fail here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from .harness import deployed_env, free_port, wait_for, web_process

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def pgbouncer():
    binary = shutil.which("pgbouncer") or (
        "/usr/sbin/pgbouncer" if Path("/usr/sbin/pgbouncer").exists() else None
    )
    if binary is None:
        pytest.skip("pgbouncer is not installed (apt-get install pgbouncer)")
    db = settings.DATABASES["default"]
    user = db.get("USER") or "postgres"
    port = free_port()
    # PgBouncer refuses to run as root: as root, it runs as `nobody` from a directory that
    # `nobody` may read and write.
    tmp_path = Path(tempfile.mkdtemp(prefix="complots-pgbouncer-"))
    tmp_path.chmod(0o777)
    as_user = ["-u", "nobody"] if os.geteuid() == 0 else []
    (tmp_path / "userlist.txt").write_text(f'"{user}" ""\n')
    ini = tmp_path / "pgbouncer.ini"
    ini.write_text(
        "[databases]\n"
        f"{db['NAME']} = host={db.get('HOST') or '127.0.0.1'} port={db.get('PORT') or 5432}"
        f" dbname={db['NAME']}\n"
        "[pgbouncer]\n"
        f"listen_addr = 127.0.0.1\nlisten_port = {port}\nunix_socket_dir =\n"
        f"auth_type = trust\nauth_file = {tmp_path / 'userlist.txt'}\n"
        "pool_mode = transaction\ndefault_pool_size = 3\nmax_client_conn = 100\n"
        "server_reset_query =\nignore_startup_parameters = extra_float_digits,options\n"
        f"logfile = {tmp_path / 'pgbouncer.log'}\n"
    )
    for path in tmp_path.iterdir():
        path.chmod(0o644)
    process = subprocess.Popen(
        [binary, *as_user, str(ini)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    try:
        import socket

        def listening():
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return True
            except OSError:
                assert process.poll() is None, (tmp_path / "pgbouncer.log").read_text()
                return False

        wait_for(listening, 10, message="pgbouncer to listen")
        yield f"postgres://{user}@127.0.0.1:{port}/{db['NAME']}"
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(tmp_path, ignore_errors=True)


@pytest.fixture
def web(tmp_path, pgbouncer):
    env = deployed_env(
        tmp_path,
        DATABASE_URL=pgbouncer,
        DATABASE_PREPARE_THRESHOLD="off",
        DATABASE_POOL_MAX="4",
    )
    with web_process(tmp_path, env) as served:
        yield served


def test_pages_through_pgbouncer_in_transaction_mode(web, alice, bob):
    from tests.table.factories import make_game

    base, log_path = web
    game = make_game([alice, bob], kind="complots", min_seats=2, max_seats=2)
    client = Client()
    client.force_login(alice)
    cookie = f"sessionid={client.cookies['sessionid'].value}"

    def get(path):
        request = urllib.request.Request(base + path, headers={"Cookie": cookie})
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    statuses = []
    for _ in range(8):  # more runs than the default threshold of 5
        for path in ("/games/", f"/games/{game.pk}/", f"/games/{game.pk}/panel/"):
            statuses.append(get(path)[0])
    assert statuses == [200] * len(statuses), log_path.read_text()
    status, body = get("/health/")
    assert status == 200 and '"database": "ok"' in body.replace('":"', '": "'), body
    assert "prepared statement" not in log_path.read_text()
