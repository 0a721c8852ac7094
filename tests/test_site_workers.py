"""The site's worker processes: started from a fork server (or spawned), never forked from the
builder, which may hold threads; the jobs and results cross to them pickled."""

from __future__ import annotations

import os

from sheets.bundle import load_content, load_preset
from sheets.housefile import STANDARD_FILE
from sheets.site.builder import build_site, plan_site


def test_the_workers_are_not_forks_of_the_builder(monkeypatch):
    plan = plan_site(load_content(), STANDARD_FILE, {"standard": load_preset("standard")})
    serial = build_site(plan, workers=1)

    def fork():
        raise AssertionError("the site builder forked itself to start a worker")

    monkeypatch.setattr(os, "fork", fork)
    assert build_site(plan, workers=2) == serial
