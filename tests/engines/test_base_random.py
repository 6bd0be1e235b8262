"""The seeded random stream of ``games.engines.base`` is part of every stored game: the same
key and counter must give the same draws forever, whatever the implementation. These
digests were recorded from the reference implementation; a faster one must match them.

To print them again: ``python -m tests.engines.test_base_random``.
"""

from __future__ import annotations

import hashlib
import json

from games.engines.base import SeededRandom, below_at, order_index, seed_to_key, shuffle_at

KEYS = [seed_to_key(seed) for seed in (0, 1, 2024, "regicide", b"\x00" * 7)]

EXPECTED = {
    "shuffle_at": "b5d36bb70b2ec6174d61e0a1a1ec19b38592c6536c6a6a99df7f4b677fbeeec4",
    "order_index": "26a40f332106a2a180a84c231c2d0d6f2e833cc7a92d61102eb6bd70a14cce34",
    "seeded_random": "970a670920168f1732eafb36d0aba8654b608af9295f01ceefa709913ae365c0",
}


def shuffle_digest():
    h = hashlib.sha256()
    for key in KEYS:
        for m in range(0, 70):
            for counter in (0, 1, 5, 1023, 1024, 70_000):
                items = list(range(m))
                after = shuffle_at(key, counter, items)
                h.update(json.dumps([m, counter, after, items]).encode())
    return h.hexdigest()


def order_index_digest():
    h = hashlib.sha256()
    for key in KEYS:
        for m in range(2, 21):
            for counter in (0, 3, 2000):
                h.update(json.dumps([m, counter, *order_index(key, counter, m)]).encode())
    return h.hexdigest()


def seeded_random_digest():
    h = hashlib.sha256()
    for key in KEYS:
        for counter in (0, 9):
            rng = SeededRandom(key, counter)
            draws = [rng.below(n) for n in (1, 2, 3, 7, 24**3, 2**40, 2**64 - 1, 2**63 + 1)]
            items = list(range(30))
            rng.shuffle(items)
            draws.append(rng.choice("abcdef"))
            h.update(json.dumps([counter, draws, items, rng.finish()]).encode())
    return h.hexdigest()


def digests():
    return {
        "shuffle_at": shuffle_digest(),
        "order_index": order_index_digest(),
        "seeded_random": seeded_random_digest(),
    }


def test_the_seeded_stream_never_changes():
    assert digests() == EXPECTED


if __name__ == "__main__":
    for name, value in digests().items():
        print(f'    "{name}": "{value}",')


def test_below_at_is_a_seeded_random_below_then_finish():
    for key in KEYS:
        for counter in (0, 4, 1500):
            for n in (1, 2, 3, 24**3, 2**40 + 3, 2**63 + 1, 2**64 - 1):
                rng = SeededRandom(key, counter)
                assert below_at(key, counter, n) == (rng.below(n), rng.finish())
