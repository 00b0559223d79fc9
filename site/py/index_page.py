"""The home page's own part (MicroPython, main thread): what it knows of the player in this browser.

Per family with something to say: the game in progress (Continue), the games set aside under it (each a link that
brings it back whole) and the daily streak; today's daily puzzles
(a tick when solved, else a link to each); the puzzles solved (rules.records counts them from the record of
finished games). The cards stay static HTML: they show at once, before this runs.
Known limits: a save from before `done` was kept counts as in progress while it has moves.
"""

from pyscript import document
from rules import records

from journal import Journal
from journal import today
from shelf import Shelf
from shelf import played
from tessera_ui import Store
from tessera_ui import el
from tessera_ui import fetch_json
from tessera_ui import spawn


def in_progress(family):
    """The saved game of a family's page when it has moves and is not finished: (label, seconds), else None."""
    saved = Store("tessera-" + family).load()
    if not saved or not isinstance(saved.get("index"), int) or saved["index"] <= 0 or saved.get("done") is True:
        return None
    return described(saved)


def described(saved):
    """(label, seconds) of a saved game."""
    seconds = saved.get("seconds")
    return str(saved.get("label") or ""), seconds if type(seconds) is int else 0


def game_words(label, seconds):
    """'(Hard) · 3:12'."""
    return ("(" + label + ") · " if label else "") + records.clock(seconds)


async def show():
    """Fill the "Your games" panel above the cards (hidden while there is nothing to say)."""
    record, _why = Journal().read()  # an unreadable record is the statistics page's to set aside and explain
    day = today()
    streaks = records.streaks(record, day)
    families = await fetch_json("./data/families.json") or {}
    box = el("you-list")
    lines = 0
    cards = [(str(card.id)[5:], str(card.querySelector("h2").textContent))
             for card in document.querySelectorAll(".card") if str(card.id)[5:] in families]  # not the watch page
    for family, title in cards:
        going = in_progress(family)
        aside = Shelf(family).games
        streak = streaks.get(family) if streaks.get(family, {}).get("current") else None  # a lapsed one: nothing to say
        if going is None and streak is None and not aside:
            continue
        item = box.appendChild(document.createElement("li"))
        item.appendChild(document.createElement("strong")).textContent = title
        if going is not None:
            add_link(item, family + ".html", "Continue your game " + game_words(*going))
        if streak is not None and streak["current"]:
            item.appendChild(document.createTextNode(" · streak " + str(streak["current"]) + " day"
                                                     + ("" if streak["current"] == 1 else "s")))
        if aside:
            shelf = item.appendChild(document.createElement("ul"))
            shelf.className = "aside-list"
            for saved in aside:
                count = len(played(saved))
                entry = shelf.appendChild(document.createElement("li"))
                add_link(entry, family + ".html#aside:" + str(saved.get("aside", "")), "Set aside " +
                         game_words(*described(saved)) + " · " + str(count) + (" move" if count == 1 else " moves"), "")
        lines += 1
    done = set(family for family, streak in streaks.items() if streak["today"])
    daily = el("you-daily")
    daily.innerHTML = ""
    daily.appendChild(document.createTextNode("Today's daily puzzles:"))
    for k, (family, title) in enumerate(cards):
        if family in done:
            daily.appendChild(document.createTextNode((", " if k else " ") + title + " ✓"))
        else:
            daily.appendChild(document.createTextNode("," if k else ""))
            add_link(daily, family + ".html#daily", title, "")
    totals = records.totals(record)
    solved = totals["solved"]
    el("you-summary").textContent = (str(solved) + " puzzle" + ("" if solved == 1 else "s") + " solved on this "
                                     "device. ") if totals["played"] else ""
    el("you").hidden = not (lines or totals["played"])
    document.body.setAttribute("data-ready", "1")


def add_link(item, href, text, before=" · "):
    """ " · <a href>text</a>"."""
    item.appendChild(document.createTextNode(before or " "))
    link = item.appendChild(document.createElement("a"))
    link.href = "./" + href
    link.textContent = text


spawn(show())
