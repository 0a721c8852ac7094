"""ReportLab is imported with its two costly patterns deferred (sheets/layout/_reportlab.py):
a build never compiles them, nothing else is deferred, and a deferred pattern answers exactly
as the compiled one."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from sheets.layout._reportlab import COSTLY, DeferredPattern

# After a build in a fresh process: every pattern held at the top of a ReportLab module, whether
# it is deferred, whether it has been compiled, and whether it spans to U+FFFF.
AFTER_A_BUILD = """
import json, re, sys
from sheets.cli import main
main(["build", "--out", sys.argv[1]], standalone_mode=False)
from sheets.layout._reportlab import DeferredPattern, COSTLY
found = {}
for name, module in list(sys.modules.items()):
    if not name.startswith("reportlab"):
        continue
    for attr, value in list(vars(module).items()):
        if isinstance(value, DeferredPattern):
            found[f"{name}.{attr}"] = ["deferred", value._compiled is not None,
                                       COSTLY in value._args[0]]
        elif isinstance(value, re.Pattern) and isinstance(value.pattern, str):
            found[f"{name}.{attr}"] = ["compiled", True, COSTLY in value.pattern]
print(json.dumps({"patterns": found, "compile": re.compile.__module__}))
"""


@pytest.fixture(scope="module")
def after_a_build(tmp_path_factory):
    out = tmp_path_factory.mktemp("build")
    run = subprocess.run([sys.executable, "-c", AFTER_A_BUILD, str(out)], capture_output=True,
                         text=True, check=True)
    assert (out / "rule-sheet.pdf").exists() and (out / "score-sheet.pdf").exists()
    return json.loads(run.stdout.splitlines()[-1])


def test_a_build_never_compiles_the_costly_patterns(after_a_build):
    patterns = after_a_build["patterns"]
    deferred = {name: state for name, state in patterns.items() if state[0] == "deferred"}
    assert {"reportlab.platypus.paragraph.uri_pat", "reportlab.lib.textsplit.rx"} <= set(deferred)
    assert not [name for name, (_, compiled, _) in deferred.items() if compiled]


def test_only_the_costly_patterns_are_deferred_and_none_slips_through(after_a_build):
    for name, (state, _, costly) in after_a_build["patterns"].items():
        assert costly == (state == "deferred"), name


def test_re_compile_is_its_own_again_after_the_import(after_a_build):
    assert after_a_build["compile"] == "re"
    assert re.compile.__module__ == "re"


URI = ("(^(?:[a-z0-9\\.\\-\\+]*)://)(?:\\S+(?::\\S*)?@)?(?:([a-z\xa1-\uffff0-9](?:[a-z\xa1-\uffff0-9-]"
       "{0,61}[a-z\xa1-\uffff0-9])?(?:\\.(?!-)[a-z\xa1-\uffff0-9-]{1,63}(?<!-))*\\.(?!-)"
       "[a-z\xa1-\uffff-]{2,63}|localhost))(?::\\d{2,5})?(?:[/?#][^\\s]*)?\\Z")


@pytest.mark.parametrize("text", ["https://example.org/a/b", "HTTP://Bücher.example/x?y=1",
                                  "mailto:nobody", "http://localhost:8000/make", "plain words"])
def test_a_deferred_pattern_answers_as_the_compiled_one(text):
    deferred, compiled = DeferredPattern(URI, re.I), re.compile(URI, re.I)
    assert COSTLY in deferred.pattern
    match, expected = deferred.match(text), compiled.match(text)
    assert (match and match.groups()) == (expected and expected.groups())
    assert deferred.flags == compiled.flags and deferred.groups == compiled.groups
    wide = DeferredPattern("([\u2e80-\uffff])", 0)
    assert wide.sub(r"\1 ", text + "漢字") == re.sub("([\u2e80-\uffff])", r"\1 ", text + "漢字")


def test_reportlab_finds_web_addresses_with_the_deferred_pattern():
    from reportlab.platypus import paragraph

    assert paragraph._uri_split_pairs("https://example.org/a/b") == [
        ("https://example.org/a/", "b"), ("https://example.org/", "a/b"),
        ("https://", "example.org/a/b")]
    assert paragraph._uri_split_pairs("no address") is None
