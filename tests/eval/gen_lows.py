"""PokerKit's verdicts on random stud hands, for crates/eval/tests/lows.rs.

Each line: two seven-card hands and, for Razz (RegularLowHand) and the low half of eight or
better (EightOrBetterLowHand), which is better: 1 (the first), -1 (the second), 0 (equal), and
for eight or better whether each qualifies. Run: python3 tests/eval/gen_lows.py > tests/eval/lows.jsonl
"""
import json
import random

from pokerkit import EightOrBetterLowHand, RegularLowHand

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]


def verdict(kind, a, b):
    try:
        x = kind.from_game("".join(a))
    except ValueError:
        x = None
    try:
        y = kind.from_game("".join(b))
    except ValueError:
        y = None
    if x is None or y is None:
        return None, x is not None, y is not None
    return (1 if x > y else -1 if y > x else 0), True, True


rng = random.Random(2026)
for _ in range(3000):
    deck = DECK[:]
    rng.shuffle(deck)
    # Low cards are what lows are made of: half the hands drawn from A-8 mostly.
    if rng.random() < 0.5:
        low = [c for c in deck if c[0] in "A2345678"]
        rest = [c for c in deck if c[0] not in "A2345678"]
        deck = low[:11] + rest[:3]
        rng.shuffle(deck)
    a, b = deck[:7], deck[7:14]
    razz, _, _ = verdict(RegularLowHand, a, b)
    eight, qa, qb = verdict(EightOrBetterLowHand, a, b)
    print(json.dumps({"a": " ".join(a), "b": " ".join(b), "razz": razz, "eight": eight, "eight_a": qa, "eight_b": qb}))
