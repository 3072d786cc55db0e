"""Extract atdf-mcp's translatable texts and bring them into the catalogues atdf_mcp/locale/<lang>.po.

    python scripts/messages.py            # add new texts (empty) to es.po and pt.po, drop texts no longer used
    python scripts/messages.py --check    # exit 1 and list every text a catalogue lacks (what the tests run)

The texts are those marked `_("...")` or `N_("...")` in atdf_mcp (Babel's Python extractor) and the title of every
error code (atdf_mcp.codes). A new text lands in each catalogue with an empty translation: write it there, with the
same `{placeholders}`, and run `--check`. No compile step: atdf_mcp.l10n reads the .po files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "atdf_mcp"
LOCALES = ("es", "pt")
KEYWORDS = {"_": None, "N_": None}


def template(source: Path = PACKAGE) -> Catalog:
    """Every translatable text of `source` (a package directory) and of the error codes, with where each is used."""
    catalog = Catalog(project="atdf-mcp", msgid_bugs_address="", charset="utf-8")
    for file, line, message, _comments, _context in extract_from_dir(
            source, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=(), strip_comment_tags=True):
        if isinstance(message, str) and message:
            catalog.add(message, locations=[(f"{source.name}/{file}", line)])
    if source == PACKAGE:
        sys.path.insert(0, str(ROOT))
        from atdf_mcp.codes import Code

        for code in Code:
            catalog.add(code.row.title, locations=[("atdf_mcp/codes.py", 0)], auto_comments=[f"title of {code.value}"])
    return catalog


def read(lang: str, locale_dir: Path = PACKAGE / "locale") -> Catalog:
    """The catalogue of `lang` (empty when it has no file yet)."""
    path = locale_dir / f"{lang}.po"
    if not path.is_file():
        return Catalog(locale=lang, charset="utf-8")
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def missing(source: Path = PACKAGE, locale_dir: Path = PACKAGE / "locale") -> dict[str, list[str]]:
    """The texts of `source` each catalogue has no translation for, by language."""
    texts = [str(m.id) for m in template(source) if m.id]
    out: dict[str, list[str]] = {}
    for lang in LOCALES:
        catalog = read(lang, locale_dir)
        lacking = [t for t in texts if not (catalog.get(t) is not None and catalog.get(t).string and not catalog.get(t).fuzzy)]
        if lacking:
            out[lang] = lacking
    return out


def update(locale_dir: Path = PACKAGE / "locale") -> None:
    """Bring every catalogue in line with the texts: new ones added untranslated, unused ones dropped."""
    fresh = template()
    locale_dir.mkdir(parents=True, exist_ok=True)
    for lang in LOCALES:
        catalog = read(lang, locale_dir)
        created = catalog.creation_date
        catalog.update(fresh, no_fuzzy_matching=True, update_creation_date=False)
        catalog.creation_date = created
        catalog.obsolete.clear()
        with (locale_dir / f"{lang}.po").open("wb") as handle:  # no line numbers: an edit elsewhere in a file changes nothing here
            write_po(handle, catalog, width=120, sort_output=False, include_previous=False, include_lineno=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="list the texts a catalogue lacks; exit 1 if any")
    args = parser.parse_args(argv)
    if not args.check:
        update()
    lacking = missing()
    for lang, texts in lacking.items():
        for text in texts:
            print(f"{lang}: no translation for {text!r}")
    return 1 if lacking and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
