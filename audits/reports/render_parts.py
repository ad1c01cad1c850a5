"""What every section of a report's PDF shares: styles, tables and the way figures are
written (money from its decimal string, never through a float)."""

from __future__ import annotations

from decimal import Decimal

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.platypus import Paragraph, Table, TableStyle

from games.engine.names import game_words
from games.services.defined_wagers import wager_title

STYLES = getSampleStyleSheet()
BODY = STYLES["BodyText"]
SMALL = ParagraphStyle("small", parent=BODY, fontSize=7.5, leading=9)
CELL = ParagraphStyle("cell", parent=BODY, fontSize=8, leading=10)
TIGHT = ParagraphStyle("tight", parent=BODY, fontSize=7, leading=8.5)  # wide tables
H1, H2, H3 = STYLES["Title"], STYLES["Heading2"], STYLES["Heading3"]
GRID = TableStyle(
    [
        ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8edf3")),
        ("FONTSIZE", (0, 0), (-1, -1), 8),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]
)


def table(rows: list[list], widths=None, right: tuple[int, ...] = (), cell=CELL) -> Table:
    """A grid with a header row repeated on each page; the ``right`` columns' figures are
    set flush right (a cell's paragraph carries its own alignment)."""
    flush = ParagraphStyle(f"{cell.name}-right", parent=cell, alignment=TA_RIGHT)
    cells = [
        [c if hasattr(c, "wrap") else Paragraph(text(c), flush if i in right else cell)
         for i, c in enumerate(r)]
        for r in rows
    ]  # fmt: skip
    table = Table(cells, colWidths=widths, repeatRows=1)
    style = TableStyle(GRID.getCommands())
    if cell is TIGHT:
        style.add("LEFTPADDING", (0, 0), (-1, -1), 3)
        style.add("RIGHTPADDING", (0, 0), (-1, -1), 3)
    for column in right:
        style.add("ALIGN", (column, 0), (column, -1), "RIGHT")
    table.setStyle(style)
    return table


def pairs(rows: list[list], widths) -> Table:
    """A two-column table of labels and values, without a header row."""
    cells = [[Paragraph(f"<b>{text(k)}</b>", CELL), Paragraph(text(v), CELL)] for k, v in rows]
    table = Table(cells, colWidths=widths)
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("ALIGN", (1, 0), (1, -1), "LEFT"),
            ]
        )
    )
    return table


def text(value) -> str:
    if value is None:
        return "—"
    return str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def money(value: str | None, currency: str) -> str:
    if value is None:
        return "—"
    return f"{currency} {Decimal(value):,.2f}"


def percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.2f}%"


def wager_of(row: dict) -> str:
    """``Toss One 21: Lucky 3``: a row's game and wager in words."""
    return f"{game_words(row['game'])}: {wager_title(row['wager_key'])}"
