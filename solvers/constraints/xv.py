"""XV: an X between two cells means their digits add up to 10, a V to 5 (f-puzzles' "xv"); with "negative",
side-by-side cells without a mark add up to neither.

An entry is {"type": "xv", "mark": "X" | "V", "cells": [[row, col], [row, col]]}, or {"type": "xv", "negative": true}.
"""

from __future__ import annotations

from . import Dots


class XV(Dots):
    """X and V marks."""

    key = "xv"
    title = "X or V"
    plural = "X or V marks"
    technique = "XV pair"
    fpuzzles = ("xv", "negative")
    MARKS = {"X": (lambda x, y: x + y == 10, "digits adding up to 10", "xv", ("X",)),
             "V": (lambda x, y: x + y == 5, "digits adding up to 5", "xv", ("V",))}
    NEGATIVE = {"xv": ("X", "V")}


TYPE = XV()
