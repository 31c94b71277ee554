"""One module per rulebook section: fight_turn (one fight turn) and fight (1. Fight Phase), city_turns (whose City turn), challenge, boppers, showdown, city (2. City Phase)."""
