#!/usr/bin/env python3
"""A dealer's terminal for Floorbook, written from the protocol document alone.

It reads `schemas/asyncapi.json` for the subjects (nothing else of Floorbook's), logs in to
NATS as the dealer user, plays one hand at its table the plainest way (every player checks or
calls, the board as given, the first hand shown wins and the rest muck) and reads the clock.
Each request carries `after`, the head the terminal last saw, so a tap on a table that moved
on is refused rather than recorded twice.

    PYTHONPATH=target/py python3 docs/examples/terminal.py --url nats://127.0.0.1:4222 \\
        --user dealer --password PASS --chain spring --table 1

Needs nats-py (`pip install nats-py`). Prints one line per request and reply, then the hand's
result and the clock. With `--check` it also holds every request and answer to the payload
schemas the document names (needs `jsonschema`).
"""

import argparse
import asyncio
import json
import pathlib
import sys

import nats

DOCUMENT = pathlib.Path(__file__).resolve().parents[2] / "schemas" / "asyncapi.json"


def checker(document):
    """Holds (message, value) to the payload schema the document gives that message."""
    import jsonschema

    def validator(message):
        schema = document["components"]["messages"][message]["payload"]["schema"]
        ref = schema["$ref"] if "$ref" in schema else schema["allOf"][0]["$ref"]
        return jsonschema.Draft202012Validator(json.loads((DOCUMENT.parent / ref).read_text()))

    validators = {m: validator(m) for m in ("reply", "queryReply", "check_or_call")}

    def check(message, value):
        errors = list(validators[message].iter_errors(value))
        if errors:
            raise SystemExit(f"{message} does not match its schema: {errors[0].message}: {value}")

    return check


class Terminal:
    def __init__(self, nc, document, chain, table, actor, check=None):
        self.check = check or (lambda message, value: None)
        self.nc = nc
        self.chain = chain
        self.table = table
        self.actor = actor
        channels = document["channels"]
        fill = lambda name: (
            channels[name]["address"]
            .replace("{chain}", chain)
            .replace("{table}", str(table))
        )
        self.commands = fill("dealerCommands")
        self.table_query = fill("queryTable")
        self.clock_query = fill("queryClock")
        self.head = 0

    async def ask(self, subject):
        msg = await self.nc.request(subject, b"{}", timeout=5)
        reply = json.loads(msg.data)
        self.check("reply" if "ok" in reply else "queryReply", reply)
        if "error" in reply and reply["error"]:
            raise SystemExit(f"{subject}: {reply['error']['message']}")
        self.head = max(self.head, reply.get("seq", 0))
        return reply

    async def send(self, command, **fields):
        body = {"actor": self.actor, "command": command, "table": self.table,
                "after": self.head, **fields}
        print("→", self.commands, json.dumps(body))
        # Any command's message gives the request schema (each narrows it to its command).
        self.check("check_or_call", body)
        msg = await self.nc.request(self.commands, json.dumps(body).encode(), timeout=5)
        reply = json.loads(msg.data)
        self.check("reply", reply)
        print("←", json.dumps({k: reply[k] for k in ("ok", "events", "error") if k in reply}))
        if not reply.get("ok"):
            raise SystemExit(f"refused: {reply['error']['message']}")
        self.head = reply.get("seq", self.head)
        return reply

    async def hand(self):
        """The table's hand as the table query shows it (None between hands)."""
        return (await self.ask(self.table_query))["table"]["hand"]

    async def play(self, board, shown):
        await self.send("start_hand")
        await self.send("deal_face_down")
        board = list(board)
        showing = True
        while True:
            h = await self.hand()
            if h is None:
                return
            if h["to_act"] is not None:
                await self.send("check_or_call", pos=h["to_act"]["pos"])
            elif h["board_due"]:
                cards, board = board[: h["board_due"]], board[h["board_due"]:]
                await self.send("deal_board", cards=cards)
            elif h["shows_next"] is not None:
                if showing:
                    await self.send("show", pos=h["shows_next"], cards=shown)
                    showing = False
                else:
                    await self.send("muck", pos=h["shows_next"])
            else:
                return


async def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--url", required=True)
    p.add_argument("--user", default="dealer")
    p.add_argument("--password", required=True)
    p.add_argument("--chain", required=True)
    p.add_argument("--table", type=int, default=1)
    p.add_argument("--actor", default="terminal.py")
    p.add_argument("--board", default="2c 7d Js Qh 3s")
    p.add_argument("--shown", default="As Ah")
    p.add_argument("--check", action="store_true",
                   help="hold every request and answer to the document's schemas")
    a = p.parse_args()
    document = json.loads(DOCUMENT.read_text())
    # A user may read only its own inbox (deploy/nats/auth.conf): `_INBOX.<user>`.
    nc = await nats.connect(a.url, user=a.user, password=a.password,
                            inbox_prefix=f"_INBOX.{a.user}")
    try:
        t = Terminal(nc, document, a.chain, a.table, a.actor,
                     checker(document) if a.check else None)
        before = await t.ask(t.table_query)
        stacks = {s["name"]: s["stack"] for s in before["table"]["seats"]}
        await t.play(a.board.split(), a.shown.split())
        after = await t.ask(t.table_query)
        for s in after["table"]["seats"]:
            change = s["stack"] - stacks.get(s["name"], 0)
            print(f"seat {s['seat']}: {s['name']} {s['stack']} ({change:+d})")
        clock = (await t.ask(t.clock_query))["clock"]
        # A level as the profiles write it: [small, big] (then the ante, in stud the bring-in).
        small, big = clock["blinds"][:2]
        print(f"clock: level {clock['level']}, blinds {small}/{big}, "
              f"{clock['players_left']} of {clock['entrants']} players")
    finally:
        await nc.close()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except SystemExit as e:
        print(e, file=sys.stderr)
        sys.exit(1)
