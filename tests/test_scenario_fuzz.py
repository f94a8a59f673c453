"""Fuzz: malformed scenario documents always give the error form, never another exception."""

import copy
import math
import re

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import SCENARIOS
from wgkit.scenario import ScenarioError, loads

SAMPLES = [yaml.safe_load(p.read_text()) for p in SCENARIOS]
FORM = re.compile(r"""^fuzz\.yaml:\d+:\d+: (\S+|\S*\[(?:'[^\n]*'|"[^\n]*")\]\S*): .+$""")

garbage = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**30, max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.lists(st.integers(), max_size=4), st.dictionaries(st.text(max_size=8), st.integers(), max_size=3),
    st.just(float("nan")), st.just(1e308), st.just([[1, 2]] * 3),
)


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


def nested(depth: int):
    value = 1
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def mutated(draw):
    doc = copy.deepcopy(draw(st.sampled_from(SAMPLES)))
    for _ in range(draw(st.integers(1, 4))):
        all_paths = [p for p in paths(doc) if p]
        if not all_paths:
            break
        path = draw(st.sampled_from(all_paths))
        parent = doc
        for part in path[:-1]:
            parent = parent[part]
        op = draw(st.sampled_from(["replace", "delete", "deep", "rename"]))
        if op == "replace":
            parent[path[-1]] = copy.deepcopy(draw(garbage))
        elif op == "deep":
            parent[path[-1]] = nested(draw(st.integers(10, 80)))
        elif op == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif op == "rename" and isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=10))] = parent.pop(path[-1])
    return doc


def to_text(doc) -> str:
    text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
    # safe_dump writes NaN and infinities as YAML's .nan/.inf, which is what a person would type
    return text


@settings(max_examples=int(__import__("os").environ.get("WGKIT_FUZZ_EXAMPLES", 1200)), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_documents_fail_cleanly(doc):
    try:
        scenario = loads(to_text(doc), "fuzz.yaml")
    except ScenarioError as exc:
        lines = str(exc).splitlines()
        assert lines and all(FORM.match(line) for line in lines), lines
    else:  # a harmless mutation: the result must be a sound scenario
        assert scenario.title and all(math.isfinite(s.table.width) for s in [scenario])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_fails_cleanly(text):
    try:
        loads(text, "fuzz.yaml")
    except ScenarioError as exc:
        assert all(FORM.match(line) for line in str(exc).splitlines())
