"""The counter-based RNG: published vectors, no modulo bias, immutability, independent streams."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardcore.rng import BOTS, RULES, Rng, word

SPLITMIX64_SEED0 = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]
"""The reference SplitMix64 outputs for state 0 (Vigna's splitmix64.c): our stream 0 under seed 0."""


def test_seed_zero_stream_zero_is_reference_splitmix64() -> None:
    """word(0, 0, i) reproduces the published SplitMix64 sequence for state 0."""
    assert [word(0, RULES, i) for i in range(4)] == SPLITMIX64_SEED0


def test_published_vectors_for_seed_42() -> None:
    """The vectors printed in docs/rng.md (dice, shuffle, below) stay exactly as published."""
    rng = Rng.from_seed(42)
    assert rng.dice(10, 6)[0] == (6, 4, 2, 1, 4, 2, 2, 3, 4, 4)
    assert rng.shuffle(range(10))[0] == (4, 7, 2, 9, 0, 6, 8, 5, 3, 1)
    assert rng.below(1000)[0] == 281
    assert word(42, BOTS, 0) == 0xC68C225B193B126A


def test_draws_return_a_new_generator_and_leave_the_old_one() -> None:
    """Drawing never mutates: the same Rng value always gives the same draw."""
    rng = Rng.from_seed(7)
    first, after = rng.die(6)
    again, _ = rng.die(6)
    assert first == again and rng.counter == 0 and after.counter == 1


def test_streams_are_independent() -> None:
    """Bots' stream never shares draws with the rules' stream."""
    rules = [word(9, RULES, i) for i in range(100)]
    bots = [word(9, BOTS, i) for i in range(100)]
    assert not set(rules) & set(bots)


def test_below_rejects_to_avoid_modulo_bias() -> None:
    """A bound just over 2**63 would favour low values under plain modulo; rejection keeps draws in range."""
    n = (1 << 63) + 1
    rng = Rng.from_seed(3)
    for _ in range(50):
        value, rng = rng.below(n)
        assert 0 <= value < n


def test_die_is_roughly_uniform() -> None:
    """6,000 rolls of a d6 land within 20% of 1,000 per face."""
    counts = Counter(Rng.from_seed(11).dice(6000, 6)[0])
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 <= c <= 1200 for c in counts.values())


@given(st.integers(min_value=0, max_value=2**64 - 1), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    """A shuffle keeps exactly the same elements."""
    shuffled, _ = Rng.from_seed(seed).shuffle(items)
    assert sorted(shuffled) == sorted(items)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=10**12))
def test_below_in_range(seed: int, n: int) -> None:
    """below(n) is always in [0, n)."""
    value, _ = Rng.from_seed(seed).below(n)
    assert 0 <= value < n


def test_sample_draws_distinct_elements() -> None:
    """sample(k) gives k distinct items of the sequence."""
    picked, _ = Rng.from_seed(5).sample(range(30), 7)
    assert len(set(picked)) == 7 and all(0 <= p < 30 for p in picked)


def _shuffle_by_below(rng: Rng, items: list[int]) -> tuple[tuple[int, ...], Rng]:
    """The published definition of ``shuffle``, one ``below`` per position (what the inlined loop must equal)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, rng = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng


def _sample_by_below(rng: Rng, items: list[int], k: int) -> tuple[tuple[int, ...], Rng]:
    """The published definition of ``sample``: a partial Fisher-Yates from the front, one ``below`` per pick."""
    out = list(items)
    for i in range(k):
        j, rng = rng.below(len(out) - i)
        out[i], out[i + j] = out[i + j], out[i]
    return tuple(out[:k]), rng


@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.integers(min_value=0, max_value=5),
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=0, max_value=60),
)
def test_inlined_shuffle_and_sample_draw_exactly_what_below_draws(seed: int, stream: int, counter: int, size: int) -> None:
    """The inlined ``shuffle`` and ``sample`` give the same order and the same next generator as a loop of ``below``."""
    rng = Rng(seed, stream, counter)
    items = list(range(size))
    assert rng.shuffle(items) == _shuffle_by_below(rng, items)
    for k in {0, size // 2, size}:
        assert rng.sample(items, k) == _sample_by_below(rng, items, k)


@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.integers(min_value=0, max_value=2**40),
    st.integers(min_value=0, max_value=2**40),
)
def test_inlined_next_word_and_below_draw_the_published_words(seed: int, stream: int, counter: int) -> None:
    """``next_word`` is ``word(seed, stream, counter)``, and ``below(2**64)`` is that word too (no rejection)."""
    rng = Rng(seed, stream, counter)
    expected = word(seed, stream, counter)
    assert rng.next_word() == (expected, Rng(seed, stream, counter + 1))
    assert rng.below(2**64) == (expected, Rng(seed, stream, counter + 1))


def test_below_a_bound_above_two_to_the_64_terminates_and_covers_the_range() -> None:
    """below(n) for n > 2**64 returns values in [0, n), reaching above 2**64, instead of looping forever."""
    rng = Rng.from_seed(5)
    n = 3 * 2**64 + 7
    values = []
    for _ in range(200):
        value, rng = rng.below(n)
        values.append(value)
    assert all(0 <= v < n for v in values)
    assert max(values) >= 2**65


def test_below_up_to_two_to_the_64_is_unchanged() -> None:
    """Bounds up to 2**64 keep the published one-word algorithm (vectors in docs/rng.md)."""
    assert Rng.from_seed(42).below(2**63 + 1) == (2958219263312191191, Rng(42, 0, 2))
    assert Rng.from_seed(42).below(2**64)[1].counter == 1


@pytest.mark.parametrize("n", [0, -1, 2.5, "3", True])
def test_below_refuses_bounds_that_are_not_positive_integers(n: object) -> None:
    """below() raises for zero, negative and non-integer bounds."""
    with pytest.raises((ValueError, TypeError)):
        Rng.from_seed(1).below(n)  # type: ignore[arg-type]


@pytest.mark.parametrize("k", [-1, 4])
def test_sample_refuses_k_outside_zero_to_len(k: int) -> None:
    """sample(items, k) raises ValueError unless 0 <= k <= len(items) (k=-1 used to drop the last item)."""
    with pytest.raises(ValueError, match="sample"):
        Rng.from_seed(1).sample((1, 2, 3), k)


def test_shuffle_and_sample_of_tiny_sequences() -> None:
    """Shuffling zero or one item draws nothing; sample(k=0) is empty."""
    rng = Rng.from_seed(1)
    assert rng.shuffle(()) == ((), rng)
    assert rng.shuffle((9,)) == ((9,), rng)
    assert rng.sample((1, 2), 0) == ((), rng)


def test_reshuffle_is_the_shuffle_of_the_sorted_pile_whatever_its_order() -> None:
    """reshuffle(pile) draws exactly as shuffle(sorted(pile)), so two piles holding the same items in different
    orders give the same sample and the same generator after it: a determinize's sample never shows the real order."""
    rng = Rng.from_seed(7, 2)
    pile = ("wb", "ls", "ax", "qq", "ax", "mc", "zz", "bd")
    expected = rng.shuffle(sorted(pile))
    assert rng.reshuffle(pile) == expected
    assert rng.reshuffle(tuple(reversed(pile))) == expected
    assert rng.reshuffle(pile) == expected  # the remembered sorted order gives the same draws again
    assert sorted(expected[0]) == sorted(pile) and expected[1].counter > rng.counter
