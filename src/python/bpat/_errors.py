"""The exceptions of the bpat module.

Every refusal is a :class:`bpat.Error` carrying a stable ``code``: a validation code where one
fits (``IO_ERROR``, ``BAD_MAGIC``, ``PALETTE_OUT_OF_BOUNDS``, an ``ANIM_*`` or ``RECIPE_*``
code, the first error of an output that would not validate) or the operation's own
(``CLIP_NOT_FOUND``, ``EDIT_DUPLICATE_CLIP_NAME``, ``OUTPUT_IS_INPUT``...), as `bpat ... --json` reports
them. docs/python.md lists them.
"""


class Error(Exception):
    """A refusal of the bpat module, with its code, message, path and findings."""

    def __init__(self, message, code="ERROR", path=None, diagnostics=None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.path = path
        self.diagnostics = list(diagnostics or [])

    def __str__(self):
        return f"{self.code}: {self.message}"

    def __reduce__(self):
        return (type(self), (self.message, self.code, self.path, self.diagnostics))


class FileError(Error):
    """A file that cannot be opened or read as the kind it should be (nothing was read)."""


class NotFoundError(Error, LookupError):
    """A clip, frame, socket, bone or curve that the file does not have."""


class UsageError(Error, ValueError):
    """An argument the operation cannot take (an unknown profile, a negative fps...)."""


class RefusedError(Error):
    """An operation that refused to write: the target is untouched (edits, conversions,
    rebakes, glTF export and import, and outputs that would not validate)."""
