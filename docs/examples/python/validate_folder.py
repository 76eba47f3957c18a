#!/usr/bin/env python3
"""Validate every file `bpat validate FOLDER` would under a folder; one CSV row per finding.

    validate_folder.py ASSETS [-o report.csv] [--profile spec|game|motion] [--game-era ERA] [--deep]

A file without findings gets one row with an empty code, so the CSV lists every file checked.
Exit status 1 when any file has an error (as `bpat validate`), 0 otherwise.
"""
import argparse
import csv
import fnmatch
import os
import sys

import bpat


def files_under(folder):
    """The files `bpat validate FOLDER` checks (bpat.folder_globs(): *.bpat, *.bpsm, *.bprm),
    recursively, sorted."""
    patterns = bpat.folder_globs()
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            if any(fnmatch.fnmatch(name.lower(), p) for p in patterns):
                yield os.path.join(root, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("-o", "--output", default="-", help="CSV file to write (default: stdout)")
    parser.add_argument("--profile", default=None, choices=["spec", "game", "motion"], help="default spec")
    parser.add_argument("--game-era", default=None, choices=["current", "v1", "v2", "v3-early"],
                        help="the game profile's reader (alone, it means --profile game)")
    parser.add_argument("--deep", action="store_true", help="also check every matrix and socket row")
    args = parser.parse_args()

    out = sys.stdout if args.output == "-" else open(args.output, "w", newline="", encoding="utf-8")
    writer = csv.writer(out)
    writer.writerow(["path", "kind", "valid", "errors", "warnings", "infos",
                     "code", "severity", "message", "offset", "location"])
    invalid = 0
    for path in files_under(args.folder):
        result = bpat.validate(path, profile=args.profile, game_era=args.game_era, deep=args.deep)
        invalid += not result.valid
        head = [path, result.kind, int(result.valid), result.errors, result.warnings, result.infos]
        if not result.issues:
            writer.writerow(head + ["", "", "", "", ""])
        for issue in result.issues:
            writer.writerow(head + [issue.code, issue.severity, issue.message,
                                    "" if issue.offset is None else issue.offset, issue.location["path"]])
    if out is not sys.stdout:
        out.close()
    print(f"{invalid} invalid file(s)", file=sys.stderr)
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main())
