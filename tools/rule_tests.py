"""Which rule IDs of a spec have a test named after them (the project names tests after the rule
IDs they prove: ``test_t_tai_12_...``, ``test_t_call_1_and_t_call_2_...``, ``test_t_match_3_to_5_...``).

    python tools/rule_tests.py ../shared/spec/taiwanese.md T [tests/engine ...]

Lists every ID the spec defines (a paragraph opening ``**T-XXX-n`` or a table row ``| T-XXX-n``),
then the IDs no test function under the given folders (default ``tests``) is named after, and
exits 1 when there are any. Prints ``ID  test-count  first-test`` per ID with ``-v``.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path


def spec_ids(text: str, prefix: str) -> list[str]:
    """IDs defined in a spec's text, in order of first definition (``T-TAI-01`` keeps its zero)."""
    pat = re.compile(rf"^(?:\*\*|\| )({prefix}-[A-Z]+-\d+)\b", re.M)
    seen: dict[str, None] = {}
    for m in pat.finditer(text):
        seen.setdefault(m.group(1), None)
    return list(seen)


def ids_in_name(name: str, prefix: str) -> set[str]:
    """Rule IDs a test function name is named after: ``test_t_tai_36_37_x`` -> T-TAI-36, T-TAI-37;
    ``test_t_match_3_to_5_x`` -> T-MATCH-3, -4, -5 (numbers are compared without leading zeros)."""
    tokens = name.split("_")
    out: set[str] = set()
    p = prefix.lower()
    i = 0
    while i < len(tokens) - 2:
        if tokens[i] == p and tokens[i + 1].isalpha() and tokens[i + 2].isdigit():
            family = tokens[i + 1].upper()
            j = i + 2
            last = None
            while j < len(tokens):
                tok = tokens[j]
                if tok.isdigit():
                    out.add(f"{prefix}-{family}-{int(tok)}")
                    last = int(tok)
                elif tok == "to" and last is not None and j + 1 < len(tokens) and tokens[j + 1].isdigit():
                    for n in range(last, int(tokens[j + 1]) + 1):
                        out.add(f"{prefix}-{family}-{n}")
                else:
                    break
                j += 1
            i = j
        else:
            i += 1
    return out


def test_names(folders: list[Path]) -> list[tuple[str, str]]:
    """``(path, test function name)`` of every ``def test_...`` under ``folders``."""
    out = []
    for folder in folders:
        for path in sorted(folder.rglob("test_*.py")):
            for m in re.finditer(r"^\s*def (test_\w+)", path.read_text(), re.M):
                out.append((str(path), m.group(1)))
    return out


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    args = [a for a in argv if a != "-v"]
    if len(args) < 2:
        print(__doc__)
        return 2
    spec, prefix, folders = Path(args[0]), args[1], [Path(a) for a in args[2:]] or [Path("tests")]
    ids = spec_ids(spec.read_text(), prefix)
    by_id: dict[str, list[str]] = {i: [] for i in ids}
    norm = {re.sub(r"-0*(\d+)$", lambda m: f"-{int(m.group(1))}", i): i for i in ids}
    for path, name in test_names(folders):
        for rid in ids_in_name(name, prefix):
            if rid in norm:
                by_id[norm[rid]].append(f"{path}::{name}")
    missing = [i for i in ids if not by_id[i]]
    print(f"{len(ids)} {prefix}- IDs in {spec}; {len(ids) - len(missing)} have a test named after them")
    if verbose:
        for i in ids:
            print(f"  {i:12} {len(by_id[i]):3}  {by_id[i][0] if by_id[i] else '-'}")
    if missing:
        print("no test named after: " + " ".join(missing))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
