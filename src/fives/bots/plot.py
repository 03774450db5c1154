"""A small hand-written SVG chart of win rates with their 95% intervals (no dependency)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape


@dataclass(frozen=True)
class Bar:
    label: str
    rate: float  # 0..1
    low: float
    high: float


def win_rate_svg(title: str, bars: Sequence[Bar], reference: float | None = 0.5) -> str:
    """Horizontal bars (one per row), whiskers for the interval, a dashed reference line."""
    row_h, left, width, top = 28, 260, 420, 44
    height = top + row_h * len(bars) + 40
    total_w = left + width + 80

    def x(rate: float) -> float:
        return left + width * min(1.0, max(0.0, rate))

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{height}" '
        f'viewBox="0 0 {total_w} {height}" font-family="sans-serif" font-size="13">',
        f'<rect width="{total_w}" height="{height}" fill="white"/>',
        f'<text x="{total_w / 2:.0f}" y="22" text-anchor="middle" font-size="15" '
        f'font-weight="bold">{escape(title)}</text>',
    ]
    axis_y = top + row_h * len(bars) + 6
    for tick in range(0, 101, 25):
        tx = x(tick / 100)
        parts.append(
            f'<line x1="{tx:.1f}" y1="{top - 6}" x2="{tx:.1f}" y2="{axis_y}" stroke="#ddd"/>'
        )
        parts.append(
            f'<text x="{tx:.1f}" y="{axis_y + 16}" text-anchor="middle" fill="#555">{tick}%</text>'
        )
    for i, bar in enumerate(bars):
        y = top + i * row_h
        parts.append(
            f'<text x="{left - 8}" y="{y + 17}" text-anchor="end">{escape(bar.label)}</text>'
        )
        parts.append(
            f'<rect x="{left}" y="{y + 4}" width="{x(bar.rate) - left:.1f}" height="{row_h - 8}" '
            'fill="#4a7fb5"/>'
        )
        mid = y + row_h / 2
        parts.append(
            f'<line x1="{x(bar.low):.1f}" y1="{mid:.1f}" x2="{x(bar.high):.1f}" y2="{mid:.1f}" '
            'stroke="black" stroke-width="1.5"/>'
        )
        for end in (bar.low, bar.high):
            parts.append(
                f'<line x1="{x(end):.1f}" y1="{mid - 6:.1f}" x2="{x(end):.1f}" '
                f'y2="{mid + 6:.1f}" stroke="black" stroke-width="1.5"/>'
            )
        parts.append(
            f'<text x="{x(max(bar.high, bar.rate)) + 6:.1f}" y="{y + 17}">'
            f"{100 * bar.rate:.1f}%</text>"
        )
    if reference is not None:
        rx = x(reference)
        parts.append(
            f'<line x1="{rx:.1f}" y1="{top - 6}" x2="{rx:.1f}" y2="{axis_y}" stroke="#c33" '
            'stroke-dasharray="4 3"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
