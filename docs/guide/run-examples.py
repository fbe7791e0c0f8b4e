#!/usr/bin/env python3
"""Runs every shell and Python example of the README and the guide, as a reader would.

Every fenced block marked ``sh`` or ``python`` in README.md and docs/guide/src/*.md is run:

- ``sh`` blocks with ``bash -euo pipefail``, in the repository's root, where a reader runs
  them (the blocks of a page in order, so a later block reads what an earlier one wrote), where
  ``cargo xtask ...`` runs the runner binary given (``--xtask``, else ``$XTASK``, else
  ``target/debug/xtask`` built by ``cargo build -p xtask``);
- ``python`` blocks with the interpreter given (``--python``, the one the package is installed
  in), also in the repository's root; that interpreter's folder comes first on ``PATH`` for
  the ``sh`` blocks too, so ``python -c ...`` is it.

Every example writes what it makes under ``target/guide/`` (ignored by git, removed by
``cargo clean``), which is emptied before the run and removed after it; after the run,
``git status --porcelain`` must show nothing that it did not show before (a file an example
left in the repository fails the run, named).

A block must exit with status 0, unless the line before its fence is a marker:

- ``<!-- example: skip (why) -->``: not run (a server, the whole test suite: what CI runs in
  a step of its own, or what needs tools CI installs elsewhere), and the reason printed;
- ``<!-- example: status N (why) -->``: must exit with status N;
- ``<!-- example: instead: COMMAND -->``: COMMAND is run instead (a smaller run of a block
  too slow for CI).

A ``text`` block whose fence follows the line ``<!-- example output -->`` is what the page's
``sh`` block before it prints: each of its lines but ``...`` must be a line of that block's
standard output, in order (``...`` stands for any lines), so a changed output fails too.

Without ``--python`` the blocks that need Python (``python`` blocks, ``sh`` blocks that call
``python`` or ``pip``) are reported as not run, and the script still fails on any other.
Exit status: 0 every block run passed, 1 a block failed (its page, line, command and output
are printed) or an example left a file in the repository, 2 bad arguments.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# What a page's last block printed when it needed Python and none was given: the output
# shown after it is not checked either.
NOT_RUN_PYTHON = object()
# Where the examples write what they make (every page's paths are under it).
SCRATCH = os.path.join(ROOT, "target", "guide")
MARKER = re.compile(r"^<!-- example: (skip \((?P<why>.*)\)|status (?P<status>\d+)( \(.*\))?|instead: (?P<instead>.*)) -->$")
PRELUDE = """
cargo() {
    if [ "${1:-}" = xtask ]; then
        shift
        "$SLOT_MATH_XTASK" "$@"
    else
        (cd "$SLOT_MATH_ROOT" && command cargo "$@")
    fi
}
"""


def pages():
    """README.md, then the guide's pages in the order of its table of contents."""
    out = [os.path.join(ROOT, "README.md")]
    src = os.path.join(ROOT, "docs", "guide", "src")
    with open(os.path.join(src, "SUMMARY.md"), encoding="utf-8") as f:
        for target in re.findall(r"\]\(([^)]+\.md)\)", f.read()):
            out.append(os.path.join(src, target))
    return out


def blocks(path):
    """The (line, language, code, marker) of every sh and python block of a page; a shown
    output block (``<!-- example output -->``) is ``("output", lines)`` in place of a marker."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out = []
    i = 0
    while i < len(lines):
        fence = lines[i].strip()
        if fence.startswith("```"):
            lang = fence[3:].strip()
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith("```"):
                j += 1
            if lang == "text" and i > 0 and lines[i - 1].strip() == "<!-- example output -->":
                out.append((i + 1, "output", "\n".join(lines[i + 1 : j]) + "\n", None))
            elif lang in ("sh", "python"):
                before = lines[i - 1].strip() if i > 0 else ""
                marker = MARKER.match(before)
                if before.startswith("<!-- example:") and not marker:
                    raise SystemExit(f"{path}:{i}: a marker run-examples.py does not understand: {before}")
                out.append((i + 1, lang, "\n".join(lines[i + 1 : j]) + "\n", marker))
            i = j + 1
        else:
            i += 1
    return out


def git_status():
    """The lines of ``git status --porcelain`` (untracked files one by one), or None where
    the folder is no git checkout (a lab kit's ``source/``) or git is missing."""
    try:
        done = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=all"],
            cwd=ROOT, capture_output=True, text=True,
        )
    except OSError:
        return None
    if done.returncode != 0:
        return None
    return set(l for l in done.stdout.split("\n") if l.strip())


def left_behind(before, after):
    """What ``after`` (git status lines) shows that ``before`` did not, sorted; nothing when
    either is unknown."""
    if before is None or after is None:
        return []
    return sorted(after - before)


def needs_python(lang, code):
    return lang == "python" or re.search(r"(^|\s)(python3?|pip3?)\s", code) is not None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--xtask", help="the runner binary (default: $XTASK, else target/debug/xtask, built)")
    parser.add_argument("--python", help="the Python interpreter slot_math is installed in")
    parser.add_argument("--list", action="store_true", help="list the blocks and their markers, run nothing")
    parser.add_argument("pages", nargs="*", help="pages to run (default: README.md and every page of the guide)")
    args = parser.parse_args()

    chosen = [os.path.abspath(p) for p in args.pages] or pages()
    found = [(page, b) for page in chosen for b in blocks(page)]
    if args.list:
        for page, (line, lang, code, marker) in found:
            note = marker.group(1) if marker else "run"
            print(f"{os.path.relpath(page, ROOT)}:{line} [{lang}] {note}: {code.strip().splitlines()[0]}")
        return 0

    xtask = args.xtask or os.environ.get("XTASK")
    if not xtask:
        subprocess.run(["cargo", "build", "-q", "-p", "xtask"], cwd=ROOT, check=True)
        xtask = os.path.join(ROOT, "target", "debug", "xtask")
    xtask = os.path.abspath(xtask)
    if not os.access(xtask, os.X_OK):
        print(f"--xtask {xtask}: not an executable file", file=sys.stderr)
        return 2
    python = os.path.abspath(args.python) if args.python else None
    if python and not os.access(python, os.X_OK):
        print(f"--python {python}: not an executable file", file=sys.stderr)
        return 2

    env = dict(os.environ, SLOT_MATH_XTASK=xtask, SLOT_MATH_ROOT=ROOT, MPLBACKEND="Agg")
    if python:
        env["PATH"] = os.path.dirname(python) + os.pathsep + env["PATH"]
    shutil.rmtree(SCRATCH, ignore_errors=True)
    before = git_status()
    ran = skipped = failed = 0
    not_run_python = 0
    started = time.monotonic()
    last_stdout = {}
    try:
        for page, (line, lang, code, marker) in found:
            where = f"{os.path.relpath(page, ROOT)}:{line}"
            if lang == "output":
                if last_stdout.get(page) is NOT_RUN_PYTHON:
                    print(f"skip  {where}: the output of a block that needs Python (no --python given)")
                    not_run_python += 1
                    continue
                problem = output_problem(code, last_stdout.get(page))
                ran += 1
                if problem:
                    failed += 1
                    print(f"FAIL  {where}: the output shown is not what the block before printed: {problem}")
                else:
                    print(f"ok    {where} (the output shown)")
                continue
            last_stdout[page] = None
            status = 0
            if marker and marker.group("why") is not None:
                print(f"skip  {where}: {marker.group('why')}")
                skipped += 1
                continue
            if marker and marker.group("status") is not None:
                status = int(marker.group("status"))
            if marker and marker.group("instead") is not None:
                code, lang = marker.group("instead") + "\n", "sh"
            if needs_python(lang, code) and not python:
                print(f"skip  {where}: needs Python (no --python given)")
                not_run_python += 1
                last_stdout[page] = NOT_RUN_PYTHON
                continue
            if lang == "sh":
                command = ["bash", "-c", "set -euo pipefail\n" + PRELUDE + code]
            else:
                command = [python, "-c", code]
            t0 = time.monotonic()
            done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
            took = time.monotonic() - t0
            ran += 1
            last_stdout[page] = done.stdout
            if done.returncode != status:
                failed += 1
                print(f"FAIL  {where} ({took:.1f} s): exit status {done.returncode}, expected {status}")
                print(textwrap_indent(code))
                print(textwrap_indent(tail(done.stdout + done.stderr)))
            else:
                print(f"ok    {where} ({took:.1f} s)")
    finally:
        shutil.rmtree(SCRATCH, ignore_errors=True)
    left = left_behind(before, git_status())
    for line in left:
        print(f"FAIL  an example left this in the repository (write under target/guide/): {line}")
    if before is None:
        print("(not a git checkout: what the examples left behind is not checked)")
    print(
        f"{ran} example(s) run, {failed} failed, {skipped} skipped by their marker, "
        f"{not_run_python} needing Python not run; {time.monotonic() - started:.0f} s"
    )
    return 1 if failed or left else 0


def output_problem(shown, stdout):
    """Why ``shown`` (lines, ``...`` for any) is not in ``stdout`` in order, or None."""
    if stdout is None:
        return "the block before it was not run, or did not run last"
    printed = [l.rstrip() for l in stdout.split("\n")]
    at = 0
    for want in shown.rstrip("\n").split("\n"):
        if want.strip() == "...":
            continue
        while at < len(printed) and printed[at] != want.rstrip():
            at += 1
        if at == len(printed):
            return f"no line {want.strip()!r} (in this order)"
        at += 1
    return None


def tail(text, lines=30):
    return "\n".join(text.rstrip().split("\n")[-lines:])


def textwrap_indent(text):
    return "\n".join("    | " + l for l in text.rstrip().split("\n"))


if __name__ == "__main__":
    sys.exit(main())
