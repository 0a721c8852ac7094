"""A record behaves as the frozen dataclass it stands for: the same class written both ways
gives the same values, text, equality, hashes and refusals."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Generic, TypeVar

import pytest

import sheets
from sheets.records import record

T = TypeVar("T")


def twins(frozen: bool = True):
    """One class body made twice: a dataclass and a record."""
    def body(decorate):
        @decorate
        class Hand(Generic[T]):
            """A few fields of every kind the package uses."""

            seat: int
            cards: tuple[T, ...] = ()
            notes: tuple[str, ...] = field(default_factory=tuple)
            label: str = field(default="", repr=False, compare=False)

            def __post_init__(self) -> None:
                if self.seat < 0:
                    raise ValueError("no such seat")

            @property
            def size(self) -> int:
                return len(self.cards)
        return Hand
    plain = body(dataclass(frozen=True) if frozen else dataclass)
    made = body(record if frozen else record(frozen=False))
    return plain, made


def same(a, b) -> bool:
    """The same fields and values, read through the dataclass API."""
    return dataclasses.asdict(a) == dataclasses.asdict(b)


@pytest.mark.parametrize("frozen", [True, False])
def test_a_record_is_made_and_shown_as_its_dataclass(frozen):
    plain, made = twins(frozen)
    calls = [((1,), {}), ((1, ("QS",)), {}), ((), {"seat": 2, "notes": ("x",)}),
             ((3, ("2C",), ("a",), "kept"), {}), ((0,), {"label": "not shown"})]
    for args, kwargs in calls:
        a, b = plain(*args, **kwargs), made(*args, **kwargs)
        assert same(a, b)
        assert repr(a) == repr(b)
        assert a.size == b.size
    assert [f.name for f in dataclasses.fields(made)] == [f.name for f in dataclasses.fields(plain)]
    assert same(dataclasses.replace(plain(1), cards=("AH",)),
                dataclasses.replace(made(1), cards=("AH",)))


@pytest.mark.parametrize("frozen", [True, False])
def test_a_record_compares_as_its_dataclass(frozen):
    plain, made = twins(frozen)
    for make in (plain, made):
        assert make(1, ("QS",)) == make(1, ("QS",))
        assert make(1, label="a") == make(1, label="b")  # the label does not compare
        assert make(1) != make(2)
        assert make(1) != (1, (), (), "")
    if frozen:
        for a, b in [(plain(1, ("QS",)), made(1, ("QS",))), (plain(4), made(4))]:
            assert hash(a) == hash(b)
    else:
        with pytest.raises(TypeError):
            hash(made(1))


def test_a_frozen_record_refuses_changes_and_a_mutable_one_takes_them():
    plain, made = twins(frozen=True)
    for obj in (plain(1), made(1)):
        with pytest.raises(FrozenInstanceError, match="cannot assign to field 'seat'"):
            obj.seat = 2
        with pytest.raises(FrozenInstanceError, match="cannot delete field 'seat'"):
            del obj.seat
    _, mutable = twins(frozen=False)
    obj = mutable(1)
    obj.seat = 2
    assert obj.seat == 2


def test_a_record_refuses_bad_calls_and_runs_post_init():
    plain, made = twins()
    for make in (plain, made):
        with pytest.raises(ValueError, match="no such seat"):
            make(-1)
        with pytest.raises(TypeError, match="missing"):
            make()
        with pytest.raises(TypeError, match="unexpected keyword argument 'sit'"):
            make(1, sit=2)
        with pytest.raises(TypeError, match="multiple values"):
            make(1, seat=2)
        with pytest.raises(TypeError, match="positional"):
            make(1, (), (), "", 5)


def test_one_field_and_no_fields_hash_as_their_dataclasses():
    @dataclass(frozen=True)
    class A:
        x: int

    @record
    class B:
        x: int

    @dataclass(frozen=True)
    class Empty:
        pass

    @record
    class Nothing:
        pass

    assert hash(A(5)) == hash(B(5)) and repr(B(5)) == "test_one_field_and_no_fields_hash_as_" \
        "their_dataclasses.<locals>.B(x=5)"
    assert hash(Empty()) == hash(Nothing()) and Nothing() == Nothing()


def test_a_record_refuses_what_it_does_not_support():
    with pytest.raises(TypeError, match="set by position or keyword"):
        @record
        class Hidden:
            x: int = field(default=0, init=False)
    with pytest.raises(TypeError, match="makes its own"):
        @record
        class Shown:
            x: int

            def __repr__(self) -> str:
                return "x"


def test_every_record_of_the_package_is_a_dataclass():
    found = 0
    for info in pkgutil.walk_packages(sheets.__path__, "sheets."):
        if info.name.startswith(("sheets.service", "sheets.site")):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__ \
                    and dataclasses.is_dataclass(value):
                assert value.__init__.__qualname__ == f"{value.__qualname__}.__init__"
                found += 1
    assert found >= 40
