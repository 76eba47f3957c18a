"""The three worked scripts of docs/python.md (docs/examples/python/) run as a user runs them,
on the real files, and give what the module and the CLI say."""
import csv
import os
import shutil
import subprocess
import sys
import unittest

import bpat
from bpat_testing import RECORDING, TempDirTestCase, cli, require_shared, shared

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "examples", "python")


def run_example(name, *args, hide_matplotlib_in=None):
    env = dict(os.environ)
    paths = [p for p in [hide_matplotlib_in, env.get("PYTHONPATH")] if p]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *map(str, args)],
                          capture_output=True, text=True, env=env)


class TestExamples(TempDirTestCase):

    def test_validate_folder_to_csv(self):
        folder = require_shared(self, "upstream_assets/bpat_current")
        report = self.path("report.csv")
        run = run_example("validate_folder.py", folder, "-o", report, "--profile", "game")
        expected_exit = cli("validate", folder, "--profile", "game", check=False).returncode
        self.assertEqual(run.returncode, expected_exit, run.stderr)
        with open(report, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        files = sorted({r["path"] for r in rows})
        suffixes = tuple(g.lstrip("*") for g in bpat.folder_globs())
        self.assertEqual(len(files), len([n for n in os.listdir(folder) if n.endswith(suffixes)]))
        self.assertIn("bpsm", {r["kind"] for r in rows})
        for path in files:
            result = bpat.validate(path, profile="game")
            mine = [r for r in rows if r["path"] == path]
            self.assertEqual([r["code"] for r in mine if r["code"]], [d.code for d in result.issues])
            self.assertEqual(mine[0]["valid"], str(int(result.valid)))
        # The v1 files against the v1-era game (the current game refuses them).
        old = shared("upstream_assets/bpat_v1_latest")
        run = run_example("validate_folder.py", old, "-o", report, "--game-era", "v1")
        self.assertEqual(run.returncode, cli("validate", old, "--game-era", "v1", check=False).returncode, run.stderr)
        self.assertEqual(run.returncode, 0)
        self.assertNotEqual(run_example("validate_folder.py", old, "-o", report, "--profile", "game").returncode, 0)

    def test_plot_bone_height(self):
        path = require_shared(self, "upstream_assets/bpat_current/humanoid.bpat")
        # Without matplotlib (hidden by a module of that name that fails to import): a CSV instead.
        hide = self.path("hide")
        os.makedirs(hide)
        with open(os.path.join(hide, "matplotlib.py"), "w") as f:
            f.write("raise ImportError('hidden for the test')\n")
        png = self.path("height.png")
        run = run_example("plot_bone_height.py", path, "walk", "FootL", "-o", png, hide_matplotlib_in=hide)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("matplotlib is not installed", run.stdout)
        with open(self.path("height.csv")) as f:
            lines = f.read().splitlines()
        walk = bpat.open(path).clip("walk")
        self.assertEqual(lines[0], "seconds,height")
        self.assertEqual(len(lines), 1 + walk.frames)
        height = float(lines[1].split(",")[1])
        self.assertAlmostEqual(height, float(bpat.open(path).globals("walk")[0, bpat.open(path).bone_index("FootL"), 1, 3]), places=5)
        # With matplotlib where it is installed.
        run = run_example("plot_bone_height.py", path, "walk", "3", "-o", png)
        self.assertEqual(run.returncode, 0, run.stderr)
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            self.assertIn("matplotlib is not installed", run.stdout)
        else:
            with open(png, "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_rebake_folder(self):
        recording = require_shared(self, RECORDING)
        folder = self.path("recordings")
        os.makedirs(os.path.join(folder, "day2"))
        shutil.copy(recording, os.path.join(folder, "day2", "take1.bin"))
        shutil.copy(recording, os.path.join(folder, "take2.dat"))  # found by content, not name
        with open(os.path.join(folder, "notes.txt"), "wb") as f:
            f.write(b"not a recording")
        out = self.path("baked")
        run = run_example("rebake_folder.py", folder, "-o", out, "--fps", "20", "--format-version", "3")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(sorted(os.listdir(out)), ["take1.bpat", "take2.bpat"])
        for name in ("take1", "take2"):
            baked = bpat.open(os.path.join(out, name + ".bpat"))
            self.assertEqual(baked.dialect, "v3-late")
            self.assertEqual([c.name for c in baked.clips], [name])
            self.assertTrue(bpat.validate(baked, deep=True).valid)
        # A recording that cannot be rebaked, and a .bin that is none, are reported; the others
        # are still rebaked.
        empty = shared("mrtk_samples/holographic-recording_InputAnimation-20201011-130542.bin")
        shutil.copy(empty, os.path.join(folder, "empty.bin"))
        with open(os.path.join(folder, "firmware.bin"), "wb") as f:
            f.write(b"\0" * 64)
        shutil.rmtree(out)
        run = run_example("rebake_folder.py", folder, "-o", out, "--fps", "20")
        self.assertEqual(run.returncode, 1)
        self.assertIn("empty.bin: REBAKE_REFUSED", run.stderr)
        self.assertIn("firmware.bin: ANIM_", run.stderr)
        self.assertEqual(sorted(os.listdir(out)), ["take1.bpat", "take2.bpat"])


if __name__ == "__main__":
    unittest.main()
