"""The fast event writer writes exactly what tomli_w writes, for any flat table."""

from __future__ import annotations

import tomli_w
from hypothesis import example, given
from hypothesis import strategies as st

from grimoire.store.event_toml import event_texts

# What an event may hold: text (any characters, control ones and quotes included), whole
# numbers of any size, true/false, and arrays of those, however deep.
flat = st.recursive(
    st.text() | st.integers(-(10**30), 10**30) | st.booleans(),
    lambda inner: st.lists(inner, max_size=4),
    max_leaves=12,
)
keys = st.text(max_size=12) | st.sampled_from(["type", "step", "value", "seat", "voters", "a-b_1"])


def tomli_w_forms(data: dict) -> tuple[str, str | None]:
    table = "[[events]]\n" + tomli_w.dumps(data)
    alone = tomli_w.dumps({"events": [data]})
    inline = None if alone.startswith("[[") else alone[len("events = [\n"):-len("]\n")]
    return table, inline


@given(st.dictionaries(keys, flat, max_size=5))
@example({})
@example({"type": "note", "text": "tab\there \x1b[2J \x7f \"quoted\" back\\slash \u00e9\n"})
@example({"type": "vote", "voters": []})
@example({"type": "x" * 82})  # the longest line tomli_w still writes inline
@example({"type": "x" * 83})
def test_a_flat_table_is_written_as_tomli_w_writes_it(data) -> None:
    assert event_texts(data) == tomli_w_forms(data)


@given(st.dictionaries(keys, flat, max_size=3),
       st.sampled_from([1.5, float("nan"), {"a": 1}, [{"a": 1}], None, [1, None]]))
def test_anything_else_is_left_to_tomli_w(data, other) -> None:
    assert event_texts({**data, "value": other}) is None
