"""The seventh blind wrong-call corpus: wrong calls on tools for maps, media, data queries, devices and language
models, written before any run.

Its own catalogue, `bench/corpus_blind7/` (13 tools: reverse geocoding, a place search in a bounding box, GeoJSON
geofences; image resizing and video transcoding; a table query and raw SQL; a thermostat, a smart light, a field
device's network settings and a sensor's readings; a chat completion and text embeddings), in every dialect: MCP tool
lists (bare and under "tools"), OpenAI functions, ATDF 1.x (types only, every input required), ARDF, ATDF 2.x in JSON
and YAML, OpenAkita. None of these domains is in the six earlier corpora, whose 1,208 cases are mostly type (406), enum
(271), pattern (123) and additionalProperties (116) slips, with few of the checks these APIs lean on: multipleOf (10),
exclusiveMinimum (5), const (4), anyOf (4), minItems (3), maxItems (2), enum of numbers (2), format ipv6 (1) and
hostname (1). This one is weighted toward those, and toward values written with a unit, a sign or another notation
(°C, %, px, kHz, Mbps, 1920 by 1080 with a times sign, rgb(), 16/9, MAC addresses with dashes, "v2.4.1", "created_at DESC"), as public
threads report them:
- coordinates and bounding boxes as text, or in the other order: sat-utils/sat-api#151 ("Handle bbox passed as
  string"), cugos/bboxfinder.com#28 (a bbox pasted as "xMin,yMin,xMax,yMax" without brackets), alexreisner/geocoder#260
  (longitudes passed as strings), mapmath.dev/chapters/geojson ("the lon/lat trap": GeoJSON is [lon, lat], most map
  APIs lat, lon);
- sampling parameters out of range or as text: ventz/easy-llms#2 (temperature above what the model takes),
  dataprofessor/llama2#9 (the range of temperature misread);
- stop sequences as one comma-separated string: Vali-98/ChatterUI#56 ("separate them with `,`… it hinges on `,`
  never being used in the stop sequence");
- a page size or limit as a string: DBCDK/serviceprovider#279 ("limit as a string"), Aristotle-Metadata-Enterprises/
  django-data-interrogator#43 ("Limit must be a number");
and the rest as agents write them for these APIs: "lat,lon" in one string, {"lat", "lon"} where GeoJSON wants a
position, an unclosed polygon ring, a Feature for a geometry; 1080p for a size, 48kHz, 5 Mbps, 30fps; "#fff",
"rgb(255, 136, 0)", a colour name; °F for °C, 0.6 for 60 %, 0 to 255 for a percentage, mireds for kelvin; an IP address
with its prefix length or port, a URL for a host name; SQL text for a filter list, "gt" and "==" for operators;
"bot" and "human" for roles, content as parts, one message object for the list; model names shortened or dated.

`intended` says whether exactly one correction is right, judged before any run: None when no valid call says what
the agent meant (a bound crossed, a unit whose size is disputed — 2MB is 2,000,000 or 2,097,152 bytes —, a step the
value does not fall on, a value the enum does not hold, a pair whose order is not said); otherwise the call the agent
meant. Where the meaning is known to the corpus but not to the server (Sydney's latitude and longitude swapped, 0.6 for
60 %, 153 of 255 for 60 %, a colour's CSS name, 5,000,000 bits per second for 5,000 kbps, a timeout in milliseconds
under a name in seconds), `intended` holds that meaning, so a suggestion that picks another reading (a bound, the
value unconverted) is counted as wrong; such a case is right only when nothing is suggested or the suggestion is that
meaning.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .wrong_calls import _DROP, WrongCall, _with

CATALOGUES = {"corpus_blind7": Path(__file__).resolve().parent / "corpus_blind7"}

RG = {"lat": 48.8584, "lon": 2.2945}
SYDNEY = {"lat": -33.8688, "lon": 151.2093}
BBOX = [2.29, 48.85, 2.31, 48.87]
SA = {"bbox": BBOX}
POINT = {"type": "Point", "coordinates": [2.2945, 48.8584], "radius_m": 200}
GF = {"name": "eiffel-tower", "geometry": POINT}
RING = [[2.29, 48.85], [2.31, 48.85], [2.31, 48.87], [2.29, 48.85]]
POLY = {"type": "Polygon", "coordinates": [RING]}
GFP = {"name": "champ-de-mars", "geometry": POLY}
URL = "https://cdn.example.com/photos/beach.jpg"
IMG = {"url": URL, "width": 1920, "height": 1080}
TV = {"source": "https://cdn.example.com/raw/keynote.mov", "resolution": "1920x1080"}
SR = {"sensor_id": "sen_a1b2c3d4", "metric": "temperature", "value": 21.5, "unit": "celsius"}
HUM = {**SR, "metric": "humidity", "value": 48.0, "unit": "percent"}
MAC = "3C:71:BF:4A:9E:02"
TH = {"device_mac": MAC, "target_celsius": 21.5}
DEV = {"device_id": "dev-004217"}
LIGHT = {"light_id": "light.living_room"}
QT = {"table": "orders", "columns": ["id", "total"]}
PAID = {"column": "status", "op": "=", "value": "paid"}
OVER = {"column": "total", "op": ">", "value": 100}
NEWEST = {"column": "created_at", "direction": "desc"}
SQL = {"query": "SELECT id, total FROM orders", "database": "analytics", "max_rows": 100, "timeout_seconds": 30, "read_only": True}
ASK = {"role": "user", "content": "Summarise this."}
CC = {"model": "gpt-4o-mini", "messages": [ASK]}
EMB = {"input": ["first text", "second text"], "model": "text-embedding-3-small"}


def _point(**changes: Any) -> dict[str, Any]:
    return {**GF, "geometry": _with(POINT, **changes)}


def _message(**changes: Any) -> dict[str, Any]:
    return {**CC, "messages": [_with(ASK, **changes)]}


def _filter(**changes: Any) -> dict[str, Any]:
    return {**QT, "filters": [_with(OVER, **changes)]}


CASES: tuple[WrongCall, ...] = (
    # ---- reverse_geocode (MCP: latitude and longitude with bounds, a zoom level, a language code) ---------------------
    WrongCall("rg-lat-string", "reverse_geocode", "type", {**RG, "lat": "48.8584"}, RG),
    WrongCall("rg-pair-one-string", "reverse_geocode", "additionalProperties (pair)", {"location": "48.8584,2.2945"}, None),
    WrongCall("rg-lat-lon-swapped", "reverse_geocode", "maximum (swapped pair)", {"lat": 151.2093, "lon": -33.8688}, SYDNEY),
    WrongCall("rg-lat-degree-sign", "reverse_geocode", "type (unit sign)", {**RG, "lat": "48.8584°"}, RG),
    WrongCall("rg-hemisphere-letters", "reverse_geocode", "type (hemisphere)", {"lat": "33.8688 S", "lon": "151.2093 E"}, SYDNEY),
    WrongCall("rg-dms", "reverse_geocode", "type (degrees minutes seconds)", {**RG, "lat": "48°51'30\"N"}, {**RG, "lat": 48 + 51 / 60 + 30 / 3600}),
    WrongCall("rg-full-names", "reverse_geocode", "additionalProperties", {"latitude": 48.8584, "longitude": 2.2945}, RG),
    WrongCall("rg-point-array", "reverse_geocode", "additionalProperties (pair)", {"coordinates": [2.2945, 48.8584]}, None),
    WrongCall("rg-zoom-above", "reverse_geocode", "maximum", {**RG, "zoom": 20}, None),
    WrongCall("rg-language-tag", "reverse_geocode", "pattern", {**RG, "language": "en-US"}, {**RG, "language": "en"}),
    WrongCall("rg-language-name", "reverse_geocode", "pattern", {**RG, "language": "French"}, {**RG, "language": "fr"}),
    # ---- search_area (OpenAI: a bbox of exactly four numbers, a unique enum array, a limit) ----------------------------
    WrongCall("sa-bbox-comma-string", "search_area", "type (array of numbers)", {"bbox": "2.29,48.85,2.31,48.87"}, SA),
    WrongCall("sa-bbox-compass-object", "search_area", "type (object for an array)",
              {"bbox": {"west": 2.29, "south": 48.85, "east": 2.31, "north": 48.87}}, SA),
    WrongCall("sa-bbox-min-max-object", "search_area", "type (object for an array)",
              {"bbox": {"min_lon": 2.29, "min_lat": 48.85, "max_lon": 2.31, "max_lat": 48.87}}, SA),
    WrongCall("sa-bbox-two-corners", "search_area", "type (nested arrays)", {"bbox": [[2.29, 48.85], [2.31, 48.87]]}, SA),
    WrongCall("sa-bbox-three-numbers", "search_area", "minItems", {"bbox": [2.29, 48.85, 2.31]}, None),
    WrongCall("sa-bbox-five-numbers", "search_area", "maxItems", {"bbox": [2.29, 48.85, 2.31, 48.87, 0]}, None),
    WrongCall("sa-bbox-number-strings", "search_area", "type (in an array)", {"bbox": ["2.29", "48.85", "2.31", "48.87"]}, SA),
    WrongCall("sa-category-lone-string", "search_area", "type (array)", {**SA, "categories": "cafe"}, {**SA, "categories": ["cafe"]}),
    WrongCall("sa-categories-plural", "search_area", "enum (in an array)", {**SA, "categories": ["cafes", "museums"]},
              {**SA, "categories": ["cafe", "museum"]}),
    WrongCall("sa-categories-repeated", "search_area", "uniqueItems", {**SA, "categories": ["cafe", "cafe"]}, {**SA, "categories": ["cafe"]}),
    WrongCall("sa-category-synonym", "search_area", "enum (in an array)", {**SA, "categories": ["coffee shop"]}, {**SA, "categories": ["cafe"]}),
    WrongCall("sa-category-gas-station", "search_area", "enum (in an array)", {**SA, "categories": ["gas station"]}, {**SA, "categories": ["fuel"]}),
    # ---- create_geofence (ATDF 2.x JSON: a oneOf of GeoJSON Point-with-radius and Polygon, const types) ---------------
    WrongCall("gf-position-object", "create_geofence", "oneOf (position as object)", _point(coordinates={"lat": 48.8584, "lon": 2.2945}), GF),
    WrongCall("gf-position-string", "create_geofence", "oneOf (position as text)", _point(coordinates="2.2945,48.8584"), GF),
    WrongCall("gf-type-lower-case", "create_geofence", "const (in oneOf)", _point(type="point"), GF),
    WrongCall("gf-type-left-out", "create_geofence", "oneOf (no type)", _point(type=_DROP), GF),
    WrongCall("gf-radius-with-unit", "create_geofence", "type (in oneOf)", _point(radius_m="200m"), GF),
    WrongCall("gf-radius-in-km", "create_geofence", "type (in oneOf)", _point(radius_m="0.2 km"), GF),
    WrongCall("gf-radius-zero", "create_geofence", "exclusiveMinimum (in oneOf)", _point(radius_m=0), None),
    WrongCall("gf-radius-plain-key", "create_geofence", "additionalProperties (in oneOf)",
              {**GF, "geometry": {**_with(POINT, radius_m=_DROP), "radius": 200}},
              GF),
    WrongCall("gf-radius-beside-geometry", "create_geofence", "additionalProperties", {**_point(radius_m=_DROP), "radius_m": 200}, GF),
    WrongCall("gf-ring-not-closed", "create_geofence", "minItems (in oneOf)", {**GFP, "geometry": {**POLY, "coordinates": [RING[:3]]}}, GFP),
    WrongCall("gf-ring-not-nested", "create_geofence", "oneOf (nesting)", {**GFP, "geometry": {**POLY, "coordinates": RING}}, GFP),
    WrongCall("gf-feature-for-geometry", "create_geofence", "oneOf (Feature)",
              {**GFP, "geometry": {"type": "Feature", "geometry": POLY, "properties": {}}},
              GFP),
    WrongCall("gf-multipolygon", "create_geofence", "oneOf (type not offered)",
              {**GFP, "geometry": {"type": "MultiPolygon", "coordinates": [[RING]]}},
              None),
    WrongCall("gf-trigger-entry", "create_geofence", "enum", {**GF, "trigger": "entry"}, {**GF, "trigger": "enter"}),
    WrongCall("gf-dwell-in-words", "create_geofence", "type", {**GF, "trigger": "dwell", "dwell_seconds": "5 minutes"},
              {**GF, "trigger": "dwell", "dwell_seconds": 300}),
    # ---- resize_image (MCP: pixels, enums of fits and formats, a quality, a hex colour, bytes) ---------------------------
    WrongCall("img-size-one-string", "resize_image", "additionalProperties (dimensions)", {"url": URL, "size": "1920x1080"}, IMG),
    WrongCall("img-dimensions-array", "resize_image", "additionalProperties (dimensions)", {"url": URL, "dimensions": [1920, 1080]}, IMG),
    WrongCall("img-width-px", "resize_image", "type (unit)", {**IMG, "width": "1920px"}, IMG),
    WrongCall("img-fit-stretch", "resize_image", "enum", {**IMG, "fit": "stretch"}, {**IMG, "fit": "fill"}),
    WrongCall("img-format-jpg", "resize_image", "enum", {**IMG, "output_format": "jpg"}, {**IMG, "output_format": "jpeg"}),
    WrongCall("img-format-mime", "resize_image", "enum", {**IMG, "output_format": "image/png"}, {**IMG, "output_format": "png"}),
    WrongCall("img-quality-fraction", "resize_image", "type (fraction for percent)", {**IMG, "quality": 0.8}, {**IMG, "quality": 80}),
    WrongCall("img-quality-percent-sign", "resize_image", "type", {**IMG, "quality": "80%"}, {**IMG, "quality": 80}),
    WrongCall("img-background-no-hash", "resize_image", "pattern (colour)", {**IMG, "background": "ffffff"}, {**IMG, "background": "#ffffff"}),
    WrongCall("img-background-rgb", "resize_image", "pattern (colour)", {**IMG, "background": "rgb(255, 255, 255)"},
              {**IMG, "background": "#ffffff"}),
    WrongCall("img-background-name", "resize_image", "pattern (colour)", {**IMG, "background": "white"}, {**IMG, "background": "#ffffff"}),
    WrongCall("img-background-short-hex", "resize_image", "pattern (colour)", {**IMG, "background": "#fff"}, {**IMG, "background": "#ffffff"}),
    WrongCall("img-background-transparent", "resize_image", "pattern (colour)", {**IMG, "background": "transparent"}, None),
    WrongCall("img-max-bytes-mb", "resize_image", "type (file size)", {**IMG, "max_bytes": "2MB"}, None),
    WrongCall("img-max-bytes-kb", "resize_image", "type (file size)", {**IMG, "max_bytes": "500 KB"}, None),
    WrongCall("img-url-no-scheme", "resize_image", "format uri", {**IMG, "url": "cdn.example.com/photos/beach.jpg"}, None),
    # ---- transcode_video (ATDF 2.x YAML: WIDTHxHEIGHT, ratios, enums of numbers, bitrates, HH:MM:SS) --------------------
    WrongCall("tv-resolution-times-sign", "transcode_video", "pattern (dimensions)", {**TV, "resolution": "1920\u00d71080"}, TV),
    WrongCall("tv-resolution-spaced", "transcode_video", "pattern (dimensions)", {**TV, "resolution": "1920 x 1080"}, TV),
    WrongCall("tv-resolution-1080p", "transcode_video", "pattern (dimensions)", {**TV, "resolution": "1080p"}, None),
    WrongCall("tv-resolution-object", "transcode_video", "type (object for text)", {**TV, "resolution": {"width": 1920, "height": 1080}}, TV),
    WrongCall("tv-aspect-slash", "transcode_video", "enum", {**TV, "aspect_ratio": "16/9"}, {**TV, "aspect_ratio": "16:9"}),
    WrongCall("tv-aspect-x", "transcode_video", "enum", {**TV, "aspect_ratio": "16x9"}, {**TV, "aspect_ratio": "16:9"}),
    WrongCall("tv-aspect-decimal", "transcode_video", "type (enum)", {**TV, "aspect_ratio": 1.78}, {**TV, "aspect_ratio": "16:9"}),
    WrongCall("tv-fps-unit", "transcode_video", "type (enum of numbers)", {**TV, "frame_rate": "30fps"}, {**TV, "frame_rate": 30}),
    WrongCall("tv-fps-ntsc-unit", "transcode_video", "type (enum of numbers)", {**TV, "frame_rate": "29.97 fps"}, {**TV, "frame_rate": 29.97}),
    WrongCall("tv-fps-not-offered", "transcode_video", "enum of numbers", {**TV, "frame_rate": 48}, None),
    WrongCall("tv-fps-rounded-ntsc", "transcode_video", "enum of numbers", {**TV, "frame_rate": 29.98}, None),
    WrongCall("tv-sample-rate-khz", "transcode_video", "type (enum of integers)", {**TV, "audio_sample_rate": "48kHz"},
              {**TV, "audio_sample_rate": 48000}),
    WrongCall("tv-sample-rate-44-1", "transcode_video", "type (enum of integers)", {**TV, "audio_sample_rate": 44.1},
              {**TV, "audio_sample_rate": 44100}),
    WrongCall("tv-bitrate-mbps", "transcode_video", "type (unit)", {**TV, "video_bitrate_kbps": "5 Mbps"}, {**TV, "video_bitrate_kbps": 5000}),
    WrongCall("tv-bitrate-in-bps", "transcode_video", "maximum (unit)", {**TV, "video_bitrate_kbps": 5000000}, {**TV, "video_bitrate_kbps": 5000}),
    WrongCall("tv-start-seconds", "transcode_video", "type (clock text)", {**TV, "start": 90}, {**TV, "start": "00:01:30"}),
    WrongCall("tv-start-minutes-seconds", "transcode_video", "pattern (clock text)", {**TV, "start": "1:30"}, None),
    WrongCall("tv-start-unpadded-hours", "transcode_video", "pattern (clock text)", {**TV, "start": "0:01:30"}, {**TV, "start": "00:01:30"}),
    WrongCall("tv-start-comma-millis", "transcode_video", "pattern (clock text)", {**TV, "start": "00:01:30,500"}, {**TV, "start": "00:01:30.500"}),
    WrongCall("tv-duration-clock", "transcode_video", "type (seconds)", {**TV, "duration_seconds": "00:02:00"}, {**TV, "duration_seconds": 120}),
    WrongCall("tv-duration-iso", "transcode_video", "type (seconds)", {**TV, "duration_seconds": "PT2M"}, {**TV, "duration_seconds": 120}),
    WrongCall("tv-codec-hevc", "transcode_video", "enum", {**TV, "codec": "hevc"}, {**TV, "codec": "h265"}),
    WrongCall("tv-codec-dotted", "transcode_video", "enum", {**TV, "codec": "H.264"}, TV),
    # ---- record_sensor_reading (OpenAkita: a metric, a value and a unit enum, a date-time, a battery percentage) -------
    WrongCall("sr-value-with-unit", "record_sensor_reading", "type (unit)", {**SR, "value": "21.5°C"}, SR),
    WrongCall("sr-unit-degree-sign", "record_sensor_reading", "enum (unit)", {**SR, "unit": "°C"}, SR),
    WrongCall("sr-unit-letter", "record_sensor_reading", "enum (unit)", {**SR, "unit": "C"}, SR),
    WrongCall("sr-unit-fahrenheit-sign", "record_sensor_reading", "enum (unit)", {**SR, "value": 70.7, "unit": "°F"},
              {**SR, "value": 70.7, "unit": "fahrenheit"}),
    WrongCall("sr-unit-percent-sign", "record_sensor_reading", "enum (unit)", {**HUM, "unit": "%"}, HUM),
    WrongCall("sr-unit-rh", "record_sensor_reading", "enum (unit)", {**HUM, "unit": "%RH"}, HUM),
    WrongCall("sr-unit-hpa-lower", "record_sensor_reading", "enum (unit)", {**SR, "metric": "pressure", "value": 1013.2, "unit": "hpa"},
              {**SR, "metric": "pressure", "value": 1013.2, "unit": "hPa"}),
    WrongCall("sr-metric-subscript", "record_sensor_reading", "enum", {**SR, "metric": "CO₂", "value": 612.0, "unit": "ppm"},
              {**SR, "metric": "co2", "value": 612.0, "unit": "ppm"}),
    WrongCall("sr-battery-fraction", "record_sensor_reading", "type (fraction for percent)", {**SR, "battery_percent": 0.87},
              {**SR, "battery_percent": 87}),
    WrongCall("sr-battery-percent-sign", "record_sensor_reading", "type", {**SR, "battery_percent": "87%"}, {**SR, "battery_percent": 87}),
    WrongCall("sr-recorded-unix-seconds", "record_sensor_reading", "type (date-time)", {**SR, "recorded_at": 1924992000},
              {**SR, "recorded_at": "2031-01-01T00:00:00Z"}),
    WrongCall("sr-recorded-unix-millis", "record_sensor_reading", "type (date-time)", {**SR, "recorded_at": 1924992000000},
              {**SR, "recorded_at": "2031-01-01T00:00:00Z"}),
    WrongCall("sr-sensor-without-prefix", "record_sensor_reading", "pattern", {**SR, "sensor_id": "a1b2c3d4"}, SR),
    WrongCall("sr-reading-wrapper", "record_sensor_reading", "additionalProperties (wrapper)", {"reading": SR}, SR),
    # ---- set_thermostat (ARDF: a MAC address pattern, a half-degree step, enums) -----------------------------------------
    WrongCall("th-mac-lower", "set_thermostat", "pattern (MAC)", {**TH, "device_mac": MAC.lower()}, TH),
    WrongCall("th-mac-dashes", "set_thermostat", "pattern (MAC)", {**TH, "device_mac": MAC.replace(":", "-")}, TH),
    WrongCall("th-mac-bare", "set_thermostat", "pattern (MAC)", {**TH, "device_mac": MAC.replace(":", "")}, TH),
    WrongCall("th-mac-cisco-dots", "set_thermostat", "pattern (MAC)", {**TH, "device_mac": "3c71.bf4a.9e02"}, TH),
    WrongCall("th-mac-five-bytes", "set_thermostat", "pattern (MAC)", {**TH, "device_mac": "3C:71:BF:4A:9E"}, None),
    WrongCall("th-target-fahrenheit", "set_thermostat", "maximum (unit)", {**TH, "target_celsius": 70}, None),
    WrongCall("th-target-off-step", "set_thermostat", "multipleOf", {**TH, "target_celsius": 21.3}, None),
    WrongCall("th-target-float-noise", "set_thermostat", "multipleOf", {**TH, "target_celsius": 21.500000001}, TH),
    WrongCall("th-target-with-unit", "set_thermostat", "type (unit)", {**TH, "target_celsius": "21.5°C"}, TH),
    WrongCall("th-target-in-fahrenheit-text", "set_thermostat", "type (unit)", {**TH, "target_celsius": "70°F"}, None),
    WrongCall("th-target-key", "set_thermostat", "additionalProperties", {"device_mac": MAC, "temperature": 21.5}, TH),
    WrongCall("th-target-fahrenheit-key", "set_thermostat", "additionalProperties (unit)", {"device_mac": MAC, "target_fahrenheit": 70}, None),
    WrongCall("th-mode-heating", "set_thermostat", "enum", {**TH, "mode": "heating"}, {**TH, "mode": "heat"}),
    WrongCall("th-mode-false", "set_thermostat", "type (enum)", {**TH, "mode": False}, {**TH, "mode": "off"}),
    WrongCall("th-fan-med", "set_thermostat", "enum", {**TH, "fan": "med"}, {**TH, "fan": "medium"}),
    # ---- configure_device (OpenAI: ipv4, ipv6, hostname, a list of addresses, semver, seconds, a port) ------------------
    WrongCall("dev-ip-with-prefix", "configure_device", "format ipv4", {**DEV, "ip_address": "192.168.1.50/24"}, None),
    WrongCall("dev-ip-with-port", "configure_device", "format ipv4", {**DEV, "ip_address": "192.168.1.50:8080"}, None),
    WrongCall("dev-ip-padded", "configure_device", "format ipv4", {**DEV, "ip_address": "192.168.001.050"}, {**DEV, "ip_address": "192.168.1.50"}),
    WrongCall("dev-gateway-host-name", "configure_device", "format ipv4", {**DEV, "gateway": "router.local"}, None),
    WrongCall("dev-ipv6-brackets", "configure_device", "format ipv6", {**DEV, "ipv6_address": "[fe80::1]"}, {**DEV, "ipv6_address": "fe80::1"}),
    WrongCall("dev-ipv6-with-prefix", "configure_device", "format ipv6", {**DEV, "ipv6_address": "2001:db8::17/64"}, None),
    WrongCall("dev-hostname-url", "configure_device", "format hostname", {**DEV, "hostname": "https://sensor-04.local/"},
              {**DEV, "hostname": "sensor-04.local"}),
    WrongCall("dev-hostname-underscore", "configure_device", "format hostname", {**DEV, "hostname": "sensor_04.local"}, None),
    WrongCall("dev-dns-comma-string", "configure_device", "type (array)", {**DEV, "dns_servers": "1.1.1.1, 8.8.8.8"},
              {**DEV, "dns_servers": ["1.1.1.1", "8.8.8.8"]}),
    WrongCall("dev-dns-four", "configure_device", "maxItems", {**DEV, "dns_servers": ["1.1.1.1", "1.0.0.1", "8.8.8.8", "8.8.4.4"]}, None),
    WrongCall("dev-dns-repeated", "configure_device", "uniqueItems", {**DEV, "dns_servers": ["1.1.1.1", "1.1.1.1"]},
              {**DEV, "dns_servers": ["1.1.1.1"]}),
    WrongCall("dev-firmware-v-prefix", "configure_device", "pattern (semver)", {**DEV, "firmware_version": "v2.4.1"},
              {**DEV, "firmware_version": "2.4.1"}),
    WrongCall("dev-firmware-two-parts", "configure_device", "pattern (semver)", {**DEV, "firmware_version": "2.4"}, None),
    WrongCall("dev-firmware-number", "configure_device", "type (semver)", {**DEV, "firmware_version": 2.4}, None),
    WrongCall("dev-firmware-pre-release", "configure_device", "pattern (semver)", {**DEV, "firmware_version": "2.4.1-beta.2"}, None),
    WrongCall("dev-interval-minutes", "configure_device", "type (unit)", {**DEV, "report_interval_s": "5 min"}, {**DEV, "report_interval_s": 300}),
    WrongCall("dev-id-number", "configure_device", "type (patterned id)", {"device_id": 4217}, None),
    WrongCall("dev-id-upper", "configure_device", "pattern", {"device_id": "DEV-004217"}, DEV),
    # ---- set_light (MCP: an entity id, a percentage, an upper-case hex colour, kelvin in steps of 100) ------------------
    WrongCall("light-colour-lower-hex", "set_light", "pattern (colour)", {**LIGHT, "color_hex": "#ff8800"}, {**LIGHT, "color_hex": "#FF8800"}),
    WrongCall("light-colour-no-hash", "set_light", "pattern (colour)", {**LIGHT, "color_hex": "FF8800"}, {**LIGHT, "color_hex": "#FF8800"}),
    WrongCall("light-colour-rgb-function", "set_light", "pattern (colour)", {**LIGHT, "color_hex": "rgb(255, 136, 0)"},
              {**LIGHT, "color_hex": "#FF8800"}),
    WrongCall("light-colour-rgb-array", "set_light", "type (colour)", {**LIGHT, "color_hex": [255, 136, 0]}, {**LIGHT, "color_hex": "#FF8800"}),
    WrongCall("light-colour-short-hex", "set_light", "pattern (colour)", {**LIGHT, "color_hex": "#F80"}, {**LIGHT, "color_hex": "#FF8800"}),
    WrongCall("light-colour-name", "set_light", "pattern (colour)", {**LIGHT, "color_hex": "orange"}, {**LIGHT, "color_hex": "#FFA500"}),
    WrongCall("light-colour-rgba", "set_light", "pattern (colour)", {**LIGHT, "color_hex": "rgba(255, 136, 0, 0.5)"}, None),
    WrongCall("light-colour-key", "set_light", "additionalProperties", {**LIGHT, "color": "#FF8800"}, {**LIGHT, "color_hex": "#FF8800"}),
    WrongCall("light-brightness-fraction", "set_light", "type (fraction for percent)", {**LIGHT, "brightness_percent": 0.6},
              {**LIGHT, "brightness_percent": 60}),
    WrongCall("light-brightness-of-255", "set_light", "maximum (scale)", {**LIGHT, "brightness_percent": 153}, {**LIGHT, "brightness_percent": 60}),
    WrongCall("light-kelvin-off-step", "set_light", "multipleOf", {**LIGHT, "color_temp_kelvin": 2750}, None),
    WrongCall("light-kelvin-with-unit", "set_light", "type (unit)", {**LIGHT, "color_temp_kelvin": "2700K"}, {**LIGHT, "color_temp_kelvin": 2700}),
    WrongCall("light-kelvin-mireds", "set_light", "minimum (scale)", {**LIGHT, "color_temp_kelvin": 370}, None),
    WrongCall("light-state-key", "set_light", "additionalProperties", {**LIGHT, "state": "on"}, {**LIGHT, "on": True}),
    WrongCall("light-transition-seconds", "set_light", "type (unit)", {**LIGHT, "transition_ms": "0.5s"}, {**LIGHT, "transition_ms": 500}),
    WrongCall("light-id-without-domain", "set_light", "pattern", {"light_id": "living_room"}, LIGHT),
    # ---- query_table (MCP: column lists, filter objects with an operator enum, order objects, limit/offset) -------------
    WrongCall("qt-columns-comma-string", "query_table", "type (array)", {**QT, "columns": "id, total"}, QT),
    WrongCall("qt-columns-star", "query_table", "pattern (in an array)", {**QT, "columns": ["*"]}, None),
    WrongCall("qt-columns-repeated", "query_table", "uniqueItems", {**QT, "columns": ["id", "total", "id"]}, QT),
    WrongCall("qt-columns-capitalised", "query_table", "pattern (in an array)", {**QT, "columns": ["ID", "Total"]}, QT),
    WrongCall("qt-filters-sql", "query_table", "type (array of objects)", {**QT, "filters": "status = 'paid' AND total > 100"},
              {**QT, "filters": [PAID, OVER]}),
    WrongCall("qt-filters-map", "query_table", "type (array of objects)", {**QT, "filters": {"status": "paid"}}, {**QT, "filters": [PAID]}),
    WrongCall("qt-filter-one-object", "query_table", "type (array of objects)", {**QT, "filters": OVER}, {**QT, "filters": [OVER]}),
    WrongCall("qt-op-word", "query_table", "enum (in an array)", _filter(op="gt"), _filter()),
    WrongCall("qt-op-double-equals", "query_table", "enum (in an array)", {**QT, "filters": [{**PAID, "op": "=="}]}, {**QT, "filters": [PAID]}),
    WrongCall("qt-op-sql-not-equal", "query_table", "enum (in an array)", {**QT, "filters": [{**PAID, "op": "<>"}]},
              {**QT, "filters": [{**PAID, "op": "!="}]}),
    WrongCall("qt-op-spelled-out", "query_table", "enum (in an array)", _filter(op="greater_than"), _filter()),
    WrongCall("qt-op-operator-key", "query_table", "additionalProperties (in an array)",
              {**QT, "filters": [{"column": "total", "operator": ">", "value": 100}]}, _filter()),
    WrongCall("qt-field-key", "query_table", "additionalProperties (in an array)", {**QT, "filters": [{"field": "total", "op": ">", "value": 100}]},
              _filter()),
    WrongCall("qt-op-between", "query_table", "enum (in an array)", _filter(op="between", value=[10, 20]), None),
    WrongCall("qt-order-sql-text", "query_table", "type (array of objects)", {**QT, "order_by": "created_at DESC"}, {**QT, "order_by": [NEWEST]}),
    WrongCall("qt-order-minus", "query_table", "type (array of objects)", {**QT, "order_by": "-created_at"}, {**QT, "order_by": [NEWEST]}),
    WrongCall("qt-order-descending", "query_table", "enum (in an array)", {**QT, "order_by": [{"column": "created_at", "direction": "descending"}]},
              {**QT, "order_by": [NEWEST]}),
    WrongCall("qt-order-column-only", "query_table", "type (array of objects)", {**QT, "order_by": "created_at"},
              {**QT, "order_by": [{"column": "created_at"}]}),
    WrongCall("qt-page-for-offset", "query_table", "additionalProperties", {**QT, "limit": 50, "page": 3}, {**QT, "limit": 50, "offset": 100}),
    WrongCall("qt-table-schema-qualified", "query_table", "pattern", {**QT, "table": "public.orders"}, None),
    # ---- run_sql (ATDF 1.x: types only, every input required) --------------------------------------------------------------
    WrongCall("sql-timeout-with-unit", "run_sql", "type (unit)", {**SQL, "timeout_seconds": "30s"}, SQL),
    WrongCall("sql-timeout-minutes", "run_sql", "type (unit)", {**SQL, "timeout_seconds": "2 minutes"}, {**SQL, "timeout_seconds": 120}),
    WrongCall("sql-read-only-left-out", "run_sql", "required", _with(SQL, read_only=_DROP), None),
    WrongCall("sql-limit-for-max-rows", "run_sql", "additionalProperties", {**_with(SQL, max_rows=_DROP), "limit": 100}, SQL),
    WrongCall("sql-timeout-in-ms-key", "run_sql", "additionalProperties (unit)", {**_with(SQL, timeout_seconds=_DROP), "timeout_ms": 30000}, SQL),
    WrongCall("sql-params-wrapper", "run_sql", "additionalProperties (wrapper)", {"params": SQL}, SQL),
    # ---- chat_completion (MCP: sampling bounds, a list of messages with roles, stop sequences, a response format) -------
    WrongCall("cc-top-p-zero", "chat_completion", "exclusiveMinimum", {**CC, "top_p": 0}, None),
    WrongCall("cc-top-p-percent", "chat_completion", "maximum (scale)", {**CC, "top_p": 90}, {**CC, "top_p": 0.9}),
    WrongCall("cc-max-tokens-k", "chat_completion", "type", {**CC, "max_tokens": "4k"}, None),
    WrongCall("cc-max-tokens-float", "chat_completion", "type", {**CC, "max_tokens": 512.5}, None),
    WrongCall("cc-stop-lone-string", "chat_completion", "type (array)", {**CC, "stop": "END"}, {**CC, "stop": ["END"]}),
    WrongCall("cc-stop-comma-string", "chat_completion", "type (array)", {**CC, "stop": "END, STOP"}, {**CC, "stop": ["END", "STOP"]}),
    WrongCall("cc-stop-five", "chat_completion", "maxItems", {**CC, "stop": ["a", "b", "c", "d", "e"]}, None),
    WrongCall("cc-stop-sequences-key", "chat_completion", "additionalProperties", {**CC, "stop_sequences": ["END"]}, {**CC, "stop": ["END"]}),
    WrongCall("cc-messages-one-object", "chat_completion", "type (array of objects)", {**CC, "messages": ASK}, CC),
    WrongCall("cc-messages-text", "chat_completion", "type (array of objects)", {**CC, "messages": "Summarise this."}, CC),
    WrongCall("cc-messages-json-text", "chat_completion", "type (array of objects)", {**CC, "messages": json.dumps([ASK])}, CC),
    WrongCall("cc-role-bot", "chat_completion", "enum (in an array)", _message(role="bot"), _message(role="assistant")),
    WrongCall("cc-role-human", "chat_completion", "enum (in an array)", _message(role="human"), CC),
    WrongCall("cc-role-developer", "chat_completion", "enum (in an array)", _message(role="developer"), None),
    WrongCall("cc-content-parts", "chat_completion", "type (in an array)", _message(content=[{"type": "text", "text": "Summarise this."}]), CC),
    WrongCall("cc-content-under-text", "chat_completion", "additionalProperties (in an array)",
              {**CC, "messages": [{"role": "user", "text": "Summarise this."}]}, CC),
    WrongCall("cc-message-role-as-key", "chat_completion", "additionalProperties (in an array)",
              {**CC, "messages": [{"user": "Summarise this."}]}, CC),
    WrongCall("cc-model-no-hyphen", "chat_completion", "enum", {**CC, "model": "gpt4o-mini"}, CC),
    WrongCall("cc-model-spaced", "chat_completion", "enum", {**CC, "model": "GPT-4o mini"}, CC),
    WrongCall("cc-model-dated", "chat_completion", "enum", {**CC, "model": "claude-sonnet-4-20250514"}, None),
    WrongCall("cc-response-format-word", "chat_completion", "type (object)", {**CC, "response_format": "json_object"},
              {**CC, "response_format": {"type": "json_object"}}),
    WrongCall("cc-response-format-json", "chat_completion", "enum (nested)", {**CC, "response_format": {"type": "json"}},
              {**CC, "response_format": {"type": "json_object"}}),
    WrongCall("cc-max-completion-tokens-key", "chat_completion", "additionalProperties", {**CC, "max_completion_tokens": 512},
              {**CC, "max_tokens": 512}),
    # ---- embed_texts (ATDF 2.x JSON: a list of texts with bounds, an enum of integers, enums) ----------------------------
    WrongCall("emb-input-lone-string", "embed_texts", "type (array)", {**EMB, "input": "first text"}, {**EMB, "input": ["first text"]}),
    WrongCall("emb-input-json-text", "embed_texts", "type (array)", {**EMB, "input": json.dumps(EMB["input"])}, EMB),
    WrongCall("emb-texts-key", "embed_texts", "additionalProperties", {"texts": EMB["input"], "model": EMB["model"]}, EMB),
    WrongCall("emb-dimensions-not-offered", "embed_texts", "enum of integers", {**EMB, "dimensions": 768}, None),
    WrongCall("emb-model-size-word", "embed_texts", "enum", {**EMB, "model": "small"}, EMB),
    WrongCall("emb-model-older", "embed_texts", "enum", {**EMB, "model": "text-embedding-ada-002"}, None),
    WrongCall("emb-encoding-float32", "embed_texts", "enum", {**EMB, "encoding_format": "float32"}, {**EMB, "encoding_format": "float"}),
)
