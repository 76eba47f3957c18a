"""bpat.open on BPAT files of every dialect: the header, clips, sockets and bones `bpat info
--json` shows, and palette views that ARE the file's floats (no copy, read-only, the mapping
kept alive by the view)."""
import gc
import os
import struct
import unittest

import numpy as np

import bpat
from bpat_testing import TempDirTestCase, cli_json, file_bytes, real_bpat_files, require_shared, shared


def stored_floats(path, offset, count):
    """`count` little-endian floats of the file at `offset`, read without the module."""
    with open(path, "rb") as f:
        f.seek(offset)
        return np.frombuffer(f.read(count * 4), dtype="<f4")


class TestBpatFile(TempDirTestCase):

    def test_tables_are_what_bpat_info_shows(self):
        for path in real_bpat_files(self):
            with self.subTest(path=path):
                info = cli_json("info", path)
                f = bpat.open(path)
                self.assertEqual(f.kind, "bpat")
                self.assertEqual(f.dialect, info["dialect"])
                for key in ("version", "species_id", "bone_count", "socket_count", "clip_count", "frame_total",
                            "palette_data_offset", "file_size"):
                    self.assertEqual(getattr(f, key), info[key], key)
                for key in ("string_table_size", "clip_table_offset", "socket_table_offset", "string_table_offset"):
                    self.assertEqual(f.header[key], info[key], key)
                self.assertEqual(f.species, info["species"])
                self.assertEqual(len(f.clips), len(info["clips"]))
                for clip, expected in zip(f.clips, info["clips"]):
                    self.assertEqual((clip.index, clip.name, clip.frames, clip.frame_offset, clip.loops),
                                     (expected["index"], expected["name"], expected["frame_count"],
                                      expected["frame_offset"], expected["loops"]))
                    self.assertAlmostEqual(clip.fps, expected["fps"], places=5)
                    if "markers" in expected:
                        unset = {k: v == -1 for k, v in expected["markers"].items()}
                        self.assertEqual({k: v is None for k, v in clip.markers.items()}, unset)
                        for key, value in clip.markers.items():
                            if value is not None:
                                self.assertEqual(np.float32(value), np.float32(expected["markers"][key]))
                    else:
                        self.assertIsNone(clip.markers)
                    if "flags" in expected:
                        self.assertEqual((clip.flags, clip.variant_family, clip.variant_ordinal),
                                         (expected["flags"], expected["variant_family"], expected["variant_ordinal"]))
                    else:
                        self.assertIsNone(clip.flags)
                self.assertEqual([(s.name, s.anchor_bone) for s in f.sockets],
                                 [(s["name"], s["anchor_bone"]) for s in info["sockets"]])
                self.assertEqual([b.name for b in f.bones], [b["name"] for b in info["bones"]])
                # `bpat info` writes null for a root and for an unknown parent alike.
                self.assertEqual([None if b.parent in (-1, None) else b.parent for b in f.bones],
                                 [b["parent"] for b in info["bones"]])
                self.assertEqual(f.rig["name"], info["rig"]["name"])
                self.assertEqual([s.name for s in f.sections], [s["name"] for s in info["sections"]])
                self.assertEqual(f.findings, [])

    def test_marker_phases_read_as_the_cli_prints_them(self):
        # The horse's walk has exit_safe 0.98 as a float32: Python gets 0.98, not 0.9800000190734863.
        path = require_shared(self, "upstream_assets/bpat_current/horse.bpat")
        walk = bpat.open(path).clip("walk")
        self.assertEqual(walk.markers["exit_safe"], 0.98)
        self.assertEqual(repr(walk.markers["exit_safe"]), "0.98")
        self.assertEqual(np.float32(walk.markers["exit_safe"]), struct.unpack("<f", struct.pack("<f", 0.98))[0])
        self.assertEqual(bpat.Document(path).clips[1].markers["exit_safe"], 0.98)

    def test_palette_is_the_files_floats_without_a_copy(self):
        for path in real_bpat_files(self):
            with self.subTest(path=path):
                f = bpat.open(path)
                for clip in f.clips:
                    view = f.palette(clip.name)
                    self.assertEqual(view.shape, (clip.frames, f.bone_count, 4, 4))
                    self.assertEqual(view.dtype, np.dtype("<f4"))
                    self.assertFalse(view.flags.writeable)
                    self.assertFalse(view.flags.owndata)
                    self.assertIs(view.base, f.mapping)
                    offset = f.palette_data_offset + clip.frame_offset * f.bone_count * 64
                    expected = stored_floats(path, offset, clip.frames * f.bone_count * 16)
                    self.assertTrue(np.array_equal(view.reshape(-1).view(np.uint32), expected.view(np.uint32)))
                # One frame, counted from the end too, is the same memory.
                last = f.clips[-1]
                self.assertTrue(np.shares_memory(f.palette(last.index, -1), f.palette(last.index)))
                self.assertTrue(np.array_equal(f.palette(last.index, -1), f.palette(last.index)[-1]))

    def test_views_keep_the_mapping_after_the_file_is_gone(self):
        path = require_shared(self, "upstream_assets/bpat_v3_late/horse.bpat")
        f = bpat.open(path)
        view = f.palette(0)
        copy = np.array(view)
        mapping = view.base
        self.assertIsInstance(mapping, bpat.Mapping)
        self.assertEqual((mapping.path, mapping.size, mapping.kind), (path, os.path.getsize(path), "bpat"))
        del f
        gc.collect()
        self.assertTrue(np.array_equal(view, copy))
        with bpat.open(path) as g:
            view2 = g.palette(1, 0)
        self.assertTrue(g.closed)
        with self.assertRaises(ValueError):
            g.palette(0)
        self.assertTrue(np.array_equal(view2, np.array(bpat.open(path).palette(1, 0))))
        with self.assertRaises(ValueError):
            view2[0, 0, 0] = 1.0  # read-only

    def test_v3_blocks(self):
        late = bpat.open(require_shared(self, "upstream_assets/bpat_v3_late/humanoid.bpat"))
        info = cli_json("info", late.path)
        self.assertTrue(late.stores_skinning_matrices)
        self.assertEqual(late.parents.tolist(), info["bone_parents"])
        bind = late.bind_palette
        self.assertEqual(bind.shape, (late.bone_count, 4, 4))
        self.assertIs(bind.base, late.mapping)
        self.assertTrue(np.array_equal(bind.reshape(-1), stored_floats(late.path, info["bind_palette_offset"], late.bone_count * 16)))
        contacts = late.contacts
        self.assertEqual(contacts.shape, (late.frame_total, 2))
        self.assertTrue(np.array_equal(contacts.reshape(-1), stored_floats(late.path, info["contact_data_offset"], late.frame_total * 2)))
        self.assertEqual(late.extension["bone_parent_offset"], info["bone_parent_offset"])
        early = bpat.open(shared("upstream_assets/bpat_v3_early/humanoid.bpat"))
        self.assertEqual(early.dialect, "v3-early")
        self.assertIsNone(early.bind_palette)
        self.assertIsNone(early.parents)
        self.assertIsNotNone(early.contacts)
        v1 = bpat.open(shared("upstream_assets/bpat_v1_latest/humanoid.bpat"))
        self.assertIsNone(v1.contacts)
        self.assertIsNone(v1.extension)

    def test_socket_rows(self):
        f = bpat.open(require_shared(self, "upstream_assets/bpat_v1_latest/humanoid_sword.bpat"))
        self.assertGreater(f.socket_count, 0)
        rows = f.socket_rows(0)
        self.assertEqual(rows.shape, (f.clips[0].frames, f.socket_count, 3, 4))
        self.assertTrue(np.array_equal(rows.reshape(-1), stored_floats(f.path, f.socket_data_offset, rows.size)))
        self.assertTrue(np.array_equal(f.socket_rows(0, 1), rows[1]))

    def test_clips_and_bones_by_name(self):
        f = bpat.open(require_shared(self, "upstream_assets/bpat_current/humanoid.bpat"))
        walk = f.clip("walk")
        self.assertEqual(f.clip(walk.index), walk)
        self.assertEqual(f.clip(str(walk.index)), walk)  # a decimal index, as the CLI takes it
        self.assertTrue(np.shares_memory(f.palette(walk), f.palette("walk")))
        self.assertEqual(f.bones[f.bone_index("Head")].name, "Head")
        with self.assertRaises(bpat.NotFoundError) as caught:
            f.palette("no such clip")
        self.assertEqual(caught.exception.code, "CLIP_NOT_FOUND")
        self.assertIsInstance(caught.exception, LookupError)
        with self.assertRaises(bpat.NotFoundError) as caught:
            f.palette("walk", walk.frames)
        self.assertEqual(caught.exception.code, "FRAME_NOT_FOUND")
        with self.assertRaises(bpat.NotFoundError):
            f.bone_index("Tail")

    def test_files_that_are_not_bpat(self):
        with self.assertRaises(bpat.FileError) as caught:
            bpat.open(self.path("missing.bpat"))
        self.assertEqual(caught.exception.code, "IO_ERROR")
        junk = self.path("junk.bpat")
        with open(junk, "wb") as out:
            out.write(b"NOPE" + bytes(100))
        with self.assertRaises(bpat.FileError) as caught:
            bpat.open(junk)
        self.assertEqual(caught.exception.code, "BAD_MAGIC")
        short = self.path("short.bpat")
        with open(short, "wb") as out:
            out.write(b"BPAT")
        with self.assertRaises(bpat.Error) as caught:
            bpat.open(short)
        self.assertEqual(caught.exception.code, "FILE_TOO_SMALL")

    def test_a_truncated_palette_opens_and_says_so(self):
        source = require_shared(self, "upstream_assets/bpat_v1_latest/horse.bpat")
        cut = self.path("cut.bpat")
        with open(cut, "wb") as out:
            out.write(file_bytes(source)[:-4096])
        f = bpat.open(cut)
        self.assertEqual([d.code for d in f.findings], ["PALETTE_OUT_OF_BOUNDS"])
        with self.assertRaises(bpat.FileError) as caught:
            f.palette(0)
        self.assertEqual(caught.exception.code, "PALETTE_OUT_OF_BOUNDS")

    def test_paths_as_bytes_and_pathlike(self):
        import pathlib
        path = require_shared(self, "upstream_assets/bpat_v2/horse.bpat")
        self.assertEqual(bpat.open(pathlib.Path(path)).frame_total, bpat.open(os.fsencode(path)).frame_total)
        # A name that is not UTF-8 opens by its bytes (surrogate escapes in str).
        odd = os.path.join(os.fsencode(self.tmp), b"caf\xe9.bpat")
        with open(odd, "wb") as out:
            out.write(file_bytes(path))
        self.assertEqual(bpat.open(odd).frame_total, bpat.open(path).frame_total)
        self.assertEqual(bpat.open(os.fsdecode(odd)).path, os.fsdecode(odd))


if __name__ == "__main__":
    unittest.main()
