#!/usr/bin/env python3
"""Generates hostile glTF files (issue 35) in a temporary folder, runs `bpat import` on each
under /usr/bin/time -v and prints a Markdown table: the case, the file's size, the exit status,
the start of the message, the wall and CPU (user + system) time and the peak resident memory. docs/robustness.md holds
the figures.

    scripts/measure-hostile-gltf.py [BPAT] [--keep DIR]

BPAT defaults to build/bin/bpat. Nothing is written outside the temporary folder (or DIR).
"""
import base64
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

MB = 1 << 20


def motion_gltf(buffer, extra_nodes=None, accessors_extra=None, node_b=None):
    """Two joints A -> B, A translated over two keys; buffer is the buffers[0] object."""
    nodes = [{"name": "A", "children": [1]}, dict({"name": "B", "translation": [0, 1, 0]}, **(node_b or {}))]
    if extra_nodes:
        nodes += extra_nodes
    accessors = [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR"},
                 {"bufferView": 1, "componentType": 5126, "count": 2, "type": "VEC3"}]
    if accessors_extra:
        accessors += accessors_extra
    return {
        "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": nodes,
        "skins": [{"joints": [0, 1]}], "buffers": [buffer],
        "bufferViews": [{"buffer": 0, "byteLength": 8}, {"buffer": 0, "byteOffset": 8, "byteLength": 24}],
        "accessors": accessors,
        "animations": [{"name": "move", "samplers": [{"input": 0, "output": 1}],
                        "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}]}],
    }


def motion_bin():
    return struct.pack("<8f", 0, 1, 0, 0, 0, 2, 0, 0)


def embedded():
    b = motion_bin()
    return {"byteLength": len(b), "uri": "data:application/octet-stream;base64," + base64.b64encode(b).decode()}


def glb(json_text, binary):
    j = json_text.encode() if isinstance(json_text, str) else json_text
    j += b" " * (-len(j) % 4)
    b = binary + b"\0" * (-len(binary) % 4)
    total = 12 + 8 + len(j) + (8 + len(b) if b else 0)
    out = b"glTF" + struct.pack("<II", 2, total) + struct.pack("<I", len(j)) + b"JSON" + j
    if b:
        out += struct.pack("<I", len(b)) + b"BIN\0" + b
    return out


def write(folder, name, data):
    path = os.path.join(folder, name)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def cases(folder):
    """(label, path) of every generated file."""
    out = []
    # Before issue 35: ../ addresses read files outside the folder into the keyframes.
    os.makedirs(os.path.join(folder, "model"), exist_ok=True)
    write(folder, "secret.bin", motion_bin() + b"\0" * 4210)
    for uri in ["../secret.bin", "%2e%2e/secret.bin", "..%2Fsecret.bin", "/etc/passwd", "file:///etc/passwd"]:
        out.append((f"address `{uri}`", write(folder, f"model/uri{len(out)}.gltf",
                                              json.dumps(motion_gltf({"uri": uri, "byteLength": 4242})))))
    # A .glb buffer of byteLength 0 (SIGABRT before).
    out.append(("`.glb` buffer of byteLength 0", write(folder, "zero.glb", glb(json.dumps(motion_gltf({"byteLength": 0})), motion_bin()))))
    # extras nested 20,000 deep (stack overflow before).
    doc = json.dumps(motion_gltf(embedded()))
    deep = '{"x":' * 20000 + "1" + "}" * 20000
    out.append(("extras nested 20,000 deep", write(folder, "deep.gltf", doc.replace('"name": "B"', '"extras": ' + deep + ', "name": "B"'))))
    # 200 accessors without a buffer view, 4 M MAT4 elements each (minutes before).
    viewless = [{"componentType": 5126, "count": 1 << 22, "type": "MAT4"}] * 200
    out.append(("200 viewless accessors of 4 M MAT4", write(folder, "viewless.gltf", json.dumps(motion_gltf(embedded(), accessors_extra=viewless)))))
    # 4 M nodes in 60 MB of JSON (3.3 GB and 98 s before).
    text = json.dumps(motion_gltf(embedded()))
    marked = json.dumps(motion_gltf(embedded(), extra_nodes=[{"name": "SENTINEL"}]))
    nodes = ",".join('{"name":"%07d"}' % i for i in range(4_000_000))
    out.append(("4 M named nodes", write(folder, "nodes.gltf", marked.replace('{"name": "SENTINEL"}', nodes))))
    empty = ",".join(["{}"] * 4_000_000)
    out.append(("4 M empty nodes", write(folder, "empty-nodes.gltf", marked.replace('{"name": "SENTINEL"}', empty))))
    # A 200 MB node name (1.7 GB before).
    out.append(("a 200 MB node name", write(folder, "name.gltf", text.replace('"name": "B"', '"name": "' + "n" * (200 * MB) + '"'))))
    # 60 MB of numbers in extras.
    out.append(("30 M numbers in extras", write(folder, "values.gltf",
                                                          text.replace('"name": "B"', '"extras": [' + "0," * (30 * MB) + '0], "name": "B"'))))
    # Within every budget, 60 MB: 100,000 nodes with 600-byte names.
    big = [{"name": "n%06d" % i + "x" * 593} for i in range(99_990)]
    out.append(("within the budgets: 100 k nodes, long names", write(folder, "accepted.gltf",
                                                                           json.dumps(motion_gltf(embedded(), extra_nodes=big)))))
    # A 60 MB .glb within the budgets: a 15 M-float accessor over its BIN chunk.
    bin60 = motion_bin() + b"\0" * (60 * MB)
    g = motion_gltf({"byteLength": len(bin60)}, accessors_extra=[
        {"bufferView": 2, "componentType": 5126, "count": 5 * MB, "type": "VEC3"}])
    g["bufferViews"].append({"buffer": 0, "byteOffset": 32, "byteLength": 60 * MB})
    out.append(("`.glb` within the budgets: 15.7 M floats", write(folder, "big.glb", glb(json.dumps(g), bin60))))
    return out


def run(bpat, path, out):
    p = subprocess.run(["/usr/bin/time", "-v", bpat, "import", path, "-o", out], capture_output=True, text=True, errors="replace")
    err = p.stderr
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", err).group(1)) / 1024
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", err).group(1)
    parts = [float(x) for x in wall.split(":")]
    seconds = parts[-1] + 60 * (parts[-2] if len(parts) > 1 else 0)
    cpu = sum(float(re.search(rf"{kind} time \(seconds\): (\S+)", err).group(1)) for kind in ("User", "System"))
    message = next((line for line in err.splitlines() if line.startswith("bpat import")), p.stdout.strip())
    message = re.sub(r"^.*?not written: ", "", message)
    message = message.split(": ", 1)[-1] if message.startswith("/") else message
    return p.returncode, message[:110], seconds, cpu, rss


def main():
    args = sys.argv[1:]
    keep = None
    if "--keep" in args:
        keep = args[args.index("--keep") + 1]
        del args[args.index("--keep"):args.index("--keep") + 2]
    bpat = os.path.abspath(args[0] if args else "build/bin/bpat")
    with tempfile.TemporaryDirectory() as tmp:
        folder = keep or tmp
        os.makedirs(folder, exist_ok=True)
        print("| case | size | exit | message | wall | CPU | peak RSS |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for label, path in cases(folder):
            size = os.path.getsize(path)
            code, message, seconds, cpu, rss = run(bpat, path, os.path.join(tmp, "out.bpat"))
            shown = f"{size / MB:.1f} MB" if size >= MB else f"{size / 1024:.1f} KB"
            message = message.replace("|", "\\|")
            print(f"| {label} | {shown} | {code} | {message} | {seconds:.2f} s | {cpu:.2f} s | {rss:.0f} MiB |", flush=True)
            if not keep:
                os.remove(path)


if __name__ == "__main__":
    main()
