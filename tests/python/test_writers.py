"""The writers: bpat.convert, bpat.Document (edits), bpat.merge, bpat.rebake, bpat.export_gltf and
bpat.import_gltf write the very bytes of the commands they stand for, and refuse what those
refuse (bpat.RefusedError with a code) leaving the target untouched."""
import base64
import json
import os
import signal
import subprocess
import sys
import threading
import time
import unittest

import numpy as np

import bpat
from bpat_testing import RECORDING, TempDirTestCase, cli, file_bytes, require_shared, shared

V1_HORSE = "upstream_assets/bpat_v1_latest/horse.bpat"
V1_HUMANOID = "upstream_assets/bpat_v1_latest/humanoid.bpat"
LATE_HUMANOID = "upstream_assets/bpat_v3_late/humanoid.bpat"


class TestWriters(TempDirTestCase):

    def test_convert_writes_what_bpat_convert_writes(self):
        source = require_shared(self, V1_HUMANOID)
        for version, flags in ((3, ()), ("v3-early", ()), (2, ()), (3, ("--bind-clip", "walk", "--bind-frame", "2"))):
            with self.subTest(version=version, flags=flags):
                ours, theirs = self.path("ours.bpat"), self.path("theirs.bpat")
                kwargs = {"bind_clip": "walk", "bind_frame": 2} if flags else {}
                result = bpat.convert(source, ours, version, **kwargs)
                cli("convert", source, "-o", theirs, "--to-version", str(version), *flags)
                self.assertEqual(file_bytes(ours), file_bytes(theirs))
                self.assertEqual(result["from"], "v1")
                self.assertEqual(result["to"], bpat.open(ours).dialect)
                self.assertTrue(bpat.validate(ours, deep=True).valid)
        ours, theirs = self.path("bound.bpat"), self.path("bound-cli.bpat")
        bpat.convert(source, ours, 3, bind_from=shared(LATE_HUMANOID))
        cli("convert", source, "-o", theirs, "--to-version", "3", "--bind-from", shared(LATE_HUMANOID))
        self.assertEqual(file_bytes(ours), file_bytes(theirs))

    def test_convert_refusals(self):
        source = require_shared(self, V1_HORSE)
        copy = self.path("horse.bpat")
        with open(copy, "wb") as out:
            out.write(file_bytes(source))
        before = file_bytes(copy)
        with self.assertRaises(bpat.RefusedError) as caught:
            bpat.convert(copy, copy, 2)
        self.assertEqual(caught.exception.code, "OUTPUT_IS_INPUT")
        self.assertEqual(file_bytes(copy), before)
        with self.assertRaises(bpat.UsageError):
            bpat.convert(copy, self.path("x.bpat"), 7)
        with self.assertRaises(bpat.RefusedError) as caught:
            bpat.convert(copy, self.path("x.bpat"), 3, bind_from=shared(V1_HUMANOID))
        self.assertEqual(caught.exception.code, "BIND_POSE_UNUSABLE")
        self.assertFalse(os.path.exists(self.path("x.bpat")))
        bpat.convert(copy, copy, 2, overwrite_input=True)
        self.assertEqual(bpat.open(copy).dialect, "v2")

    def test_edits_write_what_bpat_edit_writes(self):
        source = require_shared(self, V1_HUMANOID)
        doc = bpat.Document(source)
        self.assertEqual(doc.dialect, "v1")
        doc.rename_clip("walk", "stroll")
        doc.set_fps("stroll", 20)
        doc.set_loops(0, False)
        doc.trim_clip("stroll", 1, 5)
        doc.duplicate_clip("stroll", "stroll2")
        doc.add_socket("tip", "Head", (0.0, 0.1, 0.0))
        doc.set_socket_offset("tip", [0.0, 0.2, 0.0])
        doc.remove_clip(-1)
        ours = self.path("edited.bpat")
        self.assertEqual([d.severity for d in doc.check() if d.severity == "error"], [])
        doc.save(ours)
        theirs = self.path("edited-cli.bpat")
        first = bpat.open(source).clips[0].name
        cli("edit", source, "-o", theirs, "--rename-clip", "walk=stroll", "--set-fps", "stroll=20", "--set-loops",
            f"{first}=0", "--trim-clip", "stroll=1:5", "--duplicate-clip", "stroll=stroll2", "--add-socket",
            "tip:Head:0,0.1,0", "--set-socket-offset", "tip=0,0.2,0", "--remove-clip", str(len(doc.clips)))
        self.assertEqual(file_bytes(ours), file_bytes(theirs))
        self.assertEqual([c.name for c in doc.clips], [c.name for c in bpat.open(ours).clips])

    def test_edit_refusals_leave_the_document_and_file(self):
        source = require_shared(self, "upstream_assets/bpat_v2/humanoid.bpat")
        doc = bpat.Document(source)
        names = [c.name for c in doc.clips]
        with self.assertRaises(bpat.RefusedError) as caught:
            doc.rename_clip(0, names[1])  # a duplicate name
        self.assertEqual(caught.exception.code, "EDIT_DUPLICATE_CLIP_NAME")  # docs/validation.md, "Edit refusal codes"
        with self.assertRaises(bpat.RefusedError):
            doc.set_fps(0, -5)
        with self.assertRaises(bpat.NotFoundError):
            doc.remove_clip("nope")
        with self.assertRaises(bpat.UsageError):
            doc.set_marker(0, "lunch", 0.5)
        doc.set_marker(0, "contact", 0.25)
        self.assertEqual(doc.clips[0].markers["contact"], 0.25)
        doc.clear_marker(0, "contact")
        self.assertIsNone(doc.clips[0].markers["contact"])
        self.assertEqual([c.name for c in doc.clips], names)
        other = bpat.Document(shared(V1_HORSE))
        with self.assertRaises(bpat.RefusedError) as caught:
            other.import_clips(source)
        self.assertIn(caught.exception.code, ("SPECIES_MISMATCH", "BONE_COUNT_MISMATCH"))
        target = self.path("target.bpat")
        with open(target, "wb") as out:
            out.write(b"keep me")
        doc.save(target)  # replaced atomically when valid
        self.assertEqual(bpat.open(target).clip_count, len(names))

    def test_merge_and_convert_documents(self):
        require_shared(self)
        a, b = shared(V1_HUMANOID), shared("upstream_assets/bpat_v3_late/humanoid.bpat")
        ours, theirs = self.path("merged.bpat"), self.path("merged-cli.bpat")
        warnings = bpat.merge([a, b], ours, rename_on_conflict=True, format_version=3)
        cli("merge", a, b, "-o", theirs, "--rename-on-conflict", "--format-version", "3")
        self.assertEqual(file_bytes(ours), file_bytes(theirs))
        self.assertIsInstance(warnings, list)
        with self.assertRaises(bpat.RefusedError):
            bpat.merge([a, b], self.path("never.bpat"))  # clip names clash
        self.assertFalse(os.path.exists(self.path("never.bpat")))

    def test_rebake_writes_what_bpat_rebake_writes(self):
        recording = require_shared(self, RECORDING)
        ours, theirs = self.path("ours.bpat"), self.path("theirs.bpat")
        result = bpat.rebake(recording, ours, recipe="hands", fps=30, start=1.0, end=3.0, clip="wave", loops=True,
                             format_version=2)
        cli("rebake", recording, "-o", theirs, "--recipe", "hands", "--fps", "30", "--from", "1", "--to", "3",
            "--clip", "wave", "--loops", "--format-version", "2")
        self.assertEqual(file_bytes(ours), file_bytes(theirs))
        self.assertEqual(result["clips"], [{"name": "wave", "frames": 61, "fps": 30.0}])
        self.assertEqual(result["bytes"], os.path.getsize(ours))
        self.assertEqual(result["dialect"], "v2")
        self.assertTrue(any("current game" in w for w in result["warnings"]), result["warnings"])  # v2: refused today
        bpat.rebake(recording, ours, fps=30, clip="wave")  # the command's default version: late v3
        cli("rebake", recording, "-o", theirs, "--fps", "30", "--clip", "wave")
        self.assertEqual(file_bytes(ours), file_bytes(theirs))
        self.assertEqual(bpat.open(ours).dialect, "v3-late")
        into = bpat.rebake(recording, ours, fps=10, clip="slow", into=ours)
        self.assertEqual(into["clip_count"], 2)
        self.assertEqual([c.name for c in bpat.open(ours).clips], ["wave", "slow"])

    def test_rebake_refusals(self):
        recording = require_shared(self, RECORDING)
        out = self.path("out.bpat")
        with self.assertRaises(bpat.RefusedError) as caught:
            bpat.rebake(recording, out, recipe=self.path("no-recipe.json"))
        self.assertTrue(caught.exception.code.startswith("RECIPE_"), caught.exception.code)
        with self.assertRaises(bpat.UsageError):
            bpat.rebake(recording, out, fps=0)
        with self.assertRaises(bpat.RefusedError) as caught:
            bpat.rebake(shared(V1_HORSE), out)  # not a recording
        self.assertTrue(caught.exception.code.startswith("ANIM_"), caught.exception.code)
        with self.assertRaises(bpat.RefusedError) as caught:
            bpat.rebake(recording, out, start=100.0)  # no keys there
        self.assertEqual(caught.exception.code, "REBAKE_REFUSED")
        self.assertFalse(os.path.exists(out))

    def test_long_work_releases_the_gil(self):
        recording = require_shared(self, RECORDING)
        ticks = []
        done = threading.Event()

        def ticker():
            while not done.is_set():
                ticks.append(time.perf_counter())
                time.sleep(0.005)

        thread = threading.Thread(target=ticker)
        thread.start()
        try:
            started = time.perf_counter()
            bpat.rebake(recording, self.path("gil.bpat"), fps=600, threads=1)
            elapsed = time.perf_counter() - started
        finally:
            done.set()
            thread.join()
        # The other thread kept running while the rebake ran (it would get ~no turns otherwise).
        during = [t for t in ticks if started <= t <= started + elapsed]
        self.assertGreater(len(during), elapsed / 0.005 / 4, f"{len(during)} ticks in {elapsed:.3f} s")

    def test_ctrl_c_cancels_a_rebake_and_writes_nothing(self):
        recording = require_shared(self, RECORDING)
        out = self.path("cancelled.bpat")
        script = ("import bpat, sys\n"
                  "print('started', flush=True)\n"
                  "try:\n"
                  "    bpat.rebake(sys.argv[1], sys.argv[2], fps=9600, format_version=3)\n"
                  "except KeyboardInterrupt:\n"
                  "    sys.exit(3)\n")
        child = subprocess.Popen([sys.executable, "-c", script, recording, out], stdout=subprocess.PIPE, text=True)
        self.assertEqual(child.stdout.readline().strip(), "started")
        time.sleep(0.2)
        child.send_signal(signal.SIGINT)
        started = time.perf_counter()
        child.communicate(timeout=60)
        self.assertEqual(child.returncode, 3)  # KeyboardInterrupt reached the script
        self.assertLess(time.perf_counter() - started, 5.0)
        self.assertEqual(os.listdir(self.tmp), [])  # neither the output nor a temporary

    def test_gltf_round_trip(self):
        source = require_shared(self, V1_HORSE)
        glb, glb_cli = self.path("horse.glb"), self.path("horse-cli.glb")
        exported = bpat.export_gltf(source, glb, clips=["walk", "idle"])
        cli("export", source, "-o", glb_cli, "--clips", "walk,idle")
        self.assertEqual(file_bytes(glb), file_bytes(glb_cli))
        self.assertEqual(exported["animations"], 2)
        self.assertLess(exported["max_global_error"], 1e-4)
        back, back_cli = self.path("back.bpat"), self.path("back-cli.bpat")
        imported = bpat.import_gltf(glb, back, format_version=2)
        cli("import", glb, "-o", back_cli, "--format-version", "2")
        self.assertEqual(file_bytes(back), file_bytes(back_cli))
        default, default_cli = self.path("default.bpat"), self.path("default-cli.bpat")
        bpat.import_gltf(glb, default)  # the version the glTF's BPAT had, as bpat import
        cli("import", glb, "-o", default_cli)
        self.assertEqual(file_bytes(default), file_bytes(default_cli))
        self.assertEqual(bpat.open(default).dialect, "v1")
        self.assertEqual((imported["clips"], imported["bones"]), (2, bpat.open(source).bone_count))
        f, g = bpat.open(source), bpat.open(back)
        self.assertTrue(np.allclose(f.globals("walk"), g.globals("walk"), atol=1e-4))
        with self.assertRaises(bpat.RefusedError) as caught:
            bpat.export_gltf(glb, glb)
        self.assertEqual(caught.exception.code, "OUTPUT_IS_INPUT")
        with self.assertRaises(bpat.RefusedError) as caught:
            bpat.import_gltf(source, self.path("bad.bpat"))  # a BPAT file is no glTF
        self.assertEqual(caught.exception.code, "IMPORT_REFUSED")
        with self.assertRaises(bpat.UsageError):
            bpat.export_gltf(source, self.path("x.glb"), mesh="fur")
        # A .gltf whose buffer is a file beside it: that file is an input too.
        gltf = self.path("horse.gltf")
        bpat.export_gltf(source, gltf, clips=["walk"])
        with open(gltf) as f:
            document = json.load(f)
        uri = document["buffers"][0]["uri"]
        with open(self.path("horse.bin"), "wb") as f:
            f.write(base64.b64decode(uri.split(",", 1)[1]))
        document["buffers"][0]["uri"] = "horse.bin"
        with open(gltf, "w") as f:
            json.dump(document, f)
        self.assertEqual(bpat.import_gltf(gltf, self.path("ok.bpat"))["clips"], 1)
        before = file_bytes(self.path("horse.bin"))
        with self.assertRaises(bpat.RefusedError) as caught:
            bpat.import_gltf(gltf, self.path("horse.bin"))
        self.assertEqual(caught.exception.code, "OUTPUT_IS_INPUT")
        self.assertEqual(file_bytes(self.path("horse.bin")), before)

    def test_gltf_with_the_games_body(self):
        source = require_shared(self, "upstream_assets/bpat_current/wolf.bpat")
        ours, theirs = self.path("wolf.glb"), self.path("wolf-cli.glb")
        result = bpat.export_gltf(source, ours, clips=["idle"], mesh="body")  # wolf_full.bprm beside it
        cli("export", source, "-o", theirs, "--clips", "idle", "--mesh", "body")
        self.assertEqual(file_bytes(ours), file_bytes(theirs))
        self.assertEqual(os.path.basename(result["body"]), "wolf_full.bprm")
        self.assertGreater(result["vertices"], 0)
        with self.assertRaises(bpat.FileError) as caught:
            bpat.export_gltf(shared(V1_HORSE), self.path("nobody.glb"), mesh="body")
        self.assertEqual(caught.exception.code, "BODY_NOT_FOUND")


if __name__ == "__main__":
    unittest.main()
