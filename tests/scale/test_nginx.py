"""Several server processes behind nginx, with deploy/nginx-fives.conf as docs/DEPLOY.md gives
it (only its ports changed): two players and a spectator whose sockets nginx spreads over the
processes play a whole game."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from web.tcp import free_port

from .games import assert_seen_is_logged, play_to_the_end
from .processes import ServerProcess
from .services import required

CONFIG = Path(__file__).parents[2] / "deploy" / "nginx-fives.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


class Client:
    """A websocket through nginx, with the interface the game driver wants."""

    def __init__(self, port: int) -> None:
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10)

    def send_json(self, data: dict[str, Any]) -> None:
        self.ws.send(json.dumps(data))


def recv(client: Client) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(client.ws.recv(timeout=15))
    return data


def open_sockets(server: ServerProcess) -> float:
    metrics = httpx.get(server.url("/metrics"), timeout=5).text
    found = re.search(r"^fives_open_sockets (\S+)$", metrics, re.M)
    assert found is not None
    return float(found.group(1))


def start_nginx(tmp_path: Path, listen: int, upstreams: list[int]) -> subprocess.Popen[bytes]:
    site = CONFIG.read_text()
    servers = "".join(f"    server 127.0.0.1:{port};\n" for port in upstreams)
    site, count = re.subn(r"(    server 10\.0\.0\.\d+:8000;\n)+", servers, site)
    assert count == 1
    site, count = re.subn(r"listen 80;", f"listen 127.0.0.1:{listen};", site)
    assert count == 1
    (tmp_path / "fives.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(f"""
pid {tmp_path}/nginx.pid;
error_log {tmp_path}/error.log;
daemon off;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {tmp_path}/body;
    proxy_temp_path {tmp_path}/proxy;
    fastcgi_temp_path {tmp_path}/fastcgi;
    uwsgi_temp_path {tmp_path}/uwsgi;
    scgi_temp_path {tmp_path}/scgi;
    include {tmp_path}/fives.conf;
}}
""")
    proc = subprocess.Popen([NGINX, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
                            stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{listen}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("nginx did not start: " + (tmp_path / "error.log").read_text()[-800:])


@pytest.mark.slow  # nginx and two servers; tests/scale/test_shared.py is the fast suite's sample
def test_a_game_through_nginx_over_two_processes(tmp_path: Path, pg_url: str,
                                                 redis_prefix: str) -> None:
    if not Path(NGINX).exists():
        if required():
            pytest.fail("nginx is missing (scripts/test.sh installs it)")
        pytest.skip("nginx is not installed")
    servers = [ServerProcess(pg_url, redis_prefix, "--trusted-proxy", "127.0.0.1")
               for _ in range(2)]
    listen = free_port()
    nginx = start_nginx(tmp_path, listen, [s.port for s in servers])
    clients: list[Client] = []
    try:
        created = httpx.post(f"http://127.0.0.1:{listen}/api/tables", json={
            "preset": "all-fives", "players": 2, "target": 50,
            "seats": [{"kind": "me"}, {"kind": "friend"}]}).json()
        tokens = [s["url"].split("=", 1)[1] for s in created["seats"]]
        tokens.append(created["watch"].split("=", 1)[1])
        frames = []
        for token in tokens:
            client = Client(listen)
            client.send_json({"type": "join", "token": token})
            frames.append(recv(client))
            clients.append(client)
        # nginx spread the three sockets: both processes hold some
        assert all(open_sockets(server) > 0 for server in servers)
        seen = play_to_the_end(clients[:2], clients[2], frames[:2], recv)
    finally:
        for client in clients:
            client.ws.close()
        nginx.terminate()
        nginx.wait(timeout=10)
        for server in servers:
            server.stop()
    assert_seen_is_logged(seen, pg_url, created["table"])
