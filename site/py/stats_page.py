"""The statistics page (MicroPython, main thread): the player's finished games, read from this browser.

Per family, size, variant and grade the games played and solved, best and median times and hints per game
(rules.records counts them, the older games from their summary: exact at any count), the daily streaks, the solve
times over the games on a canvas (drawn here: a few lines and dots need no chart library, and the theme's colours
follow dark mode; a summarised month is one hollow dot, its mean), the history (the newest games with replay links,
then the older ones per month, a page at a time), and export, import (merged, no game twice) and Clear (asked
first). An unreadable record is set aside with a message. A table wider than a phone says it scrolls sideways.
Known limits: one chart family at a time; times on the chart are on a linear scale.
"""

import json

from pyscript import document
from pyscript import window
from pyscript.ffi import create_proxy
from pyscript.ffi import to_js
from rules import records

from journal import Journal
from journal import read_text
from journal import today
from tessera_ui import click
from tessera_ui import css
from tessera_ui import el
from tessera_ui import on
from tessera_ui import say
from tessera_ui import spawn
from tessera_ui import status
from tessera_ui import toggle_theme

AXIS_STEPS = (15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200)  # seconds between the chart's time lines
GRADE_COLOURS = ("#2f9e44", "#1c7ed6", "#f08c00", "#e03131", "#9c36b5")  # by grade, easiest first
UNGRADED_COLOUR = "#6c757d"
DASHES = (([], ""), ([7, 4], "dashed"), ([2, 3], "dotted"), ([10, 3, 2, 3], "dash-dot"))  # one grade's kinds
GRADE_WORDS = {records.SHARED: "Shared link (not graded)", "Other": "Not graded"}
HISTORY_PAGE = 100  # rows of the history shown at a time


class StatsPage:
    """Reads the record, fills the tables, draws the chart, exports, imports and clears."""

    def __init__(self):
        self.journal = Journal()
        self.order = []  # the families in the site's order
        self.titles = {}  # family -> its title (data/families.json)
        self.grades = {}  # family -> its grade names, easiest first
        self.variants = {}  # family -> variant -> its name ("X (diagonals)")
        self.record = records.empty()
        self.rows = []  # the history's rows not yet shown: a game (dict) or a summarised month (group, row)
        self.shown = 0

    async def start(self):
        """Read the registry and the record; show everything."""
        click("theme", toggle_theme)
        click("export", self.export)
        click("clear", self.ask_clear)
        click("clear-yes", self.clear)
        click("clear-no", self.keep)
        click("history-more", self.more_history)
        on("import-file", "change", lambda _e: spawn(self.import_file()))
        on("chart-family", "change", lambda _e: self.draw_chart())
        on(window, "resize", lambda _e: self.resized())
        for name, info in await registry():
            self.order.append(name)
            self.titles[name] = str(info.get("title") or name)
            self.grades[name] = [str(g) for g in info.get("grades") or []]
            self.variants[name] = dict((str(v[0]), str(v[1])) for v in info.get("variants") or [])
        record, why = self.journal.read()
        if why is not None:
            self.journal.set_aside()
            say("Your record of games could not be read (" + why + "); it was set aside (kept in this browser as "
                "tessera-records-unreadable) and a new one started.", "error")
        self.record = record
        self.show()
        status("Your statistics are ready.", ready=True)
        document.body.setAttribute("data-ready", "1")

    def title(self, family):
        """A family's title."""
        return self.titles.get(family, family)

    def what(self, group):
        """"Sudoku 6×6 Killer": a game's or a group's family, size and variant (not "classic")."""
        variant = group["variant"]
        variant = "" if variant == "classic" else self.variants.get(group["family"], {}).get(variant, variant)
        return " ".join(x for x in (self.title(group["family"]), group["size"], variant) if x)

    def any_games(self):
        """Whether the record holds a game."""
        return bool(self.record["games"] or self.record["old"]["groups"])

    def show(self):
        """Every part of the page from the record."""
        self.show_streaks()
        self.show_summary()
        self.show_history()
        self.show_chart_choice()
        self.draw_chart()
        el("clear").disabled = el("export").disabled = not self.any_games()

    def resized(self):
        """Redraw what depends on the width."""
        self.draw_chart()
        self.mark_scrolling()

    # the tables ------------------------------------------------------------------------------------------------
    def show_streaks(self):
        """One line per family with a daily solved: the current and longest streaks."""
        box = el("streaks")
        box.innerHTML = ""
        found = records.streaks(self.record, today())
        for family in [f for f in self.order if f in found] + sorted(f for f in found if f not in self.titles):
            s = found[family]
            item = document.createElement("li")
            item.textContent = (self.title(family) + ": " + days(s["current"]) + " now, longest " + days(s["longest"])
                                + (" · today's done ✓" if s["today"] else " · today's still to play"))
            box.appendChild(item)
        if not found:
            box.appendChild(document.createElement("li")).textContent = "No daily puzzle solved yet."

    def show_summary(self):
        """The table per family, size, variant and grade."""
        body = el("summary").querySelector("tbody")
        body.innerHTML = ""
        rows = records.summary(self.record, self.order, self.grades)
        for row in rows:
            table_row(body, [self.what(row), grade_words(row["grade"]), str(row["played"]), str(row["solved"]),
                             records.clock(row["best"]), records.clock(row["median"]), one_decimal(row["hints"])])
        if not rows:
            table_row(body, ["No finished games yet: play one and it appears here."], span=7)

    def show_history(self):
        """The newest games (newest first, with replay links), then the older games per month: a page of rows."""
        el("history").querySelector("tbody").innerHTML = ""
        self.rows = list(reversed(self.record["games"])) + records.history(self.record, self.order, self.grades)
        self.shown = 0
        self.more_history()
        if not self.rows:
            table_row(el("history").querySelector("tbody"), ["Nothing yet."], span=7)

    def more_history(self):
        """Show the next page of the history's rows."""
        body = el("history").querySelector("tbody")
        for item in self.rows[self.shown:self.shown + HISTORY_PAGE]:
            if isinstance(item, dict):
                self.game_row(body, item)
            else:
                self.month_row(body, *item)
        self.shown = min(len(self.rows), self.shown + HISTORY_PAGE)
        left = len(self.rows) - self.shown
        button = el("history-more")
        button.hidden = not left
        button.textContent = "Show " + str(min(left, HISTORY_PAGE)) + " older rows (" + str(left) + " left)"
        self.mark_scrolling()

    def game_row(self, body, r):
        """A history row of one game, with its replay link."""
        what = self.what(r) + (" · daily" if r["daily"] else "")
        time = records.clock(r["seconds"]) + ("" if r["solved"] else " (solved by Tessera)")
        row = table_row(body, [r["day"], what, grade_words(r["grade"]), time, str(r["hints"]), str(r["errors"]),
                               "" if r["link"] else "–"])
        if r["link"]:
            link = document.createElement("a")
            link.href = "./" + r["link"]
            link.textContent = "Replay"
            link.setAttribute("aria-label", "Replay the " + what + " of " + r["day"])
            row.lastChild.appendChild(link)

    def month_row(self, body, group, month):
        """A history row of a group's games in a month (summarised: no replay)."""
        _month, played, solved, seconds, hints, errors = month
        time = ("mean " + records.clock(seconds / solved) if solved else "–") + (
            "" if solved == played else " (" + str(played - solved) + " solved by Tessera)")
        table_row(body, [records.month_text(month[0]), self.what(group) + " · " + games_words(played),
                         grade_words(group["grade"]), time, str(hints), str(errors), "–"])

    def mark_scrolling(self):
        """Say under each table wider than its box that it scrolls sideways (its edge fades as well: tessera.css)."""
        for wrap in document.querySelectorAll(".table-wrap"):
            wide = wrap.scrollWidth > wrap.clientWidth + 1
            wrap.classList.toggle("scrolls", wide)
            hint = wrap.nextElementSibling
            if hint is not None and hint.classList.contains("scroll-hint"):
                hint.hidden = not wide

    # the chart -------------------------------------------------------------------------------------------------
    def show_chart_choice(self):
        """The families with a solved game, in the site's order."""
        select = el("chart-family")
        chosen = str(select.value)
        select.innerHTML = ""
        played = set(row["family"] for row in records.summary(self.record) if row["solved"])
        for family in [f for f in self.order if f in played] + sorted(played - set(self.titles)):
            option = document.createElement("option")
            option.value = family
            option.textContent = self.title(family)
            select.appendChild(option)
        if chosen in played:
            select.value = chosen

    def draw_chart(self):
        """Solve times (the player's own) of the chosen family over the games, a colour per grade (a dash per size
        or variant), a summarised month as one hollow dot at its mean."""
        canvas = el("chart")
        family = str(el("chart-family").value)
        data = records.chart(self.record, family, self.grades)
        canvas.hidden = el("chart-family").parentElement.hidden = not data["count"]
        width = int(canvas.getBoundingClientRect().width or 720)
        ratio = window.devicePixelRatio or 1
        canvas.width, canvas.height = int(width * ratio), int(300 * ratio)
        ctx = canvas.getContext("2d")
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
        ctx.clearRect(0, 0, width, 300)
        legend = el("chart-legend")
        legend.innerHTML = ""
        if not data["count"]:
            el("chart-note").textContent = "Solve a puzzle and its time is drawn here."
            canvas.setAttribute("aria-label", "No solve times yet")
            return
        left, top, right, bottom = 52, 12, width - 14, 262
        slowest = max(p[1] for s in data["series"] for p in s["points"])
        most = 4 * next((t for t in AXIS_STEPS if 4 * t >= slowest), AXIS_STEPS[-1] * (slowest // (4 * 7200) + 1))
        self.draw_axes(ctx, data, (left, top, right, bottom), most)
        span = max(1, data["count"] - 1)
        rows = dict((records.group_name(r), r) for r in records.summary(self.record, [family], self.grades))
        used = {}
        for series in data["series"]:
            colour = grade_colour(self.grades.get(family, []), series["grade"])
            dash, line = DASHES[used.get(colour, 0) % len(DASHES)]
            used[colour] = used.get(colour, 0) + 1
            points = [((left + right) / 2 if data["count"] == 1 else left + (right - left) * x / span,
                       bottom - (bottom - top) * seconds / most, games) for x, seconds, games in series["points"]]
            draw_series(ctx, points, colour, dash)
            row = rows[records.group_name(series)]
            item = legend.appendChild(document.createElement("li"))
            swatch = item.appendChild(document.createElement("span"))
            swatch.className = "swatch"
            swatch.style.background = colour
            item.appendChild(document.createTextNode(
                self.what(series) + " · " + grade_words(series["grade"]) + ": " + str(row["solved"]) + " solved, best "
                + records.clock(row["best"]) + ", median " + records.clock(row["median"])
                + (" (" + line + ")" if line else "")))
        summarised = any(p[2] > 1 for s in data["series"] for p in s["points"])
        canvas.setAttribute("aria-label", self.title(family) + " solve times of " + games_words(data["count"])
                            + ", " + data["first"] + " to " + data["last"] + ": "
                            + "; ".join(grade_words(s["grade"]) + " " + self.what(s) + " last "
                                        + records.clock(s["points"][-1][1]) for s in data["series"]))
        el("chart-note").textContent = (
            "Each dot is a game you solved, oldest on the left; higher is slower." + (
                " Older games are summarised: a hollow dot is a month's games of one kind, at their mean time."
                if summarised else "") + " The table above has the same numbers.")

    def draw_axes(self, ctx, data, box, most):
        """The time lines and the games' ends: "game 1 · day" … "game N · day" (one label for one game)."""
        left, top, right, bottom = box
        ctx.font = "12px system-ui, sans-serif"
        ctx.strokeStyle, ctx.fillStyle, ctx.lineWidth = css("--thin"), css("--muted"), 1
        ctx.setLineDash(to_js([]))
        for k in range(5):  # the time axis, in four steps
            y = bottom - (bottom - top) * k / 4
            ctx.beginPath()
            ctx.moveTo(left, y)
            ctx.lineTo(right, y)
            ctx.stroke()
            ctx.textAlign = "left"
            ctx.fillText(records.clock(most * k / 4), 4, y + 4)
        if data["count"] == 1:
            ctx.textAlign = "center"
            ctx.fillText("game 1 · " + data["first"], (left + right) / 2, bottom + 18)
            return
        ctx.textAlign = "left"
        ctx.fillText("game 1 · " + data["first"], left, bottom + 18)
        ctx.textAlign = "right"
        ctx.fillText("game " + str(data["count"]) + " · " + data["last"], right, bottom + 18)

    # export, import, clear -------------------------------------------------------------------------------------
    def export(self):
        """Download the record as a JSON file."""
        text = json.dumps(self.record, separators=(",", ":"))
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = "tessera-games-" + today() + ".json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda *_: window.URL.revokeObjectURL(url)), 1000)
        say("Exported " + games_words(records.played(self.record)) + " to " + str(link.download) + ".", "good")

    async def import_file(self):
        """Merge a chosen file's games into the record (a game already there is not added twice)."""
        files = el("import-file").files
        if not files or not files.length:
            return
        held = await files.item(0).text().then(window.Array.of)  # the text stays in JavaScript: it may be long
        el("import-file").value = ""
        incoming, why, _old = read_text(held)
        if incoming is None:
            say("That file could not be imported: " + why + ". Nothing was changed.", "error")
            return
        count = records.played(incoming)
        self.record, added = records.merge(self.record, incoming)
        full = self.journal.save(self.record)
        self.show()
        say(full or "Imported " + games_words(added) + (" (the others were here already)." if added < count
                                                         else "."), "error" if full else "good")

    def ask_clear(self):
        """Ask before clearing."""
        el("clear-question").textContent = "Clear all " + games_words(records.played(self.record)) + " from this " \
            "browser? Export them first to keep a copy."
        el("clear-confirm").hidden = False
        el("clear-no").focus()

    def keep(self):
        """Do not clear."""
        el("clear-confirm").hidden = True
        say("Nothing was cleared.")

    def clear(self):
        """Clear every game."""
        count = records.played(self.record)
        self.record = records.empty()
        self.journal.save(self.record)
        el("clear-confirm").hidden = True
        self.show()
        say("Cleared " + games_words(count) + ".", "good")


async def registry():
    """The families of data/families.json, (name, info) in the site's order (the file's: a dict MicroPython reads
    keeps no order)."""
    try:
        resp = await window.fetch("./data/families.json")
        text = str(await resp.text()) if resp.ok else "{}"
        families = json.loads(text)
    except Exception:  # (as tessera_ui.fetch_json: offline without the file, or not JSON)
        return []
    return sorted(families.items(), key=lambda item: text.find(json.dumps(item[0]) + ":"))


def draw_series(ctx, points, colour, dash):
    """A line through a series' points (x, y, games), a dot per game, a hollow one per summarised month."""
    ctx.strokeStyle = ctx.fillStyle = colour
    ctx.lineWidth = 2
    ctx.setLineDash(to_js(dash))
    ctx.beginPath()
    for k, (x, y, _games) in enumerate(points):
        if k:
            ctx.lineTo(x, y)
        else:
            ctx.moveTo(x, y)
    ctx.stroke()
    ctx.setLineDash(to_js([]))
    radius = 4 if len(points) < 200 else 2.5
    for x, y, games in points:
        ctx.beginPath()
        ctx.arc(x, y, radius + 1 if games > 1 else radius, 0, 6.2832)
        if games > 1:
            ctx.stroke()
        else:
            ctx.fill()


def grade_colour(grades, grade):
    """A grade's colour (easiest first; an ungraded game's grey)."""
    return GRADE_COLOURS[grades.index(grade) % len(GRADE_COLOURS)] if grade in grades else UNGRADED_COLOUR


def grade_words(grade):
    """A grade as the tables name it ("Shared link (not graded)")."""
    return GRADE_WORDS.get(grade, grade)


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
