"""Generates PHH hands with PokerKit and PokerKit's own finishing stacks for each.

The corpus is the oracle for `floorbook phh replay`: every hand is played with random legal
actions through PokerKit, written as PHH, and replayed by PokerKit's `HandHistory` to get the
expected finishing stacks (or the fact that PokerKit rejects it). Some hands are then
deliberately damaged (actions dropped) to exercise PokerKit's repair rules.

Usage: python3 tests/phh/generate.py COUNT SEED [multiway|straddles] > tests/phh/corpus.jsonl

`multiway` plays 7 to 10 short stacks that raise and shove often: many-way all-ins and their
side pots, up to six in one hand of tests/phh/multiway.jsonl (`1000 99 multiway`). `straddles` plays straddles,
double and triple straddles, and antes that differ from player to player, trimmed or not
(tests/phh/straddles.jsonl is `2000 31 straddles`).
Requires: pip install pokerkit (0.7.x)
"""
import json
import random
import sys
import warnings
from decimal import Decimal

from pokerkit import HandHistory

warnings.filterwarnings("ignore")

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def header(variant, trimming, antes, blinds, min_bet, stacks, q=1):
    """q > 1 writes every amount divided by q (quarters: q = 4), as decimals."""
    if q > 1:
        antes, blinds, stacks = ([x / q for x in v] for v in (antes, blinds, stacks))
        min_bet = min_bet / q
    return (
        f'variant = "{variant}"\n'
        f"ante_trimming_status = {'true' if trimming else 'false'}\n"
        f"antes = {antes}\n"
        f"blinds_or_straddles = {blinds}\n"
        f"min_bet = {min_bet}\n"
        f"starting_stacks = {stacks}\n"
    )


def text(head, actions):
    return head + "actions = [" + ", ".join(json.dumps(a) for a in actions) + "]\n"


MULTIWAY = False
STRADDLES = False


def play(rng):
    variant = rng.choice(["NT", "NT", "NT", "PO"])
    if MULTIWAY:
        n = rng.choice([7, 8, 9, 10])
    else:
        n = rng.choice([2, 2, 3, 4, 5, 6, 6, 7, 8, 9])
    bb = rng.choice([2, 4, 10, 20])
    sb = bb // 2
    blinds = [sb, bb] + [0] * (n - 2)
    if n >= 4 and rng.random() < (0.6 if STRADDLES else 0.2):
        blinds[2] = 2 * bb  # a straddle
        if STRADDLES and n >= 5 and rng.random() < 0.5:
            blinds[3] = 4 * bb  # a double straddle
            if n >= 6 and rng.random() < 0.5:
                blinds[4] = 8 * bb
    mode = rng.choice(["none", "none", "each", "bb"])
    if mode == "each":
        if STRADDLES:
            antes = [rng.choice([1, sb, bb]) for _ in range(n)]  # uneven antes
        else:
            antes = [rng.choice([1, sb])] * n
        trimming = rng.random() < 0.5
    elif mode == "bb":
        antes = [0] * n
        antes[1 if n > 2 else 0] = bb
        trimming = False
    else:
        antes = [0] * n
        trimming = rng.random() < 0.5
    depth = rng.choice([1, 2, 5, 10] if MULTIWAY else [5, 20, 100, 300])
    # How often a player bets or raises, and how often to the maximum (all in).
    raise_p, low_p, high_p = (0.6, 0.2, 0.7) if MULTIWAY else (0.3, 0.4, 0.6)
    stacks = [max(1, int(rng.expovariate(1 / (depth * bb))) + rng.randint(1, bb)) for _ in range(n)]
    q = 4 if rng.random() < 0.15 else 1
    head = header(variant, trimming, antes, blinds, bb, stacks, q)
    state = HandHistory.loads(text(head, [])).create_state()
    deck = [r + s for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    actions = []
    steps = 0
    while state.status and steps < 500:
        steps += 1
        if state.can_deal_hole():
            p = state.hole_dealee_index
            k = len(state.hole_dealing_statuses[p])
            cards = "".join(deck.pop() for _ in range(k))
            state.deal_hole(cards, p)
            actions.append(f"d dh p{p + 1} {cards}")
        elif state.can_deal_board():
            k = state.board_dealing_count
            cards = "".join(deck.pop() for _ in range(k))
            state.deal_board(cards)
            actions.append(f"d db {cards}")
        elif state.actor_index is not None:
            p = state.actor_index
            r = rng.random()
            if state.can_complete_bet_or_raise_to() and r < raise_p:
                lo = state.min_completion_betting_or_raising_to_amount
                hi = state.max_completion_betting_or_raising_to_amount
                pick = rng.random()
                if q > 1:
                    lo_u, hi_u = int(round(lo * q)), int(round(hi * q))
                    units = lo_u if pick < low_p else hi_u if pick < high_p else rng.randint(lo_u, hi_u)
                    amount = Decimal(units) / q
                else:
                    amount = lo if pick < low_p else hi if pick < high_p else rng.randint(lo, hi)
                state.complete_bet_or_raise_to(amount)
                actions.append(f"p{p + 1} cbr {amount}")
            elif r < raise_p + 0.15 and state.checking_or_calling_amount:
                state.fold()
                actions.append(f"p{p + 1} f")
            else:
                state.check_or_call()
                actions.append(f"p{p + 1} cc")
        elif state.can_show_or_muck_hole_cards():
            p = state.showdown_index
            r = rng.random()
            if r < 0.15:
                state.show_or_muck_hole_cards(False)
                actions.append(f"p{p + 1} sm")
            else:
                cards = "".join(repr(c) for c in state.hole_cards[p])
                state.show_or_muck_hole_cards(True)
                actions.append(f"p{p + 1} sm {cards}")
        else:
            break
    return head, actions


def damage(rng, actions):
    kind = rng.choice(["no_show", "no_hole", "drop_one", "truncate"])
    if kind == "no_show":
        return kind, [a for a in actions if " sm" not in a]
    if kind == "no_hole":
        return kind, [a for a in actions if not a.startswith("d dh")]
    if kind == "drop_one" and actions:
        i = rng.randrange(len(actions))
        return kind, actions[:i] + actions[i + 1 :]
    return kind, actions[: rng.randrange(len(actions) + 1)]


def expected(phh):
    try:
        hh = HandHistory.loads(phh)
        state = None
        for state in hh:
            pass
        return {"finishing_stacks": [x if isinstance(x, int) else str(x) for x in state.stacks]}
    except Exception as e:  # PokerKit rejects the hand
        return {"error": type(e).__name__ + ": " + str(e)[:200]}


def main():
    global MULTIWAY, STRADDLES
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    MULTIWAY = sys.argv[3:] == ["multiway"]
    STRADDLES = sys.argv[3:] == ["straddles"]
    rng = random.Random(seed)
    for i in range(count):
        head, actions = play(rng)
        name = f"gen-{seed}-{i}"
        if rng.random() < 0.25:
            kind, actions = damage(rng, actions)
            name += f"-{kind}"
        phh = text(head, actions)
        print(json.dumps({"name": name, "phh": phh, **expected(phh)}))


if __name__ == "__main__":
    main()
