"""kit.core.collector: the collector is off inside and restored to its previous state after, errors included."""

from __future__ import annotations

import gc

import pytest

from kit.core.collector import gc_paused


def test_the_collector_is_paused_and_restored() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_restored_after_an_error_and_left_off_when_it_was_off() -> None:
    with pytest.raises(ValueError), gc_paused():
        raise ValueError("boom")
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_usable_as_a_decorator() -> None:
    @gc_paused()
    def state() -> bool:
        return gc.isenabled()

    assert state() is False and gc.isenabled()
