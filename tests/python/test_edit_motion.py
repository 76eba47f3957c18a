"""bpat.edit's motion operations (issue 41): the same bytes as `bpat edit` with the same
operations (the core's MotionEditor behind both), the mirror's pairs before applying, and
refusals that raise with their codes and write nothing."""
import os
import unittest

import bpat
from bpat_testing import TempDirTestCase, cli, file_bytes, require_shared, shared

HUMANOID = "upstream_assets/bpat_current/humanoid.bpat"


class TestEditMotion(TempDirTestCase):

    def test_edit_writes_what_bpat_edit_writes(self):
        require_shared(self, HUMANOID)
        source = shared(HUMANOID)
        py_out, cli_out = self.path("py.bpat"), self.path("cli.bpat")
        notes = bpat.edit(source, py_out,
                          offsets=[{"clip": "walk", "bone": "HipL", "channel": "RotationY",
                                    "keys": [(0, 0.0, "linear"), (16, 12.5), (31, 0.0)]}],
                          time_warp={"attack_sword_a": (12, 16)},
                          resample={"run": 48}, set_fps={"run": 48},
                          reverse="idle", mirror={"attack_sword_b": None}, mirror_in_place=["hold"])
        self.assertTrue(any("32 -> 48 frames" in n for n in notes), notes)
        self.assertTrue(any("attack_sword_b_mirrored" in n for n in notes), notes)
        cli("edit", source, "-o", cli_out,
            "--offset", "walk:HipL:RotationY=0:0:linear,16:12.5,31:0",
            "--time-warp", "attack_sword_a=12:16",
            "--resample", "run=48", "--set-fps", "run=48",
            "--reverse", "idle", "--mirror", "attack_sword_b", "--mirror-in-place", "hold")
        self.assertEqual(file_bytes(py_out), file_bytes(cli_out))
        clips = {c.name: c for c in bpat.open(py_out).clips}
        self.assertEqual(clips["run"].frames, 48)
        self.assertEqual(clips["run"].fps, 48.0)
        self.assertIn("attack_sword_b_mirrored", clips)

    def test_mirror_pairs(self):
        require_shared(self, HUMANOID)
        plan = bpat.mirror_pairs(shared(HUMANOID), "walk")
        self.assertIn(("HipL", "HipR"), plan["bones"])
        self.assertEqual(len(plan["bones"]), 7)
        self.assertIn("Head", plan["unpaired"])
        self.assertIn(("hand_l", "hand_r"), plan["sockets"])
        self.assertEqual(plan["plane"]["axis"], "x")
        self.assertIsNone(plan["error"])

    def test_refusals_write_nothing(self):
        require_shared(self, HUMANOID)
        source, out = shared(HUMANOID), self.path("never.bpat")
        cases = [
            (dict(offsets=[{"clip": "walk", "bone": "HipL", "channel": "twist", "keys": [(0, 1.0)]}]), bpat.UsageError),
            (dict(offsets=[{"clip": "walk", "bone": 25, "channel": "rx", "keys": [(0, 1.0)]}]), bpat.RefusedError),
            (dict(offsets=[{"clip": "walk", "bone": "Tail", "channel": "rx", "keys": [(0, 1.0)]}]), bpat.NotFoundError),
            (dict(resample={"walk": 0}), bpat.RefusedError),
            (dict(resample={"walk": 5_000_000}), bpat.RefusedError),
            (dict(reverse="stroll"), bpat.NotFoundError),
            (dict(mirror={"walk": "run"}), bpat.RefusedError),
        ]
        for kwargs, error in cases:
            with self.subTest(kwargs=kwargs):
                with self.assertRaises(error) as raised:
                    bpat.edit(source, out, **kwargs)
                self.assertTrue(str(raised.exception))
                self.assertFalse(os.path.exists(out))
        with self.assertRaises(bpat.RefusedError) as raised:
            bpat.edit(source, out, offsets=[{"clip": "walk", "bone": 25, "channel": "rx", "keys": [(0, 1.0)]}])
        self.assertIn("bone 25 is outside the rig", str(raised.exception))


if __name__ == "__main__":
    unittest.main()
