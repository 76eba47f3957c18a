#!/usr/bin/env python3
"""Rebake every input animation recording under a folder into a BPAT file of its own.

    rebake_folder.py RECORDINGS -o OUTDIR [--recipe hands] [--fps 60] [--format-version 3]

Recordings are found as BPAT Studio finds them (bpat.detect: by their magic under any name, and
any .bin); each becomes OUTDIR/<name>.bpat with one clip named after it. A recording that cannot
be rebaked (or a .bin that is none) is listed with its code and the others go on; exit status 1
when any failed.
"""
import argparse
import os
import sys

import bpat


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("-o", "--output", required=True, help="folder for the BPAT files")
    parser.add_argument("--recipe", default="hands", help=f"built-in ({', '.join(bpat.recipes())}) or a JSON file")
    parser.add_argument("--fps", type=float, default=60.0)
    parser.add_argument("--format-version", default=None, help="1, 2 or 3 (default: the core's)")
    args = parser.parse_args()

    os.makedirs(args.output, exist_ok=True)
    failed = 0
    for root, dirs, names in os.walk(args.folder):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(root, name)
            if bpat.detect(path) != "input-animation":
                continue
            out = os.path.join(args.output, os.path.splitext(name)[0] + ".bpat")
            try:
                result = bpat.rebake(path, out, recipe=args.recipe, fps=args.fps,
                                     format_version=args.format_version)
            except bpat.Error as error:
                failed += 1
                print(f"{path}: {error.code}: {error.message}", file=sys.stderr)
                continue
            (clip,) = result["clips"]
            print(f"{out}: {clip['name']}, {clip['frames']} frames at {clip['fps']:g} fps, "
                  f"{result['bytes']} bytes ({result['dialect']})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
