"""Self-correction: how many wrong calls of the corpus succeed on one retry with the envelope's suggested_arguments.

    python -m bench.self_correction [--quick] [--cases] [--corpus first|blind|blind3|blind4|blind5|blind6|blind7|blind8]

Every case of `bench/wrong_calls.py` (or, with `--corpus blind`, of `bench/wrong_calls_blind.py`; with `--corpus blind3`,
of `bench/wrong_calls_blind3.py`; with `--corpus blind4`, of `bench/wrong_calls_blind4.py`; with
`--corpus blind5`, of `bench/wrong_calls_blind5.py`; with `--corpus blind6`, of `bench/wrong_calls_blind6.py`; with
`--corpus blind7`, of `bench/wrong_calls_blind7.py`; with `--corpus blind8`, of `bench/wrong_calls_blind8.py`) is sent
through the
SDK's in-memory client; the envelope is read from the result's first text block (what every client sees). Each case ends in one of:
- corrected: `suggested_arguments` equal the call the agent meant (schema defaults filled in on both sides) and the
  retry with them succeeds;
- wrong suggestion: the suggested arguments, or an entry's `suggested_value`, say something else than the call the
  agent meant (a valid call that does the wrong thing, or invented data);
- retry failed: the suggestion matches the intent but the retry still fails;
- not corrected: no suggestion (the envelope says what is expected, the agent must ask or decide).
A wrong call the server runs as it is (no error) counts as corrected only when what ran is the call the agent meant: a
null sent for an optional input whose type refuses null is left out and the call runs (atdf_mcp.optional_nulls, which
names what it left out in the result's `_meta`), as an agent's retry without the null would have done. Any other call
that runs is "not an error": a wrong call that ran.
Misleading codes: entries of an argument error that carry a declared business code the descriptor never tied to that
check (a missing `depth` reported as `invalid_depth`).

The self-correction rate is corrected / all cases. This is a measurement of behaviour, not of time: `--quick` runs
the same corpus.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import importlib
import json
import re
import sys
from collections import Counter
from typing import Any

import anyio
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.inner_call import ARGUMENTS_META_KEY
from atdf_mcp.server import build_server

from .wrong_calls import CASES, CATALOGUES, V, WrongCall

CORPORA = {"first": "bench.wrong_calls", "blind": "bench.wrong_calls_blind", "blind3": "bench.wrong_calls_blind3",
           "blind4": "bench.wrong_calls_blind4", "blind5": "bench.wrong_calls_blind5", "blind6": "bench.wrong_calls_blind6",
           "blind7": "bench.wrong_calls_blind7", "blind8": "bench.wrong_calls_blind8"}
OUTCOMES = ("corrected", "wrong suggestion", "retry failed", "not corrected")


def _defaults(schema: dict[str, Any]) -> dict[str, Any]:
    props = schema.get("properties") or {}
    return {name: prop["default"] for name, prop in props.items() if isinstance(prop, dict) and "default" in prop}


def _meaning(arguments: dict[str, Any] | None, defaults: dict[str, Any]) -> dict[str, Any] | None:
    """The call as the tool understands it: defaults filled in, explicit nulls dropped."""
    if arguments is None:
        return None
    return {**defaults, **{k: v for k, v in arguments.items() if v is not None}}


def _without(arguments: dict[str, Any], paths: list[str]) -> dict[str, Any]:
    """`arguments` without the inputs at these dotted paths: the call the server ran after leaving them out."""
    ran = copy.deepcopy(arguments)
    for path in paths:
        *parents, last = path.split(".")
        node = ran
        for part in parents:
            node = node[part]
        node.pop(last, None)
    return ran


def _at(value: Any, path: str) -> Any:
    """The value at a dotted path with [n] indices (`items[0].quantity`), or KeyError."""
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        value = value[int(part[1:-1])] if part.startswith("[") else value[part]
    return value


def _same(meant: Any, suggested: str) -> bool:
    """Whether a string suggested_value says the intended value (20.0 and 20 are the same number)."""
    if isinstance(meant, str):
        return meant == suggested
    try:
        return bool(json.loads(suggested) == meant)
    except ValueError:
        return False


def _wrong_values(errors: list[dict[str, Any]], intended: dict[str, Any] | None) -> list[str]:
    """Entries whose suggested_value is not what the agent meant for that parameter (renames excepted)."""
    wrong = []
    for entry in errors:
        value, parameter = entry.get("suggested_value"), entry.get("parameter_name")
        context = entry.get("context") or {}
        if value is None or not parameter or context.get("validation_keyword") == "additionalProperties":
            continue
        try:
            meant = _at(intended, parameter) if intended is not None else None
        except (KeyError, IndexError, TypeError):
            meant = None
        if meant is None or not _same(meant, value):
            wrong.append(f"{parameter}={value}")
    return wrong


async def _case(client: Client, case: WrongCall, defaults: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool(case.tool, case.arguments)
    row: dict[str, Any] = {"name": case.name, "tool": case.tool, "check": case.check}
    if not result.is_error:
        left_out = ((result.meta or {}).get(ARGUMENTS_META_KEY) or {}).get("left_out") or []
        meant = left_out and _meaning(_without(case.arguments, left_out), defaults) == _meaning(case.intended, defaults)
        return {**row, "outcome": "corrected" if meant else "not an error", "suggested": None, "left_out": left_out}
    envelope = json.loads(result.content[0].text)
    errors = envelope["errors"]
    allowed = {case.code, V, *case.codes.values()}
    row["codes"] = [e.get("code") for e in errors]
    row["misleading_code"] = any(code not in allowed for code in row["codes"]) or case.code not in row["codes"]
    suggested = (errors[0].get("context") or {}).get("suggested_arguments")
    row["suggested"] = suggested
    row["wrong_values"] = _wrong_values(errors, _meaning(case.intended, defaults))
    if suggested is None:
        row["outcome"] = "wrong suggestion" if row["wrong_values"] else "not corrected"
        return row
    same = _meaning(suggested, defaults) == _meaning(case.intended, defaults)
    retry = await client.call_tool(case.tool, suggested)
    if not same or row["wrong_values"]:
        row["outcome"] = "wrong suggestion"
    else:
        row["outcome"] = "corrected" if not retry.is_error else "retry failed"
    return row


def corpus(name: str) -> tuple[tuple[WrongCall, ...], dict[str, Any]]:
    """A corpus's cases and catalogues by its name (`first`, `blind`, `blind3` … `blind8`)."""
    module = importlib.import_module(CORPORA[name])
    return module.CASES, module.CATALOGUES


async def run_corpus(cases: tuple[WrongCall, ...] = CASES, catalogues: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Every case's outcome, in corpus order; each case goes to the catalogue that serves its tool."""
    rows: list[dict[str, Any]] = []
    clients: dict[str, Client] = {}
    defaults: dict[str, dict[str, Any]] = {}
    async with contextlib.AsyncExitStack() as stack:
        for path in (catalogues or CATALOGUES).values():
            client = await stack.enter_async_context(Client(build_server(load_catalog(path))))
            for tool in (await client.list_tools()).tools:
                clients.setdefault(tool.name, client)
                defaults.setdefault(tool.name, _defaults(tool.input_schema))
        for case in cases:
            rows.append(await _case(clients[case.tool], case, defaults.get(case.tool, {})))
    return rows


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts per outcome, the self-correction rate and the wrong suggestions by name."""
    counts = Counter(row["outcome"] for row in rows)
    total = len(rows)
    return {
        "cases": total,
        "outcomes": {name: counts.get(name, 0) for name in (*OUTCOMES, "not an error")},
        "self_correction_rate": round(counts.get("corrected", 0) / total, 3) if total else 0.0,
        "wrong_suggestions": counts.get("wrong suggestion", 0),
        "wrong": [row["name"] for row in rows if row["outcome"] == "wrong suggestion"],
        "misleading_codes": [row["name"] for row in rows if row.get("misleading_code")],
        "checks": sorted({row["check"] for row in rows}),
    }


def run(quick: bool = False) -> dict[str, Any]:
    """Run the corpus; the rate and the wrong suggestions as table rows."""
    rows = anyio.run(run_corpus)
    summary = summarise(rows)
    print_summary(summary)
    rate, wrong = summary["self_correction_rate"], summary["wrong_suggestions"]
    summary["ratios"] = [
        {"measurement": f"self-correction: {summary['outcomes']['corrected']} of {summary['cases']} wrong calls succeed on one retry",
         "atdf": f"{rate:.0%}", "reference": "", "ratio": None, "target": "", "status": "info"},
        {"measurement": "wrong suggestions (valid but not what the agent meant, or invented data)", "atdf": str(wrong),
         "reference": "", "ratio": None, "target": "0", "status": "pass" if wrong == 0 else "MISS"},
        {"measurement": "misleading codes (a declared failure code on an argument error it is not tied to)",
         "atdf": str(len(summary["misleading_codes"])), "reference": "", "ratio": None, "target": "0",
         "status": "pass" if not summary["misleading_codes"] else "MISS"},
    ]
    summary["rows"] = rows
    return summary


def print_summary(summary: dict[str, Any], rows: list[dict[str, Any]] | None = None) -> None:
    """The counts, the rate, and every wrong suggestion and misleading code by case name."""
    o = summary["outcomes"]
    print(f"wrong-call corpus: {summary['cases']} cases over {len(summary['checks'])} kinds of check")
    print(f"  corrected {o['corrected']}, wrong suggestion {o['wrong suggestion']}, retry failed {o['retry failed']}, "
          f"not corrected {o['not corrected']}, not an error {o['not an error']}")
    print(f"  self-correction rate {summary['self_correction_rate']:.1%}; wrong suggestions {summary['wrong_suggestions']}; "
          f"misleading codes {len(summary['misleading_codes'])}")
    for name in summary["wrong"]:
        print(f"  wrong suggestion: {name}")
    for name in summary["misleading_codes"]:
        print(f"  misleading code: {name}")
    for row in rows or ():
        print(f"  {row['outcome']:16} {row['name']:48} {json.dumps(row.get('suggested'), ensure_ascii=False)[:90]}"
              + (f"  values: {row['wrong_values']}" if row.get("wrong_values") else ""))


def main(argv: list[str] | None = None) -> int:
    """Run and print."""
    parser = argparse.ArgumentParser(prog="python -m bench.self_correction", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the same corpus (there is nothing to shorten)")
    parser.add_argument("--cases", action="store_true", help="also print every case's outcome and suggestion")
    parser.add_argument("--corpus", choices=sorted(CORPORA), default="first",
                        help="first: bench/wrong_calls.py; blind, blind3 … blind7: bench/wrong_calls_blind.py, "
                             "bench/wrong_calls_blind3.py … bench/wrong_calls_blind7.py, each written before it was run")
    args = parser.parse_args(argv)
    rows = anyio.run(run_corpus, *corpus(args.corpus))
    print_summary(summarise(rows), rows if args.cases else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
