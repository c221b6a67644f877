"""Mod jars (kit.servers.mods): metadata formats, jar-in-jar, bounds, and bad jars as problem rows."""

from __future__ import annotations

import pytest

import kit
from kit.core.errors import FieldError
from kit.servers.mods import (
    MAX_NESTING,
    ModInfo,
    parse_fabric_mod_json,
    parse_mods_toml,
    parse_quilt_mod_json,
    scan_jar,
    text_of,
)
from tests.servers.servers_inputs import game_jar, mods_toml, pack_mcmeta, recipe, server, zip_bytes


def test_text_of_json_text_components():
    assert text_of("plain") == "plain"
    assert text_of({"text": "A ", "extra": [{"text": "b"}, "c", ["d", {"text": "e"}]]}) == "A bcde"
    assert text_of([{"text": "x"}, {"translate": "no.text"}]) == "x"
    assert text_of(None) == "" and text_of(48) == "48"


def test_parse_mods_toml_versions_and_display_names():
    raw = mods_toml("alpha", "${file.jarVersion}", "beta").encode()
    mods = parse_mods_toml(raw, loader="neoforge", jar="mods/a.jar", manifest_version="2.5")
    assert mods == [
        ModInfo("alpha", "2.5", "neoforge", "Alpha", "mods/a.jar"),
        ModInfo("beta", "2.5", "neoforge", "Beta", "mods/a.jar"),
    ]
    # without a manifest the placeholder is not kept as a version
    assert parse_mods_toml(raw, loader="forge", jar="a.jar")[0].version == ""
    bare = b'\xef\xbb\xbf[[mods]]\nmodId = "solo"\n'  # a BOM, no version, no displayName
    assert parse_mods_toml(bare, loader="forge", jar="s.jar") == [ModInfo("solo", "", "forge", "solo", "s.jar")]


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ('modLoader = "javafml"\n', r"no \[\[mods\]\] table"),
        ("mods = []\n", r"no \[\[mods\]\] table"),
        ('[[mods]]\nversion = "1"\n', r"field 'mods\[0\]\.modId': missing"),
        ('[[mods]]\nmodId = "a"\n[[mods]]\nmodId = ""\n', r"field 'mods\[1\]\.modId': missing"),
    ],
)
def test_parse_mods_toml_refuses_files_without_mod_ids(text, match):
    with pytest.raises(FieldError, match=match):
        parse_mods_toml(text.encode(), loader="neoforge", jar="x.jar")


def test_parse_mods_toml_bad_toml_raises_a_value_error():
    with pytest.raises(ValueError):  # tomllib.TOMLDecodeError; scan_jar turns it into a problem row
        parse_mods_toml(b"[[mods]\nmodId = ", loader="neoforge", jar="x.jar")


def test_parse_fabric_and_quilt_metadata_with_nested_jars():
    fabric = b'{"id": "fa", "version": 3, "jars": [{"file": "META-INF/jars/a.jar"}, {"nofile": 1}, "bad"]}'
    assert parse_fabric_mod_json(fabric, jar="f.jar") == (
        ModInfo("fa", "3", "fabric", "fa", "f.jar"),
        ["META-INF/jars/a.jar"],
    )
    quilt = b'{"quilt_loader": {"id": "q", "metadata": {"name": "Q"}, "jars": ["a.jar", {"file": "b.jar"}, {}, 1]}}'
    assert parse_quilt_mod_json(quilt, jar="q.jar") == (ModInfo("q", "", "quilt", "Q", "q.jar"), ["a.jar", "b.jar"])
    odd_meta = b'{"quilt_loader": {"id": "q", "metadata": "not an object"}}'
    assert parse_quilt_mod_json(odd_meta, jar="q.jar")[0].display_name == "q"


@pytest.mark.parametrize(
    ("parse", "raw", "match"),
    [
        (parse_fabric_mod_json, b"[]", "field 'id': missing"),
        (parse_fabric_mod_json, b'{"id": ""}', "field 'id': missing"),
        (parse_quilt_mod_json, b'{"id": "x"}', "field 'quilt_loader.id': missing"),
        (parse_quilt_mod_json, b'{"quilt_loader": {"id": 5}}', "field 'quilt_loader.id': missing"),
    ],
)
def test_parse_json_metadata_without_an_id_raises_field_error(parse, raw, match):
    with pytest.raises(FieldError, match=match):
        parse(raw, jar="x.jar")
    with pytest.raises(ValueError):  # not JSON at all
        parse(b"{", jar="x.jar")


def test_scan_jar_contents_pack_mcmeta_and_manifest_version():
    jar = zip_bytes(
        {
            "META-INF/MANIFEST.MF": "Manifest-Version: 1.0\nImplementation-Version: 4.2\n",
            "META-INF/neoforge.mods.toml": mods_toml("m", "${file.jarVersion}"),
            "META-INF/mods.toml": mods_toml("m"),  # the same mod for Forge: the first format found counts
            "pack.mcmeta": pack_mcmeta([{"text": "Mod "}, "data"], fmt=41),
            "assets/m/lang/en_us.json": {},
        }
    )
    scan = scan_jar(jar, "mods/m.jar")
    assert scan.mods == [ModInfo("m", "4.2", "neoforge", "M", "mods/m.jar")]
    assert (scan.has_data, scan.has_assets, scan.pack_format, scan.description) == (False, True, 41, "Mod data")
    assert scan.problems == [] and scan.nested == [] and "pack.mcmeta" in scan.names


def test_scan_jar_turns_every_failure_into_a_problem_row():
    assert scan_jar(b"not a zip", "mods/x.jar").problems[0][:2] == ("error", "not_a_zip")
    jar = zip_bytes(
        {
            "fabric.mod.json": {"id": "f", "jars": [{"file": "META-INF/jars/gone.jar"}]},
            "pack.mcmeta": "[1, 2]",  # JSON, but not an object
            "META-INF/jars/bad.jar": b"garbage",
            "data/f/recipe/r.json": recipe("f:r"),
        }
    )
    scan = scan_jar(jar, "mods/f.jar")
    assert [(p[1], p[3], p[5]) for p in scan.problems] == [
        ("unreadable_pack_mcmeta", "pack.mcmeta", "mods/f.jar"),
        ("missing_nested_jar", "META-INF/jars/gone.jar", "mods/f.jar"),
    ]
    assert scan.has_data and [m.mod_id for m in scan.mods] == ["f"]
    (bad,) = scan.nested  # the nested jar that is not a zip is scanned and reports itself
    assert bad.label == "mods/f.jar!META-INF/jars/bad.jar" and bad.problems[0][1] == "not_a_zip"
    assert [s.label for s in scan.walk()] == ["mods/f.jar", "mods/f.jar!META-INF/jars/bad.jar"]


def test_scan_jar_stops_at_the_nesting_bound():
    inner = zip_bytes({"META-INF/neoforge.mods.toml": mods_toml("deepest")})
    scan = scan_jar(zip_bytes({"META-INF/jarjar/in.jar": inner}), "top.jar", depth=MAX_NESTING)
    assert scan.nested == [] and scan.problems[0][1:4] == ("nested_too_deep", "", "META-INF/jarjar/in.jar")
    assert [
        m.mod_id for s in scan_jar(zip_bytes({"META-INF/jarjar/in.jar": inner}), "top.jar").walk() for m in s.mods
    ] == ["deepest"]


def test_a_game_jar_declares_no_mod():
    scan = scan_jar(game_jar(), "server.jar")
    assert scan.mods == [] and scan.has_data and scan.problems == []


def test_metadata_formats_jar_in_jar_and_bad_jars(tmp_path):
    fabric_inner = zip_bytes(
        {
            "fabric.mod.json": {"id": "fabric-api-base", "version": "0.1", "name": "Base"},
            "data/fabric/recipe/x.json": recipe("fabric:x"),
        }
    )
    quilt_inner = zip_bytes(
        {"quilt.mod.json": {"quilt_loader": {"id": "qsl_core", "version": "7", "metadata": {"name": "QSL"}}}}
    )
    root = server(
        tmp_path / "srv",
        {
            "server.jar": game_jar(),
            "mods/fabric-api.jar": zip_bytes(
                {
                    "fabric.mod.json": {
                        "id": "fabric-api",
                        "version": "0.100",
                        "name": "Fabric API",
                        "jars": [{"file": "META-INF/jars/base.jar"}, {"file": "META-INF/jars/missing.jar"}],
                    },
                    "META-INF/jars/base.jar": fabric_inner,
                }
            ),
            "mods/qsl.jar": zip_bytes(
                {
                    "quilt.mod.json": {
                        "quilt_loader": {"id": "qsl", "version": "7", "jars": ["META-INF/jars/core.jar"]}
                    },
                    "META-INF/jars/core.jar": quilt_inner,
                }
            ),
            "mods/multi.jar": zip_bytes(
                {
                    "META-INF/neoforge.mods.toml": mods_toml("alpha", "2", "beta"),
                    "data/alpha/recipe/r.json": recipe("alpha:r"),
                }
            ),
            "mods/bad_toml.jar": zip_bytes(
                {"META-INF/neoforge.mods.toml": "[[mods]\nmodId = ", "data/z/recipe/r.json": recipe("z:r")}
            ),
            "mods/no_meta.jar": zip_bytes({"data/nm/recipe/r.json": recipe("nm:r")}),
            "mods/dup.jar": zip_bytes({"META-INF/neoforge.mods.toml": mods_toml("alpha")}),
            "mods/empty.jar": b"",
        },
    )
    s = kit.open_server(root)
    mods = s.mods()
    assert mods[["mod_id", "loader"]].values.tolist() == [
        ["alpha", "neoforge"],
        ["alpha", "neoforge"],
        ["beta", "neoforge"],
        ["fabric-api", "fabric"],
        ["fabric-api-base", "fabric"],
        ["minecraft", "vanilla"],
        ["qsl", "quilt"],
        ["qsl_core", "quilt"],
    ]
    assert mods.set_index("mod_id").loc["qsl_core", "display_name"] == "QSL"
    assert s.loader == "fabric"
    p = s.problems()
    assert sorted(zip(p.kind, p.path)) == [
        ("duplicate_mod", "mods/multi.jar"),
        ("missing_nested_jar", "mods/fabric-api.jar"),
        ("no_mod_metadata", "mods/no_meta.jar"),
        ("not_a_zip", "mods/empty.jar"),
        ("unreadable_metadata", "mods/bad_toml.jar"),
    ]
    assert "neoforge.mods.toml" in p.set_index("kind").loc["unreadable_metadata", "field"]
    ids = s.datapacks().pack_id.tolist()
    assert "mod:fabric-api-base" in ids and "mod:no_meta" in ids and "mod:bad_toml" in ids
    assert {"fabric:x", "alpha:r", "nm:r", "z:r"} <= set(s.load_datapacks().recipes().recipe_id)


def test_jar_in_jar_depth_is_bounded(tmp_path):
    inner = zip_bytes({"META-INF/neoforge.mods.toml": mods_toml("level4")})
    for depth in (3, 2, 1):
        inner = zip_bytes(
            {"META-INF/neoforge.mods.toml": mods_toml(f"level{depth}"), f"META-INF/jarjar/level{depth + 1}.jar": inner}
        )
    root = server(
        tmp_path / "srv",
        {
            "mods/top.jar": zip_bytes(
                {"META-INF/neoforge.mods.toml": mods_toml("level0"), "META-INF/jarjar/level1.jar": inner}
            )
        },
    )
    s = kit.open_server(root)
    assert s.mods().mod_id.tolist() == ["level0", "level1", "level2", "level3"]
    p = s.problems()
    assert p.kind.tolist() == ["nested_too_deep", "no_vanilla_data"] and p.field[0] == "META-INF/jarjar/level4.jar"
