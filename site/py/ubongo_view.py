"""The old name of the Cubes 3D rules the watch page reads; they live in `rules.ubongo` (remove once unused)."""

from rules.ubongo import COLOUR  # noqa: F401
from rules.ubongo import HEIGHT  # noqa: F401
from rules.ubongo import NAME  # noqa: F401
from rules.ubongo import card_of as parse_code  # noqa: F401
from rules.ubongo import make_card  # noqa: F401
from rules.ubongo import piece_id  # noqa: F401
