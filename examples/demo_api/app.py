"""The demo API: weather forecasts, currency conversion, trip notes and a review-sentiment model.

Its errors are the kinds atdf-mcp turns into envelopes: an ATDF `errors[]` body (unknown city), a
declared failure code in a JSON body (unsupported currency, unknown note), 401 without the demo key,
422 (FastAPI-style `detail[].loc`). State (the notes) lives in memory; N-0001 and N-0002 exist from the start.
"""

from __future__ import annotations

import datetime as dt
import difflib
import itertools
import os
import re
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

__all__ = ["DEFAULT_PORT", "build_app"]

DEFAULT_PORT = 8765
DEFAULT_KEY = "demo-key"

CITIES: dict[str, tuple[float, str]] = {  # city → (typical °C, country)
    "Madrid": (24.0, "ES"), "Barcelona": (22.0, "ES"), "Lisbon": (21.0, "PT"), "Paris": (17.0, "FR"), "London": (14.0, "GB"),
    "Rome": (23.0, "IT"), "Berlin": (15.0, "DE"), "New York": (18.0, "US"), "Mexico City": (19.0, "MX"), "Lima": (20.0, "PE"),
    "Tokyo": (19.0, "JP"), "São Paulo": (23.0, "BR"),
}
CONDITIONS = ("sunny", "partly cloudy", "cloudy", "light rain", "sunny", "windy", "showers")
RATES = {"EUR": 1.0, "USD": 1.08, "GBP": 0.85, "JPY": 162.0, "MXN": 18.5, "PEN": 4.05, "CHF": 0.95, "BRL": 5.4}
CURRENCY_NAMES = {"EUR": "Euro", "USD": "US dollar", "GBP": "Pound sterling", "JPY": "Japanese yen", "MXN": "Mexican peso",
                  "PEN": "Peruvian sol", "CHF": "Swiss franc", "BRL": "Brazilian real"}
POSITIVE = {"great", "excellent", "amazing", "clean", "friendly", "comfortable", "perfect", "lovely", "quiet", "helpful", "good",
            "genial", "excelente", "limpio", "amable"}
NEGATIVE = {"dirty", "noisy", "rude", "broken", "terrible", "awful", "bad", "late", "cold", "smelly", "small", "sucio", "ruidoso", "malo"}


def build_app() -> Starlette:
    """A fresh demo API (its own notebook, holding the two sample notes the descriptors' examples read)."""
    notes: dict[str, dict[str, Any]] = {
        "N-0001": {"id": "N-0001", "trip": "Madrid June", "text": "Hotel confirmation HR-1A2B3C4D", "created_at": "2030-05-01T09:00:00Z"},
        "N-0002": {"id": "N-0002", "trip": "default", "text": "Prefers aisle seats", "created_at": "2030-05-02T09:00:00Z"},
    }
    numbers = itertools.count(len(notes) + 1)

    async def health(request: Request) -> Response:
        return JSONResponse({"status": "ok"})

    async def weather(request: Request) -> Response:
        name = request.path_params["city"]
        city = next((c for c in CITIES if c.lower() == name.strip().lower()), None)
        if city is None:
            close = difflib.get_close_matches(name.title(), list(CITIES), n=1, cutoff=0.5)
            return JSONResponse({"status": "error", "errors": [{
                "type": "https://demo.atdf-mcp.dev/errors/unknown-city", "title": "Unknown city", "code": "UNKNOWN_CITY",
                "detail": f"There is no forecast for {name!r}.", "instance": f"/weather/{name}", "tool_name": "demo-api",
                "parameter_name": "city", "suggested_value": close[0] if close else None,
                "context": {"known_cities": sorted(CITIES)},
            }]}, status_code=404)
        days = _int(request.query_params.get("days"), 3)
        if not 1 <= days <= 7:
            return JSONResponse({"message": "days must be between 1 and 7", "parameter": "days"}, status_code=422)
        imperial = request.query_params.get("units") == "imperial"
        typical, country = CITIES[city]
        today = dt.date.today()
        forecast = []
        for offset in range(days):
            celsius = typical + (sum(map(ord, city)) + offset * 7) % 6 - 2
            forecast.append({"date": (today + dt.timedelta(days=offset)).isoformat(),
                             "condition": CONDITIONS[(len(city) + offset) % len(CONDITIONS)],
                             "high": round(celsius * 9 / 5 + 32 if imperial else celsius, 1),
                             "low": round((celsius - 8) * 9 / 5 + 32 if imperial else celsius - 8, 1)})
        return JSONResponse({"city": city, "country": country, "units": "imperial" if imperial else "metric", "forecast": forecast})

    async def currencies(request: Request) -> Response:
        return JSONResponse([{"code": code, "name": CURRENCY_NAMES[code]} for code in RATES])

    async def convert(request: Request) -> Response:
        params = request.query_params
        source, target = params.get("from", "").upper(), params.get("to", "").upper()
        for parameter, code in (("from", source), ("to", target)):
            if code not in RATES:
                return JSONResponse({"code": "UNSUPPORTED_CURRENCY", "parameter": parameter,
                                     "message": f"{code or '(empty)'} is not a supported currency; supported: {', '.join(RATES)}"},
                                    status_code=422)
        try:
            amount = float(params.get("amount", "1"))
        except ValueError:
            return JSONResponse({"message": "amount must be a number", "parameter": "amount"}, status_code=400)
        if amount < 0:
            return JSONResponse({"message": "amount must not be negative", "parameter": "amount"}, status_code=400)
        rate = RATES[target] / RATES[source]
        return JSONResponse({"from": source, "to": target, "amount": amount, "rate": round(rate, 6), "result": round(amount * rate, 2)})

    async def create_note(request: Request) -> Response:
        if request.headers.get("x-demo-key") != os.environ.get("ATDF_DEMO_API_KEY", DEFAULT_KEY):
            return JSONResponse({"message": "missing or wrong X-Demo-Key header"}, status_code=401)
        try:
            body = await request.json()
        except ValueError:
            body = None
        if not isinstance(body, dict) or not str(body.get("text") or "").strip():
            return JSONResponse({"detail": [{"loc": ["body", "text"], "msg": "text must not be empty", "type": "value_error"}]},
                                status_code=422)
        note = {"id": f"N-{next(numbers):04d}", "trip": str(body.get("trip") or "default"), "text": str(body["text"]),
                "created_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")}
        notes[note["id"]] = note
        return JSONResponse(note, status_code=201)

    async def get_note(request: Request) -> Response:
        note = notes.get(request.path_params["note_id"])
        if note is None:
            return JSONResponse({"code": "NOTE_NOT_FOUND", "message": f"no note {request.path_params['note_id']!r}"}, status_code=404)
        return JSONResponse(note)

    async def sentiment(request: Request) -> Response:
        try:
            body = await request.json()
        except ValueError:
            body = None
        text = body.get("text") if isinstance(body, dict) else None
        if not isinstance(text, str) or not text.strip():
            return JSONResponse({"message": "text must be a non-empty string", "parameter": "text"}, status_code=422)
        words = re.findall(r"\w+", text.lower())
        good = [w for w in words if w in POSITIVE]
        bad = [w for w in words if w in NEGATIVE]
        score = (len(good) - len(bad)) / max(len(good) + len(bad), 1)
        label = "positive" if score > 0.2 else "negative" if score < -0.2 else "neutral"
        return JSONResponse({"label": label, "score": round(score, 3), "positive_words": good, "negative_words": bad})

    routes = [
        Route("/health", health),
        Route("/weather/{city}", weather),
        Route("/currencies", currencies),
        Route("/currencies/convert", convert),
        Route("/notes", create_note, methods=["POST"]),
        Route("/notes/{note_id}", get_note),
        Route("/models/review-sentiment", sentiment, methods=["POST"]),
    ]
    return Starlette(routes=routes)


def _int(value: str | None, default: int) -> int:
    try:
        return int(value) if value is not None else default
    except ValueError:
        return -1
