"""Flet screens (one component per screen) and the small components they share."""

from app.ui import flet_fixes

flet_fixes.apply()
