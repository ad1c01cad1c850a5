"""The report's PDF, drawn with ReportLab from the JSON twin alone (no database access)."""

from __future__ import annotations

import io
import json

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
)

from audits.reports.render_corrections import corrections_story
from audits.reports.render_cover import KINDS, cover_story
from audits.reports.render_findings import (
    appendix_story,
    findings_by_kind_story,
    largest_errors_story,
)
from audits.reports.render_hold import hold_story
from audits.reports.render_monitoring import monitoring_story
from audits.reports.render_parts import BODY, CELL, H2, STYLES
from audits.reports.render_parts import money as _money
from audits.reports.render_parts import pairs as _pairs
from audits.reports.render_parts import percent as _percent
from audits.reports.render_parts import table as _table
from audits.reports.render_parts import text as _text
from audits.reports.render_venues import venue_details_story, venues_summary_story
from games.engine.names import game_words
from games.services.defined_wagers import wager_title

PAPER = {"letter": LETTER, "a4": A4}  # the jurisdiction's (the registry's paper_size)


def report_pdf(figures: dict) -> bytes:
    """The unsigned PDF of a report's figures."""
    buffer = io.BytesIO()
    about = figures["report"]
    doc = SimpleDocTemplate(
        buffer,
        pagesize=PAPER[figures["jurisdiction"].get("paper", "a4")],
        title=f"{KINDS[about['kind']]} {about['id']}",
        author="Casino card-game compliance service",
        subject=f"{figures['jurisdiction']['name']} {about['period'] or ''}".strip(),
        leftMargin=18 * mm,
        rightMargin=18 * mm,
        topMargin=16 * mm,
        bottomMargin=16 * mm,
    )
    story = [*cover_story(figures), *venues_summary_story(figures), PageBreak(), *_judged(figures)]
    story += [*_summary(figures), *hold_story(figures), *largest_errors_story(figures)]
    story += [*venue_details_story(figures), *monitoring_story(figures)]
    story += appendix_story(figures)
    doc.build(story, canvasmaker=_numbered(about["id"]))
    return buffer.getvalue()


def _numbered(report_id: str):
    """A canvas that writes, once every page is laid out, the report id and "page n of N"
    at the foot of each (the count is known only at the end)."""

    class NumberedCanvas(Canvas):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._pages: list[dict] = []

        def showPage(self):  # noqa: N802 (ReportLab's name)
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            for number, state in enumerate(self._pages, start=1):
                self.__dict__.update(state)
                self._foot(number, len(self._pages))
                super().showPage()
            super().save()

        def _foot(self, number: int, total: int) -> None:
            width = self._pagesize[0]
            self.saveState()
            self.setFont("Helvetica", 7)
            self.drawString(18 * mm, 9 * mm, f"Report {report_id}")
            self.drawRightString(width - 18 * mm, 9 * mm, f"page {number} of {total}")
            self.restoreState()

    return NumberedCanvas


def _judged(f: dict) -> list:
    story = [Paragraph("What was judged", H2), Paragraph("Rules in force", STYLES["Heading3"])]
    for place, tables in _variants(f["rules"]):
        story.append(KeepTogether(_place(place, tables, f["jurisdiction"]["currency"])))
    story += [Paragraph("Inputs", STYLES["Heading3"]), _inputs(f["inputs"])]
    story += [Paragraph(_text(i["findings_cap_note"]), CELL)
              for i in f["inputs"] if i.get("findings_cap_note")]  # fmt: skip
    return story + corrections_story(f)


def _variants(rules: list[dict]) -> list[tuple[dict, list[str]]]:
    """The places grouped by what was in force (the same approval, rule version, variant,
    paytables and limits): each variant once, with the tables it applied to."""
    groups: dict[str, tuple[dict, list[str]]] = {}
    for place in rules:
        same = {k: v for k, v in place.items() if k not in ("table", "on")}
        key = json.dumps(same, sort_keys=True, default=str)
        groups.setdefault(key, (place, []))[1].append(place["table"])
    return list(groups.values())


def _options_in_words(options: dict) -> str:
    """``{"blackjack_pays": "3:2", "lucky3_paytable": "1"}`` -> "blackjack pays 3:2, Lucky 3
    paytable 1" (none: "none")."""
    words = [f"{_option_words(name)} {value}" for name, value in sorted(options.items())]
    return ", ".join(words) or "none"


def _option_words(name: str) -> str:
    if name.endswith("_paytable"):
        return f"{wager_title(name.removesuffix('_paytable'))} paytable"
    return name.replace("_", " ")


def _authorized(wager: dict, options: dict) -> bool:
    """A paytable the variant does not name (Lucky 3 #2 where #1 is authorized) is left out."""
    table = wager["paytable"]
    chosen = options.get(f"{wager['wager_key']}_paytable")
    return table is None or chosen is None or str(chosen) == str(table["code"])


def _place(place: dict, tables: list[str], currency: str) -> list:
    where = ", ".join(sorted(tables))
    tables_word = "tables" if len(tables) > 1 else "table"
    title = (f"{game_words(place['game'])} at {place['venue']}, {tables_word} {where} "
             f"(in force on {place['on']})")  # fmt: skip
    if not place["in_force"]:
        return [Paragraph(f"{_text(title)}: no authorization in force", CELL), Spacer(1, 3)]
    version = place["rule_version"]
    options = place["par_sheet_basis"]["options"]
    lines = [
        f"<b>{_text(title)}</b>",
        f"Approval {_text(place['approval']['reference'])}; rule version {version['version']} "
        f"({_text(version['title'])}), content hash {version['content_hash'][:16]}…",
        f"Par sheets for {place['par_sheet_basis']['decks']} deck(s); options: "
        f"{_text(_options_in_words(options))}",
    ]
    wagers = [["wager", "paytable", "house edge", "theoretical return"]]
    shown = [w for w in place["wagers"] if _authorized(w, options)]
    for w in shown:
        table = w["paytable"]
        label = (
            "—"
            if table is None
            else f"#{table['code']} v{table['version']} "
            + ("(illustrative)" if table["illustrative"] else table["content_hash"][:12] + "…")
        )
        wagers.append(
            [wager_title(w["wager_key"]), label, _percent(w["house_edge"]),
             _percent(w["theoretical_return"])]
        )
    limits = [["limit", "wager", "amount", "citation"]]
    limits += [
        [lim["kind"].replace("_", " "),
         wager_title(lim["wager_key"]) if lim["wager_key"] else "any",
         _money(lim["amount"], currency), lim["citation"]]
        for lim in place["limits"]
    ]
    notes = _notes_once(shown)
    return [
        *[Paragraph(line, CELL) for line in lines],
        _table(wagers, widths=[25 * mm, 60 * mm, 30 * mm, 35 * mm], right=(2, 3)),
        *[Paragraph(note, CELL) for note in notes],
        Spacer(1, 2),
        _table(limits, widths=[35 * mm, 20 * mm, 30 * mm, 85 * mm], right=(2,)),
        Spacer(1, 5),
    ]


def _notes_once(wagers: list[dict]) -> list[str]:
    """Each par sheet's note once, after the wagers it is about ("tie_17, tie_18: …")."""
    about: dict[str, list[str]] = {}
    for w in wagers:
        for note in (w.get("sheet") or {}).get("notes", []):
            about.setdefault(note, []).append(wager_title(w["wager_key"]))
    return [f"{_text(', '.join(keys))}: {_text(note)}" for note, keys in about.items()]


def _inputs(inputs: list[dict]) -> Table:
    rows = [["file", "SHA-256", "rounds", "rejected lines", "rounds from – to"]]
    for i in inputs:
        rows.append(
            [
                i["file_name"],
                i["sha256"],
                f"{i['rounds']:,}",
                f"{i['rejected_lines']:,}",
                f"{i['first_round_at'] or '—'} – {i['last_round_at'] or '—'}",
            ]
        )
    return _table(rows, widths=[32 * mm, 48 * mm, 18 * mm, 18 * mm, 54 * mm], right=(2, 3))


def _summary(f: dict) -> list:
    s, currency = f["summary"], f["jurisdiction"]["currency"]
    rows = [
        ["rounds", f"{s['rounds']:,}"],
        ["clean rounds", f"{s['clean_rounds']:,}"],
        ["rounds with findings", f"{s['rounds_with_findings']:,}"],
        ["rejected lines", "—" if s["rejected_lines"] is None else f"{s['rejected_lines']:,}"],
        ["findings", f"{s['findings']:,}"],
        ["amount wagered", _money(s["wagered"], currency)],
        ["amount paid out", _money(s["paid_out"], currency)],
        ["overpaid", _money(s["overpaid"], currency)],
        ["underpaid", _money(s["underpaid"], currency)],
    ]
    return [
        Spacer(1, 6 * mm),
        Paragraph("Summary", H2),
        Paragraph(f"<b>Verdict:</b> {_text(s['verdict']['text'])}", BODY),
        Spacer(1, 3 * mm),
        _pairs(rows, widths=[50 * mm, 50 * mm]),
        Spacer(1, 4 * mm),
        *findings_by_kind_story(f),
    ]
