"""The layers point one way: the engine and the example load no YAML, ReportLab or click; the
engine's own modules import only those below them; the layouts and the site's page load no YAML
readers."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

FORBIDDEN = ("yaml", "reportlab", "click", "pypdf", "pypdfium2", "PIL")


def loaded_by(module: str) -> set[str]:
    """Top-level packages a fresh Python process holds after importing ``module``."""
    code = (
        f"import sys, json; import {module}; "
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return set(json.loads(out))


@pytest.mark.parametrize(
    "module",
    ["sheets.cards", "sheets.houserules", "sheets.engine", "sheets.scoring", "sheets.example"],
)
def test_the_rules_layer_loads_no_files_formats_or_interfaces(module):
    assert not loaded_by(module) & set(FORBIDDEN)


# The engine's modules from the bottom up: each imports only modules before it.
ENGINE = ("records", "ladder", "table", "takings", "passing", "hand")
ENGINE_DIR = Path(__file__).resolve().parent.parent / "sheets" / "engine"


def test_the_engine_modules_point_one_way():
    assert {path.stem for path in ENGINE_DIR.glob("*.py")} == {"__init__", *ENGINE}
    for below, name in enumerate(ENGINE):
        tree = ast.parse((ENGINE_DIR / f"{name}.py").read_text(encoding="utf-8"))
        imported = {
            node.module.removeprefix("sheets.engine.")
            for node in tree.body
            if isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("sheets.engine.")
        }
        assert imported <= set(ENGINE[:below]), f"sheets.engine.{name} imports {imported}"


def test_the_layouts_do_not_load_the_command_line_or_the_site():
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, sheets.layout.rulesheet, sheets.layout.scoresheet; "
            "print(' '.join(sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert "sheets.cli" not in loaded
    assert not [m for m in loaded if m.startswith("sheets.site")]


@pytest.mark.parametrize("module", ["sheets.layout.rulesheet", "sheets.site.page"])
def test_the_renderers_do_not_load_the_yaml_readers(module):
    loaded = subprocess.run(
        [sys.executable, "-c", f"import sys, {module}; print(' '.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert "yaml" not in loaded
    readers = {"sheets.content", "sheets.housefile", "sheets.yamlread", "sheets.text"}
    assert not readers & set(loaded)


def test_a_build_loads_no_module_it_does_not_use(tmp_path):
    """What only a mistake, another command or a zipped install needs is loaded when needed."""
    code = (
        "import sys, json; from sheets.cli import main; "
        f"main(['build', '--out', {str(tmp_path)!r}], standalone_mode=False); "
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    loaded = set(json.loads(out.splitlines()[-1]))
    assert "sheets.layout.rulesheet" in loaded and (tmp_path / "rule-sheet.pdf").exists()
    unused = {"difflib", "importlib.resources", "sheets.site", "sheets.service", "pypdf"}
    assert not unused & loaded


def test_the_bundled_content_is_where_importlib_resources_finds_it():
    from importlib import resources

    from sheets import bundle

    assert bundle.root() == resources.files(bundle.PACKAGE)
