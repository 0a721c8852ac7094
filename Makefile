# Hearts Sheets: `make sheets` builds the PDFs, `make test` runs the tests (FULL=1: the long
# random sweeps too). Both create .venv on first use and reinstall when pyproject.toml changes.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
COMPILED := $(VENV)/.compiled
OUT    ?= build
HOUSE  ?=
PAPER  ?= letter
SITE_URL ?=
EDITION ?=

# EDITION: which sheets, e.g. EDITION=large-print or EDITION="standard cards large-print"
BUILD_ARGS := --out $(OUT) --paper $(PAPER) $(if $(HOUSE),--house-rules $(HOUSE)) \
              $(if $(SITE_URL),--site-url $(SITE_URL)) $(foreach e,$(EDITION),--edition $(e))

# pytest's marker filter: the sweeps only with FULL=1
MARKS  := $(if $(FULL),,-m "not sweep")

.PHONY: sheets site serve test lint test-pythons bench clean setup chromium

sheets: $(COMPILED)
	$(PY) -m sheets build $(BUILD_ARGS)

# The website in $(OUT)/site: the rules as a page, every sheet as a PDF with a preview.
site: $(COMPILED)
	$(PY) -m sheets site --out $(OUT)/site $(if $(HOUSE),--house-rules $(HOUSE)) \
	    $(if $(SITE_URL),--site-url $(SITE_URL))

# The site and sheets made to order on http://127.0.0.1:$(PORT)/make (Ctrl-C stops it).
PORT   ?= 8000
serve: $(COMPILED)
	$(PY) -m sheets serve --port $(PORT) $(if $(SITE_URL),--public-url $(SITE_URL))

setup: $(COMPILED)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

# Byte-code, written even where PYTHONDONTWRITEBYTECODE is set, and again whenever the package
# changes.
$(COMPILED): $(STAMP) $(shell find sheets -name '*.py')
	$(PY) -m compileall -q sheets
	touch $(COMPILED)

# FULL=1 adds the long sweeps (tests marked sweep), as CI runs them. Lint first: ruff's linter
# (and formatter, see FORMATTED) and mypy, configured in pyproject.toml, with no findings allowed.
test: $(COMPILED) chromium lint
	$(PY) -m pytest -q $(MARKS)

# ruff's formatter in check mode (any file it would change fails lint); FORMATTED= skips it
# while a change is still being shaped.
FORMATTED ?= 1
lint: $(STAMP)
	$(PY) -m ruff check sheets tests tools
	$(if $(FORMATTED),$(PY) -m ruff format --check sheets tests tools)
	$(PY) -m mypy

# The Chromium the browser tests drive, found as the tests find it (tests/browser/chromium.py);
# when there is none it tries Debian's package (as root) or playwright's own download, and
# otherwise says in one line what to install.
chromium: $(STAMP)
	@$(PY) tests/browser/chromium.py --install

# The suite on the oldest and the newest Python supported, each in its own .venv-3.x, then the
# sheets and the site built by each, compared byte for byte.
PYTHONS ?= 3.11 3.13
test-pythons: chromium
	$(PYTHON) tools/pythons.py $(if $(FULL),--full) $(PYTHONS)

bench: $(COMPILED)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[bench]'
	$(PY) tools/bench.py
	$(PY) tools/bench_serve.py

clean:
	rm -rf $(OUT)
