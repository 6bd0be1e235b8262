"""The site's one way of drawing charts: small SVG drawn on the server.

No script and no inline style (the Content-Security-Policy stays strict): colours come from
classes (`chart-series-N`, static/css/site.css) and SVG presentation attributes. Every chart
is an image with a title and a description that says in words what it shows, for screen
readers and for anyone who prefers the numbers.

    line_chart([Series("Alice", [(1, 10000), (2, 14000)])], title=_("Money by round"))
    bar_chart([("Alice", 3), ("Bob", 5)], title=_("Damage dealt"))

Both return safe HTML to put in a template as it is (`{{ chart }}`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

SERIES_CLASSES = 8  # chart-series-0 .. chart-series-7 in site.css
_ids = count(1)


@dataclass
class Series:
    """One line: its label and its points (x, y), x increasing."""

    label: str
    points: list[tuple[float, float]] = field(default_factory=list)


def _number(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _scale(low, high, size, flip=False):
    span = (high - low) or 1

    def place(value):
        ratio = (value - low) / span
        return round((1 - ratio) * size if flip else ratio * size, 1)

    return place


def _frame(title, description, width, height, body) -> SafeString:
    chart_id = next(_ids)
    return mark_safe(
        f'<svg class="chart" viewBox="0 0 {width} {height}" width="100%" role="img" '
        f'aria-labelledby="chart-{chart_id}-title chart-{chart_id}-desc" '
        f'preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">'
        f'<title id="chart-{chart_id}-title">{escape(title)}</title>'
        f'<desc id="chart-{chart_id}-desc">{escape(description)}</desc>{body}</svg>'
    )


def line_chart(
    series: list[Series],
    *,
    title: str,
    width: int = 320,
    height: int = 160,
    y_min: float | None = None,
    y_max: float | None = None,
) -> SafeString:
    """Lines over a shared x axis, each with its label at its last point."""
    points = [p for s in series for p in s.points]
    if not points:
        return _frame(str(title), str(title), width, height, "")
    pad_left, pad_right, pad_y = 36, 64, 12
    xs = [x for x, _y in points]
    ys = [y for _x, y in points]
    low = min(ys) if y_min is None else y_min
    high = max(ys) if y_max is None else y_max
    place_x = _scale(min(xs), max(xs), width - pad_left - pad_right)
    place_y = _scale(low, high, height - 2 * pad_y, flip=True)
    body = [
        f'<line class="chart-axis" x1="{pad_left}" y1="{pad_y}" x2="{pad_left}" '
        f'y2="{height - pad_y}" stroke="currentColor" stroke-width="0.5"/>',
        f'<text class="chart-tick" x="{pad_left - 4}" y="{pad_y + 4}" text-anchor="end" '
        f'font-size="9" fill="currentColor">{escape(_number(high))}</text>',
        f'<text class="chart-tick" x="{pad_left - 4}" y="{height - pad_y}" text-anchor="end" '
        f'font-size="9" fill="currentColor">{escape(_number(low))}</text>',
    ]
    said = []
    for index, line in enumerate(series):
        if not line.points:
            continue
        css = f"chart-series-{index % SERIES_CLASSES}"
        coords = " ".join(f"{pad_left + place_x(x)},{pad_y + place_y(y)}" for x, y in line.points)
        last_x, last_y = line.points[-1]
        body.append(
            f'<polyline class="chart-line {css}" points="{coords}" fill="none" '
            f'stroke="currentColor" stroke-width="2"/>'
            f'<text class="chart-label {css}" x="{pad_left + place_x(last_x) + 4}" '
            f'y="{pad_y + place_y(last_y) + 3}" font-size="10" fill="currentColor">'
            f"{escape(line.label)}</text>"
        )
        said.append(f"{line.label}: " + ", ".join(_number(y) for _x, y in line.points))
    return _frame(str(title), f"{title}. " + "; ".join(said) + ".", width, height, "".join(body))


def bar_chart(
    bars: list[tuple[str, float]], *, title: str, width: int = 320, bar_height: int = 18
) -> SafeString:
    """Horizontal bars, one per label, longest value at full width."""
    height = max(1, len(bars)) * (bar_height + 6) + 6
    label_width = 90
    top = max((value for _label, value in bars), default=0) or 1
    body = []
    for index, (label, value) in enumerate(bars):
        y = 6 + index * (bar_height + 6)
        length = round(max(0, value) / top * (width - label_width - 40), 1)
        css = f"chart-series-{index % SERIES_CLASSES}"
        body.append(
            f'<text class="chart-label" x="{label_width - 4}" y="{y + bar_height - 5}" '
            f'text-anchor="end" font-size="10" fill="currentColor">{escape(label)}</text>'
            f'<rect class="chart-bar {css}" x="{label_width}" y="{y}" width="{length}" '
            f'height="{bar_height}" fill="currentColor"/>'
            f'<text class="chart-value" x="{label_width + length + 4}" y="{y + bar_height - 5}" '
            f'font-size="10" fill="currentColor">{escape(_number(value))}</text>'
        )
    said = "; ".join(f"{label}: {_number(value)}" for label, value in bars)
    return _frame(str(title), f"{title}. {said}.", width, height, "".join(body))
