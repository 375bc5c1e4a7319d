"""The type stubs of the native module against the module itself: every class, method,
property and function of one is in the other, with the same parameter names (what mypy's
stubtest checks, without its dependency), so that the stub cannot drift from the code."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import kingside
from kingside import _native

STUB = Path(kingside.__file__).with_name("_native.pyi")

# Dunders pyo3 gives every class, which the stubs need not repeat.
IMPLICIT = {
    "__new__", "__init__", "__doc__", "__module__", "__dict__", "__weakref__", "__repr__",
    "__str__", "__hash__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
    "__getattribute__", "__setattr__", "__delattr__", "__dictoffset__", "__weaklistoffset__",
    "__text_signature__", "__getstate__", "__sizeof__", "__reduce__", "__reduce_ex__",
    "__slots__", "__class_getitem__", "__qualname__", "__name__", "__copy__", "__deepcopy__",
}


def stub_tree():
    tree = ast.parse(STUB.read_text())
    classes, functions = {}, {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = {}
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    members[item.name] = item
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    members[item.target.id] = item
            classes[node.name] = members
        elif isinstance(node, ast.FunctionDef):
            functions[node.name] = node
    return classes, functions


def stub_params(node: ast.FunctionDef) -> list:
    args = node.args
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    return [n for n in names if n not in ("self", "cls")]


def runtime_params(obj) -> list:
    signature = inspect.signature(obj)
    return [
        p.name
        for p in signature.parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name not in ("self", "cls", "slf")
    ]


def test_every_class_and_function_is_in_the_stub_and_the_module():
    classes, functions = stub_tree()
    runtime_classes = {n for n, v in vars(_native).items() if inspect.isclass(v)}
    runtime_functions = {n for n, v in vars(_native).items() if callable(v) and not inspect.isclass(v)}
    assert runtime_classes - set(classes) == set(), "classes missing from the stub"
    assert set(classes) - runtime_classes == set(), "classes of the stub missing from the module"
    assert runtime_functions - set(functions) == set(), "functions missing from the stub"
    assert set(functions) - runtime_functions == set(), "functions of the stub missing from the module"


def test_every_member_is_in_the_stub_and_the_module_with_its_parameters():
    classes, functions = stub_tree()
    problems = []
    for name, members in classes.items():
        cls = getattr(_native, name)
        # Dunders are CPython's slots, named and shaped by it (and a slot brings its
        # reflected twin): the stub's are checked to exist, not the other way.
        own = {m for m in vars(cls) if m not in IMPLICIT and not (m.startswith("__") and m.endswith("__"))}
        for m in sorted(own - set(members)):
            problems.append(f"{name}.{m} is not in the stub")
        for m in sorted(set(members) - IMPLICIT):
            if not hasattr(cls, m):
                problems.append(f"{name}.{m} of the stub is not in the module")
                continue
            node = members[m]
            dunder = m.startswith("__") and m.endswith("__")
            if isinstance(node, ast.FunctionDef) and not dunder and not (node.args.vararg or node.args.kwarg):
                try:
                    runtime = runtime_params(getattr(cls, m))
                except (TypeError, ValueError):
                    continue
                if stub_params(node) != runtime:
                    problems.append(f"{name}.{m}: the stub says {stub_params(node)}, the module {runtime}")
    for name, node in functions.items():
        if not (node.args.vararg or node.args.kwarg) and hasattr(_native, name):
            runtime = runtime_params(getattr(_native, name))
            if stub_params(node) != runtime:
                problems.append(f"{name}: the stub says {stub_params(node)}, the module {runtime}")
    assert not problems, "\n".join(problems)
