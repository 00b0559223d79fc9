"""The rules of each game, written once for the worker and the page.

Every module here runs under CPython (the solvers, the CLI) and under MicroPython (the
page's main thread): plain functions and classes only, no `from __future__`, no
dataclasses, no typing imports, no `random` (use `Rng` where a seed must give the same
stream on both). The build copies this package into the page's MicroPython file system.
"""
