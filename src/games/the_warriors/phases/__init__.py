"""One module per rulebook section: fight (1. Fight Phase), turn (one fight turn), city (2. City Phase), boppers, challenge, showdown."""
