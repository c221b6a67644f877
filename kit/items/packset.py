"""The loaded packs: tables as DataFrames, item sources, item uses, names and loot statistics."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kit.core.errors import InvalidParameterError
from kit.core.frames import frame
from kit.items import pack_tables
from kit.items._common import norm_id
from kit.items.errors import UnknownItemError, UnknownLootTableError, UnknownRecipeError, nearest_hint
from kit.items.index import ItemIndex, ProblemRows
from kit.items.loot import LootContext, LootTable, loot_context
from kit.items.matching import NameIndex, NameMatch, fold, rank_candidates
from kit.items.names import check_language, display_names, item_spellings, lang_key_to_id
from kit.items.recipes import Recipe
from kit.items.refs import RefExpander, recipe_ref_problems
from kit.items.sources import MAX_TAGS, PROVIDERS, ItemSourceOutput, ProviderRegistry
from kit.items.tags import ResolvedTags

__all__ = ["PackSet"]

# the frames' schemas, re-exported from their earlier home
RECIPE_SCHEMA = pack_tables.RECIPE_SCHEMA
PROBLEM_SCHEMA = pack_tables.PROBLEM_SCHEMA
CONDITION_SCHEMA = pack_tables.CONDITION_SCHEMA
LOOT_TABLE_SCHEMA = pack_tables.LOOT_TABLE_SCHEMA
TAG_SCHEMA = pack_tables.TAG_SCHEMA
ITEM_SCHEMA = pack_tables.ITEM_SCHEMA
USES_SCHEMA = pack_tables.USES_SCHEMA
PACK_SCHEMA = pack_tables.PACK_SCHEMA
EXPECTATION_SCHEMA = pack_tables.EXPECTATION_SCHEMA


class PackSet:
    """Recipes, loot tables, item tags and display names of a list of data packs (see ``load_datapacks``).

    ``mods`` is the set of mod ids loader conditions were evaluated against (``None`` when not given).
    """

    def __init__(
        self,
        recipes: Mapping[str, Recipe],
        tables: Mapping[str, LootTable],
        tags: ResolvedTags,
        lang: Mapping[str, Mapping[str, str]],
        errors: Sequence[tuple],
        packs: Sequence[Any],
        *,
        problems: Sequence[tuple] = (),
        conditions: Sequence[tuple] = (),
        assets: Mapping[str, Any] | None = None,
        mods: frozenset[str] | None = None,
        sources: Sequence[Any] = (),
        pending_lang: Callable[[dict, list, list], None] | None = None,
    ) -> None:
        self._sources = list(sources)  # the packs' file listings, for kit.items.pack_files
        self._problems = list(problems)
        self._conditions = list(conditions)
        self._assets = dict(assets or {})
        self.mods = mods
        self._icons: dict[str, bytes | None] = {}
        self._recipes = dict(recipes)
        self._tables = dict(tables)
        self._tags = tags
        self._lang_tables = {k: dict(v) for k, v in lang.items()}
        self._pending_lang = pending_lang  # pending_lang(tables, errors, problems) adds language files left to decode
        self._errors = list(errors)
        self._packs = list(packs)
        self._refs = RefExpander(tags)
        self._index = ItemIndex(
            self._recipes, self._tables, self._refs, ProblemRows(self._tables, self._errors, self._problems)
        )
        self._names: dict[tuple[str, ...], NameIndex] = {}
        self._item_ids: tuple[str, ...] | None = None
        self._spellings: dict[str, list[str]] | None = None
        self._lang_ids_cache: set[str] | None = None
        self._input_ids_cache: set[str] | None = None
        self._calc: dict[LootContext, Any] = {}

    def _settle_lang(self) -> dict[str, dict[str, str]]:
        """The language tables, the loader's pending language files decoded first (once; their rows go first)."""
        if self._pending_lang is not None:
            self._pending_lang(self._lang_tables, self._errors, self._problems)
        return self._lang_tables

    _lang = property(_settle_lang)

    def __repr__(self) -> str:
        self._settle_lang()  # their errors count
        return (
            f"<PackSet {len(self._packs)} packs: {len(self._recipes)} recipes, {len(self._tables)} loot tables, "
            f"{len(self._tags.members)} item tags, {len(self._errors)} errors>"
        )

    # ---------------------------------------------------------------- helpers

    @property
    def index(self) -> ItemIndex:
        """The lookup tables behind the built-in providers (item -> recipes, loot tables, tags, uses)."""
        return self._index

    def _report_table(self, tid: str, reason: str) -> None:
        """Report a loot table found unusable after loading (once per table and reason)."""
        self._index.report("unusable_loot_table", tid, "", reason, "loot_table")

    def tag_items(self, tag_id: str) -> tuple[str, ...]:
        """Item ids of an item tag (``"minecraft:planks"`` or ``"#minecraft:planks"``); ``()`` if unknown."""
        return self._tags.items(norm_id(tag_id.lstrip("#")))

    def recipe(self, recipe_id: str) -> Recipe:
        """The parsed recipe ``recipe_id``.

        Raises
        ------
        UnknownRecipeError
            When no loaded pack defines it (a ``KeyError``; the message names the nearest ids).
        """
        rid = norm_id(recipe_id)
        if rid not in self._recipes:
            raise UnknownRecipeError(
                f"recipe {rid!r} is not defined by the loaded packs{nearest_hint(rid, self._recipes)}"
            )
        return self._recipes[rid]

    def loot_table(self, loot_table_id: str) -> LootTable:
        """The loot table ``loot_table_id``.

        Raises
        ------
        UnknownLootTableError
            When no loaded pack defines it.
        """
        tid = norm_id(loot_table_id)
        if tid not in self._tables:
            raise UnknownLootTableError(
                f"loot table {tid!r} is not defined by the loaded packs{nearest_hint(tid, self._tables)}"
            )
        return self._tables[tid]

    @property
    def features(self) -> tuple[str, ...]:
        """Names of the built-in feature packs found inside the loaded packs (applied or not)."""
        return tuple(sorted({f for p in self._packs for f in p.features}))

    # ---------------------------------------------------------------- frames

    @property
    def errors(self):
        """Deprecated alias of :meth:`problems` (kept for one release; warns with DeprecationWarning)."""
        warnings.warn(
            "PackSet.errors is deprecated and will be removed in the next release: use PackSet.problems()",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.problems()

    def problems(self):
        """Everything kit could not read or resolve, in the shared problems shape.

        Returns
        -------
        pandas.DataFrame
            Columns ``severity`` (ordered: warning < error), ``kind``, ``object_id``, ``field``, ``message``,
            ``path`` (inside the pack), ``pack``. Kinds: ``unreadable_recipe`` / ``unreadable_loot_table`` /
            ``unreadable_item_tag`` / ``unreadable_lang`` (a file that fails to parse), ``removed_by_override`` (a
            top-priority file that fails to parse, so the id has no recipe or loot table at all), ``failed_tag``
            (a cycle or a missing required reference: the tag fails as a whole), ``undefined_tag`` (a recipe slot
            naming a tag no pack defines or one that failed; the slot stays visible as the tag),
            ``unresolved_ingredient`` (a custom ingredient kit cannot compute),
            ``undecided_condition`` (a loader condition kit cannot evaluate; the file is kept),
            ``unusable_loot_table`` (a table the loot scan or the loot figures could not use; other tables are
            unaffected), ``capped`` (a warning: one of kit's caps cut a result, such as the loot scan's 4,096 tables
            or 8 tag members per table; the message says what was left out). Sorted by severity (errors first),
            kind, object id.
        """
        self._settle_lang()  # their rows come first
        found = list(self._problems)
        for rid in sorted(self._recipes):
            found.extend(recipe_ref_problems(rid, self._recipes[rid], self._refs))
        return frame(PROBLEM_SCHEMA, pack_tables.problem_rows(found))

    def conditions(self):
        """Every loaded file that carried loader conditions, and the verdict.

        Returns
        -------
        pandas.DataFrame
            Columns ``resource_type`` (recipe, loot_table, item_tag), ``resource_id``, ``conditions`` (readable,
            e.g. ``mod_loaded(create)``), ``conditions_met`` (True / False / missing when undecided; files with
            False are not loaded), ``notes``, ``pack``, ``path``; sorted by type and id.
        """
        return frame(CONDITION_SCHEMA, pack_tables.condition_rows(self._conditions))

    def item_icon(self, item_id: str) -> bytes | None:
        """The PNG bytes of an item's icon from the loaded packs' textures, or ``None``.

        See :func:`kit.items.item_icon`.
        """
        from kit.items.icons import find_icon

        item_id = norm_id(item_id)
        if item_id not in self._icons:
            self._icons[item_id] = find_icon(item_id, self._read_asset)
        return self._icons[item_id]

    def _read_asset(self, rel: str) -> bytes | None:
        reader = self._assets.get(rel)
        if reader is None:
            return None
        try:
            return reader()
        except (OSError, ValueError, KeyError):
            return None

    def packs(self):
        """The loaded packs in priority order (lowest first), with the feature packs each one holds.

        Returns
        -------
        pandas.DataFrame
            Columns ``pack``, ``kind`` (folder, zip, jar, feature), ``features`` (tuple), ``is_applied``, ``location``.
        """
        return frame(PACK_SCHEMA, pack_tables.pack_rows(self._packs))

    def recipes(self):
        """One row per recipe (after overrides).

        Returns
        -------
        pandas.DataFrame
            Columns ``recipe_id``, ``recipe_type``, ``kind``, ``result_item_id`` (the first item output, "" when
            none is written), ``result_count``, ``width`` (0 unless shaped), ``n_inputs``, ``inputs`` (tuple of
            slots, each ``"id|#tag|custom(...)"``; ``""`` for an empty grid slot), ``station`` (for a recipe type
            kit does not know: the type's mod), ``category``, ``group``, ``n_results`` (item outputs),
            ``results`` (tuple of ``(item_id, count, chance)``; a ``#tag`` id for "one item of the tag"),
            ``conditions_met`` (True, or missing when a loader condition is undecided), ``notes`` (non-item
            inputs and outputs, chances, tools, undecided conditions; joined with ``"; "``), ``folder``
            (``recipe`` or ``recipes``), ``pack``, ``path``; sorted by ``recipe_id``.
        """
        return frame(RECIPE_SCHEMA, pack_tables.recipe_rows(self._recipes))

    def loot_tables(self):
        """One row per loot table with entry counts (what the static scan can and cannot see).

        Returns
        -------
        pandas.DataFrame
            Columns ``loot_table_id``, ``table_type`` (``minecraft:block`` ...), ``n_pools``, ``n_entries`` (leaf
            entries), ``n_item_entries``, ``n_tag_entries``, ``n_nested_tables``, ``n_dynamic_entries``,
            ``n_empty_entries``, ``folder``, ``pack``, ``path``; sorted by id.
        """
        return frame(LOOT_TABLE_SCHEMA, pack_tables.loot_table_rows(self._tables))

    def tags(self):
        """Resolved item tags in long format (nested references expanded; failed tags are in ``errors``).

        Returns
        -------
        pandas.DataFrame
            Columns ``tag_id`` (without ``#``), ``item_id``, ``via_tag`` (the nested tag the item came through,
            ``""`` when listed directly), ``pack``, ``path`` (the file that listed it); sorted by tag then file order.
        """
        return frame(TAG_SCHEMA, pack_tables.tag_rows(self._tags))

    def display_names(self, language: str = "en_us") -> dict[str, str]:
        """Item id -> display name from the packs' language files (``item.*`` keys win over ``block.*``)."""
        return display_names(self._lang.get(language, {}))

    def items(self):
        """Every item id seen in recipes, loot tables, tags or ``item.*`` language keys, with display names.

        Returns
        -------
        pandas.DataFrame
            Columns ``item_id``, ``name_en``, ``name_zh`` (``""`` when no language file names it), ``n_recipes``
            (recipes producing it), ``n_uses`` (recipes consuming it), ``n_loot_tables`` (the loot tables the loot
            scan gives it from, as ``item_sources(..., "loot")`` lists them: item entries and the members of tag
            entries, within the scan's limits), ``n_tags`` (item tags holding it); sorted by id.
        """
        en, zh = self.display_names("en_us"), self.display_names("zh_cn")
        return frame(ITEM_SCHEMA, pack_tables.item_rows(self._index, self._recipes, self._lang, en, zh))

    # ---------------------------------------------------------------- questions

    def item_sources(
        self, item_id: str, scope: str = "all", *, registry: ProviderRegistry | None = None
    ) -> ItemSourceOutput:
        """Where an item comes from, per the design's ``game.item_sources`` tool.

        Parameters
        ----------
        item_id : str
            Namespaced item id (``minecraft:`` is assumed when missing).
        scope : str, default="all"
            ``all``, a provider path (``recipe``, ``loot``, ``tag``) or a full provider id (``system:recipe``).
        registry : ProviderRegistry, optional
            The providers to run (default: the global registry, see ``register_provider``).

        Returns
        -------
        ItemSourceOutput
            Recipes first, then loot, then tags, each sorted by id, cut to 64 sources and 64 tags (``truncated``
            set and ``cuts`` saying which cap cut).

        Raises
        ------
        InvalidParameterError
            When ``item_id`` or ``scope`` is not a str, or ``registry`` not a ProviderRegistry.
        InvalidScopeError
            When the scope names no registered provider.
        UnknownItemError
            When no loaded pack knows the item and no provider found a source for it; the message lists the
            nearest known ids.
        """
        for name, value in (("item_id", item_id), ("scope", scope)):
            if not isinstance(value, str) or not value.strip():
                raise InvalidParameterError(
                    f"The '{name}' parameter of item_sources must be a non-empty str"
                    + (
                        " (an item id such as 'minecraft:iron_ingot')"
                        if name == "item_id"
                        else " ('all', 'recipe', 'loot', 'tag' or a provider id)"
                    )
                    + f". Got {value!r} instead."
                )
        if registry is not None and not isinstance(registry, ProviderRegistry):
            raise InvalidParameterError(
                f"The 'registry' parameter of item_sources must be a ProviderRegistry. Got "
                f"{type(registry).__name__} {registry!r} instead."
            )
        item = norm_id(item_id)
        n_tags = self._index.n_tags(item) if scope in ("all", "tag", "system:tag") else 0
        cuts = (f"{n_tags} tags hold the item; the first {MAX_TAGS} are kept",) if n_tags > MAX_TAGS else ()
        out = (registry or PROVIDERS).run(self, item, scope, cuts=cuts)
        if not out.sources and not out.errors and not self.is_known_item(item):
            raise self.unknown_item_error(item)
        return out

    def unknown_item_error(self, item_id: str) -> UnknownItemError:
        """The error for an item id no loaded pack knows: the nearest known ids, and for a ``minecraft:`` id the
        advice to load the game's own data (kit knows only what the loaded packs hold).
        """
        nearest = self.nearest_items(item_id.split(":", 1)[-1], limit=5)
        message = f"no loaded pack knows the item {item_id!r}"
        message += f"; the nearest known items: {', '.join(nearest)}" if nearest else "; no known item is close"
        if item_id.startswith("minecraft:"):
            message += (
                ". A built-in item is known only when the game's data is loaded: add the server jar or the "
                "vanilla data pack to load_datapacks([...])"
            )
        return UnknownItemError(message, nearest)

    def is_known_item(self, item_id: str) -> bool:
        """Whether a loaded pack names the item: a recipe makes or uses it, a loot table or tag holds it, or a
        language file names it (``item.*`` or ``block.*`` key).
        """
        idx = self._index
        if item_id in idx.produced or item_id in idx.tags_of or item_id in self._lang_ids:
            return True
        return item_id in idx.used or item_id in idx.loot or item_id in self._input_ids or item_id in idx.loot_names

    @property
    def _lang_ids(self) -> set[str]:
        if self._lang_ids_cache is None:
            self._lang_ids_cache = {
                parsed[1] for table in self._lang.values() for key in table if (parsed := lang_key_to_id(key))
            }
        return self._lang_ids_cache

    @property
    def _input_ids(self) -> set[str]:
        if self._input_ids_cache is None:
            self._input_ids_cache = {
                ref
                for r in self._recipes.values()
                for slot in r.inputs
                for ref in slot
                if isinstance(ref, str) and not ref.startswith("#")
            }
        return self._input_ids_cache

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages the loaded packs have language files for, sorted."""
        return tuple(sorted(self._lang))

    def _check_language(self, language: str | None, owner: str) -> tuple[str, ...]:
        return check_language(language, self.languages, owner)

    def _name_index(self, languages: tuple[str, ...]) -> NameIndex:
        if languages not in self._names:
            self._names[languages] = NameIndex.from_names({lang: self.display_names(lang) for lang in languages})
        return self._names[languages]

    def match_item(self, text: str, *, language: str | None = None) -> NameMatch:
        """What a request names, by kit's one matcher (:mod:`kit.items.matching`): an explicit id, a display name
        inside the text, or a near spelling of a longer name (``how="near"``: suggestions, no pick).

        ``language`` restricts the names to one language's file (as the server resolves in its own language);
        default every loaded language.

        Raises
        ------
        UnknownLanguageError
            When no loaded pack has the language (the message lists the loaded ones).
        """
        if not isinstance(text, str):
            raise InvalidParameterError(
                f"The 'text' parameter of resolve_item must be a str. Got {type(text).__name__} {text!r} instead."
            )
        return self._name_index(self._check_language(language, "resolve_item")).match(text)

    def resolve_item(self, text: str, *, language: str | None = None) -> str | None:
        """The item a request is about: an explicit id first, else the longest display name in the text.

        Names come from the packs' language files (``language``, default every loaded language; English matched
        case-insensitively and as whole words). Returns ``None`` when the text names no item.

        Raises
        ------
        UnknownItemError
            When the text nearly spells a name longer than any it contains (冰川稿 for 冰川镐, not 冰 "ice"): the
            message names the suggestion instead of silently picking a different item.
        UnknownLanguageError
            When ``language`` is given and no loaded pack has it.
        """
        match = self.match_item(text, language=language)
        if match.how == "near":
            names = (
                self.display_names(language)
                if language
                else {**self.display_names("en_us"), **self.display_names("zh_cn")}
            )
            shown = ", ".join(f"{names.get(i, i)} ({i})" for i in match.suggestions[:5])
            raise UnknownItemError(f"{text!r} names no item exactly; did you mean {shown}?", match.suggestions)
        return match.item_id

    def nearest_items(self, text: str, *, limit: int = 5) -> tuple[str, ...]:
        """Up to ``limit`` known item ids nearest ``text``: ids, id paths and display names (every loaded language)
        containing it first, then near spellings ranked by edit distance and shared characters (CJK-aware).
        """
        if self._spellings is None:
            names = [self.display_names(lang) for lang in self.languages]
            self._spellings = item_spellings(self._all_item_ids(), names)
        return rank_candidates(text, self._spellings, limit=limit)

    def items_with_path(self, path: str) -> tuple[str, ...]:
        """The known item ids whose path (after the namespace) is ``path``, sorted."""
        return tuple(sorted(i for i in self._all_item_ids() if i.split(":", 1)[-1] == path))

    def _all_item_ids(self) -> tuple[str, ...]:
        if self._item_ids is None:
            self._item_ids = tuple(self.items()["item_id"])
        return self._item_ids

    def items_named(self, name: str, *, language: str | None = None) -> tuple[str, ...]:
        """The item ids whose display name (in ``language``, default every loaded language) is exactly ``name``
        (whitespace and case folded), sorted.
        """
        target = fold(name)
        found = {
            i
            for lang in self._check_language(language, "items_named")
            for i, n in self.display_names(lang).items()
            if fold(n) == target
        }
        return tuple(sorted(found))

    def item_uses(self, item_id: str):
        """The recipes that consume an item (directly or through a tag).

        Returns
        -------
        pandas.DataFrame
            Columns ``recipe_id``, ``recipe_type``, ``kind``, ``result_item_id``, ``result_count``, ``n_slots``
            (slots that accept the item), ``via_tag`` (comma-joined tags through which it is accepted, ``""`` when
            named directly), ``pack``, ``path``; sorted by recipe id.
        """
        return frame(USES_SCHEMA, pack_tables.uses_rows(self._recipes, self._index.used.get(norm_id(item_id), {})))

    # ---------------------------------------------------------------- loot statistics

    def loot_expectations(
        self,
        *,
        table: str | None = None,
        killed_by_player: bool = True,
        looting: int = 0,
        fortune: int = 0,
        silk_touch: bool = False,
        shears: bool = False,
        luck: float = 0.0,
        explosion: bool | float = False,
        block_state_matches: bool = True,
        open_water: bool = False,
    ):
        """Exact expected drops of every loot table (or of one), computed from the rules, not sampled.

        Parameters
        ----------
        table : str, optional
            One loot table id; default all tables.
        killed_by_player, looting, fortune, silk_touch, shears, luck
            The assumed context (the tool for blocks is shears or not, with silk touch / fortune levels).
        explosion : bool or float, default=False
            Rolled by an explosion: ``True`` means radius 4 (TNT), a number gives the radius.
        block_state_matches : bool, default=True
            Whether ``block_state_property`` conditions pass (a fully grown crop, a door's lower half ...).
        open_water : bool, default=False
            The fishing hook's open-water check (treasure needs it).

        Returns
        -------
        pandas.DataFrame
            Columns ``loot_table_id``, ``item_id``, ``expected_count`` (items per roll of the table),
            ``p_at_least_one``, ``is_exact`` (False when an unknown condition, provider or function, a cycle, or
            a ``dynamic`` entry that can be picked is involved in the item's pool, or when a distribution too large
            to enumerate, such as a binomial with n = 10^9, was summed through its mean); one row per item statically
            reachable from the table (zero rows included), sorted by table and item. A table whose figures cannot
            be computed within kit's bounds (more than 4,096 condition outcomes in one entry, references nested
            deeper than 32) gives NaN for the items it names and a row in ``packs.problems()``; other tables are
            unaffected.

        Raises
        ------
        UnknownLootTableError
            When ``table`` is not defined.
        """
        from kit.items.loot_exact import LootCalculator

        ctx = loot_context(
            killed_by_player=killed_by_player,
            looting=looting,
            fortune=fortune,
            silk_touch=silk_touch,
            shears=shears,
            luck=float(luck),
            explosion=explosion,
            block_state_matches=block_state_matches,
            open_water=open_water,
        )
        ids = [self.loot_table(table).loot_table_id] if table is not None else sorted(self._tables)
        calc = self._calc.get(ctx)
        if calc is None:
            calc = self._calc[ctx] = LootCalculator(self._tables, self._tags.items, ctx)
        out = frame(EXPECTATION_SCHEMA, pack_tables.expectation_rows(calc, ids))
        for tid, reason in sorted(calc.problems.items()):
            self._report_table(tid, f"expectations unknown: {reason}")
        return out

    def sample_loot(
        self,
        table: str,
        n: int = 10_000,
        *,
        seed: int = 0,
        killed_by_player: bool = True,
        looting: int = 0,
        fortune: int = 0,
        silk_touch: bool = False,
        shears: bool = False,
        luck: float = 0.0,
        explosion: bool | float = False,
        block_state_matches: bool = True,
        open_water: bool = False,
    ):
        """Roll one table ``n`` times with a seeded Monte-Carlo sampler of the same rules.

        Returns
        -------
        pandas.DataFrame
            Columns ``loot_table_id``, ``item_id``, ``mean_count``, ``std_count``, ``p_at_least_one``,
            ``n_draws``; one row per item that dropped at least once.

        Raises
        ------
        UnknownLootTableError
            When ``table`` is not defined.
        LootSamplingError
            When the table cannot be rolled (a provider that needs a world, more than 100,000 rolls or trials in
            one draw, references nested deeper than 32); names the table.
        """
        from kit.items.loot_sampler import LootSampler

        ctx = loot_context(
            killed_by_player=killed_by_player,
            looting=looting,
            fortune=fortune,
            silk_touch=silk_touch,
            shears=shears,
            luck=float(luck),
            explosion=explosion,
            block_state_matches=block_state_matches,
            open_water=open_water,
        )
        tid = self.loot_table(table).loot_table_id
        return LootSampler(self._tables, self._tags.items, ctx, seed=seed).sample(tid, n)
