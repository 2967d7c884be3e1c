# payments-sdk developer tasks. Every target sets itself up when needed, so on a fresh clone
# `make test` works with nothing installed but Python 3.11+, make and npm, and `make demo` with
# Python 3.11+ and make (it installs only the SDK and its sandbox extra).

PYTHON ?= python3
VENV := .venv
BIN := $(CURDIR)/$(VENV)/bin
PY := $(BIN)/python
# Install stamps, each a step on the one before: uv, beside a pip that knows --group (25.1+); the
# SDK with its sandbox extra (all `make demo` needs); the dev group (contributor tools); docs; bench.
# uv installs (it resolves and unpacks in parallel: `make setup` in a fraction of pip's time);
# it reads neither pip.conf nor PIP_*, so it is handed the indexes, local wheels and constraints
# pip is configured with (openapi/tools/pip_index_args.py).
PIP_STAMP := $(VENV)/.pip-installed
SANDBOX_STAMP := $(VENV)/.sandbox-installed
VENV_STAMP := $(VENV)/.installed
DOCS_STAMP := $(VENV)/.docs-installed
NPM_STAMP := node_modules/.installed
LINT_DIRS := wrapper tests examples openapi/tools
export PATH := $(BIN):$(CURDIR)/node_modules/.bin:$(PATH)
UV_INSTALL = $(BIN)/uv pip install --quiet $$($(PY) openapi/tools/pip_index_args.py)

.PHONY: setup bundle check-bundle lint-spec generate generate-into check-generated api-diff api-baseline spec-edits corpus lint format test unit lowest demo bench docs dist check-wheel clean

setup: $(VENV_STAMP) $(DOCS_STAMP) $(NPM_STAMP) ## Create .venv with the SDK (editable), dev and docs tools, and install the npm tools.

$(PIP_STAMP):
	@echo "==> creating $(VENV) with uv, and pip >= 25.1 (for dependency groups)"
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet "uv>=0.9"
	$(UV_INSTALL) --python $(PY) "pip>=25.1"
	touch $@

$(SANDBOX_STAMP): $(PIP_STAMP) pyproject.toml
	@echo "==> installing payments-sdk (editable) with its sandbox and cli extras"
	$(UV_INSTALL) --python $(PY) -e ".[sandbox,cli]"
	touch $@

$(VENV_STAMP): $(SANDBOX_STAMP)
	@echo "==> installing the dev dependency group (generator, ruff, mypy, pytest, build, twine)"
	$(UV_INSTALL) --python $(PY) --group dev
	touch $@

$(DOCS_STAMP): $(SANDBOX_STAMP)
	@echo "==> installing the docs dependency group (MkDocs, Material, mkdocstrings)"
	$(UV_INSTALL) --python $(PY) --group docs
	touch $@

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

bundle: $(VENV_STAMP) ## Write openapi/payments.json from openapi/payments.yaml (the provider's bundle, their file).
	$(PY) openapi/tools/bundle.py

check-bundle: $(VENV_STAMP) ## Fail when the committed JSON differs from the YAML source.
	$(PY) openapi/tools/bundle.py --check

# The provider's bundle as published, and the document generated from (it with our overlay).
lint-spec: $(VENV_STAMP) $(NPM_STAMP) check-bundle ## openapi-spec-validator, Redocly and Spectral on the bundle and on it with our overlay: zero problems.
	$(PY) openapi/tools/overlay.py openapi/payments.json build/lint/payments.merged.json
	$(BIN)/openapi-spec-validator openapi/payments.yaml openapi/payments.json build/lint/payments.merged.json
	target=$$($(PY) openapi/tools/lint_input.py openapi/payments.yaml build/lint/payments.yaml) && \
		redocly lint --format=stylish "$$target"
	target=$$($(PY) openapi/tools/lint_input.py build/lint/payments.merged.json build/lint/payments.merged.yaml) && \
		redocly lint --format=stylish "$$target"
	spectral lint --quiet --fail-severity=hint openapi/payments.yaml openapi/payments.json build/lint/payments.merged.json

# $(call generate_into,DIR[,BUNDLE[,OVERLAY]]): apply our overlay (openapi/overlay.yaml; `none`
# for a bundle that has none) to the provider's bundle (overlay.py: an action whose target selects
# nothing fails by name), refuse an OpenAPI feature the pipeline does not carry (by name and JSON
# pointer), fold the server prefixes into the paths (DIR/payments.folded.json, which the sandbox
# also ships and routes by), derive the generator's input from it (generator_input.py: tags of
# discriminated unions, media types it knows), run the generator.
define generate_into
	rm -rf $(1) && mkdir -p $(1)
	$(PY) openapi/tools/overlay.py $(or $(2),openapi/payments.json) $(1)/payments.json --overlay $(or $(3),openapi/overlay.yaml)
	$(PY) openapi/tools/features.py $(1)/payments.json
	$(PY) openapi/tools/fold.py $(1)/payments.json $(1)/payments.folded.json
	rm $(1)/payments.json
	$(PY) openapi/tools/generator_input.py $(1)/payments.folded.json $(1)/payments.generator.json
	cd $(1) && $(BIN)/openapi-python-client generate --path payments.generator.json \
		--config $(CURDIR)/generator-config.yaml --meta none --output-path payments_sdk_generated \
		--custom-template-path $(CURDIR)/openapi/templates --fail-on-warning
	rm $(1)/payments.generator.json
	rm $(1)/payments_sdk_generated/client.py  # the generator always writes one; the package has no client
	touch $(1)/payments_sdk_generated/py.typed  # PEP 561: the generated package is typed too
	$(PY) openapi/tools/surface.py $(1)/payments.folded.json $(1)
	$(BIN)/ruff check $(1)/payments_sdk --isolated --no-cache --fix-only --quiet --extend-select=I,F401 --target-version=py311 --config "lint.isort.split-on-trailing-comma=false"
	$(BIN)/ruff format $(1)/payments_sdk --isolated --no-cache --quiet --line-length=100
endef

# One command from the provider's bundle (openapi/payments.yaml) and our overlay
# (openapi/overlay.yaml) to everything derived from them: the JSON bundle, the folded copy of the
# bundle with the overlay applied, the generated package, the marked parts of the guides (doc_regions.py) and the outputs
# of docs/cli.md's examples (which quote the bundle: --help, columns), then the report of what
# changed for SDK users (api-diff).
generate: $(VENV_STAMP) ## Regenerate everything from openapi/payments.yaml and openapi/overlay.yaml: bundle, overlay, fold, generated/, API diff.
	$(PY) openapi/tools/bundle.py
	$(call generate_into,build/generate)
	mkdir -p generated && rm -rf generated/payments_sdk_generated generated/payments_sdk
	mv build/generate/payments_sdk_generated generated/payments_sdk_generated
	mv build/generate/payments_sdk generated/payments_sdk
	mv build/generate/payments.folded.json generated/payments.folded.json
	rm -rf build/generate
	$(PY) openapi/tools/doc_regions.py generated/payments.folded.json generated/payments_sdk_generated docs
	$(PY) -m tests.support.typed_calls tests/typing
	PAYMENTS_DOCS_UPDATE=1 $(PY) -m pytest -q -p no:cacheprovider -p no:randomly \
		tests/docs/test_cli_examples_are_real.py::test_every_example_prints_what_the_page_shows \
		|| echo "generate: docs/cli.md's examples were left as they were: an example now ends otherwise (a breaking change?); make test reports which"
	$(PY) openapi/tools/api_diff.py --report

# The recipe of `make generate` on another bundle, into another directory, and nothing else (no
# install step): tests/spec/test_compatible_spec_edits_are_carried.py generates its edited copy so.
# Our overlay applies on top (OVERLAY=another.yaml for another one; OVERLAY=none for a bundle we
# have no additions to, such as another provider's).
generate-into: ## The recipe of generate on BUNDLE into DIR (OVERLAY=another overlay, or none), no install step.
	@test -n "$(DIR)" -a -n "$(BUNDLE)" || (echo "usage: make generate-into DIR=... BUNDLE=... [OVERLAY=...|none]" >&2; exit 2)
	$(call generate_into,$(DIR),$(BUNDLE),$(OVERLAY))

check-generated: $(VENV_STAMP) ## Fail when generated/ or a generated part of docs/ is not what the bundle produces.
	$(call generate_into,build/check-generated)
	diff -r --exclude=__pycache__ generated/ build/check-generated/ \
		|| (echo "generated/ is stale: run 'make generate' and commit" >&2; exit 1)
	$(PY) openapi/tools/doc_regions.py --check build/check-generated/payments.folded.json \
		build/check-generated/payments_sdk_generated docs
	$(PY) -m tests.support.typed_calls tests/typing --check
	rm -rf build/check-generated

# mypy's cache is kept per content of generated/: after a regeneration (or switching back), the
# cache of another generated package is never read, whatever mtimes the files have. Older
# caches are removed, so .mypy_cache holds one.
MYPY_KEY = $(shell find generated -name '*.py' -o -name '*.json' | LC_ALL=C sort | xargs cat | $(PYTHON) -c "import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest()[:16])")
MYPY_CACHE = .mypy_cache/generated-$(MYPY_KEY)

api-diff: $(VENV_STAMP) ## What changed for SDK users since the last release (folded bundles); fails on an unannounced breaking change.
	$(PY) openapi/tools/api_diff.py --check

# SPEC_EDITS_ARGS: e.g. "--jobs 1", "--skip-pending", "--force", or edit names (--list lists them).
spec-edits: $(VENV_STAMP) $(NPM_STAMP) ## Not a test (hours; resumable): each spec edit of openapi/tools/spec_edit_set.py in a scratch clone under the whole make test; writes docs/spec-edits.md.
	nice -n 10 $(PY) openapi/tools/spec_edits.py $(SPEC_EDITS_ARGS)

# CORPUS_ARGS: bundle names, "--only N", "--contract N", "--no-mypy".
corpus: $(VENV_STAMP) ## Not a test (minutes): every bundle of openapi/corpus/ through generate, mypy, CLI, sandbox, api-diff; writes docs/corpus.md.
	nice -n 10 $(PY) openapi/tools/corpus.py $(CORPUS_ARGS)

api-baseline: $(VENV_STAMP) ## At a release: make the bundle with our overlay the baseline of api-diff, as the pyproject version.
	$(PY) openapi/tools/overlay.py openapi/payments.json openapi/baseline/payments.json
	$(PY) -c "import tomllib; print(tomllib.load(open('pyproject.toml','rb'))['project']['version'])" > openapi/baseline/VERSION
	@echo "openapi/baseline/ is now release $$(cat openapi/baseline/VERSION): commit it with the release"

lint: $(VENV_STAMP) ## ruff check, ruff format --check, mypy --strict.
	$(BIN)/ruff check $(LINT_DIRS)
	$(BIN)/ruff format --check $(LINT_DIRS)
	mkdir -p .mypy_cache && find .mypy_cache -mindepth 1 -maxdepth 1 ! -name generated-$(MYPY_KEY) \
		! -name .gitignore ! -name CACHEDIR.TAG -exec rm -rf {} +
	$(BIN)/mypy --cache-dir $(MYPY_CACHE)
	$(BIN)/mypy --strict --cache-dir $(MYPY_CACHE) tests/typing examples

format: $(VENV_STAMP) ## Apply ruff fixes and formatting.
	$(BIN)/ruff check --fix $(LINT_DIRS)
	$(BIN)/ruff format $(LINT_DIRS)

# PYTEST_WORKERS: pytest-xdist's -n (auto: one per core, at most 4); 0 runs the suite in one process.
# --dist worksteal: a worker that runs out of tests takes half of another's, so the run does not
# end on one worker's queue of long tests (6 min 22 s against 7 min 0 s with --dist load here).
# Bytecode: the suite starts many Python processes (its workers, the sandbox and the CLI as users
# run them, the generator, pytest inside pytest), and uv installs no .pyc. Under
# PYTHONDONTWRITEBYTECODE (set in some shells and CI images) each of them compiled every module
# it imported, and each pytest rewrote every test module again. Here the suite's bytecode goes
# to build/pycache (nothing is written beside the sources): compiled once per clean clone, read
# by every later process, checked against each source's mtime and size as usual.
PYTEST_WORKERS ?= auto
unit: $(VENV_STAMP) $(NPM_STAMP) $(DOCS_STAMP) ## Run pytest only (the docs tools too: a test builds the site), on every core.
	PYTHONPYCACHEPREFIX=$(CURDIR)/build/pycache PYTHONDONTWRITEBYTECODE= \
		$(PY) -m pytest -n $(PYTEST_WORKERS) --maxprocesses=4 --dist worksteal

# `make test` in three phases: every install, one installer at a time; then the six checks two
# at a time, one a core (make -j2: each step's output is printed whole when it ends, and a failure
# stops the rest); then the suite, which takes every core itself. No `docs` step: the suite builds
# the site as `make docs` does (mkdocs build --strict, offline) and reads its API reference
# (tests/docs/test_reference_lists_every_field.py), so a site that does not build fails `unit`;
# building it a second time would prove nothing more.
test: ## Everything CI runs.
	$(MAKE) --no-print-directory $(VENV_STAMP) $(DOCS_STAMP) $(DIST_STAMP)
	$(MAKE) --no-print-directory -j2 --output-sync=target lint lint-spec check-generated api-diff dist check-wheel
	$(MAKE) --no-print-directory unit

# The other end of our dependency ranges: `make test` runs on the newest versions they allow;
# this resolves the lowest (uv's lowest-direct: each of the SDK's own dependencies and its sandbox
# extra at its floor), installs them beside the test runners only, shows them, and runs the call
# and wire tests there. .ci/run calls it after `make test`.
LOWEST := build/lowest
lowest: $(VENV_STAMP) ## The call and wire tests on the lowest versions our dependency ranges allow.
	mkdir -p $(LOWEST)
	$(BIN)/uv pip compile pyproject.toml --extra sandbox --resolution lowest-direct --quiet \
		--python $(PY) -o $(LOWEST)/constraints.txt
	test -x $(LOWEST)/venv/bin/python || $(BIN)/uv venv --quiet --python $(PY) $(LOWEST)/venv
	$(BIN)/uv pip install --quiet --python $(LOWEST)/venv/bin/python \
		-c $(LOWEST)/constraints.txt -e ".[sandbox]" --group test
	@echo "==> the lowest versions allowed, as installed:"
	$(BIN)/uv pip freeze --python $(LOWEST)/venv/bin/python | grep -iE '^(aiohttp|httpx|httpcore|attrs|python-dateutil|iso4217|sniffio|msgspec|starlette|uvicorn|pyjwt|jsonschema-rs|python-multipart)=='
	$(LOWEST)/venv/bin/python -m pytest -q -p no:randomly -p no:cacheprovider tests/call tests/wire

demo: $(SANDBOX_STAMP) ## Start the sandbox, run examples/quickstart.py and one export (payments ... --all) against it, stop it.
	@echo "==> starting the sandbox, running examples/quickstart.py and a payments export against it"
	$(PY) examples/run_demo.py

# NO_MKDOCS_2_WARNING: Material prints a banner about its end of life on every build.
docs: $(DOCS_STAMP) ## Build the documentation site into site/ (mkdocs build --strict; fetches nothing).
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir site

DIST_STAMP := $(VENV)/.dist-installed

$(DIST_STAMP): $(PIP_STAMP) pyproject.toml
	@echo "==> installing the dist dependency group (build, twine)"
	$(UV_INSTALL) --python $(PY) --group dist
	touch $@

dist: $(DIST_STAMP) ## Build the sdist and wheel into dist/ (installs only build and twine), check them with twine and LICENSE.
	rm -rf dist
	$(PY) -m build --outdir dist
	$(BIN)/twine check --strict dist/*
	$(PY) -m zipfile -l dist/*.whl | grep -E 'dist-info/licenses/LICENSE ' >/dev/null \
		|| (echo "the wheel does not carry LICENSE" >&2; exit 1)
	tar -tzf dist/*.tar.gz | grep -E '^[^/]+/LICENSE$$' >/dev/null \
		|| (echo "the sdist does not carry LICENSE" >&2; exit 1)
	@echo "dist/: twine check passed; LICENSE is in the wheel and the sdist"

# A clean venv with only the built wheel (and its sandbox extra), pytest, pytest-asyncio and the
# pinned mypy, as a new user would have; made and filled by uv, whose cache makes it quick.
CHECK_WHEEL_VENV := build/check-wheel

check-wheel: dist ## In a clean venv: the wheel's payments-sandbox, a user's plugin tests, mypy --strict on them.
	rm -rf $(CHECK_WHEEL_VENV)
	$(BIN)/uv venv --quiet --python $(PYTHON) $(CHECK_WHEEL_VENV)
	$(UV_INSTALL) --python $(CHECK_WHEEL_VENV)/bin/python \
		"$$(ls dist/*.whl)[sandbox]" pytest "pytest-asyncio>=0.24" "mypy==2.4.1"
	$(CHECK_WHEEL_VENV)/bin/python examples/plugin_user/check_wheel.py

BENCH_STAMP := $(VENV)/.bench-installed

$(BENCH_STAMP): $(VENV_STAMP)
	$(UV_INSTALL) --python $(PY) --group bench
	touch $@

bench: $(BENCH_STAMP) ## Benchmarks (not tests, minutes); writes docs/benchmarks.md and .png.
	cd examples && $(PY) -m bench

clean:
	rm -rf $(VENV) node_modules build dist site .pytest_cache .mypy_cache .ruff_cache .hypothesis
