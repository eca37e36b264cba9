"""The engine package (DESIGN §1, §2): pure Python, no Django, and the commands people run
keep their names after the reshape into core/, riichi/, taiwanese/, cli/ and ai/."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_IMPORT_ALL = """
import importlib, json, pkgutil, sys
import rules_engine
names = [m.name for m in pkgutil.walk_packages(rules_engine.__path__, "rules_engine.")]
for name in names:
    importlib.import_module(name)
print(json.dumps({"modules": names, "django": sorted(m for m in sys.modules if m.split(".")[0] == "django")}))
"""


def test_design_1_every_engine_module_imports_without_django():
    """DESIGN §1: importing every module of ``rules_engine`` loads no ``django`` module."""
    out = subprocess.run([sys.executable, "-c", _IMPORT_ALL], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=True)
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert "rules_engine.riichi.table" in found["modules"] and "rules_engine.core.tiles" in found["modules"]
    assert found["django"] == []


def test_design_2_the_commands_keep_their_names():
    """DESIGN §2 (CLIs): ``python -m rules_engine.score`` … ``.ai.bench`` still run, via the thin
    entry modules that call ``rules_engine.cli``."""
    line = json.dumps({"hand": "123m456p789s11z777z", "win_tile": "7z", "tsumo": True})
    score = subprocess.run([sys.executable, "-m", "rules_engine.score"], cwd=ROOT, input=line + "\n",
                           capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(score.stdout)["ok"] is True
    for module in ("rules_engine.simulate", "rules_engine.replay", "rules_engine.arena", "rules_engine.bench",
                   "rules_engine.ai.bench"):
        helped = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ROOT, capture_output=True,
                                text=True, timeout=120)
        assert helped.returncode == 0 and "usage: python -m " + module in helped.stdout, module
