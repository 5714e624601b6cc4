"""Hands with unknown starting stacks (`inf`, as the PHH standard writes a stack nobody
recorded), with PokerKit's finishing stacks for each (null where the stack is unknown).

Takes every third hand of corpus.jsonl, multiway.jsonl and straddles.jsonl and makes one
stack, sometimes two, `inf`; PokerKit plays such a stack as infinite.

Usage: python3 tests/phh/unknown.py SEED > tests/phh/unknown.jsonl   (the file is seed 5)
Requires: pip install pokerkit (0.7.x)
"""
import json
import os
import random
import re
import sys
import warnings
from decimal import Decimal

from pokerkit import HandHistory

warnings.filterwarnings("ignore")
HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    random.seed(int(sys.argv[1]))
    for src in ["corpus.jsonl", "multiway.jsonl", "straddles.jsonl"]:
        for i, line in enumerate(open(os.path.join(HERE, src))):
            if i % 3:
                continue
            text = json.loads(line)["phh"]
            m = re.search(r"^starting_stacks = \[(.*)\]$", text, re.M)
            stacks = [v.strip() for v in m.group(1).split(",")]
            k = random.randrange(len(stacks))
            stacks[k] = "inf"
            if random.random() < 0.3:
                stacks[(k + 1) % len(stacks)] = "inf"
            text = text[: m.start(1)] + ", ".join(stacks) + text[m.end(1):]
            case = {"name": f"{src}:{i}", "phh": text}
            try:
                state = None
                for state in HandHistory.loads(text):
                    pass
                case["finishing_stacks"] = [
                    None if Decimal(x).is_infinite() else str(x) for x in state.stacks
                ]
            except Exception as e:  # PokerKit refuses the hand
                case["error"] = str(e)
            print(json.dumps(case))


if __name__ == "__main__":
    main()
