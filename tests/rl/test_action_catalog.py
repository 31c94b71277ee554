"""The action catalog: fixed token ids, one spelling per action, sub-steps, the pass token and illegal tokens."""

from __future__ import annotations

from typing import Annotated

import msgspec
import numpy as np
import pytest

from boardcore import IllegalAction
from boardcore.registry import get_game
from boardcore.rl import PASS, ActionCatalog, ActionSpelling, BoardcoreEnv, SpecError, Subset, raw_env
from boardcore.testing.contract import record_playout, sample_indices
from games.five_wards.actions import CommitTactics, Restock
from tests.rl import toy
from tests.rl.cases import CASES


def test_tic_tac_toe_catalog_is_one_token_per_cell() -> None:
    """Tic-tac-toe: the pass token, PlaceMark, then one token per cell (a mark is two choices: PlaceMark, the cell)."""
    catalog = raw_env("tic_tac_toe").catalog
    assert catalog.labels == ("<pass>", "PlaceMark", *(f"PlaceMark.cell={cell}" for cell in range(9)))


def test_kuhn_poker_catalog_is_its_two_actions() -> None:
    """Kuhn poker's actions have no fields: the catalog is pass, Pass and Bet, as in OpenSpiel (plus the pass token)."""
    assert raw_env("kuhn_poker").catalog.labels == ("<pass>", "Pass", "Bet")


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_legal_action_has_one_spelling(name: str, players: int) -> None:
    """At sampled states of a random game, every legal action tokenizes, decodes back to itself, and no spelling
    is the start of another (so the tokens chosen so far always say which actions remain)."""
    game = get_game(name)
    catalog = BoardcoreEnv(name, players).catalog
    playout = record_playout(game, players, 3)
    for index in sample_indices(len(playout.states), 40):
        state = playout.states[index]
        for seat in sorted(game.actors(state)):
            spellings = [catalog.tokenize(action) for action in game.legal_actions(state, seat)]
            for action, spelled in zip(game.legal_actions(state, seat), spellings, strict=True):
                assert catalog.decode(spelled) == action
            assert len(set(spellings)) == len(spellings), "two legal actions share a spelling"
            prefixes = {spelled[:cut] for spelled in spellings for cut in range(1, len(spelled))}
            assert not prefixes & set(spellings), "a legal action's spelling starts another's"


@pytest.mark.parametrize("name", ["five_wards", "the_warriors", "peaky_blinders"])
def test_a_token_means_the_same_at_every_player_count(name: str) -> None:
    """Seat-valued fields cover the largest table, so token ids do not shift with the player count."""
    catalogs = {BoardcoreEnv(name, players).catalog.labels for players in get_game(name).player_counts}
    assert len(catalogs) == 1


def test_a_combinatorial_commitment_is_chosen_card_by_card() -> None:
    """5 Wards' CommitTactics: the type (filled in: the only one), then one card at a time (only cards that extend a
    legal subset), then end."""
    catalog = BoardcoreEnv("five_wards", 3).catalog
    legal = [CommitTactics(cards=()), CommitTactics(cards=("T03",)), CommitTactics(cards=("T07",)), CommitTactics(cards=("T03", "T07"))]
    decision = ActionSpelling(catalog, legal)
    token = catalog.labels.index
    assert decision.start == decision.prefix == (token("CommitTactics"),)
    assert set(np.flatnonzero(decision.mask())) == {token("CommitTactics.cards+T03"), token("CommitTactics.cards+T07"), token("CommitTactics.cards end")}
    assert decision.choose(token("CommitTactics.cards+T03")) is None
    assert set(np.flatnonzero(decision.mask())) == {token("CommitTactics.cards+T07"), token("CommitTactics.cards end")}
    assert decision.choose(token("CommitTactics.cards+T07")) == CommitTactics(cards=("T03", "T07")), "the end token was forced"


def test_forced_tokens_are_filled_in() -> None:
    """Tokens with one possible value are taken without asking: the type when every legal action has it, then after
    a choice the fields that follow from it (Restock here); a single legal action is still asked for once."""
    catalog = BoardcoreEnv("five_wards", 2).catalog
    token = catalog.labels.index
    only = Restock(cards=2)
    decision = ActionSpelling(catalog, [only, Restock(cards=1, power=1)])
    assert decision.prefix == (token("Restock"),)
    assert decision.choose(token("Restock.cards=2")) == only
    alone = ActionSpelling(catalog, [only])
    assert alone.prefix == () and set(np.flatnonzero(alone.mask())) == {token("Restock")}
    assert alone.choose(token("Restock")) == only


def test_a_subset_field_refuses_repeated_items() -> None:
    """A Subset field holds each item once; an action that repeats one is a spec mismatch, not a silent collision."""
    catalog = BoardcoreEnv("five_wards", 2).catalog
    with pytest.raises(SpecError, match="repeats an item"):
        catalog.tokenize(CommitTactics(cards=("T03", "T03")))


def test_an_action_field_without_values_is_refused() -> None:
    """The catalog needs every unbounded field's values; a missing or misspelled entry names the field."""
    with pytest.raises(SpecError, match="Count.by"):
        ActionCatalog(toy.Count, {})
    with pytest.raises(SpecError, match="Count.bye"):
        ActionCatalog(toy.Count, {"Count.by": (1, 2), "Count.bye": (1,)})
    with pytest.raises(SpecError, match="not a tuple"):
        ActionCatalog(toy.Count, {"Count.by": Subset((1, 2))})


def test_decode_refuses_incomplete_spellings() -> None:
    """decode only accepts whole actions."""
    catalog = raw_env("tic_tac_toe").catalog
    for tokens in ([], [2], [1], [1, 2, 3]):
        with pytest.raises(ValueError, match="token"):
            catalog.decode(tokens)


def test_an_illegal_token_is_refused_and_changes_nothing() -> None:
    """The raw environment refuses a token outside the mask with IllegalAction (rl/illegal_token); the episode goes on."""
    bare = raw_env("tic_tac_toe")
    bare.reset(seed=1)
    before = bare.observe("player_0")
    for bad in (PASS, 1, 99, -1, True, 1.0, "1"):  # 1: PlaceMark, filled in already (the only action type)
        with pytest.raises(IllegalAction) as refused:
            bare.step(bad)
        assert refused.value.code == "rl/illegal_token"
    after = bare.observe("player_0")
    assert np.array_equal(before["observation"], after["observation"]) and np.array_equal(before["action_mask"], after["action_mask"])
    bare.step(np.int64(2))
    assert bare.match.steps[0].action.cell == 0, "the agent chose the cell; the type token was filled in"
    assert bare.agent_selection == "player_1"


class Pick(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Pick a card for a slot."""

    card: Annotated[int, msgspec.Meta(ge=2, le=4, description="a card")]
    slot: Annotated[int, msgspec.Meta(gt=-1, lt=2)] | None = None


def test_declared_int_ranges_need_no_spec_entry() -> None:
    """An int field annotated with msgspec.Meta bounds gets its values from the type; an entry still narrows it."""
    assert ActionCatalog(Pick, {}).labels == (
        "<pass>", "Pick", "Pick.card=2", "Pick.card=3", "Pick.card=4", "Pick.slot=0", "Pick.slot=1", "Pick.slot=None",
    )  # fmt: skip
    assert ActionCatalog(Pick, {"Pick.card": (3,)}).labels[2:4] == ("Pick.card=3", "Pick.slot=0")
