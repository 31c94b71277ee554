"""The four Phases of a 5 Wards round, one module each."""
