"""Real stud hands for tests/phh/real_stud.jsonl: the televised hands of the 2023 WSOP Event #43
($50,000 Poker Players Championship: seven card stud, Razz, stud eight or better) and Event
#54 (stud eight or better) that PokerKit's own test suite plays, captured as PHH with
PokerKit's finishing stacks.

Usage: python3 tests/phh/real_stud.py > tests/phh/real_stud.jsonl
Requires: pip install pokerkit (0.7.x)
"""
import io
import json
import sys
import unittest
import warnings

from pokerkit import HandHistory
from pokerkit.tests.test_wsop import test_2023_43_5, test_2023_54_4

warnings.filterwarnings("ignore")

STUD = {"F7S", "F7S/8", "FR"}
captured = []
original = HandHistory.from_game_state.__func__


def capture(cls, game, state):
    hh = original(cls, game, state)
    text = hh.dumps()
    if any(f'variant = "{v}"' in text or f"variant = '{v}'" in text for v in STUD):
        captured.append((text, list(state.stacks)))
    return hh


HandHistory.from_game_state = classmethod(capture)
suite = unittest.TestSuite()
for module in (test_2023_43_5, test_2023_54_4):
    suite.addTests(unittest.defaultTestLoader.loadTestsFromModule(module))
unittest.TextTestRunner(stream=io.StringIO()).run(suite)
seen = set()
for k, (text, stacks) in enumerate(captured):
    if text in seen:
        continue
    seen.add(text)
    print(json.dumps({"name": f"wsop-2023-stud-{k}", "phh": text, "finishing_stacks": stacks}))
print(f"{len(seen)} stud hands", file=sys.stderr)
