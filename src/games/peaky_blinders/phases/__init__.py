"""One module per rulebook section: legal checks, decisions and the evolve of the events they produce."""
