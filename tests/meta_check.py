#!/usr/bin/env python3
"""meta_check.py SCHEMA DIR...: each result set DIR holds a meta.json that
is valid against SCHEMA (reference_data/meta.schema.json) and describes
the set: its tables' columns are those of each CSV file's header, in
order, each with a unit ("?" is none) and an equation or null. Uses the
jsonschema package when it is installed, else the checks of the schema's
keywords that meta.schema.json uses (type, required, properties,
additionalProperties, items, enum, pattern). Prints one line per problem
and exits 1 when there is any."""
import json
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


def main():
    with open(sys.argv[1]) as f:
        schema = json.load(f)
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
