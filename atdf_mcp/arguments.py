"""Arguments that failed the input schema → one envelope entry per problem, with honest fixes only.

    >>> from atdf_mcp import load_catalog
    >>> runtime = load_catalog("descriptors").runtimes["hotel_reservation"]
    >>> call = {"city": "Madrid", "check_in": "2030-05-01", "check_out": "2030-05-03", "guests": "two", "room_type": "Suit"}
    >>> env = argument_errors(runtime.tool, call, runtime.detailed, runtime.fast, runtime.examples)
    >>> env["errors"][0]["context"]["suggested_arguments"]
    {'city': 'Madrid', 'check_in': '2030-05-01', 'check_out': '2030-05-03', 'guests': 2, 'room_type': 'suite'}

The rules (README, "Errors an agent can fix"):
- A missing, unknown or wrongly typed argument is a VALIDATION_ERROR whose title says what happened. A declared
  failure code is used only when the descriptor ties it to the failed check: an `outputs.failure[]` entry naming
  the `parameter` (and, with `checks`, the JSON Schema keywords it covers), or `x-failure` in the property's schema.
- A suggested value is the caller's own value repaired (`suggest.py`), the schema's const, single enum member,
  default or bound, or a missing value from an example whose other values are the caller's own. Personal and
  identifying values are never copied from an example. Without an honest fix there is no suggestion, and
  `suggested_arguments` is sent only when every problem was fixed and the result validates.
- An argument at the wrong level is put where the schema has it, when only one place can hold it (`restructure.py`):
  renamed to the input it misspells, moved into the one object input that has it, or taken out of a wrapper the
  schema does not have; a string becomes the one required string property of a list's objects.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .alternatives import one_repairable
from .bound_moves import stays_put
from .budget import MAX_FINDINGS, MAX_LISTED, clipped, too_big
from .clock_times import clock_time
from .codes import Code
from .colours import hex_colour
from .condition_flips import condition_flip
from .conditional_doubts import conditioned_choice
from .content_blocks import block_text
from .coordinates import coordinate
from .counted import counted_number
from .country_names import country_code
from .cron_text import cron_text
from .dashes import with_hyphens
from .day_counts import days_of
from .decimal_text import decimal_text
from .discriminators import const_fix
from .duration_designators import designated, designator_readings
from .durations import duration_in_unit
from .envelope import build_entry, compile_detailed, envelope
from .epoch_times import epoch_date_time
from .expanded_ids import expanded_id
from .filled_defaults import defaults_behind, unfillable, with_defaults
from .filter_text import object_of_text
from .flattened import flattened_home, has_flat_twin, spelt_flat
from .forbidden import forbidden_name
from .iso_durations import is_duration_pattern, iso_duration
from .joined_lists import joined_list
from .l10n import N_
from .l10n import gettext as _
from .language_tags import language_code
from .left_behind import time_left_behind
from .letter_cases import takes_both_cases
from .mac_addresses import mac_address
from .map_pairs import map_of
from .missing import only
from .model import Descriptor, Failure
from .number_pairs import paired, sides_in_doubt
from .number_repairs import float_noise
from .one_property import as_lone_property
from .pattern_marks import with_leading_mark
from .patterns import search
from .percent_fractions import percent_of_fraction
from .python_literals import is_null_text
from .rename_doubts import doubt
from .restructure import as_item, flat_home, lone_item, object_properties, tagged, unnested, unwrapped, wrapped_inputs
from .separators import one_joining
from .sigils import sigil_list, without_sigil
from .sort_orders import asks_a_sort, sort_member, sort_objects
from .spelling import norm, tied_names
from .suggest import (
    MISSING,
    codes_for_name,
    coerce,
    get_at,
    is_exact_number,
    is_personal,
    nearest,
    nearest_name,
    number_in_unit,
    repair_format,
    round_to_step,
    schema_at,
    set_at,
)
from .union_shapes import union_forms
from .uri_names import bare_name
from .url_paths import url_path
from .value_labels import without_label
from .weekdays import weekday_member
from .word_marks import other_mark

if TYPE_CHECKING:  # python-jsonschema is imported by the first wrong call (envelope.compile_detailed), not at start-up
    import jsonschema

__all__ = ["argument_errors"]

# Checks a declared failure only covers when it names them in `checks`: the argument is absent, unknown or mistyped.
_SHAPE_CHECKS = frozenset({"required", "additionalProperties", "type"})

_TITLES = {  # translated where used (atdf_mcp.l10n)
    "required": N_("Missing required argument"), "additionalProperties": N_("Unknown argument"), "type": N_("Wrong argument type"),
    "enum": N_("Value not allowed"), "const": N_("Value not allowed"), "minimum": N_("Value out of range"),
    "maximum": N_("Value out of range"), "exclusiveMinimum": N_("Value out of range"), "exclusiveMaximum": N_("Value out of range"),
    "multipleOf": N_("Value not a multiple of the step"), "minLength": N_("Value too short"), "maxLength": N_("Value too long"),
    "pattern": N_("Value does not match the expected pattern"), "format": N_("Wrong format"), "minItems": N_("Too few items"),
    "maxItems": N_("Too many items"), "uniqueItems": N_("Duplicate items"), "false": N_("Argument not allowed here"),
}
_INVALID = N_("Invalid argument")
_NUMBER_CHECKS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"})
_FORMS = {"date": "YYYY-MM-DD", "date-time": N_("YYYY-MM-DDThh:mm:ss with a UTC offset (Z or +hh:mm)"),
          "time": N_("hh:mm:ss with a UTC offset")}
_BOUNDS = (("minimum", N_(">= {bound}")), ("exclusiveMinimum", N_("> {bound}")), ("maximum", N_("<= {bound}")),
           ("exclusiveMaximum", N_("< {bound}")), ("minLength", N_("length >= {bound}")), ("maxLength", N_("length <= {bound}")),
           ("minItems", N_("items >= {bound}")), ("maxItems", N_("items <= {bound}")), ("multipleOf", N_("multiple of {bound}")))


@dataclass
class _Finding:
    """One problem of the call: the failed check, where, what was received, and the fix (MISSING if none)."""

    error: jsonschema.ValidationError
    keyword: str
    path: list[Any]  # of the value concerned: for required and additionalProperties, the argument's own path
    received: Any
    value: Any = MISSING
    dropped: bool = False  # an unknown argument whose value was null, left out
    how: str = ""  # for an unknown argument: "rename", "move" (into the object it belongs to) or "unwrap"

    @property
    def parameter(self) -> str:
        """The dotted path of the argument (`items[0].quantity`)."""
        return _dotted(self.path)

    @property
    def fixed(self) -> bool:
        return self.value is not MISSING or self.dropped


def argument_errors(tool: Descriptor, arguments: Any, detailed: Any, fast: Any, examples: list[dict[str, Any]],
                    defaults: dict[str, Any] | None = None) -> dict[str, Any]:
    """The envelope for arguments that failed the tool's input schema: every problem, one entry each. The call and its
    repair are judged with `defaults` filled in (atdf_mcp.filled_defaults), as the handler would receive them."""
    schema = tool.input_schema or {"type": "object"}
    if not isinstance(arguments, dict):
        entry = build_entry(Code.VALIDATION_ERROR, _("Arguments must be a JSON object of named inputs."), tool.id,
                            title=_("Arguments are not an object"),
                            context={"received": arguments, "expected": {"conditions": [_("type: {type}").format(type="object")]},
                                     "solution": _("Send the arguments as a JSON object, one key per input.")})
        return envelope([entry])
    defaults = defaults or {}
    unfilled = unfillable(arguments, defaults, detailed, fast, schema)  # offset 0 by default, refused beside a cursor: left out
    if unfilled:
        defaults = {name: value for name, value in defaults.items() if name not in unfilled}
    fixed = copy.deepcopy(arguments)
    judged = with_defaults(arguments, defaults)
    findings = _findings(detailed.iter_errors(judged), schema, judged)
    complete = len(findings) <= MAX_FINDINGS  # past the budget, the first problems only, and no suggested_arguments
    findings = findings[:MAX_FINDINGS]
    for finding in findings:
        _fix(finding, schema, fixed, examples)
    every = all(f.fixed for f in findings)
    suggested_ok = complete and any(f.fixed for f in findings) and _settle(fixed, schema, detailed, fast, examples, defaults)
    if suggested_ok and not every:  # "WhatsApp" read by an `if`: its `else` asked for a body the repaired call does not need
        findings = [f for f in findings if f.fixed]
    flip = MISSING
    if (complete and not suggested_ok and any(f.keyword == "false" for f in findings)  # an argument only the other case takes
            and all(_CONDITIONAL.intersection(map(str, f.error.absolute_schema_path)) for f in findings)):
        refused = {f.path[0] for f in findings if f.keyword == "false" and len(f.path) == 1}
        without = {name: value for name, value in arguments.items() if name not in refused}
        if not refused or not fast.is_valid(with_defaults(without, defaults)):  # leaving them out is a correction too
            flip = condition_flip(schema, arguments, lambda call: bool(fast.is_valid(with_defaults(call, defaults))))
        if flip is not MISSING:  # all_day left out (false) beside start_date: all_day true takes the call as it is
            fixed, suggested_ok = {**arguments, flip[0]: flip[1]}, True
    filled = {name: value for name, value in defaults.items() if name not in arguments}
    entries = [_noted(_entry(tool, schema, f, fixed if suggested_ok else None), defaults_behind(f.error, schema, filled), filled)
               for f in findings]
    if flip is not MISSING:
        entries[0]["context"]["solution"] = _("Send {parameter} = {value}: that case takes the other arguments as they are.").format(
            parameter=repr(flip[0]), value=json.dumps(flip[1], ensure_ascii=False))
    if not entries:  # the fast and detailed validators disagree (a format nuance): still say something useful
        entries.append(build_entry(Code.VALIDATION_ERROR, _("The arguments do not match the tool's input schema."), tool.id,
                                   context={"expected": {"conditions": [], "schema": schema},
                                            "solution": _("Check each argument against the input schema.")}))
    return envelope(entries)


# ---------------------------------------------------------------------------------------------
# Findings


def _findings(errors: Any, schema: Any = None, call: Any = None) -> list[_Finding]:
    """The leaf problems, unknown arguments first (a rename may fill a missing twin), missing ones last; an argument a
    `false` schema refuses is named when `schema` and `call` are given."""
    from jsonschema.exceptions import best_match  # loaded already: `errors` come from a jsonschema validator

    found: list[_Finding] = []
    pending = list(itertools.islice(errors, MAX_FINDINGS + 1))
    while pending and len(found) <= MAX_FINDINGS:
        error = pending.pop(0)
        if error.validator in ("anyOf", "oneOf") and error.context:
            branch = _closest_branch(error.context) or one_repairable(error.context, _repairable(error))
            if branch:
                pending[:0] = branch
                continue
            error = best_match(error.context) or error
        path = list(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = set((error.schema.get("properties") or {}) if isinstance(error.schema, dict) else ())
            patterns = list((error.schema.get("patternProperties") or {}) if isinstance(error.schema, dict) else ())
            for key, value in error.instance.items():
                if key not in allowed and not any(search(p, key) for p in patterns):
                    found.append(_Finding(error, "additionalProperties", [*path, key], value))
        elif error.validator == "required" and isinstance(error.validator_value, list):
            missing = _missing_name(error)
            found.append(_Finding(error, "required", [*path, missing], MISSING))
        elif error.validator is None and (refused := forbidden_name(error, schema, call)) is not None:
            found.append(_Finding(error, "false", [*path, refused], error.instance))  # start beside all_day true
        elif error.validator == "dependentRequired" and (dependency := _DEPENDENCY.match(error.message)):
            found.append(_Finding(error, "required", [*path, dependency[1]], MISSING))  # the input another one asks for
        else:
            found.append(_Finding(error, str(error.validator), path, error.instance))
    order = {"additionalProperties": 0, "required": 2}
    return sorted(found, key=lambda f: (order.get(f.keyword, 1), [str(p) for p in f.path]))


def _closest_branch(context: list[jsonschema.ValidationError]) -> list[jsonschema.ValidationError]:
    """The errors of the one alternative of an anyOf/oneOf the value comes closest to (fewest problems: `"kind":
    "WiFi"` is one re-casing away from the Wi-Fi branch, three away from the Ethernet one); [] when two tie."""
    branches: dict[Any, list[jsonschema.ValidationError]] = {}
    for error in context:
        branches.setdefault(error.relative_schema_path[0] if error.relative_schema_path else None, []).append(error)
    ranked = sorted(branches.values(), key=_problems)
    return ranked[0] if len(ranked) == 1 or _problems(ranked[0]) < _problems(ranked[1]) else []


def _repairable(parent: jsonschema.ValidationError) -> Any:
    """Whether an alternative's errors are one problem of a string or a number that its repair makes pass the whole
    anyOf/oneOf (the phone alternative of a phone number with spaces; never an object's, whose shape is the caller's)."""
    def repaired(errors: list[jsonschema.ValidationError]) -> bool:
        if len(errors) != 1 or errors[0].path or not isinstance(errors[0].instance, (str, int, float)):
            return False
        own = errors[0].schema if isinstance(errors[0].schema, dict) else {}
        value = _repair(str(errors[0].validator), errors[0], own, "")
        return value is not MISSING and _passes(value, parent.schema if isinstance(parent.schema, dict) else None)
    return repaired


def _problems(errors: list[jsonschema.ValidationError]) -> int:
    """How many values an alternative finds wrong: "10" for an enum of integers breaks its type and its enum, one
    value to repair, not two."""
    return len({(tuple(error.path), error.validator if error.validator in _STRUCTURE_CHECKS else "value") for error in errors})


_CONDITIONAL = frozenset({"then", "else"})  # a finding of a condition's branch: another value of what it reads may settle it
_DEPENDENCY = re.compile(r"'([^'\\]*)' is a dependency of ")  # jsonschema's dependentRequired message (a name as repr)
_STRUCTURE_CHECKS = frozenset({"required", "additionalProperties", "dependentRequired", "minItems", "maxItems"})


def _missing_name(error: jsonschema.ValidationError) -> str:
    present = error.instance if isinstance(error.instance, dict) else {}
    names = [n for n in error.validator_value if n not in present]
    if len(names) == 1:
        return str(names[0])
    quoted = re.match(r"'([^']*)' is a required property", error.message)
    return quoted[1] if quoted else str(names[0] if names else "")


# ---------------------------------------------------------------------------------------------
# Fixes


def _fix(finding: _Finding, schema: dict[str, Any], fixed: dict[str, Any], examples: list[dict[str, Any]]) -> None:
    """Find the honest fix of one problem and apply it to `fixed` (the caller's arguments being repaired)."""
    *where, name = finding.path if finding.path else [None]
    container = get_at(fixed, where)
    if finding.keyword == "additionalProperties":
        if not isinstance(container, dict) or name not in container or too_big(name):
            return
        node = (schema_at(schema, where) if where else schema) or {}
        allowed = [p for p in (node.get("properties") or {}) if p not in container]
        flat = flattened_home(str(name), container, node)  # address_city: the city of the address
        if flat is MISSING and not has_flat_twin(str(name), container, node):  # not `street` beside `address_street`
            flat = flat_home(str(name), container, node)
        if flat is not MISSING and _owned_elsewhere(str(name), flat, node):
            flat = MISSING  # "name" beside recipient.name and sender_name: whose name is the caller's to say
        rename = nearest_name(str(name), allowed)
        if rename is MISSING:  # "color" beside color_hex and color_temp_kelvin: the one whose schema the value fits
            props = node.get("properties") or {}
            tied = tied_names(str(name), allowed)
            numeric = [c for c in tied if isinstance(props.get(c), dict) and _kinds(props[c]) & {"integer", "number"}]
            if not (_is_number(container[name]) and len(numeric) > 1):  # timeout_ms or timeout_minutes: no bound says
                rename = only([c for c in tied if _passes(container[name], props.get(c))])
        if rename is not MISSING and doubt(str(name), rename, container[name], node.get("properties") or {}):
            rename = MISSING  # "temperature_c" for an input in Fahrenheit, "desc" beside a sort order: the agent's to say
        unwrap = wrapped_inputs(str(name), container, node)
        if unwrap is not MISSING and rename is not MISSING and object_properties((node.get("properties") or {}).get(rename)) is None:
            rename = MISSING  # {"measurement": {...every input...}} wraps the call; it is no misspelt measured_at
        spelt = spelt_flat(str(name), node)  # address_city is no misspelt `address` nor `city`, even where it cannot move
        fixes = {"rename": MISSING if spelt is not MISSING else rename, "move": flat,
                 "unwrap": unwrap}
        found = [(how, fix) for how, fix in fixes.items() if fix is not MISSING]
        if len(found) == 1:
            finding.how, target = found[0]
            _place(container, str(name), finding.how, target)
            if finding.how == "move":
                finding.value = _dotted([*where, *target] if isinstance(target, tuple) else [*where, target, name])
            else:
                finding.value = target
        elif found:
            return  # a misspelling of one input and a member of another: which was meant is the agent's to say
        elif container[name] is None:
            del container[name]  # an explicit null says nothing: leaving it out keeps the call's meaning
            finding.dropped = True
        return
    if finding.keyword == "required":
        if isinstance(container, dict) and name in container:  # filled by a rename, a move or an unwrap
            finding.value = container[name]
            return
        prop = schema_at(schema, finding.path) or _own_property(finding.error, str(name))
        value = _fill_missing(str(name), prop, not where, fixed, examples, schema)
        if value is not MISSING and set_at(fixed, finding.path, value):
            finding.value = value
        return
    if too_big(finding.received):
        return  # far larger than anything the schema names: not a slip to repair, and too costly to compare
    own = schema_at(schema, finding.path)
    null = finding.received is None or (is_null_text(finding.received) and not _passes(None, own)
                                        and not _spells_a_value(finding.received, own) and not _none_counted(finding.received, own))
    if null and finding.keyword in ("type", "enum", "const") and _optional(schema, where, name):
        if isinstance(container, dict) and (container.get(name, MISSING) is None or is_null_text(container.get(name))):
            del container[name]  # null (or "None" as text) for an optional input its type refuses: left out, as an unknown null is
        finding.dropped = isinstance(container, dict) and name not in container  # also when its type's finding dropped it
        return
    if conditioned_choice(finding.error, schema, fixed, _passes):
        return  # notify false beside a message that needs notify true: change it, or leave the message out?
    prop = schema_at(schema, finding.path) if finding.path else None
    current = get_at(fixed, finding.path)
    if current is not MISSING and current != finding.received and _passes(current, prop):
        finding.value = current  # already repaired by the fix of another check of the same value
        return
    if finding.keyword == "format" and finding.error.validator_value == "date" and time_left_behind(
            str(name), finding.received, container, (schema_at(schema, where) if where else schema) or {}):
        return  # "2030-05-08T10:30" where the call also has an empty time input: the time was meant for it
    own = finding.error.schema if isinstance(finding.error.schema, dict) else {}
    label = str(where[-1]) if isinstance(name, int) and where and isinstance(where[-1], str) else str(name or "")
    value = _repair(finding.keyword, finding.error, prop or own, label)  # an item read by its list's name: reminders_minutes
    if isinstance(name, int) and value == [finding.received] and not isinstance(finding.received, list):
        value = MISSING  # [1, 2] for a list of rows: one row, [[1, 2]], or a row each, [[1], [2]]; not ours to pick
    if isinstance(finding.received, float) and isinstance(value, str) and _names_a_version(str(name or ""), prop or own):
        value = MISSING  # 1.10 arrives as 1.1: the version's trailing zeros are lost on the way
    if isinstance(finding.received, str) and value != finding.received and _names_a_secret(str(name or "")):
        value = MISSING  # " s3cret " trimmed, re-cased or joined is another secret: every character of it counts
    value = _refine(value, prop, label)
    if value is not MISSING and finding.path and set_at(fixed, finding.path, value):
        finding.value = value


def _place(container: dict[str, Any], name: str, how: str, target: Any) -> None:
    """Put an unknown argument where it belongs: under its right name, into its object, or its members unwrapped."""
    value = container.pop(name)
    if how == "rename":
        container[target] = value
    elif how == "move":
        home, key = target if isinstance(target, tuple) else (target, name)
        container.setdefault(home, {})[key] = value
    else:
        container.update(unwrapped(value))


def _own_property(error: jsonschema.ValidationError, name: str) -> dict[str, Any]:
    """The schema of a missing property as the failed object declares it (a `oneOf` branch's `kind` const)."""
    own = error.schema if isinstance(error.schema, dict) else {}
    prop = (own.get("properties") or {}).get(name)
    return prop if isinstance(prop, dict) else {}


def _optional(schema: dict[str, Any], where: list[Any], name: Any) -> bool:
    """Whether `name` is a property its object (at `where`) does not require."""
    node = schema_at(schema, where) if where else schema
    return isinstance(name, str) and isinstance(node, dict) and name not in (node.get("required") or ())


def _settle(fixed: dict[str, Any], schema: dict[str, Any], detailed: Any, fast: Any, examples: list[dict[str, Any]],
            defaults: dict[str, Any]) -> bool:
    """Whether the repaired arguments validate (their defaults filled in), after fixing what the repairs themselves
    revealed (a renamed argument whose value has the wrong type); at most two more rounds."""
    for _round in range(2):
        if fast.is_valid(with_defaults(fixed, defaults)):
            return True
        judged = with_defaults(fixed, defaults)
        findings = _findings(detailed.iter_errors(judged), schema, judged)
        for finding in findings:
            _fix(finding, schema, fixed, examples)
        if not all(f.fixed for f in findings):
            return False
    return bool(fast.is_valid(with_defaults(fixed, defaults)))


def _noted(entry: dict[str, Any], behind: list[str], filled: dict[str, Any]) -> dict[str, Any]:
    """The entry, its detail saying which left-out inputs took the default the check was applied to."""
    for name in behind:
        entry["detail"] += " " + _("{parameter} was left out, so it takes its default {value}; the call is checked with that value.").format(
            parameter=repr(name), value=json.dumps(filled[name], ensure_ascii=False, default=str))
    return entry


def _fill_missing(name: str, prop: dict[str, Any], top_level: bool, call: dict[str, Any], examples: list[dict[str, Any]],
                  schema: dict[str, Any]) -> Any:
    """A missing argument's value when the schema fixes it (const, one allowed value, default) or when an example
    is the caller's own call with this one value added; never personal data from an example."""
    if "const" in prop:
        return prop["const"]
    if isinstance(prop.get("enum"), list) and len(prop["enum"]) == 1:
        return prop["enum"][0]
    if "default" in prop:
        return prop["default"]
    if not top_level or is_personal(name, prop):
        return MISSING
    return _agreeing_example(name, call, examples, schema)


def _agreeing_example(name: str, call: dict[str, Any], examples: list[dict[str, Any]], schema: dict[str, Any]) -> Any:
    """`name`'s value in an example whose every other value is exactly the caller's (defaults counted as given)."""
    defaults = {k: p["default"] for k, p in (schema.get("properties") or {}).items() if isinstance(p, dict) and "default" in p}
    given = {k: v for k, v in call.items() if k != name and v is not None}
    if not given:
        return MISSING  # nothing to agree with: the example would be a guess
    for example in examples:
        if isinstance(example, dict) and name in example:
            others = {k: v for k, v in example.items() if k != name}
            if {**defaults, **others} == {**defaults, **given}:
                return copy.deepcopy(example[name])
    return MISSING


def _repair(keyword: str, error: jsonschema.ValidationError, prop: dict[str, Any], name: str) -> Any:
    """The caller's value made to pass one check, or the schema's own answer to it (const, a bound); else MISSING."""
    received = error.instance
    rule = error.validator_value
    if isinstance(received, str) and received != received.strip() and _passes(received.strip(), prop):
        return received.strip()
    if keyword in ("type", "enum", "format", "pattern") and is_null_text(received) and _passes(None, prop):
        return None  # "null" or "None" as text, for an input that takes null
    if keyword == "type":
        split = _split_list(received, prop if "type" in prop else error.schema)
        if split is MISSING and isinstance(prop.get("items"), dict) and isinstance(prop["items"].get("pattern"), str):
            split = sigil_list(received, prop["items"]["pattern"])  # "#spring #fashion", "@dana @li"
        if split is not MISSING:
            return split
        expected = prop if "type" in prop else error.schema
        typed = sort_objects(received, expected)  # "created_at DESC" for [{"column": …, "direction": "desc"}], not its column
        typed = coerce(received, expected) if typed is MISSING else typed
        if typed is MISSING and isinstance(expected.get("enum"), list):
            typed = sort_member(received, expected["enum"])  # {"field": "created_at", "order": "desc"}: created_at:desc
        if typed is MISSING and isinstance(expected.get("pattern"), str):
            about = f"{name} {prop.get('description') or ''}"
            typed = hex_colour(received, expected["pattern"], about)  # [255, 136, 0] for "#FF8800"
            typed = paired(received, expected["pattern"], about) if typed is MISSING else typed  # {"width", "height"}: 1920x1080
        if typed is MISSING and "string" in _kinds(expected):
            typed = block_text(received)  # [{"type": "text", "text": …}] for a message's content
        if typed is MISSING:
            typed = map_of(received, expected)  # ["env=prod"] for a map of labels
        if typed is MISSING:
            typed = expanded_id(received, expected, _passes)  # {"id": "cus_…", "object": "customer"} for the id
        if typed is MISSING and _numeric(expected):
            described, integer = str(prop.get("description") or ""), "integer" in _kinds(expected)
            typed = number_in_unit(received, name, described)
            if typed is MISSING:  # "33.8688 S" for a latitude: -33.8688
                typed = coordinate(received, name)
            if typed is MISSING:  # "1h" for duration_minutes: 60
                typed = duration_in_unit(received, name, described, integer)
            if typed is MISSING and integer:  # "P30D" or "2 weeks" for after_days
                typed = days_of(received, name, described)
            if typed is MISSING and integer:  # 0.8 for a volume in percent: 80
                typed = percent_of_fraction(received, name, described)
            if typed is MISSING:  # "2 spots" for spots, "10 shares" for a "Number of shares."
                typed = counted_number(received, name, described, integer)
        if typed is MISSING and isinstance(expected.get("pattern"), str):
            typed = joined_list(received, expected["pattern"])  # ["1-3", "5"] for pages: 1-3,5
        if typed is MISSING and error.path and isinstance(error.path[-1], int):
            typed = as_item(received, expected)  # "Toledo" among stops whose one required property is the place
        if typed is MISSING:
            typed = lone_item(received, expected)  # [4] for a count; _refine then repairs the item itself
        if typed is MISSING:
            typed = tagged(received, prop)  # "cash" for the alternative {"method": "cash"}
        if typed is MISSING:
            typed = as_lone_property(received, expected)  # "weekly" for {"frequency": "weekly"}
        if typed is MISSING:
            typed = object_of_text(received, expected)  # "status = RUNNING" for {"status": "RUNNING"}
        return unnested(received, name, expected) if typed is MISSING else typed
    if keyword == "enum" and isinstance(rule, list):
        if asks_a_sort(received, rule):  # "-created_at": created_at:desc, never the closest "created_at:asc"
            return sort_member(received, rule)
        day = weekday_member(received, rule)  # "Monday" for MO, "wed" for WE
        return day if day is not MISSING else nearest(received, rule)
    if keyword == "const":
        return const_fix(error)  # a union's discriminator, when the rest of the object is that member's
    if keyword in _NUMBER_CHECKS and is_personal(name, prop):
        return MISSING  # an id or a number that identifies someone is never moved to a bound or a step
    if keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        within = [part for part in error.absolute_path if isinstance(part, str)]  # discount.percent: what is paid
        exact = any(is_exact_number(part) for part in (*within, name))
        return MISSING if exact or stays_put(name, prop, received) else _bound(keyword, received, rule, prop)
    if keyword == "multipleOf":
        rounded = round_to_step(received, rule)
        near = rounded is not MISSING and received and abs(rounded - received) <= abs(received) * 0.005
        return rounded if near else float_noise(received, rule)
    if keyword == "uniqueItems" and isinstance(received, list):
        unique: list[Any] = []
        for item in received:
            if item not in unique:
                unique.append(item)
        return unique
    if keyword == "format":
        found = repair_format(received, str(rule))
        if found is MISSING and rule == "date-time":  # Unix seconds, unless the input is about a phone
            return epoch_date_time(received, f"{name} {prop.get('description') or ''}")
        return found
    if keyword == "pattern" and isinstance(received, str):
        return _pattern_fix(received, str(rule), prop, name)
    return MISSING  # lengths, item counts, dependencies: only the caller knows what to cut or add


def _split_list(value: Any, schema: Any) -> Any:
    """A list of strings of a format or pattern written as one string ("ann@example.org, bo@example.org"): its parts
    split at commas or semicolons and trimmed, when every part is an item as it is, and neither the whole string nor
    two parts joined by a space are (an item of several words may have held a comma: "Paris, France")."""
    items = schema.get("items") if isinstance(schema, dict) and "array" in _kinds(schema) else None
    if not isinstance(value, str) or not isinstance(items, dict) or not ({"format", "pattern"} & set(items)):
        return MISSING
    parts = [part.strip() for part in re.split(r"[,;]", value) if part.strip()]
    if len(parts) < 2 or _passes(value, items) or _passes(f"{parts[0]} {parts[1]}", items) or not all(_passes(p, items) for p in parts):
        return MISSING  # one value, or a part that is no item: which list was meant is not ours to say
    return parts


def _kinds(schema: dict[str, Any]) -> set[str]:
    kinds = schema.get("type")
    return {kinds} if isinstance(kinds, str) else set(kinds or ())


def _bound(keyword: str, received: Any, bound: Any, prop: dict[str, Any]) -> Any:
    """The bound a number overshot, on the same side of zero; for an exclusive bound only between whole numbers
    (0.01 above 0 is made up)."""
    if isinstance(received, bool) or not isinstance(received, (int, float)) or isinstance(bound, bool):
        return MISSING
    if (received < 0 <= bound) or (received > 0 >= bound):
        return MISSING  # -40 for a depth of at least 1 is a slip of sign, not a value a little too low
    if abs(received - bound) > _span(prop, bound):
        return MISSING  # 70 for at most 30 °C: another scale or unit (Fahrenheit, cents, grams), not a slip
    if keyword.startswith("exclusive"):
        if prop.get("type") != "integer" or not float(bound).is_integer() or received == bound:
            return MISSING  # on the excluded bound (a 0-minute event): the nearest value past it, 0.01 or 1, is made up
        return int(bound) + (1 if keyword == "exclusiveMinimum" else -1)
    return bound


def _numeric(schema: Any) -> bool:
    return isinstance(schema, dict) and bool({"number", "integer"} & _kinds(schema))


def _span(prop: dict[str, Any], bound: Any) -> float:
    """How far past a bound a number may be and still read as a slip: the width of the allowed range, or with one
    bound only, the bound's own size."""
    low = next((prop[k] for k in ("minimum", "exclusiveMinimum") if _is_number(prop.get(k))), None)
    high = next((prop[k] for k in ("maximum", "exclusiveMaximum") if _is_number(prop.get(k))), None)
    return float(high - low) if low is not None and high is not None else abs(float(bound))


def _owned_elsewhere(name: str, home: Any, node: dict[str, Any]) -> bool:
    """Whether another input than the object `home` holds `name` for another owner ("sender_name" beside
    recipient.name), so that the argument may be that one's."""
    target = home[0] if isinstance(home, tuple) else home
    key = norm(name)
    return any(p != target and norm(p).endswith(f"_{key}") for p in node.get("properties") or {})


def _none_counted(received: Any, own: dict[str, Any] | None) -> bool:
    """Whether the word "none" is sent for an input of numbers, where it is zero as often as nothing ("children":
    "none"); Python's "None" is its null, left out as before."""
    return isinstance(received, str) and received.strip() == "none" and bool(_kinds(own or {}) & {"integer", "number"})


def _names_a_version(name: str, prop: dict[str, Any]) -> bool:
    """Whether the input's name or description says it holds a version."""
    return "version" in f"{name} {prop.get('description') or ''}".lower()


_SECRET_WORDS = frozenset({"password", "passwd", "pwd", "passphrase", "passcode", "secret", "token", "apikey"})


def _names_a_secret(name: str) -> bool:
    """Whether an input's name says it holds a secret ("wifi_password", "client_secret", "api_key", "access_token")."""
    words = norm(name).split("_")
    return bool(_SECRET_WORDS & set(words)) or "api_key" in norm(name)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _pattern_fix(value: str, pattern: str, prop: dict[str, Any], name: str) -> Any:
    """The caller's value trimmed, re-cased or its parts joined by the one mark the pattern takes; or a
    currency/unit name as its code when the input is about currencies or units. Never another value."""
    if sides_in_doubt(value, f"{name} {prop.get('description', '')}"):
        return MISSING  # "1920 X 1080" for HEIGHTxWIDTH: 1920 high as the input says, or wide as sizes are written?
    stripped = value.strip()
    named = len(stripped) > 3 and stripped.isalpha() and stripped[0].isupper() and stripped[1:].islower()
    candidates = [stripped, stripped.lower()] if named else [stripped, stripped.upper(), stripped.lower()]  # Apple is no APPLE
    candidates = [stripped] if takes_both_cases(pattern) else candidates  # REFS/HEADS/MAIN only dodges (?!refs/)
    hyphened = with_hyphens(stripped, pattern)  # 1-3,5 written with an en dash
    candidates = [hyphened] if hyphened is not MISSING else candidates
    candidates = [stripped] if is_null_text(stripped) else candidates  # "null" is no code NULL: null or a code, two readings
    described = f"{name} {prop.get('description', '')}"
    about = described.lower()
    if "currenc" in about or "unit" in about:
        codes = [c for c in codes_for_name(stripped) if search(pattern, c)]
        candidates += codes if len(codes) == 1 else []
    if "countr" in about:  # "Germany" for a country's two-letter code
        country = country_code(stripped, pattern)
        candidates += [country] if country is not MISSING else []
    found = next((c for c in candidates if search(pattern, c)), MISSING)
    found = iso_duration(value, pattern) if found is MISSING else found  # "90 minutes" → PT1H30M
    found = designated(value, pattern) if found is MISSING else found  # "1H30M" → PT1H30M; not "1M"
    found = cron_text(value, pattern) if found is MISSING else found  # "@daily" → 0 0 * * *
    found = mac_address(value, pattern) if found is MISSING else found  # 3C-71-BF-4A-9E-02 → 3C:71:BF:4A:9E:02
    found = hex_colour(value, pattern, described) if found is MISSING else found  # "rgb(255, 136, 0)", "#f80" → #FF8800
    found = paired(value, pattern, described) if found is MISSING else found  # 1920 X 1080 → 1920x1080
    found = decimal_text(value, pattern) if found is MISSING else found  # "125" → 125.00
    found = one_joining(value, pattern) if found is MISSING else found  # "MATH 201" → MATH-201; not "needs triage"
    found = other_mark(value, pattern) if found is MISSING else found  # new-checkout → new_checkout
    if found is MISSING and ("languag" in about or "locale" in about):
        found = language_code(stripped, pattern)  # "German" for a language tag; last: "en_US" is en-US, not en
    found = with_leading_mark(value, pattern) if found is MISSING else found
    found = without_sigil(value, pattern, described) if found is MISSING else found  # $AAPL, #PRJ-0412, @dana
    found = url_path(value, pattern) if found is MISSING else found  # https://github.com/acme/api → acme/api
    found = bare_name(value, pattern) if found is MISSING else found  # s3://acme-logs → acme-logs
    found = without_label(value, pattern, described) if found is MISSING else found  # RRULE:FREQ=DAILY → FREQ=DAILY
    return clock_time(value, pattern, described) if found is MISSING else found


_PROPERTY_VALIDATORS: dict[int, tuple[dict[str, Any], Any]] = {}


def _property_validator(prop: dict[str, Any]) -> Any:
    """A detailed validator per property schema, compiled once (schemas live as long as their snapshot)."""
    cached = _PROPERTY_VALIDATORS.get(id(prop))
    if cached is None or cached[0] is not prop:
        if len(_PROPERTY_VALIDATORS) > 10_000:
            _PROPERTY_VALIDATORS.clear()
        cached = (prop, compile_detailed(prop))
        _PROPERTY_VALIDATORS[id(prop)] = cached
    return cached[1]


def _spells_a_value(text: str, prop: dict[str, Any] | None) -> bool:
    """Whether a text, as written or re-cased, is a value the input takes ("None" for an enum's member "none")."""
    text = text.strip()
    return any(_passes(spelt, prop) for spelt in (text, text.lower(), text.upper()))


def _passes(value: Any, prop: dict[str, Any] | None) -> bool:
    return prop is not None and _property_validator(prop).is_valid(value)


def _refine(value: Any, prop: dict[str, Any] | None, name: str) -> Any:
    """Re-check a repair against the whole property schema and repair what is left ("9" → 9 → the bound 4);
    MISSING unless the value ends up valid."""
    if value is MISSING or prop is None:
        return value
    validator = _property_validator(prop)
    for _round in range(4):
        error = next(iter(validator.iter_errors(value)), None)
        if error is None:
            return value
        inner = list(error.path)
        own = error.schema if isinstance(error.schema, dict) else {}
        better = _repair(str(error.validator), error, schema_at(prop, inner) or own if inner else prop, str(inner[-1]) if inner else name)
        if better is MISSING or better == error.instance:
            return MISSING
        if inner:
            value = copy.deepcopy(value)
            if not set_at(value, inner, better):
                return MISSING
        else:
            value = better
    return value if validator.is_valid(value) else MISSING


# ---------------------------------------------------------------------------------------------
# Entries


def _entry(tool: Descriptor, schema: dict[str, Any], finding: _Finding, fixed: dict[str, Any] | None) -> dict[str, Any]:
    """One finding as an envelope entry: its code, title, detail, expected conditions, solution and suggestions."""
    parameter = finding.parameter or None
    if fixed is not None and finding.keyword not in ("additionalProperties", "false"):
        final = get_at(fixed, finding.path)
        finding.value = final if final is not MISSING else finding.value
    failure = _tied_failure(tool, schema, finding)
    conditions = _conditions(finding, schema)
    context: dict[str, Any] = {
        "received": None if finding.keyword == "required" else clipped(finding.received),
        "expected": {"conditions": conditions},
        "validation_keyword": finding.keyword,
        "solution": _solution(finding, conditions, schema),
    }
    if fixed is not None:
        context["suggested_arguments"] = fixed
    code, title = (failure.code, None) if failure is not None else (Code.VALIDATION_ERROR, _(_TITLES.get(finding.keyword, _INVALID)))
    suggestion = None if finding.value is MISSING or finding.how == "unwrap" else finding.value
    if suggestion is not None and fixed is None and finding.keyword == "required" and not _passes(finding.value, schema_at(schema, finding.path)):
        suggestion = None  # filled by a rename or a move with a value that still fails: the call is not complete
    return build_entry(code, _detail(finding, parameter), tool.id, title=title, parameter=parameter, suggested_value=suggestion,
                       context=context, descriptor=tool)


def _tied_failure(tool: Descriptor, schema: dict[str, Any], finding: _Finding) -> Failure | None:
    """The declared failure the descriptor ties to this exact check, if any (never by the code's name)."""
    bare = re.sub(r"\[\d*\]", "", finding.parameter)
    for failure in tool.failures:
        if failure.parameter is not None and re.sub(r"\[\d*\]", "", failure.parameter) != bare:
            continue
        if failure.checks:
            if finding.keyword in failure.checks:
                return failure
        elif failure.parameter is not None and finding.keyword not in _SHAPE_CHECKS:
            return failure
    prop = schema_at(schema, finding.path) if finding.path and finding.keyword not in _SHAPE_CHECKS else None
    code = prop.get("x-failure") if prop else None
    if isinstance(code, str) and code:
        return tool.failure(code) or Failure.build(code=code)
    return None


def _dotted(path: list[Any]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _conditions(finding: _Finding, schema: dict[str, Any]) -> list[str]:
    if finding.keyword == "additionalProperties":
        node = schema_at(schema, finding.path[:-1]) if finding.path[:-1] else schema
        return [_("allowed arguments: {names}").format(names=_listed(list((node or {}).get("properties", {}) or {}), quoted=False))]
    prop = schema_at(schema, finding.path) if finding.path else None
    if prop is None and finding.keyword == "required" and finding.path:  # inside a oneOf branch: the property it declares
        prop = _own_property(finding.error, str(finding.path[-1])) or None
    described = _describe(prop if prop is not None else (finding.error.schema if isinstance(finding.error.schema, dict) else {}))
    return [_("required"), *described] if finding.keyword == "required" else described


def _describe(prop: dict[str, Any]) -> list[str]:
    out = []
    if "type" in prop:
        out.append(_("type: {type}").format(type=prop["type"] if isinstance(prop["type"], str) else _(" or ").join(prop["type"])))
    forms = union_forms(prop)
    if forms:
        if "type" not in prop and forms.kinds:
            out.append(_("type: {type}").format(type=_(" or ").join(forms.kinds)))
        if not set(forms.shapes) <= set(forms.kinds):  # (a nullable string's forms are its types)
            more = _(" … and {count} more").format(count=forms.more) if forms.more else ""
            out.append(_("one of the forms: {forms}").format(forms=" | ".join(forms.shapes)) + more)
    if "enum" in prop:
        out.append(_("one of: {values}").format(values=_listed(prop["enum"])))
    for key, label in _BOUNDS:
        if key in prop:
            out.append(_(label).format(bound=prop[key]))
    if prop.get("uniqueItems"):
        out.append(_("items unique"))
    if "format" in prop:
        out.append(f"format: {prop['format']}" + (f" ({_(_FORMS[prop['format']])})" if prop["format"] in _FORMS else ""))
    if "pattern" in prop:
        out.append(_("matches pattern: {pattern}").format(pattern=prop["pattern"]))
    if "const" in prop:
        out.append(_("equals: {value}").format(value=json.dumps(prop["const"], ensure_ascii=False)))
    return out


def _listed(values: Any, *, quoted: bool = True) -> str:
    """Allowed values (as JSON, or names as they are), at most MAX_LISTED of them, then how many more there are."""
    values = list(values) if isinstance(values, (list, tuple)) else [values]
    shown = ", ".join(json.dumps(v, ensure_ascii=False) if quoted else str(v) for v in values[:MAX_LISTED])
    if len(values) <= MAX_LISTED:
        return shown
    return shown + _(" … and {count} more").format(count=len(values) - MAX_LISTED)


def _detail(finding: _Finding, parameter: str | None) -> str:
    keyword, error = finding.keyword, finding.error
    if keyword == "required":
        return _("The required argument {parameter} is missing.").format(parameter=repr(parameter))
    if keyword == "additionalProperties":
        return _("The tool has no argument {parameter}.").format(parameter=repr(parameter))
    if keyword == "false":
        return _("The argument {parameter} cannot be sent with the other arguments: the input schema leaves it out in this case.").format(
            parameter=repr(parameter))
    received = json.dumps(error.instance, ensure_ascii=False, default=str)
    if len(received) > 80:
        received = received[:77] + "..."
    expectation = _expectation(keyword, error.validator_value)
    if expectation is None:
        message = error.message if len(error.message) <= 300 else error.message[:297] + "..."
        return _("Argument {parameter}: {message}").format(parameter=repr(parameter or "(arguments)"), message=message)
    return _("Argument {parameter} {expectation} (received {received}).").format(parameter=repr(parameter), expectation=expectation,
                                                                                  received=received)


def _expectation(keyword: str, bound: Any) -> str | None:
    if keyword == "enum" and isinstance(bound, list):
        return _("must be one of {values}").format(values=", ".join(json.dumps(v, ensure_ascii=False) for v in bound)[:200])
    templates = {
        "type": N_("must be of type {bound}"), "minimum": N_("must be >= {bound}"), "maximum": N_("must be <= {bound}"),
        "exclusiveMinimum": N_("must be > {bound}"), "exclusiveMaximum": N_("must be < {bound}"),
        "multipleOf": N_("must be a multiple of {bound}"), "minLength": N_("must be at least {bound} characters long"),
        "maxLength": N_("must be at most {bound} characters long"), "minItems": N_("must have at least {bound} items"),
        "maxItems": N_("must have at most {bound} items"), "format": N_("must be a valid {bound}"),
        "pattern": N_("must match the pattern {bound}"),
    }
    if keyword == "const":
        return _("must equal {value}").format(value=json.dumps(bound, ensure_ascii=False))
    if keyword == "uniqueItems":
        return _("must not repeat an item")
    return _(templates[keyword]).format(bound=bound) if keyword in templates else None


def _solution(finding: _Finding, conditions: list[str], schema: dict[str, Any]) -> str:
    """What to do, in one sentence: the fix, or what is expected and who must supply it."""
    parameter = finding.parameter
    if finding.keyword == "additionalProperties":
        if finding.how == "move":
            return _("Move the argument {parameter} into {owner}: send it as {path}.").format(
                parameter=repr(parameter), owner=repr(str(finding.value).rsplit(".", 1)[0]), path=repr(finding.value))
        if finding.how == "unwrap" and len(finding.path) == 1:
            return _("Send what {parameter} holds ({names}) as the arguments themselves, without {parameter} around them.").format(
                parameter=repr(parameter), names=", ".join(finding.value))
        if finding.how == "unwrap":
            return _("Send what {parameter} holds ({names}) directly in {owner}.").format(
                parameter=repr(parameter), names=", ".join(finding.value), owner=repr(_dotted(finding.path[:-1])))
        if finding.value is not MISSING:
            return _("Rename the argument {parameter} to {name}.").format(parameter=repr(parameter), name=repr(finding.value))
        if finding.dropped:
            return _("Leave out the argument {parameter}: it is null and the tool has no such input.").format(parameter=repr(parameter))
        return _("The tool has no argument {parameter}; {allowed}. Leave it out only if the call still does what the user asked.").format(
            parameter=repr(parameter), allowed=conditions[0])
    if finding.dropped:
        return _("Leave out the argument {parameter}: it is optional, and null is not one of its values.").format(parameter=repr(parameter))
    if finding.value is not MISSING:
        value = json.dumps(finding.value, ensure_ascii=False, default=str)
        if (finding.keyword == "type" and isinstance(finding.received, str) and isinstance(finding.value, (dict, list))
                and finding.received.strip().startswith(("[", "{"))):
            return _("Send {parameter} as the JSON value itself, not a string holding it: {parameter}: {value}.").format(
                parameter=repr(parameter), value=value)
        if finding.keyword == "required":
            return _("Add {parameter} = {value}.").format(parameter=repr(parameter), value=value)
        return _("Set {parameter} = {value}.").format(parameter=repr(parameter), value=value)
    if finding.keyword == "false":
        return _("Leave out {parameter}, or change the argument that decides this case.").format(parameter=repr(parameter))
    required = _("required")
    expected = "; ".join(c for c in conditions if c != required) or _("see the input schema")
    hint = _format_hint(finding)
    if hint:
        return hint
    if is_personal(parameter.split(".")[-1].split("[")[0], schema_at(schema, finding.path)):
        return _("Ask the user for {parameter} ({expected}): it cannot be guessed.").format(parameter=repr(parameter), expected=expected)
    if finding.keyword == "required":
        return _("Add the argument {parameter} ({expected}).").format(parameter=repr(parameter), expected=expected)
    return _("Change {parameter} so that it meets: {expected}.").format(parameter=repr(parameter), expected=expected)


def _format_hint(finding: _Finding) -> str | None:
    """Why a date or time the caller wrote has no suggestion: its reading is ambiguous, which only the user can settle."""
    received, rule = finding.received, finding.error.validator_value
    duration = rule == "duration" or (finding.keyword == "pattern" and isinstance(rule, str) and is_duration_pattern(rule))
    readings = designator_readings(received) if duration and finding.keyword in ("format", "pattern") else []
    if len(readings) > 1:
        return _("Write {parameter} as the ISO 8601 duration the user means: {received} reads as {readings} (M is months "
                 "before T, minutes after it).").format(parameter=repr(finding.parameter), received=repr(received),
                                                        readings=_(" or ").join(readings))
    if finding.keyword != "format" or not isinstance(received, str):
        return None
    numeric = re.fullmatch(r"\s*(\d{1,2})[/-](\d{1,2})[/-](\d{4})\s*", received)
    if rule == "date" and numeric and int(numeric[1]) <= 12 and int(numeric[2]) <= 12:
        return _("Write {parameter} as YYYY-MM-DD: {received} reads as day/month or as month/day; use the one the user means.").format(
            parameter=repr(finding.parameter), received=repr(received))
    if rule == "date-time" and re.fullmatch(r"\s*\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*", received):
        return _("Add to {parameter} the UTC offset the user means (e.g. {example}+02:00, or Z for UTC): without it the time "
                 "is ambiguous.").format(parameter=repr(finding.parameter), example=received.strip().replace(" ", "T"))
    clock = re.fullmatch(r"\s*(\d{1,2}):(\d{2})(:\d{2}(\.\d+)?)?\s*", received)
    if rule == "time" and clock:
        example = f"{int(clock[1]):02d}:{clock[2]}{clock[3] or ':00'}"
        return _("Add to {parameter} the UTC offset the user means (e.g. {example}+02:00, or Z for UTC): without it the time "
                 "is ambiguous.").format(parameter=repr(finding.parameter), example=example)
    return None
