"""The outcome of every entry of kit's activation for one request (the engine behind :func:`kit.worldbook.why`).

:class:`OutcomeJudge` wraps an :class:`~kit.worldbook.engine.activation.Activator`. Per request it takes the
activator's scan and hits and gives each entry one code of :data:`kit.worldbook.engine.reasons.OUTCOMES`:

- fired entries: ``activated``, or the code of the rule that dropped them (``probability``, ``group_lost``,
  ``excluded``, ``requires_missing``);
- entries that did not fire: ``disabled``; ``no_trigger`` (nothing configured can fire); ``secondary_logic``
  (a primary key matched, the secondary keys did not satisfy the logic); else by the first configured
  trigger: ``no_key_match``, ``condition_false`` (the detail names the failing condition and the table value),
  ``logic_false``, ``rag_miss``.

``near_miss`` (for ``no_key_match`` only) is the first of: ``case`` (a case-sensitive key found ignoring case),
``whole word`` (found as part of a word), ``scan depth`` (found in a history message older than
``scan_depth``), ``table`` (found in a table value, which keywords do not scan) and ``typo`` (a word within one
edit of the key); each followed by ``": "`` and the text that nearly matched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kit.worldbook.engine.activation import Activator, Hit, TurnScan
from kit.worldbook.engine.matching import KeyScanner, find_key
from kit.worldbook.engine.near_miss import TypoIndex
from kit.worldbook.engine.reasons import OUTCOMES

if TYPE_CHECKING:
    import numpy as np

__all__ = ["OutcomeJudge", "TurnOutcomes"]

_CODE = {code: i for i, code in enumerate(OUTCOMES)}


@dataclass(frozen=True)
class TurnOutcomes:
    """The outcomes of one request: ``codes`` (one index into :data:`~kit.worldbook.engine.reasons.OUTCOMES` per
    compiled entry), and the per-request ``details`` / ``near_misses`` that differ from the static ones.
    """

    codes: np.ndarray
    details: Mapping[int, str]
    near_misses: Mapping[int, str]


class OutcomeJudge:
    """Outcomes of every entry of an :class:`~kit.worldbook.engine.activation.Activator`, request by request.

    Parameters
    ----------
    engine : Activator
    """

    def __init__(self, engine: Activator) -> None:
        import numpy as np

        self.engine = engine
        codes, details = [], []
        for c in engine.entries:
            code, detail = _static(c)
            codes.append(_CODE[code])
            details.append(detail)
        self.base_codes = np.asarray(codes, dtype=np.int8)
        self.base_details: tuple[str, ...] = tuple(details)
        self._conditional = [c.index for c in engine.entries if c.conditions and not c.entry.disable]
        self._relaxed: tuple[KeyScanner, KeyScanner, TypoIndex] | None = None
        self._key_specs: dict[str, list[int]] = {}
        for s, (key, _, _) in enumerate(engine.scanner.specs):
            self._key_specs.setdefault(key, []).append(s)

    # -- outcomes ----------------------------------------------------------------------------------------
    def judge(
        self,
        scan: TurnScan,
        hits: Sequence[Hit],
        *,
        table: Mapping[str, Any] | None = None,
        older: Sequence[str] = (),
        message: str = "",
        near_miss: bool = True,
    ) -> TurnOutcomes:
        """The outcome of every entry for one request.

        Parameters
        ----------
        scan, hits
            The activator's :meth:`~Activator.scan` and :meth:`~Activator.hits_of` of the request.
        table : mapping, optional
            The table the request was scanned with (for condition details and table near misses).
        older : sequence of str
            The history messages older than the scanned window (for ``scan depth`` near misses).
        message : str
            The request's message (for near misses).
        near_miss : bool, default=True
            Compute near misses (skip them for counts only).
        """
        codes = self.base_codes.copy()
        details: dict[int, str] = {}
        entries = self.engine.entries
        fired = {h.index for h in hits}
        postings = self.engine._postings
        for s in scan.msg_hits | scan.hist_hits:
            for i in postings.get(s, ()):
                if i not in fired and codes[i] != _CODE["secondary_logic"]:
                    codes[i] = _CODE["secondary_logic"]
                    kw = entries[i].entry.triggers.keyword
                    details[i] = f"a primary key matched; secondary keys fail {kw.secondary_logic if kw else ''}"
        for h in hits:
            codes[h.index] = _CODE[h.outcome]
            details[h.index] = h.rejected_by or (f"{h.trigger}: {h.matched}" if h.matched else h.trigger)
        for i in self._conditional:
            if codes[i] == _CODE["condition_false"]:
                details[i] = _condition_detail(entries[i], table or {})
        near: dict[int, str] = {}
        if near_miss:
            near = self.near_misses(scan, codes, table=table or {}, older=older, message=message)
        return TurnOutcomes(codes, details, near)

    # -- near misses -------------------------------------------------------------------------------------
    def _relaxed_scanners(self) -> tuple[KeyScanner, KeyScanner, TypoIndex]:
        if self._relaxed is None:
            specs = self.engine.scanner.specs
            case = KeyScanner([(k, False, ww) if cs else ("", cs, ww) for k, cs, ww in specs])
            whole = KeyScanner([(k, cs, False) if ww else ("", cs, ww) for k, cs, ww in specs])
            typo = TypoIndex(k for k, _, _ in specs)
            self._relaxed = (case, whole, typo)
        return self._relaxed

    def near_misses(
        self,
        scan: TurnScan,
        codes: np.ndarray,
        *,
        table: Mapping[str, Any],
        older: Sequence[str],
        message: str,
    ) -> dict[int, str]:
        """``{entry index: near miss}`` for the entries whose code is ``no_key_match``."""
        import numpy as np

        missing = set(np.flatnonzero(codes == _CODE["no_key_match"]).tolist())
        if not missing:
            return {}
        case, whole, typo = self._relaxed_scanners()
        specs = self.engine.scanner.specs
        texts = [message or "", *scan.window]
        out: dict[int, str] = {}

        postings = self.engine._postings

        def mark(
            found: set[int], label: str, sources: Sequence[tuple[str, str]], cs: bool | None, ww: bool | None
        ) -> None:
            for spec in sorted(found):
                for i in postings.get(spec, ()):
                    if i not in missing:
                        continue
                    key, k_cs, k_ww = specs[spec]
                    snippet = _snippet(key, sources, k_cs if cs is None else cs, k_ww if ww is None else ww)
                    out[i] = f"{label}: {snippet}"
                    missing.discard(i)

        def found_in(scanner: KeyScanner, items: Sequence[str]) -> set[int]:
            got: set[int] = set()
            for text in items:
                got |= scanner.scan(text)
            return got

        sources = [("", t) for t in texts]
        mark(found_in(case, texts), "case", sources, False, None)
        if missing:
            mark(found_in(whole, texts), "whole word", sources, None, False)
        if missing and older:
            mark(found_in(self.engine.scanner, older), "scan depth", [("", t) for t in older], None, None)
        if missing and table:
            values = [(str(k), str(v)) for k, v in table.items() if isinstance(v, str)]
            mark(found_in(self.engine.scanner, [v for _, v in values]), "table", values, None, None)
        if missing:
            typos: dict[str, str] = {}
            for text in texts:
                for key, piece in typo.find(text).items():
                    typos.setdefault(key, piece)
            for key in sorted(typos):
                for spec in self._key_specs.get(key, ()):
                    for i in postings.get(spec, ()):
                        if i in missing:
                            out[i] = f"typo: {typos[key]}"
                            missing.discard(i)
        return out


def _snippet(key: str, sources: Sequence[tuple[str, str]], cs: bool, ww: bool) -> str:
    for label, text in sources:
        spans = find_key(key, text, case_sensitive=cs, match_whole_words=ww)
        if spans:
            s, e = spans[0]
            start, end = s, e
            if not ww:  # show the word it sits in
                while start > 0 and text[start - 1].isalnum() and text[start - 1].isascii():
                    start -= 1
                while end < len(text) and text[end].isalnum() and text[end].isascii():
                    end += 1
            piece = text[start:end]
            return f"{label}={piece}" if label else piece
    return key


def _static(c: Any) -> tuple[str, str]:
    """The outcome code and detail of an entry that did not fire, before looking at the request."""
    e = c.entry
    t = e.triggers
    if e.disable:
        return "disabled", "disabled"
    if not t.configured or t.configured == ("keyword",) and not c.primary:
        return "no_trigger", "no keys, not constant, no condition, logic or retrieval trigger"
    if c.primary:
        n = len(c.primary)
        return "no_key_match", f"none of {n} key{'s' if n != 1 else ''} found in the message or scanned history"
    if c.conditions:
        return "condition_false", "a condition does not hold"
    if c.logic is not None:
        return "logic_false", f"{t.logic_expression} is false"
    rag = t.rag
    return "rag_miss", f"retrieval score below {rag.threshold:g} or outside top {rag.top_k}" if rag else "rag_miss"


def _condition_detail(c: Any, table: Mapping[str, Any]) -> str:
    for cond in c.conditions:
        r = cond.evaluate(table)
        if not r.holds:
            return f"{cond.text}: {r.reason}"
    return "conditions hold"
