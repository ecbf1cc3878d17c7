"""Kortpoeng's application layer: the Flet UI, its view-state, i18n and the CLI."""

__version__ = "0.1.0"
