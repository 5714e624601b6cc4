"""Generates stud PHH hands (F7S, F7S/8, FR) with PokerKit and PokerKit's finishing stacks.

Every hand is played with random legal actions through PokerKit (bring-ins and completions,
fixed-limit bets and raises up to the cap, short stacks that go all in on the ante or the
bring-in, two to eight players: eight who stay to seventh street get a community card), written
as PHH and replayed by PokerKit's `HandHistory` for the expected finishing stacks, or the fact
that PokerKit rejects it. A quarter are damaged (actions dropped) to exercise the repairs.

A hand where PokerKit's chips do not add up is left out: PokerKit decides whether a hi-lo pot
has a low half from every player's low, not only those the pot is for, and a side pot whose
players hold no low then loses its low half (it warns "some chips will be burned"); Floorbook
gives that half to the pot's high hand. Also left out: hands where PokerKit filled in an up
card unknown (a truncated third street; it cannot say who acts first, and Floorbook refuses to
guess) and hands on which PokerKit's own assertions fail.

Usage: python3 tests/phh/generate_stud.py COUNT SEED > tests/phh/stud.jsonl
(tests/phh/stud.jsonl is `1500 7`). Requires: pip install pokerkit (0.7.x)
"""
import json
import random
import sys
import warnings

from pokerkit import HandHistory

from generate import text  # the actions written as generate.py writes them

warnings.filterwarnings("ignore")

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def header(variant, trimming, antes, limits, stacks):
    bring_in, small, big = limits
    return (
        f'variant = "{variant}"\n'
        f"ante_trimming_status = {'true' if trimming else 'false'}\n"
        f"antes = {antes}\n"
        f"bring_in = {bring_in}\n"
        f"small_bet = {small}\n"
        f"big_bet = {big}\n"
        f"starting_stacks = {stacks}\n"
    )


def play(rng):
    variant = rng.choice(["F7S", "F7S/8", "FR"])
    n = rng.choice([2, 3, 4, 5, 6, 7, 8, 8])
    small = rng.choice([2, 4, 10, 20])
    big = 2 * small
    bring_in = rng.choice([1, small // 2]) if small > 2 else 1
    ante = rng.choice([0, 1, bring_in])
    if ante == 0 and rng.random() < 0.5:
        ante = 1
    if rng.random() < 0.2:
        antes = [rng.choice([0, 1, ante, small]) for _ in range(n)]
    else:
        antes = [ante] * n
    trimming = rng.random() < 0.3
    depth = rng.choice([1, 3, 10, 40])
    stacks = [max(1, int(rng.expovariate(1 / (depth * small))) + rng.randint(1, small)) for _ in range(n)]
    # Eight players stay to seventh street often enough to need a community card.
    passive = n == 8 and rng.random() < 0.5
    head = header(variant, trimming, antes, (bring_in, small, big), stacks)
    state = HandHistory.loads(text(head, [])).create_state()
    deck = [r + s for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    actions = []
    steps = 0
    raise_p = 0.05 if passive else 0.3
    fold_p = 0.0 if passive else 0.15
    while state.status and steps < 500:
        steps += 1
        if state.can_burn_card():
            state.burn_card("??")
        elif state.can_deal_hole():
            p = state.hole_dealee_index
            k = len(state.hole_dealing_statuses[p])
            if k > 1 and rng.random() < 0.2:
                k = rng.randint(1, k)  # part of third street, the rest later
            if len(deck) < k:
                raise AssertionError  # PokerKit would deal the muck again; not generated
            cards = "".join(deck.pop() for _ in range(k))
            state.deal_hole(cards, p)
            actions.append(f"d dh p{p + 1} {cards}")
        elif state.can_deal_board():
            if not deck:
                raise AssertionError
            cards = deck.pop()
            state.deal_board(cards)
            actions.append(f"d db {cards}")
        elif state.actor_index is not None:
            p = state.actor_index
            r = rng.random()
            if state.can_post_bring_in() and r < 0.75:
                state.post_bring_in()
                actions.append(f"p{p + 1} pb")
            elif state.can_complete_bet_or_raise_to() and (r < raise_p or state.can_post_bring_in()):
                amount = state.min_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(amount)
                actions.append(f"p{p + 1} cbr {amount}")
            elif r < raise_p + fold_p and state.checking_or_calling_amount and state.can_fold():
                state.fold()
                actions.append(f"p{p + 1} f")
            elif state.can_check_or_call():
                state.check_or_call()
                actions.append(f"p{p + 1} cc")
            else:
                break
        elif state.can_show_or_muck_hole_cards():
            p = state.showdown_index
            if rng.random() < 0.15:
                state.show_or_muck_hole_cards(False)
                actions.append(f"p{p + 1} sm")
            else:
                cards = "".join(repr(c) for c in state.hole_cards[p])
                state.show_or_muck_hole_cards(True)
                actions.append(f"p{p + 1} sm {cards}")
        else:
            break
    return head, actions, stacks


def damage(rng, actions):
    kind = rng.choice(["no_show", "drop_one", "truncate", "no_seventh"])
    if kind == "no_show":
        return kind, [a for a in actions if " sm" not in a]
    if kind == "no_seventh":
        # Seventh street's down cards dealt face down: the hand goes on unknown.
        out, seen = [], 0
        deals = [i for i, a in enumerate(actions) if a.startswith("d dh")]
        late = set(deals[-3:]) if len(deals) > 3 else set()
        for i, a in enumerate(actions):
            if i in late and len(a.split()[-1]) == 2:
                seen += 1
                continue
            out.append(a)
        return kind, out
    if kind == "drop_one" and actions:
        i = rng.randrange(len(actions))
        return kind, actions[:i] + actions[i + 1 :]
    return kind, actions[: rng.randrange(len(actions) + 1)]


def expected(phh, starting):
    try:
        hh = HandHistory.loads(phh)
        state = None
        for state in hh:
            pass
        stacks = list(state.stacks)
        if state.status is False and sum(stacks) != sum(starting):
            return None  # PokerKit burned chips (see above)
        for op in state.operations:
            cards = getattr(op, "cards", ())
            statuses = getattr(op, "statuses", ())
            if any(up and not c for c, up in zip(cards, statuses)):
                return None  # an up card PokerKit filled in unknown: no order of action
        return {"finishing_stacks": stacks}
    except AssertionError:
        return None  # PokerKit's own consistency checks fail: no answer to compare
    except Exception as e:  # PokerKit rejects the hand
        return {"error": type(e).__name__ + ": " + str(e)[:200]}


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    written = 0
    i = 0
    while written < count:
        try:
            head, actions, stacks = play(rng)
        except AssertionError:
            continue  # a state PokerKit's own checks refuse to play on
        name = f"stud-{seed}-{i}"
        i += 1
        if rng.random() < 0.25:
            kind, actions = damage(rng, actions)
            name += f"-{kind}"
        phh = text(head, actions)
        result = expected(phh, stacks)
        if result is None:
            continue
        print(json.dumps({"name": name, "phh": phh, **result}))
        written += 1


if __name__ == "__main__":
    main()
