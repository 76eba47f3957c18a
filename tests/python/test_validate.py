"""bpat.validate(): the findings `bpat validate --json` reports, for every kind and profile, with
structured locations; bpat.codes() is the catalogue."""
import os
import unittest

import bpat
from bpat_testing import RECORDING, TempDirTestCase, cli_json, file_bytes, real_bpat_files, require_shared, shared


def cli_findings(path, *options):
    report = cli_json("validate", path, "--max-issues", "0", *options)
    (entry,) = report["files"]
    return entry


class TestValidate(TempDirTestCase):

    def assert_same_as_cli(self, path, profile="spec", deep=False, era=None):
        options = ["--profile", profile] + (["--deep"] if deep else []) + (["--game-era", era] if era else [])
        expected = cli_findings(path, *options)
        result = bpat.validate(path, profile=profile, deep=deep, game_era=era)
        self.assertEqual(result.valid, expected["valid"])
        self.assertEqual((result.errors, result.warnings, result.infos),
                         (expected["counts"]["error"], expected["counts"]["warning"], expected["counts"]["info"]))
        self.assertEqual([(d.code, d.severity, d.message, d.offset, d.location["path"]) for d in result.issues],
                         [(i["code"], i["severity"], i["message"], i["offset"], i["location"]) for i in expected["issues"]])
        self.assertEqual((result.profile, result.deep), (profile, deep))
        self.assertEqual(result.game_era, (era or "current") if profile == "game" else None)
        return result

    def test_every_real_file_in_every_profile(self):
        for path in real_bpat_files(self):
            for profile in ("spec", "game"):
                with self.subTest(path=path, profile=profile):
                    self.assert_same_as_cli(path, profile)
        for path in real_bpat_files(self)[::6]:
            with self.subTest(path=path, profile="motion"):
                self.assert_same_as_cli(path, "motion")
        # Older games' readers judge the files meant for them.
        for path in real_bpat_files(self)[::5]:
            for era in ("v1", "v2", "v3-early"):
                with self.subTest(path=path, era=era):
                    self.assert_same_as_cli(path, "game", era=era)
        v1 = shared("upstream_assets/bpat_v1_latest/horse.bpat")
        self.assertFalse(bpat.validate(v1, profile="game").valid)  # the current game reads late v3 only
        self.assertTrue(bpat.validate(v1, game_era="v1").valid)  # an era alone means the game profile
        self.assertEqual(bpat.validate(v1, game_era="v1").profile, "game")

    def test_deep_and_other_kinds(self):
        late = require_shared(self, "upstream_assets/bpat_current/humanoid.bpat")
        result = self.assert_same_as_cli(late, "game", deep=True)
        self.assertEqual(result.kind, "bpat")
        mismatch = next(d for d in result.issues if d.code == "SOCKET_DATA_MISMATCH")
        self.assertEqual(mismatch.location["kind"], "socket_data")
        self.assertEqual((mismatch.location["clip_name"], mismatch.location["socket_name"]), ("hold", "grip_r"))
        self.assertIsInstance(mismatch.location["frame"], int)
        snapshot = self.assert_same_as_cli(shared("upstream_assets/bpat_current/elephant_minimal.bpsm"))
        self.assertEqual(snapshot.kind, "bpsm")
        recording = self.assert_same_as_cli(shared(RECORDING))
        self.assertEqual(recording.kind, "input-animation")
        # An opened file validates its own mapping.
        opened = bpat.open(late)
        self.assertEqual(opened.validate(profile="game", deep=True).issues, result.issues)
        self.assertEqual(bpat.validate(opened).issues, bpat.validate(late).issues)

    def test_broken_files_are_findings_not_exceptions(self):
        source = require_shared(self, "upstream_assets/bpat_v2/horse.bpat")
        broken = self.path("broken.bpat")
        data = bytearray(file_bytes(source))
        data[12:16] = (200).to_bytes(4, "little")  # bone count out of range
        with open(broken, "wb") as out:
            out.write(data)
        result = self.assert_same_as_cli(broken)
        self.assertFalse(result.valid)
        self.assertIn("BONE_COUNT_OUT_OF_RANGE", [d.code for d in result.issues])
        header = next(d for d in result.issues if d.code == "BONE_COUNT_OUT_OF_RANGE")
        self.assertEqual(header.location, {"kind": "header", "path": "header.bone_count", "field": "bone_count"})
        self.assertEqual(header.offset, 12)
        missing = bpat.validate(self.path("missing.bpat"))
        self.assertEqual([d.code for d in missing.issues], ["IO_ERROR"])
        self.assertFalse(missing.valid)
        capped = bpat.validate(broken, max_issues=1)
        self.assertEqual(len(capped.issues), 1)
        self.assertTrue(capped.truncated)
        self.assertEqual(capped.errors, result.errors)

    def test_motion_thresholds_and_bad_arguments(self):
        path = require_shared(self, "upstream_assets/bpat_current/wolf.bpat")
        strict = bpat.validate(path, profile="motion", motion={"stretch": 0.001})
        expected = cli_findings(path, "--profile", "motion", "--motion-tolerance", "stretch=0.001")
        self.assertEqual([d.code for d in strict.issues], [i["code"] for i in expected["issues"]])
        with self.assertRaises(bpat.UsageError) as caught:
            bpat.validate(path, profile="strict")
        self.assertEqual(caught.exception.code, "BAD_ARGUMENT")
        self.assertIsInstance(caught.exception, ValueError)
        with self.assertRaises(bpat.UsageError):
            bpat.validate(path, profile="motion", motion={"no_such_key": 1})
        with self.assertRaises(bpat.UsageError):
            bpat.validate(path, game_era="v9")
        with self.assertRaises(bpat.UsageError):
            bpat.validate(path, profile="spec", game_era="v1")

    def test_codes_and_kinds(self):
        catalogue = {c["code"]: c for c in bpat.codes()}
        self.assertEqual(catalogue["BAD_MAGIC"]["spec_severity"], "error")
        self.assertTrue(catalogue["DEGENERATE_MATRIX"]["deep"])
        self.assertEqual(bpat.folder_globs()[:2], ["*.bpat", "*.bpsm"])  # then the later kinds (*.bprm)
        require_shared(self)
        self.assertEqual(bpat.detect(shared("upstream_assets/bpat_v2/horse.bpat")), "bpat")
        self.assertEqual(bpat.detect(shared(RECORDING)), "input-animation")
        self.assertEqual(bpat.detect(shared("upstream_assets/bpat_current/elephant_minimal.bpsm")), "bpsm")
        self.assertIsNone(bpat.detect(os.devnull))


if __name__ == "__main__":
    unittest.main()
