"""Runs a notebook of this folder from top to bottom and checks what it shows.

    SLOT_MATH_ROUNDS=100000 python python/examples/run_notebook.py python/examples/game_math_session.ipynb [--out executed.ipynb]

Needs ``nbclient`` and a Python kernel (``ipykernel``) beside ``slot_math``. Every code cell
runs (the notebook's own ``assert`` cells check its figures); a cell that raises fails the run
with the cell's error, and every cell tagged ``plot`` must show an image. With ``--out``, the
executed notebook (outputs included) is written there. Exit status 0 only when all of that
holds. CI runs it.
"""

import argparse
import sys

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook")
    parser.add_argument("--out", help="write the executed notebook here")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds a cell may take")
    args = parser.parse_args()

    nb = nbformat.read(args.notebook, as_version=4)
    client = NotebookClient(nb, timeout=args.timeout, kernel_name="python3")
    try:
        client.execute()
    except CellExecutionError as e:
        print(f"{args.notebook}: a cell failed:\n{e}", file=sys.stderr)
        return 1
    problems = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        if "plot" in cell.metadata.get("tags", []) and not any(
            "image/png" in out.get("data", {}) for out in cell.outputs
        ):
            problems.append(f"cell {i} is tagged 'plot' but shows no image")
    if args.out:
        nbformat.write(nb, args.out)
    for p in problems:
        print(f"{args.notebook}: {p}", file=sys.stderr)
    if problems:
        return 1
    code_cells = sum(c.cell_type == "code" for c in nb.cells)
    print(f"{args.notebook}: {code_cells} code cells ran, every check held")
    return 0


if __name__ == "__main__":
    sys.exit(main())
