"""The render workers (sheets.service.pool) with real processes and small jobs that sleep, crash
or raise: shared jobs, a short queue and a per-client share refused at once, a runaway or killed
worker replaced, retirement, and the signals a terminal's Ctrl-C sends to the whole group."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import time

import pytest
from service_server import run_async

from sheets.service.pool import LOG, Busy, RenderFailed, RenderPool

SECRET = "Grandma's secret table"  # as a title would be: in the message, not in the code


def job(kind: str, value: float = 0) -> int | float:
    """What a worker is asked: sleep, then say which process it is; or fail in some way."""
    if kind == "sleep":
        time.sleep(value)
        return os.getpid()
    if kind == "die":
        os.kill(os.getpid(), signal.SIGKILL)
    if kind == "die-once" and not os.path.exists(str(value)):
        open(str(value), "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    if kind == "raise":
        raise ValueError(SECRET)
    return os.getpid()


def run(test, **options):
    """Run ``test(pool)`` in an event loop with a new pool of two workers, closed after."""
    pool = RenderPool(job, workers=options.pop("workers", 2), nice=0, **options)
    pool.fork()

    async def main():
        pool.start()
        try:
            for _ in range(200):  # the workers start in milliseconds; allow for a busy machine
                if len(pool.pids) == pool.size:
                    break
                await asyncio.sleep(0.05)
            return await test(pool)
        finally:
            await pool.close()
            assert not _alive(pool.pids)

    return run_async(main())


def _alive(pids) -> list[int]:
    alive = []
    for pid in pids:
        try:
            os.kill(pid, 0)
            alive.append(pid)
        except ProcessLookupError:
            pass
    return alive


async def _outcomes(calls) -> list:
    return await asyncio.gather(*calls, return_exceptions=True)


def test_requests_for_one_key_share_one_job():
    async def test(pool):
        answers = await _outcomes(
            pool.make("same", ("sleep", 0.3), f"client {n}") for n in range(5)
        )
        assert len(set(answers)) == 1 and answers[0] in pool.pids
        return answers

    run(test)


def test_a_full_queue_is_refused_at_once_and_the_rest_are_made():
    async def test(pool):
        # two running, four waiting (two per worker): the seventh is refused before any is done
        calls = [
            asyncio.ensure_future(pool.make(f"key {n}", ("sleep", 0.4), f"client {n}"))
            for n in range(7)
        ]
        await asyncio.sleep(0)
        refused = calls[6]
        assert refused.done() and isinstance(refused.exception(), Busy)
        assert refused.exception().kind == "making" and refused.exception().retry_after > 0
        assert not any(call.done() for call in calls[:6])
        answers = await _outcomes(calls[:6])
        assert all(answer in pool.pids for answer in answers)

    run(test)


def test_one_client_has_its_share_and_no_more():
    async def test(pool):
        mine = [
            asyncio.ensure_future(pool.make(f"mine {n}", ("sleep", 0.3), "greedy"))
            for n in range(4)
        ]
        await asyncio.sleep(0)
        assert pool.client_full("greedy") and not pool.client_full("other")
        assert isinstance(mine[3].exception(), Busy)
        assert mine[3].exception().kind == "yours"
        other = await pool.make("theirs", ("sleep", 0), "other")  # another client is served
        assert other in pool.pids
        await _outcomes(mine[:3])
        assert not pool.client_full("greedy")

    run(test, per_client=3)


def test_a_runaway_job_is_given_up_and_its_worker_replaced():
    async def test(pool):
        before = pool.pids
        with pytest.raises(Busy) as refused:
            await pool.make("slow", ("sleep", 30), "client")
        assert (refused.value.kind, refused.value.values) == ("too-long", {"seconds": "0.5"})
        for _ in range(100):
            await asyncio.sleep(0.05)
            if len(pool.pids) == 2 and pool.pids != before:
                break
        assert len(pool.pids) == 2 and len(set(pool.pids) - set(before)) == 1
        assert await pool.make("after", ("sleep", 0), "client") in pool.pids

    run(test, timeout=0.5)


def test_a_job_that_ends_its_worker_is_given_to_another_once(tmp_path):
    async def test(pool, flag):
        answer = await pool.make("once", ("die-once", flag), "client")
        assert answer in pool.pids
        with pytest.raises(RenderFailed):
            await pool.make("always", ("die",), "client")
        for _ in range(100):  # both dead workers replaced
            if len(pool.pids) == 2:
                break
            await asyncio.sleep(0.05)
        assert len(pool.pids) == 2

    run(lambda pool: test(pool, str(tmp_path / "died")))


def test_a_job_that_raises_fails_without_its_message_in_the_log(capfd):
    async def test(pool):
        with pytest.raises(RenderFailed):
            await pool.make("bad", ("raise",), "client")
        return await pool.make("good", ("sleep", 0), "client")

    handler = logging.StreamHandler(sys.stderr)  # as the server logs, in the worker too
    LOG.addHandler(handler)
    try:
        assert run(test)
    finally:
        LOG.removeHandler(handler)
    log = capfd.readouterr().err
    assert "ValueError" in log and "secret" not in log and "Grandma" not in log


def test_a_worker_retires_after_its_jobs_and_is_replaced():
    async def test(pool):
        seen = set()
        for n in range(12):  # one worker that retires after 3 (or 2 to 4) jobs
            seen.add(await pool.make(f"job {n}", ("sleep", 0), "client"))
        assert len(seen) >= 3

    run(test, workers=1, max_jobs=3)


def test_the_workers_and_the_zygote_ignore_a_terminals_ctrl_c():
    async def test(pool):
        call = asyncio.ensure_future(pool.make("long", ("sleep", 0.5), "client"))
        await asyncio.sleep(0.1)
        for pid in [pool.zygote, *pool.pids]:
            os.kill(pid, signal.SIGINT)
            os.kill(pid, signal.SIGTERM)
        assert await call in pool.pids
        assert len(pool.pids) == 2

    run(test)
