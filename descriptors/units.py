"""The unit converter, bound in atdf-mcp.yaml (`units:convert`): its ATDF 1.x descriptor cannot carry a handler.

ATDF 1.x cannot declare enumerations either, so the known units are checked here: an unknown or
miscased unit raises the declared UNKNOWN_UNIT failure with the nearest known unit as suggestion.
"""

from __future__ import annotations

import math
from typing import Any

from atdf_mcp import ToolError

from .demo_support import closest

# unit → (dimension, factor to the dimension's base unit); temperatures are converted by formula.
UNITS: dict[str, tuple[str, float]] = {
    "mm": ("length", 0.001), "cm": ("length", 0.01), "m": ("length", 1.0), "km": ("length", 1000.0),
    "in": ("length", 0.0254), "ft": ("length", 0.3048), "yd": ("length", 0.9144), "mi": ("length", 1609.344),
    "g": ("mass", 0.001), "kg": ("mass", 1.0), "t": ("mass", 1000.0), "oz": ("mass", 0.028349523125), "lb": ("mass", 0.45359237),
    "ml": ("volume", 0.001), "l": ("volume", 1.0), "gal": ("volume", 3.785411784),
    "m/s": ("speed", 1.0), "km/h": ("speed", 1 / 3.6), "mph": ("speed", 0.44704), "kn": ("speed", 1852 / 3600),
    "C": ("temperature", 1.0), "F": ("temperature", 1.0), "K": ("temperature", 1.0),
}
ALIASES: dict[str, str] = {
    "millimeter": "mm", "millimetre": "mm", "centimeter": "cm", "centimetre": "cm", "meter": "m", "metre": "m",
    "kilometer": "km", "kilometre": "km", "inch": "in", "inches": "in", "foot": "ft", "feet": "ft", "yard": "yd",
    "mile": "mi", "gram": "g", "kilogram": "kg", "kilo": "kg", "tonne": "t", "ounce": "oz", "pound": "lb", "lbs": "lb",
    "milliliter": "ml", "millilitre": "ml", "liter": "l", "litre": "l", "gallon": "gal", "kph": "km/h", "knot": "kn",
    "celsius": "C", "°c": "C", "fahrenheit": "F", "°f": "F", "kelvin": "K",
}
ABSOLUTE_ZERO = {"C": -273.15, "F": -459.67, "K": 0.0}


def convert(value: float, from_unit: str, to_unit: str) -> dict[str, Any]:
    """Convert a value between two units of the same dimension (length, mass, volume, speed, temperature)."""
    for parameter, unit in (("from_unit", from_unit), ("to_unit", to_unit)):
        if unit not in UNITS:
            suggestion = known_unit(unit)
            raise ToolError("UNKNOWN_UNIT", f"{unit!r} is not a known unit" + (f"; did you mean {suggestion!r}?" if suggestion else "."),
                            parameter=parameter, suggested_value=suggestion, context={"known_units": list(UNITS)})
    dimension, to_dimension = UNITS[from_unit][0], UNITS[to_unit][0]
    if dimension != to_dimension:
        compatible = [u for u, (d, _) in UNITS.items() if d == dimension]
        raise ToolError("INCOMPATIBLE_UNITS", f"Cannot convert {dimension} ({from_unit}) to {to_dimension} ({to_unit}).",
                        parameter="to_unit", context={"compatible_units": compatible,
                                                      "solution": f"Choose to_unit among the {dimension} units: {', '.join(compatible)}."})
    if dimension == "temperature":
        if value < ABSOLUTE_ZERO[from_unit]:
            raise ToolError("BELOW_ABSOLUTE_ZERO", f"{value} {from_unit} is below absolute zero ({ABSOLUTE_ZERO[from_unit]} {from_unit}).",
                            parameter="value", suggested_value=ABSOLUTE_ZERO[from_unit])
        result = _from_kelvin(_to_kelvin(value, from_unit), to_unit)
    else:
        try:
            result = value * UNITS[from_unit][1] / UNITS[to_unit][1]
        except OverflowError:  # an integer beyond the largest float
            result = math.inf
    if not math.isfinite(result):
        raise ToolError("OUT_OF_RANGE", f"{from_unit} to {to_unit}: the value is too large to convert.", parameter="value",
                        context={"solution": "Convert a value below 1e300 (split it, or use a larger unit)."})
    result = float(f"{result:.6g}")
    return {"value": value, "from_unit": from_unit, "to_unit": to_unit, "result": result, "dimension": dimension,
            "formatted": f"{value:g} {from_unit} = {result:g} {to_unit}"}


def known_unit(text: str) -> str | None:
    """The known unit `text` most likely means: an alias or plural, another case, or the closest spelling."""
    key = text.strip().lower()
    for candidate in (key, key.rstrip("s"), key.removesuffix("es")):
        if candidate in ALIASES:
            return ALIASES[candidate]
    return closest(text, list(UNITS))


def _to_kelvin(value: float, unit: str) -> float:
    """A temperature in C, F or K, in kelvin."""
    return {"C": value + 273.15, "F": (value + 459.67) * 5 / 9, "K": value}[unit]


def _from_kelvin(value: float, unit: str) -> float:
    """A temperature in kelvin, in C, F or K."""
    return {"C": value - 273.15, "F": value * 9 / 5 - 459.67, "K": value}[unit]
