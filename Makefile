# payments-sdk developer tasks. Every target sets itself up when needed, so on a fresh clone
# `make test` and `make demo` work with nothing installed but Python 3.11+, make and npm.

PYTHON ?= python3
VENV := .venv
BIN := $(CURDIR)/$(VENV)/bin
PY := $(BIN)/python
VENV_STAMP := $(VENV)/.installed
NPM_STAMP := node_modules/.installed
LINT_DIRS := wrapper tests examples openapi/tools
export PATH := $(BIN):$(CURDIR)/node_modules/.bin:$(PATH)

.PHONY: setup bundle check-bundle lint-spec generate check-generated lint format test unit demo bench clean

setup: $(VENV_STAMP) $(NPM_STAMP) ## Create .venv with the SDK (editable) and dev tools, and install the npm tools.

$(VENV_STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev,sandbox]"
	touch $@

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

bundle: $(VENV_STAMP) ## Write openapi/payments.json from openapi/payments.yaml (the source).
	$(PY) openapi/tools/bundle.py

check-bundle: $(VENV_STAMP) ## Fail when the committed JSON differs from the YAML source.
	$(PY) openapi/tools/bundle.py --check

lint-spec: $(VENV_STAMP) $(NPM_STAMP) check-bundle ## openapi-spec-validator, Redocly and Spectral: zero problems.
	$(BIN)/openapi-spec-validator openapi/payments.yaml openapi/payments.json
	redocly lint --format=stylish openapi/payments.yaml
	spectral lint --quiet --fail-severity=hint openapi/payments.yaml openapi/payments.json

# $(call generate_into,DIR): fold the server prefixes into the paths, then run the generator.
define generate_into
	rm -rf $(1) && mkdir -p $(1)
	PYTHONPATH=$(CURDIR)/wrapper $(PY) -m payments_sdk.sandbox._bundle openapi/payments.json $(1)/folded.json
	cd $(1) && $(BIN)/openapi-python-client generate --path folded.json \
		--config $(CURDIR)/generator-config.yaml --meta none --output-path payments_api_client \
		--custom-template-path $(CURDIR)/openapi/templates --fail-on-warning
	touch $(1)/payments_api_client/py.typed  # PEP 561: the generated package is typed too
endef

generate: $(VENV_STAMP) ## Regenerate generated/payments_api_client from the bundle and openapi/templates/.
	$(call generate_into,build/generate)
	rm -rf generated/payments_api_client
	mv build/generate/payments_api_client generated/payments_api_client
	rm -rf build/generate

check-generated: $(VENV_STAMP) ## Fail when generated/ is not what the bundle produces.
	$(call generate_into,build/check-generated)
	diff -r --exclude=__pycache__ generated/payments_api_client build/check-generated/payments_api_client \
		|| (echo "generated/ is stale: run 'make generate' and commit" >&2; exit 1)
	rm -rf build/check-generated

lint: $(VENV_STAMP) ## ruff check, ruff format --check, mypy --strict.
	$(BIN)/ruff check $(LINT_DIRS)
	$(BIN)/ruff format --check $(LINT_DIRS)
	$(BIN)/mypy
	$(BIN)/mypy --strict tests/typing examples

format: $(VENV_STAMP) ## Apply ruff fixes and formatting.
	$(BIN)/ruff check --fix $(LINT_DIRS)
	$(BIN)/ruff format $(LINT_DIRS)

unit: $(VENV_STAMP) $(NPM_STAMP) ## Run pytest only.
	$(PY) -m pytest

test: lint-spec check-generated lint unit ## Everything CI runs.

demo: $(VENV_STAMP) ## Start the sandbox, run examples/quickstart.py against it, stop it.
	$(PY) examples/run_demo.py

BENCH_STAMP := $(VENV)/.bench-installed

$(BENCH_STAMP): $(VENV_STAMP)
	$(PY) -m pip install --quiet -e ".[dev,sandbox,bench]"
	touch $@

bench: $(BENCH_STAMP) ## Benchmarks (not tests, ~8 min); writes docs/benchmarks.md and .png.
	cd examples && $(PY) -m bench

clean:
	rm -rf $(VENV) node_modules build .pytest_cache .mypy_cache .ruff_cache .hypothesis
