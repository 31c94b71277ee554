"""Seat tokens: fresh 256-bit URL-safe secrets, stored only as their SHA-256 in hex."""

from __future__ import annotations

import base64
import hashlib
import string

from boardcore.serve.tokens import TOKEN_BYTES, new_token, token_hash

URL_SAFE = set(string.ascii_letters + string.digits + "-_")


def test_a_token_is_256_random_bits_in_url_safe_text() -> None:
    """43 URL-safe characters that decode back to 32 bytes, and no two tokens drawn alike."""
    tokens = {new_token() for _ in range(1000)}
    assert len(tokens) == 1000
    for token in tokens:
        assert len(token) == 43 and set(token) <= URL_SAFE
        assert len(base64.urlsafe_b64decode(token + "=")) == TOKEN_BYTES == 32


def test_the_stored_hash_is_the_sha256_of_the_token_and_not_the_token() -> None:
    """The hash is what a SHA-256 of the token's UTF-8 gives: 64 hex digits, the token nowhere in it."""
    token = new_token()
    stored = token_hash(token)
    assert stored == hashlib.sha256(token.encode()).hexdigest()
    assert len(stored) == 64 and set(stored) <= set("0123456789abcdef")
    assert token not in stored
    assert token_hash(token) == stored and token_hash(token + "x") != stored


def test_any_text_a_client_sends_hashes_without_error() -> None:
    """A token is looked up by its hash whatever the client sent: lone surrogates too (surrogatepass)."""
    odd = "\ud800seat"
    assert token_hash(odd) == hashlib.sha256(odd.encode("utf-8", "surrogatepass")).hexdigest()
    assert token_hash("") == hashlib.sha256(b"").hexdigest()
