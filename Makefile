# Hearts Sheets: `make sheets` builds the PDFs, `make test` runs every test.
# Both create .venv on first use and reinstall when pyproject.toml changes.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
OUT    ?= build
HOUSE  ?=
PAPER  ?= letter

BUILD_ARGS := --out $(OUT) --paper $(PAPER) $(if $(HOUSE),--house-rules $(HOUSE))

.PHONY: sheets site test bench clean setup chromium

sheets: $(STAMP)
	$(PY) -m sheets build $(BUILD_ARGS)

# The website in $(OUT)/site: the rules as a page, every sheet as a PDF with a preview.
site: $(STAMP)
	$(PY) -m sheets site --out $(OUT)/site $(if $(HOUSE),--house-rules $(HOUSE))

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	$(PY) -m compileall -q sheets  # byte-code even where PYTHONDONTWRITEBYTECODE is set
	touch $(STAMP)

test: $(STAMP) chromium
	$(PY) -m pytest -q

# The browser tests drive Debian's chromium (playwright cannot download its own browser here).
chromium:
	test -x /usr/bin/chromium || (apt-get update && apt-get install -y chromium)

bench: $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[bench]'
	$(PY) -m compileall -q sheets
	$(PY) tools/bench.py

clean:
	rm -rf $(OUT)
