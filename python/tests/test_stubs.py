"""The types of the package held to the code, so that the Rust signatures, the stub of the
native module and the Python wrappers cannot drift apart:

- mypy's ``stubtest`` compares ``kingside/_native.pyi`` with the compiled module: every class,
  method, property and function of one is in the other, with the same parameters, their kinds
  (positional-only, keyword-only) and defaults, as pyo3 writes them into each function's text
  signature (the first line of its docstring);
- ``mypy`` checks the package's Python modules against that stub: a wrapper that calls the
  native module with a parameter it does not have, or returns what its annotation denies, fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import kingside
from support import ROOT, missing

PACKAGE = Path(kingside.__file__).resolve().parent
# The [tool.mypy] settings, wherever the package under test is installed.
CONFIG = ROOT / "python" / "pyproject.toml"


def mypy_or_skip() -> None:
    try:
        import mypy  # noqa: F401
    except ImportError:
        missing("mypy is not installed", "pip install mypy")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", *args],
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_stub_matches_the_native_module():
    mypy_or_skip()
    result = run("mypy.stubtest", "kingside._native", "--mypy-config-file", str(CONFIG))
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_package_type_checks_against_the_stub():
    mypy_or_skip()
    result = run("mypy", "--config-file", str(CONFIG), "-p", "kingside")
    assert result.returncode == 0, result.stdout + result.stderr


def test_stubtest_finds_a_stub_that_drifted(tmp_path):
    """The check can fail: a copy of the package whose stub lost a parameter is reported."""
    mypy_or_skip()
    copy = tmp_path / "kingside"
    copy.mkdir()
    for source in list(PACKAGE.glob("*.py")) + list(PACKAGE.glob("*.pyi")) + [PACKAGE / "py.typed"]:
        (copy / source.name).write_text(source.read_text())
    stub = (copy / "_native.pyi").read_text()
    drifted = stub.replace("def move_index(move: Move) -> int: ...", "def move_index() -> int: ...")
    assert drifted != stub
    (copy / "_native.pyi").write_text(drifted)
    # The stub from the copy (MYPYPATH comes first), the module from the installed package.
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "kingside._native", "--mypy-config-file", str(CONFIG)],
        cwd=tmp_path,
        env={**os.environ, "MYPYPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=600,
    )
    # Reported by mypy where a wrapper calls it, or by stubtest against the module.
    assert result.returncode != 0
    assert "move_index" in result.stdout, result.stdout
