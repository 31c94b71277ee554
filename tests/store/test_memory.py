"""The in-memory store passes the store contract."""

from __future__ import annotations

import pytest

from boardcore.store import MemoryStore, Store
from boardcore.testing.store_contract import StoreContract


class TestMemoryStore(StoreContract):
    @pytest.fixture
    def store(self) -> MemoryStore:
        return MemoryStore()

    def reopen(self, store: Store) -> Store:
        store.close()
        return store
