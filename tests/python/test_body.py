"""bpat.open on BPRM rigged bodies, as `bpat info BODY.bprm` reads them: the command's JSON as
`info`, the species and rig the body's name pairs it with, and the indices and bind-pose
vertices as read-only structured views of the mapping (no copy)."""
import os
import shutil
import struct
import unittest

import numpy as np

import bpat
from bpat_testing import TempDirTestCase, cli_json, file_bytes, require_shared


class TestBody(TempDirTestCase):

    def test_opens_as_the_command_line_does(self):
        path = require_shared(self, "upstream_assets/bpat_current/wolf_full.bprm")
        body = bpat.open(path)
        self.assertIsInstance(body, bpat.BodyFile)
        self.assertEqual(body.kind, "bprm")
        self.assertEqual(bpat.detect(path), "bprm")
        info = cli_json("info", path)
        self.assertEqual(body.info, info)
        for key in ("version", "lod", "lod_name", "vertex_count", "index_count", "triangle_count"):
            self.assertEqual(getattr(body, key), info[key], key)
        self.assertEqual(body.species, "wolf")
        self.assertEqual(body.rig_bone_count, info["rig"]["bone_count"])
        self.assertEqual(body.rig_bone_count, 21)

    def test_views_are_the_files_bytes(self):
        path = require_shared(self, "upstream_assets/bpat_current/horse_minimal.bprm")
        data = file_bytes(path)
        with bpat.open(path) as body:
            header = body.header
            self.assertEqual(header["magic"], b"BPRM")
            vertices = body.vertices
            self.assertEqual(vertices.shape, (body.vertex_count,))
            self.assertEqual(vertices.dtype, bpat.BodyFile.vertex_dtype)
            self.assertEqual(vertices.dtype, bpat.SnapshotFile.vertex_dtype)
            self.assertIs(vertices.base, body.mapping)
            self.assertEqual(body.mapping.kind, "bprm")
            self.assertFalse(vertices.flags.writeable)
            start = header["vertex_data_offset"]
            self.assertEqual(vertices.tobytes(), data[start:start + vertices.size * 56])
            self.assertEqual(tuple(vertices["position"][0]), tuple(np.float32(struct.unpack_from("<3f", data, start))))
            indices = body.indices
            at = header["index_data_offset"]
            self.assertEqual(indices.tobytes(), data[at:at + 4 * body.index_count])
            self.assertLess(int(indices.max()), body.vertex_count)
            self.assertEqual(int(vertices["bones"].max()), body.info["highest_weighted_bone"])
        self.assertTrue(body.closed)
        with self.assertRaises(ValueError):
            body.vertex_count

    def test_a_body_of_no_species(self):
        path = require_shared(self, "upstream_assets/bpat_current/sheep_minimal.bprm")
        renamed = self.path("mystery.bprm")
        shutil.copyfile(path, renamed)
        body = bpat.open(renamed)
        self.assertIsNone(body.species)
        self.assertEqual(body.rig_bone_count, 0)
        self.assertIsNone(body.info["rig"])
        self.assertEqual(body.info, cli_json("info", renamed))

    def test_not_a_body(self):
        bad = self.path("bad.bprm")
        with open(bad, "wb") as f:
            f.write(b"NOPE" + bytes(60))
        with self.assertRaises(bpat.FileError) as caught:
            bpat.open(bad)
        self.assertEqual(caught.exception.code, "BPRM_BAD_MAGIC")


if __name__ == "__main__":
    unittest.main()
