"""SillyTavern simulator speed: simulated generations per second, and the ratio to kit's own engine.

Run: ``.venv/bin/python benchmarks/bench_sillytavern.py [--large]``. Prints times measured in this one run
(wall and CPU time: the machine is shared, so CPU time is the steadier figure).

The SillyTavern figure (:data:`SILLYTAVERN_S_PER_STEP`, 0.177 s per step) is a fixed number measured once with
SillyTavern 1.15's own ``checkWorldInfo`` in Node on this same scenario (same results), not re-measured here;
the ``record`` line compares kit's per-step time against it (target: 10x faster). ``--large`` also runs a
25,000-entry book through the same 30 steps.

Input: a synthetic SillyTavern world file of 1,000 entries (1-4 keys each from a Chinese/English vocabulary,
a quarter with secondary keys under the four logics, 5% constants, inclusion groups, some probabilities,
every position; contents that mention other entries' keys so recursion has work) and a 30-message
conversation. Global recursion is on, whole-word matching on, scan depth 4.

* **simulate**: one scenario with 30 steps, step *i* seeing the first *i* messages (timed effects carried
  over), run through :func:`kit.worldbook.sillytavern.simulate`; reported as steps per second.
* **kit engine**: the same book read into kit's model with :func:`kit.worldbook.sillytavern.read_world` and
  activated with :func:`kit.worldbook.activate` for the same 30 turns (message = the newest message,
  history = the earlier ones, scan depth 4). kit's engine does no recursion, no budget and no timed effects,
  so it does less work; the ratio says what SillyTavern-exact simulation costs on top.
* **outcomes**: the same scenario with ``outcomes=True`` (what :func:`kit.worldbook.sillytavern.why` runs), against
  plain ``simulate``.
"""

from __future__ import annotations

import random
import sys
import time

from _timing import record

#: Seconds per step of SillyTavern 1.15's checkWorldInfo in Node on the 1,000-entry / 30-step scenario
#: (measured once, outside this benchmark).
SILLYTAVERN_S_PER_STEP = 0.177
N_ENTRIES = 1_000
N_LARGE = 25_000
N_MESSAGES = 30
REPEATS = 3

ZH = [
    "魔法",
    "龙",
    "王国",
    "骑士",
    "精灵",
    "森林",
    "城堡",
    "宝石",
    "星辰",
    "海洋",
    "商人",
    "酒馆",
    "预言",
    "神殿",
    "雪山",
    "沙漠",
    "船长",
    "女巫",
    "火焰",
    "冰霜",
    "月亮",
    "太阳",
    "影子",
    "钥匙",
    "地图",
    "书库",
    "学院",
    "市场",
    "港口",
    "剑",
]
EN = [
    "dragon",
    "Knight",
    "elf",
    "forest",
    "castle",
    "gem",
    "star",
    "ocean",
    "merchant",
    "tavern",
    "prophecy",
    "sword",
    "temple",
    "mountain",
    "desert",
    "captain",
    "witch",
    "fire",
    "frost",
    "moon",
    "sun",
    "shadow",
    "key",
    "map",
    "library",
    "academy",
    "market",
    "harbor",
    "Aurora",
    "Nyx",
]
FILLER = "的 了 在 是 我 你 他 and the a of to in is it we 去 看 说 走 来 想 要".split()


def make_world(rng: random.Random, n_entries: int = N_ENTRIES) -> dict:
    vocab = ZH + EN + [f"{w}{i}" for w in EN for i in range(20)] + [f"{a}{b}" for a in ZH[:10] for b in ZH[10:20]]
    entries = {}
    for uid in range(n_entries):
        e = {
            "uid": uid,
            "key": rng.sample(vocab, rng.randint(1, 4)),
            "content": " ".join(rng.choice(FILLER) for _ in range(rng.randint(10, 30)))
            + " "
            + " ".join(rng.sample(vocab, rng.randint(0, 2))),
            "order": rng.randint(0, 200),
            "position": rng.choice([0, 0, 1, 1, 2, 3, 4, 5, 6, 7]),
            "depth": rng.randint(0, 6),
            "role": rng.randint(0, 2),
            "outletName": "lore",
            "selective": True,
            "keysecondary": [],
            "selectiveLogic": 0,
        }
        if rng.random() < 0.25:
            e["keysecondary"] = rng.sample(vocab, rng.randint(1, 2))
            e["selectiveLogic"] = rng.randint(0, 3)
        if rng.random() < 0.05:
            e["constant"] = True
        if rng.random() < 0.1:
            e["group"] = f"g{rng.randint(0, 20)}"
        if rng.random() < 0.1:
            e["useProbability"] = True
            e["probability"] = rng.choice([25, 50, 75])
        if rng.random() < 0.03:
            e["sticky"] = 2
            e["cooldown"] = 1
        entries[str(uid)] = e
    return {"entries": entries}


def make_chat(rng: random.Random) -> list[dict]:
    vocab = ZH + EN
    msgs = []
    for i in range(N_MESSAGES):
        words = [rng.choice(FILLER) for _ in range(rng.randint(8, 25))] + rng.sample(vocab, 2)
        rng.shuffle(words)
        msgs.append({"name": "User" if i % 2 == 0 else "Char", "is_user": i % 2 == 0, "mes": " ".join(words)})
    return msgs


def make_scenario(world: dict, chat: list[dict]) -> dict:
    return {
        "user": "User",
        "char": "Char",
        "settings": {"world_info_depth": 4, "world_info_recursive": True, "world_info_match_whole_words": True},
        "maxContext": 16384,
        "random": {"seed": 1},
        "books": {"Big": world},
        "steps": [{"chat": chat[: i + 1]} for i in range(N_MESSAGES)],
    }


def time_simulate(scenario: dict, repeats: int) -> tuple[float, float, dict]:
    """Best wall time, best CPU time and the last result of ``repeats`` runs of ``simulate(scenario)``."""
    from kit.worldbook.sillytavern import simulate

    best_wall = best_cpu = float("inf")
    result: dict = {}
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        result = simulate(scenario)
        best_wall = min(best_wall, time.perf_counter() - t0)
        best_cpu = min(best_cpu, time.process_time() - c0)
    return best_wall, best_cpu, result


def main() -> None:
    from kit.worldbook import activate
    from kit.worldbook.sillytavern import read_world, simulate

    rng = random.Random(20261130)
    world = make_world(rng)
    chat = make_chat(rng)
    scenario = make_scenario(world, chat)
    best_sim, best_cpu, result = time_simulate(scenario, REPEATS)
    n_active = sum(len(s["activated"]) for s in result["steps"])
    best_why = float("inf")
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        traced = simulate(scenario, outcomes=True)
        best_why = min(best_why, time.perf_counter() - t0)
    assert [s["activated"] for s in traced["steps"]] == [s["activated"] for s in result["steps"]]

    t0 = time.perf_counter()
    book = read_world(world, book_id="Big")
    read_s = time.perf_counter() - t0
    texts = [f"{m['name']}: {m['mes']}" for m in chat]
    activate([book], message=texts[0], history=[], scan_depth=3)  # compile once, as the engine caches
    best_kit = float("inf")
    kit_active = 0
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        kit_active = 0
        for i in range(N_MESSAGES):
            frame = activate([book], message=texts[i], history=texts[:i], scan_depth=3, rng=1)
            kit_active += len(frame)
        best_kit = min(best_kit, time.perf_counter() - t0)

    print(f"book: {N_ENTRIES} entries, {N_MESSAGES} messages, recursion on, whole words on, scan depth 4")
    print(
        f"simulate (SillyTavern-exact): {best_sim:.3f} s for {N_MESSAGES} steps = {N_MESSAGES / best_sim:.1f} steps/s "
        f"({n_active} activations in total; CPU {best_cpu:.3f} s)"
    )
    per_step, cpu_step = best_sim / N_MESSAGES, best_cpu / N_MESSAGES
    print(
        f"per step: kit {per_step:.4f} s wall, {cpu_step:.4f} s CPU; SillyTavern 1.15 checkWorldInfo in Node "
        f"{SILLYTAVERN_S_PER_STEP} s (measured once) = {SILLYTAVERN_S_PER_STEP / per_step:.1f}x "
        f"({SILLYTAVERN_S_PER_STEP / cpu_step:.1f}x by CPU time)"
    )
    print(
        f"kit.worldbook.activate:       {best_kit:.3f} s for {N_MESSAGES} turns = {N_MESSAGES / best_kit:.1f} turns/s "
        f"({kit_active} activations; read_world took {read_s:.3f} s)"
    )
    print(f"ratio simulate / kit engine: {best_sim / best_kit:.1f}x the time")
    print(
        f"simulate(outcomes=True) (every entry's outcome and near miss per step): {best_why:.3f} s = "
        f"{best_why / best_sim:.2f}x plain simulate"
    )
    record(
        "sillytavern 1,000 entries x 30 steps per step vs SillyTavern 1.15 in Node",
        kit=per_step,
        baseline=SILLYTAVERN_S_PER_STEP,
        target=10,
        better="higher",
        note=f"baseline is a fixed figure measured once with SillyTavern 1.15 checkWorldInfo in Node on the same "
        f"scenario, not in this run; kit CPU time {cpu_step:.4f} s per step",
    )
    if "--large" in sys.argv[1:]:
        large = make_scenario(make_world(random.Random(20261201), N_LARGE), chat)
        wall, cpu, res = time_simulate(large, 1)
        n = sum(len(s["activated"]) for s in res["steps"])
        print(
            f"{N_LARGE:,} entries: {wall:.2f} s for {N_MESSAGES} steps = {wall / N_MESSAGES:.3f} s per step "
            f"(CPU {cpu / N_MESSAGES:.3f} s per step; {n} activations in total)"
        )


if __name__ == "__main__":
    main()
