"""A push service for the tests, on 127.0.0.1: it receives what the site sends, checks the
VAPID JWT (RFC 8292) against the site's public key, and decrypts the aes128gcm payload
(RFC 8291) with the subscription's private key, so a test reads exactly what a phone would
show. `answer` sets what an endpoint answers (201 by default; 410, 500...)."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Device:
    """A browser's side of a subscription: its keys and what it received."""

    def __init__(self, service, name):
        self.name = name
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = f"{service.url}/push/{name}"
        self.messages: list[dict] = []

    def info(self) -> dict:
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}


class PushService:
    def __init__(self, vapid_public_key: str):
        self.vapid_public_key = vapid_public_key
        self.devices: dict[str, Device] = {}
        self.answers: dict[str, int] = {}
        self.errors: list[str] = []
        self.lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                status = service.receive(self.path, self.headers, body)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def device(self, name) -> Device:
        device = Device(self, name)
        self.devices[name] = device
        return device

    def receive(self, path, headers, body) -> int:
        name = path.rsplit("/", 1)[-1]
        device = self.devices.get(name)
        if device is None:
            return 404
        answer = self.answers.get(name, 201)
        if answer >= 300:
            return answer
        try:
            self.check_vapid(headers.get("Authorization", ""))
            if headers.get("Content-Encoding") != "aes128gcm":
                raise AssertionError("not aes128gcm")
            clear = http_ece.decrypt(
                body, private_key=device.key, auth_secret=device.auth, version="aes128gcm"
            )
        except Exception as exc:  # a bad JWT or payload: the test sees it in `errors`
            with self.lock:
                self.errors.append(f"{type(exc).__name__}: {exc}")
            return 400
        with self.lock:
            device.messages.append(
                {
                    "data": json.loads(clear.decode()),
                    "ttl": int(headers.get("TTL", "0")),
                    "urgency": headers.get("Urgency", ""),
                    "topic": headers.get("Topic", ""),
                }
            )
        return 201

    def check_vapid(self, authorization):
        scheme, _sep, params = authorization.partition(" ")
        assert scheme.lower() == "vapid", authorization
        parts = dict(p.split("=", 1) for p in params.split(","))
        assert parts["k"] == self.vapid_public_key, "signed by another key"
        assert Vapid02.verify(authorization), "bad VAPID signature"
        claims = json.loads(unb64(parts["t"].split(".")[1]))
        assert claims["aud"] == self.url, claims
        assert claims["exp"] > time.time(), claims
        assert claims["sub"].startswith(("mailto:", "https://")), claims

    def all_messages(self):
        return [m for d in self.devices.values() for m in d.messages]

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
