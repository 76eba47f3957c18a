"""bpat.open on input animation recordings: curves by name whose sample() gives the core's
evaluator's values (what `bpat anim sample` prints, there rounded to float), keys as stored,
markers, read errors with their ANIM_* codes."""
import json
import unittest

import numpy as np

import bpat
from bpat_testing import RECORDING, TempDirTestCase, cli, cli_json, file_bytes, require_shared, shared


class TestRecording(TempDirTestCase):

    def test_curves_sample_as_the_core_does(self):
        path = require_shared(self, RECORDING)
        rec = bpat.open(path)
        self.assertEqual(rec.kind, "input-animation")
        info = cli_json("anim", "info", path)
        self.assertEqual(rec.version, info["version"])
        self.assertEqual(rec.curve_names, [c["name"] for c in info["curves"]])
        self.assertEqual(len(rec), len(info["curves"]))
        self.assertEqual(rec.key_count, sum(c["keys"] for c in info["curves"]))
        # Times inside, between, before and after the keys, unsorted, on a grid that hits keys.
        times = np.concatenate([np.linspace(-1.0, rec.duration + 1.0, 157), [3.0, 0.0, 1.5, rec.duration]])
        names = ["LeftHand/IndexTip/PositionX", "RightHand/Wrist/RotationW", "Camera/PositionY", "LeftHand/Tracked",
                 "RightHand/Pinching"]
        expected = json.loads(cli("anim", "sample", path, "--times", ",".join(repr(float(t)) for t in times),
                                  "--curves", ",".join(names), "--json").stdout)
        self.assertEqual(expected["times"], times.tolist())
        for name in names:
            with self.subTest(curve=name):
                curve = rec[name]
                values = curve.sample(times)
                self.assertEqual(values.shape, times.shape)
                if curve.type == "bool":
                    self.assertEqual(values.dtype, np.bool_)
                    self.assertEqual(values.astype(float).tolist(), expected["curves"][name])
                else:
                    self.assertEqual(values.dtype, np.float64)
                    # The CLI prints the core's doubles rounded to float: the same floats.
                    self.assertEqual(values.astype(np.float32).tolist(), np.float32(expected["curves"][name]).tolist())
                    # Exactly the core's random-access evaluation (CurveEvaluator::evaluate) at every time.
                    self.assertEqual([curve(float(t)) for t in times], values.tolist())
        table = rec.sample(times, names)
        self.assertEqual(table.shape, (len(times), len(names)))
        self.assertEqual(table[:, 0].tolist(), rec[names[0]].sample(times).tolist())
        self.assertEqual(rec.sample(times[:5]).shape, (5, len(rec)))
        self.assertEqual(rec[names[0]].sample(times[:160].reshape(-1, 2)).shape, (80, 2))

    def test_keys_and_markers(self):
        rec = bpat.open(require_shared(self, RECORDING))
        curve = rec["LeftHand/IndexTip/PositionY"]
        keys = curve.keys
        self.assertEqual(len(keys), curve.key_count)
        self.assertEqual(keys.dtype.names, ("time", "value", "in_tangent", "out_tangent", "in_weight", "out_weight", "weighted_mode"))
        self.assertEqual(float(keys["time"][0]), curve.first_time)
        self.assertEqual(float(keys["time"][-1]), curve.last_time)
        self.assertEqual(curve.sample(keys["time"].astype(np.float64)).astype(np.float32).tolist(), keys["value"].tolist())
        tracked = rec["RightHand/Tracked"]
        self.assertEqual(tracked.keys.dtype.names, ("time", "value"))
        self.assertEqual((curve.pre_wrap, curve.post_wrap), ("ClampForever", "ClampForever"))
        self.assertIsInstance(rec.markers, list)
        self.assertIn("Camera/PositionX", rec)
        self.assertNotIn("EyeGaze/OriginX", rec)  # a 1.0 file has no eye gaze
        with self.assertRaises(bpat.NotFoundError) as caught:
            rec["EyeGaze/OriginX"]
        self.assertEqual(caught.exception.code, "CURVE_NOT_FOUND")
        self.assertEqual(len(rec.curves), len(rec))

    def test_read_errors_carry_their_codes(self):
        source = require_shared(self, RECORDING)
        cut = self.path("cut.bin")
        with open(cut, "wb") as out:
            out.write(file_bytes(source)[:5000])
        with self.assertRaises(bpat.FileError) as caught:
            bpat.open(cut)
        self.assertTrue(caught.exception.code.startswith("ANIM_"), caught.exception.code)
        self.assertTrue(caught.exception.diagnostics)
        self.assertEqual(caught.exception.code, caught.exception.diagnostics[-1].code)
        self.assertEqual([d.code for d in bpat.validate(cut).issues], [d.code for d in caught.exception.diagnostics])


if __name__ == "__main__":
    unittest.main()
