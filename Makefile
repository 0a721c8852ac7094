# Hearts Sheets: `make sheets` builds the PDFs, `make test` runs the tests (FULL=1: the sweeps too).
# Both create .venv on first use and reinstall when pyproject.toml changes.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
OUT    ?= build
HOUSE  ?=
PAPER  ?= letter

BUILD_ARGS := --out $(OUT) --paper $(PAPER) $(if $(HOUSE),--house-rules $(HOUSE))

.PHONY: sheets site serve test bench clean setup chromium

sheets: $(STAMP)
	$(PY) -m sheets build $(BUILD_ARGS)

# The website in $(OUT)/site: the rules as a page, every sheet as a PDF with a preview.
site: $(STAMP)
	$(PY) -m sheets site --out $(OUT)/site $(if $(HOUSE),--house-rules $(HOUSE))

# The site and sheets made to order on http://127.0.0.1:$(PORT)/make (Ctrl-C stops it).
PORT   ?= 8000
serve: $(STAMP)
	$(PY) -m sheets serve --port $(PORT)

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	$(PY) -m compileall -q sheets  # byte-code even where PYTHONDONTWRITEBYTECODE is set
	touch $(STAMP)

# FULL=1 adds the long sweeps (tests marked sweep), as CI runs them.
test: $(STAMP) chromium
	$(PY) -m pytest -q $(if $(FULL),-m "sweep or not sweep")

# The browser tests drive Debian's chromium (playwright cannot download its own browser here).
chromium:
	test -x /usr/bin/chromium || (apt-get update && apt-get install -y chromium)

bench: $(STAMP)
	$(PY) -m compileall -q sheets
	$(PY) tools/bench.py
	$(PY) tools/bench_serve.py

clean:
	rm -rf $(OUT)
