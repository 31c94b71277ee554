"""The games shipped with boardcore, one package each, registered under ``boardcore.games``."""
