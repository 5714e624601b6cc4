"""Writes hands of the corpora back out as PokerKit writes PHH (`HandHistory.dumps`: literal
strings, decimal amounts as `0.0`), with PokerKit's finishing stacks: the shape of files in
the wild, most of which PokerKit wrote.

Usage: python3 tests/phh/dump.py tests/phh/corpus.jsonl tests/phh/multiway.jsonl > tests/phh/dumped.jsonl
"""
import json
import sys
import warnings

from pokerkit import HandHistory

warnings.filterwarnings("ignore")

for path in sys.argv[1:]:
    for line in list(open(path))[:300]:
        case = json.loads(line)
        if "finishing_stacks" not in case:
            continue
        text = HandHistory.loads(case["phh"]).dumps()
        state = None
        for state in HandHistory.loads(text):
            pass
        stacks = [x if isinstance(x, int) else str(x) for x in state.stacks]
        print(json.dumps({"name": "dumped-" + case["name"], "phh": text, "finishing_stacks": stacks}))
