"""Write a changed document back in the style of its file: what did not change keeps its exact text.

    >>> rewrite_json('{"a": 1.50,  "b": [1,2]}\\n', {"a": 1.5, "b": [1, 2], "c": True})
    '{"a": 1.50, "b": [1,2], "c": true}\\n'

JSON: every value that did not change is copied from the original text (spacing, escapes, one-line objects);
a changed object or list is rebuilt member by member in the layout it had (one line, its members parted by ", ", or one member per line
at its indentation). YAML: the document is edited through ruamel.yaml's round-trip tree, so comments, quoting,
flow or block style and key order survive. `origin` (new pointer → where the file had that value before, for a
renamed key or a moved block) lets a moved value keep the style it was written in.
"""

from __future__ import annotations

import copy
import io
import itertools
import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Origin", "rewrite_json", "rewrite_yaml"]

Origin = Callable[[str], str]  # a pointer of the new document → the pointer the value had in the file

_WS = re.compile(r"[ \t\n\r]*")
_DOCUMENT_START = re.compile(r"^---(?=\s|$)[^\n]*\n?", re.MULTILINE)
_MARKER = re.compile(r"^---(?=\s|$)", re.MULTILINE)
_DECODER = json.JSONDecoder()


def rewrite_json(text: str, new: Any, origin: Origin | None = None) -> str:
    """`new` as JSON text laid out like `text` (the document it replaces), unchanged parts copied verbatim."""
    root, _ = _parse(text, 0)
    writer = _JsonWriter(text, root, _indent_unit(text), origin or (lambda pointer: pointer))
    return text[: root.start] + writer.render(new, root, "", _line_indent(text, root.start)) + text[root.end:]


def rewrite_yaml(text: str, new: Any, origin: Origin | None = None) -> str:
    """`new` as YAML text: the file's round-trip tree edited to match, keeping comments, quotes and styles."""
    from ruamel.yaml import YAML
    from ruamel.yaml.util import load_yaml_guess_indent

    spans = _document_spans(text, new)
    if spans is not None:  # one `---` document per item: each rewritten on its own, an empty one kept as written
        return _rewrite_documents(text, spans, new, origin or (lambda pointer: pointer))
    _, sequence, offset = load_yaml_guess_indent(_first_document(text))
    mapping = _yaml_mapping_indent(text)
    offset = _yaml_root_offset(text, offset or 0)
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=mapping, sequence=max(sequence or mapping, offset + 2), offset=offset)
    documents, pristine = _yaml_stream(yaml, text), _yaml_stream(yaml, text)
    syncer = _YamlSyncer(pristine, origin or (lambda pointer: pointer))
    out = io.StringIO()
    if len(documents) > 1:  # a multi-document file is read as the list of its documents: it stays one per `---`
        yaml.dump_all([syncer.sync(doc, value, f"/{n}") for n, (doc, value) in enumerate(zip(documents, new, strict=True))], out)
    else:
        yaml.dump(syncer.sync(documents[0] if documents else None, new, ""), out)
    result = out.getvalue()
    head = _stream_head(text)
    if head and not result.startswith(head):  # the comments and `---` that open the file, which ruamel drops
        result = head + result.removeprefix("---\n")
    return result


def _document_spans(text: str, new: Any) -> list[tuple[int, int]] | None:
    """Where each document of a multi-document YAML text is (its text after its `---` line), when they are the items of
    `new` as the loader reads them (empty ones at the end beyond them); None for one document, or a stream whose
    markers hold content (`--- {a: 1}`) or do not match."""
    markers = list(_DOCUMENT_START.finditer(text))
    if not markers or not isinstance(new, list) or any(_holds_content(m.group(0)[3:]) for m in markers):
        return None
    spans = [(0, markers[0].start())] if _holds_content(text[:markers[0].start()], directives=True) else []
    spans += [(m.end(), markers[k + 1].start() if k + 1 < len(markers) else len(text)) for k, m in enumerate(markers)]
    if len(spans) < 2 or len(spans) < len(new) or any(_holds_content(text[a:b]) for a, b in spans[len(new):]):
        return None
    return spans


def _holds_content(text: str, *, directives: bool = False) -> bool:
    """Whether YAML text holds anything but blank lines, comments and `...` (and `%` directives, before a stream's first
    `---`)."""
    skipped = ("#", "...", "%") if directives else ("#", "...")
    return any(line.strip() and not line.strip().startswith(skipped) for line in text.splitlines())


def _rewrite_documents(text: str, spans: list[tuple[int, int]], new: list[Any], origin: Origin) -> str:
    """The documents of `text` at `spans` rewritten as the items of `new` (what is between them copied as it is)."""
    out, at = [], 0
    for n, (start, end) in enumerate(spans):
        out.append(text[at:start])
        at = end
        value = new[n] if n < len(new) else None
        if value is None:  # an empty document (a tool commented out): as it was written
            out.append(text[start:end])
            continue
        prefix = f"/{n}"

        def inner(pointer: str, prefix: str = prefix) -> str:
            source = origin(prefix + pointer)
            return source[len(prefix):] if source == prefix or source.startswith(prefix + "/") else pointer

        out.append(rewrite_yaml(text[start:end], value, inner))
    out.append(text[at:])
    return "".join(out)


def _stream_head(text: str) -> str:
    """What opens a YAML file before its first document's content: blank and comment lines up to a `---` line."""
    match = _DOCUMENT_START.search(text)
    if match is None or any(line.strip() and not line.lstrip().startswith("#") for line in text[:match.start()].splitlines()):
        return ""
    return text[:match.start()] + "---\n"  # a comment on the `---` line itself is kept by ruamel


def _first_document(text: str) -> str:
    """The text of a YAML stream's first document that holds anything (its indentation speaks for the file's)."""
    parts = _MARKER.split(text)  # what follows `---` on its line is the document's (`--- {name: a}`)
    return next((part for part in parts if part.strip() and not all(
        line.lstrip().startswith("#") for line in part.splitlines() if line.strip())), text)


def _yaml_stream(yaml: Any, text: str) -> list[Any]:
    """The round-trip documents of a YAML text, without the empty ones a trailing `---` leaves (as the loader reads it)."""
    documents = list(yaml.load_all(text))
    while len(documents) > 1 and documents[-1] is None:
        documents.pop()
    return documents


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON, key order included (so that a reordered object is rewritten)."""
    return json.dumps(a, ensure_ascii=False, default=str) == json.dumps(b, ensure_ascii=False, default=str)


def _child(pointer: str, key: Any) -> str:
    return f"{pointer}/{str(key).replace('~', '~0').replace('/', '~1')}"


def _parts(pointer: str) -> list[str]:
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]


# ---------------------------------------------------------------------------------------------- JSON


@dataclass
class _Node:
    """A JSON value and where its text is: [start, end), plus its members or items with theirs."""

    start: int
    end: int
    value: Any
    members: dict[str, tuple[int, _Node]] | None = None  # key → (start of the member's key, value node)
    items: list[_Node] | None = field(default=None)


def _parse(text: str, i: int) -> tuple[_Node, int]:
    """The value at `i` (after whitespace) with the spans of everything inside it."""
    i = _skip(text, i)
    if text[i] == "{":
        node = _Node(i, i, {}, members={})
        i = _skip(text, i + 1)
        while text[i] != "}":
            key_start = i
            key, i = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
            child, i = _parse(text, _skip(text, i) + 1)  # past ':'
            node.members[key] = (key_start, child)  # type: ignore[index]
            node.value[key] = child.value
            i = _skip(text, i)
            if text[i] == ",":
                i = _skip(text, i + 1)
        node.end = i + 1
        return node, i + 1
    if text[i] == "[":
        node = _Node(i, i, [], items=[])
        i = _skip(text, i + 1)
        while text[i] != "]":
            child, i = _parse(text, i)
            node.items.append(child)  # type: ignore[union-attr]
            node.value.append(child.value)
            i = _skip(text, i)
            if text[i] == ",":
                i = _skip(text, i + 1)
        node.end = i + 1
        return node, i + 1
    value, end = _DECODER.raw_decode(text, i)
    return _Node(i, end, value), end


def _skip(text: str, i: int) -> int:
    return _WS.match(text, i).end()  # type: ignore[union-attr]


class _JsonWriter:
    """Renders a new document against the text and parsed spans of the old one."""

    def __init__(self, text: str, root: _Node, unit: str, origin: Origin) -> None:
        self.text, self.root, self.unit, self.origin = text, root, unit, origin

    def render(self, new: Any, old: _Node | None, path: str, indent: str) -> str:
        """`new` (at `path`) as text on a line indented `indent`, reusing `old` (what was written for it) where it can."""
        text = self.text
        if old is not None and _same(old.value, new):
            return self.copy(old.start, old.end, indent)
        if old is not None and "\n" not in text[old.start:old.end]:
            return self.inline(new, old, path)  # it was written on one line: keep it on one line
        if isinstance(new, dict) and new:
            members = old.members if old is not None and old.members is not None else {}
            inner = self._inner_indent(old, indent)
            parts = []
            for position, (key, value) in enumerate(new.items()):
                kept = members.get(key)
                if kept is not None and _same(kept[1].value, value):
                    parts.append(self.copy(kept[0], kept[1].end, inner))  # the member as written: key, spacing and value
                else:
                    before = self._before(old, new, key, position, _child(path, key))
                    parts.append(f"{json.dumps(key, ensure_ascii=False)}: {self.render(value, before, _child(path, key), inner)}")
            return f"{{\n{inner}" + f",\n{inner}".join(parts) + f"\n{indent}}}"
        if isinstance(new, list) and new:
            inner = self._inner_indent(old, indent)
            parts = [self.render(value, self._item(old, n, _child(path, n)), _child(path, n), inner) for n, value in enumerate(new)]
            return f"[\n{inner}" + f",\n{inner}".join(parts) + f"\n{indent}]"
        return json.dumps(new, indent=self.unit, ensure_ascii=False).replace("\n", "\n" + indent)

    def copy(self, start: int, end: int, indent: str) -> str:
        """The text [start, end) as written, its later lines moved to sit under `indent` (a value that moved deeper or up)."""
        written = self.text[start:end]
        if "\n" not in written:
            return written
        base = _line_indent(self.text, start)
        if base == indent:
            return written
        lines = written.split("\n")
        shifted = [indent + line[len(base):] if line.startswith(base) else line for line in lines[1:]]
        return "\n".join([lines[0], *shifted])

    def inline(self, new: Any, old: _Node | None, path: str) -> str:
        """`new` on one line, reusing what was written before where it is unchanged."""
        text = self.text
        if old is not None and _same(old.value, new):
            return text[old.start:old.end]
        pad = " " if old is not None and text[old.start + 1:old.start + 2] == " " else ""
        if isinstance(new, dict) and new and old is not None and old.members is not None:
            parts = []
            for position, (key, value) in enumerate(new.items()):
                kept = old.members.get(key)
                if kept is not None and _same(kept[1].value, value):
                    parts.append(text[kept[0]:kept[1].end])
                else:
                    before = self._before(old, new, key, position, _child(path, key))
                    parts.append(f"{json.dumps(key, ensure_ascii=False)}: {self.inline(value, before, _child(path, key))}")
            return f"{{{pad}{', '.join(parts)}{pad}}}"
        if isinstance(new, list) and new and old is not None and old.items is not None:
            parts = [self.inline(value, self._item(old, n, _child(path, n)), _child(path, n)) for n, value in enumerate(new)]
            return f"[{pad}{', '.join(parts)}{pad}]"
        return json.dumps(new, ensure_ascii=False)

    def _before(self, old: _Node | None, new: dict[str, Any], key: str, position: int, path: str) -> _Node | None:
        """What was written for `key` before: its own member, where `origin` says it came from, or a renamed member."""
        members = old.members or {} if old is not None else {}
        if key in members:
            return members[key][1]
        source = self.origin(path)
        moved = self._at(source) if source != path else None
        if moved is not None or old is None:
            return moved
        gone = [k for k in members if k not in new]
        same = next((members[k][1] for k in gone if _same(members[k][1].value, new[key])), None)
        if same is not None:
            return same
        keys = list(members)
        return members[keys[position]][1] if position < len(keys) and keys[position] in gone else None

    def _item(self, old: _Node | None, n: int, path: str) -> _Node | None:
        source = self.origin(path)
        if source != path:
            moved = self._at(source)
            if moved is not None:
                return moved
        return old.items[n] if old is not None and old.items is not None and n < len(old.items) else None

    def _at(self, pointer: str) -> _Node | None:
        """The node the old document has at `pointer`, if any."""
        node: _Node | None = self.root
        for part in _parts(pointer):
            if node is None:
                return None
            if node.members is not None:
                node = node.members[part][1] if part in node.members else None
            elif node.items is not None and part.isdigit() and int(part) < len(node.items):
                node = node.items[int(part)]
            else:
                return None
        return node

    def _inner_indent(self, old: _Node | None, indent: str) -> str:
        """The indentation of the members of a multi-line container: one step deeper, the step as written there."""
        if old is None:
            return indent + self.unit
        text = self.text
        starts = [start for start, _ in (old.members or {}).values()] or [item.start for item in old.items or ()]
        if starts:
            first = min(starts)
            line_start = text.rfind("\n", old.start, first)
            base = _line_indent(text, old.start)
            written = text[line_start + 1:first]
            if line_start != -1 and not written.strip() and written.startswith(base) and len(written) > len(base):
                return indent + written[len(base):]
        return indent + self.unit


def _line_indent(text: str, at: int) -> str:
    start = text.rfind("\n", 0, at) + 1
    return text[start:_skip(text, start)][: at - start].replace("\n", "").replace("\r", "")


def _indent_unit(text: str) -> str:
    """The file's indentation step: the leading whitespace of its first indented line (two spaces if none)."""
    match = re.search(r"\n([ \t]+)\S", text)
    return match.group(1) if match else "  "


# ---------------------------------------------------------------------------------------------- YAML

_MAPPING_KEY = re.compile(r"^( *)[^ #\-][^:#]*:\s*(#.*)?$")
_ANY_KEY = re.compile(r"^( *)[^ #\-]")
_DASH = re.compile(r"^( *)- ")


def _yaml_mapping_indent(text: str) -> int:
    """How far a nested mapping is indented under its key in this file (2 when nothing says otherwise)."""
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    found: Counter[int] = Counter()
    for line, following in itertools.pairwise(lines):
        parent, child = _MAPPING_KEY.match(line), _ANY_KEY.match(following)
        if parent and child and len(child.group(1)) > len(parent.group(1)):
            found[len(child.group(1)) - len(parent.group(1))] += 1
    return found.most_common(1)[0][0] if found else 2


def _yaml_root_offset(text: str, guessed: int) -> int:
    """A document that is a list keeps its dashes where they are (every line would move otherwise)."""
    first = next((line for line in text.splitlines() if line.strip() and not line.lstrip().startswith(("#", "---"))), "")
    dash = _DASH.match(first)
    return len(dash.group(1)) if dash else guessed


class _YamlSyncer:
    """Edits a ruamel round-trip tree to hold a new document, adopting old nodes for moved values."""

    def __init__(self, pristine: Any, origin: Origin) -> None:
        self.pristine, self.origin = pristine, origin

    def sync(self, node: Any, new: Any, path: str) -> Any:
        """`node` edited to hold `new`: unchanged parts (and their comments) stay, moved values keep their style."""
        from ruamel.yaml.comments import CommentedMap, CommentedSeq

        if isinstance(new, dict) and isinstance(node, CommentedMap):
            pool = [node[k] for k in node if k not in new]
            for key in [k for k in node if k not in new]:
                del node[key]
            for position, (key, value) in enumerate(new.items()):
                if key in node:
                    node[key] = self.sync(node[key], value, _child(path, key))
                else:
                    node.insert(position, key, self.adopt(value, _child(path, key), pool))
            if list(node) != list(new):
                for key in new:
                    node.move_to_end(key)
            return node
        if isinstance(new, list) and isinstance(node, CommentedSeq):
            for n, value in enumerate(new):
                if n < len(node):
                    node[n] = self.sync(node[n], value, _child(path, n))
                else:
                    node.append(self.adopt(value, _child(path, n), []))
            del node[len(new):]
            return node
        if _same_scalar(node, new):
            return node
        return self.adopt(new, path, [])

    def adopt(self, value: Any, path: str, pool: list[Any]) -> Any:
        """`value` as a node: the old node it came from (per `origin`, or an equal removed one), edited; else built fresh."""
        from ruamel.yaml.comments import CommentedMap, CommentedSeq

        source = self.origin(path)
        if source != path:
            moved = self._at(source)
            if moved is not None and isinstance(moved, (dict, list)) == isinstance(value, (dict, list)):
                return self.sync(copy.deepcopy(moved), value, path)
        for candidate in _descendants(pool):
            if _same(_plain(candidate), value) and (isinstance(candidate, (dict, list)) or _same_scalar(candidate, value)):
                return candidate
        if isinstance(value, dict):
            mapping = CommentedMap()
            for key, item in value.items():
                mapping[key] = self.adopt(item, _child(path, key), pool)
            return mapping
        if isinstance(value, list):
            return CommentedSeq(self.adopt(item, _child(path, n), pool) for n, item in enumerate(value))
        return value

    def _at(self, pointer: str) -> Any:
        node = self.pristine
        for part in _parts(pointer):
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                return None
        return node


def _descendants(pool: list[Any]) -> list[Any]:
    """The removed nodes and every node inside them, outermost first."""
    found: list[Any] = []
    stack = list(reversed(pool))
    while stack:
        node = stack.pop()
        found.append(node)
        if isinstance(node, dict):
            stack.extend(reversed(list(node.values())))
        elif isinstance(node, list):
            stack.extend(reversed(node))
    return found


def _plain(node: Any) -> Any:
    """A ruamel node as plain data, dates as the text they were written as."""
    if isinstance(node, dict):
        return {k: _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    if hasattr(node, "isoformat"):
        return node.isoformat()
    if type(node).__name__ == "ScalarBoolean":
        return bool(node)
    return node


def _same_scalar(node: Any, new: Any) -> bool:
    """Whether a ruamel scalar holds `new` as the loader read it (dates stay the text they were written as)."""
    if isinstance(node, (dict, list)) or isinstance(new, (dict, list)):
        return False
    if hasattr(node, "isoformat") and isinstance(new, str):
        return new in (str(node), node.isoformat())
    if isinstance(new, bool) or isinstance(node, bool) or type(node).__name__ == "ScalarBoolean":
        return isinstance(new, bool) and bool(node) == new and (isinstance(node, bool) or type(node).__name__ == "ScalarBoolean")
    return node == new and isinstance(node, str) == isinstance(new, str)
