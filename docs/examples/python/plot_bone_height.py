#!/usr/bin/env python3
"""Plot a bone's height over a clip: the Y of its global (model-space) origin, frame by frame.

    plot_bone_height.py FILE CLIP BONE [-o height.png]

FILE is a BPAT file of any version (late v3's skinning matrices are turned into globals by
bpat); BONE a rig name ("FootL") or an index. Writes a PNG with matplotlib when it is installed
(Debian: python3-matplotlib); without it, says so and writes the numbers as CSV instead
(height.csv beside the PNG name), so the script still runs.
"""
import argparse
import os
import sys

import numpy as np

import bpat


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("clip", help="clip name or index")
    parser.add_argument("bone", help="bone name (from the rig) or index")
    parser.add_argument("-o", "--output", default="height.png")
    args = parser.parse_args()

    f = bpat.open(args.file)
    clip = f.clip(args.clip)
    bone = int(args.bone) if args.bone.isdigit() else f.bone_index(args.bone)
    world = f.globals(clip)                   # (frames, bones, 4, 4), row-major globals
    height = world[:, bone, 1, 3]             # +Y is up; column 3 holds the translation
    seconds = np.arange(clip.frames) / clip.fps
    name = f.bones[bone].name
    print(f"{name} in {clip.name}: {height.min():.4f} .. {height.max():.4f} m over {clip.duration:.3f} s")

    try:
        import matplotlib
        matplotlib.use("Agg")  # no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        csv_path = os.path.splitext(args.output)[0] + ".csv"
        np.savetxt(csv_path, np.column_stack([seconds, height]), delimiter=",", fmt="%.6f",
                   header="seconds,height", comments="")
        print(f"matplotlib is not installed (python3-matplotlib): wrote {csv_path} instead")
        return 0
    fig, ax = plt.subplots(figsize=(8, 3))
    ax.plot(seconds, height)
    ax.set_xlabel("time (s)")
    ax.set_ylabel(f"{name} height (m)")
    ax.set_title(f"{os.path.basename(args.file)}: {clip.name}")
    fig.tight_layout()
    fig.savefig(args.output, dpi=100)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
