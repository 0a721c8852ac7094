"""/make in every language: the language control, the page, its problems and menus, and the
sheets it makes, all in the language chosen; the YAML words kept for the YAML file alone."""

from __future__ import annotations

import html
import io
import re

import pytest
from pypdf import PdfReader
from test_service_app import call, make_app

from sheets.bundle import load_content
from sheets.language import LANGUAGES
from sheets.service.choices import read_choices
from sheets.service.makepage import ORDER, label, make_page, problem_text, value_text


@pytest.fixture(scope="module")
def app():
    return make_app()


def test_make_in_french_speaks_french_and_makes_french_sheets(app):
    status, _, page = call(app, "/make", "language=fr&preset=omnibus")
    assert status == 200
    said = page.decode("utf-8")
    assert '<html lang="fr">' in said
    assert "Faire vos propres feuilles" in said and "Make your own sheets" not in said
    assert '<option value="fr" selected>Français</option>' in said
    title = html.escape(load_content("fr").language.presets["omnibus"])
    assert f'<option value="omnibus" selected>{title}</option>' in said  # the French title
    assert '<option value="JD" selected>V♦</option>' in said  # the French deck's valet
    _, _, pdf = call(app, "/sheets/rule-sheet.pdf", "language=fr&preset=omnibus")
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "pli" in text and "trick" not in text
    assert load_content("fr").language.presets["omnibus"] in text  # the preset's French title
    _, _, data = call(app, "/sheets/house-rules.yaml", "language=fr&preset=omnibus")
    assert "language: fr\n" in data.decode() and "preset: omnibus\n" in data.decode()


def test_english_stays_the_default_and_says_nothing_of_its_language(app):
    assert read_choices("language=en").query == read_choices("").query == ""
    _, _, page = call(app, "/make", "")
    assert '<html lang="en">' in page.decode() and '<option value="en" selected>English' in (
        page.decode()
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_prints_on_its_own_paper_unless_another_is_chosen(app, code):
    default = load_content(code).language.default_paper
    other = next(p for p in ("letter", "a4") if p != default)
    assert default == ("letter" if code == "en" else "a4")
    asked = "" if code == "en" else f"language={code}"
    assert read_choices(asked).paper == default
    assert read_choices(f"{asked}&paper={default}").query == read_choices(asked).query
    assert read_choices(f"{asked}&paper={other}").query.endswith(f"paper={other}")
    assert read_choices(f"{asked}&players=11").paper == default  # wrong choices: the same paper
    _, _, page = call(app, "/make", asked)
    said = page.decode()
    radios = re.findall(r'<input type="radio" name="paper" value="(\w+)"( checked)?>', said)
    assert radios == [(default, " checked"), (other, "")]
    name = load_content(code).language.papers[default]["name"]
    assert (
        f", {name})" in said
        and f", {load_content(code).language.papers[other]['name']})" not in said
    )
    _, headers, _ = call(app, "/sheets/rule-sheet.pdf", asked)
    rule_sheet = load_content(code).language.site["file-rule-sheet"]  # its language's name
    assert f"-{rule_sheet}-{default}.pdf" in str(headers)


@pytest.mark.parametrize("code", LANGUAGES)
def test_problems_name_the_controls_label_and_the_menus_words(code):
    language = load_content(code).language
    choices = read_choices(f"language={code}&target=abc&moon=sometimes&players=11&title=")
    page = make_page(load_content(code), choices)
    summary = page[page.index('id="summary"') : page.index('<div class="columns">')]
    said = html.unescape(summary)
    for key in ("players", "moon", "target"):
        assert language.make["problem"].format(label=label(language, key), text="") in said
    assert "key 'moon'" not in said and "add-to-others" not in said
    assert value_text(language, "moon", "add-to-others") in said
    found = re.findall(r'<li><a href="#([a-z_0-9]+)">', summary)
    assert found == sorted(found, key=ORDER.index)  # the page's order


def test_menus_show_the_sheets_words_not_yaml():
    english = load_content().language
    assert value_text(english, "bonus_card", "JD") == "J♦"
    assert value_text(english, "first_lead", "lowest-club") == "Lowest club leads"  # the sheet's
    assert value_text(load_content("de").language, "bonus_card", "JD") == "B♦"
    page = make_page(load_content(), read_choices(""))
    assert "usual for the table: Lowest club leads" in page and ">JD<" not in page
    assert ">lowest-club<" not in page


@pytest.mark.parametrize("query", ["", "players=8", "players=3&deal=kitty"])
def test_a_menu_offers_its_usual_value_once(query):
    """The usual value for the table is offered once, as "usual for the table: ...": a second
    entry of the same words read as another choice (readers asked what the difference was)."""
    for code in ("en", "de"):
        page = make_page(load_content(code), read_choices(query))
        for key in ("first_lead", "deal", "kitty_goes_to"):
            menu = page[page.index(f'<select id="{key}"') :]
            texts = re.findall(r"<option[^>]*>([^<]*)</option>", menu[: menu.index("</select>")])
            usual = texts[0]
            assert not [t for t in texts[1:] if html.unescape(t) in html.unescape(usual)], (
                code,
                key,
                texts,
            )


def _menu(page: str, ident: str) -> list[str]:
    menu = page[page.index(f'<select id="{ident}"') :]
    values = re.findall(r'<option value="([^"]*)"', menu[: menu.index("</select>")])
    return values


@pytest.mark.parametrize("code", ["en", "de"])
def test_menus_offer_only_what_the_table_can_play(code):
    """A pass across at a table of three, to a partner without teams, to the second seat at a
    table of four, or strip cards at Cancellation Hearts: never offered to be refused after
    (readers in three languages chose them and met an error); a value chosen all the same stays
    shown, with its problem beside it. Where the cards go round evenly there is no kitty to
    choose, and the usual value says so."""
    content = load_content(code)
    words = content.language.make
    three = make_page(content, read_choices("players=3"))
    for slot in ("passing", "passing-2", "passing-8"):
        assert _menu(three, slot) == ["", "left", "right", "hold", "scatter"]
    four = make_page(content, read_choices("players=4"))
    assert _menu(four, "passing") == ["", "left", "right", "across", "hold", "scatter"]
    teams = make_page(content, read_choices("players=4&partnership=true"))
    assert "partner" in _menu(teams, "passing")
    eight = make_page(content, read_choices("players=8"))
    assert "strip" not in _menu(eight, "deal")
    assert "scatter" not in _menu(eight, "passing")
    assert html.escape(words["usual-even"]) in eight
    seven = make_page(content, read_choices("players=7"))  # 104 cards: a kitty of 6
    assert html.escape(words["usual-even"]) not in seven
    # at three, strip or kitty: both offered; the kitty's taker only once a kitty is dealt
    assert _menu(three, "deal") == ["", "kitty"]
    assert _menu(three, "kitty_goes_to") == [""]
    assert html.escape(words["usual-even"]) in three  # the taker's menu: no kitty, no choice
    kitty = make_page(content, read_choices("players=3&deal=kitty"))
    assert _menu(kitty, "kitty_goes_to") == ["", "first-trick"]
    # chosen anyway (a link, an old address): kept, and refused beside it; the table still
    # follows the players chosen, though the choices have a problem
    wrong = make_page(content, read_choices("players=3&passing=across"))
    assert _menu(wrong, "passing") == ["", "left", "right", "across", "hold", "scatter"]
    assert _menu(wrong, "passing-2") == ["", "left", "right", "hold", "scatter"]
    assert 'id="passing-error" data-live><span>' in wrong


def test_a_problem_reads_as_the_label_then_a_plain_sentence():
    english = load_content().language
    [problem] = read_choices("players=11").problems
    assert problem.problem is not None
    assert problem_text(english, problem.problem) == "Players: 11 is not possible; choose 3 to 10."


PLAIN = {  # the reviewers' sentences: the form's labels and menu words, no YAML keys or values
    "en": [
        "Players: 11 is not possible; choose 3 to 10.",
        "Title: too long; at most 60 characters fit (now 71).",
        "Partnership needs exactly 4 players (now 3).",
    ],
    "de": [
        "Spieler: 11 geht nicht – bitte eine Zahl von 3 bis 10.",
        "Titel zu lang: 71 Zeichen, erlaubt sind höchstens 60.",
        "Partnerspiel braucht genau 4 Spieler (jetzt sind es 3).",
    ],
    "es": [
        "Jugadores: tiene que ser un número del 3 al 10 (has escrito «11»).",
        "Título: texto demasiado largo; caben 60 caracteres como mucho y hay 71.",
        "Por parejas: hacen falta exactamente 4 jugadores (ahora hay 3).",
    ],
    "fr": [
        "Joueurs\u00a0: 11 n'est pas possible\u00a0; choisissez un nombre entre 3 et 10.",
        "Titre\u00a0: trop long\u00a0; 60 caractères au plus (il y en a 71).",
        "Par équipes\u00a0: il faut exactement 4 joueurs (il y en a 3).",
    ],
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_make_says_each_problem_as_one_plain_sentence_in_the_forms_words(code):
    language = load_content(code).language
    queries = ("players=11", "title=" + "x" * 71, "players=3&partnership=true")
    said = [
        problem_text(language, p.problem)
        for q in queries
        for p in read_choices(f"{q}&language={code}").problems
        if p.problem is not None
    ]
    assert said == PLAIN[code]
    yaml_words = (
        "expected",
        "found",
        "partnership: true",
        "players: 4",
        "'sometimes'",
        "'partner'",
    )
    for query in (
        "shoot_the_sun=sometimes",
        "passing=partner",
        "moon=sometimes",
        "notes=" + "x" * 320,
    ):
        [problem] = read_choices(f"{query}&language={code}").problems
        assert problem.problem is not None
        text = problem_text(language, problem.problem)
        assert text.endswith(".") and not any(word in text for word in yaml_words), text
        assert text.startswith(label(language, problem.key))


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_sheet_has_one_name_on_the_pdf_the_buttons_and_the_downloads(code):
    content = load_content(code)
    site, sheets = content.language.site, content.language.sheets
    assert sheets["rule-sheet"].casefold() == site["rule-sheet"].casefold()
    assert content.scoresheet.heading.casefold() == site["score-sheet"].casefold()
    assert site["large-rule-sheet"].startswith(site["rule-sheet"])
    assert site["large-score-sheet"].startswith(site["score-sheet"])
    assert site["rule-sheet"].casefold() in content.language.make["preview-caption"].casefold()


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_downloads_intro_does_not_promise_one_page_and_names_the_large_print(code):
    language = load_content(code).language
    intro = language.site["downloads-intro"]
    large = {"en": "large print", "de": "Großdruck", "fr": "gros caractères", "es": "letra grande"}
    assert large[code] in intro
    papers = [language.papers[p]["name"] for p in language.papers]
    assert intro.index(papers[0]) < intro.index(papers[1])  # the default paper named first
    for one_page in ("fits one page", "passt auf eine Seite", "tient sur une page", "cabe en una"):
        assert one_page not in intro


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_downloaded_file_speaks_the_chosen_language_and_keeps_the_yaml(app, code):
    language = load_content(code).language
    query = f"language={code}&target=50&exactly_100=50"
    _, _, data = call(app, "/sheets/house-rules.yaml", query)
    text = data.decode("utf-8")
    comments = [line for line in text.splitlines() if line.startswith("#")]
    said = " ".join(line[2:] for line in comments)
    assert said.startswith(language.make["yaml-header"])
    assert language.cli["warning"].split("{key}")[0] in said  # the warning, in the language
    assert "make sheets" not in text and "HOUSE=" not in text and "hearts-sheets" not in text
    assert "exactly_100: 50\n" in text and "target: 50\n" in text  # the keys stay YAML
    if code != "en":
        assert "House rules for" not in text and "never applies" not in text


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_count_of_problems_takes_the_languages_plural_form(code):
    language = load_content(code).language
    headings = []
    for query in ("players=11", "players=11&target=x"):
        page = make_page(load_content(code), read_choices(f"{query}&language={code}"))
        headings.append(re.search(r'id="summary-heading">([^<]*)<', page)[1])
    if code != "en":  # English says "…: 1", as it did
        one, other = language.nouns["setting"]["one"], language.nouns["setting"]["other"]
        assert f"1 {one}" in html.unescape(headings[0]) and f"2 {other}" in html.unescape(
            headings[1]
        )
    else:
        assert headings == [f"To fix before the sheets can be made: {n}" for n in (1, 2)]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_footer_names_the_file_in_the_pages_language_even_with_problems(code):
    """The command "make sheets HOUSE=..." names the house-rules file as the download saves
    it, in the page's language, also while the choices have a problem (it fell back to
    English)."""
    content = load_content(code)
    stem = content.language.site["file-house-rules"]
    for query in ("players=5", "players=11"):
        page = make_page(content, read_choices(query))
        command = re.search(r'id="house-command" data-live>make sheets HOUSE=([^<]*)<', page)
        assert command and command.group(1).endswith(f"-{stem}.yaml"), (query, command)
