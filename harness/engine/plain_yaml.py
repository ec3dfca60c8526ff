"""A case file's YAML in the common case, built straight from libyaml's events.

:mod:`harness.engine.casefile` reads YAML with libyaml's parser and PyYAML's Python composer
and constructor (libyaml's own composer overflows the C stack on deep nesting): about 10 µs
a node, 3 CPU-s for the 5 MB under ``cases/``. :func:`build` makes the same Python values
from the same parser's events in one loop, a few times faster, for a document in the common
case: one document, no explicit tags, keys that are scalars, no merge key ``<<``, nesting at
most :data:`MAX_DEPTH` deep, aliases (the same object as their anchor's, as there) standing
for no more nodes than the document holds itself. Its scalars are resolved by the loader's
own resolver and made by its own constructors (so an integer is as strict as it is there).

Anything else, and any error, gives :data:`NOT_PLAIN`: the caller then reads the text with
the full loader, whose values, errors and limits are the rule.

>>> from harness.engine.casefile import _Loader
>>> build(_Loader, "area: storage\\ncases:\\n- {id: a, ops: [[new], [get, 1]]}\\n")
{'area': 'storage', 'cases': [{'id': 'a', 'ops': [['new'], ['get', 1]]}]}
>>> build(_Loader, "a: &x [1]\\nb: *x\\n")
{'a': [1], 'b': [1]}
>>> build(_Loader, "a: &x [1]\\nb: *y\\n") is NOT_PLAIN  # the full loader's error: undefined alias
True
"""

from __future__ import annotations

from yaml.events import (AliasEvent, DocumentEndEvent, DocumentStartEvent, MappingEndEvent, MappingStartEvent,
                         ScalarEvent, SequenceEndEvent, SequenceStartEvent, StreamEndEvent, StreamStartEvent)
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

MAX_DEPTH = 100  # collections inside collections; deeper goes to the full loader (and its recursion limit)
NOT_PLAIN = object()  # what build gives for a document outside the common case
_SEQ, _MAP = "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"
_NO_KEY = object()
_SHARED = (str, int, bool, type(None))  # values one object may stand for (a float is made each time, as there)


class _NotPlain(Exception):
    pass


def build(loader_class, text: str):
    """The value ``loader_class(text).get_single_data()`` gives, for a document in the common
    case (the module's docstring); else :data:`NOT_PLAIN`. ``loader_class``: a PyYAML loader
    on libyaml's parser, with the Python composer's resolver and a safe constructor."""
    loader = loader_class(text)
    try:
        return _built(loader)
    except Exception:  # an error of the text (or of a value): the full loader words it
        return NOT_PLAIN
    finally:
        loader.dispose()


def _built(loader):
    get = loader.get_event
    if type(get()) is not StreamStartEvent or type(get()) is not DocumentStartEvent:
        raise _NotPlain
    resolve, constructors = loader.resolve, loader.yaml_constructors
    values: dict = {}  # (text, implicit) -> the value, for texts and integers: one object serves each
    stack: list = []  # the open collections, innermost last
    keys: list = []  # for each open one: a mapping's key awaiting its value, or _NO_KEY
    anchors: dict = {}
    own = expanded = 0  # the nodes made (the full loader's count) and those aliases stand for
    root = NOT_PLAIN
    while True:
        event = get()
        kind = type(event)
        if kind is ScalarEvent:
            own += 1
            if event.tag not in (None, "!"):
                raise _NotPlain
            key = (event.value, event.implicit)
            value = values.get(key, _NO_KEY)
            if value is _NO_KEY:
                tag = resolve(ScalarNode, event.value, event.implicit)
                if tag == "tag:yaml.org,2002:merge":
                    raise _NotPlain
                value = constructors[tag](loader, ScalarNode(tag, event.value, event.start_mark, event.end_mark,
                                                             event.style))
                if type(value) in _SHARED:
                    values[key] = value
        elif kind is SequenceStartEvent or kind is MappingStartEvent:
            if event.tag not in (None, "!") or len(stack) >= MAX_DEPTH or \
                    (keys and keys[-1] is _NO_KEY and type(stack[-1]) is dict):
                raise _NotPlain  # a collection as a mapping's key, too deep, or a tag
            sequence = kind is SequenceStartEvent
            if resolve(SequenceNode if sequence else MappingNode, None, event.implicit) != (_SEQ if sequence else _MAP):
                raise _NotPlain
            value = [] if sequence else {}
        elif kind is SequenceEndEvent or kind is MappingEndEvent:
            own += 1
            stack.pop()
            keys.pop()
            continue
        elif kind is AliasEvent:
            value = anchors.get(event.anchor, _NO_KEY)
            if value is _NO_KEY or any(value is open_one for open_one in stack):
                raise _NotPlain  # undefined, or inside what it names (a recursive structure)
            expanded += _size(value)
            if expanded > own:  # well within the full loader's limit (casefile.ALIAS_SLACK) or left to it
                raise _NotPlain
        elif kind is DocumentEndEvent and not stack:
            if type(get()) is not StreamEndEvent:
                raise _NotPlain  # a second document
            return root
        else:
            raise _NotPlain
        if kind is not AliasEvent and event.anchor is not None:
            if event.anchor in anchors:
                raise _NotPlain  # a duplicate anchor: the full loader's error
            anchors[event.anchor] = value
        if not stack:
            root = value
        else:
            parent = stack[-1]
            if type(parent) is list:
                parent.append(value)
            elif keys[-1] is _NO_KEY:
                keys[-1] = value
            else:
                parent[keys[-1]] = value
                keys[-1] = _NO_KEY
        if kind is SequenceStartEvent or kind is MappingStartEvent:
            stack.append(value)
            keys.append(_NO_KEY)


def _size(value) -> int:
    """The nodes of a built value, each scalar, collection, key and value one (as the full
    loader counts what an alias expands to)."""
    count, pending = 0, [value]
    while pending:
        item = pending.pop()
        count += 1
        if type(item) is list:
            pending.extend(item)
        elif type(item) is dict:
            for k, v in item.items():
                pending.append(k)
                pending.append(v)
    return count
