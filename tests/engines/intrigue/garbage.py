"""Bad input of every shape, shared by test_bad_input.py and the property tests."""

GARBAGE = [
    None,
    42,
    3.5,
    True,
    "done",
    b"done",
    ["done"],
    ("done",),
    {"done"},
    {},
    {"typ": "done"},
    {"type": None},
    {"type": 3},
    {"type": "fly"},
    {"type": "DONE"},
    {"type": "done", "extra": 1},
    {"type": "offer"},
    {"type": "offer", "amount": -1},
    {"type": "offer", "amount": 1.0},
    {"type": "offer", "amount": True},
    {"type": "offer", "amount": "1"},
    {"type": "offer", "amount": None},
    {"type": "offer", "amount": 10**9},
    {"type": "offer", "amount": 0, "slot": 2000},
    {"type": "offer", "amount": 0, "slot": "1000"},
    {"type": "offer", "amount": 0, "slot": None},
    {"type": "offer", "amount": 0, "slot": 1000.0},
    {"type": "offer", "amount": 0, "from": "bob"},
    {"type": "accept"},
    {"type": "accept", "from": "mallory"},
    {"type": "accept", "from": None},
    {"type": "refuse", "from": 1},
    {"type": "order", "kind": "roi"},
    {"type": "order", "kind": "medecin-1"},
    {"type": "order"},
    {"type": "place", "owner": "bob", "advisor": "medecin-1"},
    {"type": "place", "owner": "bob", "advisor": "medecin-9", "slot": 1000},
    {"type": "place", "owner": "mallory", "advisor": "medecin-1", "slot": 1000},
    {"type": "place", "owner": "bob", "advisor": "medecin-1", "slot": 1},
    {"type": "place", "owner": "bob", "advisor": "medecin-1", "slot": True},
    {"type": "admit", "owner": "bob", "advisor": None, "slot": 1000},
    {"type": "replace", "slot": 1000},
    {"type": "keep", "owner": "bob"},
    {"type": "send", "advisor": "medecin-1"},
    {"type": "send", "advisor": "medecin-1", "to": "mallory"},
    {"type": "send", "advisor": "roi", "to": "bob"},
    {"type": "send", "advisor": 1, "to": "bob"},
]

GARBAGE_NESTED = [
    {"type": ["offer"]},
    {"type": {"a": 1}},
    {"type": "offer", "amount": [1]},
    {"type": "offer", "amount": {"n": 1}},
    {"type": "offer", "amount": 1, "slot": [1000]},
    {"type": "offer", "amount": 1, "slot": {"1000": 1}},
    {"type": "accept", "from": ["bob"]},
    {"type": "refuse", "from": {"bob": 1}},
    {"type": "order", "kind": ["medecin"]},
    {"type": "place", "owner": ["bob"], "advisor": "medecin-1", "slot": 1000},
    {"type": "place", "owner": "bob", "advisor": ["medecin-1"], "slot": 1000},
    {"type": "place", "owner": "bob", "advisor": "medecin-1", "slot": [1000]},
    {"type": "admit", "owner": {"bob": 1}, "advisor": "medecin-1", "slot": 1000},
    {"type": "send", "advisor": ["medecin-1"], "to": "bob"},
    {"type": "send", "advisor": "medecin-1", "to": ["bob"]},
    {"type": "send", "advisor": {"x": 1}, "to": {"bob": 1}},
]


def mutations(action, players, rng):
    """Near misses of a legal ``action``: each one differs in one key or one value."""
    out = [{k: v for k, v in action.items() if k != key} for key in action if key != "type"]
    out.append({**action, "extra": None})
    for key, value in action.items():
        if key == "type":
            continue
        if isinstance(value, int):
            out += [
                {**action, key: value + rng.choice([1, 7, 1000])},
                {**action, key: -1 - value},
                {**action, key: float(value)},
                {**action, key: str(value)},
                {**action, key: [value]},
            ]
            if value in (0, 1):
                out.append({**action, key: bool(value)})
        elif isinstance(value, str):
            out += [
                {**action, key: value.upper()},
                {**action, key: "mallory"},
                {**action, key: rng.choice(players)},
                {**action, key: [value]},
                {**action, key: None},
            ]
    if action["type"] == "offer" and "slot" not in action:
        out.append({**action, "slot": rng.choice([1000, 3000, 6000, 10000])})
    return out
