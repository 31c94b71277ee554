"""Seat tokens: 256 random bits handed to a player once; the server keeps only their SHA-256.

A token is a bearer secret: whoever holds it plays that seat. The server stores
its hash, so a leaked database (or backup) gives nobody a seat. A slow password
hash is not needed: a token is drawn at random from 2**256 values, so nobody can
search for one that matches a stored hash.
"""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["TOKEN_BYTES", "new_token", "token_hash"]

TOKEN_BYTES = 32
"""Random bytes in a token (43 URL-safe characters)."""


def new_token() -> str:
    """A fresh seat token (URL-safe text)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the server stores and looks a token up by: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
