"""What a script may hand the module by mistake raises a Python exception, never a crash or a
wrong result (issue 42, findings 2, 4 and 12): objects made with __new__ and no __init__, NUL
bytes in paths, a bare string where a list is meant, arguments of the wrong type, a non-finite
socket offset, a marker phase outside [0, 1], and a file that changed under an open mapping."""
import math
import os
import unittest

import bpat
from bpat_testing import TempDirTestCase, cli


class TestHostileArguments(TempDirTestCase):

    def setUp(self):
        super().setUp()
        cli("bake", self.tmp, "--quiet", "--format-version", "3")
        self.humanoid = self.path("humanoid.bpat")
        self.horse = self.path("horse.bpat")

    def test_objects_made_with_new_alone_raise(self):
        for cls, touch in ((bpat.BpatFile, lambda o: o.clips), (bpat.BpatFile, lambda o: o.palette(0)),
                           (bpat.BpatFile, lambda o: o.closed), (bpat.Document, lambda o: o.clips),
                           (bpat.Document, lambda o: o.set_fps(0, 30)), (bpat.Document, lambda o: o.path),
                           (bpat.Recording, lambda o: o.curve_names), (bpat.Recording, lambda o: o.path),
                           (bpat.SnapshotFile, lambda o: o.clips), (bpat.Curve, lambda o: o.name),
                           (bpat.Curve, lambda o: o.sample([0.0])), (bpat.Mapping, lambda o: o.size)):
            with self.subTest(cls=cls.__name__):
                obj = cls.__new__(cls)
                with self.assertRaises(TypeError) as caught:
                    touch(obj)
                self.assertIn("__new__", str(caught.exception))

    def test_nul_in_paths_is_a_value_error(self):
        for call in (lambda: bpat.convert(self.humanoid, self.path("a\0b.bpat"), 3),
                     lambda: bpat.Document(self.humanoid).save(self.path("c\0d.bpat")),
                     lambda: bpat.export_gltf(self.humanoid, self.path("e\0f.glb")),
                     lambda: bpat.open(self.humanoid + "\0x"),
                     lambda: bpat.validate(os.fsencode(self.humanoid) + b"\0")):
            with self.assertRaises(ValueError):
                call()
        for name in ("a", "c", "e"):
            self.assertFalse(os.path.exists(self.path(name)), name)

    def test_a_bare_string_is_no_list(self):
        with self.assertRaises(TypeError):
            bpat.merge(self.humanoid, self.path("merged.bpat"))
        with self.assertRaises(TypeError):
            bpat.export_gltf(self.humanoid, self.path("x.glb"), clips="walk")
        with self.assertRaises(TypeError):
            bpat.analyze(self.humanoid, clips="walk")
        with self.assertRaises(TypeError):
            bpat.Document(self.humanoid).import_clips(self.humanoid, clips="walk", rename_on_conflict=True)
        self.assertFalse(os.path.exists(self.path("merged.bpat")))

    def test_wrong_types_are_type_errors(self):
        doc = bpat.Document(self.humanoid)
        with self.assertRaises(TypeError):
            doc.set_marker(0, None, 0.5)
        with self.assertRaises(TypeError):
            doc.set_marker(0, "contact", "half")
        with self.assertRaises(TypeError):
            bpat.validate(self.humanoid, profile=3)

    def test_each_edit_is_checked_when_made(self):
        doc = bpat.Document(self.humanoid)
        for offset in ((math.nan, 0, 0), (0, math.inf, 0)):
            with self.assertRaises(bpat.RefusedError):
                doc.add_socket("bad", 0, offset)
        for phase in (-1, 1.5, math.nan):
            with self.assertRaises(bpat.RefusedError):
                doc.set_marker(0, "contact", phase)
        doc.set_marker(0, "contact", 0.25)
        doc.set_marker(0, "contact", None)
        with self.assertRaises(bpat.RefusedError):
            doc.rename_clip(0, "walk\nsocket fake")
        doc.save(self.path("ok.bpat"))

    def test_a_changed_file_is_never_valid(self):
        copy = self.path("shrinks.bpat")
        with open(self.humanoid, "rb") as src, open(copy, "wb") as dst:
            dst.write(src.read())
        f = bpat.open(copy)
        self.assertTrue(f.validate().valid)
        os.truncate(copy, os.path.getsize(copy) // 2)
        for deep in (False, True):
            with self.subTest(deep=deep):
                result = f.validate(deep=deep)
                self.assertFalse(result.valid)
                self.assertEqual(result.issues[0].code, "FILE_CHANGED")
        self.assertTrue(f.stale)


if __name__ == "__main__":
    unittest.main()
