"""The examples in the docstrings of the public names, run as doctests (the native module's
classes and methods included): a failing example fails this test."""

from __future__ import annotations

import doctest
import inspect

import pytest

import kingside
import kingside.variant
from support import data_dir


def docstring_owners():
    """Every public object of the package with a docstring: functions, classes, and the
    methods and properties of classes (native ones too)."""
    seen = set()
    for name in kingside.__all__:
        obj = getattr(kingside, name)
        if id(obj) in seen or not (inspect.isclass(obj) or callable(obj)):
            continue
        seen.add(id(obj))
        yield f"kingside.{name}", obj
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if attr.startswith("_") and attr not in ("__init__", "__new__"):
                    continue
                if getattr(member, "__doc__", None) and id(member) not in seen:
                    seen.add(id(member))
                    yield f"kingside.{name}.{attr}", member
    for module in (kingside._errors, kingside._board, kingside.variant):
        yield module.__name__, module


def test_docstring_examples_pass():
    globs = {"kingside": kingside}
    book = data_dir() / "python-chess/data/polyglot/performance.bin"
    globs["BOOK"] = str(book)
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    for name, obj in docstring_owners():
        module = inspect.getmodule(obj)
        scope = dict(vars(module)) if module is not None else {}
        scope.update(globs)
        for test in finder.find(obj, name, module=False, globs=scope):
            if "BOOK" in test.docstring and not book.exists():
                continue
            runner.run(test)
            examples += len(test.examples)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctest examples failed"
    assert examples > 20
