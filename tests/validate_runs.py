#!/usr/bin/env python3
"""validate_runs.py SCHEMA PATH...: every run.json (a PATH, or under a
folder PATH) against the schema.
Prints each file that does not validate with its first error, then
"run.json schema: N passed, N failed".  A file that is not JSON counts as
failed.  A run.json that a test makes up by hand, to try a reader on
something mpigauge does not write (an older or a foreign run.json), has a
file named .fixture beside it and is left out."""
import json
import os
import sys

import jsonschema

def main():
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    passed = failed = 0
    paths = []
    for arg in sys.argv[2:]:
        if os.path.isdir(arg):
            for top, _, files in sorted(os.walk(arg)):
                paths += [os.path.join(top, "run.json")] if "run.json" in files else []
        else:
            paths.append(arg)
    for path in paths:
        if os.path.exists(os.path.join(os.path.dirname(path), ".fixture")):
            continue
        try:
            with open(path) as f:
                doc = json.load(f)
            errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        except (OSError, ValueError) as e:
            errors = [e]
        if errors:
            failed += 1
            first = errors[0]
            where = "/".join(str(p) for p in getattr(first, "path", []))
            print(f"FAIL: {path}: {where}: {getattr(first, 'message', first)}", file=sys.stderr)
        else:
            passed += 1
    print(f"run.json schema: {passed} passed, {failed} failed")
    return 1 if failed or passed == 0 else 0

sys.exit(main())
