# The only entry points a newcomer needs: make run, make test (and make bench).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 5000
WORD_STORE := instance/words.sqlite
LETTER_MODEL := instance/letters.npz
# terser, which the app runs to minify its scripts (companion/minify.py)
TERSER := tools/minify/node_modules/terser/package.json
# The card reader learns capitals from these fonts (and the photo generator draws with them).
FONT_PACKAGES := fonts-dejavu-core fonts-liberation fonts-freefont-ttf fonts-urw-base35 \
  fonts-croscore fonts-open-sans fonts-roboto-unhinted
export FLASK_APP := companion

.PHONY: install debian-packages run dev test bench

install: debian-packages $(VENV)/.installed $(WORD_STORE) $(LETTER_MODEL) $(TERSER)

# Debian packages, installed only when missing (root or sudo needed the first time):
# scowl and wordnet-base feed the word judge, Tesseract reads cards, Chromium runs the e2e tests,
# PostgreSQL's server runs the database tests a second time (tests/postgres.py starts a throwaway one),
# Node.js and npm run terser (the served scripts minified) and install the audit tools
# (axe-core in the e2e tests, Lighthouse in make bench).
debian-packages:
	@missing=""; \
	$(PYTHON) -c 'import ensurepip' 2>/dev/null || missing="$$missing python3-venv"; \
	[ -d /usr/share/dict/scowl ] || missing="$$missing scowl"; \
	[ -f /usr/share/wordnet/data.noun ] || missing="$$missing wordnet-base"; \
	command -v tesseract >/dev/null || missing="$$missing tesseract-ocr tesseract-ocr-eng"; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v npm >/dev/null || missing="$$missing nodejs npm"; \
	ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || missing="$$missing postgresql"; \
	for font in $(FONT_PACKAGES); do dpkg -s $$font >/dev/null 2>&1 || missing="$$missing $$font"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then sudo=; elif command -v sudo >/dev/null; then sudo=sudo; \
	  else echo "Cannot install$$missing: run 'apt-get install$$missing' as root, then try again." >&2; exit 1; fi; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq$$missing >/dev/null \
	    || { echo "apt-get could not install$$missing." >&2; exit 1; }; \
	fi

# terser, which makes the served scripts smaller (companion/minify.py; without it, rjsmin),
# at the version tools/minify/package-lock.json pins. Its own folder: make run needs it, not the
# audit tools.
$(TERSER): tools/minify/package.json tools/minify/package-lock.json | debian-packages
	npm ci --prefix tools/minify --no-audit --no-fund --loglevel=error
	touch $@

# The audit tools, at the versions package-lock.json pins (npm ci: exactly those, never newer).
# axe.min.js stands for the whole install: npm ci empties node_modules first.
AXE := node_modules/axe-core/axe.min.js
$(AXE): package.json package-lock.json | debian-packages
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

# The card reader's letter classifier: four small networks trained on the fonts (about four
# minutes on two cores; not committed, rebuilt when ocr/letters.py or ocr/train.py change).
# Trained the same on every x86 machine with AVX2: OpenBLAS's matrix kernels and numpy's
# AVX-512 loops round the last bit otherwise, and a model trained another way reads some
# photos differently (the tests that read drawn photos, the bench's figures).
TRAIN_ENV := $(if $(shell grep -qsw avx2 /proc/cpuinfo && echo y),\
  OPENBLAS_CORETYPE=Haswell NPY_DISABLE_CPU_FEATURES="X86_V4 AVX512_ICL AVX512_SPR")
$(LETTER_MODEL): $(VENV)/.installed ocr/letters.py ocr/train.py
	$(TRAIN_ENV) $(BIN)/python -m ocr.train $@

# The word judge's store, built from SCOWL and WordNet (a few seconds; not committed).
$(WORD_STORE): $(VENV)/.installed companion/words/sources.py companion/words/store.py
	$(BIN)/python -m companion.words.store $@

run: install
	$(BIN)/flask db upgrade
	@$(BIN)/flask address --port $(PORT)
	exec $(BIN)/gunicorn --config gunicorn.conf.py --bind 0.0.0.0:$(PORT) \
	  --access-logfile - 'companion:create_app()'

dev: install
	$(BIN)/flask db upgrade
	$(BIN)/flask run --debug --host 0.0.0.0 --port $(PORT)

test: install $(AXE)
	$(BIN)/python -m pytest

bench: install $(AXE)
	$(BIN)/python tools/bench.py
