"""The site's charts: SVG drawn on the server, described in words, nothing inline."""

import re

from games.table.charts import Series, bar_chart, line_chart


def test_a_line_chart_draws_each_series_and_says_it_in_words():
    svg = line_chart(
        [Series("Alice", [(1, 10), (2, 14)]), Series("<Bob>", [(1, 10), (2, 6)])],
        title="Money by round",
    )
    assert svg.count("<polyline") == 2
    assert "chart-series-0" in svg and "chart-series-1" in svg
    assert "Alice: 10, 14" in svg and "&lt;Bob&gt;: 10, 6" in svg and "<Bob>" not in svg
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg
    assert not re.search(r"\sstyle=|<script|\son\w+=", svg)


def test_a_line_chart_places_the_highest_value_at_the_top():
    svg = line_chart([Series("a", [(0, 0), (1, 100)])], title="t", height=100)
    (coords,) = re.findall(r'points="([^"]+)"', svg)
    (x0, y0), (x1, y1) = (map(float, p.split(",")) for p in coords.split())
    assert x1 > x0 and y1 < y0


def test_bars_scale_to_the_longest_and_an_empty_chart_is_still_an_image():
    svg = bar_chart([("Alice", 3), ("Bob", 6)], title="Damage")
    widths = [float(w) for w in re.findall(r'<rect[^>]* width="([\d.]+)"', svg)]
    assert widths[1] == 2 * widths[0]
    empty = line_chart([], title="Nothing yet")
    assert 'role="img"' in empty and "Nothing yet" in empty
