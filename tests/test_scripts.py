"""The scorekeeper's ES modules and the one classic script the site builder makes of them:
each module small and with one job, every one reached from main.js, the script the same bytes
each time, and anything the combining would not keep the meaning of refused with its line."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from sheets.bundle import load_content
from sheets.houserules import HouseRules
from sheets.site.scorekeeper import scorekeeper_files
from sheets.site.scripts import ModuleError, combine, combine_modules, module_order, read_module

FOLDER = resources.files("sheets.site") / "static" / "scorekeeper"
NAMES = sorted(p.name for p in FOLDER.iterdir() if p.name.endswith(".js"))


def modules(**sources: str) -> dict:
    return {f"{name}.js": read_module(f"{name}.js", text) for name, text in sources.items()}


def test_each_module_is_under_400_lines_and_main_reaches_every_one():
    for name in NAMES:
        lines = (FOLDER / name).read_text("utf-8").count("\n")
        assert lines < 400, f"{name}: {lines} lines"
    read = {name: read_module(name, (FOLDER / name).read_text("utf-8")) for name in NAMES}
    assert sorted(module_order(read)) == NAMES


def test_no_module_keeps_state_another_could_change():
    """Modules export functions and constants only, and keep no variable of their own at the
    top (the page's state is one object main.js makes and hands on)."""
    for name in NAMES:
        text = (FOLDER / name).read_text("utf-8")
        assert not re.search(r"(?m)^(var|let) ", text), name
        assert not re.search(r"(?m)^export (var|let|default)", text), name


def test_the_script_is_the_modules_in_order_and_the_same_every_time():
    script = combine_modules(FOLDER).decode()
    assert script == combine_modules(FOLDER).decode()
    files = scorekeeper_files(HouseRules(), title="T", content=load_content())
    assert files["scorekeeper.js"].decode() == script
    order = re.findall(r"/\* -- ([a-z-]+\.js) -- \*/", script)
    assert sorted(order) == NAMES and order[-1] == "main.js"
    assert order.index("dom.js") < order.index("setup.js") < order.index("tools.js")
    assert not re.search(r"(?m)^(export|import) ", script)


def test_combining_keeps_each_modules_names_its_own():
    script = combine(
        modules(
            a='export function shared() { return 1; }\nfunction helper() { return "a"; }\n',
            b='import {shared as one} from "./a.js";\nfunction helper() { return "b"; }\n'
            "export const TWO = one() + 1;\n",
            main='import {TWO} from "./b.js";\nimport {shared} from "./a.js";\n'
            "export function run() { return TWO + shared(); }\n",
        )
    )
    assert "var one = module_a.shared;" in script and "var TWO = module_b.TWO;" in script
    assert script.count("function helper()") == 2  # each inside its own module's function
    assert (
        script.index("var module_a")
        < script.index("var module_b")
        < script.index("var module_main")
    )
    assert "return {shared: shared};" in script and "return {TWO: TWO};" in script


@pytest.mark.parametrize(
    "source, message",
    [
        ("export default function run() {}\n", "main.js:1: 'export' is not taken"),
        ("const x = 1;\nexport let y = 2;\n", "main.js:2: 'export' is not taken"),
        ("export {x};\n", "main.js:1: 'export' is not taken"),
        ('import * as a from "./a.js";\n', "main.js:1: 'import' is not taken"),
        ('import a from "./a.js";\n', "main.js:1: 'import' is not taken"),
        ('import {a} from "../a.js";\n', "main.js:1: 'import' is not taken"),
        ("const m = import('./a.js');\n", "main.js:1: 'import(' is not taken"),
        ('import {a b} from "./a.js";\n', "main.js:1: cannot read the import 'a b'"),
    ],
)
def test_what_the_combining_does_not_take_is_refused_with_its_line(source, message):
    with pytest.raises(ModuleError, match=re.escape(message)):
        read_module("main.js", source)


def test_a_missing_module_a_missing_name_and_a_cycle_are_refused():
    with pytest.raises(ModuleError, match=r"main.js: imports \./b.js, which is not there"):
        module_order(modules(main='import {x} from "./b.js";\n'))
    with pytest.raises(ModuleError, match="imports y from a.js, which does not export it"):
        module_order(modules(a="export const x = 1;\n", main='import {y} from "./a.js";\n'))
    with pytest.raises(ModuleError, match="a cycle: main.js -> a.js -> main.js"):
        module_order(
            modules(
                a='import {m} from "./main.js";\nexport const x = 1;\n',
                main='import {x} from "./a.js";\nexport const m = 2;\n',
            )
        )


def test_the_folder_read_from_disk_gives_the_same_script(tmp_path: Path):
    for name in NAMES:
        (tmp_path / name).write_text((FOLDER / name).read_text("utf-8"), "utf-8")
    assert combine_modules(tmp_path) == combine_modules(FOLDER)
    (tmp_path / "main.js").unlink()
    with pytest.raises(ModuleError, match="main.js: no such module"):
        combine_modules(tmp_path)
