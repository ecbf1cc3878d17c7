"""Entry module for ``flet build`` ([tool.flet.app] module = "main"): runs the app."""

import flet as ft

from app.main import main

if __name__ == "__main__":
    ft.run(main)
