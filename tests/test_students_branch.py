"""The students' Binder branch (README, "A branch for students"): ``bash tests/dev.sh
students`` makes a branch of the commit checked out without the teachers' solutions and
the tests (which hold every exact answer), and leaves the checkout as it was."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WHO = {"GIT_AUTHOR_NAME": "Teacher", "GIT_AUTHOR_EMAIL": "teacher@school.example",
       "GIT_COMMITTER_NAME": "Teacher", "GIT_COMMITTER_EMAIL": "teacher@school.example"}


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True, env={**os.environ, **WHO}).stdout


def files(repo: Path, ref: str) -> set[str]:
    return set(git(repo, "ls-tree", "-r", "--name-only", ref).split())


def test_the_students_branch_is_this_commit_without_the_solutions_and_the_tests(tmp_path):
    repo = tmp_path / "course"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(repo)], check=True)
    # this checkout's command, in the clone (it works on the repository it sits in)
    if (ROOT / "tests" / "dev.sh").read_bytes() != (repo / "tests" / "dev.sh").read_bytes():
        shutil.copy2(ROOT / "tests" / "dev.sh", repo / "tests" / "dev.sh")
        git(repo, "commit", "-q", "-m", "the command as it is here", "--", "tests/dev.sh")
    (repo / "notebooks" / "croak" / "scratch.txt").write_text("a student's note\n")
    before = (git(repo, "status", "--porcelain"), git(repo, "rev-parse", "HEAD"),
              git(repo, "symbolic-ref", "HEAD"))

    for _ in range(2):  # made, then remade from the same commit
        done = subprocess.run(["bash", "tests/dev.sh", "students"], cwd=repo, text=True,
                              capture_output=True, env={**os.environ, **WHO})
        assert done.returncode == 0, done.stderr
        assert "git push -f origin students" in done.stdout

    everything, students = files(repo, "HEAD"), files(repo, "students")
    assert {f for f in everything if f.startswith("notebooks/solutions/")}  # there are some
    assert students == {f for f in everything
                        if not f.startswith(("notebooks/solutions/", "tests/"))}
    assert {"binder/postBuild", "notebooks/00-start-here.ipynb",
            "notebooks/croak/03-probability.ipynb", "pyproject.toml"} <= students
    assert git(repo, "rev-parse", "students^") == before[1]  # on top of HEAD
    assert git(repo, "rev-list", "--count", "HEAD..students").strip() == "1"
    # the checkout, its index and its branch as they were
    assert (git(repo, "status", "--porcelain"), git(repo, "rev-parse", "HEAD"),
            git(repo, "symbolic-ref", "HEAD")) == before
