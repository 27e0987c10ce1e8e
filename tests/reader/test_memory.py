"""The reader's process keeps the memory it frees for the next word's crop (ocr/memory.py)."""

import subprocess
import sys
import textwrap


def _given_back(start: str) -> int:
    """MB a process gives back to the system when it drops 24 MB of working images it made
    and filled, as each word's crop does, `start` run first."""
    code = textwrap.dedent("""
        import numpy as np
        {start}
        def resident():
            with open("/proc/self/statm") as f:
                return int(f.read().split()[1]) * 4096 // 2 ** 20
        block = np.ones((3000, 1000), np.float64)  # 24 MB, every page touched
        held = resident()
        del block
        print(held - resident())
    """).format(start=start)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-800:]
    return int(out.stdout.splitlines()[-1])


def test_working_images_freed_are_kept_for_the_next_crop():
    # left as it is, glibc gives a freed 24 MB block straight back, and the next crop's pages
    # are faulted in and zeroed again (a fifth of a 12 MP table's time)
    assert _given_back("") >= 20
    assert _given_back("from ocr.memory import hold_freed_memory\nassert hold_freed_memory()") < 4


def test_the_server_keeps_them_too():
    app = ("from companion import create_app\n"
           "create_app({'TESTING': True, 'SQLALCHEMY_DATABASE_URI': 'sqlite://'})")
    assert _given_back(app) < 4
