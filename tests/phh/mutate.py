"""Damages one betting action of each hand of a corpus, to hold illegal actions to PokerKit: a
`cbr` amount one below or above, halved, doubled or zero, a fold turned into a check or call,
a call turned into a raise of a random size. PokerKit's verdict (its finishing stacks, or the
fact that it refuses the hand) goes with each.

Usage: python3 tests/phh/mutate.py SEED CORPUS... > tests/phh/illegal.jsonl
(tests/phh/illegal.jsonl is `7 tests/phh/corpus.jsonl tests/phh/multiway.jsonl`.)
"""
import json
import random
import sys
import warnings

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from generate import expected  # noqa: E402

warnings.filterwarnings("ignore")

KINDS = ["minus1", "plus1", "half", "double", "zero", "fold_to_check", "cc_to_cbr"]


def mutate(rng, actions):
    kind = rng.choice(KINDS)
    if kind in ("fold_to_check", "cc_to_cbr"):
        suffix = " f" if kind == "fold_to_check" else " cc"
        picks = [i for i, a in enumerate(actions) if a.endswith(suffix) and not a.startswith("d")]
        if not picks:
            return None
        i = rng.choice(picks)
        head = actions[i][: -len(suffix)]
        actions[i] = head + (" cc" if kind == "fold_to_check" else f" cbr {rng.randint(1, 500)}")
        return kind
    picks = [i for i, a in enumerate(actions) if " cbr " in a]
    if not picks:
        return None
    i = rng.choice(picks)
    player, _, amount = actions[i].split(" ")
    whole = "." not in amount
    v = float(amount)
    v = {"minus1": v - 1, "plus1": v + 1, "half": v / 2, "double": v * 2, "zero": 0}[kind]
    actions[i] = f"{player} cbr {int(v) if whole else round(v, 2)}"
    return kind


def main():
    rng = random.Random(int(sys.argv[1]))
    for path in sys.argv[2:]:
        for line in open(path):
            case = json.loads(line)
            lines = case["phh"].split("\n")
            at = next((k for k, l in enumerate(lines) if l.startswith("actions = ")), None)
            if at is None:
                continue
            actions = json.loads(lines[at][len("actions = "):])
            kind = mutate(rng, actions)
            if kind is None:
                continue
            lines[at] = "actions = " + json.dumps(actions)
            phh = "\n".join(lines)
            print(json.dumps({"name": f"{case['name']}-{kind}", "phh": phh, **expected(phh)}))


if __name__ == "__main__":
    main()
