"""bpat.analyze(): the game's gait report, the very document of `bpat analyze --json`."""
import unittest

import bpat
from bpat_testing import TempDirTestCase, cli_json, file_bytes, require_shared, shared


class TestAnalyze(TempDirTestCase):

    def test_the_report_of_bpat_analyze(self):
        for name in ("bpat_current/humanoid.bpat", "bpat_current/horse.bpat", "bpat_v1_latest/elephant.bpat"):
            path = require_shared(self, "upstream_assets/" + name)
            with self.subTest(file=name):
                expected = cli_json("analyze", path, "--cycle-time", "0.5")
                report = bpat.analyze(path, cycle_times=[0.5])
                self.assertEqual(report, expected)
        humanoid = bpat.open(shared("upstream_assets/bpat_current/humanoid.bpat"))
        walk = humanoid.analyze(clips=["walk", 0])
        self.assertEqual([c["name"] for c in walk["clips"]], ["walk", "idle"])
        self.assertEqual(walk["kind"], "humanoid")
        metrics = walk["clips"][0]["metrics"]
        self.assertGreater(metrics["foot_travel"], 0.1)
        self.assertEqual(set(metrics["skate_free_speed"]), {"0.70", "0.85", "1.00"})

    def test_refusals(self):
        path = require_shared(self, "upstream_assets/bpat_current/humanoid.bpat")
        with self.assertRaises(bpat.NotFoundError):
            bpat.analyze(path, clips=["moonwalk"])
        with self.assertRaises(bpat.UsageError):
            bpat.analyze(path, cycle_times=[0])
        cut = self.path("cut.bpat")
        with open(cut, "wb") as out:
            out.write(file_bytes(path)[:100000])
        with self.assertRaises(bpat.FileError) as caught:
            bpat.analyze(cut)
        self.assertEqual(caught.exception.code, "PALETTE_OUT_OF_BOUNDS")


if __name__ == "__main__":
    unittest.main()
