"""Kropki dots: a white dot joins consecutive digits, a black dot two digits one double the other (f-puzzles'
"difference" and "ratio"); with "negative", side-by-side cells without a dot are neither.

An entry is {"type": "kropki", "mark": "white" | "black", "cells": [[row, col], [row, col]]}, or
{"type": "kropki", "negative": true or ["white"] or ["black"]}.
"""

from __future__ import annotations

from . import Dots


class Kropki(Dots):
    """Kropki dots."""

    key = "kropki"
    title = "Kropki dot"
    MARK_NAME = "{} dot"
    plural = "dots"
    technique = "Kropki dot"
    fpuzzles = ("difference", "ratio", "negative")
    MARKS = {"white": (lambda x, y: abs(x - y) == 1, "consecutive digits", "difference", ("", "1")),
             "black": (lambda x, y: x == 2 * y or y == 2 * x, "a digit and its double", "ratio", ("", "2"))}
    NEGATIVE = {"ratio": ("black",)}  # f-puzzles' negative white dots are its "nonconsecutive" rule


TYPE = Kropki()
