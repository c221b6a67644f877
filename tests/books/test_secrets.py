from __future__ import annotations

import pytest

from kit.books import SecretError, check_no_secrets, open_store
from kit.books.secrets import find_secrets, is_secret_field, looks_like_key
from kit.core.errors import KitError


@pytest.mark.parametrize(
    "name", ["api_key", "apiKey", "API-KEY", "secret", "Secret", "token", "TOKEN", "authorization", "Authorization",
             "client_secret", "accessToken", "openai_api_key", "password", "apiKeys", "x-api-key", "OPENAI_API_KEY"],
)  # fmt: skip
def test_key_like_field_names(name):
    assert is_secret_field(name)


@pytest.mark.parametrize("name", ["token_budget", "max_tokens", "tokens", "secret_garden_note", "description", "keys"])
def test_ordinary_field_names(name):
    assert not is_secret_field(name)


@pytest.mark.parametrize(
    "text",
    [
        "sk-" + "a1B2" * 12,
        "use sk-ant-api03-" + "Zx9" * 15 + " please",
        "AIza" + "Sy3x" * 9,
        "ghp_" + "a1" * 18,
        "AKIA" + "ABCD1234EFGH5678",
        "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9abcdef123456",
        "xoxb-1234567890-abcdefghij",
        "hf_" + "aB3" * 12,
        "gsk_" + "Qw7e" * 13,
        "xai-" + "Zz9" * 20,
        "r8_" + "k2L" * 13,
    ],
)
def test_provider_keys_are_recognised(text):
    assert looks_like_key(text) is not None


@pytest.mark.parametrize(
    "text",
    ["task-oriented-dialogue-systems-are-here", "sk-short1", "ask-me-anything-about-the-forest-2024", "林遥的口头禅"],
)
def test_prose_is_not_a_key(text):
    assert looks_like_key(text) is None


def test_nested_field_is_named_by_key_path():
    value = {"runSkillManifest": {"skills": [{"id": "persona", "config": {"apiKey": "x"}}]}}
    assert list(find_secrets(value)) == [("runSkillManifest.skills[0].config.apiKey", "is named like a credential")]
    with pytest.raises(SecretError, match=r"runSkillManifest\.skills\[0\]\.config\.apiKey") as info:
        check_no_secrets(value, where="book.json")
    assert isinstance(info.value, KitError) and isinstance(info.value, ValueError)
    assert info.value.field == "runSkillManifest.skills[0].config.apiKey"


def test_message_never_echoes_the_key():
    key = "sk-proj-" + "Q7w" * 12
    with pytest.raises(SecretError) as info:
        check_no_secrets({"summary": f"my key is {key}"}, where="traces.jsonl")
    assert key not in str(info.value)
    assert "'summary'" in str(info.value)


def _tree(root):
    return sorted((p.relative_to(root).as_posix(), p.read_bytes()) for p in root.rglob("*") if p.is_file())


def test_store_refuses_secrets_and_writes_nothing(tmp_path):
    store = open_store(tmp_path / "studio")
    store.create_card_book("test", book_id="cb", at="2026-01-01T00:00:00Z")
    before = _tree(tmp_path)
    with pytest.raises(SecretError, match="summary"):
        store.append_design_trace("cb", "user_input", "here: sk-" + "abc123" * 8, at="2026-01-01T00:01:00Z")
    with pytest.raises(SecretError, match=r"runSkillManifest\.provider\.api_key"):
        store.update_book("cb", run_skill_manifest={"provider": {"api_key": "abc"}}, at="2026-01-01T00:02:00Z")
    with pytest.raises(SecretError, match="value"):
        store.record_artifact(
            "cb", "设计.密钥", "AIza" + "Sy3x" * 9, event="user_accepted_artifact", at="2026-01-01T00:03:00Z"
        )
    with pytest.raises(SecretError, match="content"):
        store.add_message("cb", "user", "token ghp_" + "a1" * 18, at="2026-01-01T00:04:00Z")
    with pytest.raises(SecretError, match="token"):
        store.create_card_book("x", book_id="cb2", run_skill_manifest={"token": "t"}, at="2026-01-01T00:05:00Z")
    assert _tree(tmp_path) == before
