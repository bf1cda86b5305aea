#!/usr/bin/env python3
"""meta_check.py SCHEMA DIR...: each result set DIR holds a meta.json that
is valid against SCHEMA (reference_data/meta.schema.json) and describes
the set: its tables' columns are those of each CSV file's header, in
order, each with a unit ("?" is none) and an equation or null.

meta_check.py --summary SCHEMA FILE...: each FILE, the output of collide
run --json, is valid against SCHEMA (reference_data/summary.schema.json),
and each of its tables has a unit for every column and rows with those
columns, in that order.

Uses the jsonschema package when it is installed, else the checks of the
schemas' keywords that they use (type, required, properties,
additionalProperties, items, enum, pattern); a "$ref" (to a definition of
the same schema, "#/...", or of a schema beside it, "FILE#/...") is
replaced by what it names first, for both. Prints one line per problem and
exits 1 when there is any."""
import json
import os
import re
import sys

TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def validate(value, schema, where, problems):
    """The keywords of schema that meta.schema.json uses, on value."""
    types = schema.get("type")
    if types is not None:
        types = types if isinstance(types, list) else [types]
        if not any(TYPES[t](value) for t in types):
            problems.append("%s: %r is not of type %s" % (where, value, types))
            return
    if "enum" in schema and value not in schema["enum"]:
        problems.append("%s: %r is not one of %s" % (where, value, schema["enum"]))
    if "pattern" in schema and isinstance(value, str) and \
            not re.search(schema["pattern"], value):
        problems.append("%s: %r does not match %s" % (where, value, schema["pattern"]))
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                problems.append("%s: no %s" % (where, key))
        props = schema.get("properties", {})
        for key, v in value.items():
            sub = props.get(key, schema.get("additionalProperties"))
            if isinstance(sub, dict):
                validate(v, sub, "%s.%s" % (where, key), problems)
    if isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            validate(v, schema["items"], "%s[%d]" % (where, i), problems)


def pointer(doc, path):
    """The member of doc at the JSON pointer path ("/a/b")."""
    for part in [p for p in path.split("/") if p]:
        doc = doc[part.replace("~1", "/").replace("~0", "~")]
    return doc


def inline_refs(node, schema, base):
    """node with each {"$ref": ...} replaced by the schema it names:
    "#/..." in schema, "FILE#/..." in the file FILE of the directory
    base."""
    if isinstance(node, list):
        return [inline_refs(v, schema, base) for v in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target, _, path = node["$ref"].partition("#")
        doc = schema
        if target:
            with open(os.path.join(base, target)) as f:
                doc = json.load(f)
        return inline_refs(pointer(doc, path), doc, base)
    return {k: inline_refs(v, schema, base) for k, v in node.items()}


def load_schema(path):
    """The schema at path, its references inlined."""
    with open(path) as f:
        schema = json.load(f)
    schema = inline_refs(schema, schema, os.path.dirname(path))
    schema.pop("$defs", None)
    return schema


def check_schema(meta, schema, where, problems):
    try:
        import jsonschema
    except ImportError:
        validate(meta, schema, where, problems)
        return
    for e in jsonschema.Draft202012Validator(schema).iter_errors(meta):
        problems.append("%s: %s" % (where, e.message))


def check_columns(meta, d, problems):
    """Each table's columns are its header's, each with a unit."""
    for name, table in meta.get("tables", {}).items():
        with open("%s/%s" % (d, name)) as f:
            header = f.readline().rstrip("\n").split(",")
        names = [c["name"] for c in table["columns"]]
        if names != header:
            problems.append("%s/%s: meta.json columns %s, header %s"
                            % (d, name, names, header))
        for c in table["columns"]:
            if c["unit"] == "?":
                problems.append("%s/%s: column %s has no unit" % (d, name, c["name"]))


def check_summary(schema, paths, problems):
    """Each file of paths, a summary, valid, its tables' rows with the
    columns of their units."""
    for path in paths:
        try:
            with open(path) as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            problems.append("%s: %s" % (path, e))
            continue
        check_schema(doc, schema, path, problems)
        if problems:
            continue
        for name in ("collisions", "final_contact", "ledger"):
            units = list(doc[name]["units"])
            for i, row in enumerate(doc[name]["rows"]):
                if list(row) != units:
                    problems.append("%s: %s row %d has columns %s, units %s"
                                    % (path, name, i, list(row), units))


def main():
    if sys.argv[1] == "--summary":
        problems = []
        check_summary(load_schema(sys.argv[2]), sys.argv[3:], problems)
        for p in problems:
            print(p)
        return 1 if problems else 0
    schema = load_schema(sys.argv[1])
    problems = []
    for d in sys.argv[2:]:
        try:
            with open(d + "/meta.json") as f:
                meta = json.load(f)
        except (OSError, ValueError) as e:
            problems.append("%s/meta.json: %s" % (d, e))
            continue
        check_schema(meta, schema, d + "/meta.json", problems)
        if not problems:
            check_columns(meta, d, problems)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
