"""The render workers: processes forked from a warm zygote, fed through a short queue.

The front (:mod:`sheets.service.front`) is one event loop and never renders. Before its loop
starts it forks a *zygote*, which loads ReportLab, the fonts and PDFium once (by making the
standard sheets) and then forks each render worker when the front asks: a new worker is ready in
milliseconds and shares the zygote's memory, and nothing is forked from a process running an
event loop. Each worker has a socket of its own to the front, passed over the zygote's control
socket; a worker that dies closes it, and that is how the front learns. The zygote and the
workers ignore SIGINT and SIGTERM (a Ctrl-C reaches the whole process group, and a render must not
be cut short by it): they end when the front closes their sockets, or when it dies. They run at a
lower priority (``nice``), so that a machine busy rendering still answers everything else at once.

:class:`RenderPool` is the front's side, and holds the limits:

- requests for the same key share one job;
- at most ``waiting_per_worker`` jobs per worker wait for a free worker; one more is refused at
  once with :class:`Busy` (the service answers 429 with Retry-After), so that no request waits
  seconds in a queue;
- one client has at most ``per_client`` jobs of its own running or waiting (:class:`Busy` too);
- a job still running after ``timeout`` seconds is given up (:class:`Busy`) and its worker killed;
- a worker that dies is replaced, and its job given once more to another worker; a job that
  raises, or that ends two workers, fails with :class:`RenderFailed`;
- a worker retires after about ``max_jobs`` jobs (its memory stays fresh), and is replaced.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import pickle
import random
import select
import signal
import socket
import struct
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable, Iterable
from typing import Any

LOG = logging.getLogger("sheets.service.pool")
RETRY_AFTER = 2  # seconds a client is asked to wait after a refusal
_LENGTH = struct.Struct(">I")
_SPAWN, _KILL = b"S", b"K"


class Busy(Exception):
    """Not now: :attr:`kind` says why (the words ``make.busy-{kind}`` of the request's language
    say it, with :attr:`values` in their placeholders). Try again after :attr:`retry_after`
    seconds."""

    def __init__(self, kind: str, retry_after: int = RETRY_AFTER, **values: Any):
        super().__init__(kind, values)
        self.kind = kind
        self.values = values
        self.retry_after = retry_after


class RenderFailed(Exception):
    """A job raised, or ended two workers: a bug, logged by the worker (or the zygote)."""


def bug_report(err: BaseException) -> str:
    """An exception for the log: its type and where it was raised, never its message (which may
    hold a title or a note)."""
    where = "".join(traceback.format_tb(err.__traceback__)).rstrip()
    return f"{type(err).__name__}\n{where}"


# -- messages between the front and a worker: a length, then a pickle --------------------------


def _send(sock: socket.socket, message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    sock.sendall(_LENGTH.pack(len(data)) + data)


def _receive(sock: socket.socket) -> Any:
    """The next message, or None when the other end has closed."""
    header = _exactly(sock, _LENGTH.size)
    if header is None:
        return None
    data = _exactly(sock, _LENGTH.unpack(header)[0])
    return None if data is None else pickle.loads(data)


def _exactly(sock: socket.socket, count: int) -> bytes | None:
    parts, left = [], count
    while left:
        part = sock.recv(min(left, 1 << 20))
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


# -- a worker, and the zygote that forks them (each a process of its own) -----------------------


def _work(sock: socket.socket, job: Callable[..., Any], max_jobs: int) -> None:
    """Answer jobs until the front closes the socket or ``max_jobs`` are done."""
    for done in range(1, max_jobs + 1):
        message = _receive(sock)
        if message is None:
            return
        ident, args = message
        try:
            reply = (ident, True, job(*args), done == max_jobs)
        except Exception as err:  # a bug
            LOG.error("a render failed: %s", bug_report(err))
            reply = (ident, False, type(err).__name__, done == max_jobs)
        _send(sock, reply)


def _spawn(control: socket.socket, job: Callable[..., Any], max_jobs: int) -> int:
    ours, theirs = socket.socketpair()
    jobs = random.randint(max_jobs - max_jobs // 10, max_jobs + max_jobs // 10)
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            control.close()
            ours.close()
            _work(theirs, job, max(jobs, 1))
        except BaseException as err:
            LOG.error("render worker %d stopped: %s", os.getpid(), bug_report(err))
            code = 1
        finally:
            os._exit(code)
    theirs.close()
    socket.send_fds(control, [_LENGTH.pack(pid)], [ours.fileno()])
    ours.close()
    return pid


def _reap(children: set[int]) -> None:
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            children.clear()
            return
        if pid == 0:
            return
        children.discard(pid)
        if os.WIFSIGNALED(status):
            LOG.warning(
                "render worker %d was ended by %s", pid, signal.Signals(os.WTERMSIG(status)).name
            )
        elif os.WEXITSTATUS(status):
            LOG.warning("render worker %d exited with status %d", pid, os.WEXITSTATUS(status))


def _zygote(
    control: socket.socket,
    setup: Callable[[], None] | None,
    job: Callable[..., Any],
    max_jobs: int,
    nice: int,
) -> None:
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, signal.SIG_IGN)
    if nice:
        os.nice(nice)
    if setup is not None:
        setup()
    children: set[int] = set()
    pending = b""
    while True:
        readable, _, _ = select.select([control], [], [], 0.5)
        _reap(children)
        if not readable:
            continue
        data = control.recv(4096)
        if not data:
            break  # the front has gone
        pending += data
        while pending[:1] == _SPAWN or (pending[:1] == _KILL and len(pending) > _LENGTH.size):
            if pending[:1] == _SPAWN:
                pending = pending[1:]
                children.add(_spawn(control, job, max_jobs))
            else:
                pid = _LENGTH.unpack(pending[1 : 1 + _LENGTH.size])[0]
                pending = pending[1 + _LENGTH.size :]
                if pid in children:  # not yet reaped, so not a stranger with a reused id
                    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 2  # the workers end on their own once the front has closed
    while children and time.monotonic() < deadline:
        time.sleep(0.05)
        _reap(children)
    for pid in children:
        os.kill(pid, signal.SIGKILL)
    _reap(children)


# -- the front's side ---------------------------------------------------------------------------


class _Job:
    __slots__ = ("key", "args", "client", "future", "attempts", "ident")

    def __init__(self, key: str, args: tuple, client: str, future: asyncio.Future):
        self.key, self.args, self.client, self.future = key, args, client, future
        self.attempts = 0
        self.ident = 0


class _Worker:
    __slots__ = ("pid", "reader", "writer", "job", "timer", "jobs", "born", "retired")

    def __init__(self, pid: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.pid, self.reader, self.writer = pid, reader, writer
        self.job: _Job | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.jobs = 0
        self.born = time.monotonic()
        self.retired = False


class RenderPool:
    """Render workers and their queue, for the front (see the module). ``job(*args)`` runs in a
    worker and returns a picklable value; ``setup()`` runs once in the zygote."""

    def __init__(
        self,
        job: Callable[..., Any],
        *,
        workers: int,
        setup: Callable[[], None] | None = None,
        waiting_per_worker: int = 2,
        per_client: int = 3,
        timeout: float = 10.0,
        max_jobs: int = 1000,
        nice: int = 10,
    ):
        self.job, self.setup = job, setup
        self.size = workers
        self.max_waiting = waiting_per_worker * workers
        self.per_client = per_client
        self.timeout = timeout
        self.max_jobs = max_jobs
        self.nice = nice
        self.on_lost: Callable[[], None] | None = None  # called if the zygote dies
        self._control: socket.socket | None = None
        self._zygote = 0
        self._workers: dict[int, _Worker] = {}
        self._idle: list[_Worker] = []
        self._queue: deque[_Job] = deque()
        self._jobs: dict[str, _Job] = {}
        self._by_client: Counter[str] = Counter()
        self._ident = itertools.count(1)
        self._failures = 0
        self._closing = False

    # -- starting and stopping ----------------------------------------------------------------

    def fork(self, close: Iterable[socket.socket] = ()) -> None:
        """Fork the zygote (before any event loop or thread), which starts warming up and then
        makes the workers; the sockets in ``close`` are closed in it."""
        ours, theirs = socket.socketpair()
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                ours.close()
                for sock in close:
                    sock.close()
                _zygote(theirs, self.setup, self.job, self.max_jobs, self.nice)
            except BaseException as err:
                LOG.error("the render zygote stopped: %s", bug_report(err))
                code = 1
            finally:
                os._exit(code)
        theirs.close()
        self._control, self._zygote = ours, pid
        ours.sendall(_SPAWN * self.size)

    def start(self) -> None:
        """Take the workers the zygote makes (in the running event loop)."""
        control = self._started()
        control.setblocking(False)
        asyncio.get_running_loop().add_reader(control.fileno(), self._on_control)

    def _started(self) -> socket.socket:
        """The socket to the zygote, once :meth:`spawn` has started it."""
        if self._control is None:
            raise RuntimeError("the render zygote has not been started")
        return self._control

    async def close(self, timeout: float = 2.0) -> None:
        """Close every worker's socket and the zygote's, and wait for the zygote to end."""
        self._closing = True
        for worker in list(self._workers.values()):
            worker.writer.close()
        if self._control is not None:
            asyncio.get_running_loop().remove_reader(self._control.fileno())
            self._control.close()
        deadline = time.monotonic() + timeout
        while self._zygote and time.monotonic() < deadline:
            if os.waitpid(self._zygote, os.WNOHANG)[0]:
                self._zygote = 0
            else:
                await asyncio.sleep(0.02)
        if self._zygote:
            os.kill(self._zygote, signal.SIGKILL)
            os.waitpid(self._zygote, 0)
            self._zygote = 0

    @property
    def pids(self) -> list[int]:
        """The workers' process ids."""
        return sorted(self._workers)

    @property
    def zygote(self) -> int:
        """The zygote's process id (0 once it has ended)."""
        return self._zygote

    # -- jobs ---------------------------------------------------------------------------------

    def client_full(self, client: str) -> bool:
        """Has this client as many jobs running or waiting as it may?"""
        return self._by_client[client] >= self.per_client

    @property
    def busy(self) -> bool:
        """Would a new job be refused for want of a place in the queue?"""
        return len(self._queue) >= self.max_waiting

    async def make(self, key: str, args: tuple, client: str) -> Any:
        """``job(*args)``'s value, made by a worker (or by one making it already: same key).
        Raises :class:`Busy` or :class:`RenderFailed`."""
        job = self._jobs.get(key)
        if job is None:
            if self.client_full(client):
                raise Busy("yours")
            if self.busy:
                raise Busy("making")
            future = asyncio.get_running_loop().create_future()
            future.add_done_callback(_retrieved)
            job = _Job(key, args, client, future)
            self._jobs[key] = job
            self._by_client[client] += 1
            self._queue.append(job)
            self._dispatch()
        return await asyncio.shield(job.future)

    def _dispatch(self) -> None:
        while self._queue and self._idle:
            job, worker = self._queue.popleft(), self._idle.pop()
            job.ident = next(self._ident)
            worker.job = job
            worker.timer = asyncio.get_running_loop().call_later(
                self.timeout, self._ran_away, worker
            )
            data = pickle.dumps((job.ident, job.args), protocol=pickle.HIGHEST_PROTOCOL)
            worker.writer.write(_LENGTH.pack(len(data)) + data)

    def _done(self, job: _Job, outcome: Any) -> None:
        self._jobs.pop(job.key, None)
        self._by_client[job.client] -= 1
        if self._by_client[job.client] <= 0:
            del self._by_client[job.client]
        if not job.future.done():
            if isinstance(outcome, Exception):
                job.future.set_exception(outcome)
            else:
                job.future.set_result(outcome)

    def _ran_away(self, worker: _Worker) -> None:
        job, worker.job, worker.retired = worker.job, None, True
        LOG.warning(
            "a render ran past %g s: render worker %d is replaced", self.timeout, worker.pid
        )
        self._kill(worker.pid)
        if job is not None:
            self._done(
                job,
                Busy("too-long", seconds=f"{self.timeout:g}"),
            )

    # -- workers ------------------------------------------------------------------------------

    def _on_control(self) -> None:
        control = self._started()
        try:
            data, fds, _, _ = socket.recv_fds(control, _LENGTH.size, 1)
        except BlockingIOError:
            return
        except OSError:
            data, fds = b"", []
        if len(data) != _LENGTH.size or len(fds) != 1:
            for fd in fds:
                os.close(fd)
            if not data:  # the zygote has gone: no worker can be replaced
                asyncio.get_running_loop().remove_reader(control.fileno())
                LOG.error("the render zygote has stopped: no new worker can start")
                if self.on_lost is not None and not self._closing:
                    self.on_lost()
            return
        pid = _LENGTH.unpack(data)[0]
        asyncio.get_running_loop().create_task(self._attach(pid, socket.socket(fileno=fds[0])))

    async def _attach(self, pid: int, sock: socket.socket) -> None:
        reader, writer = await asyncio.open_unix_connection(sock=sock)
        worker = _Worker(pid, reader, writer)
        if self._closing:
            writer.close()
            return
        self._workers[pid] = worker
        self._idle.append(worker)
        self._dispatch()
        try:
            while True:
                header = await reader.readexactly(_LENGTH.size)
                ident, ok, value, last = pickle.loads(
                    await reader.readexactly(_LENGTH.unpack(header)[0])
                )
                self._answered(worker, ident, value if ok else RenderFailed(value), last)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self._lost(worker)

    def _answered(self, worker: _Worker, ident: int, outcome: Any, last: bool) -> None:
        job = worker.job
        if job is None or job.ident != ident:
            return  # the answer of a job given up
        if worker.timer is not None:
            worker.timer.cancel()
        worker.job = None
        worker.jobs += 1
        worker.retired = worker.retired or last
        self._failures = 0
        self._done(job, outcome)
        if not worker.retired:
            self._idle.append(worker)
        self._dispatch()

    def _lost(self, worker: _Worker) -> None:
        self._workers.pop(worker.pid, None)
        if worker in self._idle:
            self._idle.remove(worker)
        if worker.timer is not None:
            worker.timer.cancel()
        worker.writer.close()
        job, worker.job = worker.job, None
        if job is not None:
            job.attempts += 1
            if job.attempts >= 2:
                self._done(job, RenderFailed("the sheet's render ended two workers"))
            else:
                self._queue.appendleft(job)
        if self._closing:
            return
        if worker.jobs == 0 and time.monotonic() - worker.born < 1:
            self._failures += 1  # it died at once: wait longer before each new one
        delay = min(5.0, 0.1 * 2**self._failures) if self._failures else 0
        asyncio.get_running_loop().call_later(delay, self._request, _SPAWN)
        self._dispatch()

    def _kill(self, pid: int) -> None:
        self._request(_KILL + _LENGTH.pack(pid))

    def _request(self, command: bytes) -> None:
        if self._closing or self._control is None:
            return
        try:
            self._control.send(command)
        except OSError:
            pass  # the zygote has gone; _on_control says so


def _retrieved(future: asyncio.Future) -> None:
    """Mark a job's failure as seen, so that one nobody waits for any more is not logged."""
    if not future.cancelled():
        future.exception()


__all__ = ["Busy", "RETRY_AFTER", "RenderFailed", "RenderPool", "bug_report"]
