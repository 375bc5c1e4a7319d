"""Runs python-chess's own unit tests (its test.py, from the sdist that `cargo xtask
testdata` fetches) with kingside installed under the name ``chess``, and prints each test's
outcome as JSON lines. Run in a process of its own by test_python_chess_suite.py, so that
the other tests keep the real python-chess as their oracle.

Usage: python python_chess_suite.py PATH/TO/test.py CLASS [CLASS ...]
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys
import types
import unittest


def install_kingside_as_chess() -> None:
    import kingside

    sys.modules["chess"] = kingside
    for name in ("pgn", "polyglot", "svg", "syzygy", "engine", "variant"):
        try:
            module = importlib.import_module(f"kingside.{name}")
        except ImportError as error:
            # Reported by the tests that use it.
            module = types.ModuleType(f"chess.{name}", f"kingside.{name} failed to import: {error}")
        sys.modules[f"chess.{name}"] = module
        setattr(kingside, name, module)
    # Gaviota tables are not kingside's: test.py imports the module and reads one name of it
    # while defining its classes, so it gets an empty module with that name; the tests that
    # use it are not run.
    module = types.ModuleType("chess.gaviota", "not provided by kingside: gaviota")
    module.MissingTableError = type("MissingTableError", (KeyError,), {})  # type: ignore[attr-defined]
    sys.modules["chess.gaviota"] = module
    setattr(kingside, "gaviota", module)


class Recorder(unittest.TestResult):
    def __init__(self) -> None:
        super().__init__()
        self.outcomes = {}

    def _name(self, test: unittest.TestCase) -> str:
        return f"{type(test).__name__}.{test._testMethodName}"

    def addSuccess(self, test):  # noqa: N802 (unittest's names)
        self.outcomes[self._name(test)] = ("pass", "")

    def addFailure(self, test, err):  # noqa: N802
        self.outcomes[self._name(test)] = ("fail", self._exc_info_to_string(err, test)[-2000:])

    def addError(self, test, err):  # noqa: N802
        self.outcomes[self._name(test)] = ("error", self._exc_info_to_string(err, test)[-2000:])

    def addSkip(self, test, reason):  # noqa: N802
        self.outcomes[self._name(test)] = ("skip", str(reason))


def main() -> None:
    path, classes = sys.argv[1], sys.argv[2:]
    install_kingside_as_chess()
    # The tests open their data by paths relative to the sdist's root.
    os.chdir(os.path.dirname(os.path.abspath(path)))
    spec = importlib.util.spec_from_file_location("python_chess_test", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    suite = unittest.TestSuite()
    for name in classes:
        suite.addTests(unittest.defaultTestLoader.loadTestsFromTestCase(getattr(module, name)))
    recorder = Recorder()
    suite.run(recorder)
    for name, (outcome, detail) in sorted(recorder.outcomes.items()):
        print(json.dumps({"test": name, "outcome": outcome, "detail": detail}))


if __name__ == "__main__":
    main()
