"""The rule sheet's text for some house rules: one frozen model the PDF and the site both render.

:func:`assemble` is a pure function of the content and a house-rules file. The model is
:class:`~sheets.blocks.RuleSheetText`: a title, a one-line summary, the group's notes and the
sections in the order of :data:`sheets.content.SECTION_IDS`. Each section holds small blocks:
:class:`Paragraph`, :class:`Steps` (numbered, each :class:`Step` with short notes),
:class:`Bullets`, :class:`Definitions`, :class:`Notes` (the group's notes) and
:class:`ExampleSlot` (where the worked example goes).

The model and its markup (:func:`split_lead`, :func:`strip_bold`) live in :mod:`sheets.blocks`,
which loads no YAML, and are re-exported here. The ``house-rules`` section ends with
:func:`differences`: the rules that differ from the standard game (:class:`Bullets`), then the
group's notes (:class:`Notes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from sheets.blocks import (
    DEALT_MARK,
    Block,
    Bullets,
    Definitions,
    ExampleSlot,
    Notes,
    Paragraph,
    PdfLabels,
    RuleSheetText,
    ScoreSheetText,
    Section,
    Step,
    Steps,
    block_strings,
    split_lead,
    strip_bold,
)
from sheets.content import Content, SectionSpec
from sheets.facts import SignedCount
from sheets.housefile import HouseFile
from sheets.houserules import (
    OPTIONS,
    OPTIONS_BY_KEY,
    HouseRules,
    HouseRulesError,
    Problem,
    warnings,
    without_dead_rules,
)
from sheets.language import GAME_END_WORDS
from sheets.rulenames import Named
from sheets.textlang import ANY, Text, differs, resolve, value_key

if TYPE_CHECKING:
    from sheets.gamerecord import GameRecord

#: Keys whose other values are described under "other tables", not "other ways to play".
TABLE_KEYS = ("players", "deal", "partnership")


def _present(content: Content, texts, rules: HouseRules) -> tuple[str, ...]:
    return tuple(t for t in (content.say(x, rules) for x in texts) if t is not None)


def _block(content: Content, spec: Block, rules: HouseRules) -> Block | None:
    """A block of the content with its TEXT resolved; None when nothing of it is left."""
    say = content.say
    if isinstance(spec, Paragraph):
        text = say(spec.text, rules)
        return Paragraph(text) if text is not None else None
    if isinstance(spec, Steps):
        steps = tuple(
            Step(text, _present(content, s.notes, rules))
            for s in spec.items
            if (text := say(s.text, rules)) is not None
        )
        return Steps(steps) if steps else None
    if isinstance(spec, Bullets):
        items = _present(content, spec.items, rules)
        return Bullets(items) if items else None
    if isinstance(spec, Definitions):
        return Definitions(
            tuple((term, text) for term, t in spec.items if (text := say(t, rules)) is not None)
        )
    return spec  # ExampleSlot


def variant_line(content: Content, rules: HouseRules, key: str, value: str | None = None) -> str:
    """The one line ``variants.yaml`` gives for a key's value (default: the value in force)."""
    lines = content.variants[key].lines
    value = value_key(getattr(rules, key)) if value is None else value
    return _named(content, lines[value] if value in lines else lines[ANY], rules, key, value)


def _named(content: Content, text: Text, rules: HouseRules, key: str, value: str) -> str:
    """A line of ``variants.yaml`` under some rules, its ``{rule}`` the value's name from the
    one table of rule names (:mod:`sheets.rulenames`)."""
    return resolve(text, rules, Named(content.facts, content.language, key, value)) or ""


def dead_line(content: Content, rules: HouseRules, key: str) -> str:
    """The line ``variants.yaml`` gives for a key that is set but can never matter."""
    return _named(content, content.variants[key].dead, rules, key, value_key(getattr(rules, key)))


def printed_line(content: Content, rules: HouseRules, key: str) -> str:
    """What a key means under some house rules, in the sheets' words: its dead line, "not in
    play here", where it is set but can never matter (and for who takes the kitty where no
    kitty is dealt), which the sheets then leave out; otherwise its line for the rules as
    played, which the sheets print where it differs from the standard game."""
    if key in {p.key for p in warnings(rules)} or (key == "kitty_goes_to" and not rules.kitty_size):
        return dead_line(content, rules, key)
    return variant_line(content, without_dead_rules(rules), key)


def _playable(rules: HouseRules, key: str, value: str) -> HouseRules | None:
    """The rules with one key changed to a value, or None if that cannot be played."""
    option = OPTIONS_BY_KEY[key]
    new = value.split() if option.kind == "cycle" else int(value) if option.kind == "int" else value
    try:
        return rules.replace(**{key: new})
    except HouseRulesError:
        return None


def _other_ways(content: Content, rules: HouseRules) -> tuple[str, ...]:
    """One line for each value not in force that could be played, and would matter, with the
    other rules."""
    lines = []
    for option in OPTIONS:
        if option.key in TABLE_KEYS:
            continue
        current = value_key(getattr(rules, option.key))
        for value in content.variants[option.key].other:
            changed = _playable(rules, option.key, value) if value != current else None
            if changed is not None and option.key not in {p.key for p in warnings(changed)}:
                lines.append(variant_line(content, changed, option.key, value))
    return tuple(lines)


def differences(content: Content, house: HouseFile) -> tuple[Block, ...]:
    """How a house-rules file differs from the standard game: one line per rule in play that
    differs, as :class:`Bullets`, then the group's notes (:class:`Notes`); each only when there
    are any. A rule set where it can never matter is not printed (``check`` warns of it)."""
    playing = without_dead_rules(house.rules)
    changed = tuple(
        variant_line(content, playing, o.key) for o in OPTIONS if differs(playing, o.key)
    )
    return ((Bullets(changed),) if changed else ()) + ((Notes(house.notes),) if house.notes else ())


def _section(spec: SectionSpec, content: Content, house: HouseFile, rules: HouseRules) -> Section:
    """A section of the sheet under ``rules``, the house's rules as played."""
    blocks = [b for b in (_block(content, s, rules) for s in spec.blocks) if b is not None]
    if spec.id == "house-rules":
        blocks += differences(content, house)
    elif spec.id == "other-ways":
        blocks.append(Bullets(_other_ways(content, rules)))
    return Section(spec.id, content.say(spec.heading, rules) or "", tuple(blocks))


def assemble(content: Content, house: HouseFile) -> RuleSheetText:
    """The rule sheet's text for a house-rules file: the rules in force in the main text, the
    variants not chosen under "other ways to play". A rule set where it can never matter
    (:func:`~sheets.houserules.warnings`) is left out of the text; "Our house rules" says why."""
    playing = without_dead_rules(house.rules)
    words = content.language.sheets
    summary = content.say(content.summary, playing) or ""
    return RuleSheetText(
        title=house.title,
        summary=summary,
        notes=house.notes,
        sections=tuple(_section(s, content, house, playing) for s in content.sections),
        labels=PdfLabels(
            lang=content.language.code,
            title=f"{house.title} · {words['rule-sheet']}",
            subject=summary,
            keywords=tuple(
                words["rule-sheet-keywords"].format(players=playing.players).split(", ")
            ),
            notes=words["notes"],
        ),
    )


def score_sheet_text(content: Content, house: HouseFile) -> ScoreSheetText:
    """Every word of the score sheet for a house-rules file (a rule that can never matter is
    left out, as on the rule sheet)."""
    rules = without_dead_rules(house.rules)
    words = content.scoresheet
    directions = content.language.directions

    def say(text) -> str:
        return content.say(text, rules) or ""

    labels = {name: say(text) for name, text in words.labels.items()}
    return ScoreSheetText(
        title=house.title,
        heading=say(words.heading),
        date=labels["date"],
        place=labels["place"],
        hand=labels["hand"],
        pass_=labels["pass"],
        check=labels["check"],
        points=labels["points"],
        total=labels["total"],
        check_or=labels["check_or"],
        carried=labels["carried"],
        carry_on=labels["carry_on"],
        carry_on_mid_cycle=labels["carry_on_mid_cycle"],
        check_row=labels["check_row"],
        check_row_pages=labels["check_row_pages"],
        page_number=content.language.sheets["page-number"],
        pass_labels=tuple(
            (d, say(directions[d]["label"])) for d in dict.fromkeys(rules.passing or ())
        ),
        sides=content.language.side_names(rules),
        summary=_present(content, words.summary, rules),
        footer=_present(content, words.footer, rules),
        labels=PdfLabels(
            lang=content.language.code,
            title=f"{house.title} · {say(words.heading)}",
            subject=content.language.sheets["score-sheet-subject"].format(players=rules.players),
            keywords=tuple(content.language.sheets["score-sheet-keywords"].split(", ")),
        ),
        revoke=labels["revoke"],
        game_end=tuple((name, content.language.sheets[name]) for name in GAME_END_WORDS)
        + tuple((joiner, content.language.lists[joiner]) for joiner in ("comma", "and")),
    )


#: The most changes of seats a filled-in sheet tells one by one, with who moved; a game with
#: more says only after which hands seats changed, so the footer keeps its size.
MOVES_NAMED = 3


def moved_words(content: Content, rules: HouseRules) -> tuple[str, str, str]:
    """How a filled-in sheet tells changes of seats, in the content's language: who changed
    seats after which hand ({names}, {hand}); after which hands seats changed ({hands}), for a
    game with more than :data:`MOVES_NAMED`; then that each column follows one player (or team)
    under the seat it ended in."""
    sheets = content.language.sheets
    teams = "-teams" if rules.partnership else ""
    return sheets["game-moved"], sheets["game-moved-hands"], sheets["game-moved-columns" + teams]


def dealt_line(
    content: Content,
    rules: HouseRules,
    names: Sequence[str] = (),
    moves: Sequence[tuple[int, Sequence[int]]] = (),
) -> str:
    """What the mark before the dealer's points on a filled-in sheet means, in the content's
    language (a player's, or a team's); then, for a game in which sides changed seats (``moves``,
    as :attr:`sheets.gamerecord.GameRecord.moves`, with the sides' ``names``), who changed
    seats after which hand (or only after which hands, for many), and how the columns read
    (:func:`moved_words`)."""
    language = content.language
    dealt = language.sheets["game-dealt-teams" if rules.partnership else "game-dealt"]
    said = [dealt.format(mark=DEALT_MARK)]
    moved, many, columns = moved_words(content, rules)
    if len(moves) > MOVES_NAMED:
        hands = [str(hand) for hand in dict.fromkeys(hand for hand, _ in moves)]
        said.append(many.format(hands=language.listed(hands, "and")))
    else:
        for hand, sides in moves:
            who = language.listed([names[side] for side in sides], "and")
            said.append(moved.format(names=who, hand=hand))
    if moves:
        said.append(columns)
    return " ".join(said)


def game_sheet_text(content: Content, house: HouseFile, game: GameRecord) -> ScoreSheetText:
    """The score sheet's words with a game written in: the day the game began on the date line
    (in the language's long form: "December 3, 2026", "3. Dezember 2026"), and in place of how
    to seat the players and who deals first (the footer's last line, before how to go on) what
    the mark before the dealer's points means: the game says who dealt each hand. A finished
    game says nothing of going on when the rows run out."""
    from babel.dates import format_date

    text = score_sheet_text(content, house)
    date = format_date(game.started, "long", locale=content.language.code) if game.started else ""
    over = bool(game.winners)  # a finished game: no more rows to go on to
    return replace(
        text,
        footer=(*text.footer[:-1], dealt_line(content, game.rules, game.names, game.moves)),
        date_written=date,
        lowest=SignedCount(min(game.totals), content.language),
        carry_on="" if over else text.carry_on,
        carry_on_mid_cycle="" if over else text.carry_on_mid_cycle,
    )


def rules_in_force_lines(content: Content, house: HouseFile) -> list[str]:
    """What ``hearts-sheets check`` prints: the title, then one line per key, then the notes."""
    rules = house.rules
    lines = [f"title: {house.title}"]
    if house.preset:
        lines.append(f"preset: {house.preset}")
    for option in OPTIONS:
        if option.key == "kitty_goes_to" and not rules.kitty_size:
            continue  # no kitty is dealt: nobody takes one
        value = getattr(rules, option.key)
        shown = ", ".join(value) if isinstance(value, tuple) else value_key(value)
        shown = content.language.shown(option.key, shown)
        meaning = strip_bold(variant_line(content, rules, option.key))
        lines.append(f"{option.key}: {shown} — {meaning}")
    lines += [f"notes: {note}" for note in house.notes]
    return lines


def warning_line(problem: Problem) -> str:
    """How a rule set where it can never matter is told: by ``hearts-sheets check``, beside the
    rule's control on the service's page, and in the house-rules file it offers."""
    return f"warning: {problem.key}: {problem.message}; it would matter with {problem.expected}"


def warning_lines(rules: HouseRules) -> list[str]:
    """What ``hearts-sheets check`` prints for rules set where they can never matter."""
    return [warning_line(p) for p in warnings(rules)]


__all__ = [
    "MOVES_NAMED",
    "Block",
    "Bullets",
    "Definitions",
    "ExampleSlot",
    "Notes",
    "Paragraph",
    "RuleSheetText",
    "Section",
    "Step",
    "Steps",
    "TABLE_KEYS",
    "assemble",
    "block_strings",
    "dead_line",
    "dealt_line",
    "differences",
    "game_sheet_text",
    "moved_words",
    "printed_line",
    "rules_in_force_lines",
    "score_sheet_text",
    "split_lead",
    "strip_bold",
    "variant_line",
    "warning_line",
    "warning_lines",
]
