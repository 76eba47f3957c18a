"""bpat.render: `bpat render` for scripts, a NumPy picture drawn by the viewport's own renderer
off-screen: one frame or a filmstrip, with the game's body, the compare ghost, and the errors of
the command as bpat.Error subclasses. Needs a display (the suite runs under Xvfb)."""
import os
import unittest

os.environ.pop("QT_QPA_PLATFORM", None)  # the suite's offscreen platform has no OpenGL
import bpat  # noqa: E402
from bpat_testing import require_shared  # noqa: E402

HORSE = "upstream_assets/bpat_current/horse.bpat"
WOLF = "upstream_assets/bpat_current/wolf.bpat"
BACKGROUND = (41, 43, 48)  # the viewport's clear colour


@unittest.skipUnless(os.environ.get("DISPLAY"), "bpat.render needs X or Xvfb (run under xvfb-run -a)")
@unittest.skipUnless(hasattr(bpat, "render"), "built without the window's GL library")
class TestRender(unittest.TestCase):

    def test_one_frame_and_a_filmstrip(self):
        horse = require_shared(self, HORSE)
        one = bpat.render(horse, clip="walk", frames=6, size=(200, 150))
        self.assertEqual(one.shape, (150, 200, 3))
        self.assertEqual(str(one.dtype), "uint8")
        self.assertEqual(tuple(one[0, 0]), BACKGROUND)
        drawn = (abs(one.astype(int) - BACKGROUND).sum(axis=2) > 30).mean()
        self.assertGreater(drawn, 0.05)  # the horse and the grid
        strip = bpat.render(horse, clip=1, frames=[0, 6, 12], size=(100, 80), camera="side", body="stand-in")
        self.assertEqual(strip.shape, (80, 300, 3))
        again = bpat.render(horse, clip="walk", frames=6, size=(200, 150))
        self.assertTrue((again == one).all())  # the same picture every time

    def test_compare_ghost_and_errors(self):
        horse, wolf = require_shared(self, HORSE), require_shared(self, WOLF)
        plain = bpat.render(horse, clip="walk", size=(64, 48))
        self.assertEqual(plain.shape, (48, 64, 3))
        with self.assertRaises(bpat.NotFoundError):
            bpat.render(horse, clip="gallop_nonexistent")
        with self.assertRaises(bpat.NotFoundError):
            bpat.render(horse, clip="walk", frames=[900])
        with self.assertRaises(bpat.UsageError):
            bpat.render(horse, camera="below")
        with self.assertRaises(bpat.RefusedError):
            bpat.render(horse, compare=wolf)  # another bone count
        with self.assertRaises(bpat.FileError):
            bpat.render(horse + ".missing")


if __name__ == "__main__":
    unittest.main()
