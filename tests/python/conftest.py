"""Fixtures of the fiu Python tests (label python in CTest; docs/python.md).

The tests that compare with an independent path need the project build: FIU_BUILD_DIR (set
by CTest) names it; the C checker fiu_pycheck, fiu-model and build/tb/smoke.vec come from
there. Without FIU_BUILD_DIR those tests are skipped, unless FIU_REQUIRE_BUILD=1 (CTest sets
it), which turns a missing tool into a failure.
"""
import os
import pathlib
import random

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _need(path: pathlib.Path, what: str) -> pathlib.Path:
    if path.exists():
        return path
    msg = f"{what} not found at {path} (build the project, set FIU_BUILD_DIR)"
    if os.environ.get("FIU_REQUIRE_BUILD") == "1":
        pytest.fail(msg)
    pytest.skip(msg)


@pytest.fixture(scope="session")
def build_dir() -> pathlib.Path:
    b = os.environ.get("FIU_BUILD_DIR")
    if not b:
        return _need(ROOT / "build" / "__no_FIU_BUILD_DIR__", "FIU_BUILD_DIR")
    return pathlib.Path(b)


@pytest.fixture(scope="session")
def pycheck(build_dir) -> pathlib.Path:
    return _need(build_dir / "tests" / "python" / "fiu_pycheck", "fiu_pycheck")


@pytest.fixture(scope="session")
def fiu_model(build_dir) -> pathlib.Path:
    return _need(build_dir / "cmodel" / "fiu-model", "fiu-model")


@pytest.fixture(scope="session")
def smoke_vec(build_dir) -> pathlib.Path:
    return _need(build_dir / "tb" / "smoke.vec", "smoke.vec")


@pytest.fixture(scope="session")
def seed() -> int:
    """The run's seed: FIU_SEED or 1 (printed in the pytest header)."""
    return int(os.environ.get("FIU_SEED", "1"))


def pytest_report_header(config):
    return f"fiu: seed {os.environ.get('FIU_SEED', '1')} (FIU_SEED), build {os.environ.get('FIU_BUILD_DIR', '-')}"


@pytest.fixture
def rng(seed) -> random.Random:
    return random.Random(seed)
