"""What the Python module's tests share: where the real files are (BPAT_SHARED_DIR, as the C++
tests find them), the `bpat` executable of the same build (BPAT_BINARY_DIR) to compare with,
and skipping -- or failing, with BPAT_REQUIRE_SHARED=1 -- when the shared files are absent."""
import json
import os
import subprocess
import tempfile
import unittest

SHARED = (os.environ.get("BPAT_SHARED_DIR") or os.environ.get("BPAT_DEFAULT_SHARED_DIR")
          or os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared"))
BINARY_DIR = os.environ.get("BPAT_BINARY_DIR", os.path.join(os.path.dirname(__file__), "..", "..", "build"))
BPAT = os.path.join(BINARY_DIR, "bin", "bpat")
RECORDING = "mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin"
EMPTY_RECORDING = "mrtk_samples/empty_InputAnimation.bin"
DIALECT_DIRS = ["bpat_v1_initial", "bpat_v1_latest", "bpat_v2", "bpat_v3_early", "bpat_v3_late", "bpat_current"]


def shared(relative):
    return os.path.join(SHARED, relative)


def require_shared(test, relative="upstream_assets"):
    """Skips the test when a shared file is missing (fails with BPAT_REQUIRE_SHARED=1)."""
    path = shared(relative)
    if os.path.exists(path):
        return path
    if os.environ.get("BPAT_REQUIRE_SHARED") == "1":
        test.fail(f"shared asset not found: {path} (BPAT_REQUIRE_SHARED=1)")
    raise unittest.SkipTest(f"shared asset not found: {path}")


def real_bpat_files(test):
    """Every real BPAT file of every dialect in ../shared/upstream_assets."""
    require_shared(test)
    files = []
    for folder in DIALECT_DIRS:
        directory = shared(os.path.join("upstream_assets", folder))
        if os.path.isdir(directory):
            files += sorted(os.path.join(directory, n) for n in os.listdir(directory) if n.endswith(".bpat"))
    test.assertTrue(files)
    return files


def cli(*args, check=True):
    """Runs the build's `bpat` with the arguments; the completed process. Without LD_PRELOAD: a
    sanitizer build preloads its runtime into Python for the module, and `bpat` links its own."""
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    result = subprocess.run([BPAT, *map(str, args)], capture_output=True, text=True, env=env)
    if check and result.returncode != 0:
        raise AssertionError(f"bpat {' '.join(map(str, args))} exited {result.returncode}: {result.stderr}")
    return result


def cli_json(*args):
    """`bpat ... --json`, parsed (whatever the exit status)."""
    return json.loads(cli(*args, "--json", check=False).stdout)


class TempDirTestCase(unittest.TestCase):
    """A scratch folder per test."""

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="bpat-python-test-")
        self.tmp = self._tmp.name

    def tearDown(self):
        self._tmp.cleanup()

    def path(self, name):
        return os.path.join(self.tmp, name)


def file_bytes(path):
    with open(path, "rb") as f:
        return f.read()
