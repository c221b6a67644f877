"""Fleet analysis on Dask against plain loops: 1,000 generated saves and 2,000 generated chats.

Every variant runs in a fresh Python process, so its peak memory (``ru_maxrss``) is its own:

- saves: ``Save.summary()`` of every save concatenated by a loop (unreadable saves caught), and the same rows
  from the single-save records (``AgentDatabase.stats()``) framed once (the leanest one-process loop, the baseline
  of the target), the same loop split over 2 plain processes started together (no Dask: the most 2 cores give on
  this machine at that moment, since two busy cores each run slower than one alone on shared or virtual hosts), against ``kit.fleet.open_fleet(...).summary()`` computed on a ``distributed.LocalCluster`` of 1
  and 2 worker processes (1 thread each);
- chats: ``kit.worldbook.read_chats`` + ``kit.worldbook.entry_coverage`` in one process, against
  ``kit.fleet.coverage`` over the chat folder on the same clusters (results checked equal);
- memory growth: the fleet summary with 2 workers over 250, 500 and 1,000 saves (peak of each worker);
- scale (``--parts scale``, or ``--scale N`` added to the other parts): summary, tables and problems of 10,000
  saves against 2,500 on 2 worker processes (generated once into ``build/bench_fleet/`` and reused): the largest
  worker's peak memory, the longest task, and Dask's scheduler overhead (wall time minus the tasks' own time over
  the workers, from Dask's task stream).

Clusters: ``kit.fleet.local_client(n)`` (single-threaded worker processes with ``kit.fleet.WORKER_CONFIG``); with
``--setups default,kit`` also a ``LocalCluster`` with Dask's default settings, for comparison.

Times exclude data generation and cluster start-up (printed separately); the workers have kit imported before
timing, as the loops' process has. Every variant runs ``--repeat`` times (default 3), interleaved, and the best time
is reported with the range (the machine's speed drifts by 10-30% from minute to minute on shared hosts). Ratios are
against the loop measured in the same run. Each fleet run also prints its CPU figures (client with the scheduler,
each worker, the tasks from Dask's task stream) and the wall time they imply on an otherwise idle machine, which a
busy machine disturbs less than the wall times. The default run takes about 3-4 minutes on 2 idle cores.

Usage: ``python benchmarks/bench_fleet.py [--saves 1000] [--chats 2000] [--parts saves,chats,memory,scale]
[--repeat 3] [--setups kit] [--scale 10000]``.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _fleet_tasks import by_worker_stream, describe, structure, task_cpu  # noqa: E402
from _timing import record  # noqa: E402


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _worker_peak_mb() -> float:
    import resource as r

    return r.getrusage(r.RUSAGE_SELF).ru_maxrss / 1024


def _cpu_seconds() -> float:
    import resource as r

    usage = r.getrusage(r.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _warm() -> None:
    import dask.bag  # noqa: F401
    import dask.dataframe  # noqa: F401
    import pandas  # noqa: F401

    import kit.fleet  # noqa: F401
    import kit.retrieval  # noqa: F401
    import kit.worldbook  # noqa: F401
    from kit.core.frames import frame

    frame({"text": "string", "n": "int64"}, [{"text": "x", "n": 1}])  # pandas' lazily loaded string storage


def _cluster(workers: int, setup: str):
    """``setup="kit"``: ``kit.fleet.local_client`` (its WORKER_CONFIG); ``"default"``: a LocalCluster with Dask's defaults."""
    from distributed import Client, LocalCluster

    import kit.fleet

    started = time.perf_counter()
    if setup == "kit":
        client = kit.fleet.local_client(workers)
        cluster = client.cluster
    else:
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            worker_dashboard_address=None,
        )
        client = Client(cluster)
    client.run(_warm)  # imports done before timing, as in a warm session
    _warm()
    return cluster, client, time.perf_counter() - started


def run_variant(
    variant: str, data: Path, workers: int, limit: int | None, setup: str = "kit", split: str | None = None
) -> dict:
    import pandas as pd

    import kit
    import kit.worldbook as wb
    from kit.samples.fleet import CHARACTER_BOOKS

    saves = sorted(p for p in (data / "fleet").glob("*/*") if p.is_dir())[:limit]
    chat_options = {"character_books": CHARACTER_BOOKS, "global_book_ids": ["aetheria", "starport_nyx"]}
    library = wb.read_studio(data / "studio").library if variant.startswith("chats") else None
    out: dict = {"variant": variant, "workers": workers, "n_saves": len(saves)}
    _warm()
    if not variant.endswith("fleet") and variant != "saves-scale":
        _warm_up(variant, data, saves, library, chat_options)
    if split:  # "k/n@start": every n-th save from the k-th, started at a common time with the other parts
        share, start_at = split.split("@")
        k, n = (int(x) for x in share.split("/"))
        saves = saves[k::n]
        while time.time() < float(start_at):
            time.sleep(0.001)
    cpu = time.process_time()
    if variant == "saves-loop":
        started = time.perf_counter()
        frames, bad = [], 0
        for path in saves:
            save_id = path.relative_to(data / "fleet").as_posix()
            with kit.open_save(path) as save:
                try:
                    frames.append(save.summary().assign(save_id=save_id))
                except kit.StorageError:  # keep the readable databases' rows, as the fleet does
                    bad += 1
                    dbs = save.databases
                    rows = []
                    for db in [dbs.shared()] + [dbs.player(u) for u in dbs.player_uuids()]:
                        try:
                            t = db.tables()
                        except kit.StorageError:
                            continue
                        rows.append(
                            {
                                "save_id": save_id,
                                "scope": db.scope,
                                "player_uuid": db.player_uuid or "",
                                "n_tables": len(t),
                                "n_entries": int(t["n_entries"].sum()),
                            }
                        )
                    frames.append(pd.DataFrame(rows))
        result = pd.concat(frames, ignore_index=True)
        out.update(
            seconds=time.perf_counter() - started,
            rows=len(result),
            unreadable=bad,
            cpu_seconds=time.process_time() - cpu,
        )
    elif variant == "saves-records-loop":
        # the fastest one-process loop: the single-save records, framed once (what the fleet does per partition)
        from kit.core.frames import frame
        from kit.fleet.saves import SUMMARY_SCHEMA

        started = time.perf_counter()
        rows, bad = [], 0
        for path in saves:
            save_id = path.relative_to(data / "fleet").as_posix()
            with kit.open_save(path) as save:
                for handle in save.databases.handles():
                    try:
                        rows.append({"save_id": save_id, **vars(handle.stats())})
                    except kit.StorageError:
                        bad += 1
        result = frame(SUMMARY_SCHEMA, rows)
        out.update(
            seconds=time.perf_counter() - started,
            rows=len(result),
            unreadable=bad,
            cpu_seconds=time.process_time() - cpu,
        )
    elif variant == "chats-loop":
        started = time.perf_counter()
        corpus = wb.read_chats(data / "st", **chat_options)
        cov = wb.entry_coverage(library, corpus.conversations, progress=False)
        out.update(
            seconds=time.perf_counter() - started,
            rows=int(cov["n_activated"].sum()),
            turns=sum(len(c.turns) for c in corpus.conversations),
            cpu_seconds=time.process_time() - cpu,
        )
    else:
        import kit.fleet
        from kit.fleet.saves import SAVE_COST_BYTES

        cluster, client, startup = _cluster(workers, setup)
        try:
            _warm_up(variant, data, saves, library, chat_options, client)
            task_cpu(client)  # installs the per-task CPU clock in the workers (see _fleet_tasks)
            before = client.run(_cpu_seconds)
            stream = None
            if (
                variant == "saves-fleet"
            ):  # the benchmark's task stream, opened (a scheduler call) before the clocks start
                from distributed import get_task_stream

                stream = get_task_stream(client).__enter__()
            cpu = time.process_time()
            started = time.perf_counter()
            if variant == "saves-scale":
                out.update(_scale_run(client, saves))
            elif stream is not None:
                try:
                    fleet = kit.fleet.open_fleet(saves, client=client)
                    out["open_cpu_seconds"] = time.process_time() - cpu
                    (result,) = fleet.compute(fleet.summary(), progress=False)
                    # timed before the task stream is fetched from the scheduler (the benchmark's, not the fleet's)
                    out["seconds"] = time.perf_counter() - started
                    out["client_cpu_seconds"] = time.process_time() - cpu
                finally:
                    stream.__exit__(None, None, None)
                weights = [sum(i.size_bytes + SAVE_COST_BYTES for i in part) for part in fleet.partitions]
                out.update(rows=len(result), npartitions=fleet.npartitions, **_task_stats(stream.data))
                out.update(structure(task_cpu(client), weights))
            else:
                cov = kit.fleet.coverage(library, data / "st", client=client, chat_options=chat_options, progress=False)
                out.update(rows=int(cov["n_activated"].sum()))
                out.update(structure(task_cpu(client), only="fleet-coverage"))  # the replay tasks
            out.setdefault("seconds", time.perf_counter() - started)
            # the client and, on a LocalCluster, the scheduler
            out.setdefault("client_cpu_seconds", time.process_time() - cpu)
            used = [after - before[w] for w, after in client.run(_cpu_seconds).items()]
            out["worker_cpu_seconds"] = used
            out["cpu_seconds"] = out["client_cpu_seconds"] + sum(used)
            out["startup_seconds"] = startup
            out["worker_peak_mb"] = max(client.run(_worker_peak_mb).values())
        finally:
            client.close()
            cluster.close()
    out["main_peak_mb"] = _peak_mb()
    return out


def _warm_up(variant: str, data: Path, saves: list[Path], library, chat_options: dict, client=None) -> None:
    """The variant's own work on a few saves or chats before timing, so first-call costs (lazy imports, caches, Dask's
    first graph) are out of every variant alike: the loops in their process, the fleets in client and workers."""
    import kit
    import kit.fleet
    import kit.worldbook as wb

    if variant.startswith("saves") and client is None:
        for path in saves[:4]:
            with kit.open_save(path) as save:
                for handle in save.databases.handles():
                    try:
                        handle.stats()
                        handle.tables()
                    except kit.StorageError:
                        pass
    elif variant.startswith("saves"):
        fleet = kit.fleet.open_fleet(saves[:4], client=client, saves_per_partition=1)
        fleet.compute(fleet.summary(), fleet.tables(), fleet.problems(), progress=False)
    else:
        files = sorted(wb.scan_chat_files(data / "st"), key=lambda f: f.conversation_id)[:4]
        if client is None:
            wb.entry_coverage(library, [wb.read_chat(f, **chat_options).conversation for f in files], progress=False)
        else:
            kit.fleet.coverage(library, files, client=client, chat_options=chat_options, chats_per_partition=1)


def _where_the_time_goes(r: dict, loop_cpu: float) -> str:
    """CPU figures of a fleet run, which a busy machine disturbs less than wall times, and the wall time they imply.

    On ``n`` cores the run takes at least its total CPU over ``n`` and at least the client's CPU plus the busiest
    worker's (the client, with the scheduler of a LocalCluster in it, works before and after the tasks): the larger
    is what an otherwise idle machine would show, give or take Dask's latencies. The second line holds the figures
    that do not depend on the machine's load: the tasks' own CPU per partition and per worker (their balance), and
    how much of the workers' wall time the tasks filled (their compute spans over wall time x workers).
    """
    workers = r["worker_cpu_seconds"]
    floor = max(r["cpu_seconds"] / max(len(workers), 2), r["client_cpu_seconds"] + max(workers))
    opened = f" (open_fleet {r['open_cpu_seconds']:.3f})" if "open_cpu_seconds" in r else ""
    filled = (
        f"; task spans {r['task_seconds']:.2f} s = {r['task_seconds'] / (r['seconds'] * len(workers)):.0%} of wall x "
        f"{len(workers)} workers, longest {r['longest_task_seconds']:.2f} s"
        if "n_tasks" in r
        else ""
    )
    tasks = f"\n    structure: {describe(r)}" if "task_cpu" in r else ""
    return (
        f"client + scheduler {r['client_cpu_seconds']:.3f} CPU s{opened}, workers "
        f"{', '.join(f'{w:.2f}' for w in workers)} CPU s{filled}; CPU-bound wall {floor:.2f} s = "
        f"{loop_cpu / floor:.2f}x the loop's CPU (indicative: what an idle machine would give){tasks}"
    )


def _task_stats(stream: list[dict]) -> dict:
    """The tasks' own compute spans from Dask's task stream: their count, sum and longest (seconds)."""
    spans = [s["stop"] - s["start"] for t in stream for s in t["startstops"] if s["action"] == "compute"]
    return {"n_tasks": len(spans), "task_seconds": sum(spans), "longest_task_seconds": max(spans, default=0.0)}


def _scale_run(client, saves: list[Path]) -> dict:
    """Summary, tables and problems of ``saves`` computed together, with Dask's task stream and the tasks' CPU: the
    longest task and the scheduler overhead (wall time minus the tasks' own time spread over the workers, as a share
    of wall time), of ``Fleet.compute`` alone (Dask's) and with ``open_fleet`` (which finds and sizes the saves)."""
    from distributed import get_task_stream

    import kit.fleet
    from kit.fleet.saves import SAVE_COST_BYTES

    workers = len(client.nthreads())
    started = time.perf_counter()
    with get_task_stream(client) as stream:
        fleet = kit.fleet.open_fleet(saves, client=client)
        opened, clock = time.perf_counter(), time.time()
        results = fleet.compute(fleet.summary(), fleet.tables(), fleet.problems(), progress=False)
        wall = time.perf_counter() - started  # before the task stream is fetched from the scheduler
        ended = time.time()
    spans = [s for t in stream.data for s in t["startstops"] if s["action"] == "compute"]
    tasks = _task_stats(stream.data)
    busy = tasks["task_seconds"] / workers
    compute_wall = wall - (opened - started)
    weights = [sum(i.size_bytes + SAVE_COST_BYTES for i in part) for part in fleet.partitions]
    return {
        "rows": sum(len(r) for r in results),
        "npartitions": fleet.npartitions,
        **tasks,
        **structure(task_cpu(client), weights),
        "worker_task_wall": sorted(by_worker_stream(stream.data).values()),
        "open_seconds": opened - started,
        # Fleet.compute before the first task starts (graph, submission) and after the last ends (results to the client)
        "head_seconds": min(s["start"] for s in spans) - clock,
        "tail_seconds": ended - max(s["stop"] for s in spans),
        "compute_seconds": compute_wall,
        "overhead_share": max(0.0, compute_wall - busy) / compute_wall,
        "overhead_share_with_open": max(0.0, wall - busy) / wall,
        "seconds": wall,
    }


def _scale_data(n: int) -> Path:
    """``n`` generated saves under ``build/bench_fleet/fleet-<n>``, written once and reused by later runs."""
    from kit.samples.fleet import write_fleet

    root = Path(__file__).resolve().parent.parent / "build" / "bench_fleet" / f"fleet-{n}"
    if not (root / "complete").exists():
        started = time.perf_counter()
        write_fleet(root / "fleet", n)
        (root / "complete").write_text(str(n))
        print(f"generated {n} saves in {root} in {time.perf_counter() - started:.1f} s (kept for later runs)")
    return root


def scale(n: int, repeat: int) -> None:
    """The 10,000-save bullet: ``n`` saves against ``n // 4`` on 2 worker processes (summary, tables, problems)."""
    data = _scale_data(n)
    runs: dict[int, list[dict]] = {n // 4: [], n: []}
    for _ in range(repeat):
        for limit in runs:
            runs[limit].append(_spawn("saves-scale", data, 2, limit))
    print(f"\nfleet at scale (2 workers, kit.fleet.local_client; best of {repeat}):")
    for rs in runs.values():
        r = min(rs, key=lambda r: r["seconds"])
        print(
            f"  {r['n_saves']:6d} saves, {r['npartitions']} partitions: {r['seconds']:.2f} s "
            f"({min(x['seconds'] for x in rs):.2f}-{max(x['seconds'] for x in rs):.2f}; open_fleet {r['open_seconds']:.2f} s), "
            f"largest worker peak {min(x['worker_peak_mb'] for x in rs):.0f} MB, longest task "
            f"{max(x['longest_task_seconds'] for x in rs):.2f} s wall, scheduler overhead "
            f"{min(x['overhead_share'] for x in rs):.1%} of Fleet.compute's wall "
            f"({min(x['overhead_share_with_open'] for x in rs):.1%} with open_fleet)\n"
            f"    best run: tasks computed {', '.join(f'{w:.2f}' for w in r['worker_task_wall'])} s of wall per worker; "
            f"Fleet.compute {r['head_seconds']:.2f} s before the first task, {r['tail_seconds']:.2f} s after the last; "
            f"{describe(r)}"
        )
    small, big = (min(x["worker_peak_mb"] for x in runs[k]) for k in runs)
    record(
        f"fleet {n:,} saves, largest worker's peak memory vs {n // 4:,} saves",
        kit=big,
        baseline=small,
        target=1.2,
        unit="MB",
    )
    record(
        f"fleet {n:,} saves, longest task vs 1 s",
        kit=max(x["longest_task_seconds"] for x in runs[n]),
        baseline=1.0,
        target=1.0,
        note=f"wall; the longest task's own CPU {max(max(x['task_cpu'], default=0.0) for x in runs[n]):.2f} s",
    )
    best = min(runs[n], key=lambda r: r["seconds"])
    record(
        f"fleet {n:,} saves, scheduler overhead share of wall time",
        kit=best["overhead_share"] * best["compute_seconds"],
        baseline=best["compute_seconds"],
        target=0.05,
        note="Fleet.compute's wall minus the tasks' time over the workers; with open_fleet in the wall "
        f"{best['overhead_share_with_open']:.1%}",
    )


def _spawn(variant: str, data: Path, workers: int = 0, limit: int | None = None, setup: str = "kit") -> dict:
    cmd = [sys.executable, __file__, "--run", variant, "--data", str(data), "--workers", str(workers), "--setup", setup]
    if limit:
        cmd += ["--limit", str(limit)]
    done = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _spawn_split(data: Path, n: int = 2) -> dict:
    """The records loop split over ``n`` plain processes (every n-th save each), started together once each has
    warmed up: no Dask at all, so its wall time (the slowest part's) is the most ``n`` cores give on this machine
    at this moment, the ceiling of any fleet (two busy cores run a process slower than one on many hosts)."""
    start_at = time.time() + 8.0  # after every part has imported kit and warmed up
    cmd = [sys.executable, __file__, "--run", "saves-records-loop", "--data", str(data)]
    procs = [
        subprocess.Popen([*cmd, "--split", f"{k}/{n}@{start_at}"], stdout=subprocess.PIPE, text=True) for k in range(n)
    ]
    parts = [json.loads(p.communicate()[0].strip().splitlines()[-1]) for p in procs]
    return {
        "seconds": max(p["seconds"] for p in parts),
        "cpu_seconds": sum(p["cpu_seconds"] for p in parts),
        "rows": sum(p["rows"] for p in parts),
        "main_peak_mb": max(p["main_peak_mb"] for p in parts),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=1000)
    parser.add_argument("--chats", type=int, default=2000)
    parser.add_argument(
        "--parts", default="saves,chats,memory", help="comma-separated: saves, chats, memory, scale (10,000 saves)"
    )
    parser.add_argument("--run")
    parser.add_argument("--data")
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--limit", type=int)
    parser.add_argument("--setup", default="kit", help=argparse.SUPPRESS)
    parser.add_argument("--split", help=argparse.SUPPRESS)
    parser.add_argument(
        "--setups",
        default="kit",
        help="clusters to compare: 'kit' (local_client), 'default' (Dask's LocalCluster defaults; 'default,kit')",
    )
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of every variant, interleaved; the best is reported"
    )
    parser.add_argument(
        "--scale",
        type=int,
        default=0,
        help="the scale part's saves (default 10000, against a quarter of them; data cached in build/); "
        "giving it adds the part",
    )
    args = parser.parse_args()
    if args.run:
        print(json.dumps(run_variant(args.run, Path(args.data), args.workers, args.limit, args.setup, args.split)))
        return
    parts = set(args.parts.split(","))
    if args.scale or "scale" in parts:
        scale(args.scale or 10_000, args.repeat)
        parts.discard("scale")
        if not parts:
            return

    from kit.samples.fleet import write_chat_corpus, write_fleet
    from kit.samples.studio import write_worldbooks

    with tempfile.TemporaryDirectory(prefix="bench_fleet_") as tmp:
        data = Path(tmp)
        started = time.perf_counter()
        setups = [s for s in ("default", "kit") if s in args.setups.split(",")]
        fleet = write_fleet(data / "fleet", args.saves)
        chats = write_chat_corpus(data / "st", args.chats if "chats" in parts else 1)
        write_worldbooks(data / "studio")
        size = sum(p.stat().st_size for p in (data / "fleet").rglob("*.dat"))
        print(
            f"generated {len(fleet.saves)} saves ({size / 2**20:.1f} MiB, {len(fleet.corrupt_files)} corrupt files) "
            f"and {len(chats.files)} chats in {time.perf_counter() - started:.1f} s"
        )

        for kind in [k for k in ("saves", "chats") if k in parts]:
            variants = [(f"{kind}-loop", 0, "")]
            variants += [("saves-records-loop", 0, ""), ("saves-split-loop", 2, "")] if kind == "saves" else []
            variants += [(f"{kind}-fleet", w, setup) for setup in setups for w in (1, 2)]
            runs: dict[tuple[str, int, str], list[dict]] = {v: [] for v in variants}
            for _ in range(args.repeat):  # interleaved, so a slow spell of the machine hits every variant alike
                for variant, workers, setup in variants:
                    runs[(variant, workers, setup)].append(
                        _spawn_split(data, workers)
                        if variant == "saves-split-loop"
                        else _spawn(variant, data, workers, setup=setup or "kit")
                    )
            best = {v: min(rs, key=lambda r: r["seconds"]) for v, rs in runs.items()}
            spread = {
                v: f"{min(r['seconds'] for r in rs):.2f}-{max(r['seconds'] for r in rs):.2f} s"
                for v, rs in runs.items()
            }
            loop = best[(f"{kind}-loop", 0, "")]
            assert all(r["rows"] == loop["rows"] for rs in runs.values() for r in rs), runs
            print(
                f"\n{kind} (best of {args.repeat}; range): plain loop {loop['seconds']:.2f} s ({spread[(f'{kind}-loop', 0, '')]}; "
                f"{loop['cpu_seconds']:.2f} CPU s), peak {loop['main_peak_mb']:.0f} MB"
            )
            lean = best.get(("saves-records-loop", 0, ""))
            if lean is not None:
                print(
                    f"saves: records loop (AgentDatabase.stats(), one frame) {lean['seconds']:.2f} s "
                    f"({spread[('saves-records-loop', 0, '')]}; {lean['cpu_seconds']:.2f} CPU s) = "
                    f"{loop['seconds'] / lean['seconds']:.2f}x the plain loop, "
                    f"peak {lean['main_peak_mb']:.0f} MB"
                )
            split = best.get(("saves-split-loop", 2, ""))
            if split is not None and lean is not None:
                fleet2 = best.get(("saves-fleet", 2, "kit"))
                print(
                    f"saves: records loop split over 2 plain processes started together (no Dask) {split['seconds']:.2f} s "
                    f"({spread[('saves-split-loop', 2, '')]}; {split['cpu_seconds']:.2f} CPU s) = "
                    f"{lean['seconds'] / split['seconds']:.2f}x the records loop: the most 2 cores give here now"
                    + (
                        f"; the 2-worker fleet reaches {split['seconds'] / fleet2['seconds']:.0%} of it"
                        if fleet2 is not None
                        else ""
                    )
                )
            for setup, workers in [(setup, w) for setup in setups for w in (1, 2)]:
                r = best[(f"{kind}-fleet", workers, setup)]
                versus_lean = f", {lean['seconds'] / r['seconds']:.2f}x the records loop" if lean is not None else ""
                where = "Dask's default LocalCluster" if setup == "default" else "kit.fleet.local_client"
                print(
                    f"{kind}: fleet, {workers} worker(s), {where}: {r['seconds']:.2f} s ({spread[(f'{kind}-fleet', workers, setup)]}) "
                    f"= {loop['seconds'] / r['seconds']:.2f}x the loop{versus_lean} "
                    f"({r['cpu_seconds']:.2f} CPU s in client and workers"
                    + (f", {r['cpu_seconds'] / lean['cpu_seconds']:.2f}x the records loop's" if lean else "")
                    + ") "
                    f"(cluster start {r['startup_seconds']:.1f} s); peak: client {r['main_peak_mb']:.0f} MB, "
                    f"largest worker {r['worker_peak_mb']:.0f} MB"
                )
                print("    " + _where_the_time_goes(r, (lean or loop)["cpu_seconds"]))
            if "kit" not in setups:
                continue
            kit_fleet = {w: best[(f"{kind}-fleet", w, "kit")]["seconds"] for w in (1, 2)}
            if kind == "saves" and lean is not None:
                ceiling = (
                    f"; 2 plain processes without Dask reached {lean['seconds'] / split['seconds']:.2f}x in the "
                    f"same run (the most 2 cores gave then; the fleet {split['seconds'] / kit_fleet[2]:.0%} of it)"
                    if split is not None
                    else ""
                )
                record(
                    f"fleet {args.saves:,} save summaries, 2 workers vs the records loop",
                    kit=kit_fleet[2],
                    baseline=lean["seconds"],
                    target=1.6,
                    better="higher",
                    note=f"best of {args.repeat} interleaved; fleet {spread[('saves-fleet', 2, 'kit')]}, "
                    f"loop {spread[('saves-records-loop', 0, '')]}{ceiling}",
                )
            if kind == "chats":
                record(
                    f"fleet {args.chats:,} chats coverage, 2 workers vs the loop",
                    kit=kit_fleet[2],
                    baseline=loop["seconds"],
                    target=1.8,
                    better="higher",
                    note=f"best of {args.repeat} interleaved; fleet {spread[('chats-fleet', 2, 'kit')]}, "
                    f"loop {spread[('chats-loop', 0, '')]}",
                )
                record(
                    f"fleet {args.chats:,} chats coverage, 1 worker vs the loop",
                    kit=kit_fleet[1],
                    baseline=loop["seconds"],
                    target=0.95,
                    better="higher",
                    note=f"best of {args.repeat} interleaved; fleet {spread[('chats-fleet', 1, 'kit')]}, "
                    f"loop {spread[('chats-loop', 0, '')]}",
                )

        if "memory" not in parts:
            return
        print("\nfleet memory against the number of saves (2 workers):")
        for n in (args.saves // 4, args.saves // 2, args.saves):
            r = _spawn("saves-fleet", data, 2, n)
            print(
                f"  {r['n_saves']:5d} saves in {r['npartitions']} partitions: largest worker {r['worker_peak_mb']:.0f} MB, "
                f"client {r['main_peak_mb']:.0f} MB, {r['seconds']:.2f} s"
            )


if __name__ == "__main__":
    main()
