"""Threads never crash the interpreter (issue 42, finding 2): six threads editing, checking and
saving one bpat.Document take turns (a lock per document; it used to abort with `free():
corrupted unsorted chunks` in 5 runs of 6), and a bpat.BpatFile closed by one thread while others
read it raises ValueError there instead of pulling the mapping from under them. Runs in the
sanitizer build too (CTest's python label), and scripts/fuzz.sh runs it again under load.

BPAT_THREAD_ROUNDS (default 80) sets the edits per thread."""
import os
import threading
import unittest

import bpat
from bpat_testing import TempDirTestCase, cli

ROUNDS = int(os.environ.get("BPAT_THREAD_ROUNDS", "80"))


class TestThreads(TempDirTestCase):

    def setUp(self):
        super().setUp()
        cli("bake", self.tmp, "--quiet", "--format-version", "3")
        self.humanoid = self.path("humanoid.bpat")

    def run_threads(self, work, count=6):
        errors = []

        def guarded(i):
            try:
                work(i)
            except Exception as e:  # noqa: BLE001 -- any exception fails the test below
                errors.append(repr(e))
        threads = [threading.Thread(target=guarded, args=(i,)) for i in range(count)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])

    def test_one_document_many_threads(self):
        doc = bpat.Document(self.humanoid)
        base = len(doc.clips)

        def work(i):
            for n in range(ROUNDS):
                op = (i + n) % 6
                try:
                    if op == 0:
                        doc.set_fps(n % base, 24 + (n % 7))
                    elif op == 1:
                        doc.duplicate_clip(n % base, f"copy_{i}_{n}")
                    elif op == 2:
                        copies = [c.name for c in doc.clips if c.name.startswith("copy_")]
                        if copies:
                            doc.remove_clip(copies[0])
                    elif op == 3:
                        doc.add_socket(f"s_{i}_{n}", n % 20, (0.0, 0.01 * n, 0.0))
                    elif op == 4:
                        doc.check()
                    else:
                        doc.save(self.path(f"thread{i}.bpat"))
                except bpat.NotFoundError:
                    pass  # another thread removed that clip first
        self.run_threads(work)
        self.assertFalse([d for d in doc.check() if d.severity == "error"])
        out = self.path("after.bpat")
        doc.save(out)
        result = bpat.validate(out, deep=True)
        self.assertTrue(result.valid, [i.code for i in result.issues])
        self.assertEqual(len(bpat.open(out).sockets), len(doc.sockets))

    def test_closing_a_file_other_threads_read(self):
        f = bpat.open(self.humanoid)
        clip = f.clips[0].name
        barrier = threading.Barrier(4)

        def work(i):
            barrier.wait()
            for n in range(ROUNDS):
                try:
                    if i == 0 and n == ROUNDS // 2:
                        f.close()
                    elif i == 1:
                        f.validate(deep=n % 4 == 0)
                    elif i == 2:
                        f.globals(clip)
                    else:
                        f.palette(clip).sum()
                except ValueError:
                    pass  # "I/O operation on a closed bpat.BpatFile": what a closed file says
        self.run_threads(work, 4)
        self.assertTrue(f.closed)


if __name__ == "__main__":
    unittest.main()
