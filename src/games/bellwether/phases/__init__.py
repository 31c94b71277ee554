"""One module per rulebook section: invest (Invest & Build), labor, unrest (Riots), cleanup."""
