"""The plain records the bpat module returns (dataclasses: compare, print, dataclasses.asdict)."""
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple


@dataclass(frozen=True)
class Diagnostic:
    """One finding, as `bpat validate --json` reports it.

    ``location`` holds the structured place (``kind`` and, as they apply, ``clip``,
    ``clip_name``, ``frame``, ``bone``, ``socket``, ``socket_name``, ``index``, ``field``,
    ``section``, ``text``) plus ``path``, the location text of the reports
    (``palette[clip=walk,frame=7,bone=12]``).
    """
    code: str
    severity: str  # "error", "warning" or "info"
    message: str
    offset: Optional[int] = None
    location: Dict[str, object] = field(default_factory=dict)

    def __str__(self):
        where = self.location.get("path") or ""
        at = f"{self.offset}: " if self.offset is not None else ""
        return f"{at}{self.severity} {self.code} {self.message}" + (f" [{where}]" if where else "")


@dataclass(frozen=True)
class ValidationResult:
    """What bpat.validate() found in one file."""
    path: str
    kind: str  # "bpat", "bpsm", "bprm", "input-animation"
    profile: str
    game_era: Optional[str]  # the game profile's era ("current", "v1", "v2", "v3-early"), else None
    deep: bool
    valid: bool
    errors: int
    warnings: int
    infos: int
    issues: List[Diagnostic]
    truncated: bool = False  # max_issues dropped some (the counts still cover them)
    cancelled: bool = False


@dataclass(frozen=True)
class Clip:
    """A clip of a BPAT file. ``markers`` (v2, v3): phase per marker key, None when unset;
    None for v1. ``flags``, ``variant_family`` and ``variant_ordinal``: v3 only (None before)."""
    index: int
    name: str
    frames: int
    frame_offset: int
    fps: float
    loops: bool
    duration: float
    markers: Optional[Dict[str, Optional[float]]] = None
    flags: Optional[int] = None
    supplies_ground_contact: Optional[bool] = None
    variant_family: Optional[int] = None
    variant_ordinal: Optional[int] = None
    name_valid: bool = True


@dataclass(frozen=True)
class Socket:
    """A socket (attachment point): its anchor bone and offset in that bone's space."""
    index: int
    name: str
    anchor_bone: int
    local_offset: Tuple[float, float, float]
    name_valid: bool = True


@dataclass(frozen=True)
class Bone:
    """A bone: its name from the rig (``bone N`` when the rig is unknown) and its parent (-1 for a
    root, None when unknown)."""
    index: int
    name: str
    parent: Optional[int]


@dataclass(frozen=True)
class Section:
    """A region of the file as the Layout panel and `bpat info` show it."""
    name: str
    offset: int
    size: Optional[int]  # None when offset + size overflows 64 bits
    past_end: bool
    overlaps: bool
    note: str


@dataclass(frozen=True)
class SnapshotClip:
    """A clip of a BPSM snapshot mesh."""
    index: int
    name: str
    frames: int
    frame_offset: int
    name_valid: bool = True


@dataclass(frozen=True)
class Marker:
    """A marker of an input animation recording."""
    time: float
    name: str
