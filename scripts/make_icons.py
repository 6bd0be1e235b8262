"""Draw the installable site's PNG icons (static/img/icon-*.png, badge-72.png) from the
favicon's shapes: two cards, the front one red with a gold gem. Pure Python (zlib): run it
again after changing the drawing, and commit the files.

    python scripts/make_icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "static" / "img"
RED, DARK, PALE, GOLD = (140, 28, 19), (92, 17, 11), (246, 230, 227), (243, 210, 122)


def png(width, height, pixels) -> bytes:
    """RGBA rows -> a PNG file's bytes."""
    raw = b"".join(b"\x00" + bytes(v for px in row for v in px) for row in pixels)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def inside_rounded(x, y, x0, y0, x1, y1, r):
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def inside_gem(x, y):
    # the favicon's gem: (15,13) (19.5,8) (24,13) (19.5,22) on a 32-unit grid
    top, mid, bottom, cx = 8.0, 13.0, 22.0, 19.5
    if y < top or y > bottom:
        return False
    half = 4.5 * (y - top) / (mid - top) if y <= mid else 4.5 * (bottom - y) / (bottom - mid)
    return abs(x - cx) <= half


def icon(size, *, maskable=False, badge=False):
    rows = []
    for py in range(size):
        row = []
        for px in range(size):
            # 32-unit grid; a maskable icon keeps its drawing in the middle 80 %
            scale = 32 / (size * (0.8 if maskable else 1.0))
            offset = (size * 0.1) if maskable else 0
            x, y = (px + 0.5 - offset) * scale, (py + 0.5 - offset) * scale
            colour = RED if maskable else None
            if badge:  # a monochrome silhouette (Android tints it)
                colour = (255, 255, 255) if inside_rounded(x, y, 6, 3, 26, 29, 3) else None
                if colour and inside_gem(x - 3.5, y + 1):
                    colour = None
            else:
                if inside_rounded(x + 2.2, y, 3, 2, 22, 28, 3):
                    colour = DARK
                if inside_rounded(x + 2.2, y, 4, 3, 21, 27, 2.5):
                    colour = PALE
                if inside_rounded(x, y, 10, 4, 29, 30, 3):
                    colour = DARK
                if inside_rounded(x, y, 11, 5, 28, 29, 2.5):
                    colour = RED
                if inside_gem(x, y):
                    colour = GOLD
            row.append((*colour, 255) if colour else (0, 0, 0, 0))
        rows.append(row)
    return png(size, size, rows)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(icon(size))
        (OUT / f"icon-maskable-{size}.png").write_bytes(icon(size, maskable=True))
    (OUT / "badge-72.png").write_bytes(icon(72, badge=True))


if __name__ == "__main__":
    main()
