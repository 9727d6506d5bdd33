"""Every citation in the repository resolves inside it: a newcomer who clones it from
GitHub can follow each one.

A citation is a path from the repository's root to one of its Markdown files and an
anchor, ``docs/rules/croak.md#lily-pad`` (in Markdown, a relative link,
``[Lily Pad](rules/croak.md#lily-pad)``). An anchor is an explicit ``<a id="…"></a>`` or
a heading, named as GitHub names it. Documents the repository does not hold (the design
notes and the rulings it was built from, the rulebooks' own files) are never cited: what
they said is in ``docs/`` and ``pondwidgets/core/README.md``, in the project's words."""

from __future__ import annotations

import json
import re
import subprocess
import unicodedata
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# A path citation anywhere in text, from the root; and a Markdown link, from its file.
CITED = re.compile(r"(?<![\w./-])((?:[\w-]+/)*[\w-]+\.md)#([\w-]+)")
LINKED = re.compile(r"\]\(([^)\s#]*\.md)?#([\w-]+)\)")
# What only the files outside the repository could answer.
OUTSIDE = re.compile(r"DESIGN\.md|DESIGN §|RULINGS|rules/seeds|seeds/00\d|translations\.md"
                     r"|shared/rules")
SKIPPED = ("pondwidgets/static/", "js/package-lock.json")
SELF = "tests/test_citations.py"  # names the forbidden documents to forbid them


def tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    return [name for name in out if not name.startswith(SKIPPED) and name != SELF
            and name.endswith((".py", ".md", ".ipynb", ".js", ".mjs", ".css", ".sh",
                               ".toml", ".txt", ".json", ".yml", ".cfg"))
            and (ROOT / name).is_file()]


def slug(heading: str) -> str:
    """GitHub's anchor for a Markdown heading: lower case, only word characters, hyphens
    and spaces kept, each space a hyphen."""
    kept = (ch for ch in heading.strip().lower()
            if ch in " -_" or unicodedata.category(ch)[0] in "LMN")
    return "".join(kept).replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset[str]:
    """The anchors of one Markdown file: its explicit ids and its headings' names."""
    text = path.read_text(encoding="utf-8")
    found = set(re.findall(r"""<a\s+(?:id|name)=["']([\w-]+)["']""", text))
    seen: dict[str, int] = {}
    in_code = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and (match := re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)):
            name = slug(match[1])
            count = seen.get(name, 0)
            seen[name] = count + 1
            found.add(name if count == 0 else f"{name}-{count}")
    return frozenset(found)


def broken(name: str, text: str) -> list[str]:
    """What is wrong with the citations in file ``name`` (its ``text``): one line each."""
    problems = []
    here = (ROOT / name).parent
    for number, line in enumerate(text.splitlines(), start=1):
        for match in OUTSIDE.finditer(line):
            problems.append(f"{name}:{number}: cites {match[0]!r}, which is not in the "
                            f"repository; cite docs/ or pondwidgets/core/README.md")
        cites = [(ROOT / m[1], m[2], m[1]) for m in CITED.finditer(line)
                 if not line[: m.start()].endswith("](")]  # a link: relative, below
        for target, anchor in LINKED.findall(line):
            file = (here / target).resolve() if target else ROOT / name
            cites.append((file, anchor, target or name))
        for file, anchor, shown in cites:
            if not file.is_file():
                problems.append(f"{name}:{number}: {shown}#{anchor}: no such file")
            elif anchor not in anchors(file):
                problems.append(f"{name}:{number}: {shown}#{anchor}: no such anchor in "
                                f"{file.relative_to(ROOT)}")
    return problems


def test_every_citation_resolves_inside_the_repository():
    problems = []
    for name in tracked():
        problems += broken(name, (ROOT / name).read_text(encoding="utf-8", errors="replace"))
    assert not problems, f"{len(problems)} citations do not resolve:\n" + "\n".join(problems)


@pytest.mark.parametrize("line, wrong", [
    ("see docs/README.md#citations", None),
    ("see [the rules](rules/chess.md#x) and docs/README.md#citations", "no such file"),
    ("see docs/README.md#no-such-rule", "no such anchor"),
    ("see docs/rules/chess.md#castling", "no such file"),
    ("as RULINGS §1 says", "not in the repository"),
    ("(DESIGN.md §4)", "not in the repository"),
    ("the rulebook (rules/seeds/000)", "not in the repository"),
])
def test_the_check_finds_a_citation_that_does_not_resolve(line, wrong):
    problems = broken("docs/example.md", line)
    if wrong is None:
        assert problems == []
    else:
        assert len(problems) == 1 and wrong in problems[0]


def test_heading_anchors_are_githubs():
    assert slug("1. Saved boards survive a JupyterLab save") == \
        "1-saved-boards-survive-a-jupyterlab-save"
    assert slug("`pondwidgets.core`: the surface every game offers") == \
        "pondwidgetscore-the-surface-every-game-offers"
    assert slug("Traits: Python owns them all") == "traits-python-owns-them-all"


def test_every_link_in_a_notebook_opens_a_file_of_the_course():
    """A notebook's links stay inside ``notebooks/``: that folder is the whole course in
    JupyterLab, on Binder and in the JupyterLite site, which holds nothing else."""
    course = ROOT / "notebooks"
    problems = []
    for notebook in sorted(course.rglob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            if cell["cell_type"] != "markdown":
                continue
            for target in re.findall(r"\]\(([^)\s]+)\)", "".join(cell["source"])):
                if re.match(r"[a-z]+:|#", target):
                    continue  # a web address, or a place in the notebook itself
                file = (notebook.parent / target.split("#")[0]).resolve()
                if not file.is_file() or course not in file.parents:
                    problems.append(f"{notebook.relative_to(ROOT)}: ({target}) opens no "
                                    f"file of the course")
    assert not problems, "\n".join(problems)
