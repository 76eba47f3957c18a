"""BpatFile.globals(): global matrices whatever the dialect. Where the file stores globals (v1,
v2, early v3) it is the palette view itself; late v3 gives skin x bind with the core's bits,
which this test recomputes with NumPy in the core's order (double products summed from 0.0,
rounded once to float) and compares bit for bit."""
import unittest

import numpy as np

import bpat
from bpat_testing import real_bpat_files, require_shared


def skin_times_bind(skin_stored, bind_stored):
    """Row-major globals of column-major skinning matrices (frames, bones, 4, 4 as stored) and the
    column-major bind palette (bones, 4, 4 as stored), as BpatFile::globalMatrixFloats sums them."""
    s = skin_stored.astype(np.float64)  # s[f, b, k, r] = S[r][k]
    b = bind_stored.astype(np.float64)  # b[bone, c, k] = B[k][c]
    out = np.zeros(s.shape[:2] + (4, 4), np.float64)
    for k in range(4):
        # G[r][c] += S[r][k] * B[k][c]
        out = out + s[:, :, k, :, None] * b[None, :, :, k][:, :, None, :]
    return out.astype(np.float32)


class TestGlobals(unittest.TestCase):

    def test_late_v3_is_skin_times_bind_with_the_cores_bits(self):
        late = 0
        for path in real_bpat_files(self):
            f = bpat.open(path)
            if not f.stores_skinning_matrices:
                continue
            late += 1
            with self.subTest(path=path):
                for clip in f.clips:
                    world = f.globals(clip.index)
                    self.assertEqual(world.shape, (clip.frames, f.bone_count, 4, 4))
                    self.assertEqual(world.dtype, np.float32)
                    expected = skin_times_bind(f.palette(clip.index), f.bind_palette)
                    self.assertTrue(np.array_equal(world.view(np.uint32), expected.view(np.uint32)), clip.name)
                # The per-matrix accessor of the core, and one frame alone, agree.
                clip = f.clips[-1]
                frame = clip.frames // 2
                for bone in (0, f.bone_count - 1):
                    self.assertTrue(np.array_equal(f.globals(clip.index)[frame, bone], f.global_matrix(clip.index, frame, bone)))
                self.assertTrue(np.array_equal(f.globals(clip.index, frame), f.globals(clip.index)[frame]))
                self.assertTrue(np.array_equal(f.globals(clip.index, threads=1), f.globals(clip.index, threads=3)))
        self.assertGreaterEqual(late, 10)  # bpat_v3_late and bpat_current

    def test_stored_globals_are_the_palette_view(self):
        for path in real_bpat_files(self):
            f = bpat.open(path)
            if f.stores_skinning_matrices:
                continue
            with self.subTest(path=path):
                world = f.globals(0)
                self.assertIs(world.base, f.mapping)
                self.assertFalse(world.flags.writeable)
                self.assertTrue(np.shares_memory(world, f.palette(0)))
                self.assertTrue(np.array_equal(world[0, 1], f.global_matrix(0, 0, 1)))

    def test_into_a_buffer(self):
        f = bpat.open(require_shared(self, "upstream_assets/bpat_current/horse.bpat"))
        clip = f.clips[0]
        out = np.empty((clip.frames, f.bone_count, 4, 4), np.float32)
        result = f.globals(0, out=out)
        self.assertIs(result, out)
        self.assertTrue(np.array_equal(out, f.globals(0)))
        v1 = bpat.open(require_shared(self, "upstream_assets/bpat_v1_latest/horse.bpat"))
        buffer = np.empty((v1.clips[0].frames, v1.bone_count, 4, 4), np.float32)
        self.assertTrue(np.array_equal(v1.globals(0, out=buffer), v1.palette(0)))  # a copy into it
        with self.assertRaises(ValueError):
            f.globals(0, out=np.empty((1, 2), np.float32))
        with self.assertRaises(TypeError):
            f.globals(0, out=np.empty(out.shape, np.float64))

    def test_large_results_are_writeable_and_independent(self):
        # Over 1 MiB: memory of the module's own, recycled once an array dies.
        f = bpat.open(require_shared(self, "upstream_assets/bpat_current/humanoid.bpat"))
        idle = f.globals("idle")
        biggest = max(f.clips, key=lambda c: c.frames)
        first = f.globals(biggest.index)
        self.assertTrue(first.flags.writeable and first.flags.c_contiguous)
        reference = first.copy()
        del first
        second = f.globals(biggest.index)  # may reuse the memory of the first
        self.assertTrue(np.array_equal(second, reference))
        third = f.globals(biggest.index)
        self.assertFalse(np.shares_memory(second, third))
        third[...] = 0
        self.assertTrue(np.array_equal(second, reference))
        self.assertTrue(np.array_equal(idle, f.globals("idle")))


if __name__ == "__main__":
    unittest.main()
