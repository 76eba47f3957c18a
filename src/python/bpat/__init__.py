"""BPAT Studio for Python pipeline scripts (docs/python.md).

    import bpat
    f = bpat.open("humanoid.bpat")           # mapped in place: BPAT (any dialect), BPSM, BPRM, .bin
    walk = f.palette("walk")                 # (frames, bones, 4, 4) float32 view of the file
    world = f.globals("walk")                # global matrices whatever the dialect
    report = bpat.validate("humanoid.bpat", profile="game", deep=True)

The same core library as the `bpat` command line and BPAT Studio: the same readers, checks,
writers and codes. Arrays of a file are read-only views into its mapping (no copy); refusals
raise bpat.Error subclasses carrying the diagnostic code.
"""
from ._errors import Error, FileError, NotFoundError, RefusedError, UsageError
from ._types import (Bone, Clip, Diagnostic, Marker, Section, Socket, SnapshotClip,
                     ValidationResult)
from ._bpat import (BodyFile, BpatFile, Curve, Document, Mapping, Recording, SnapshotFile, analyze,
                    codes, convert, detect, edit, export_gltf, fix, folder_globs, import_gltf,
                    mirror_pairs, open, rebake, rebake_manifest, recipes, validate, __version__)
try:  # built with the window's GL library (not with -DBPAT_BUILD_APP=OFF)
    from ._bpat import render
except ImportError:
    render = None


def merge(inputs, output, rename_on_conflict=False, allow_other_species=False,
          format_version=None):
    """`bpat merge`: the clips of several BPAT files of one species and bone count in one file.

    Species and sockets come from the first file; socket rows are recomputed for imported clips.
    The result is written in `format_version` (default: the first file's), validated, then
    atomically. Returns the warnings (what settling clips into that version filled or dropped).
    """
    if isinstance(inputs, (str, bytes)) or hasattr(inputs, "__fspath__"):
        raise TypeError("inputs: expected a list of paths (bpat.merge([a, b], output)), not one path")
    inputs = list(inputs)
    if len(inputs) < 2:
        raise UsageError("expected at least two input files", "BAD_ARGUMENT")
    merged = Document(inputs[0])
    warnings = []
    for path in inputs[1:]:
        warnings += merged.import_clips(path, rename_on_conflict=rename_on_conflict,
                                        allow_other_species=allow_other_species)
    if format_version is not None:
        warnings += merged.convert(format_version)
    merged.save(output)
    return warnings


__all__ = [
    "open", "detect", "folder_globs", "validate", "codes", "analyze", "convert", "merge", "fix",
    "edit", "mirror_pairs",
    "Document", "rebake", "rebake_manifest", "recipes", "export_gltf", "import_gltf",
    "BpatFile", "SnapshotFile", "BodyFile", "Recording", "Curve", "Mapping",
    "Clip", "Socket", "Bone", "Section", "SnapshotClip", "Marker", "Diagnostic",
    "ValidationResult",
    "Error", "FileError", "NotFoundError", "RefusedError", "UsageError",
]
if render is not None:
    __all__.append("render")
else:
    del render
