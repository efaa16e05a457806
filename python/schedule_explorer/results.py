# SPDX-License-Identifier: MIT
"""Answers as small objects: the verdict's few fields by name, the rest as
the JSON the tool wrote (docs/schema/*.schema.json), so nothing is lost
when the tool adds a key."""


class Result:
    """A legality verdict (a serve check answer).

    legal: bool; verdict: the tool's sentence ("legal", "illegal: 1 violated
    edge", "legal, assuming: ..."); violated: the number of violated
    dependence edges; violations: the violated edges with witnesses as the
    tool gives them (empty for detail="verdict", one for "first", all for
    "all"); kept: the base name the server kept the schedule under, if
    asked (keep=); raw: the whole answer.
    """

    def __init__(self, raw):
        self.raw = raw

    @property
    def legal(self):
        return bool(self.raw["legal"])

    @property
    def verdict(self):
        return self.raw["verdict"]

    @property
    def violations(self):
        return [Record(v) for v in self.raw.get("violations", [])]

    @property
    def violated(self):
        # detail "verdict"/"first" answers count the edges in "violated";
        # a full answer lists them all.
        if "violated" in self.raw:
            return int(self.raw["violated"])
        return len(self.raw.get("violations", []))

    @property
    def kept(self):
        return self.raw.get("kept")

    def __repr__(self):
        return "<Result %s>" % self.verdict


class Record(dict):
    """A JSON object whose keys also read as attributes (answer.moves[0].verdict),
    for moves and repair answers; it stays a dict for json.dumps and [key]."""

    def __getattr__(self, name):
        try:
            return _wrap(self[name])
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, key):
        return _wrap(dict.__getitem__(self, key))


def _wrap(value):
    if isinstance(value, dict) and not isinstance(value, Record):
        return Record(value)
    if isinstance(value, list):
        return [_wrap(v) for v in value]
    return value


class SVG:
    """A picture from the tool; Jupyter shows it through _repr_svg_."""

    def __init__(self, text):
        self.text = text

    def _repr_svg_(self):
        return self.text

    def save(self, path):
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.text)

    def __repr__(self):
        return "<SVG, %d characters>" % len(self.text)
