"""bpat.open on BPSM snapshot meshes: header and clips as `bpat info --json` shows them, and
vertices and indices as read-only structured views of the mapping (no copy)."""
import struct
import unittest

import numpy as np

import bpat
from bpat_testing import cli_json, file_bytes, require_shared


class TestSnapshot(unittest.TestCase):

    def test_views_are_the_files_vertices(self):
        path = require_shared(self, "upstream_assets/bpat_current/elephant_minimal.bpsm")
        snapshot = bpat.open(path)
        self.assertEqual(snapshot.kind, "bpsm")
        info = cli_json("info", path)
        for key in ("vertex_count", "index_count", "frame_total"):
            self.assertEqual(getattr(snapshot, key), info[key], key)
        self.assertEqual([(c.name, c.frames, c.frame_offset) for c in snapshot.clips],
                         [(c["name"], c["frame_count"], c["frame_offset"]) for c in info["clips"]])
        data = file_bytes(path)
        header = snapshot.header
        vertices = snapshot.vertices("walk")
        walk = snapshot.clips[1]
        self.assertEqual(vertices.shape, (walk.frames, snapshot.vertex_count))
        self.assertEqual(vertices.dtype, bpat.SnapshotFile.vertex_dtype)
        self.assertEqual(vertices.dtype.itemsize, 56)
        self.assertIs(vertices.base, snapshot.mapping)
        self.assertFalse(vertices.flags.writeable)
        start = header["vertex_data_offset"] + walk.frame_offset * snapshot.vertex_count * 56
        self.assertEqual(vertices.tobytes(), data[start:start + vertices.size * 56])
        first = struct.unpack_from("<3f", data, start)
        self.assertEqual(tuple(vertices["position"][0, 0]), tuple(np.float32(first)))
        self.assertTrue(np.array_equal(snapshot.vertices(1, -1), vertices[-1]))
        indices = snapshot.indices
        self.assertEqual(indices.dtype, np.dtype("<u4"))
        at = header["index_data_offset"]
        self.assertEqual(indices.tobytes(), data[at:at + 4 * snapshot.index_count])
        self.assertLess(int(indices.max()), snapshot.vertex_count)
        with self.assertRaises(bpat.NotFoundError):
            snapshot.vertices("fly")


if __name__ == "__main__":
    unittest.main()
