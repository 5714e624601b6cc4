"""Validates an AsyncAPI document against AsyncAPI's JSON Schema: validate.py SCHEMA DOCUMENT."""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1], encoding="utf-8"))
doc = json.load(open(sys.argv[2], encoding="utf-8"))
errors = sorted(
    jsonschema.Draft7Validator(schema).iter_errors(doc), key=lambda e: list(e.absolute_path)
)
for e in errors[:20]:
    where = "/".join(str(p) for p in e.absolute_path) or "(document)"
    print(f"{where}: {e.message[:400]}")
    for sub in sorted(e.context, key=lambda s: len(list(s.absolute_path)))[:5]:
        print("    ", "/".join(str(p) for p in sub.absolute_path), sub.message[:300])
print(f"{len(errors)} errors")
sys.exit(1 if errors else 0)
