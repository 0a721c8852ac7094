"""One name for each rule in each language: the rule sheet's heading of a rule's line, /make's
label and menu, and the scorekeeper's setup all say the name the language's one table of rule
names (``rule-names`` in language.yaml) gives, and none of them types it again."""

from __future__ import annotations

import re
from html import unescape

import pytest
from test_service_app import call, make_app

from sheets.blocks import name_of
from sheets.bundle import content_bytes, load_content
from sheets.content import parse_content
from sheets.errors import InputError
from sheets.houserules import OPTIONS_BY_KEY, STANDARD, HouseRules
from sheets.language import LANGUAGES, RULE_NAME_KEYS
from sheets.rulenames import rule_label, rule_name
from sheets.site.scorekeeper import scorekeeper_config
from sheets.text import variant_line
from sheets.textlang import option_values

#: Each named rule's values to look at (a number for the target, whose values are not a list).
VALUES = {k: option_values(k) or ("100", "50", "75") for k in RULE_NAME_KEYS}
#: The tables the names may differ at: one player each, and teams.
TABLES = (STANDARD, STANDARD.replace(partnership=True), STANDARD.replace(players=7))


def _with(rules: HouseRules, key: str, value: str) -> HouseRules | None:
    option = OPTIONS_BY_KEY[key]
    new = {"true": True, "false": False}.get(value, value) if option.kind == "bool" else value
    try:
        return rules.replace(**{key: int(value) if option.kind == "int" else new})
    except ValueError:
        return None


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_sheet_heads_each_rules_line_with_the_tables_name(code):
    content = load_content(code)
    for key in RULE_NAME_KEYS:
        for value in VALUES[key]:
            for table in TABLES:
                rules = _with(table, key, value)
                if rules is None:
                    continue
                line = variant_line(content, rules, key)
                named = rule_name(content.language, key, value, rules)
                assert name_of(line) == named, line  # French "Nom :" too: no space left over


@pytest.mark.parametrize("code", LANGUAGES)
def test_make_labels_and_offers_each_rule_by_the_tables_name(code):
    language = load_content(code).language
    for table, address in (
        (STANDARD, ""),
        (STANDARD.replace(partnership=True), "&partnership=true"),
    ):
        _, _, body = call(make_app(), "/make", f"language={code}{address}")
        page = unescape(body.decode())
        for key in RULE_NAME_KEYS:
            shown = re.search(rf'<label for="{key}">([^<]*)</label>', page)
            assert shown and shown.group(1) == rule_label(language, key), key
            if OPTIONS_BY_KEY[key].kind != "choice":
                continue
            menu = re.search(rf'<select id="{key}"[^>]*>(.*?)</select>', page, re.S)
            assert menu, key
            offered = dict(re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', menu[1]))
            usual = offered.pop("", None)  # a rule whose usual value depends on the table
            values = option_values(key)
            if usual is not None:  # offered once, as the usual
                default = str(OPTIONS_BY_KEY[key].default_at(table.players))
                assert rule_name(language, key, default, table) in usual, usual
                values = [v for v in values if v != default]
            assert offered == {v: rule_name(language, key, v, table) for v in values}, key


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_scorekeepers_setup_labels_and_offers_each_rule_by_the_tables_name(code):
    content = load_content(code)
    config = scorekeeper_config(STANDARD, content)
    kept = {r["key"] for r in config["rules"]}
    assert {"moon", "target"} <= kept
    for table in config["tables"]:
        rules = STANDARD.replace(players=table["players"], partnership=table["partnership"])
        for facts in table["facts"]:
            said = {**config["words"], **table["words"], **facts["words"]}
            for key in RULE_NAME_KEYS:
                if key not in kept:
                    continue
                assert said[f"rule.{key}.label"].startswith(
                    rule_label(content.language, key, rules)
                )
                for value in option_values(key) if OPTIONS_BY_KEY[key].kind == "choice" else ():
                    named = rule_name(content.language, key, value, rules)
                    assert said[f"rule.{key}.value.{value}"] == named, (key, value)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_rules_short_name_agrees_with_its_lines(code):
    """A rule named apart from its values' names (a number's: "Game to" beside "Game to 75")
    is the start of their name, so the label and the sheet's heading read as one; a yes-or-no
    rule is named by its "true" name, which the sheet's line of that value opens with."""
    language = load_content(code).language
    for key in RULE_NAME_KEYS:
        if OPTIONS_BY_KEY[key].kind == "int":
            assert rule_name(language, key, "75").startswith(rule_label(language, key))
        if OPTIONS_BY_KEY[key].kind == "bool":
            assert rule_label(language, key) == rule_name(language, key, "true")


#: A name typed again, or a table left short, in one language's files: (language, file, the
#: words as they are, the words typed instead, what the refusal says).
REFUSED = {
    "a sheet line typing its rule's name": (
        "es",
        "variants.yaml",
        '"**{rule}:** quien la hace se resta',
        '"**Luna restada:** quien la hace se resta',
        "variants moon: every line must open with **{rule}",
    ),
    "a sheet line of another rule borrowing a name": (
        "en",
        "variants.yaml",
        '"**Four players:**',
        '"**{rule}:**',
        "variants players: every line must not use {rule}",
    ),
    "the scorekeeper typing a rule's values": (
        "fr",
        "scorekeeper.yaml",
        '    label: "{rule}"\n',
        '    label: "{rule}"\n    values:\n      shooter-chooses: L\'auteur choisit\n',
        "unknown key 'values'",
    ),
    "the scorekeeper labelling a rule in its own words": (
        "de",
        "scorekeeper.yaml",
        '    label: "{rule}"\n',
        "    label: Durchmarsch\n",
        "expected the rule's name, {rule}",
    ),
    "/make typing a rule's name": (
        "fr",
        "language.yaml",
        "  label-players: Joueurs\n",
        "  label-players: Joueurs\n  label-target: Score à atteindre\n",
        "unknown key 'label-target'",
    ),
    "a value the table leaves unnamed": (
        "de",
        "language.yaml",
        "    add-unless-it-ends-game: Durchmarsch mit Absicherung\n",
        "",
        "rule-names.moon: missing key 'add-unless-it-ends-game'",
    ),
}


@pytest.mark.parametrize("case", REFUSED)
def test_a_rules_name_typed_again_or_left_out_is_refused(case):
    code, name, old, new, message = REFUSED[case]
    files = content_bytes(code)
    text = files[name].decode()
    assert old in text, old
    files[name] = text.replace(old, new, 1).encode()
    with pytest.raises(InputError) as info:
        parse_content(files)
    assert message in str(info.value)


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_names_every_value_of_every_named_rule(code):
    names = load_content(code).language.rule_names
    for key in RULE_NAME_KEYS:
        given = set(names[key]) - {"label"}
        assert given == set(option_values(key)) or given == {"*"}, key


def test_a_french_name_keeps_no_space_of_its_colon():
    """French sets a no-break space before the colon of a line's lead-in ("**Sans échange :**"):
    the line's short name, which lists of names and the scorekeeper's menus show, ends with the
    name's last letter, not with that space."""
    assert name_of("**Sans échange\u00a0:** aucune donne n'échange.") == "Sans échange"
