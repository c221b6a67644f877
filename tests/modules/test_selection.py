"""kit.modules.selection: configurations sharing a server type, ranked the way the design picks one."""

from __future__ import annotations

import kit.modules as km
from kit.core.frames import pandas_dtype
from kit.modules.selection import CANDIDATE_SCHEMA
from tests.modules.conftest import SIGNIN_MODULES, module_file


def test_candidates_are_ranked_by_instance_id_path_first(make_pack) -> None:
    inv = km.read_modules(
        strict=False,
        source=make_pack("p", {**SIGNIN_MODULES, module_file("z:early"): {"server": {"type": "system:signin"}}}),
    )
    c = km.candidates(inv)
    assert list(c["module_id"]) == ["z:early", "a:signin", "b:signin"]
    assert list(c["rank"]) == [1, 2, 3] and set(c["n_candidates"]) == {3} and set(c["server_type"]) == {"system:signin"}


def test_a_type_with_one_configuration_has_no_candidates(make_pack) -> None:
    files = {**SIGNIN_MODULES, module_file("c:shop"): {"server": {"type": "system:shop"}}}
    c = km.candidates(km.read_modules(strict=False, source=make_pack("p", files)))
    assert set(c["server_type"]) == {"system:signin"}  # system:core and system:shop have one configuration each
    assert list(c["module_id"]) == ["a:signin", "b:signin"] and list(c["rank"]) == [1, 2]


def test_types_are_sorted_and_client_only_configurations_are_left_out(make_pack) -> None:
    files = {
        module_file("b:shop"): {"server": {"type": "system:shop"}},
        module_file("a:shop"): {"server": {"type": "system:shop"}},
        module_file("x:core"): {"server": {"type": "system:core"}},
        module_file("y:core"): {"server": {"type": "system:core"}},
        module_file("c:ui"): {"client": "system:shop"},
        module_file("d:ui"): {"client": "system:shop"},
    }
    c = km.candidates(km.read_modules(strict=False, source=make_pack("p", files)))
    assert list(zip(c["server_type"], c["module_id"], c["rank"], c["n_candidates"])) == [
        ("system:core", "x:core", 1, 2),
        ("system:core", "y:core", 2, 2),
        ("system:shop", "a:shop", 1, 2),
        ("system:shop", "b:shop", 2, 2),
    ]


def test_no_candidates_is_the_empty_frame_with_its_dtypes(make_pack) -> None:
    c = km.candidates(km.read_modules(strict=False, source=make_pack("p", {})))
    assert len(c) == 0 and list(c.columns) == list(CANDIDATE_SCHEMA)
    assert [c[name].dtype for name in CANDIDATE_SCHEMA] == [pandas_dtype(d) for d in CANDIDATE_SCHEMA.values()]
