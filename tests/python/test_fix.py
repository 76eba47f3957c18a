"""bpat.fix: the motion repairs of `bpat fix` for scripts. It writes the very bytes the command
writes and returns the report of `bpat fix --json`; refusals raise bpat.Error subclasses with the
command's codes and write nothing."""
import os
import unittest

import bpat
from bpat_testing import TempDirTestCase, cli, cli_json, file_bytes, require_shared

CURRENT = "upstream_assets/bpat_current/humanoid.bpat"
EARLY = "upstream_assets/bpat_v3_early/humanoid.bpat"


class TestFix(TempDirTestCase):

    def test_fix_writes_what_bpat_fix_writes(self):
        for relative, kwargs, flags in ((CURRENT, {"all": True}, ("--all",)),
                                        (EARLY, {"smooth_pops": True, "clips": ["attack_bow"]},
                                         ("--smooth-pops", "--clip", "attack_bow")),
                                        (CURRENT, {"foot_lock": True, "clips": "walk", "blend": 4},
                                         ("--foot-lock", "--clip", "walk", "--blend", "4"))):
            source = require_shared(self, relative)
            with self.subTest(file=relative, flags=flags):
                ours, theirs = self.path("ours.bpat"), self.path("theirs.bpat")
                report = bpat.fix(source, ours, **kwargs)
                expected = cli_json("fix", source, "-o", theirs, "--json", *flags)
                self.assertEqual(file_bytes(ours), file_bytes(theirs))
                self.assertEqual(report["clips"], expected["clips"])
                self.assertEqual(report["lint"], expected["lint"])
                self.assertEqual(report["dialect"], bpat.open(source).dialect)
                self.assertTrue(report["written"])
                self.assertTrue(bpat.validate(ours, deep=True).valid)
                changed = [c for c in report["clips"] if c["changed"]]
                self.assertTrue(changed)
                for clip in changed:
                    self.assertGreater(clip["change"]["object_space_error"]["max"], 0.0)

    def test_refusals_write_nothing(self):
        source = require_shared(self, CURRENT)
        out = self.path("out.bpat")
        with self.assertRaises(bpat.NotFoundError) as caught:
            bpat.fix(source, out, all=True, clips=["moonwalk"])
        self.assertEqual(caught.exception.code, "CLIP_NOT_FOUND")
        with self.assertRaises(bpat.UsageError):
            bpat.fix(source, out)
        with self.assertRaises(bpat.UsageError):
            bpat.fix(source, out, ground="dig")
        copy = self.path("copy.bpat")
        with open(copy, "wb") as f:
            f.write(file_bytes(source))
        with self.assertRaises(bpat.RefusedError) as caught:
            bpat.fix(copy, copy, all=True)
        self.assertEqual(caught.exception.code, "OUTPUT_IS_INPUT")
        self.assertEqual(file_bytes(copy), file_bytes(source))
        self.assertFalse(os.path.exists(out))


if __name__ == "__main__":
    unittest.main()
