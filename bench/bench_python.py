#!/usr/bin/env python3
"""The Python module's figures (docs/performance.md, "The Python module"), as Markdown rows.

    bench_python.py BUILD_DIR [--runs N] [--dir SCRATCH] [--recording REC.bin]

1. Opening is a view: a fresh interpreter (NumPy and bpat imported) opens a ~1 MiB and a ~1 GiB
   late-v3 file and takes palette() of its clip; the time of open + palette and the process's
   peak RSS for each (the same for both when nothing is copied).
2. globals() of a whole 504 MB late-v3 clip (the real recording rebaked at 9600 fps) beside the
   C++ deep check's sweep of the same mapping, in the same process: bpat.validate(deep=True) runs
   DeepChecker, what `bpat validate --deep` runs (timed too, as a process). globals() is timed
   into fresh memory (the first call), into memory an earlier result left (every later call)
   and into a caller's buffer (out=).
The files are made with the build's `bpat rebake` in SCRATCH (about 1.6 GB; removed after).
Medians of N runs.
"""
import argparse
import json
import mmap
import os
import statistics
import subprocess
import sys
import tempfile
import time

OPEN_PROBE = r"""
import json, resource, sys, time
start = time.perf_counter()
import numpy, bpat  # a script that takes views has NumPy imported (its import alone is ~0.1-0.5 s)
imported = time.perf_counter()
rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
f = bpat.open(sys.argv[1])
view = f.palette(0)
done = time.perf_counter()
print(json.dumps({"import": imported - start, "open_palette": done - imported, "shape": list(view.shape),
                  "rss_before_kb": rss_before, "rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "owndata": bool(view.flags.owndata), "base": type(view.base).__name__}))
"""


def median(values):
    return statistics.median(values)


def rebake(build, recording, out, fps):
    subprocess.run([os.path.join(build, "bin", "bpat"), "rebake", recording, "-o", out, "--recipe", "hands",
                    "--fps", str(fps), "--format-version", "3", "--quiet"], check=True, capture_output=True)
    return os.path.getsize(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dir", default=tempfile.gettempdir())
    parser.add_argument("--recording", default=os.path.join(os.environ.get("BPAT_SHARED_DIR", "../shared"), "mrtk_samples",
                                                            "holographic-recording_InputAnimation-20201027-134946.bin"))
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(args.build, "python"))
    import numpy as np
    import bpat

    env = dict(os.environ, PYTHONPATH=os.path.join(args.build, "python"))
    scratch = tempfile.mkdtemp(prefix="bench_python.", dir=args.dir)
    small, large, big = (os.path.join(scratch, n) for n in ("small.bpat", "large.bpat", "big.bpat"))
    try:
        sizes = {small: rebake(args.build, args.recording, small, 20),
                 large: rebake(args.build, args.recording, large, 20480),
                 big: rebake(args.build, args.recording, big, 9600)}

        print("| file | open + palette(clip), fresh interpreter | peak RSS (before the open: Python, NumPy and bpat) | view |")
        print("|---|---|---|---|")
        for path in (small, large):
            runs = [json.loads(subprocess.run([sys.executable, "-c", OPEN_PROBE, path], env=env, check=True,
                                              capture_output=True, text=True).stdout) for _ in range(args.runs)]
            ms = median([r["open_palette"] for r in runs]) * 1000
            rss = median([r["rss_kb"] for r in runs]) / 1024
            before = median([r["rss_before_kb"] for r in runs]) / 1024
            r = runs[0]
            print(f"| {sizes[path] / 2**20:,.1f} MiB late v3, {r['shape'][0]:,} frames | {ms:.2f} ms | {rss:.0f} MB "
                  f"({before:.0f} MB) | shape {tuple(r['shape'])}, owndata {r['owndata']}, base {r['base']} |")

        f = bpat.open(big)
        clip = f.clips[0]
        mb = sizes[big] / 1e6

        def timed(fn):
            start = time.perf_counter()
            fn()
            return time.perf_counter() - start

        fresh = timed(lambda: f.globals(0))  # the first large result: memory the process never touched
        # The floor of any fresh result of that size: writing a fresh anonymous mapping once (4 KiB
        # pages, as the module maps them: NumPy's own arrays ask for huge pages, which here take
        # 0.2 to 2.7 s by how fragmented memory is).
        def fresh_floor():
            block = mmap.mmap(-1, clip.frames * f.bone_count * 64)
            np.frombuffer(block, np.float32).fill(1.0)
            return block

        floor = median([timed(fresh_floor) for _ in range(args.runs)])
        deep, reused, into, cli_deep = [], [], [], []
        out = np.empty((clip.frames, f.bone_count, 4, 4), np.float32)
        out.fill(0)
        bpat_exe = os.path.join(args.build, "bin", "bpat")
        for _ in range(args.runs):
            deep.append(timed(lambda: bpat.validate(f, deep=True)))
            reused.append(timed(lambda: f.globals(0)))
            into.append(timed(lambda: f.globals(0, out=out)))
            cli_deep.append(timed(lambda: subprocess.run([bpat_exe, "validate", "--deep", big], check=True,
                                                         capture_output=True)))
        d = median(deep)
        print()
        print(f"| {mb:.0f} MB late-v3 clip ({clip.frames:,} frames x {f.bone_count} bones) | time | throughput | speed relative to the deep sweep |")
        print("|---|---|---|---|")
        print(f"| C++ deep check's sweep of the mapping (bpat.validate(deep=True): DeepChecker) | {d * 1000:.0f} ms | {mb / d / 1000:.2f} GB/s | 1.00 |")
        c = median(cli_deep)
        print(f"| `bpat validate --deep` as a process | {c * 1000:.0f} ms | {mb / c / 1000:.2f} GB/s | {d / c:.2f} |")
        for label, t in (("writing as many bytes into a fresh mapping (the floor of a first call)", floor),
                         ("globals(), first call (fresh memory)", fresh),
                         ("globals(), later calls (memory an earlier result left)", median(reused)),
                         ("globals(out=buffer)", median(into))):
            print(f"| {label} | {t * 1000:.0f} ms | {mb / t / 1000:.2f} GB/s | {d / t:.2f} |")
        print()
        print(f"    runs {args.runs}; deep {', '.join(f'{x * 1000:.0f}' for x in deep)} ms; "
              f"globals reused {', '.join(f'{x * 1000:.0f}' for x in reused)} ms; "
              f"out= {', '.join(f'{x * 1000:.0f}' for x in into)} ms; kernel {bpat_kernel()}")
    finally:
        for path in (small, large, big):
            if os.path.exists(path):
                os.remove(path)
        os.rmdir(scratch)


def bpat_kernel():
    flags = open("/proc/cpuinfo").read()
    return "avx" if " avx " in flags else "sse2"


if __name__ == "__main__":
    main()
