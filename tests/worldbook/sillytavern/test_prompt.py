"""Using a simulated step's slots as SillyTavern builds the prompt: outlets and the Author's Note."""

from __future__ import annotations

from kit.worldbook.sillytavern.prompt import author_note_with_world_info, expand_outlets
from tests.worldbook.sillytavern.st_inputs import E, run


def test_outlet_macros_and_author_note_assembly() -> None:
    entries = (
        E(0, [], "hi-o", constant=True, position=7, outletName="Lore", order=9),
        E(1, [], "lo-o", constant=True, position=7, outletName="Lore", order=1),
        E(2, [], "top", constant=True, position=2),
        E(3, [], "bottom", constant=True, position=3),
    )
    step = run(*entries)
    assert expand_outlets("A {{OUTLET:: Lore }} B {{outlet::lore}} C", step) == "A hi-o\nlo-o B  C"
    assert author_note_with_world_info("note", step) == "top\nnote\nbottom"
    assert author_note_with_world_info("note", run(E(9, [], "x", constant=True, position=0))) == "note"


def test_expand_outlets_on_a_bare_step():
    step = {"outletEntries": {"Lore": ["a", "b"], "Empty": []}}
    assert expand_outlets("{{outlet::Lore}}", step) == "a\nb"
    assert expand_outlets("x{{outlet::Empty}}y{{outlet::Missing}}z", step) == "xyz"
    assert expand_outlets("{{outlet::Lore}}", {}) == ""  # a step without outlets
    assert expand_outlets("no macros {{outlet}} {{outlet::}}", step) == "no macros {{outlet}} {{outlet::}}"
    # the replacement is not expanded again
    assert expand_outlets("{{outlet::A}}", {"outletEntries": {"A": ["{{outlet::B}}"], "B": ["b"]}}) == "{{outlet::B}}"


def test_author_note_strips_one_newline_at_each_end():
    assert author_note_with_world_info("note", {}) == "note"
    assert author_note_with_world_info("", {"ANBeforeEntries": ["t"]}) == "t\n"
    assert author_note_with_world_info("\nnote\n", {}) == "\nnote\n"
    step = {"ANBeforeEntries": ["t1", "t2"], "ANAfterEntries": ["b1"]}
    assert author_note_with_world_info("note", step) == "t1\nt2\nnote\nb1"
