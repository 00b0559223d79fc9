"""The statistics page (MicroPython, main thread): the player's finished games, read from this browser.

Per family and grade the games played and solved, best and median times and hints per game (rules.records
counts them), the daily streaks, the solve times over time per grade on a canvas (drawn here: a few lines and dots
need no chart library, and the theme's colours follow dark mode), the history with replay links, and export,
import (merged, no game twice) and Clear (asked first). An unreadable record is set aside with a message.
Known limits: one chart family at a time; times on the chart are on a linear scale.
"""

import json

from pyscript import document
from pyscript import window
from pyscript.ffi import create_proxy
from pyscript.ffi import to_js
from rules import records

from journal import Journal
from journal import today
from tessera_ui import click
from tessera_ui import css
from tessera_ui import el
from tessera_ui import fetch_json
from tessera_ui import on
from tessera_ui import say
from tessera_ui import spawn
from tessera_ui import status
from tessera_ui import toggle_theme

AXIS_STEPS = (15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200)  # seconds between the chart's time lines
GRADE_COLOURS = ("#2f9e44", "#1c7ed6", "#f08c00", "#e03131", "#9c36b5", "#495057")  # by grade, easiest first


class StatsPage:
    """Reads the record, fills the tables, draws the chart, exports, imports and clears."""

    def __init__(self):
        self.journal = Journal()
        self.titles = {}  # family -> its title (data/families.json)
        self.grades = {}  # family -> its grade names, easiest first
        self.games = []

    async def start(self):
        """Read the registry and the record; show everything."""
        click("theme", toggle_theme)
        click("export", self.export)
        click("clear", self.ask_clear)
        click("clear-yes", self.clear)
        click("clear-no", self.keep)
        on("import-file", "change", lambda _e: spawn(self.import_file()))
        on("chart-family", "change", lambda _e: self.draw_chart())
        on(window, "resize", lambda _e: self.draw_chart())
        for name, info in (await fetch_json("./data/families.json") or {}).items():
            self.titles[name] = str(info.get("title") or name)
            self.grades[name] = [str(g) for g in info.get("grades") or []]
        games, why = self.journal.games()
        if why is not None:
            self.journal.set_aside()
            say("Your record of games could not be read (" + why + "); it was set aside (kept in this browser as "
                "tessera-records-unreadable) and a new one started.", "error")
        self.games = games
        self.show()
        status("Your statistics are ready.", ready=True)
        document.body.setAttribute("data-ready", "1")

    def title(self, family):
        """A family's title."""
        return self.titles.get(family, family)

    def show(self):
        """Every part of the page from the games."""
        self.show_streaks()
        self.show_summary()
        self.show_history()
        self.show_chart_choice()
        self.draw_chart()
        el("clear").disabled = not self.games
        el("export").disabled = not self.games

    # the tables ------------------------------------------------------------------------------------------------
    def show_streaks(self):
        """One line per family with a daily solved: the current and longest streaks."""
        box = el("streaks")
        box.innerHTML = ""
        found = records.streaks(self.games, today())
        for family in [f for f in self.titles if f in found] + [f for f in found if f not in self.titles]:
            s = found[family]
            item = document.createElement("li")
            item.textContent = (self.title(family) + ": " + days(s["current"]) + " now, longest " + days(s["longest"])
                                + (" · today's done ✓" if s["today"] else " · today's still to play"))
            box.appendChild(item)
        if not found:
            box.appendChild(document.createElement("li")).textContent = "No daily puzzle solved yet."

    def show_summary(self):
        """The table per family and grade."""
        body = el("summary").querySelector("tbody")
        body.innerHTML = ""
        rows = records.summary(self.games, list(self.titles))
        for row in rows:
            cells = [self.title(row["family"]), row["grade"], str(row["played"]), str(row["solved"]),
                     records.clock(row["best"]), records.clock(row["median"]), one_decimal(row["hints"])]
            table_row(body, cells)
        if not rows:
            table_row(body, ["No finished games yet: play one and it appears here."], span=7)

    def show_history(self):
        """Every game, newest first, with its replay link."""
        body = el("history").querySelector("tbody")
        body.innerHTML = ""
        for r in reversed(self.games):
            variant = r["variant"] if r["variant"] != "classic" else ""
            what = " ".join(x for x in (self.title(r["family"]), variant, r["size"]) if x) \
                + (" · daily" if r["daily"] else "")
            time = records.clock(r["seconds"]) + ("" if r["solved"] else " (solved by Tessera)")
            row = table_row(body, [r["day"], what, r["grade"], time, str(r["hints"]), str(r["errors"]),
                                   "" if r["link"] else "–"])
            if not r["link"]:  # an old game whose replay link was trimmed (records.trim)
                continue
            link = document.createElement("a")
            link.href = "./" + r["link"]
            link.textContent = "Replay"
            link.setAttribute("aria-label", "Replay the " + what + " of " + r["day"])
            row.lastChild.appendChild(link)
        if not self.games:
            table_row(body, ["Nothing yet."], span=7)

    # the chart -------------------------------------------------------------------------------------------------
    def show_chart_choice(self):
        """The families with a solved game, in the site's order."""
        select = el("chart-family")
        chosen = str(select.value)
        select.innerHTML = ""
        played = set(r["family"] for r in self.games if r["solved"])
        for family in [f for f in self.titles if f in played] + sorted(played - set(self.titles)):
            option = document.createElement("option")
            option.value = family
            option.textContent = self.title(family)
            select.appendChild(option)
        if chosen in played:
            select.value = chosen

    def draw_chart(self):
        """Solve times (the player's own) of the chosen family over the games, one colour per grade."""
        canvas = el("chart")
        family = str(el("chart-family").value)
        games = [r for r in self.games if r["solved"] and r["family"] == family]
        canvas.hidden = el("chart-family").parentElement.hidden = not games
        width = int(canvas.getBoundingClientRect().width or 720)
        ratio = window.devicePixelRatio or 1
        canvas.width, canvas.height = int(width * ratio), int(300 * ratio)
        ctx = canvas.getContext("2d")
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
        ctx.clearRect(0, 0, width, 300)
        legend = el("chart-legend")
        legend.innerHTML = ""
        if not games:
            el("chart-note").textContent = "Solve a puzzle and its time is drawn here."
            canvas.setAttribute("aria-label", "No solve times yet")
            return
        left, top, right, bottom = 52, 12, width - 12, 262
        slowest = max(r["seconds"] for r in games)
        most = 4 * next((t for t in AXIS_STEPS if 4 * t >= slowest), AXIS_STEPS[-1] * (slowest // (4 * 7200) + 1))
        ink, thin, muted = css("--ink"), css("--thin"), css("--muted")
        ctx.font = "12px system-ui, sans-serif"
        ctx.strokeStyle, ctx.fillStyle, ctx.lineWidth = thin, muted, 1
        for k in range(5):  # the time axis, in four steps
            y = bottom - (bottom - top) * k / 4
            ctx.beginPath()
            ctx.moveTo(left, y)
            ctx.lineTo(right, y)
            ctx.stroke()
            ctx.fillText(records.clock(most * k / 4), 4, y + 4)
        ctx.fillText("game 1", left, bottom + 18)
        ctx.fillText("game " + str(len(games)), right - 60, bottom + 18)
        order = self.grades.get(family, [])
        grades = sorted(set(r["grade"] for r in games), key=lambda g: (order.index(g) if g in order else 99, g))
        step = (right - left) / max(1, len(games) - 1)
        for g, grade in enumerate(grades):
            colour = GRADE_COLOURS[(order.index(grade) if grade in order else g) % len(GRADE_COLOURS)]
            points = [(left + step * i, bottom - (bottom - top) * r["seconds"] / most)
                      for i, r in enumerate(games) if r["grade"] == grade]
            ctx.strokeStyle = ctx.fillStyle = colour
            ctx.lineWidth = 2
            ctx.beginPath()
            for k, (x, y) in enumerate(points):
                if k:
                    ctx.lineTo(x, y)
                else:
                    ctx.moveTo(x, y)
            ctx.stroke()
            for x, y in points:
                ctx.beginPath()
                ctx.arc(x, y, 4, 0, 6.2832)
                ctx.fill()
            item = legend.appendChild(document.createElement("li"))
            swatch = item.appendChild(document.createElement("span"))
            swatch.className = "swatch"
            swatch.style.background = colour
            times = [r["seconds"] for r in games if r["grade"] == grade]
            item.appendChild(document.createTextNode(grade + ": " + str(len(times)) + " solved, best "
                                                     + records.clock(min(times)) + ", last "
                                                     + records.clock(times[-1])))
        ctx.fillStyle = ink
        words = (self.title(family) + " solve times, oldest first: "
                 + "; ".join(r["grade"] + " " + records.clock(r["seconds"]) for r in games[-20:]))
        canvas.setAttribute("aria-label", words)
        el("chart-note").textContent = ("Each dot is a game you solved, oldest on the left; higher is slower. The "
                                        "table above has the same numbers.")

    # export, import, clear -------------------------------------------------------------------------------------
    def export(self):
        """Download the record as a JSON file."""
        text = json.dumps({"v": records.VERSION, "games": self.games})
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = "tessera-games-" + today() + ".json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda *_: window.URL.revokeObjectURL(url)), 1000)
        say("Exported " + games_words(len(self.games)) + " to " + str(link.download) + ".", "good")

    async def import_file(self):
        """Merge a chosen file's games into the record (a game already there is not added twice)."""
        files = el("import-file").files
        if not files or not files.length:
            return
        text = str(await files.item(0).text())
        el("import-file").value = ""
        try:
            value = json.loads(text)
        except ValueError:
            say("That file is not Tessera's record of games: it is not JSON. Nothing was changed.", "error")
            return
        games, why = records.read(value)
        if games is None:
            say("That file could not be imported: " + why + ". Nothing was changed.", "error")
            return
        self.games, added = records.merge(self.games, games)
        full = self.journal.save(self.games)
        self.show()
        say(full or "Imported " + games_words(added) + (" (the others were here already)." if added < len(games)
                                                         else "."), "error" if full else "good")

    def ask_clear(self):
        """Ask before clearing."""
        el("clear-question").textContent = "Clear all " + games_words(len(self.games)) + " from this browser? " \
            "Export them first to keep a copy."
        el("clear-confirm").hidden = False
        el("clear-no").focus()

    def keep(self):
        """Do not clear."""
        el("clear-confirm").hidden = True
        say("Nothing was cleared.")

    def clear(self):
        """Clear every game."""
        count = len(self.games)
        self.games = []
        self.journal.save([])
        el("clear-confirm").hidden = True
        self.show()
        say("Cleared " + games_words(count) + ".", "good")


def table_row(body, cells, span=0):
    """Append a row of text cells (one cell across `span` columns) to a table body; the row."""
    row = body.appendChild(document.createElement("tr"))
    for text in cells:
        cell = row.appendChild(document.createElement("td"))
        cell.textContent = text
        if span:
            cell.colSpan = span
    return row


def one_decimal(x):
    """1.5 → "1.5", 2.0 → "2"."""
    text = str(int(x * 10 + 0.5) / 10)
    return text[:-2] if text.endswith(".0") else text


def days(n):
    """ "1 day", "3 days"."""
    return str(n) + (" day" if n == 1 else " days")


def games_words(n):
    """ "1 game", "3 games"."""
    return str(n) + (" game" if n == 1 else " games")


spawn(StatsPage().start())
