"""Storage for Kortpoeng: SQLModel tables, the engine, migrations and services.

Everything the UI needs goes through :mod:`models.services`, which returns plain
frozen read models (:mod:`models.views`), never table rows.
"""
