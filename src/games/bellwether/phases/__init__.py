"""One module per rulebook section: invest (Invest & Build), labor, contest, recovery (of a rioting Ward), unrest (Riots), cleanup."""
