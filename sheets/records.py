"""Records: ``@record`` is ``@dataclass(frozen=True)``, made without compiling code.

A record class is a dataclass (:func:`dataclasses.fields`, :func:`dataclasses.replace` and
:func:`dataclasses.asdict` work on it) whose instances behave as a frozen dataclass's do: an
``__init__`` taking the fields in order, defaults and ``field(default_factory=...)``, then
``__post_init__``; ``__repr__``, ``__eq__`` and ``__hash__`` over the fields that show and
compare; :class:`~dataclasses.FrozenInstanceError` on assignment. ``@record(frozen=False)`` is
``@dataclass``: the fields may be assigned and the record is unhashable.

Why not ``@dataclass`` itself: before Python 3.13 it writes six methods of each class as source
text and compiles them when the module is imported, some 0.3 ms a class; the package's forty
records made that a third of the time a build spends importing the package. A record's methods
are closures over its fields, made in microseconds. Only what this package uses is supported
(no ``init=False`` fields, ``InitVar``, ``kw_only`` or ordering); anything else is refused
when the class is made.
"""

from __future__ import annotations

import dataclasses
import reprlib
from dataclasses import MISSING, FrozenInstanceError
from operator import attrgetter
from typing import Any, Callable, TypeVar

C = TypeVar("C", bound=type)


def record(cls: C | None = None, /, *, frozen: bool = True) -> Any:
    """Make a class a record: ``@record`` or ``@record(frozen=False)``."""
    if cls is None:
        return lambda c: _make(c, frozen)
    return _make(cls, frozen)


def _values(names: tuple[str, ...]) -> Callable[[object], tuple]:
    """A function giving the values of some fields as a tuple (for none or one, too)."""
    if not names:
        return lambda _: ()
    if len(names) == 1:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return attrgetter(*names)


def _make(cls: C, frozen: bool) -> C:
    # the dataclass machinery with every generated method turned off: it collects the fields
    # (annotations, defaults, field()) and compiles nothing
    cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False)
    fields = dataclasses.fields(cls)
    for f in fields:
        if not f.init or f.kw_only is True:
            raise TypeError(f"{cls.__qualname__}.{f.name}: a record's fields are all set by "
                            "position or keyword in __init__")
    names = tuple(f.name for f in fields)
    known = frozenset(names)
    defaults = {f.name: f.default for f in fields if f.default is not MISSING}
    factories = {f.name: f.default_factory for f in fields if f.default_factory is not MISSING}
    post_init = hasattr(cls, "__post_init__")
    count = len(names)
    qualname = cls.__qualname__
    put = object.__setattr__

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if not kwargs and len(args) == count:
            for name, value in zip(names, args):
                put(self, name, value)
        else:
            if len(args) > count:
                raise TypeError(f"{qualname}.__init__() takes {count + 1} positional "
                                f"arguments but {len(args) + 1} were given")
            given = dict(zip(names, args))
            for name, value in kwargs.items():
                if name not in known:
                    raise TypeError(f"{qualname}.__init__() got an unexpected keyword "
                                    f"argument {name!r}")
                if name in given:
                    raise TypeError(f"{qualname}.__init__() got multiple values for "
                                    f"argument {name!r}")
                given[name] = value
            for name in names:
                if name in given:
                    value = given[name]
                elif name in defaults:
                    value = defaults[name]
                elif name in factories:
                    value = factories[name]()
                else:
                    raise TypeError(f"{qualname}.__init__() missing required argument: "
                                    f"{name!r}")
                put(self, name, value)
        if post_init:
            self.__post_init__()

    shown = tuple(f.name for f in fields if f.repr)

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({inner})"

    compared = _values(tuple(f.name for f in fields if f.compare))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    methods: dict[str, Any] = {"__init__": __init__, "__repr__": __repr__, "__eq__": __eq__}
    if frozen:
        hashed = _values(tuple(f.name for f in fields
                               if (f.compare if f.hash is None else f.hash)))

        def __hash__(self) -> int:
            return hash(hashed(self))

        def __setattr__(self, name: str, value: Any) -> None:
            if type(self) is cls or name in known:
                raise FrozenInstanceError(f"cannot assign to field {name!r}")
            super(cls, self).__setattr__(name, value)

        def __delattr__(self, name: str) -> None:
            if type(self) is cls or name in known:
                raise FrozenInstanceError(f"cannot delete field {name!r}")
            super(cls, self).__delattr__(name)

        methods.update(__hash__=__hash__, __setattr__=__setattr__, __delattr__=__delattr__)
    else:
        methods["__hash__"] = None  # as a dataclass that compares but is not frozen
    for name, method in methods.items():
        if name in cls.__dict__ and name != "__hash__":
            raise TypeError(f"{qualname} defines {name}: a record makes its own")
        if method is not None:
            method.__qualname__ = f"{qualname}.{name}"
        setattr(cls, name, method)
    return cls


__all__ = ["record"]
