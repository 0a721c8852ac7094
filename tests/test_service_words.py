"""What the service says, in the language of the request: the busy answers (429) and the
refusals (404, 405, 413, 414, 500, the front's too) for a page in a language's folder, for /make
and the sheets by their ``language``, for a game posted from a language's scorekeeper, otherwise
English; every problem an address can have as one plain
sentence in /make's words; and /make's footer, which says what the house-rules file is for."""

from __future__ import annotations

import re
from html import escape
from urllib.parse import urljoin

import pytest
from game_records import GAMES, game_bytes
from service_server import run_async
from test_service_app import make_app

from sheets.bundle import load_content
from sheets.houserules import OPTIONS
from sheets.language import BUSY, FILES, LANGUAGES, REFUSED
from sheets.service.app import Lane, SheetsApp, request_language
from sheets.service.choices import MAX_PARAMS, MAX_QUERY, read_choices
from sheets.service.controls import problem_text
from sheets.service.front import Front, first_line
from sheets.service.limits import LINE_LIMIT
from sheets.service.pool import RenderFailed
from sheets.service.responses import Request, file_name


def busy_word(code: str, kind: str, **values) -> bytes:
    return (load_content(code).language.make[f"busy-{kind}"].format(**values) + "\n").encode()


def refused_word(code: str, kind: str, **values) -> bytes:
    return (load_content(code).language.make[f"refused-{kind}"].format(**values) + "\n").encode()


def send(app: SheetsApp, request: Request) -> tuple[int, bytes]:
    response = run_async(app.respond(request))
    return response.status, response.body


@pytest.mark.parametrize(
    "path, query, code",
    [
        ("/make", "language=de&target=71", "de"),
        ("/make", "target=71&language=fr", "fr"),
        ("/sheets/rule-sheet.pdf", "language=es&target=71", "es"),
        ("/sheets/score-sheet.pdf", "language=fr&language=de&target=71", "de"),  # the last
        ("/make", "target=71", "en"),
        ("/make", "language=xx&target=71", "en"),
        ("/de/index.html", "", "de"),
        ("/es/sheets/score-sheet.pdf", "", "es"),
        ("/fr/sheets/score-sheet.pdf", "language=de", "fr"),  # the page's folder first
        ("/xx/index.html", "", "en"),
        ("/en/index.html", "", "en"),
    ],
)
def test_a_request_is_answered_in_its_pages_language(path, query, code):
    assert request_language(Request("GET", path, query)) == code


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_client_with_renders_under_way_is_told_so_in_its_language(code):
    app = make_app()
    app.renders.full = True
    for path in ("/make", "/sheets/rule-sheet.pdf"):
        status, body = send(app, Request("GET", path, f"target=71&language={code}"))
        assert (status, body) == (429, busy_word(code, "yours")), path
    folder = "" if code == "en" else f"/{code}"  # the scorekeeper posts beside its page
    status, body = send(
        app, Request("POST", f"{folder}/sheets/score-sheet.pdf", "", has_body=True, body=b"{}")
    )
    assert (status, body) == (429, busy_word(code, "yours"))


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_busy_server_says_so_in_the_requests_language(code):
    app = make_app(lane=Lane(waiting=0))  # every new address waits for a place it never gets
    status, body = send(app, Request("GET", "/make", f"language={code}&target=72"))
    assert (status, body) == (429, busy_word(code, "reading"))


def test_a_game_posted_from_a_languages_scorekeeper_is_read_in_that_language():
    app = make_app()
    status, body = send(
        app, Request("POST", "/es/sheets/score-sheet.pdf", "", has_body=True, body=b"[]")
    )
    english = send(app, Request("POST", "/sheets/score-sheet.pdf", "", has_body=True, body=b"[]"))
    assert status == english[0] == 400 and body != english[1]
    assert send(app, Request("POST", "/xx/sheets/score-sheet.pdf", has_body=True))[0] == 405


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_game_posted_with_bad_choices_is_refused_in_its_language(code):
    app = make_app()
    folder = "" if code == "en" else f"/{code}"
    body = game_bytes(GAMES["four"]())
    status, said = send(
        app,
        Request("POST", f"{folder}/sheets/score-sheet.pdf", "target=x", has_body=True, body=body),
    )
    choices = read_choices(f"target=x&language={code}")
    language = load_content(code).language
    assert (
        status == 400
        and said.decode() == problem_text(language, choices.problems[0].problem) + "\n"
    )
    assert (
        code == "en"
        or said
        != send(
            app, Request("POST", "/sheets/score-sheet.pdf", "target=x", has_body=True, body=body)
        )[1]
    )


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("path", ["/nothing-here.html", "/a/b/c", "/fr/x/<b>/", "/de/sheets/none"])
def test_a_missing_page_is_a_small_page_in_the_requests_language(code, path):
    """Its language (the folder's, else the address's), a title, a heading, what was asked for
    and a link to that language's front page; no script or style of its own."""
    app = make_app()
    query = "" if code == "en" else f"language={code}"
    response = run_async(app.respond(Request("GET", path, query)))
    code = request_language(Request("GET", path, query))
    page = response.body.decode()
    words = load_content(code).language.make
    assert response.status == 404 and response.media.startswith("text/html")
    assert page.startswith("<!DOCTYPE html>") and f'<html lang="{code}">' in page
    assert f"<title>{escape(words['no-page-heading'])}</title>" in page
    assert f"<h1>{escape(words['no-page-heading'])}</h1>" in page
    assert escape(words["refused-no-page"].format(path=path)) in page
    [link] = re.findall(r'<a href="([^"]*)">' + re.escape(escape(words["rules-link"])), page)
    front = "/" if code == "en" else f"/{code}/"
    assert urljoin(f"http://x{path}", link) == f"http://x{front}"
    [sheet] = re.findall(r'<link rel="stylesheet" href="([^"]*)">', page)
    assert urljoin(f"http://x{path}", sheet) == "http://x/site.css"
    assert "<script" not in page and "<style" not in page and " style=" not in page
    assert "script-src 'none'" in response.csp and "frame-ancestors 'none'" in response.csp
    assert ("Cache-Control", "no-store") in response.headers


class FailingRenders:
    """Render workers that fail every sheet (a worker lost while making it)."""

    async def make(self, key, args, client):
        raise RenderFailed("lost")

    def client_full(self, client: str) -> bool:
        return False


def _addresses(code: str) -> list[tuple[str, str]]:
    """Addresses answered in a language: in its folder, and by its ``language`` (English:
    neither)."""
    if code == "en":
        return [("", "")]
    return [(f"/{code}", ""), ("", f"language={code}")]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_services_refusals_are_said_in_the_requests_language(code):
    app = make_app()
    for folder, language in _addresses(code):

        def ask(path: str, query: str = "", language=language, **fields) -> tuple[int, bytes]:
            joined = "&".join(filter(None, (language, query)))
            return send(app, Request(fields.pop("method", "GET"), path, joined, **fields))

        missing = f"{folder}/nothing-here.html"
        status, page = ask(missing)
        assert (
            status == 404
            and escape(refused_word(code, "no-page", path=missing).decode())[:-1].encode() in page
        )
        assert ask(f"{folder}/make", method="DELETE") == (
            405,
            refused_word(code, "method", method="DELETE"),
        )
        assert ask(f"{folder}/make", has_body=True) == (413, refused_word(code, "body"))
        if folder:  # a language's folder has the site's files, not /make or the sheets
            continue
        many = "&".join(["notes=a"] * (MAX_PARAMS + 1))
        count = MAX_PARAMS + 1 + bool(language)
        assert ask("/make", many) == (
            414,
            refused_word(code, "choices", most=MAX_PARAMS, count=count),
        )
        long = "notes=" + "x" * MAX_QUERY
        assert ask("/sheets/rule-sheet.pdf", long) == (
            414,
            refused_word(
                code,
                "address-key",
                most=MAX_QUERY,
                count=len(long) + len(language) + bool(language),
                key="'notes'",
            ),
        )
    failing = SheetsApp(app.content, {}, FailingRenders(), fingerprint="test")
    assert send(failing, Request("GET", "/sheets/rule-sheet.pdf", f"language={code}")) == (
        500,
        refused_word(code, "sheet-error"),
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_fronts_refusals_are_said_in_the_requests_language(code):
    front = Front(make_app())
    for folder, language in _addresses(code):
        request = Request("GET", f"{folder}/make", language)
        assert front._failed(request).body == refused_word(code, "error")
    # a request line too long to read: its language from as much of it as came
    folder = "" if code == "en" else f"/{code}"
    line = f"GET {folder}/make?title={'x' * LINE_LIMIT}".encode()
    request = first_line(bytearray(line))
    assert request is not None and request_language(request) == code
    named = first_line(bytearray(f"GET /make?language={code}&title=x HTTP/1.1\r\n".encode()))
    assert named is not None and request_language(named) == code


def test_a_language_cut_short_with_its_request_line_is_not_believed():
    request = first_line(bytearray(b"GET /make?title=x&language=de"))  # "des..." may follow
    assert request is not None and request_language(request) == "en"
    assert first_line(bytearray(b"NONSENSE")) is None


def test_every_refusal_is_said_in_every_language():
    for code in LANGUAGES:
        words = load_content(code).language.make
        for kind, names in REFUSED.items():
            values = dict.fromkeys(names, "X")
            said = words[f"refused-{kind}"].format(**values)
            assert said[:1].isupper() and "{" not in said, (code, kind)
            assert code == "en" or (said + "\n").encode() != refused_word("en", kind, **values)


def test_every_busy_word_is_a_sentence_in_every_language():
    for code in LANGUAGES:
        words = load_content(code).language.make
        for kind, names in BUSY.items():
            said = words[f"busy-{kind}"].format(**dict.fromkeys(names, "9"))
            assert said[:1].isupper() and said.endswith("."), (code, kind)
            assert code == "en" or said != busy_word("en", kind, seconds="9").decode().strip()


# -- /make's problems: every one a plain sentence in the form's words ----------------------------

WRONG = ("x", "999", "-1", "1.5", "left", "QS", "13", "none", "%FF")
ODD = (
    "players=3&passing=across",
    "players=4&passing=second-left",
    "players=6&passing=scatter",
    "passing=partner",
    "players=3&partnership=true",
    "players=3&deal=strip&kitty_goes_to=first-points",
    "players=6&first_lead=lowest-club",
    "players=6&deal=strip",
    "players=6&kitty_goes_to=first-points",
    "title=" + "x" * 200,
    "title=a%0Ab",
    "title=%00",
    "notes=%01",
    "notes=" + "a%0A" * 10,
    "players",
    "preset=nope",
    "preset=omnibu",
    "paper=b5",
    "paper=a4&paper=letter",
    "language=xx",
    "language=de&language=fr",
    "bogus=1",
    "mooon=1",
    "%09target=50",
    "%FF=1",
    "language=x&%C3=1",
)
KEYS = ("preset", "language", "title", "notes", "paper", *(o.key for o in OPTIONS))
#: What the frame of ``hearts-sheets check`` says around a problem, in every language.
FRAME_WORDS = (
    "key '",
    "expected",
    "found",
    "erwartet",
    "gefunden",
    "attendu",
    "trouvé",
    "esperaba",
)


def _queries() -> list[str]:
    wrong = [f"{key}={value}" for key in KEYS for value in WRONG]
    return wrong + [f"{key}=1&{key}=2" for key in KEYS] + list(ODD)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_problem_an_address_can_have_is_one_plain_sentence(code):
    language = load_content(code).language
    said = set()
    for query in _queries():
        for problem in read_choices(query).problems:  # a title may well be "x"
            assert problem.problem is not None, query
            text = problem_text(language, problem.problem)
            assert not any(word in text for word in FRAME_WORDS), (query, text)
            assert "{" not in text and "_" not in text.replace("\\x", ""), (query, text)
            assert text[-1] in ".!?", (query, text)
            said.add(text)
    assert len(said) > 60  # each said in its own words, not one sentence for all


def test_the_page_names_a_problem_in_the_forms_words():
    app = make_app()
    response = run_async(app.respond(Request("GET", "/make", "language=de&players=3&players=4")))
    assert response.status == 400
    page = response.body.decode()
    said = load_content("de").language.make["say-twice"].format(label="Spieler")
    assert escape(said) in page and "appears twice" not in page


# -- /make's footer: what the house-rules file is for, and who the command is for --------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_footer_says_what_the_file_is_for_and_keeps_the_command(code):
    app = make_app()
    page = run_async(app.respond(Request("GET", "/make", f"language={code}"))).body.decode()
    footer = page[page.index('<footer class="site-footer">') :]
    assert "<code " in footer and "make sheets HOUSE=" in footer
    words = load_content(code).language.make["footer"]
    assert "Hearts Sheets" in words.split("{version}")[1]  # who has installed it
    assert len(words.split("{version}")[1]) > 2 * len(words.split("{version}")[0])


# -- the names downloads are saved under --------------------------------------------------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_download_is_named_in_the_sheets_language(code):
    app = make_app()
    language = load_content(code).language
    query = f"language={code}&preset=three-players&paper=letter"
    title = file_name(language.presets["three-players"])
    for route, kind, ending in (
        ("/sheets/rule-sheet.pdf", "rule-sheet", "-letter.pdf"),
        ("/sheets/score-sheet.pdf", "score-sheet", "-letter.pdf"),
        ("/sheets/pocket-cards.pdf", "pocket-cards", "-letter.pdf"),
        ("/sheets/large-rule-sheet.pdf", "large-rule-sheet", "-letter.pdf"),
        ("/sheets/large-score-sheet.pdf", "large-score-sheet", "-letter.pdf"),
        ("/sheets/house-rules.yaml", "house-rules", ".yaml"),
    ):
        response = run_async(app.respond(Request("GET", route, query)))
        name = f"{title}-{language.site[f'file-{kind}']}{ending}"
        assert ("Content-Disposition", f'attachment; filename="{name}"') in response.headers
        if code == "en":  # English's names as they were
            assert name == f"{title}-{route.rsplit('/', 1)[1].replace('.pdf', ending)}"
    folder = "" if code == "en" else f"/{code}"
    posted = Request("POST", f"{folder}/sheets/score-sheet.pdf", "paper=a4", has_body=True)
    posted.body = game_bytes(GAMES["four"]())
    response = run_async(app.respond(posted))
    name = f"{file_name(language.game)}-{language.site['file-game-score-sheet']}-a4.pdf"
    assert response.status == 200, response.body
    assert ("Content-Disposition", f'inline; filename="{name}"') in response.headers


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_footer_s_command_names_the_file_as_it_is_saved(code):
    """/make's footer tells those who installed Hearts Sheets to run ``make sheets HOUSE=...``
    with the house-rules file it offers: under the name that file is saved as."""
    app = make_app()
    for query in (f"language={code}&preset=three-players", f"language={code}&title=Chez+Zo%C3%A9"):
        page = run_async(app.respond(Request("GET", "/make", query)))
        saved = run_async(app.respond(Request("GET", "/sheets/house-rules.yaml", query)))
        disposition = dict(saved.headers)["Content-Disposition"]
        name = disposition.split('filename="', 1)[1].rstrip('"')
        assert f"make sheets HOUSE={name}<" in page.body.decode(), (code, query)


def test_every_file_name_is_plain_and_its_own_in_every_language():
    for code in LANGUAGES:
        names = [load_content(code).language.site[f"file-{kind}"] for kind in FILES]
        assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name) for name in names), code
        assert len(set(names)) == len(names)
        assert code == "en" or not set(names) & {f"{kind}" for kind in FILES}
