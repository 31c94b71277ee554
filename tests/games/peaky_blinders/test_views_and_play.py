"""Hidden information, whole games by bots, and the readable summary (section 2, GAP-03/04)."""

from __future__ import annotations

import random

import msgspec
import pytest

from boardcore import IllegalAction, Match, Rng, RngAdvanced, Waiting
from boardcore.bots import make_bots
from boardcore.bots import play_out as bots_play_out
from games.peaky_blinders import GAME
from games.peaky_blinders.actions import PlayCard
from games.peaky_blinders.bots import HouseBot
from games.peaky_blinders.events import CardDrawn, CardPlayed, DerbyWon, GameEnded
from games.peaky_blinders.scoring import control_met

from .helpers import ONE_OF_EACH, give, ogs_table


def play_out(n: int, seed: int, **options) -> Match:  # type: ignore[no-untyped-def]
    m = Match.new(GAME, n, seed=seed, options=options or None)
    r = random.Random(seed)
    while not m.is_over:
        seat = min(m.actors)
        m.apply(seat, r.choice(m.legal_actions(seat)))
    return m


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_finish_with_a_result(n: int) -> None:
    """GAP-04: random bots always reach an outcome: a mission win or the Derby limit, with a ranking."""
    m = play_out(n, 11)
    result = m.outcome
    assert result is not None and result.winners
    ended = [e for e in m.events if isinstance(e, GameEnded)]
    assert len(ended) == 1 and m.state.phase == "over"
    if ended[0].reason == "limit":
        assert sum(isinstance(e, DerbyWon) for e in m.events) == 6


def test_short_limit_option() -> None:
    """GAP-04: max_derbies=1 ends a game after the first Derby."""
    m = play_out(3, 2, max_derbies=1)
    assert sum(isinstance(e, DerbyWon) for e in m.events) == 1


def test_hands_and_deck_hidden_under_determinize() -> None:
    """Section 2: others' hands, face-down missions and the stack order are resampled by determinize; views stay equal."""
    m = Match.new(GAME, 3, seed=8)
    r = random.Random(8)
    while len(m) < 250:
        seat = min(m.actors)
        m.apply(seat, r.choice(m.legal_actions(seat)))
    state = m.state
    twin = GAME.determinize(state, 0, Rng.from_seed(5, 2))
    assert GAME.view(twin, 0) == GAME.view(state, 0)
    assert twin.players[0] == state.players[0]
    assert [len(p.hand) for p in twin.players] == [len(p.hand) for p in state.players]
    assert sorted(twin.supplies.deck + twin.players[1].hand + twin.players[2].hand) == sorted(state.supplies.deck + state.players[1].hand + state.players[2].hand)
    assert twin.supplies.deck != state.supplies.deck or twin.players[1:] != state.players[1:]
    for seat in (1, 2):
        p, q = twin.players[seat], state.players[seat]
        assert p.missions[p.face_up] == q.missions[q.face_up]
    assert twin.rng != state.rng


def test_card_identity_reaches_only_owner() -> None:
    """Section 2: a drawn card's identity goes to its owner only; a played card is revealed to all."""
    m = play_out(3, 4)
    for e in m.events:
        if isinstance(e, CardDrawn):
            assert GAME.redact(e, (e.player + 1) % 3).card == ""
            assert GAME.redact(e, None).card == ""
            assert GAME.redact(e, e.player).card == e.card
        if isinstance(e, CardPlayed):
            assert GAME.redact(e, None) == e


def test_spectator_sees_no_secrets() -> None:
    """Section 2: a spectator sees face-up missions and hand sizes, never hands or face-down missions."""
    state = give(ogs_table(3), 1, hand=("DEF-01", "OFF-02"))
    spectator = GAME.view(state, None)
    assert spectator.players[1].hand == () and spectator.players[1].hand_size == 2
    assert all(p.missions.count("") == 2 for p in spectator.players)
    assert b"rng" not in msgspec.json.encode(spectator)


def test_offence_targets_listed() -> None:
    """GAP-05: legal actions list an Offence card once per opponent and a Defence card once."""
    state = give(ogs_table(3), 0, hand=("DEF-01", "OFF-02", "OFF-02"))
    plays = [a for a in GAME.legal_actions(state, 0) if isinstance(a, PlayCard)]
    assert plays == [PlayCard(card="DEF-01"), PlayCard(card="OFF-02", target=1), PlayCard(card="OFF-02", target=2)]


def test_summary_is_readable() -> None:
    """summarize: zones, conflicts, Derby results, missions and the final result."""
    m = play_out(3, 1)
    text = m.summary(None)
    for part in ("zone rounds", "Conflicts fought", "Epsom Derby results", "Missions completed", "Control markers by zone", "Final standings", "Result:"):
        assert part in text
    assert "Derby 1:" in text


def test_describe_every_event_and_action() -> None:
    """Text gives one line of English for every action (its actor's label) and every event a viewer receives,
    redacted cards included; events a viewer does not receive have no text for them."""
    m = play_out(2, 3)
    for step in m.steps:
        assert m.label(step.action, step.player)
        for e in step.events:
            for viewer in (None, 0, 1):
                line = m.describe(e, viewer)
                if GAME.redact(e, viewer) is None:
                    assert line is None
                else:
                    assert line and "\n" not in line


@pytest.mark.parametrize("n", [2, 3, 4])
def test_house_bots_win_by_missions(n: int) -> None:
    """PB-GOAL-02 / PB-END-01: house bots finish games by the rules' own end (a control mission and both missions
    completed), not the Derby limit, in at least 18 of 20 seeds; the winner's summary says so."""
    by_missions = 0
    for seed in range(20):
        m = Match.new(GAME, n, seed=seed)
        bots = make_bots(GAME, n, seed, "house")
        assert type(bots[0]).__name__ == "HouseBot"
        bots_play_out(m, bots, max_steps=3000)
        state = m.state
        assert m.outcome is not None
        if state.progress.end_reason != "missions":
            continue
        by_missions += 1
        winner = state.progress.winner
        assert m.outcome.winners == (winner,)
        assert all(state.players[winner].done) and control_met(state, winner)
        assert isinstance([e for e in m.events if not isinstance(e, RngAdvanced)][-1], GameEnded)
        text = m.summary(None)
        assert f"\nResult: P{winner + 1} wins by completing all three missions.\n" in text + "\n" and "and wins" in text
    assert by_missions >= 18


def test_house_bot_fails_loudly_on_a_decision_it_was_never_taught() -> None:
    """The bot answers the decision the engine says its seat faces; a kind it was never taught is an error naming
    it, never a guess from the legal list."""
    match = Match.new(GAME, 2, 5)
    while len(match.legal_actions(seat := min(match.actors))) == 1:
        match.apply(seat, match.legal_actions(seat)[0])
    untaught = msgspec.structs.replace(match.view(seat), waiting=(Waiting(seat=seat, kind="juggle", ask="juggle"),))
    with pytest.raises(KeyError, match="no chooser for the 'juggle' decision"):
        HouseBot.seeded(5, seat).choose(untaught, match.legal_actions(seat))


@pytest.mark.parametrize("n", [2, 4])
def test_min_and_max_player_counts_play_to_an_end(n: int) -> None:
    """2 and 4 players: random play reaches an outcome; every refusal of a random illegal pick is typed."""
    m = Match.new(GAME, n, seed=21, options={"max_derbies": 1})
    r = random.Random(n)
    while not m.is_over:
        seat = min(m.actors)
        legal = m.legal_actions(seat)
        wrong = r.choice(ONE_OF_EACH)
        if wrong not in legal:
            assert GAME.flow is not None
            kind = GAME.flow.decision(m.state, seat)
            assert kind is not None
            decision = GAME.flow.decisions[kind]
            problem = decision.problem(m.state, seat, wrong) if isinstance(wrong, decision.actions) else None
            with pytest.raises(IllegalAction) as err:
                m.apply(seat, wrong)
            assert err.value.code == ("action/wrong_step" if problem is None else problem.code)
        m.apply(seat, r.choice(legal))
    assert m.outcome is not None
