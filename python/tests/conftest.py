"""Shared fixtures: the runner binary, when one is given, for the comparisons with the CLI."""

import json
import os
import subprocess

import pytest


@pytest.fixture(scope="session")
def xtask():
    """Runs the runner (``XTASK``: the path of a built ``xtask`` binary, as CI exports it)
    and returns its stdout; skips when no runner is given."""
    path = os.environ.get("XTASK")
    if not path or not os.path.exists(path):
        pytest.skip("XTASK (the path of a built xtask binary) is not set")

    def run(*args):
        out = subprocess.run([path, *args], check=True, capture_output=True, text=True)
        return out.stdout

    run.json = lambda *args: json.loads(run(*args))
    return run
