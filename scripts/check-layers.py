#!/usr/bin/env python3
"""The layer rules of docs/architecture.md ("Layers"), checked on the sources (CI runs it):

1. Inside src/core, a folder includes only its own files and those of the folders below it in
   the layer list of docs/architecture.md (the numbered list under "The core's layers", bottom
   first); every folder of src/core is on that list.
2. The window and the command line (src/app, src/cli) never read a BPAT file's palette bytes
   themselves (little-endian field readers, casts of the bytes to floats, copies out of the
   palette, socket or contact data, pointer arithmetic on section offsets): they ask the core
   (BpatFile's accessors, GlobalPalette, PaletteSource's views).
3. Species facts live in src/core/species only: no other file in src/ names a species or one of
   its rigs in a string literal of its own ("horse", "humanoid_sword.bpat", "horse_50bone"),
   compares a species id with a number, or uses the retired species constants. The names are
   read from the catalogue itself (src/core/species/Species.cpp), so a new species is checked
   without touching this script.

  scripts/check-layers.py               checks the tree; exit 1 with every violation
  scripts/check-layers.py --graph       also prints the folder graph drawn from the includes
  scripts/check-layers.py --self-check  plants one violation of each rule in a copy of the
                                        tree and shows the check fails on each (and passes the
                                        copy without them)
  scripts/check-layers.py --root DIR    checks another tree (what --self-check uses)
"""
import argparse
import os
import re
import shutil
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/[^"]+"', re.M)
LAYER_ITEM = re.compile(r"^\d+\.\s+`([a-z_]+)/`")
# A line that names a species' word for something else (a JSON keyword) says so, with why.
ALLOW = "check-layers: not a species"

PALETTE_RULES = [
    (re.compile(r"\b(?:format|fmt)::read(?:U8|U16|U32|U64|F32|Floats)\b|\breadFloats\s*<"),
     "decodes BPAT fields itself (format::read*)"),
    (re.compile(r"reinterpret_cast\s*<\s*(?:const\s+)?float\s*\*\s*>"), "reinterprets bytes as floats"),
    (re.compile(r"\bmemcpy\s*\([^;]*\b(?:palette|contacts?|socketData|bindPalette)\b"),
     "copies palette, socket or contact bytes itself"),
    (re.compile(r"\.(?:data|bytes)\(\)\s*(?:\+|\.sliced\s*\()[^;]*\b(?:paletteDataOffset|socketDataOffset|"
                r"bindPaletteOffset|contactDataOffset|boneParentOffset)\b"),
     "finds a section's bytes by its offset itself"),
]

# A comparison of a species id with a number (a sign check, ">= 0" or "< 0", is none), and a
# statement setting one from a number (a member's default in its declaration is none).
SPECIES_COMPARE = re.compile(r"\b[A-Za-z_]*[Ss]pecies(?:Id)?\w*(?:\(\))?\s*(==|!=|<=|>=|<|>)\s*(\d+)\b(?!\.)")
SPECIES_RULES = [
    (re.compile(r"^\s*[\w.>\[\]-]*\b\w*[Ss]peciesId\s*=\s*\d+\s*;"), "sets a species id from a number"),
    (re.compile(r"\b(?:Species|SpeciesRig|BodyFiles)::\w+\(\s*\d"), "names a species by its number (use Species::Id)"),
    (re.compile(r"\b(?:LastKnownSpecies|LastV1Species|speciesIdFromName|GameRigs)\b"),
     "uses a retired species constant (ask species/Species)"),
]


TOKENS = re.compile(r'R"([^(\s]*)\((?:.|\n)*?\)\1"|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*(?:.|\n)*?\*/')


def strip_comments(text):
    """C++ text with comments blanked (string literals kept), lines preserved."""
    def keep(m):
        token = m.group(0)
        if token.startswith("//"):
            return ""
        if token.startswith("/*"):
            return "\n" * token.count("\n")
        return token
    return TOKENS.sub(keep, text)


def sources(root, top):
    for base, dirs, files in os.walk(os.path.join(root, top)):
        dirs.sort()
        for f in sorted(files):
            if f.endswith((".h", ".cpp")):
                path = os.path.join(base, f)
                yield os.path.relpath(path, root), open(path, encoding="utf-8", errors="replace").read()


def layer_order(root):
    doc = os.path.join(root, "docs", "architecture.md")
    order, inside = [], False
    for line in open(doc, encoding="utf-8"):
        if line.startswith("### The core's layers"):
            inside = True
            continue
        if inside and line.startswith("#"):
            break
        m = LAYER_ITEM.match(line.strip()) if inside else None
        if m:
            order.append(m.group(1))
    return order


def species_names(root):
    """Every species and rig name of the catalogue: the lower-case literals of Species.cpp."""
    path = os.path.join(root, "src", "core", "species", "Species.cpp")
    if not os.path.exists(path):
        return set()
    text = strip_comments(open(path, encoding="utf-8").read())
    names = set(re.findall(r'"([a-z][a-z0-9_]*)"', text))
    return {n for n in names if len(n) >= 4 and not re.fullmatch(r"[0-9a-f]{8}", n)}


def check(root, graph=False):
    problems = []
    order = layer_order(root)
    rank = {folder: i for i, folder in enumerate(order)}
    core = os.path.join(root, "src", "core")
    folders = sorted(d for d in os.listdir(core) if os.path.isdir(os.path.join(core, d)))
    if not order:
        problems.append("docs/architecture.md: no layer list under \"### The core's layers\"")
    for folder in folders:
        if order and folder not in rank:
            problems.append(f"src/core/{folder}/ is not in the layer list of docs/architecture.md")
    edges = {}
    for path, text in sources(root, os.path.join("src", "core")):
        folder = path.split(os.sep)[2]
        code = strip_comments(text)
        for m in INCLUDE.finditer(code):
            target = m.group(1)
            if target == folder or not os.path.isdir(os.path.join(core, target)):
                continue
            edges.setdefault(folder, set()).add(target)
            if folder in rank and target in rank and rank[target] > rank[folder]:
                line = code.count("\n", 0, m.start()) + 1
                problems.append(f"{path}:{line}: includes {m.group(0).split()[-1]}: {target}/ is above {folder}/ "
                                f"(docs/architecture.md, \"Layers\")")
    for top in ("src/app", "src/cli"):
        for path, text in sources(root, top):
            for lineno, line in enumerate(strip_comments(text).split("\n"), 1):
                for rule, what in PALETTE_RULES:
                    if rule.search(line):
                        problems.append(f"{path}:{lineno}: {what}: ask the core (BpatFile, GlobalPalette, PaletteSource)")
    names = species_names(root)
    literal = re.compile(r'"((?:[a-z][a-z0-9_]*))(?:\.bpat|\.bpsm|_full\.bprm|_minimal\.bprm|_minimal\.bpsm)?"')
    for path, text in sources(root, "src"):
        if path.startswith(os.path.join("src", "core", "species") + os.sep):
            continue
        raw = text.split("\n")
        for lineno, line in enumerate(strip_comments(text).split("\n"), 1):
            if ALLOW in raw[lineno - 1]:
                continue
            for m in literal.finditer(line):
                if m.group(1) in names:
                    problems.append(f"{path}:{lineno}: names species or rig \"{m.group(1)}\" itself: "
                                    f"ask species/Species or species/SpeciesRig")
            for m in SPECIES_COMPARE.finditer(line):
                if not (m.group(1) in (">=", "<") and m.group(2) == "0"):
                    problems.append(f"{path}:{lineno}: compares a species id with a number: species facts live in "
                                    f"src/core/species")
            for rule, what in SPECIES_RULES:
                if rule.search(line):
                    problems.append(f"{path}:{lineno}: {what}: species facts live in src/core/species")
    if graph:
        print("src/core folders, bottom first, and what each includes:")
        for folder in order:
            below = ", ".join(sorted(edges.get(folder, ()), key=lambda f: rank.get(f, 99)))
            print(f"  {folder:12} -> {below or '-'}")
    return problems


def self_check(root):
    """Plants one violation of each rule in copies of the tree and expects the check to fail."""
    plants = [
        ("src/core/io/MappedFile.h", '#include "formats/FormatRegistry.h"\n', "an upward include in io/"),
        ("src/app/viewport/PaletteSource.cpp",
         "static float first(const unsigned char *p) { return *reinterpret_cast<const float *>(p); }\n",
         "palette bytes read in the app"),
        ("src/core/motion/MotionRig.cpp", 'static const char *planted = "horse_50bone";\n',
         "a rig named outside the catalogue"),
        ("src/cli/InfoCommand.cpp", "static bool planted(unsigned speciesId) { return speciesId == 5; }\n",
         "a species id compared outside the catalogue"),
    ]
    ok = True
    with tempfile.TemporaryDirectory(prefix="check-layers.") as tmp:
        for rel in ("src", "docs"):
            shutil.copytree(os.path.join(root, rel), os.path.join(tmp, rel))
        if check(tmp):
            print("layer self-check: the unchanged copy of the tree fails:\n  " + "\n  ".join(check(tmp)))
            return False
        for path, line, what in plants:
            target = os.path.join(tmp, path)
            original = open(target, encoding="utf-8").read()
            open(target, "w", encoding="utf-8").write(original + line)
            found = check(tmp)
            open(target, "w", encoding="utf-8").write(original)
            if found:
                print(f"layer self-check: {what} fails the check: {found[0]}")
            else:
                print(f"layer self-check: {what} ({path}) passed the check")
                ok = False
    if ok:
        print("layer self-check: every planted violation fails, the tree without them passes")
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--graph", action="store_true")
    parser.add_argument("--self-check", action="store_true")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    if args.self_check:
        return 0 if self_check(root) else 1
    problems = check(root, args.graph)
    for p in problems:
        print(p)
    if problems:
        print(f"layer check: {len(problems)} violation(s) of docs/architecture.md \"Layers\"")
        return 1
    print("layer check: no include runs up a layer of src/core; the app and the CLI read no palette bytes "
          "themselves; species facts only in src/core/species")
    return 0


if __name__ == "__main__":
    sys.exit(main())
