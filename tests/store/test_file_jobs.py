"""The file jobs nobody waits for (grimoire.store.file_jobs): done in the order given, in one
thread that ends when none is left; a job's error is told, and the next job still runs."""

from __future__ import annotations

import threading

from grimoire.store.file_jobs import FileJobs


def test_jobs_run_in_order_in_one_thread_that_then_ends() -> None:
    release = threading.Event()
    done: list[tuple[int, str]] = []
    jobs = FileJobs("test-jobs", on_error=lambda exc: done.append((-1, repr(exc))))
    jobs.run(lambda: (release.wait(10), done.append((0, threading.current_thread().name))))
    for n in range(1, 20):  # given while the first still runs
        jobs.run(lambda n=n: done.append((n, threading.current_thread().name)))
    assert not jobs.idle
    release.set()
    assert jobs.wait(timeout=10)
    assert done == [(n, "test-jobs") for n in range(20)]
    assert jobs.idle and not any(t.name == "test-jobs" for t in threading.enumerate())
    jobs.run(lambda: done.append((20, threading.current_thread().name)))  # a new thread once ended
    assert jobs.wait(timeout=10) and done[-1] == (20, "test-jobs")


def test_an_error_is_told_and_the_next_job_runs() -> None:
    told: list[BaseException] = []
    done: list[str] = []
    jobs = FileJobs("test-jobs", on_error=told.append)
    jobs.run(lambda: 1 / 0)
    jobs.run(lambda: done.append("after"))
    assert jobs.wait(timeout=10)
    assert [type(e) for e in told] == [ZeroDivisionError] and done == ["after"]


def test_waiting_gives_up_at_the_timeout() -> None:
    release = threading.Event()
    jobs = FileJobs("test-jobs", on_error=lambda exc: None)
    jobs.run(lambda: release.wait(10))
    assert jobs.wait(timeout=0.05) is False
    release.set()
    assert jobs.wait(timeout=10) is True
