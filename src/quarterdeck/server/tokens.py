"""Secret tokens: a seat's and a game creator's. Only their hashes are stored.

Tokens are 256 random bits, so a plain SHA-256 is enough (no password stretching is
needed); they are compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored_hash``, in constant time."""
    # Compare even when nothing is stored, so timing does not tell which seats are taken.
    expected = stored_hash or "0" * 64
    return hmac.compare_digest(hash_token(token), expected) and stored_hash is not None
