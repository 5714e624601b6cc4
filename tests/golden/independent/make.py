#!/usr/bin/env python3
"""A short chain and a checkpoint built without Floorbook's code, from docs/event-log.md alone.

Writes, next to this script:
- chain.jsonl: the stored bytes of each event, one per line (compact JSON, fields in the
  documented order: v, chain, seq, prev, at, actor, [request], type, rules, payload);
- chain.hashes: each event's hash, blake3(prev's 32 bytes || stored bytes), as hex;
- checkpoint.json: the head signed with ed25519 (secret: 32 bytes of 7) over
  "floorbook-checkpoint-v1\\n<chain>\\n<seq>\\n<head>\\n<signed_at>\\n<key id>\\n", the key id
  being the first 16 hex digits of blake3(public key).

Needs the `blake3` and `cryptography` packages. Floorbook's test
(`tests/tests/wire_format.rs`) seals the same events and must produce these bytes exactly.
"""
import json
import pathlib

import blake3
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

CHAIN = "independent"
HERE = pathlib.Path(__file__).parent

# (at, actor, request or None, type, rules, payload with its keys in sorted order)
EVENTS = [
    ("2026-11-29T19:00:00Z", {"id": "td", "role": "director"}, None, "Note", ["TR-26"],
     {"text": "Turnier eröffnet"}),
    ("2026-11-29T19:00:05Z", {"id": "ron", "role": "floor"}, "req-1", "Note", ["TR-0a", "TR-0b"],
     {"age_ok": True, "player": 7}),
    ("2026-11-29T19:01:00.250Z", {"id": "dealer-1", "role": "dealer"}, None, "Note", [],
     {"amounts": [20, 40], "quote": "say \"raise\""}),
    ("2026-11-29T19:02:00Z", {"id": "floorbook", "role": "service"}, None, "Note", ["TR-17", "PLO-2"],
     {}),
]


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def main():
    prev = bytes(32)
    lines, hashes = [], []
    for seq, (at, actor, request, kind, rules, payload) in enumerate(EVENTS, start=1):
        text = (
            '{"v":1,"chain":' + compact(CHAIN) + ',"seq":' + str(seq)
            + ',"prev":"' + prev.hex() + '","at":' + compact(at)
            + ',"actor":{"id":' + compact(actor["id"]) + ',"role":' + compact(actor["role"]) + "}"
            + (',"request":' + compact(request) if request else "")
            + ',"type":' + compact(kind) + ',"rules":' + compact(rules)
            + ',"payload":' + compact(dict(sorted(payload.items()))) + "}"
        )
        stored = text.encode("utf-8")
        prev = blake3.blake3(prev + stored).digest()
        lines.append(stored)
        hashes.append(prev.hex())
    (HERE / "chain.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    (HERE / "chain.hashes").write_text("\n".join(hashes) + "\n")

    key = Ed25519PrivateKey.from_private_bytes(bytes([7] * 32))
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    key_id = blake3.blake3(public).hexdigest()[:16]
    signed_at = "2026-11-29T23:00:00Z"
    seq, head = len(EVENTS), hashes[-1]
    message = f"floorbook-checkpoint-v1\n{CHAIN}\n{seq}\n{head}\n{signed_at}\n{key_id}\n"
    signature = key.sign(message.encode()).hex()
    checkpoint = {"chain": CHAIN, "seq": seq, "head": head, "signed_at": signed_at,
                  "key_id": key_id, "signature": signature, "public": public.hex()}
    (HERE / "checkpoint.json").write_text(json.dumps(checkpoint, indent=2) + "\n")


if __name__ == "__main__":
    main()
